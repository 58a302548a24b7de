//! Incremental rendering of a growing markdown text while an answer streams.
//!
//! [`StreamingMarkdown`] splits the text into finished blocks, each rendered
//! once, and a growing tail. A block ends at a blank line followed by a line
//! that starts a new top-level block, before and after a fenced code block at
//! the margin, and around a heading at the margin.
//!
//! The page is told what changed as a [`StreamingDelta`], whose tail change is
//! mostly an append ([`TailChange::Extend`]), so a frame costs work in
//! proportion to the new text, not to the tail:
//! - an open fenced code block at the margin (its content is literal until the
//!   fence closes): the new lines are escaped and appended into its `<code>`;
//! - a table at the margin (its header and delimiter rows, then rows that each
//!   start with `|`): each completed row is rendered with the header alone and
//!   appended into its `<tbody>` ([`TailChange::AddInto`]);
//! - any other tail up to [`EAGER_TAIL_BYTES`] is rendered anew on each push; a
//!   bigger one only when it has grown by a quarter, the newer text being
//!   appended plain meanwhile, so its rendering work stays proportional to its
//!   length overall.
//!
//! A finished block, and the tail at [`StreamingMarkdown::end`], are rendered
//! exactly as the whole document would render them, unless the document needs
//! the whole text ([`StreamingMarkdown::needs_whole`]: a link reference
//! definition, or a line starting with raw HTML, whose blocks can span blank
//! lines), in which case [`StreamingMarkdown::finish`] renders it whole.

use super::events::ELEMENT_BUDGET;
use super::labels::{Labels, LabelsRef};
use super::{CodeStyle, RenderMode, SafeHtml, events, render_counted};

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
    /// Where the line that opened `fence` starts.
    fence_line: usize,
    /// Whether the line before `scanned` was blank (outside a fence).
    after_blank: bool,
    /// Whether a fenced code block at the margin closed, with only blank lines since.
    after_fence: bool,
    blocks: Vec<SafeHtml>,
    /// What the page shows of the tail.
    tail: Tail,
    /// The page's tail no longer matches `tail` (the tail started anew): the next change replaces it.
    replace: bool,
    /// How many times the tail was rendered (for tests of the budget).
    pub(super) tail_renders: usize,
    /// Bytes of markdown handed to the renderer so far (for tests of the work per push).
    pub(super) rendered_bytes: usize,
    /// How code blocks are shown.
    mode: RenderMode,
    /// How many "App code" callouts the finished blocks have.
    app_code_before: usize,
    /// The tail was found not to be a table that rows can be appended to (until it ends).
    not_table: bool,
    /// Whether a scanned line needs the whole document (see [`StreamingMarkdown::needs_whole`]).
    whole_needed: bool,
    /// How code blocks are written.
    code: CodeStyle,
    /// What the markup calls its controls.
    labels: LabelsRef,
}

/// A tail up to this size is rendered on every push. A bigger one is rendered
/// again only when it has grown by a quarter since its last rendering (the text
/// that arrived since is shown plain meanwhile), so the rendering work of a long
/// unfinished block stays proportional to its length overall instead of growing
/// with its length on every frame. (An open fenced code block is never rendered
/// again: its new lines are appended.)
pub const EAGER_TAIL_BYTES: usize = 4 * 1024;

/// What changed after [`StreamingMarkdown::push`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamingUpdate {
    /// Blocks that became final with this push, in order; append them once.
    pub new_blocks: Vec<SafeHtml>,
    /// The rendered unfinished tail; replaces the previous tail.
    pub tail: SafeHtml,
}

/// What changed after [`StreamingMarkdown::push_delta`] or [`StreamingMarkdown::end`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamingDelta {
    /// Blocks that became final, in order; append them once, before the tail.
    pub new_blocks: Vec<SafeHtml>,
    /// How the tail changed.
    pub tail: TailChange,
}

/// How the shown tail changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TailChange {
    /// It does not.
    Same,
    /// Its markup is replaced by this.
    Replace(SafeHtml),
    /// This markup goes at the end of the tail, after what is there.
    Add(SafeHtml),
    /// This markup (escaped text only) goes at the end of the tail's innermost
    /// last element (its last element child, and so on down): the open
    /// `<code>` of a fenced code block, or the paragraph of pending text.
    Extend(SafeHtml),
    /// This markup goes at the end of the element reached from the tail's last
    /// element by `depth` steps to the last element child: the rows of a table
    /// into its `<tbody>` (depth 1).
    AddInto {
        /// Steps from the tail's last element down to the element to append to.
        depth: usize,
        /// The markup to append.
        html: SafeHtml,
    },
}

/// What the page shows of the tail.
#[derive(Debug)]
enum Tail {
    /// `html` renders `source[tail_start..tail_start + len]`; `pending` is the
    /// escaped text of the `pending_len` bytes after it, shown plain.
    Rendered { html: String, len: usize, pending: String, pending_len: usize, callouts: usize },
    /// An open fenced code block at the margin: `open` is the markup up to its
    /// `<code …>`, `body` the escaped text of `source[..shown]` after the
    /// opening line, `close` the markup after `</code>`.
    Fence { open: String, body: String, close: String, shown: usize },
    /// A table at the margin: `open` is its markup up to and with `<tbody>\n`,
    /// `rows` the rows of the `|` lines of `source[..shown]` after its header and
    /// delimiter lines (`header` bytes from the tail's start), `close` the markup
    /// after them.
    /// `elements` is at least the number of elements its rendering counts
    /// against [`ELEMENT_BUDGET`].
    Table { open: String, rows: String, close: String, header: usize, shown: usize, elements: usize },
}

impl Tail {
    /// A rendering that stands for no text (its length never matches), so the
    /// next update renders the tail as a whole.
    fn stale() -> Self {
        Tail::Rendered { html: String::new(), len: usize::MAX, pending: String::new(), pending_len: 0, callouts: 0 }
    }
}

impl Default for Tail {
    fn default() -> Self {
        Tail::Rendered { html: String::new(), len: 0, pending: String::new(), pending_len: 0, callouts: 0 }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Fence {
    marker: u8,
    len: usize,
    /// Opened at the margin: a top-level block of its own.
    margin: bool,
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

    /// An empty reply rendered in `mode` as the app streams it: code blocks
    /// dressed, not highlighted ([`CodeStyle::DressedUnhighlighted`]); the page
    /// highlights each block's code once, later ([`super::highlight_code`]).
    /// Its controls are named in `labels`.
    pub fn for_reply(mode: RenderMode, labels: &'static dyn Labels) -> Self {
        Self { mode, code: CodeStyle::DressedUnhighlighted, labels: LabelsRef(labels), ..Self::default() }
    }

    /// The whole text received so far.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The final blocks so far.
    pub fn blocks(&self) -> &[SafeHtml] {
        &self.blocks
    }

    /// Renders the whole text at once. The streamed blocks plus the tail after
    /// [`Self::end`] render the same unless [`Self::needs_whole`] says so.
    pub fn finish(&self) -> SafeHtml {
        render_counted(&self.source, self.mode, self.code, 0, self.labels.0).0
    }

    /// Whether the text holds something whose rendering needs the whole
    /// document, so that only [`Self::finish`] shows it right: a link
    /// reference definition (a link may use it above), or a line starting with
    /// raw HTML (an HTML block may span blank lines). Checked loosely: it may
    /// say yes when the blocks would have been right.
    pub fn needs_whole(&self) -> bool {
        self.whole_needed || needs_whole_document(&self.source[self.scanned..])
    }

    /// Appends text and renders what changed; the tail as its whole markup
    /// (see [`Self::push_delta`] for the page's cheaper way).
    pub fn push(&mut self, text: &str) -> StreamingUpdate {
        let delta = self.push_delta(text);
        StreamingUpdate { new_blocks: delta.new_blocks, tail: self.tail_markup() }
    }

    /// Appends text and says what changed. Work is proportional to the new
    /// text, plus the tail's when it is at most [`EAGER_TAIL_BYTES`] or has grown
    /// by a quarter since it was last rendered, plus a block when one ends.
    pub fn push_delta(&mut self, text: &str) -> StreamingDelta {
        self.source.push_str(text);
        let first_new = self.blocks.len();
        self.scan_complete_lines();
        let tail = self.update_tail();
        StreamingDelta { new_blocks: self.blocks[first_new..].to_vec(), tail }
    }

    /// The text is complete: renders the tail as the whole document would
    /// (once; the last partial line is part of it now).
    pub fn end(&mut self) -> StreamingDelta {
        let tail = &self.source[self.tail_start..];
        let exact = match &self.tail {
            Tail::Rendered { len, pending_len, .. } => *len == tail.len() && *pending_len == 0 && !self.replace,
            Tail::Fence { .. } | Tail::Table { .. } => false,
        };
        if let Tail::Table { shown, .. } = &self.tail {
            let rest = &self.source[*shown..];
            if rest.trim().is_empty() {
                return StreamingDelta { new_blocks: Vec::new(), tail: TailChange::Same };
            }
            if !rest.contains('\n') && rest.starts_with('|') {
                let end = self.source.len();
                if let Some(change) = self.append_rows(end) {
                    return StreamingDelta { new_blocks: Vec::new(), tail: change };
                }
            }
        }
        if exact {
            return StreamingDelta { new_blocks: Vec::new(), tail: TailChange::Same };
        }
        let html = self.render_tail();
        StreamingDelta { new_blocks: Vec::new(), tail: TailChange::Replace(SafeHtml(html)) }
    }

    /// The tail's whole markup, as the page shows it after the changes so far.
    pub fn tail_markup(&self) -> SafeHtml {
        SafeHtml(match &self.tail {
            Tail::Rendered { html, pending, .. } if pending.is_empty() => html.clone(),
            Tail::Rendered { html, pending, .. } => format!("{html}{}", pending_paragraph(pending)),
            Tail::Fence { open, body, close, .. } => format!("{open}{body}{close}"),
            Tail::Table { open, rows, close, .. } => format!("{open}{rows}{close}"),
        })
    }

    /// Renders the whole tail anew and remembers it.
    fn render_tail(&mut self) -> String {
        let tail = &self.source[self.tail_start..];
        let (html, callouts) = render_counted(tail, self.mode, self.code, self.app_code_before, self.labels.0);
        self.rendered_bytes += tail.len();
        self.tail_renders += 1;
        let html = html.0;
        self.tail =
            Tail::Rendered { html: html.clone(), len: tail.len(), pending: String::new(), pending_len: 0, callouts };
        self.replace = false;
        html
    }

    /// Renders the tail's complete lines anew, the partial last line after them
    /// shown plain, and says to replace the tail with that.
    fn render_tail_lines(&mut self) -> TailChange {
        let text = &self.source[self.tail_start..self.scanned];
        let (html, callouts) = render_counted(text, self.mode, self.code, self.app_code_before, self.labels.0);
        self.rendered_bytes += text.len();
        self.tail_renders += 1;
        let pending_len = self.source.len() - self.scanned;
        let pending = events::escape(&self.source[self.scanned..]);
        self.tail = Tail::Rendered { html: html.0, len: text.len(), pending, pending_len, callouts };
        self.replace = false;
        TailChange::Replace(self.tail_markup())
    }

    /// Brings the tail up to date with the source and says how it changed.
    fn update_tail(&mut self) -> TailChange {
        if let Some(fence) = self.fence.filter(|fence| fence.margin && self.fence_line == self.tail_start) {
            return self.update_fence(fence);
        }
        if let Some(change) = self.update_table() {
            return change;
        }
        let tail_len = self.source.len() - self.tail_start;
        let (len, pending_len, had_pending) = match &self.tail {
            Tail::Rendered { len, pending_len, pending, .. } => (*len, *pending_len, !pending.is_empty()),
            Tail::Fence { .. } | Tail::Table { .. } => (usize::MAX, 0, false),
        };
        if self.replace || len > tail_len || tail_len <= EAGER_TAIL_BYTES || tail_len >= len + len / 4 {
            // What the page shows, when it is exactly the last rendering: an
            // unchanged rendering then changes nothing.
            let previous = match &mut self.tail {
                Tail::Rendered { html, pending_len: 0, .. } if !self.replace => Some(std::mem::take(html)),
                _ => None,
            };
            let partial = self.source.len() - self.scanned.max(self.tail_start);
            if tail_len > EAGER_TAIL_BYTES && partial > 0 && partial < tail_len && partial <= EAGER_TAIL_BYTES {
                // A big tail is rendered up to its last complete line, the
                // partial line after it shown plain: the rendering then never
                // ends in the middle of something the next text completes.
                return self.render_tail_lines();
            }
            let html = self.render_tail();
            if previous.as_deref() == Some(html.as_str()) {
                return TailChange::Same;
            }
            return TailChange::Replace(SafeHtml(html));
        }
        let start = self.tail_start + len + pending_len;
        let new = &self.source[start..];
        if new.is_empty() {
            return TailChange::Same;
        }
        let escaped = events::escape(new);
        let added = new.len();
        if let Tail::Rendered { pending, pending_len, .. } = &mut self.tail {
            pending.push_str(&escaped);
            *pending_len += added;
        }
        if had_pending {
            TailChange::Extend(SafeHtml(escaped))
        } else {
            TailChange::Add(SafeHtml(pending_paragraph(&escaped)))
        }
    }

    /// When the tail is a table at the margin whose lines all start with `|`,
    /// appends its newly completed rows (or starts showing it that way); `None`
    /// when the tail is not such a table (any more), to be rendered as a whole.
    fn update_table(&mut self) -> Option<TailChange> {
        if self.not_table || !self.source[self.tail_start..].starts_with('|') {
            return None;
        }
        // The complete lines not yet shown: rows up to the first blank line;
        // only blank lines may follow them (a table ends at a blank line).
        let from = match &self.tail {
            Tail::Table { shown, .. } => *shown,
            Tail::Rendered { .. } => self.tail_start,
            Tail::Fence { .. } => return None,
        };
        let Some((rows_end, lines)) = table_rows(&self.source[..self.scanned], from) else {
            return self.not_a_table();
        };
        if matches!(self.tail, Tail::Rendered { .. }) {
            if lines < 2 {
                return None; // Header and delimiter not both there yet.
            }
            return self.start_table(rows_end);
        }
        if rows_end == from {
            return Some(TailChange::Same);
        }
        self.append_rows(rows_end).or_else(|| self.not_a_table())
    }

    /// Shows the tail's table from its header to `rows_end` (whole lines), split
    /// so that rows can be appended into its `<tbody>`.
    fn start_table(&mut self, rows_end: usize) -> Option<TailChange> {
        let text = &self.source[self.tail_start..rows_end];
        let header = text.split_inclusive('\n').take(2).map(str::len).sum();
        let (html, _) = render_counted(text, self.mode, self.code, self.app_code_before, self.labels.0);
        self.rendered_bytes += text.len();
        let html = html.0;
        let split = html.rfind(TABLE_CLOSE).filter(|at| {
            html.starts_with(TABLE_OPEN)
                && html.matches(TABLE_OPEN).count() == 1
                && at + TABLE_CLOSE.len() == html.len()
        });
        let Some(split) = split else { return self.not_a_table() };
        let Some(body) = html.find(TABLE_BODY).map(|at| at + TABLE_BODY.len()).filter(|body| *body <= split) else {
            return self.not_a_table();
        };
        let elements = elements_at_most(&html);
        if elements >= ELEMENT_BUDGET {
            return self.not_a_table();
        }
        self.tail = Tail::Table {
            open: html[..body].to_owned(),
            rows: html[body..split].to_owned(),
            close: TABLE_CLOSE.to_owned(),
            header,
            shown: rows_end,
            elements,
        };
        self.replace = false;
        Some(TailChange::Replace(self.tail_markup()))
    }

    /// Renders the rows of `source[shown..end]` under the table's header and
    /// says to append them; `None` when they do not render as rows of it, or
    /// when the whole table would reach the renderer's element budget (past
    /// which it is flattened, so only a rendering of the whole shows it right).
    fn append_rows(&mut self, end: usize) -> Option<TailChange> {
        let Tail::Table { open, header, shown, elements, .. } = &self.tail else { return None };
        let mut text = String::with_capacity(header + end - shown);
        text.push_str(&self.source[self.tail_start..self.tail_start + header]);
        text.push_str(&self.source[*shown..end]);
        let (html, _) = render_counted(&text, self.mode, self.code, self.app_code_before, self.labels.0);
        self.rendered_bytes += text.len();
        let added = html.0.strip_prefix(open.as_str())?.strip_suffix(TABLE_CLOSE)?.to_owned();
        let total = elements + elements_at_most(&added);
        if total >= ELEMENT_BUDGET {
            return None;
        }
        if let Tail::Table { rows, shown, elements, .. } = &mut self.tail {
            rows.push_str(&added);
            *shown = end;
            *elements = total;
        }
        Some(TailChange::AddInto { depth: 1, html: SafeHtml(added) })
    }

    /// The tail is not a table rows can be appended to: it is rendered as a
    /// whole from now on (the next change replaces it when it was shown as one).
    fn not_a_table(&mut self) -> Option<TailChange> {
        self.not_table = true;
        if matches!(self.tail, Tail::Table { .. }) {
            self.tail = Tail::stale();
            self.replace = true;
        }
        None
    }

    /// The tail is an open fenced code block at the margin: appends its new
    /// lines (a last partial line that may become the closing fence waits).
    fn update_fence(&mut self, fence: Fence) -> TailChange {
        if !matches!(self.tail, Tail::Fence { .. }) {
            let opening_end =
                self.source[self.tail_start..].find('\n').map_or(self.source.len(), |i| self.tail_start + i + 1);
            let (html, _) = render_counted(
                &self.source[self.tail_start..opening_end],
                self.mode,
                self.code,
                self.app_code_before,
                self.labels.0,
            );
            self.rendered_bytes += opening_end - self.tail_start;
            let Some(split) = html.0.rfind("</code>") else {
                // Not the markup expected of a code block: render the tail as a whole.
                self.replace = true;
                self.tail = Tail::stale();
                let html = self.render_tail();
                return TailChange::Replace(SafeHtml(html));
            };
            let (open, close) = html.0.split_at(split);
            self.tail =
                Tail::Fence { open: open.to_owned(), body: String::new(), close: close.to_owned(), shown: opening_end };
            self.replace = true;
        }
        let mut limit = self.source.len();
        if may_close(&self.source[self.scanned..], fence) {
            limit = self.scanned;
        }
        let Tail::Fence { shown, .. } = &self.tail else { return TailChange::Same };
        let from = *shown;
        if limit > from && self.source.as_bytes()[limit - 1] == b'\r' {
            limit -= 1;
        }
        let limit = limit.max(from);
        let escaped = code_text(&self.source[from..limit]);
        self.rendered_bytes += 2 * (limit - from);
        if let Tail::Fence { body, shown, .. } = &mut self.tail {
            body.push_str(&escaped);
            *shown = limit;
        }
        if std::mem::take(&mut self.replace) {
            return TailChange::Replace(self.tail_markup());
        }
        if escaped.is_empty() { TailChange::Same } else { TailChange::Extend(SafeHtml(escaped)) }
    }

    /// Scans every newly completed line for a block boundary: a blank line outside
    /// a fence followed by a line that starts at the margin and cannot continue the
    /// block before it (not indented, not a list item, not a table row or a
    /// blockquote continuation); the start and the end of a fenced code block at
    /// the margin; a heading at the margin. Such a boundary is where the finished
    /// part ends.
    fn scan_complete_lines(&mut self) {
        while let Some(newline) = self.source[self.scanned..].find('\n') {
            let line_start = self.scanned;
            self.scanned = line_start + newline + 1;
            let line = self.source[line_start..line_start + newline].trim_end_matches('\r');
            if let Some(fence) = self.fence {
                if closes_fence(line, fence) {
                    self.fence = None;
                    // Whatever comes next starts a new block.
                    self.after_fence = fence.margin;
                }
                self.after_blank = false;
                continue;
            }
            if line.trim().is_empty() {
                self.after_blank = true;
                continue;
            }
            if !self.whole_needed && needs_whole_document(line) {
                self.whole_needed = true;
            }
            let opened = opens_fence(line);
            let heading = is_margin_heading(line);
            let after_fence = std::mem::take(&mut self.after_fence);
            let starts = (self.after_blank && starts_new_block(line))
                || after_fence
                || heading
                || opened.is_some_and(|f| f.margin);
            let boundary = starts && line_start > self.tail_start;
            self.after_blank = false;
            self.fence = opened;
            if opened.is_some() {
                self.fence_line = line_start;
            }
            if boundary {
                self.cut(line_start);
            }
            if heading {
                self.cut(self.scanned);
            }
        }
    }

    /// Ends the tail at `end` as a finished block, rendered once.
    /// The last rendering of the tail is used when it ended at a line's end and
    /// only blank lines came after it (they change nothing at the end of a
    /// block; a partial last line would: an indented code line gains its newline).
    fn cut(&mut self, end: usize) {
        if let Tail::Table { shown, .. } = self.tail
            && let Some((rows_end, _)) = table_rows(&self.source[..end], shown)
            && rows_end > shown
        {
            // The rows not shown yet: rendered alone, not the whole table again.
            let _ = self.append_rows(rows_end);
        }
        let text = &self.source[self.tail_start..end];
        let reusable = match &mut self.tail {
            Tail::Rendered { html, len, pending_len: 0, callouts, .. }
                if *len <= text.len()
                    && (*len == 0 || text.as_bytes()[*len - 1] == b'\n')
                    && text[*len..].trim().is_empty() =>
            {
                Some((std::mem::take(html), *callouts))
            }
            Tail::Table { open, rows, close, shown, .. } if text[*shown - self.tail_start..].trim().is_empty() => {
                Some((format!("{open}{rows}{close}"), 0))
            }
            _ => None,
        };
        let (block, callouts) = match reusable {
            Some((html, callouts)) => (SafeHtml(html), callouts),
            None => {
                self.rendered_bytes += text.len();
                render_counted(text, self.mode, self.code, self.app_code_before, self.labels.0)
            }
        };
        self.app_code_before += callouts;
        if !block.as_str().is_empty() {
            self.blocks.push(block);
        }
        self.tail_start = end;
        self.tail = Tail::default();
        self.replace = true;
        self.not_table = false;
    }
}

/// The end of the run of complete `|` lines of `text` from `from`, and how
/// many there are, when only blank lines follow them (a table ends at a blank
/// line); `None` when another line follows.
fn table_rows(text: &str, from: usize) -> Option<(usize, usize)> {
    let mut rows_end = from;
    let mut blank = false;
    let mut lines = 0;
    for line in text[from..].split_inclusive('\n') {
        if line.trim().is_empty() {
            blank = true;
        } else if blank || !line.starts_with('|') || !line.ends_with('\n') {
            return None;
        } else {
            rows_end += line.len();
            lines += 1;
        }
    }
    Some((rows_end, lines))
}

/// How a table's markup starts (`<table>`, or `<table tabindex="0">` when dressed).
const TABLE_OPEN: &str = "<table";
/// Where a table's rows start in its markup, and what follows them.
const TABLE_BODY: &str = "<tbody>\n";
const TABLE_CLOSE: &str = "</tbody></table>\n";

/// At most how many elements the rendering that wrote `html` counted against
/// [`ELEMENT_BUDGET`] (an upper bound): every element it counts writes an
/// opening tag, and an image placeholder counts four.
fn elements_at_most(html: &str) -> usize {
    let tags = html.as_bytes().windows(2).filter(|pair| pair[0] == b'<' && pair[1].is_ascii_alphabetic()).count();
    tags + 4 * html.matches("data-image-url").count()
}

/// Escaped text shown plain after the tail's rendering.
fn pending_paragraph(escaped: &str) -> String {
    format!("<p class=\"pending\">{escaped}</p>\n")
}

/// The markup of `text` as the content of a fenced code block: rendered as one,
/// with a fence longer than any run of fence characters in it, so that no line
/// of it closes the fence, whatever the real fence's character.
fn code_text(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let mut longest = 0;
    let mut run = 0;
    for byte in text.bytes() {
        run = if byte == b'`' || byte == b'~' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest.max(2) + 1);
    let complete = text.ends_with('\n');
    let mut markdown = String::with_capacity(text.len() + 2 * fence.len() + 3);
    markdown.push_str(&fence);
    markdown.push('\n');
    markdown.push_str(text);
    if !complete {
        markdown.push('\n');
    }
    markdown.push_str(&fence);
    markdown.push('\n');
    let (html, _) = render_counted(&markdown, RenderMode::Chat, CodeStyle::Plain, 0, &super::English);
    let html = html.as_str();
    let body = html
        .find("<code")
        .and_then(|open| html[open..].find('>').map(|end| open + end + 1))
        .zip(html.rfind("</code>"))
        .filter(|(start, end)| start <= end)
        .map(|(start, end)| &html[start..end]);
    match body {
        Some(body) if complete => body.to_owned(),
        Some(body) => body.strip_suffix('\n').unwrap_or(body).to_owned(),
        None => events::escape(text),
    }
}

/// Whether a partial last line may still turn out to close `fence`.
fn may_close(partial: &str, fence: Fence) -> bool {
    let trimmed = partial.trim_start_matches(' ');
    if partial.len() - trimmed.len() > 3 {
        return false;
    }
    let markers = trimmed.bytes().take_while(|b| *b == fence.marker).count();
    let rest = &trimmed[markers..];
    rest.is_empty() || (markers >= fence.len && rest.trim().is_empty())
}

/// A line whose block may depend on text far from it (see
/// [`StreamingMarkdown::needs_whole`]): one with a possible link reference
/// definition, or one starting with `<` after container markers.
fn needs_whole_document(line: &str) -> bool {
    if line.contains("]:") {
        return true;
    }
    let rest = line.trim_start_matches(|c: char| {
        c == ' '
            || c == '\t'
            || c == '>'
            || c == '-'
            || c == '*'
            || c == '+'
            || c == '.'
            || c == ')'
            || c.is_ascii_digit()
    });
    rest.starts_with('<')
}

/// An ATX heading at the margin: a block of its own line, which ends any
/// paragraph, list, quote or table before it.
fn is_margin_heading(line: &str) -> bool {
    let hashes = line.bytes().take_while(|b| *b == b'#').count();
    (1..=6).contains(&hashes) && line.as_bytes().get(hashes).is_none_or(|b| *b == b' ' || *b == b'\t')
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
    (len >= 3 && !(marker == b'`' && rest[len..].contains('`'))).then_some(Fence { marker, len, margin: indent == 0 })
}

fn closes_fence(line: &str, fence: Fence) -> bool {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return false;
    }
    let len = trimmed.bytes().take_while(|b| *b == fence.marker).count();
    len >= fence.len && trimmed[len..].trim().is_empty()
}

#[cfg(test)]
mod tests;
