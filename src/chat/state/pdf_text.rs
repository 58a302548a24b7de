//! A PDF's text, for a model that reads no PDFs: extracted by
//! `hearth_core::format::pdf_text` in the `pdf_text` chunk (fetched the first
//! time a request needs one), the PDF's compressed streams inflated by the
//! browser (`io::inflate`), one page at a time with a yield between pages so
//! a long PDF never blocks the page. Kept by hash for the page's life, so
//! every turn sends the same text.

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use hearth_core::format::pdf_text::{PdfText, Step};

use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::inflate::{Format, inflate};
use crate::io::yield_now::yield_now;

thread_local! {
    /// The text of each PDF extracted on this page, by hash (`None`: it has none).
    static TEXTS: RefCell<HashMap<String, Option<Arc<str>>>> = RefCell::new(HashMap::new());
}

/// A PDF's text, once extracted.
type Extracting = Pin<Box<dyn Future<Output = Option<String>>>>;

/// The extractor, from the `pdf_text` chunk.
struct PdfCode {
    extract: fn(Vec<u8>) -> Extracting,
}

#[wasm_split(pdf_text, fallible)]
fn pdf_code() -> Result<&'static PdfCode, ChunkError> {
    static CODE: PdfCode = PdfCode { extract: |bytes| Box::pin(extract(bytes)) };
    Ok(&CODE)
}

/// The text of the PDF whose hash is `hash`, when it was extracted on this
/// page (`Some(None)`: it has none).
pub(super) fn known(hash: &str) -> Option<Option<Arc<str>>> {
    TEXTS.with_borrow(|texts| texts.get(hash).cloned())
}

/// The text of the PDF `bytes`, whose hash is `hash`; `None` when it has none
/// that can be read (a scan, an encrypted or damaged file) or the extractor
/// could not be fetched.
pub(super) async fn text_of(hash: &str, bytes: Vec<u8>) -> Option<Arc<str>> {
    if let Some(known) = known(hash) {
        return known;
    }
    let code = pdf_code().await.ok()?;
    let text: Option<Arc<str>> = (code.extract)(bytes).await.map(Arc::from);
    TEXTS.with_borrow_mut(|texts| texts.insert(hash.to_owned(), text.clone()));
    text
}

/// Runs the extractor to its end: each page's text, under a "[Page n]" line
/// when there are several.
async fn extract(bytes: Vec<u8>) -> Option<String> {
    let mut job = PdfText::open(&bytes).ok()?;
    let mut pages: Vec<String> = Vec::new();
    loop {
        match job.step() {
            Step::Inflate(requests) => {
                let mut answers = Vec::with_capacity(requests.len());
                for request in requests {
                    let data = inflate(&request.input, Format::Zlib, request.max_len, true).await.ok();
                    answers.push((request.id, data));
                }
                for (id, data) in answers {
                    job.inflated(id, data);
                }
            }
            Step::Page(_, text) => {
                pages.push(text);
                yield_now().await;
            }
            Step::Done(Ok(_)) => break,
            Step::Done(Err(_)) => return None,
        }
    }
    let several = pages.len() > 1;
    let text: Vec<String> = pages
        .iter()
        .enumerate()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(
            |(index, text)| {
                if several { format!("[Page {}]\n{}", index + 1, text.trim()) } else { text.trim().to_owned() }
            },
        )
        .collect();
    (!text.is_empty()).then(|| text.join("\n\n"))
}
