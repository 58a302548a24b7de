//! A file's text as passages: pieces small enough to send as context, cut on
//! the document's own structure rather than at fixed lengths.
//!
//! Each kind is first read into sections of blocks:
//!
//! - Markdown (and a Word document, whose text [`docx`](super::docx) gives
//!   as Markdown): ATX headings (`#` to `######`) and setext ones (a line
//!   underlined with `===` or `---`) open sections, each with its heading
//!   path (a level-2 heading under a level-1 one keeps the level-1 one; a new
//!   level-1 heading starts over). Blocks are paragraphs (separated by blank
//!   lines), fenced code blocks (kept whole) and a YAML front matter.
//!   Thematic breaks are dropped.
//! - HTML: its tags are turned into Markdown first (headings, paragraphs,
//!   list items, line breaks, `<pre>` as a fence; scripts, styles, the
//!   `<head>` and comments dropped; entities decoded), then read as Markdown.
//! - Plain text: paragraphs separated by blank lines.
//! - Source code: blocks that start at top-level definitions (a line at
//!   indentation 0 that opens with `fn`, `def`, `class`, `function`,
//!   `export`... or ends with `{`), with the comments, attributes and
//!   decorators just above them.
//! - PDF ([`pdf_pages`]): each page alone, in paragraphs; a paragraph's
//!   lines (as laid out on the page) joined by spaces.
//!
//! Then, section by section (a passage never spans two sections or two
//! pages), blocks are packed into passages: neighbours are merged while the
//! passage has fewer than [`MIN_PASSAGE_WORDS`] words and stays within
//! [`MAX_PASSAGE_WORDS`] words and [`MAX_PASSAGE_CHARS`] characters. A block
//! longer than [`MAX_PASSAGE_CHARS`] is cut into about even pieces: prose at
//! sentence ends, else line breaks, else spaces, else anywhere; code and
//! fenced blocks at line breaks, preferring blank lines (a fenced block's
//! pieces each get its fences again).
//!
//! Headings are not repeated in a passage's text: they are in its
//! [`Locator::headings`] (for code, the definition's first line, cut to
//! [`MAX_LABEL_CHARS`]), which the context shows. [`Locator::line`] is the
//! passage's first line, from 1, for Markdown, plain text and code (the line
//! its comments or attributes start on, for code); HTML and Word passages
//! have none, PDF ones have their page. Runs of spaces are collapsed in
//! prose (line breaks and indentation are kept), never in code.

mod block;
mod code;
mod cut;
mod html;
mod markdown;
pub(crate) mod markup;
#[cfg(test)]
mod tests;

use self::block::{Block, Section, push_normalised};
use super::kind::FileKind;
use super::{Locator, Passage};

pub use block::{MAX_LABEL_CHARS, MAX_PASSAGE_CHARS, MAX_PASSAGE_WORDS, MIN_PASSAGE_WORDS};

/// The passages of `text`, a file of `kind`; see the module documentation.
/// A PDF's text given here (rather than to [`pdf_pages`]) is read as plain
/// text. Empty or blank text gives none.
pub fn passages(kind: &FileKind, text: &str) -> Vec<Passage> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (sections, lines) = match kind {
        FileKind::Markdown => (markdown::sections(text), true),
        FileKind::Docx => (markdown::sections(text), false),
        FileKind::Html => (markdown::sections(&html::to_markdown(text)), false),
        FileKind::Text | FileKind::Pdf => {
            (vec![Section { headings: Vec::new(), blocks: paragraphs(text, false) }], true)
        }
        FileKind::Code { language } => {
            (vec![Section { headings: Vec::new(), blocks: code::blocks(text, language) }], true)
        }
    };
    let mut out = Vec::new();
    for section in sections {
        pack(section, None, lines, &mut out);
    }
    out
}

/// The passages of a PDF, given its pages' text in order (as
/// [`crate::format::pdf_text`] extracts them): each page split alone, each
/// passage with its page number (from 1). Blank pages give none.
pub fn pdf_pages(pages: &[String]) -> Vec<Passage> {
    let mut out = Vec::new();
    for (index, page) in pages.iter().enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let section = Section { headings: Vec::new(), blocks: paragraphs(page, true) };
        pack(section, Some(number), false, &mut out);
    }
    out
}

/// The paragraphs of plain text (separated by blank lines), each line
/// normalised; with `join`, a paragraph's lines joined by spaces.
fn paragraphs(text: &str, join: bool) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            blocks.extend(current.take());
            continue;
        }
        match current.as_mut() {
            Some(block) => {
                block.text.push(if join { ' ' } else { '\n' });
                push_normalised(&mut block.text, if join { line.trim_start() } else { line });
            }
            None => {
                let mut text = String::new();
                push_normalised(&mut text, if join { line.trim_start() } else { line });
                current = Some(Block { text, line: index + 1, verbatim: false, label: None });
            }
        }
    }
    blocks.extend(current);
    blocks
}

/// A passage being packed.
#[derive(Debug)]
struct Chunk {
    text: String,
    line: usize,
    words: usize,
    chars: usize,
    label: Option<String>,
}

impl Chunk {
    fn new(text: String, line: usize, label: Option<String>) -> Chunk {
        Chunk { words: count_words(&text), chars: text.chars().count(), text, line, label }
    }

    /// Whether `next` joins this passage (see the module documentation).
    fn takes(&self, next: &Chunk) -> bool {
        self.words < MIN_PASSAGE_WORDS
            && self.words + next.words <= MAX_PASSAGE_WORDS
            && self.chars + 2 + next.chars <= MAX_PASSAGE_CHARS
    }

    fn append(&mut self, next: Chunk) {
        self.text.push_str("\n\n");
        self.text.push_str(&next.text);
        self.words += next.words;
        self.chars += 2 + next.chars;
        if self.label.is_none() {
            self.label = next.label;
        }
    }
}

/// Words for the passage size: runs between whitespace, and each Han, Kana
/// or Hangul character (scripts written without spaces).
fn count_words(text: &str) -> usize {
    text.split_whitespace().map(|word| word.chars().filter(|&c| is_cjk(c)).count().max(1)).sum()
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}')
}

/// Packs a section's blocks into passages, appended to `out`.
fn pack(section: Section, page: Option<u32>, lines: bool, out: &mut Vec<Passage>) {
    let headings = section.headings;
    let finish = |chunk: Chunk, out: &mut Vec<Passage>| {
        let headings = match chunk.label {
            Some(label) if headings.is_empty() => vec![label],
            _ => headings.clone(),
        };
        let line = lines.then(|| u32::try_from(chunk.line).unwrap_or(u32::MAX));
        out.push(Passage { text: chunk.text, at: Locator { page, headings, line } });
    };
    let mut current: Option<Chunk> = None;
    for block in section.blocks {
        for piece in pieces(block) {
            current = match current.take() {
                Some(mut chunk) if chunk.takes(&piece) => {
                    chunk.append(piece);
                    Some(chunk)
                }
                Some(chunk) => {
                    finish(chunk, out);
                    Some(piece)
                }
                None => Some(piece),
            };
        }
    }
    if let Some(chunk) = current {
        finish(chunk, out);
    }
}

/// A block as passages-to-be: itself, or its pieces when it is too long.
fn pieces(block: Block) -> Vec<Chunk> {
    if block.text.trim().is_empty() {
        return Vec::new();
    }
    if block.text.chars().count() <= MAX_PASSAGE_CHARS {
        return vec![Chunk::new(block.text, block.line, block.label)];
    }
    let cut = if block.verbatim {
        cut::lines(&block.text, MAX_PASSAGE_CHARS)
    } else {
        cut::prose(&block.text, MAX_PASSAGE_CHARS)
    };
    cut.into_iter()
        .filter(|piece| !piece.text.trim().is_empty())
        .map(|piece| Chunk::new(piece.text, block.line + piece.line_offset, block.label.clone()))
        .collect()
}
