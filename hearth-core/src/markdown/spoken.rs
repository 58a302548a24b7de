//! What "Read aloud" reads: a reply's words, without what is not speech.
//!
//! [`spoken_text`] keeps the text of paragraphs, headings, list items, quotes
//! and table cells, and the text of links and inline code; it drops code
//! blocks, math, images, raw HTML, link and bare addresses, and every
//! markdown mark. Each block ends with a full stop when it has none, so a
//! voice pauses between a heading and its paragraph, or between list items.
//!
//! [`spoken_pieces`] cuts that text into pieces of whole sentences, each at
//! most a given length, so a speech engine can start on the first while the
//! rest are made (a provider's speech API takes a few thousand characters at
//! a time).

#[cfg(test)]
mod tests;

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use super::options::options;

/// The words of `markdown`, to be read aloud (see the module documentation).
pub fn spoken_text(markdown: &str) -> String {
    let mut out = String::new();
    // Inside a code block, math, an image's alternative text or a table's header row of marks: skipped.
    let mut skipping = 0_usize;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::Image { .. } | Tag::HtmlBlock | Tag::MetadataBlock(_)) => {
                skipping += 1;
            }
            Event::End(TagEnd::CodeBlock | TagEnd::Image | TagEnd::HtmlBlock | TagEnd::MetadataBlock(_)) => {
                skipping = skipping.saturating_sub(1);
            }
            _ if skipping > 0 => {}
            Event::Text(text) | Event::Code(text) => push_words(&mut out, &text),
            Event::SoftBreak | Event::HardBreak => push_space(&mut out),
            Event::End(
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::TableCell | TagEnd::BlockQuote(_),
            ) => end_block(&mut out),
            _ => {}
        }
    }
    out.trim_end().to_owned()
}

/// Adds `text` without the addresses in it, keeping one space between words.
fn push_words(out: &mut String, text: &str) {
    for (index, word) in text.split(char::is_whitespace).enumerate() {
        if index > 0 {
            push_space(out);
        }
        if !is_address(word) {
            out.push_str(word);
        }
    }
}

/// Whether `word` is a web or mail address, which nobody wants read out.
fn is_address(word: &str) -> bool {
    let word = word.trim_start_matches(['(', '<', '[']).to_ascii_lowercase();
    ["http://", "https://", "www.", "mailto:", "ftp://"].iter().any(|start| word.starts_with(start))
}

fn push_space(out: &mut String) {
    if !out.is_empty() && !out.ends_with(char::is_whitespace) {
        out.push(' ');
    }
}

/// Ends a block: a full stop unless it ends with a mark of its own, then a line break.
fn end_block(out: &mut String) {
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    if out.is_empty() {
        return;
    }
    if !out.ends_with(['.', '!', '?', ':', ';', '…', '。', '！', '？']) {
        out.push('.');
    }
    out.push('\n');
}

/// `text` in pieces of whole sentences, each at most `max` bytes (a sentence
/// longer than that is cut at a space, or anywhere when it has none). No piece
/// is empty.
pub fn spoken_pieces(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut pieces = Vec::new();
    let mut piece = String::new();
    for sentence in sentences(text) {
        if !piece.is_empty() && piece.len() + 1 + sentence.len() > max {
            pieces.push(std::mem::take(&mut piece));
        }
        let mut rest = sentence;
        while rest.len() > max {
            let cut = cut_at(rest, max);
            pieces.push(rest[..cut].trim().to_owned());
            rest = rest[cut..].trim_start();
        }
        if !rest.is_empty() {
            if !piece.is_empty() {
                piece.push(' ');
            }
            piece.push_str(rest);
        }
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    pieces.retain(|piece| !piece.is_empty());
    pieces
}

/// The sentences of `text`: each ends after `.`, `!`, `?` (or a CJK full stop)
/// followed by a space or the end, or at a line break; trimmed, none empty.
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut starts = vec![0];
    let mut chars = text.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        let next_is_space = chars.peek().is_none_or(|(_, next)| next.is_whitespace());
        let ends = c == '\n' || matches!(c, '。' | '！' | '？') || (matches!(c, '.' | '!' | '?') && next_is_space);
        if ends {
            starts.push(index + c.len_utf8());
        }
    }
    starts.push(text.len());
    starts.dedup();
    let bounds: Vec<(usize, usize)> = starts.windows(2).map(|pair| (pair[0], pair[1])).collect();
    bounds.into_iter().map(move |(from, to)| text[from..to].trim()).filter(|sentence| !sentence.is_empty())
}

/// Where to cut `text` to at most `max` bytes: after the last space that fits,
/// else at the last character boundary that fits (at least one character).
fn cut_at(text: &str, max: usize) -> usize {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    if end == 0 {
        return text.chars().next().map_or(text.len(), char::len_utf8);
    }
    match text[..end].rfind(char::is_whitespace) {
        Some(space) if space > 0 => space,
        _ => end,
    }
}
