//! Attaching files to a message, the decisions without the browser: where an
//! `@mention` is being typed and what it matches, what picking it leaves of the
//! text, and whether a file's bytes are text.
//!
//! A mention starts with `@` (a project file) or `#` (a knowledge base or a
//! file in one) at the start of the text or after whitespace and runs to the
//! caret without whitespace; `user@example.com` and `C#` are no mention.
//! Offsets are byte offsets into the text; the shell converts the browser's
//! UTF-16 caret with [`byte_offset`] and back with [`utf16_len`].

#[cfg(test)]
mod tests;

use std::ops::Range;

/// The extensions a project file may have (compared without case).
pub const TEXT_EXTENSIONS: [&str; 3] = [".md", ".markdown", ".txt"];

/// Whether `name` ends with one of [`TEXT_EXTENSIONS`].
pub fn has_text_extension(name: &str) -> bool {
    let lower = name.to_lowercase();
    TEXT_EXTENSIONS.iter().any(|extension| lower.ends_with(extension))
}

/// A mention being typed: its `@` or `#` and what follows it up to the caret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    /// The bytes of `@query` (or `#query`) in the text.
    pub range: Range<usize>,
    /// What was typed after the sign.
    pub query: String,
    /// `@` for a project file, `#` for a knowledge base or a file in one.
    pub sign: char,
}

/// The mention that ends at byte `caret` of `text`, if one is being typed there.
pub fn mention_at(text: &str, caret: usize) -> Option<Mention> {
    let before = text.get(..caret)?;
    let of = |sign: char| {
        let at = before.rfind(sign)?;
        let query = before.get(at + 1..)?;
        if query.chars().any(char::is_whitespace) {
            return None;
        }
        if !before.get(..at)?.chars().next_back().is_none_or(char::is_whitespace) {
            return None;
        }
        Some(Mention { range: at..caret, query: query.to_owned(), sign })
    };
    // The one nearer the caret (`@a#b` is a file named `a#b`).
    [of('@'), of('#')].into_iter().flatten().max_by_key(|mention| mention.range.start)
}

/// `text` without the mention's `@query` (picking a file replaces it with a badge).
pub fn without_mention(text: &str, mention: &Mention) -> String {
    match (text.get(..mention.range.start), text.get(mention.range.end..)) {
        (Some(head), Some(tail)) => format!("{head}{tail}"),
        _ => text.to_owned(),
    }
}

/// Picking a file for `mention`: `text` without the typed `@query` and the
/// caret where it was, in UTF-16 units. `None` (nothing to change) when the
/// mention is not in `text` any more: the text changed since it was found, so
/// its offsets may fall outside the text or inside a character.
pub fn pick_mention(text: &str, mention: &Mention) -> Option<(String, usize)> {
    replace_mention(text, mention, "")
}

/// [`pick_mention`], with `with` written where the mention was and the caret
/// after it (a knowledge base's `#Name `).
pub fn replace_mention(text: &str, mention: &Mention, with: &str) -> Option<(String, usize)> {
    if !text.get(mention.range.clone())?.starts_with(mention.sign) {
        return None;
    }
    let head = format!("{}{with}", text.get(..mention.range.start)?);
    let tail = text.get(mention.range.end..)?;
    Some((format!("{head}{tail}"), utf16_len(&head)))
}

/// The positions in `names` of the files a mention's `query` matches, without
/// case: names that start with it first, then names that contain it, each in
/// the given order. An empty query matches every name.
pub fn matching<'a>(names: impl IntoIterator<Item = &'a str>, query: &str) -> Vec<usize> {
    let query = query.to_lowercase();
    let mut starts = Vec::new();
    let mut contains = Vec::new();
    for (at, name) in names.into_iter().enumerate() {
        let name = name.to_lowercase();
        if name.starts_with(&query) {
            starts.push(at);
        } else if name.contains(&query) {
            contains.push(at);
        }
    }
    starts.extend(contains);
    starts
}

/// The byte offset of the UTF-16 position `units` in `text` (the browser's
/// caret), clamped to the text and to a character boundary.
pub fn byte_offset(text: &str, units: usize) -> usize {
    let mut seen = 0;
    for (at, c) in text.char_indices() {
        if seen >= units {
            return at;
        }
        seen += c.len_utf16();
    }
    text.len()
}

/// The length in UTF-16 units of `text` (a caret position for the browser).
pub fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// Why a file's bytes are not text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotText {
    /// It holds a NUL byte, which no text file has.
    NulByte,
    /// It is not valid UTF-8.
    NotUtf8,
}

/// A file's bytes as text: valid UTF-8 without NUL bytes, a leading byte order
/// mark dropped.
pub fn file_text(bytes: &[u8]) -> Result<String, NotText> {
    if bytes.contains(&0) {
        return Err(NotText::NulByte);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| NotText::NotUtf8)?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text).to_owned())
}
