//! Incremental rendering of a growing markdown text while an answer streams:
//! [`StreamingMarkdown`] splits the text into finished blocks, each rendered
//! once, and a growing tail.

use super::{RenderMode, SafeHtml, events, render_counted, render_with};

/// Incremental rendering of a growing markdown text.
#[derive(Debug, Default)]
pub struct StreamingMarkdown {
    source: String,
    /// Byte offset where the unfinished tail starts; everything before it is in `blocks`.
    tail_start: usize,
    /// Byte offset up to which lines were scanned for block boundaries.
    scanned: usize,
    /// Fence state at `scanned`.
    fence: Option<Fence>,
    /// Whether the line before `scanned` was blank (outside a fence).
    after_blank: bool,
    blocks: Vec<SafeHtml>,
    /// The last rendering of the tail, of `tail[..rendered_len]`, while the tail
    /// started at `rendered_start`.
    rendered_tail: SafeHtml,
    rendered_start: usize,
    rendered_len: usize,
    /// How many times the tail was rendered (for tests of the budget).
    pub(super) tail_renders: usize,
    /// How code blocks are shown.
    mode: RenderMode,
    /// How many "App code" callouts the finished blocks have.
    app_code_before: usize,
}

/// A tail up to this size is rendered on every push. A bigger one is rendered
/// again only when it has grown by a quarter since its last rendering (the text
/// that arrived since is shown plain meanwhile), so the rendering work of a long
/// unfinished block stays proportional to its length overall instead of growing
/// with its length on every frame.
pub const EAGER_TAIL_BYTES: usize = 24 * 1024;

/// What changed after [`StreamingMarkdown::push`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamingUpdate {
    /// Blocks that became final with this push, in order; append them once.
    pub new_blocks: Vec<SafeHtml>,
    /// The rendered unfinished tail; replaces the previous tail.
    pub tail: SafeHtml,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Fence {
    marker: u8,
    len: usize,
}

impl StreamingMarkdown {
    /// An empty document.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty document rendered in `mode`.
    pub fn with_mode(mode: RenderMode) -> Self {
        Self { mode, ..Self::default() }
    }

    /// The whole text received so far.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The final blocks so far.
    pub fn blocks(&self) -> &[SafeHtml] {
        &self.blocks
    }

    /// Renders the whole text at once, for when the answer is complete. Streaming
    /// renders blocks on their own, so what needs the whole document (a link whose
    /// reference definition comes later) only resolves here.
    pub fn finish(&self) -> SafeHtml {
        render_with(&self.source, self.mode)
    }

    /// Appends text and renders what changed. Work is proportional to the new
    /// text plus the current tail, never to the whole document; a tail bigger than
    /// [`EAGER_TAIL_BYTES`] is re-rendered only now and then (see there).
    pub fn push(&mut self, text: &str) -> StreamingUpdate {
        self.source.push_str(text);
        let first_new = self.blocks.len();
        self.scan_complete_lines();
        let new_blocks = self.blocks[first_new..].to_vec();
        StreamingUpdate { new_blocks, tail: self.render_tail() }
    }

    /// The tail's markup: rendered anew when it is small or has grown enough,
    /// otherwise the last rendering followed by the newer text, plain.
    fn render_tail(&mut self) -> SafeHtml {
        let tail = &self.source[self.tail_start..];
        let stale = self.rendered_start != self.tail_start || self.rendered_len > tail.len();
        if tail.len() <= EAGER_TAIL_BYTES || stale || tail.len() >= self.rendered_len + self.rendered_len / 4 {
            self.rendered_tail = render_counted(tail, self.mode, self.app_code_before).0;
            self.rendered_start = self.tail_start;
            self.rendered_len = tail.len();
            self.tail_renders += 1;
            return self.rendered_tail.clone();
        }
        let mut html = self.rendered_tail.as_str().to_owned();
        html.push_str("<p class=\"pending\">");
        html.push_str(&events::escape(&tail[self.rendered_len..]));
        html.push_str("</p>\n");
        SafeHtml(html)
    }

    /// Scans every newly completed line for a block boundary: a blank line outside
    /// a fence followed by a line that starts at the margin and cannot continue the
    /// block before it (not indented, not a list item, not a table row or a
    /// blockquote continuation). Such a boundary is where the finished part ends.
    fn scan_complete_lines(&mut self) {
        while let Some(newline) = self.source[self.scanned..].find('\n') {
            let line_start = self.scanned;
            self.scanned = line_start + newline + 1;
            let line = self.source[line_start..line_start + newline].trim_end_matches('\r');
            if let Some(fence) = self.fence {
                if closes_fence(line, fence) {
                    self.fence = None;
                }
                self.after_blank = false;
                continue;
            }
            if line.trim().is_empty() {
                self.after_blank = true;
                continue;
            }
            let boundary = self.after_blank && starts_new_block(line) && line_start > self.tail_start;
            self.after_blank = false;
            self.fence = opens_fence(line);
            if boundary {
                let (block, callouts) =
                    render_counted(&self.source[self.tail_start..line_start], self.mode, self.app_code_before);
                self.app_code_before += callouts;
                self.blocks.push(block);
                self.tail_start = line_start;
            }
        }
    }
}

/// A line that, after a blank line, surely begins a new top-level block.
fn starts_new_block(line: &str) -> bool {
    let first = line.as_bytes()[0];
    if first == b' ' || first == b'\t' || first == b'|' || first == b'>' || first == b'[' {
        return false;
    }
    !is_list_item(line)
}

fn is_list_item(line: &str) -> bool {
    let bytes = line.as_bytes();
    match bytes[0] {
        b'-' | b'*' | b'+' => bytes.get(1).is_none_or(|b| *b == b' ' || *b == b'\t'),
        b'0'..=b'9' => {
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            digits <= 9
                && matches!(bytes.get(digits), Some(b'.' | b')'))
                && bytes.get(digits + 1).is_none_or(|b| *b == b' ' || *b == b'\t')
        }
        _ => false,
    }
}

fn opens_fence(line: &str) -> Option<Fence> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let marker = *rest.as_bytes().first()?;
    if marker != b'`' && marker != b'~' {
        return None;
    }
    let len = rest.bytes().take_while(|b| *b == marker).count();
    // A backtick fence's info string may not contain backticks.
    (len >= 3 && !(marker == b'`' && rest[len..].contains('`'))).then_some(Fence { marker, len })
}

fn closes_fence(line: &str, fence: Fence) -> bool {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return false;
    }
    let len = trimmed.bytes().take_while(|b| *b == fence.marker).count();
    len >= fence.len && trimmed[len..].trim().is_empty()
}
