//! An HTML page as Markdown-ish text, to be read as Markdown: headings as
//! `#` lines, block elements as paragraph or line breaks, list items as
//! `- ` lines, `<pre>` as a fenced block; scripts, styles, templates, the
//! `<head>` and comments dropped; entities decoded; whitespace collapsed as
//! a browser would, except in `<pre>`.

use super::markup::{Token, Tokens, decode_entities};

/// The output being written.
#[derive(Default)]
struct Writer {
    out: String,
    in_head: bool,
    /// The level of the heading being written.
    heading: Option<usize>,
    /// How many `<pre>` are open.
    pre: usize,
}

impl Writer {
    /// Ends the line (trailing spaces dropped) and leaves a blank one.
    fn paragraph_break(&mut self) {
        if self.heading.is_some() || self.pre > 0 {
            return;
        }
        self.trim_spaces();
        if self.out.is_empty() {
            return;
        }
        while !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    /// Ends the line.
    fn line_break(&mut self) {
        if self.heading.is_some() {
            self.space();
            return;
        }
        if self.pre > 0 {
            self.out.push('\n');
            return;
        }
        self.trim_spaces();
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
    }

    fn trim_spaces(&mut self) {
        let kept = self.out.trim_end_matches([' ', '\t']).len();
        self.out.truncate(kept);
    }

    /// A space, unless at a line's start or after one.
    fn space(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with([' ', '\n']) {
            self.out.push(' ');
        }
    }

    /// Text, its entities decoded, its whitespace collapsed outside `<pre>`.
    fn text(&mut self, raw: &str, decode: bool) {
        if self.in_head {
            return;
        }
        let mut decoded = String::new();
        if decode {
            decode_entities(raw, &mut decoded);
        } else {
            decoded.push_str(raw);
        }
        if self.pre > 0 {
            self.out.push_str(&decoded);
            return;
        }
        if decoded.starts_with(char::is_whitespace) {
            self.space();
        }
        let mut words = decoded.split_whitespace().peekable();
        while let Some(word) = words.next() {
            self.out.push_str(word);
            if words.peek().is_some() {
                self.out.push(' ');
            }
        }
        if decoded.ends_with(char::is_whitespace) && !decoded.trim().is_empty() {
            self.space();
        }
    }

    fn tag(&mut self, name: &str, closing: bool, self_closing: bool, tokens: &mut Tokens<'_>) {
        let opening = !closing && !self_closing;
        match name {
            "script" | "style" | "template" | "noscript" | "svg" | "math" if opening => tokens.skip_raw(name),
            "head" => self.in_head = opening,
            "body" => self.in_head = false,
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                let level = usize::from(name.as_bytes().get(1).map_or(1, |digit| digit - b'0'));
                if closing {
                    self.heading = None;
                    self.paragraph_break();
                } else if opening && self.heading.is_none() && self.pre == 0 {
                    self.paragraph_break();
                    self.out.push_str(&"#".repeat(level));
                    self.out.push(' ');
                    self.heading = Some(level);
                }
            }
            "p" | "div" | "section" | "article" | "header" | "footer" | "main" | "nav" | "aside" | "blockquote"
            | "ul" | "ol" | "dl" | "table" | "figure" | "figcaption" | "form" | "fieldset" | "address" | "hr"
            | "details" | "summary" | "center" => self.paragraph_break(),
            "br" | "tr" | "dt" | "dd" | "caption" => self.line_break(),
            "li" => {
                self.line_break();
                if opening && self.heading.is_none() && self.pre == 0 {
                    self.out.push_str("- ");
                }
            }
            "td" | "th" => self.space(),
            "pre" => self.pre_tag(closing, opening),
            _ => {}
        }
    }

    fn pre_tag(&mut self, closing: bool, opening: bool) {
        if opening {
            if self.pre == 0 {
                self.paragraph_break();
                self.out.push_str("```\n");
            }
            self.pre += 1;
        } else if closing && self.pre > 0 {
            self.pre -= 1;
            if self.pre == 0 {
                if !self.out.ends_with('\n') {
                    self.out.push('\n');
                }
                self.out.push_str("```");
                self.paragraph_break();
            }
        }
    }
}

/// `html` as Markdown; see the module documentation.
pub(super) fn to_markdown(html: &str) -> String {
    let mut writer = Writer::default();
    let mut tokens = Tokens::new(html);
    while let Some(token) = tokens.next() {
        match token {
            Token::Text(text) => writer.text(text, true),
            Token::CData(text) => writer.text(text, false),
            Token::Tag(tag) => {
                let name = tag.name.to_ascii_lowercase();
                writer.tag(&name, tag.closing, tag.self_closing, &mut tokens);
            }
        }
    }
    if writer.pre > 0 {
        writer.out.push_str("\n```");
    }
    writer.out
}
