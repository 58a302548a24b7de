//! Markdown to sanitised HTML, whole or incrementally while an answer streams.
//!
//! Pipeline: pulldown-cmark parses; raw HTML in the markdown is turned into text
//! (so `<b>` shows as typed, and nothing the model writes becomes markup by
//! itself); the HTML writer runs; ammonia cleans the result as a second line of
//! defence. The only way to get a [`SafeHtml`] is through this module.
//!
//! While streaming, [`StreamingMarkdown`] splits the text into finished blocks and
//! a growing tail. A finished block is rendered once and never again; only the
//! tail is re-rendered as text arrives, so the cost of a chunk does not grow with
//! the length of the answer.
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
//! allowed by the sanitiser of this mode only.

mod events;
#[cfg(test)]
mod safety_tests;
mod streaming;
#[cfg(test)]
mod tests;

use std::sync::LazyLock;

use pulldown_cmark::{Options, Parser, html};

use self::events::SafeEvents;
pub use self::streaming::{EAGER_TAIL_BYTES, StreamingDelta, StreamingMarkdown, StreamingUpdate, TailChange};

/// HTML produced by this module's sanitiser; safe to put into the page.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SafeHtml(String);

impl SafeHtml {
    /// The sanitised markup.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How a reply's markdown is rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RenderMode {
    /// An ordinary reply: a code block is a code block.
    #[default]
    Chat,
    /// A reply of an app agent: its app code blocks become "App code" callouts.
    App,
}

/// Renders a whole markdown document.
pub fn render(markdown: &str) -> SafeHtml {
    render_with(markdown, RenderMode::Chat)
}

/// Renders a whole markdown document in `mode`.
pub fn render_with(markdown: &str, mode: RenderMode) -> SafeHtml {
    render_counted(markdown, mode, 0).0
}

/// Renders `markdown` in `mode`, numbering its app code callouts after the
/// `before` ones of the same reply; returns the markup and how many callouts
/// it has.
fn render_counted(markdown: &str, mode: RenderMode, before: usize) -> (SafeHtml, usize) {
    let mut parser = SafeEvents::new(Parser::new_ext(markdown, options()));
    if mode == RenderMode::App {
        parser = parser.with_app_code(before);
    }
    let mut unsafe_html = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut unsafe_html, parser.by_ref());
    let sanitizer = match mode {
        RenderMode::Chat => &*SANITIZER,
        RenderMode::App => &*APP_SANITIZER,
    };
    (SafeHtml(sanitizer.clean(&unsafe_html).to_string()), parser.app_code_count())
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS
}

/// The elements the markdown writer produces, and nothing else: no element or
/// attribute that makes a browser fetch (`img`, `srcset`, `poster`,
/// `background`, `style`, media, frames, `link`, `meta`…). The only address
/// kept is a link's `href`, which needs a click, and the image placeholder's
/// `data-image-url`, which loads nothing.
static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| sanitizer(RenderMode::Chat));

/// [`SANITIZER`] plus the "App code" callouts: `details` and `summary` with
/// only the classes `events` writes on them.
static APP_SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| sanitizer(RenderMode::App));

fn sanitizer(mode: RenderMode) -> ammonia::Builder<'static> {
    let app = mode == RenderMode::App;
    let mut tags = vec![
        "a",
        "blockquote",
        "br",
        "button",
        "code",
        "del",
        "em",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "hr",
        "input",
        "li",
        "ol",
        "p",
        "pre",
        "span",
        "strong",
        "table",
        "tbody",
        "td",
        "th",
        "thead",
        "tr",
        "ul",
        "wbr",
    ];
    if app {
        tags.extend(["details", "summary"]);
    }
    let mut attributes = vec![
        ("a", &["href"][..]),
        ("code", &["class"][..]),
        ("ol", &["start"][..]),
        ("input", &["type", "checked", "disabled"][..]),
        ("span", &["class"][..]),
        ("button", &["type", "class", "data-image-url", "aria-label"][..]),
    ];
    if app {
        attributes.push(("details", &["class"][..]));
    }
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(tags.into_iter().collect())
        .tag_attributes(attributes.into_iter().map(|(tag, names)| (tag, names.iter().copied().collect())).collect())
        .generic_attributes(["title"].into_iter().collect())
        .generic_attribute_prefixes(Default::default())
        .clean_content_tags(["script", "style"].into_iter().collect())
        .attribute_filter(move |element, attribute, value| match (element, attribute) {
            ("code", "class") => is_language_class(value).then_some(value.into()),
            ("span", "class") => (["image-placeholder", "image-alt", "image-host", "link-host"].contains(&value)
                || (app && value == "app-code-number"))
                .then_some(value.into()),
            ("details", "class") => ["app-code", "app-code app-code-more"].contains(&value).then_some(value.into()),
            ("button", "class") => (value == "load-image").then_some(value.into()),
            ("button", "type") => (value == "button").then_some(value.into()),
            // Written by `events` from a parsed, normalised address; checked cheaply here.
            ("button", "data-image-url") => ((value.starts_with("https://") || value.starts_with("http://"))
                && !value.contains(|c: char| c.is_whitespace() || c == '"'))
            .then_some(value.into()),
            ("input", "type") => (value == "checkbox").then_some(value.into()),
            _ => Some(value.into()),
        })
        .set_tag_attribute_value("a", "target", "_blank");
    builder
}

/// Only `language-xyz` classes (from fenced code blocks) survive on `<code>`.
fn is_language_class(value: &str) -> bool {
    value.strip_prefix("language-").is_some_and(|lang| {
        !lang.is_empty() && lang.len() <= 32 && lang.bytes().all(|b| b.is_ascii_alphanumeric() || b"+#-_.".contains(&b))
    })
}
