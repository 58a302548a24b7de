//! The allow-list HTML writer: the only code that turns rendered markdown into
//! markup. It writes what [`SafeEvents`](super::events::SafeEvents) hands it,
//! and nothing but these elements and attributes:
//!
//! - `p`, `h1`–`h6`, `blockquote`, `pre`, `code`, `ul`, `ol` (`start`), `li`,
//!   `em`, `strong`, `del`, `br`, `hr`, `wbr`, `table`, `thead`, `tbody`, `tr`,
//!   `th`, `td`;
//! - `code class="language-…"` for a fenced block whose language is short and
//!   plain (letters, digits, `+#-_.`);
//! - `a` with `href` (only when [`href_allowed`]), `title`, `target="_blank"`
//!   and `rel="noopener noreferrer"`; the link's host after it in
//!   `span class="link-host"`;
//! - `input type="checkbox" disabled` (`checked`) for task list items;
//! - with citations only ([`super::render_reply_cited`]), each citation mark:
//!   `sup class="citation"` around `a` with `href="#source-<id>-<n>"` (a
//!   fragment only, see [`super::source_anchor`]) and `aria-label="Source
//!   <n>"`, its text `[n]`;
//! - before a ```` ```mermaid ```` code block, `button type="button"
//!   class="show-diagram"` ("Show diagram"; it loads nothing by itself);
//! - the image placeholder: `span` with the classes `image-placeholder`,
//!   `image-alt`, `image-host`, and `button type="button" class="load-image"`
//!   with `data-image-url` (an `http(s)` address) and `aria-label`;
//! - math, as the MathML elements and attributes listed in
//!   [`super::math`]'s documentation (`math`, `semantics`, `annotation`
//!   with `encoding="application/x-tex"`, `mrow`, `mi`, `mn`, `mo`, `mtext`,
//!   `mspace`, `mfrac`, `msqrt`, `mroot`, `msub`, `msup`, `msubsup`, `munder`,
//!   `mover`, `munderover`, `mtable`, `mtr`, `mtd`, `merror`; `display`,
//!   `mathvariant`, `stretchy`, `width`, `linethickness`, `accent`,
//!   `accentunder`, each with fixed values only): never `href`, `style`, an
//!   event attribute or `annotation-xml`;
//! - in [`RenderMode::App`] only, the "App code" callout: `details` (`class`
//!   `app-code`, `app-code app-code-more`), `summary`, `span
//!   class="app-code-number"`;
//! - in the dressed code styles only ([`CodeStyle::Dressed`] and
//!   [`CodeStyle::DressedUnhighlighted`]), each code block dressed: `div
//!   class="code-block"` around a header `div class="code-head"` (the language
//!   in `span class="code-lang"`, a `button type="button" class="copy-code"
//!   aria-label="Copy code"` and, for ```` ```mermaid ````, a `button
//!   type="button" class="show-diagram"`) and `pre tabindex="0" role="figure"
//!   aria-label="… code"` (a scroller keyboard users can reach, named); in
//!   `Dressed` (and in [`super::highlight_code`]'s markup) the code of a
//!   language the highlighter knows in `span class="tok-…"` runs (see
//!   [`Token::class`](super::highlight::Token::class)), at most [`HIGHLIGHT_SPANS`] per block, none in a block over [`HIGHLIGHT_BYTES`];
//!   in `DressedUnhighlighted`, `data-plain=""` on the `code` of such a block
//!   (the page highlights it once the reply has ended, and takes it away);
//!   and `table tabindex="0"` (a table scrolls sideways in a narrow message).
//!
//! Every text and attribute value is escaped as it is written (`&`, `<`, `>`
//! and no-break spaces, plus `"` in attributes; every attribute is quoted),
//! so no input can add a tag or an attribute. Anything else pulldown-cmark
//! could produce (images, raw HTML, footnotes…) is written as text or left
//! out, its text kept. The output is the markup the former parse-and-clean
//! sanitiser produced for the same events.

use pulldown_cmark::{CodeBlockKind, Event, LinkType, Tag, TagEnd};

use super::address::href_allowed;
use super::escape::escape_into;
use super::events::{Piece, Placeholder};
use super::highlight::{Language, highlight};
use super::labels::Labels;
use super::options::{CodeStyle, RenderMode};

/// The most highlighted runs one code block gets: the page's work grows with
/// the number of elements, so past this the rest of the block is written
/// plain. At 8,000, the end of a 100 KB code block (bench:compare's `code`
/// shape) was one 145 ms task in Chromium; a block of ordinary size stays far
/// below this. Per block, so that a block highlighted alone once its reply has
/// ended ([`super::highlight_code`]) gets what the whole rendering writes.
pub(super) const HIGHLIGHT_SPANS: usize = 2_000;

/// A code block longer than this is written plain: highlighting the end of a
/// 100 KB block (bench:compare's `code` shape) made one long task in
/// Chromium, even with its spans capped; before highlighting there was none.
pub(super) const HIGHLIGHT_BYTES: usize = 32 * 1024;

/// Writes `pieces` as HTML.
pub(super) fn write_html<'a>(
    pieces: impl Iterator<Item = Piece<'a>>,
    mode: RenderMode,
    code: CodeStyle,
    capacity: usize,
    cited: Option<&str>,
    labels: &dyn Labels,
) -> String {
    let mut writer = Writer {
        out: String::with_capacity(capacity),
        end_newline: true,
        head: false,
        mode,
        callout: 0,
        inline: Vec::new(),
        links: Vec::new(),
        code,
        highlighting: None,
        cited: cited.map(str::to_owned),
        pending_cites: Vec::new(),
        labels,
    };
    for piece in pieces {
        writer.piece(piece);
    }
    writer.out
}

struct Writer<'l> {
    out: String,
    /// Whether the output ends with a newline (pulldown-cmark's layout rule:
    /// a block starts on a new line).
    end_newline: bool,
    /// Inside a table's head row.
    head: bool,
    mode: RenderMode,
    /// Open callouts (only ever 0 or 1).
    callout: usize,
    /// Open inline elements (`a`, `em`, `strong`, `del`), innermost last.
    inline: Vec<&'static str>,
    /// One entry per open link: whether its `</a>` was already written.
    links: Vec<bool>,
    /// How code blocks are written.
    code: CodeStyle,
    /// Inside a dressed code block of a known language: the language and the
    /// code so far (highlighted at the block's end).
    highlighting: Option<(&'static Language, String)>,
    /// With citations: the id of the message whose sources the marks link to.
    cited: Option<String>,
    /// Citation marks met inside a link's text, written after the link.
    pending_cites: Vec<u32>,
    /// What the markup calls its controls, in the interface's language.
    labels: &'l dyn Labels,
}

impl Writer<'_> {
    /// Writes our own markup (no data in it).
    fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
        if !markup.is_empty() {
            self.end_newline = markup.ends_with('\n');
        }
    }

    /// Writes `markup` on a new line.
    fn block(&mut self, markup: &str) {
        if !self.end_newline {
            self.out.push('\n');
        }
        self.raw(markup);
    }

    fn text(&mut self, text: &str) {
        escape_into(&mut self.out, text, false);
        self.end_newline = text.ends_with('\n');
    }

    /// Writes ` name="value"`, the value escaped.
    fn attribute(&mut self, name: &str, value: &str) {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        escape_into(&mut self.out, value, true);
        self.out.push('"');
    }

    fn piece(&mut self, piece: Piece<'_>) {
        if let Some((_, code)) = &mut self.highlighting {
            // A code block's content is only text (cut into runs).
            match piece {
                Piece::Event(Event::Text(text)) => code.push_str(&text),
                Piece::Event(Event::End(TagEnd::CodeBlock)) => self.end(TagEnd::CodeBlock),
                _ => {}
            }
            return;
        }
        match piece {
            Piece::Event(event) => self.event(event),
            Piece::Wbr => self.raw("<wbr>"),
            Piece::CodeStart => self.raw("<code>"),
            Piece::CodeEnd => self.raw("</code>"),
            Piece::CalloutStart(number) if self.mode == RenderMode::App && self.callout == 0 => {
                self.callout += 1;
                let class = if number > 1 { "app-code app-code-more" } else { "app-code" };
                self.out.push_str("<details");
                self.attribute("class", class);
                self.out.push_str("><summary>");
                self.text(self.labels.app_code());
                self.raw(&format!("<span class=\"app-code-number\"> {number}</span></summary>"));
            }
            Piece::CalloutStart(_) => {}
            Piece::CalloutEnd if self.callout > 0 => {
                self.callout -= 1;
                self.raw("</details>\n");
            }
            Piece::CalloutEnd => {}
            Piece::Image(placeholder) => self.placeholder(&placeholder),
            Piece::Math(formula) => {
                super::math::write(&formula, &mut self.out);
                self.end_newline = false;
            }
            Piece::Cite(source) if self.links.iter().any(|closed| !closed) => self.pending_cites.push(source),
            Piece::Cite(source) => self.cite(source),
            Piece::LinkHost(host) => {
                self.out.push_str(" <span class=\"link-host\">(");
                self.text(&host);
                self.raw(")</span>");
            }
        }
    }

    /// A citation mark linking to source `source` of the message's list.
    fn cite(&mut self, source: u32) {
        let Some(message_id) = &self.cited else { return };
        let number = source.saturating_add(1);
        let anchor = super::citations::source_anchor(message_id, number);
        self.out.push_str("<sup class=\"citation\"><a");
        self.attribute("href", &format!("#{anchor}"));
        self.attribute("aria-label", &self.labels.source(number));
        self.raw(&format!(">[{number}]</a></sup>"));
    }

    fn placeholder(&mut self, placeholder: &Placeholder) {
        let label = &placeholder.label;
        match &placeholder.remote {
            Some((url, host)) => {
                if !placeholder.compact {
                    self.out.push_str("<span class=\"image-placeholder\"><span class=\"image-alt\">");
                    self.text(label);
                    self.out.push_str("</span> <span class=\"image-host\">(");
                    self.text(host);
                    self.out.push_str(")</span> ");
                }
                self.out.push_str("<button type=\"button\" class=\"load-image\"");
                // Written from a parsed, normalised address; checked again here.
                if (url.starts_with("https://") || url.starts_with("http://"))
                    && !url.contains(|c: char| c.is_whitespace() || c == '"')
                {
                    self.attribute("data-image-url", url);
                }
                self.attribute("aria-label", &self.labels.load_image_name(label, host));
                self.out.push('>');
                if placeholder.compact {
                    self.text(&self.labels.load_image_compact(label, host));
                    self.raw("</button>");
                } else {
                    self.text(self.labels.load_image());
                    self.raw("</button></span>");
                }
            }
            None => {
                self.out.push_str("<span class=\"image-placeholder\"><span class=\"image-alt\">");
                self.text(label);
                self.out.push_str("</span> <span class=\"image-host\">");
                self.text(self.labels.image_not_loaded());
                self.raw("</span></span>");
            }
        }
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(end) => self.end(end),
            // Raw HTML never gets here (`SafeEvents` turns it into text); if it
            // did, it would be text too.
            Event::Text(text)
            | Event::Html(text)
            | Event::InlineHtml(text)
            | Event::InlineMath(text)
            | Event::DisplayMath(text) => self.text(&text),
            Event::Code(text) => {
                self.out.push_str("<code>");
                self.text(&text);
                self.raw("</code>");
            }
            Event::FootnoteReference(name) => self.text(&format!("[^{name}]")),
            Event::SoftBreak => self.raw("\n"),
            Event::HardBreak => self.raw("<br>\n"),
            Event::Rule => self.block("<hr>\n"),
            Event::TaskListMarker(true) => self.raw("<input disabled=\"\" type=\"checkbox\" checked=\"\">\n"),
            Event::TaskListMarker(false) => self.raw("<input disabled=\"\" type=\"checkbox\">\n"),
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => self.block("<p>"),
            Tag::Heading { level, .. } => self.block(&format!("<{level}>")),
            Tag::BlockQuote(_) => self.block("<blockquote>\n"),
            Tag::CodeBlock(kind) => {
                if !self.end_newline {
                    self.raw("\n");
                }
                let language = match &kind {
                    CodeBlockKind::Fenced(info) => info.split(' ').next().unwrap_or_default(),
                    CodeBlockKind::Indented => "",
                };
                let class = format!("language-{language}");
                let named = is_language_class(&class);
                if self.code.dressed() {
                    self.dressed_code_start(language, named);
                    if self.code == CodeStyle::Dressed {
                        self.highlighting = Language::of(language).map(|language| (language, String::new()));
                    }
                } else {
                    self.out.push_str("<pre>");
                }
                if named {
                    self.out.push_str("<code");
                    self.attribute("class", &class);
                    // Code the page is to highlight once the reply has ended.
                    if self.code == CodeStyle::DressedUnhighlighted && Language::of(language).is_some() {
                        self.out.push_str(" data-plain=\"\"");
                    }
                    self.raw(">");
                } else {
                    self.raw("<code>");
                }
            }
            Tag::List(Some(1)) => self.block("<ol>\n"),
            Tag::List(Some(start)) => self.block(&format!("<ol start=\"{start}\">\n")),
            Tag::List(None) => self.block("<ul>\n"),
            Tag::Item => self.block("<li>"),
            // A dressed reply's table scrolls sideways in a narrow message:
            // keyboard users can reach it to scroll it.
            Tag::Table(_) if self.code.dressed() => self.raw("<table tabindex=\"0\">"),
            Tag::Table(_) => self.raw("<table>"),
            Tag::TableHead => {
                self.head = true;
                self.raw("<thead><tr>");
            }
            Tag::TableRow => self.raw("<tr>"),
            Tag::TableCell => self.raw(if self.head { "<th>" } else { "<td>" }),
            Tag::Emphasis => self.open_inline("em"),
            Tag::Strong => self.open_inline("strong"),
            Tag::Strikethrough => self.open_inline("del"),
            Tag::Link { link_type, dest_url, title, .. } => {
                self.close_outer_link();
                self.links.push(false);
                self.inline.push("a");
                let mut href = String::new();
                if link_type == LinkType::Email {
                    href.push_str("mailto:");
                }
                encode_href(&mut href, &dest_url);
                self.out.push_str("<a");
                if href_allowed(&href) {
                    self.attribute("href", &href);
                }
                if !title.is_empty() {
                    self.attribute("title", &title);
                }
                self.raw(" target=\"_blank\" rel=\"noopener noreferrer\">");
            }
            // Not produced with Hearth's options or by `SafeEvents`; their
            // content is written as text, the tags left out.
            Tag::HtmlBlock
            | Tag::Image { .. }
            | Tag::FootnoteDefinition(_)
            | Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::Superscript
            | Tag::Subscript
            | Tag::MetadataBlock(_) => {}
        }
    }

    /// A dressed code block's wrapper, its header and its `<pre …>`.
    fn dressed_code_start(&mut self, language: &str, named: bool) {
        self.out.push_str("<div class=\"code-block\"><div class=\"code-head\"><span class=\"code-lang\">");
        self.text(if named { language } else { self.labels.unnamed_code() });
        self.out.push_str("</span>");
        if named && language.eq_ignore_ascii_case("mermaid") {
            self.diagram_button();
        }
        self.out.push_str("<button type=\"button\" class=\"copy-code\"");
        self.attribute("aria-label", self.labels.copy_code());
        self.out.push('>');
        self.text(self.labels.copy_code());
        self.out.push_str("</button></div><pre tabindex=\"0\" role=\"figure\"");
        let name = if named { self.labels.code_name(language) } else { self.labels.unnamed_code_name().to_owned() };
        self.attribute("aria-label", &name);
        self.out.push('>');
    }

    /// The "Show diagram" button in a mermaid block's header (what it does is
    /// the shell's).
    fn diagram_button(&mut self) {
        self.out.push_str("<button type=\"button\" class=\"show-diagram\">");
        self.text(self.labels.show_diagram());
        self.out.push_str("</button>");
    }

    /// `code` of `language`, highlighted (see [`write_highlighted`]).
    fn highlighted(&mut self, language: &Language, code: &str) {
        self.end_newline = code.ends_with('\n');
        write_highlighted(&mut self.out, language, code);
    }

    fn open_inline(&mut self, name: &'static str) {
        self.inline.push(name);
        self.inline_tag("<", name);
    }

    /// Writes `<name>` (`opening` "<") or `</name>` ("</"): an inline element's
    /// tag, written often enough (every emphasis, every code span) that it skips
    /// `format!`'s machinery.
    fn inline_tag(&mut self, opening: &str, name: &str) {
        self.out.push_str(opening);
        self.out.push_str(name);
        self.out.push('>');
        self.end_newline = false;
    }

    fn close_inline(&mut self, name: &'static str) {
        if let Some(index) = self.inline.iter().rposition(|open| *open == name) {
            self.inline.remove(index);
        }
        self.inline_tag("</", name);
    }

    /// A link inside a link (an autolink in a link's text): as the browser's
    /// parser does, the outer `a` and the inline elements in it are closed
    /// first, and those inline elements opened again, so anchors never nest.
    fn close_outer_link(&mut self) {
        let Some(at) = self.inline.iter().rposition(|open| *open == "a") else { return };
        let closed: Vec<&'static str> = self.inline.drain(at..).collect();
        for name in closed.iter().rev() {
            self.inline_tag("</", name);
        }
        if let Some(outer) = self.links.iter_mut().rev().find(|closed| !**closed) {
            *outer = true;
        }
        for name in &closed[1..] {
            self.open_inline(name);
        }
    }

    fn end(&mut self, end: TagEnd) {
        match end {
            TagEnd::Paragraph => self.raw("</p>\n"),
            TagEnd::Heading(level) => self.raw(&format!("</{level}>\n")),
            TagEnd::BlockQuote(_) => self.raw("</blockquote>\n"),
            TagEnd::CodeBlock if self.code.dressed() => {
                if let Some((language, code)) = self.highlighting.take() {
                    self.highlighted(language, &code);
                }
                self.raw("</code></pre></div>\n");
            }
            TagEnd::CodeBlock => self.raw("</code></pre>\n"),
            TagEnd::List(true) => self.raw("</ol>\n"),
            TagEnd::List(false) => self.raw("</ul>\n"),
            TagEnd::Item => self.raw("</li>\n"),
            TagEnd::Table => self.raw("</tbody></table>\n"),
            TagEnd::TableHead => {
                self.head = false;
                self.raw("</tr></thead><tbody>\n");
            }
            TagEnd::TableRow => self.raw("</tr>\n"),
            TagEnd::TableCell => self.raw(if self.head { "</th>" } else { "</td>" }),
            TagEnd::Emphasis => self.close_inline("em"),
            TagEnd::Strong => self.close_inline("strong"),
            TagEnd::Strikethrough => self.close_inline("del"),
            TagEnd::Link => {
                if self.links.pop() == Some(false) {
                    self.close_inline("a");
                }
                if self.links.iter().all(|closed| *closed) {
                    for source in std::mem::take(&mut self.pending_cites) {
                        self.cite(source);
                    }
                }
            }
            TagEnd::HtmlBlock
            | TagEnd::Image
            | TagEnd::FootnoteDefinition
            | TagEnd::DefinitionList
            | TagEnd::DefinitionListTitle
            | TagEnd::DefinitionListDefinition
            | TagEnd::Superscript
            | TagEnd::Subscript
            | TagEnd::MetadataBlock(_) => {}
        }
    }
}

/// Writes `code` of `language` highlighted: its first [`HIGHLIGHT_SPANS`]
/// runs of a kind each in its `span`, the rest plain; all of it plain past
/// [`HIGHLIGHT_BYTES`].
fn write_highlighted(out: &mut String, language: &Language, code: &str) {
    if code.len() > HIGHLIGHT_BYTES {
        escape_into(out, code, false);
        return;
    }
    let mut spans = 0;
    highlight(language, code, &mut |token, text| match token {
        Some(token) if spans < HIGHLIGHT_SPANS => {
            spans += 1;
            out.push_str("<span class=\"");
            out.push_str(token.class());
            out.push_str("\">");
            escape_into(out, text, false);
            out.push_str("</span>");
        }
        _ => escape_into(out, text, false),
    });
}

/// The content of a dressed code block's `<code>` for `code` in `language`
/// (the word after its fence) as [`CodeStyle::Dressed`] writes a block alone,
/// or `None` when the highlighter does not know `language` (such a block is
/// written the same in both dressed styles).
pub(super) fn highlighted_code(language: &str, code: &str) -> Option<String> {
    let language = Language::of(language)?;
    let mut out = String::with_capacity(code.len() * 2);
    write_highlighted(&mut out, language, code);
    Some(out)
}

/// Only `language-xyz` classes (from fenced code blocks) are written on `<code>`.
pub(super) fn is_language_class(value: &str) -> bool {
    value.strip_prefix("language-").is_some_and(|lang| {
        !lang.is_empty() && lang.len() <= 32 && lang.bytes().all(|b| b.is_ascii_alphanumeric() || b"+#-_.".contains(&b))
    })
}

/// A link address as pulldown-cmark writes it: percent-encoding every byte
/// that is not safe in an address, except `&` and `'` (escaped when the
/// attribute is written).
fn encode_href(out: &mut String, dest: &str) {
    const SAFE: &[u8] = b"!#$%()*+,-./:;=?@^_~&'";
    for byte in dest.bytes() {
        if byte.is_ascii_alphanumeric() || SAFE.contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
}
