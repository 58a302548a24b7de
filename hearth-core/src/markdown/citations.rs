//! Citation marks in a reply's text (`(source, at)`: "the source at position
//! `source` is cited after the `at`-th character", as the record's
//! `CitationMark`s say), carried through rendering as sentinels.
//!
//! Before the text is parsed, [`place`] puts one private-use character per
//! mark (U+F0000 plus the source's position, Supplementary Private Use
//! Area-A) at the mark's character offset, after taking out any such
//! character the model wrote itself. pulldown-cmark reads them as ordinary
//! text; [`SafeEvents`](super::events::SafeEvents) hands each one in text on
//! as a `Piece::Cite`, and moves those found where no markup may go (a code
//! span or block, a formula, a link's address or title, an image) to right
//! after that element; the writer writes each as `<sup class="citation"><a
//! href="#source-…-n">[n]</a></sup>` (after the link, when one is inside a
//! link's text). A sentinel never reaches the page.
//!
//! A mark is never put at the start of a line (it would undo a list item, a
//! heading or a fence): it moves back over white space and over lines made
//! only of markdown's punctuation (fences, rules, table rows of dashes) to
//! the end of the text before. One with no text before it (offset 0) gets a
//! paragraph of its own at the start. An offset beyond the end is the end.

/// The first sentinel: source 0.
const FIRST: u32 = 0xF0000;

/// The last sentinel (U+FFFFD); a source past it is not marked.
const LAST: u32 = 0xFFFFD;

/// The markdown's punctuation a line may consist of and still hold no text
/// (a fence, a thematic break, a table's delimiter row, an empty item).
const STRUCTURE: &str = "`~-*_=|:#+> \t";

/// The sentinel for the source at position `source`.
fn sentinel(source: u32) -> Option<char> {
    FIRST.checked_add(source).filter(|code| *code <= LAST).and_then(char::from_u32)
}

/// The source position a sentinel stands for, if `c` is one.
pub(super) fn source_of(c: char) -> Option<u32> {
    let code = u32::from(c);
    (FIRST..=LAST).contains(&code).then(|| code - FIRST)
}

/// Whether `text` holds a sentinel.
pub(super) fn has_marks(text: &str) -> bool {
    text.chars().any(|c| source_of(c).is_some())
}

/// `text` without its sentinels, and the sources they stood for, in order.
pub(super) fn strip(text: &str) -> (String, Vec<u32>) {
    let mut sources = Vec::new();
    let kept = text
        .chars()
        .filter(|c| match source_of(*c) {
            Some(source) => {
                sources.push(source);
                false
            }
            None => true,
        })
        .collect();
    (kept, sources)
}

/// A run of text or a mark, as [`split`] cuts text.
pub(super) enum Segment<'a> {
    Text(&'a str),
    Mark(u32),
}

/// Cuts `text` at its sentinels.
pub(super) fn split(text: &str) -> Vec<Segment<'_>> {
    let mut segments = Vec::new();
    let mut from = 0;
    for (at, c) in text.char_indices() {
        if let Some(source) = source_of(c) {
            if from < at {
                segments.push(Segment::Text(&text[from..at]));
            }
            segments.push(Segment::Mark(source));
            from = at + c.len_utf8();
        }
    }
    if from < text.len() {
        segments.push(Segment::Text(&text[from..]));
    }
    segments
}

/// `markdown` with a sentinel for each of `marks` where it goes (see the
/// module documentation), and none of its own.
pub(super) fn place(markdown: &str, marks: &[(u32, u32)]) -> String {
    let mut wanted: Vec<(usize, char)> = marks
        .iter()
        .filter_map(|&(source, at)| Some((usize::try_from(at).unwrap_or(usize::MAX), sentinel(source)?)))
        .collect();
    // Stable: marks at one place keep their order.
    wanted.sort_by_key(|(offset, _)| *offset);
    // One walk over the text finds every mark's byte.
    let mut starts = markdown.char_indices().map(|(byte, _)| byte).enumerate().peekable();
    let mut leading = String::new();
    let mut placed: Vec<(usize, char)> = Vec::with_capacity(wanted.len());
    for (offset, sentinel) in wanted {
        let byte = loop {
            match starts.peek() {
                Some(&(index, _)) if index < offset => {
                    starts.next();
                }
                Some(&(_, byte)) => break byte,
                None => break markdown.len(),
            }
        };
        match settle(markdown, byte) {
            Some(byte) => placed.push((byte, sentinel)),
            None => leading.push(sentinel),
        }
    }
    placed.sort_by_key(|(byte, _)| *byte);
    let mut out = String::with_capacity(markdown.len() + 4 * placed.len() + leading.len() + 2);
    if !leading.is_empty() {
        out.push_str(&leading);
        out.push_str("\n\n");
    }
    let mut from = 0;
    for (byte, sentinel) in placed {
        push_unmarked(&mut out, &markdown[from..byte]);
        out.push(sentinel);
        from = byte;
    }
    push_unmarked(&mut out, &markdown[from..]);
    out
}

/// Where a mark meant for byte `byte` goes: the end of the text before it,
/// not counting white space and lines of punctuation only; `None` when no
/// text comes before.
fn settle(markdown: &str, byte: usize) -> Option<usize> {
    let mut end = byte;
    loop {
        let before = markdown[..end].trim_end();
        if before.is_empty() {
            return None;
        }
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        if before[line_start..].chars().all(|c| STRUCTURE.contains(c)) {
            end = line_start;
            continue;
        }
        return Some(before.len());
    }
}

/// Appends `text` without any sentinel the model wrote.
fn push_unmarked(out: &mut String, text: &str) {
    out.extend(text.chars().filter(|c| source_of(*c).is_none()));
}

/// The `id` of source number `number` (counted from 1) of the message
/// `message_id`, which its citation marks link to: `source-<id>-<n>`, the
/// message id kept to letters, digits, `-` and `_`, so that it is unique per
/// message and safe in an attribute or a selector.
pub fn source_anchor(message_id: &str, number: u32) -> String {
    let id: String = message_id.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')).collect();
    format!("source-{id}-{number}")
}
