//! A Word document's text (Office Open XML, `.docx`), as Markdown for
//! [`split`](super::split).
//!
//! A DOCX is a ZIP archive; its body is the entry `word/document.xml`
//! ([`DOCUMENT`]). [`document_entry`] finds it in the archive's table of
//! contents (read by [`crate::format::zip::read`]) and refuses it before
//! anything is inflated when it would inflate too far: over
//! [`MAX_DOCUMENT_BYTES`] declared, or, once over a megabyte, more than
//! [`MAX_RATIO`] times its compressed size ([`Refusal::ZipBomb`]). The shell
//! inflates it (to at most its declared size, see
//! [`crate::format::zip::limits::inflate_limit`]) and checks it with
//! [`crate::format::zip::check`]; [`document_text`] then reads it.
//!
//! The XML is scanned by hand, tolerant of anything (no XML library): each
//! paragraph (`<w:p>`) becomes a block of Markdown, blocks separated by a
//! blank line. Its text is that of its text runs (`<w:t>`, character
//! references decoded), with `<w:tab/>` as a tab and `<w:br/>`/`<w:cr/>` as a
//! line break; deleted text and field codes are not text and are left out,
//! as is the fallback copy of content that Word writes twice
//! (`<mc:Fallback>`). A paragraph styled `Heading1`…`Heading6` (or `Title`,
//! level 1; or with an outline level) becomes a heading line (`## text`); one
//! in a numbered or bulleted list (`<w:numPr>`) becomes a list item
//! (`- text`), consecutive items on consecutive lines. A body line that
//! Markdown would read as a heading, a fence or an underline is escaped with
//! a backslash.

#[cfg(test)]
mod tests;

use super::kind::Refusal;
use super::split::markup::{Token, Tokens, attribute, decode_entities};
use crate::format::zip::{self, Archive, Entry, Method, SkipReason, limits};

/// The archive entry that holds a Word document's body.
pub const DOCUMENT: &str = "word/document.xml";
/// The most [`DOCUMENT`] may declare it inflates to: 32 MiB.
pub const MAX_DOCUMENT_BYTES: u64 = 32 << 20;
/// The most [`DOCUMENT`] may inflate to per compressed byte, once it
/// declares more than [`RATIO_FLOOR`]: text XML deflates 5 to 30 times, a
/// zip bomb hundreds of times.
pub const MAX_RATIO: u64 = 200;
/// Below this declared size (1 MiB) the ratio is not looked at.
pub const RATIO_FLOOR: u64 = 1 << 20;
/// How deep paragraphs nest (text boxes inside paragraphs) before deeper
/// ones are read as part of the one around them.
const MAX_NESTING: usize = 32;

/// The table of contents of a Word document's archive (`bytes`: the whole
/// file), or why it cannot be read.
pub fn archive(bytes: &[u8]) -> Result<Archive, Refusal> {
    Ok(zip::read(bytes)?)
}

/// The entry of `archive` holding the document's body, once it is known not
/// to inflate too far; see the module documentation.
pub fn document_entry(archive: &Archive) -> Result<&Entry, Refusal> {
    let Some(entry) = archive.entry(DOCUMENT) else {
        let skipped = archive.skipped.iter().find(|skipped| skipped.name == DOCUMENT);
        return Err(match skipped.map(|skipped| skipped.reason) {
            Some(SkipReason::Encrypted) => Refusal::Encrypted,
            Some(SkipReason::Zip64) => Refusal::ZipBomb,
            Some(reason) => Refusal::malformed(format!("{DOCUMENT}: {reason}")),
            None => Refusal::malformed(format!("the document has no {DOCUMENT}: not a Word document")),
        });
    };
    if let Method::Other(method) = entry.method {
        return Err(Refusal::malformed(format!("{DOCUMENT} is compressed with method {method}, which is not read")));
    }
    if limits::check_entry(entry, MAX_DOCUMENT_BYTES).is_err() || limits::inflate_limit(entry).is_none() {
        return Err(Refusal::ZipBomb);
    }
    let compressed = u64::try_from(entry.range.len()).unwrap_or(u64::MAX).max(1);
    if entry.method == Method::Deflated && entry.size > RATIO_FLOOR && entry.size / compressed > MAX_RATIO {
        return Err(Refusal::ZipBomb);
    }
    Ok(entry)
}

/// A paragraph being read.
#[derive(Debug, Default)]
struct Paragraph {
    text: String,
    /// Its heading level, 1 to 6.
    level: Option<usize>,
    /// Whether it is a list item.
    list: bool,
}

/// Where the scan is.
#[derive(Debug, Default)]
struct Scan {
    out: String,
    /// The open paragraphs, innermost last.
    open: Vec<Paragraph>,
    /// Paragraphs opened past [`MAX_NESTING`], not yet closed.
    ignored: usize,
    /// Inside `<w:t>`.
    in_text: bool,
    /// Inside paragraph properties (`<w:pPr>`), where `<w:tab>` is a tab stop.
    in_properties: bool,
    /// How many `<mc:Fallback>` are open.
    fallback: usize,
    /// Whether the last block written was a list item.
    last_was_item: bool,
}

/// The text of a Word document's `word/document.xml` as Markdown; see the
/// module documentation. Bytes that are not UTF-8 are
/// [`Refusal::Malformed`]; anything else gives text (perhaps empty).
pub fn document_text(xml: &[u8]) -> Result<String, Refusal> {
    let xml = std::str::from_utf8(xml).map_err(|_| Refusal::malformed(format!("{DOCUMENT} is not UTF-8")))?;
    let xml = xml.strip_prefix('\u{feff}').unwrap_or(xml);
    let mut scan = Scan::default();
    for token in Tokens::new(xml) {
        match token {
            Token::Tag(tag) if tag.name == "mc:Fallback" => {
                if tag.closing {
                    scan.fallback = scan.fallback.saturating_sub(1);
                } else if !tag.self_closing {
                    scan.fallback += 1;
                }
            }
            _ if scan.fallback > 0 => {}
            Token::Tag(tag) => scan.tag(tag.name, tag.closing, tag.self_closing, tag.attributes),
            Token::Text(text) => {
                if let Some(paragraph) = scan.open.last_mut().filter(|_| scan.in_text) {
                    decode_entities(text, &mut paragraph.text);
                }
            }
            Token::CData(text) => {
                if let Some(paragraph) = scan.open.last_mut().filter(|_| scan.in_text) {
                    paragraph.text.push_str(text);
                }
            }
        }
    }
    // A document cut short: what was open still counts, outermost first.
    let open = std::mem::take(&mut scan.open);
    for paragraph in open {
        scan.write(paragraph);
    }
    Ok(scan.out)
}

impl Scan {
    fn tag(&mut self, name: &str, closing: bool, self_closing: bool, attributes: &str) {
        match (name, closing) {
            ("w:p", false) if !self_closing => {
                if self.open.len() < MAX_NESTING {
                    self.open.push(Paragraph::default());
                } else {
                    self.ignored += 1;
                }
            }
            ("w:p", true) => {
                if self.ignored > 0 {
                    self.ignored -= 1;
                } else if let Some(paragraph) = self.open.pop() {
                    self.write(paragraph);
                }
                self.in_text = false;
            }
            ("w:t", false) => self.in_text = !self_closing,
            ("w:t", true) => self.in_text = false,
            ("w:pPr", false) => self.in_properties = !self_closing,
            ("w:pPr", true) => self.in_properties = false,
            ("w:tab", false) if !self.in_properties => self.push('\t'),
            ("w:br" | "w:cr", false) => self.push('\n'),
            ("w:noBreakHyphen", false) => self.push('-'),
            ("w:pStyle", false) => {
                let level = attribute(attributes, "w:val").and_then(heading_level);
                if let (Some(level), Some(paragraph)) = (level, self.open.last_mut()) {
                    paragraph.level = Some(level);
                }
            }
            ("w:outlineLvl", false) => {
                let level = attribute(attributes, "w:val").and_then(|value| value.trim().parse::<usize>().ok());
                if let (Some(level @ 0..=5), Some(paragraph)) = (level, self.open.last_mut()) {
                    paragraph.level = paragraph.level.or(Some(level + 1));
                }
            }
            ("w:numPr", false) => {
                if let Some(paragraph) = self.open.last_mut() {
                    paragraph.list = true;
                }
            }
            _ => {}
        }
    }

    /// Adds `c` to the innermost open paragraph.
    fn push(&mut self, c: char) {
        if let Some(paragraph) = self.open.last_mut() {
            paragraph.text.push(c);
        }
    }

    /// Writes a finished paragraph as a Markdown block (nothing when it has
    /// no text).
    fn write(&mut self, paragraph: Paragraph) {
        let text = paragraph.text.trim();
        if text.is_empty() {
            return;
        }
        let is_item = paragraph.list && paragraph.level.is_none();
        if !self.out.is_empty() {
            self.out.push_str(if is_item && self.last_was_item { "\n" } else { "\n\n" });
        }
        self.last_was_item = is_item;
        if let Some(level) = paragraph.level {
            self.out.push_str(&"#".repeat(level));
            self.out.push(' ');
            let words: Vec<&str> = text.split_whitespace().collect();
            self.out.push_str(&words.join(" "));
            return;
        }
        if is_item {
            self.out.push_str("- ");
        }
        for (index, line) in text.lines().enumerate() {
            if index > 0 {
                self.out.push_str(if is_item { "\n  " } else { "\n" });
            }
            let line = line.trim_end();
            if !is_item && needs_escape(line) {
                self.out.push('\\');
            }
            self.out.push_str(line);
        }
    }
}

/// The heading level of the paragraph style `style`: `Heading1`…`Heading9`
/// (levels past 6 as 6; also `heading 1`), and `Title` as 1.
fn heading_level(style: &str) -> Option<usize> {
    if style.eq_ignore_ascii_case("title") {
        return Some(1);
    }
    let prefix = style.get(..7).filter(|prefix| prefix.eq_ignore_ascii_case("heading"))?;
    let level: usize = style.get(prefix.len()..)?.trim().parse().ok()?;
    (1..=9).contains(&level).then_some(level.min(6))
}

/// Whether a body line would read as Markdown structure: a heading (`#`), a
/// code fence, or a heading's underline.
fn needs_escape(line: &str) -> bool {
    let trimmed = line.trim_start();
    let underline = !trimmed.is_empty() && (trimmed.chars().all(|c| c == '=') || trimmed.chars().all(|c| c == '-'));
    trimmed.starts_with('#') || trimmed.starts_with("```") || trimmed.starts_with("~~~") || underline
}
