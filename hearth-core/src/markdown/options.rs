//! How a document is rendered: the mode of the reply it is ([`RenderMode`]), how
//! its code blocks are written ([`CodeStyle`]), and the extensions the parser reads.

use pulldown_cmark::Options;

/// How a reply's markdown is rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RenderMode {
    /// An ordinary reply: a code block is a code block.
    #[default]
    Chat,
    /// A reply of an app agent: its app code blocks become "App code" callouts.
    App,
}

/// How code blocks are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CodeStyle {
    /// `<pre><code class="language-…">`, the text as it is.
    #[default]
    Plain,
    /// With a header (language, "Copy code"), a focusable named scroller, and
    /// the code highlighted (the markup is listed in the writer's docs).
    Dressed,
    /// Dressed, the code not highlighted: how a streaming reply is written
    /// ([`StreamingMarkdown::for_reply`](super::StreamingMarkdown::for_reply)). The page highlights each block's
    /// code once, later, with [`highlight_code`](super::highlight_code); the result is then what
    /// [`CodeStyle::Dressed`] writes.
    DressedUnhighlighted,
}

impl CodeStyle {
    /// Whether code blocks get a header and a named scroller.
    pub(super) fn dressed(self) -> bool {
        matches!(self, CodeStyle::Dressed | CodeStyle::DressedUnhighlighted)
    }
}

/// The parser's extensions: tables, strikethrough, task lists and math.
pub(super) fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS | Options::ENABLE_MATH
}
