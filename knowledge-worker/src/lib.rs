//! Hearth's knowledge-base worker: the Rust half of `knowledge-worker.js`
//! (`src/io/knowledge/`), a dedicated worker the app starts the first time a
//! knowledge base is opened or searched, never at start-up.
//!
//! The worker's script keeps the files in IndexedDB, fetches embeddings and
//! inflates what is deflated (with the browser's `DecompressionStream`); this
//! wasm decides everything else with `hearth_core::knowledge`: what a file is,
//! its passages, their postings and vectors as stored bytes, and the searches.
//! It is its own small wasm (built by `scripts/build.sh` beside the app's),
//! so none of it is in the app's first load, and none of it runs on the page's
//! main thread.
//!
//! Values cross as JSON text or bytes, so the script needs no generated types.

use hearth_core::format::pdf_text::{PdfText, Step};
use hearth_core::format::zip::{self, Method};
use hearth_core::knowledge::embed::{self, EmbedTarget, Purpose};
use hearth_core::knowledge::index::{FileIndex, Index};
use hearth_core::knowledge::kind::{self, FileKind, Refusal};
use hearth_core::knowledge::vectors::{self, Quantized, VectorIndex};
use hearth_core::knowledge::{Hit, Passage, docx, split};
use serde_json::json;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The script's inflater (`hearthInflate` in `knowledge-worker.js`):
    /// `bytes` inflated (`raw`: bare deflate, a ZIP entry; else zlib, a PDF
    /// stream), at most `max` bytes; the string `"larger"` when there would
    /// be more, `null` when damaged.
    #[wasm_bindgen(js_name = hearthInflate)]
    async fn inflate_js(bytes: &[u8], raw: bool, max: u32) -> JsValue;
}

/// Why the script's inflater gave no bytes.
#[derive(Debug, PartialEq, Eq)]
enum Uninflated {
    /// More than the most asked for (a zip bomb, in a ZIP entry).
    Larger,
    /// Not deflate data, or cut short.
    Damaged,
}

/// `bytes` inflated through the script, or why not.
async fn inflate(bytes: &[u8], raw: bool, max: usize) -> Result<Vec<u8>, Uninflated> {
    let max = u32::try_from(max).unwrap_or(u32::MAX);
    let out = inflate_js(bytes, raw, max).await;
    if out.as_string().as_deref() == Some("larger") {
        return Err(Uninflated::Larger);
    }
    out.dyn_into::<js_sys::Uint8Array>().map(|array| array.to_vec()).map_err(|_| Uninflated::Damaged)
}

/// The JSON of `value`, or `null` (it never fails for these types).
fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// What a file is: `{"kind": …}`, or `{"refused": …}` with why not. `head`
/// is the file's first bytes (a few KB), `size` its whole size.
#[wasm_bindgen]
pub fn detect(name: &str, size: f64, head: &[u8]) -> String {
    let size = if size.is_finite() && size >= 0.0 { size as u64 } else { u64::MAX };
    match kind::detect(name, size, head) {
        Ok(kind) => json!({ "kind": kind }).to_string(),
        Err(refusal) => json!({ "refused": refusal }).to_string(),
    }
}

/// A file read into passages and their postings.
#[wasm_bindgen]
pub struct Prepared {
    passages: Vec<Passage>,
    postings: Vec<u8>,
    pages: u32,
}

#[wasm_bindgen]
impl Prepared {
    /// The passages, as JSON (`[{text, at}]`).
    pub fn passages(&self) -> String {
        to_json(&self.passages)
    }

    /// How many passages.
    pub fn count(&self) -> u32 {
        u32::try_from(self.passages.len()).unwrap_or(u32::MAX)
    }

    /// The file's postings, as stored ([`FileIndex::to_bytes`]).
    pub fn postings(&self) -> Vec<u8> {
        self.postings.clone()
    }

    /// Its pages (a PDF's), else 0.
    pub fn pages(&self) -> u32 {
        self.pages
    }
}

/// Reads `bytes` (a file of `kind`, the JSON [`detect`] gave) into passages
/// and postings; throws the refusal's JSON when it has none to give.
#[wasm_bindgen]
pub async fn prepare(kind: String, bytes: Vec<u8>) -> Result<Prepared, JsValue> {
    let refuse = |refusal: Refusal| JsValue::from_str(&to_json(&refusal));
    let kind: FileKind =
        serde_json::from_str(&kind).map_err(|error| refuse(Refusal::Malformed { detail: error.to_string() }))?;
    let (passages, pages) = match &kind {
        FileKind::Pdf => {
            let pages = pdf_pages(&bytes).await.map_err(refuse)?;
            (split::pdf_pages(&pages), u32::try_from(pages.len()).unwrap_or(u32::MAX))
        }
        FileKind::Docx => {
            let markdown = docx_markdown(&bytes).await.map_err(refuse)?;
            (split::passages(&FileKind::Docx, &markdown), 0)
        }
        other => {
            let text = std::str::from_utf8(&bytes).map_err(|_| refuse(Refusal::Binary))?;
            (split::passages(other, text.trim_start_matches('\u{feff}')), 0)
        }
    };
    if passages.is_empty() {
        return Err(refuse(Refusal::NoText));
    }
    let postings = FileIndex::build(&passages).to_bytes();
    Ok(Prepared { passages, postings, pages })
}

/// A PDF's pages' text, inflating through the script.
async fn pdf_pages(bytes: &[u8]) -> Result<Vec<String>, Refusal> {
    use hearth_core::format::pdf_text::PdfTextError;
    let mut job = PdfText::open(bytes).map_err(|error| match error {
        PdfTextError::Encrypted => Refusal::Encrypted,
        other => Refusal::Malformed { detail: format!("{other:?}") },
    })?;
    let mut pages = Vec::new();
    loop {
        match job.step() {
            Step::Inflate(requests) => {
                let mut answers = Vec::with_capacity(requests.len());
                for request in requests {
                    answers.push((request.id, inflate(&request.input, false, request.max_len).await.ok()));
                }
                for (id, data) in answers {
                    job.inflated(id, data);
                }
            }
            Step::Page(_, text) => pages.push(text),
            Step::Done(Ok(_)) => return Ok(pages),
            Step::Done(Err(PdfTextError::Encrypted)) => return Err(Refusal::Encrypted),
            Step::Done(Err(other)) => return Err(Refusal::Malformed { detail: format!("{other:?}") }),
        }
    }
}

/// A DOCX's text as Markdown, its document entry inflated through the script
/// to at most the size it declares (a zip bomb stops there).
async fn docx_markdown(bytes: &[u8]) -> Result<String, Refusal> {
    let archive = zip::read(bytes).map_err(|error| Refusal::Malformed { detail: error.to_string() })?;
    let entry = docx::document_entry(&archive)?;
    let stored = bytes.get(entry.range.clone()).ok_or(Refusal::Malformed { detail: "cut short".into() })?;
    let xml = match entry.method {
        Method::Stored => stored.to_vec(),
        Method::Deflated => {
            let max = zip::limits::inflate_limit(entry).ok_or(Refusal::ZipBomb)?;
            inflate(stored, true, max).await.map_err(|why| match why {
                Uninflated::Larger => Refusal::ZipBomb,
                Uninflated::Damaged => Refusal::Malformed { detail: "its document cannot be unpacked".into() },
            })?
        }
        Method::Other(number) => return Err(Refusal::Malformed { detail: format!("compression method {number}") }),
    };
    if !zip::check(entry, &xml) {
        return Err(Refusal::Malformed { detail: "its document does not match its checksum".into() });
    }
    docx::document_text(&xml)
}

/// Whether `bytes` are stored vectors of `passages` passages (numbered from
/// 0, in order) of `dims` dimensions each: another device's vectors are
/// checked against the file's own passages before they are used.
#[wasm_bindgen]
pub fn vectors_fit(bytes: &[u8], dims: u32, passages: u32) -> bool {
    let Ok(rows) = vectors::from_bytes(bytes) else { return false };
    rows.len() == passages as usize
        && rows
            .iter()
            .enumerate()
            .all(|(at, (passage, row))| *passage as usize == at && row.values.len() == dims as usize)
}

/// One file's vectors as stored: `values` holds `dims` floats per passage, in
/// passage order.
#[wasm_bindgen]
pub fn vectors_bytes(dims: u32, values: &[f32]) -> Vec<u8> {
    let dims = dims.max(1) as usize;
    let rows: Vec<(u32, Quantized)> = values
        .chunks(dims)
        .enumerate()
        .map(|(passage, row)| (u32::try_from(passage).unwrap_or(u32::MAX), vectors::quantize(row)))
        .collect();
    vectors::to_bytes(&rows)
}

/// An embedding request for `inputs` (a JSON array of strings) to `target`
/// (JSON of an `EmbedTarget`): `{url, method, headers, body}`, or `{error}`.
#[wasm_bindgen]
pub fn embed_request(target: &str, inputs: &str, query: bool) -> String {
    let target: EmbedTarget = match serde_json::from_str(target) {
        Ok(target) => target,
        Err(error) => return json!({ "error": error.to_string() }).to_string(),
    };
    let inputs: Vec<String> = serde_json::from_str(inputs).unwrap_or_default();
    let purpose = if query { Purpose::Query } else { Purpose::Document };
    let request = embed::request(&target, &inputs, purpose);
    json!({ "url": request.url, "method": request.method, "headers": request.headers, "body": request.body })
        .to_string()
}

/// Embeddings read from an answer.
#[wasm_bindgen]
pub struct Embedded {
    dims: u32,
    values: Vec<f32>,
}

#[wasm_bindgen]
impl Embedded {
    /// Floats per input.
    pub fn dims(&self) -> u32 {
        self.dims
    }

    /// Every input's floats, one after another.
    pub fn values(&self) -> Vec<f32> {
        self.values.clone()
    }
}

/// The embeddings in `body`, an answer of `target`'s family to `expected`
/// inputs; throws why not, as text.
#[wasm_bindgen]
pub fn embed_parse(target: &str, body: &str, expected: u32) -> Result<Embedded, JsValue> {
    let target: EmbedTarget = serde_json::from_str(target).map_err(|error| JsValue::from_str(&error.to_string()))?;
    let rows = embed::parse(target.family, body, expected as usize)
        .map_err(|error| JsValue::from_str(&format!("{error:?}")))?;
    let dims = rows.first().map_or(0, Vec::len);
    Ok(Embedded { dims: u32::try_from(dims).unwrap_or(0), values: rows.into_iter().flatten().collect() })
}

/// The batches to embed `lengths` (each input's length in characters) in, for
/// `target`'s family: `[[start, end], …]`.
#[wasm_bindgen]
pub fn embed_batches(target: &str, lengths: &[u32]) -> String {
    let family = serde_json::from_str::<EmbedTarget>(target).map(|target| target.family).ok();
    let max_inputs = match family {
        Some(embed::EmbedFamily::Gemini) => embed::GEMINI_MAX_INPUTS,
        _ => embed::OPENAI_MAX_INPUTS,
    };
    let lengths: Vec<usize> = lengths.iter().map(|&n| n as usize).collect();
    let ranges: Vec<[usize; 2]> = embed::batches(&lengths, max_inputs, embed::MAX_BATCH_CHARS)
        .into_iter()
        .map(|range| [range.start, range.end])
        .collect();
    to_json(&ranges)
}

/// Every indexed file held in memory for searching: their postings, and the
/// vectors of each embedding model (keyed by the model and its size).
#[wasm_bindgen]
#[derive(Default)]
pub struct Library {
    index: Index,
    vectors: Vec<(String, VectorIndex)>,
}

#[wasm_bindgen]
impl Library {
    /// An empty library.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Library {
        Library::default()
    }

    /// Adds (or replaces) file `file`'s postings; false when they are unreadable.
    pub fn add(&mut self, file: u32, postings: &[u8]) -> bool {
        match FileIndex::from_bytes(postings) {
            Ok(index) => {
                self.index.add(file, &index);
                true
            }
            Err(_) => false,
        }
    }

    /// Adds file `file`'s vectors (as [`vectors_bytes`] made them) under
    /// `model`; false when they are unreadable or of another size.
    pub fn add_vectors(&mut self, model: &str, file: u32, bytes: &[u8]) -> bool {
        let Ok(rows) = vectors::from_bytes(bytes) else { return false };
        let Some(dims) = rows.first().map(|(_, row)| row.values.len()) else { return true };
        let at = match self.vectors.iter().position(|(key, _)| key == model) {
            Some(at) => at,
            None => {
                self.vectors.push((model.to_owned(), VectorIndex::new(dims)));
                self.vectors.len() - 1
            }
        };
        let (_, index) = &mut self.vectors[at];
        index.remove_file(file);
        rows.iter().all(|(passage, row)| index.add(file, *passage, row).is_ok())
    }

    /// Forgets file `file`.
    pub fn remove(&mut self, file: u32) {
        self.index.remove(file);
        for (_, index) in &mut self.vectors {
            index.remove_file(file);
        }
    }

    /// The `k` best passages for `query` among the files `allowed`: full-text
    /// alone, or fused with the vector ranking when `model` and its `vector`
    /// (the query's embedding) are given. `[{file, passage, score}]`.
    pub fn search(
        &self,
        query: &str,
        k: u32,
        allowed: &[u32],
        model: Option<String>,
        vector: Option<Vec<f32>>,
    ) -> String {
        let allowed: std::collections::HashSet<u32> = allowed.iter().copied().collect();
        let allow = |file: u32| allowed.contains(&file);
        let k = k.max(1) as usize;
        let deep = k.saturating_mul(4).max(20);
        let words = self.index.search(query, deep, &allow);
        let by_vector = match (model, vector) {
            (Some(model), Some(vector)) => {
                self.vectors.iter().find(|(key, _)| *key == model).map(|(_, index)| index.search(&vector, deep, &allow))
            }
            _ => None,
        };
        let mut hits: Vec<Hit> = match by_vector {
            Some(by_vector) if !by_vector.is_empty() => vectors::fuse(&[&words, &by_vector], k),
            _ => words,
        };
        hits.truncate(k);
        let hits: Vec<serde_json::Value> =
            hits.iter().map(|hit| json!({ "file": hit.file, "passage": hit.passage, "score": hit.score })).collect();
        to_json(&hits)
    }

    /// What it holds: `{files, passages, bytes}`.
    pub fn stats(&self) -> String {
        let vector_bytes: usize = self.vectors.iter().map(|(_, index)| index.approx_bytes()).sum();
        json!({
            "files": self.index.files(),
            "passages": self.index.passages(),
            "bytes": self.index.approx_bytes() + vector_bytes,
        })
        .to_string()
    }
}
