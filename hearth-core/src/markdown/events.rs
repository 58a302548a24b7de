//! The event filter between pulldown-cmark and the allow-list writer
//! ([`super::writer`]): what the model wrote is turned into pieces of markup
//! that load nothing by itself and stay cheap to put into the page. Hearth's own
//! markup (placeholders, link hosts, callouts) is handed on as typed
//! [`Piece`]s, never as HTML strings.
//!
//! - Raw HTML becomes text.
//! - An image becomes a placeholder (alt text, host, a "Load image" button whose
//!   `data-image-url` names the image): no `<img>` is ever written, so nothing is
//!   fetched until the user asks.
//! - A link keeps its `href` (it needs a click) and shows where it goes: the full
//!   address as its title, and the host after the text when the text is not the
//!   address itself.
//! - Nesting deeper than [`MAX_DEPTH`] is flattened: the deeper elements are left
//!   out and their text kept, separated by line breaks. The browser's work per
//!   tag grows with the depth of the open elements, so this bounds the cost of
//!   putting any reply into the page.
//! - A formula becomes MathML ([`Piece::Math`]) when its whole nesting fits
//!   under [`MAX_DEPTH`] and its elements in [`ELEMENT_BUDGET`]; otherwise its
//!   TeX source stays as text.
//! - A dressed code block counts its wrapper, header, language label, Copy
//!   button, `pre` and `code` (six elements), a mermaid block its Show diagram
//!   button too (seven).
//! - With app code on ([`SafeEvents::with_app_code`]), an app code block is
//!   wrapped in a collapsed `<details class="app-code">` callout named "App
//!   code N" (see the module above).

use std::collections::VecDeque;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};

use super::address::remote_address;
use super::citations::{self, Segment};
use super::math::{self, Formula};
use crate::app::AppCode;

/// The deepest element nesting written; deeper content is flattened.
pub(super) const MAX_DEPTH: usize = 16;

/// The most elements one rendering writes (a placeholder counts four). The
/// page's work grows with the number of elements, so past this budget the
/// rest is flattened like deep nesting: tags are left out, text kept (links are
/// still written, with their address as title but no host after them).
pub(super) const ELEMENT_BUDGET: usize = 8_000;

/// The longest run of text written without a tag in between: a `<wbr>` (which
/// changes nothing but allowing a line break there) every so many bytes lets a
/// long unbroken run (a hash, a base64 blob, a text full of entities) wrap.
/// (It once bounded a quadratic scan of the former HTML sanitiser; kept so the
/// markup stays as it was.)
const TEXT_RUN_BYTES: usize = 2048;

/// What [`SafeEvents`] hands the writer: a pulldown-cmark event (never raw
/// HTML), or a piece of Hearth's own markup, which only the writer writes.
pub(super) enum Piece<'a> {
    Event(Event<'a>),
    /// `<wbr>`: a line break opportunity in a long run of text.
    Wbr,
    /// `<code>` around long inline code cut into runs.
    CodeStart,
    CodeEnd,
    /// The opening of an "App code" callout, with its number in the reply.
    CalloutStart(usize),
    CalloutEnd,
    /// An image placeholder.
    Image(Placeholder),
    /// The host shown after a link.
    LinkHost(String),
    /// A formula, converted (see [`super::math`]).
    Math(Box<Formula>),
    /// A citation mark: the source at this position in the reply's list
    /// (see [`super::citations`]).
    Cite(u32),
}

/// What stands for an image: its alt text and, for an address the shell may
/// fetch on request, the address and host (see [`remote_address`]).
pub(super) struct Placeholder {
    /// The alt text, or "Image".
    pub(super) label: String,
    pub(super) remote: Option<(String, String)>,
    /// Past the element budget: the button alone, which says it all.
    pub(super) compact: bool,
}

impl Placeholder {
    fn new(dest: &str, alt: &str, compact: bool) -> Self {
        let alt = alt.trim();
        let label = if alt.is_empty() { "Image" } else { alt };
        // An image address with a user name is not offered (fetch refuses it, and
        // the button would show only the host).
        let remote = remote_address(dest).filter(|(normalised, _)| !has_userinfo(normalised));
        Self { label: label.to_owned(), remote, compact }
    }
}

/// Wraps a pulldown-cmark event stream with the rules above.
pub(super) struct SafeEvents<'a, I> {
    inner: I,
    /// Events ready to be handed out, in order.
    ready: VecDeque<Piece<'a>>,
    /// One entry per open tag: whether it was written (`false`: flattened away).
    open: Vec<Open>,
    /// How many written tags count towards the depth.
    depth: usize,
    /// Links being written, innermost last.
    links: Vec<LinkText>,
    /// A flattened block ended: a line break goes before the next text.
    break_pending: bool,
    /// Bytes of text written since the last tag.
    run: usize,
    /// Elements written so far (see [`ELEMENT_BUDGET`]).
    elements: usize,
    /// With app code callouts: how many callouts come before (earlier in the
    /// reply, then in this rendering); `None` renders code blocks as they are.
    app_code: Option<usize>,
    /// Callouts written by this rendering.
    callouts: usize,
    /// A callout is open around the current code block.
    in_callout: bool,
    /// Code blocks are dressed: each counts the elements of its header too.
    dressed_code: bool,
    /// The text holds citation sentinels (see [`super::citations`]).
    citing: bool,
    /// Citation marks found inside the open code block, handed on after it.
    carried: Vec<u32>,
}

#[derive(Clone, Copy)]
struct Open {
    written: bool,
    counted: bool,
    end: TagEnd,
}

struct LinkText {
    dest: String,
    text: String,
}

impl<'a, I: Iterator<Item = Event<'a>>> SafeEvents<'a, I> {
    pub(super) fn new(inner: I) -> Self {
        Self {
            inner,
            ready: VecDeque::new(),
            open: Vec::new(),
            depth: 0,
            links: Vec::new(),
            break_pending: false,
            run: 0,
            elements: 0,
            app_code: None,
            callouts: 0,
            in_callout: false,
            dressed_code: false,
            citing: false,
            carried: Vec::new(),
        }
    }

    /// Hands on the citation sentinels in the text as [`Piece::Cite`]s.
    pub(super) fn with_citations(self) -> Self {
        Self { citing: true, ..self }
    }

    /// Counts each code block with its header's elements (see [`super::CodeStyle::Dressed`]).
    pub(super) fn with_dressed_code(self) -> Self {
        Self { dressed_code: true, ..self }
    }

    /// Wraps app code blocks in "App code" callouts, numbered after the
    /// `before` callouts of the same reply.
    pub(super) fn with_app_code(self, before: usize) -> Self {
        Self { app_code: Some(before), ..self }
    }

    /// How many callouts were written (so far).
    pub(super) fn app_code_count(&self) -> usize {
        self.callouts
    }

    /// Starts an app code block inside a callout: the callout's opening goes
    /// before the block's, if the block is written and there is room for one
    /// more level of nesting and three more elements.
    fn start_app_code(&mut self, tag: Tag<'a>) {
        let at = self.ready.len();
        self.start(tag);
        let written = self.open.last().is_some_and(|open| open.written);
        let Some(before) = self.app_code else { return };
        if !written || self.depth >= MAX_DEPTH || self.elements + 3 > ELEMENT_BUDGET {
            return;
        }
        self.elements += 3;
        self.callouts += 1;
        self.in_callout = true;
        self.ready.insert(at, Piece::CalloutStart(before + self.callouts));
    }

    fn handle(&mut self, event: Event<'a>) {
        if self.citing {
            self.handle_cited(event);
        } else {
            self.handle_plain(event);
        }
    }

    /// [`Self::handle_plain`], for text holding citation sentinels: a
    /// sentinel in text becomes a [`Piece::Cite`]; one where no markup may go
    /// is taken out and its mark handed on after the element.
    fn handle_cited(&mut self, event: Event<'a>) {
        match event {
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text)
                if self.open.last().is_some_and(|open| open.end == TagEnd::CodeBlock) =>
            {
                let (kept, sources) = citations::strip(&text);
                self.carried.extend(sources);
                if !kept.is_empty() {
                    self.text(Piece::Event(Event::Text(kept.into())));
                }
            }
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => {
                for segment in citations::split(&text) {
                    match segment {
                        Segment::Text(run) => self.text(Piece::Event(Event::Text(run.to_owned().into()))),
                        Segment::Mark(source) => self.cite(source),
                    }
                }
            }
            Event::Code(code) if citations::has_marks(&code) => {
                let (kept, sources) = citations::strip(&code);
                self.text(Piece::Event(Event::Code(kept.into())));
                sources.into_iter().for_each(|source| self.cite(source));
            }
            Event::InlineMath(tex) if citations::has_marks(&tex) => self.cited_math(&tex, false),
            Event::DisplayMath(tex) if citations::has_marks(&tex) => self.cited_math(&tex, true),
            Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
                let (dest, mut sources) = citations::strip(&dest_url);
                let dest_url = dest.into();
                let image = Tag::Image { link_type, dest_url, title, id };
                self.handle_plain(Event::Start(image));
                // The placeholder took the alt text: the marks in it follow.
                if let Some(Piece::Image(placeholder)) = self.ready.back_mut() {
                    let (label, in_label) = citations::strip(&placeholder.label);
                    placeholder.label = label;
                    sources.extend(in_label);
                }
                sources.into_iter().for_each(|source| self.cite(source));
            }
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
                let (dest, mut sources) = citations::strip(&dest_url);
                let (title, in_title) = citations::strip(&title);
                sources.extend(in_title);
                self.handle_plain(Event::Start(Tag::Link {
                    link_type,
                    dest_url: dest.into(),
                    title: title.into(),
                    id,
                }));
                // Inside the link's text: the writer puts them after the link.
                sources.into_iter().for_each(|source| self.cite(source));
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if citations::has_marks(&info) => {
                let (info, sources) = citations::strip(&info);
                self.carried.extend(sources);
                self.handle_plain(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info.into()))));
            }
            Event::End(TagEnd::CodeBlock) => {
                self.handle_plain(event);
                std::mem::take(&mut self.carried).into_iter().for_each(|source| self.cite(source));
            }
            other => self.handle_plain(other),
        }
    }

    /// A formula holding citation sentinels: the formula without them, then
    /// their marks.
    fn cited_math(&mut self, tex: &str, display: bool) {
        let (kept, sources) = citations::strip(tex);
        self.math(kept.into(), display);
        sources.into_iter().for_each(|source| self.cite(source));
    }

    /// A citation mark (`sup` and `a`), when it fits in the depth and element
    /// budgets; left out otherwise (the source list still names the source).
    fn cite(&mut self, source: u32) {
        if self.depth + 2 <= MAX_DEPTH && self.elements + 2 <= ELEMENT_BUDGET {
            self.elements += 2;
            self.text(Piece::Cite(source));
        }
    }

    fn handle_plain(&mut self, event: Event<'a>) {
        match event {
            Event::Html(raw) | Event::InlineHtml(raw) => self.text(Piece::Event(Event::Text(raw))),
            Event::Start(Tag::Image { dest_url, .. }) => {
                let alt = self.image_alt();
                let compact = self.elements >= ELEMENT_BUDGET;
                self.elements += if compact { 1 } else { 4 };
                self.text(Piece::Image(Placeholder::new(&dest_url, &alt, compact)));
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if self.app_code.is_some() && AppCode::of_info(&info).is_some() =>
            {
                self.start_app_code(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
            }
            Event::Start(tag) => self.start(tag),
            Event::End(TagEnd::CodeBlock) if self.in_callout => {
                self.in_callout = false;
                self.end(TagEnd::CodeBlock);
                self.emit(Piece::CalloutEnd);
            }
            Event::End(end) => self.end(end),
            Event::Text(_) | Event::Code(_) => self.text(Piece::Event(event)),
            Event::InlineMath(tex) => self.math(tex, false),
            Event::DisplayMath(tex) => self.math(tex, true),
            other => self.emit(Piece::Event(other)),
        }
    }

    /// A formula as MathML when it converts and fits in the depth (all its
    /// nested elements counted) and element budgets; otherwise its source as
    /// text, with its dollars.
    fn math(&mut self, tex: CowStr<'a>, display: bool) {
        let formula = if self.depth < MAX_DEPTH { math::parse(&tex, display).ok() } else { None };
        let formula = formula.filter(|formula| self.depth + formula.depth() <= MAX_DEPTH);
        match formula {
            Some(formula) if self.elements + formula.elements() <= ELEMENT_BUDGET => {
                self.elements += formula.elements();
                self.text(Piece::Math(Box::new(formula)));
            }
            _ => {
                let dollars = if display { "$$" } else { "$" };
                self.text(Piece::Event(Event::Text(format!("{dollars}{tex}{dollars}").into())));
            }
        }
    }

    /// Hands out `event`, cutting long text into runs of at most [`TEXT_RUN_BYTES`].
    fn emit(&mut self, piece: Piece<'a>) {
        match piece {
            Piece::Event(Event::Text(text)) if self.run + text.len() > TEXT_RUN_BYTES => {
                let mut rest: &str = &text;
                while !rest.is_empty() {
                    if self.run >= TEXT_RUN_BYTES {
                        self.ready.push_back(Piece::Wbr);
                        self.run = 0;
                    }
                    let mut cut = (TEXT_RUN_BYTES - self.run).min(rest.len());
                    while !rest.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    if cut == 0 {
                        // Less than one character fits: start a new run.
                        self.run = TEXT_RUN_BYTES;
                        continue;
                    }
                    self.ready.push_back(Piece::Event(Event::Text(rest[..cut].to_owned().into())));
                    self.run += cut;
                    rest = &rest[cut..];
                }
            }
            Piece::Event(Event::Text(text)) => {
                self.run += text.len();
                self.ready.push_back(Piece::Event(Event::Text(text)));
            }
            Piece::Event(Event::Code(code)) if code.len() > TEXT_RUN_BYTES => {
                self.emit(Piece::CodeStart);
                self.emit(Piece::Event(Event::Text(code)));
                self.emit(Piece::CodeEnd);
            }
            Piece::Event(Event::SoftBreak) => {
                self.run += 1;
                self.ready.push_back(piece);
            }
            other => {
                self.run = 0;
                self.ready.push_back(other);
            }
        }
    }

    fn text(&mut self, piece: Piece<'a>) {
        if std::mem::take(&mut self.break_pending) {
            self.emit(Piece::Event(Event::HardBreak));
        }
        if let Some(link) = self.links.last_mut()
            && let Piece::Event(Event::Text(text) | Event::Code(text)) = &piece
        {
            link.text.push_str(text);
        }
        self.emit(piece);
    }

    fn start(&mut self, tag: Tag<'a>) {
        let parent_written = self.open.last().is_none_or(|open| open.written);
        let is_link = matches!(tag, Tag::Link { .. });
        let is_part = matches!(tag, Tag::TableHead | Tag::TableRow | Tag::TableCell | Tag::Item);
        let over_budget = self.elements >= ELEMENT_BUDGET;
        if is_part && parent_written && over_budget {
            // Out of budget inside a table or a list: close it here; the rest of
            // it follows as flattened text.
            self.close_container();
        }
        let parent_written = self.open.last().is_none_or(|open| open.written);
        // Table parts and list items are written with their table or list, so a
        // table or a list is never left half open. Links cannot contain links, so
        // they are always written (their destination is never lost).
        let counted = !is_part && !is_link;
        let written = is_link || (parent_written && (!counted || (self.depth < MAX_DEPTH && !over_budget)));
        self.open.push(Open { written, counted, end: tag.to_end() });
        if !written {
            return;
        }
        // A dressed code block writes its wrapper, header, label, Copy button and
        // `<code>` too (6), a mermaid block its Show diagram button as well (7).
        self.elements += match &tag {
            Tag::CodeBlock(kind) if self.dressed_code => match kind {
                CodeBlockKind::Fenced(info)
                    if info.split(' ').next().is_some_and(|lang| lang.eq_ignore_ascii_case("mermaid")) =>
                {
                    7
                }
                _ => 6,
            },
            _ => 1,
        };
        if counted {
            self.depth += 1;
        }
        let tag = match tag {
            Tag::Link { link_type, dest_url, title, id } => {
                // The host shown after a web link is where a click goes: an
                // address the browser would read otherwise than as written
                // (`\` for `/`, no `//` after the scheme) gets its parsed form
                // as `href`. The title shows the real destination.
                let remote = remote_address(&dest_url).map(|(normalised, _)| normalised);
                self.links.push(LinkText { dest: dest_url.to_string(), text: String::new() });
                let href = match remote {
                    Some(normalised) if !written_as_parsed(&dest_url) => CowStr::from(normalised),
                    _ => dest_url,
                };
                let shown = match remote_address(&href) {
                    Some(_) if title.is_empty() => href.to_string().into(),
                    Some(_) => format!("{title} ({href})").into(),
                    None => title,
                };
                Tag::Link { link_type, dest_url: href, title: shown, id }
            }
            other => other,
        };
        self.emit(Piece::Event(Event::Start(tag)));
    }

    /// Ends the innermost open table or list (and its open rows or items) early:
    /// their ends are written now and left out later.
    fn close_container(&mut self) {
        let Some(container) = self.open.iter().rposition(|open| open.counted) else { return };
        for index in (container..self.open.len()).rev() {
            let open = &mut self.open[index];
            if !open.written {
                continue;
            }
            open.written = false;
            let end = open.end;
            if open.counted {
                self.depth -= 1;
            }
            self.emit(Piece::Event(Event::End(end)));
        }
    }

    fn end(&mut self, end: TagEnd) {
        let Some(open) = self.open.pop() else { return };
        if !open.written {
            if ends_block(end) {
                self.break_pending = true;
            } else if end == TagEnd::TableCell {
                self.emit(Piece::Event(Event::Text(" ".into())));
            }
            return;
        }
        if open.counted {
            self.depth -= 1;
        }
        self.break_pending = false;
        self.emit(Piece::Event(Event::End(end)));
        if end == TagEnd::Link
            && let Some(link) = self.links.pop()
            && self.elements < ELEMENT_BUDGET
            && let Some(host) = link_host(&link.dest, &link.text)
        {
            self.elements += 1;
            self.emit(Piece::LinkHost(host));
        }
    }

    /// Consumes the image's content up to its end and returns it as plain text.
    fn image_alt(&mut self) -> String {
        let mut alt = String::new();
        let mut nested = 0usize;
        for event in self.inner.by_ref() {
            match event {
                Event::Start(Tag::Image { .. }) => nested += 1,
                Event::End(TagEnd::Image) if nested == 0 => break,
                Event::End(TagEnd::Image) => nested -= 1,
                Event::Text(text) | Event::Code(text) | Event::Html(text) | Event::InlineHtml(text) => {
                    alt.push_str(&text)
                }
                Event::SoftBreak | Event::HardBreak => alt.push(' '),
                _ => {}
            }
        }
        alt
    }
}

impl<'a, I: Iterator<Item = Event<'a>>> Iterator for SafeEvents<'a, I> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        loop {
            if let Some(event) = self.ready.pop_front() {
                return Some(event);
            }
            let event = self.inner.next()?;
            self.handle(event);
        }
    }
}

/// Whether a flattened element was a block, whose end then becomes a line break.
fn ends_block(end: TagEnd) -> bool {
    matches!(
        end,
        TagEnd::Paragraph
            | TagEnd::Heading(_)
            | TagEnd::BlockQuote(_)
            | TagEnd::CodeBlock
            | TagEnd::List(_)
            | TagEnd::Item
            | TagEnd::Table
            | TagEnd::TableHead
            | TagEnd::TableRow
    )
}

/// The host to show after a link, unless the text already is the address and
/// that address hides nothing (no user name before its host, no label in
/// Punycode): `<http://google.com@evil.example>` and a look-alike host show theirs.
fn link_host(dest: &str, text: &str) -> Option<String> {
    let (normalised, host) = remote_address(dest)?;
    let text = text.trim();
    let plain = !has_userinfo(&normalised) && !host.split('.').any(|label| label.starts_with("xn--"));
    (!plain || (text != dest.trim() && text != normalised)).then_some(host)
}

/// Whether a web address reads the same to the browser as written: no `\`
/// (which the browser reads as `/`), no control character, and `//` right
/// after the scheme (or at the start).
fn written_as_parsed(dest: &str) -> bool {
    let dest = dest.trim();
    let after_scheme = if dest.starts_with("//") { dest } else { dest.split_once(':').map_or(dest, |(_, rest)| rest) };
    !dest.contains('\\') && !dest.contains(char::is_control) && after_scheme.starts_with("//")
}

/// Whether a normalised web address has a user name (or password) before its host.
fn has_userinfo(normalised: &str) -> bool {
    let after = normalised.split_once("://").map_or(normalised, |(_, rest)| rest);
    after[..after.find(['/', '?', '#']).unwrap_or(after.len())].contains('@')
}

/// Escapes text for an HTML text node or a quoted attribute.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
