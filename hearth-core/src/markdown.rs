//! Markdown to safe HTML, whole or incrementally while an answer streams.
//!
//! Pipeline: pulldown-cmark parses; [`events`] turns raw HTML in the markdown
//! into text (so `<b>` shows as typed, and nothing the model writes becomes
//! markup by itself), images into placeholders that load nothing, and bounds
//! nesting and size; then [`writer`], an allow-list HTML writer, writes the
//! result. It writes only the elements, attributes and classes listed in its
//! docs, escapes every text and attribute value, and keeps a link's `href` only
//! for a relative address or an allowed scheme (never `javascript:`, `data:` or
//! `vbscript:`); so its output is safe by construction, with no second parse.
//! The only way to get a [`SafeHtml`] is through this module.
//!
//! While streaming, [`StreamingMarkdown`] splits the text into finished blocks and
//! a growing tail. A finished block is rendered once and never again; only the
//! tail is re-rendered as text arrives, so the cost of a chunk does not grow with
//! the length of the answer.
//!
//! Math (`$…$`, `$$…$$`, and `\\(…\\)`, `\\[…\\]` rewritten to them first,
//! see [`math`]) becomes MathML through the same writer: [`math`] converts
//! the TeX into a closed set of MathML elements, and a formula it refuses (too
//! long, deep or big, or past the rendering budget) is shown as its source. A
//! dollar amount stays text: `$5 and $10` is no math (an opening `$` must be
//! followed, and a closing one preceded, by a non-space).
//!
//! A reply that cites its sources is rendered with [`render_reply_cited`]:
//! each citation mark becomes a numbered link to its source's entry in the
//! list the shell shows ([`source_anchor`]), placed by sentinels (see
//! [`citations`]) so that no markup ever comes from the text. Streaming
//! replies are rendered without marks; the shell renders the reply whole
//! with them once it has ended (only a reply with citations pays for that).
//!
//! An app agent's reply is rendered in [`RenderMode::App`]: each of its app
//! code blocks (```` ```html ````, ```` ```css ````, ```` ```js ````; see
//! [`crate::app::AppCode`]) is wrapped in a collapsed `<details>` callout whose
//! summary reads "App code" followed by its number in the reply
//! (`<span class="app-code-number"> 2</span>`). Numbers count from the start of
//! the reply, so a finished block never needs rendering again when a later one
//! arrives; the second and later callouts carry the class `app-code-more`, and
//! the shell's style hides the numbers of a reply without one (a reply with a
//! single callout reads "App code"). `details`, `summary` and these classes are
//! written in this mode only.
//!
//! [`render`], [`render_with`] and [`StreamingMarkdown::new`] write code blocks
//! plain (`<pre><code class="language-…">`). A reply in the app is rendered
//! dressed: each code block gets a header with its language and a "Copy code"
//! button, a scroller keyboard users can reach, and, for a language the small
//! hand-written highlighter ([`highlight`]) knows, its tokens in
//! `<span class="tok-…">`. A stored reply is rendered whole with
//! [`CodeStyle::Dressed`] ([`render_reply`]); a streaming one with
//! [`CodeStyle::DressedUnhighlighted`] ([`StreamingMarkdown::for_reply`]),
//! its code plain (the open block's new lines appended as text) and marked
//! `data-plain`, and once it has ended the page highlights each marked block
//! once with [`highlight_code`], which gives what `render_reply` writes.

mod address;
mod citations;
mod escape;
mod events;
mod highlight;
mod labels;
mod math;
mod options;
mod spoken;
mod streaming;
#[cfg(test)]
mod tests;
mod writer;

use pulldown_cmark::Parser;

pub use self::citations::source_anchor;
use self::events::SafeEvents;
pub use self::labels::{English, Labels};
use self::options::options;
pub use self::options::{CodeStyle, RenderMode};
pub use self::spoken::{spoken_pieces, spoken_text};
pub use self::streaming::{EAGER_TAIL_BYTES, StreamingDelta, StreamingMarkdown, StreamingUpdate, TailChange};

/// HTML written by this module's allow-list writer; safe to put into the page.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SafeHtml(String);

impl SafeHtml {
    /// `text` shown as it is, unrendered (escaped, in a paragraph that keeps
    /// its line breaks): what a reply shows when the renderer is unavailable.
    pub fn text(text: &str) -> Self {
        let mut html = String::with_capacity(text.len() + 32);
        html.push_str("<p class=\"unrendered\">");
        for c in text.chars() {
            match c {
                '<' => html.push_str("&lt;"),
                '>' => html.push_str("&gt;"),
                '&' => html.push_str("&amp;"),
                '"' => html.push_str("&quot;"),
                c => html.push(c),
            }
        }
        html.push_str("</p>");
        Self(html)
    }

    /// The markup.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Renders a whole markdown document.
pub fn render(markdown: &str) -> SafeHtml {
    render_with(markdown, RenderMode::Chat)
}

/// Renders a whole markdown document in `mode`.
pub fn render_with(markdown: &str, mode: RenderMode) -> SafeHtml {
    render_counted(markdown, mode, CodeStyle::Plain, 0, &English).0
}

/// Renders a whole reply in `mode` as the app shows it: code blocks dressed
/// and highlighted ([`CodeStyle::Dressed`]), its controls named in `labels`.
pub fn render_reply(markdown: &str, mode: RenderMode, labels: &dyn Labels) -> SafeHtml {
    render_counted(markdown, mode, CodeStyle::Dressed, 0, labels).0
}

/// Where a reply's text cites its sources, for [`render_reply_cited`].
#[derive(Debug, Clone, Copy)]
pub struct Citing<'a> {
    /// The marks as `(source, at)`: the source at position `source` of the
    /// reply's list is cited after the `at`-th character of its text (the
    /// record's `CitationMark`s).
    pub marks: &'a [(u32, u32)],
    /// The id of the message: each mark links to its source's entry,
    /// [`source_anchor`]`(message_id, n)`, in the list the shell shows.
    pub message_id: &'a str,
}

/// Renders a whole reply as [`render_reply`] does, with its citation marks:
/// each becomes `<sup class="citation"><a href="#source-<id>-<n>">[n]</a></sup>`
/// after the `at`-th character of the text (see [`citations`] for where a mark
/// in code, a formula, a link or at the start of a line goes). Without marks,
/// exactly what [`render_reply`] writes.
pub fn render_reply_cited(markdown: &str, mode: RenderMode, citing: Citing<'_>, labels: &dyn Labels) -> SafeHtml {
    if citing.marks.is_empty() {
        return render_reply(markdown, mode, labels);
    }
    let marked = citations::place(markdown, citing.marks);
    let markdown = math::prepare(&marked);
    let markdown = markdown.as_ref();
    let mut parser = SafeEvents::new(Parser::new_ext(markdown, options())).with_dressed_code().with_citations();
    if mode == RenderMode::App {
        parser = parser.with_app_code(0);
    }
    let capacity = markdown.len() * 3 / 2 + 96 * citing.marks.len();
    SafeHtml(writer::write_html(parser, mode, CodeStyle::Dressed, capacity, Some(citing.message_id), labels))
}

/// The highlighted content of one code block: what [`render_reply`] writes
/// inside the `<code class="language-…">` of a block whose fence names
/// `language` and whose text is `code` (the text as the page shows it, e.g.
/// the element's `textContent`), so that a block streamed unhighlighted
/// ([`CodeStyle::DressedUnhighlighted`]) can be highlighted later, once.
/// `None` when the highlighter does not know `language`: such a block is
/// written the same either way. The budget is a block's, as in a whole
/// rendering ([`writer`]'s `HIGHLIGHT_SPANS`, and no highlighting past
/// `HIGHLIGHT_BYTES`).
pub fn highlight_code(language: &str, code: &str) -> Option<SafeHtml> {
    writer::highlighted_code(language, code).map(SafeHtml)
}

/// Renders `markdown` in `mode` with code blocks in `code` style, numbering
/// its app code callouts after the `before` ones of the same reply, its
/// controls named in `labels`; returns the markup and how many callouts it has.
fn render_counted(
    markdown: &str,
    mode: RenderMode,
    code: CodeStyle,
    before: usize,
    labels: &dyn Labels,
) -> (SafeHtml, usize) {
    let markdown = math::prepare(markdown);
    let markdown = markdown.as_ref();
    let mut parser = SafeEvents::new(Parser::new_ext(markdown, options()));
    if mode == RenderMode::App {
        parser = parser.with_app_code(before);
    }
    if code.dressed() {
        parser = parser.with_dressed_code();
    }
    let html = writer::write_html(parser.by_ref(), mode, code, markdown.len() * 3 / 2, None, labels);
    (SafeHtml(html), parser.app_code_count())
}
