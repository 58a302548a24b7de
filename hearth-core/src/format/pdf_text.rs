//! The text of a PDF, page by page, for models that cannot read PDFs: when a
//! user attaches a PDF and the chosen model has no PDF input, Hearth sends
//! this text instead.
//!
//! The core has no deflate: in the browser, the shell inflates with the
//! browser's own `DecompressionStream('deflate')`, asynchronously and at no
//! cost in wasm. So extraction is a state machine in rounds: [`PdfText::open`]
//! scans the file for its objects; each [`PdfText::step`] then either asks
//! for some streams to be inflated ([`Step::Inflate`], answered with
//! [`PdfText::inflated`]), gives one page's text ([`Step::Page`], between
//! which the browser may yield to its event loop), or says it is done
//! ([`Step::Done`]). [`extract_with`] drives it for callers that inflate
//! synchronously (tests).
//!
//! Only what text needs is inflated: object streams first, then each page's
//! content streams, the form XObjects it draws with `Do`, and the
//! `/ToUnicode` CMaps of the fonts it selects with `Tf`; never images or font
//! programs. Streams are read with no filter, `FlateDecode` (through the
//! caller), and `ASCIIHexDecode`/`ASCII85Decode` (here, before `FlateDecode`
//! or alone); others (LZW, DCT, predictors...) are skipped. At most
//! [`MAX_INFLATED`] bytes are inflated in all; past that, reading stops after
//! the current page and [`Finished`] says so.
//!
//! What is read: objects found by a linear scan of `N G obj` (the last
//! definition wins, as with incremental updates), object streams, indirect
//! `/Length`s, the page tree with inherited `/Resources`, the text operators
//! and `/ActualText` (the `content` submodule), simple and composite fonts
//! (`font`, `cmap`, `encoding`), and line and word breaks found from where
//! runs of text are drawn (`layout`), in content-stream order (no column
//! detection). Encrypted PDFs are refused, even those that open without a
//! password: their strings and streams would need decrypting. No input
//! panics or loops: cycles in the page tree and forms that draw themselves
//! are cut, and every loop is bounded by the input's size or a limit.

mod cmap;
mod content;
mod encoding;
mod file;
mod font;
mod gather;
mod layout;
mod lexer;
mod object;
mod operations;
mod pages;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use cmap::CMap;
use content::Interpreter;
use file::{Doc, find};
use font::Font;
use object::Obj;
use pages::{PageRef, page_list};

/// How many bytes may be inflated in all (64 MB), before reading stops.
pub const MAX_INFLATED: usize = 64 << 20;
/// Rounds of inflating per page (content, then forms and CMaps, then forms
/// those forms draw...): past this, the page is read with what has come.
const MAX_ROUNDS: usize = content::MAX_FORM_DEPTH + 2;
/// How much junk may come before `%PDF-`, as readers allow.
const PDF_LEAD: usize = 1024;

/// Why a PDF's text cannot be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PdfTextError {
    /// No `%PDF-` header near the start.
    #[error("the file is not a PDF")]
    NotPdf,
    /// The PDF is encrypted (even with an empty password).
    #[error("the PDF is encrypted, so its text cannot be read without its password")]
    Encrypted,
    /// No page could be found.
    #[error("the PDF is damaged: no pages could be found in it")]
    Damaged,
    /// Pages were read but none had text: a scan, or fonts whose text is unknown.
    #[error("the PDF has no text layer (a scan?)")]
    NoText,
    /// [`MAX_INFLATED`] was reached before any text was found.
    #[error("the PDF is too large to read: 64 MB of compressed data came before any text")]
    TooLarge,
}

/// What [`PdfText::step`] asks or gives.
#[derive(Debug, Clone, PartialEq)]
pub enum Step<'a> {
    /// Inflate each of these (zlib format, as `DecompressionStream('deflate')`
    /// reads), then call [`PdfText::inflated`] for each, before the next step.
    Inflate(Vec<InflateRequest<'a>>),
    /// The text of the page at this index (from 0): lines joined by `\n`, a
    /// blank line where a paragraph gap is wide; empty for a page without text.
    Page(usize, String),
    /// Done: how many pages were read, or why there is no text. Every later
    /// step says the same.
    Done(Result<Finished, PdfTextError>),
}

/// A stream to inflate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InflateRequest<'a> {
    /// The stream's object number: pass it back to [`PdfText::inflated`].
    pub id: u32,
    /// The zlib data: a part of the PDF's bytes, or (after an ASCII filter) decoded here.
    pub input: Cow<'a, [u8]>,
    /// The most output that will be kept; the caller may stop inflating there.
    pub max_len: usize,
}

/// How reading ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finished {
    /// Pages in the document.
    pub pages: usize,
    /// Pages whose text was given: fewer than `pages` when [`MAX_INFLATED`]
    /// stopped reading.
    pub pages_read: usize,
}

/// A PDF's text extraction under way; see the module documentation.
#[derive(Debug)]
pub struct PdfText<'a> {
    doc: Doc<'a>,
    phase: Phase,
    pages: Option<Vec<PageRef>>,
    /// Decoded form XObjects, kept for every page.
    forms: HashMap<u32, Rc<[u8]>>,
    /// The current page's decoded content streams.
    contents: HashMap<u32, Rc<[u8]>>,
    cmaps: HashMap<u32, Rc<CMap>>,
    fonts: HashMap<u32, Rc<Font>>,
    /// Streams that could not be read; never asked for again.
    failed: HashSet<u32>,
    /// Streams asked for in the last step, not yet answered.
    asked: HashMap<u32, Purpose>,
    inflated: usize,
    limited: bool,
    pages_with_text: usize,
}

#[derive(Debug)]
enum Phase {
    Start,
    ObjectStreams,
    Tree,
    Page(PageWork),
    Done(Result<Finished, PdfTextError>),
}

/// What a stream is read for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    ObjectStream,
    Contents,
    Form,
    CMap,
}

/// A page being gathered: the streams it needs, some waiting to be inflated.
#[derive(Debug)]
struct PageWork {
    index: usize,
    pending: Vec<(u32, Purpose, Rc<Obj>)>,
    seen: HashSet<u32>,
    rounds: usize,
}

/// Whether a stream is there to read.
enum Availability {
    Ready,
    Waiting,
    Gone,
}

impl<'a> PdfText<'a> {
    /// Scans `bytes` for its objects: an error when it is not a PDF, is
    /// encrypted, or (when no object stream may hold them) has no pages.
    pub fn open(bytes: &'a [u8]) -> Result<Self, PdfTextError> {
        let head = bytes.get(..PDF_LEAD + 5).unwrap_or(bytes);
        find(head, b"%PDF-", 0).ok_or(PdfTextError::NotPdf)?;
        let doc = Doc::scan(bytes);
        if doc.encrypted() {
            return Err(PdfTextError::Encrypted);
        }
        let mut job = PdfText {
            doc,
            phase: Phase::Start,
            pages: None,
            forms: HashMap::new(),
            contents: HashMap::new(),
            cmaps: HashMap::new(),
            fonts: HashMap::new(),
            failed: HashSet::new(),
            asked: HashMap::new(),
            inflated: 0,
            limited: false,
            pages_with_text: 0,
        };
        if job.object_streams().is_empty() {
            let pages = page_list(&job.doc);
            if pages.is_empty() {
                return Err(PdfTextError::Damaged);
            }
            job.pages = Some(pages);
        }
        Ok(job)
    }

    /// The number of pages, once known (after the object streams).
    pub fn page_count(&self) -> Option<usize> {
        self.pages.as_ref().map(Vec::len)
    }

    /// The next thing to do. A stream asked for and not answered by then
    /// counts as one that could not be inflated.
    pub fn step(&mut self) -> Step<'a> {
        for (id, _) in self.asked.drain() {
            self.failed.insert(id);
        }
        loop {
            match std::mem::replace(&mut self.phase, Phase::Tree) {
                Phase::Start => {
                    let mut requests = Vec::new();
                    for number in self.object_streams() {
                        self.available(number, Purpose::ObjectStream, &mut requests);
                    }
                    self.phase = Phase::ObjectStreams;
                    if !requests.is_empty() {
                        return Step::Inflate(requests);
                    }
                }
                Phase::ObjectStreams => self.phase = Phase::Tree,
                Phase::Tree => {
                    let pages = self.pages.get_or_insert_with(|| page_list(&self.doc));
                    self.phase = if pages.is_empty() {
                        Phase::Done(Err(PdfTextError::Damaged))
                    } else if self.limited {
                        Phase::Done(Err(PdfTextError::TooLarge))
                    } else {
                        Phase::Page(self.page_work(0))
                    };
                }
                Phase::Page(mut work) => {
                    let requests = self.gather(&mut work);
                    if !requests.is_empty() {
                        work.rounds += 1;
                        self.phase = Phase::Page(work);
                        return Step::Inflate(requests);
                    }
                    let text = self.read_page(work.index);
                    let next = work.index + 1;
                    self.phase = if next < self.pages.as_ref().map_or(0, Vec::len) && !self.limited {
                        Phase::Page(self.page_work(next))
                    } else {
                        Phase::Done(self.outcome(next))
                    };
                    return Step::Page(work.index, text);
                }
                Phase::Done(result) => {
                    self.phase = Phase::Done(result);
                    return Step::Done(result);
                }
            }
        }
    }

    /// The answer to an [`InflateRequest`]: the inflated bytes, or `None`
    /// when they could not be inflated. Output cut short by an error is
    /// welcome as it is; more than `max_len` bytes are cut.
    pub fn inflated(&mut self, id: u32, data: Option<Vec<u8>>) {
        let Some(purpose) = self.asked.remove(&id) else { return };
        let Some(mut data) = data else {
            self.failed.insert(id);
            return;
        };
        let room = MAX_INFLATED.saturating_sub(self.inflated);
        if data.len() > room {
            data.truncate(room);
            self.limited = true;
        }
        self.inflated += data.len();
        self.keep(id, purpose, data.into());
    }

    /// Object numbers of the object streams.
    fn object_streams(&self) -> Vec<u32> {
        self.doc.numbers_where(|dict| dict.is(b"Type", b"ObjStm"))
    }

    fn page_work(&self, index: usize) -> PageWork {
        let page = self.pages.as_ref().and_then(|pages| pages.get(index));
        let pending = page.map_or_else(Vec::new, |page| {
            page.contents.iter().map(|number| (*number, Purpose::Contents, page.resources.clone())).collect()
        });
        PageWork { index, pending, seen: HashSet::new(), rounds: 0 }
    }

    /// Interprets page `index` with what has been gathered, and lets go of
    /// its content streams.
    fn read_page(&mut self, index: usize) -> String {
        let Some(page) = self.pages.as_ref().and_then(|pages| pages.get(index)) else { return String::new() };
        let mut data = Vec::new();
        for number in &page.contents {
            if let Some(stream) = self.contents.get(number) {
                data.extend_from_slice(stream);
                data.push(b'\n');
            }
        }
        let mut interpreter = Interpreter::new(&self.doc, &self.forms, &self.cmaps, &mut self.fonts);
        interpreter.run(&data, &page.resources, 0);
        let text = interpreter.finish();
        self.contents.clear();
        if !text.is_empty() {
            self.pages_with_text += 1;
        }
        text
    }

    fn outcome(&self, pages_read: usize) -> Result<Finished, PdfTextError> {
        let pages = self.pages.as_ref().map_or(0, Vec::len);
        if self.pages_with_text > 0 {
            Ok(Finished { pages, pages_read })
        } else if pages_read < pages {
            Err(PdfTextError::TooLarge)
        } else {
            Err(PdfTextError::NoText)
        }
    }
}

/// Extracts the text of every page of `bytes`, inflating with `inflate`
/// (zlib data in, its output or `None` out): the pages' texts in order, one
/// per page read (fewer than the pages when [`MAX_INFLATED`] stopped reading).
pub fn extract_with(
    bytes: &[u8],
    mut inflate: impl FnMut(&[u8]) -> Option<Vec<u8>>,
) -> Result<Vec<String>, PdfTextError> {
    let mut job = PdfText::open(bytes)?;
    let mut pages = Vec::new();
    loop {
        match job.step() {
            Step::Inflate(requests) => {
                for request in requests {
                    let data = inflate(&request.input);
                    job.inflated(request.id, data);
                }
            }
            Step::Page(_, text) => pages.push(text),
            Step::Done(result) => return result.map(|_| pages),
        }
    }
}
