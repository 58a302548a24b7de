//! The pieces a document is split into before they are packed into
//! passages: blocks that stay together, the sections of a heading path,
//! and the normalising of a line. Shared by `split` and its readers.

/// The most characters a passage holds.
pub const MAX_PASSAGE_CHARS: usize = 1_600;
/// A passage with fewer words than this takes in the next block of its
/// section when that fits.
pub const MIN_PASSAGE_WORDS: usize = 120;
/// The most words blocks merged into one passage hold together.
pub const MAX_PASSAGE_WORDS: usize = 250;
/// The most characters of a definition's first line kept as a code
/// passage's heading.
pub const MAX_LABEL_CHARS: usize = 120;

/// A piece of a document that stays together when it can: a paragraph, a
/// fenced code block, a definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Block {
    /// Its text, normalised (prose) or as written (code).
    pub(super) text: String,
    /// Its first line in the file, from 1.
    pub(super) line: usize,
    /// Code, cut at line breaks only.
    pub(super) verbatim: bool,
    /// A code block's definition line.
    pub(super) label: Option<String>,
}

/// The blocks under one heading path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Section {
    pub(super) headings: Vec<String>,
    pub(super) blocks: Vec<Block>,
}

/// Appends `line` to `out` with its indentation kept, runs of whitespace
/// (and control characters) after it collapsed to one space, and its end
/// trimmed.
pub(super) fn push_normalised(out: &mut String, line: &str) {
    let body = line.trim_start();
    out.push_str(line.get(..line.len() - body.len()).unwrap_or_default());
    let mut space = false;
    for c in body.chars() {
        if c.is_whitespace() || c.is_control() {
            space = true;
        } else {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
}
