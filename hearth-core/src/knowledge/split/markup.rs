//! A forgiving scanner of tags and text, for HTML pages and a Word
//! document's XML: no tree, no validation, never a panic. Text runs, tags
//! (name, closing or not, self-closing or not, their attributes as written)
//! and CDATA sections come out in order; comments, processing instructions
//! and doctypes are skipped. A `<` that starts no tag is text. Entities are
//! decoded by [`decode_entities`], not by the scanner.

/// One piece of markup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// Text between tags, entities not decoded.
    Text(&'a str),
    /// A CDATA section's content, to be taken as it is.
    CData(&'a str),
    /// A tag.
    Tag(Tag<'a>),
}

/// A start, end or empty-element tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tag<'a> {
    /// Its name as written (`w:p`, `DIV`).
    pub(crate) name: &'a str,
    /// `</name>`.
    pub(crate) closing: bool,
    /// `<name/>`.
    pub(crate) self_closing: bool,
    /// What follows the name, up to the `>` (or `/>`).
    pub(crate) attributes: &'a str,
}

/// The tokens of a markup text; see the module documentation.
#[derive(Debug, Clone)]
pub(crate) struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        Tokens { rest: text }
    }

    /// Skips everything up to and including the end tag `</name>` (ASCII
    /// case-insensitive), or to the end: the raw text of `<script>` and
    /// `<style>`, where a `<` starts no tag.
    pub(crate) fn skip_raw(&mut self, name: &str) {
        let bytes = self.rest.as_bytes();
        let mut at = 0;
        while let Some(offset) = bytes.get(at..).and_then(|tail| tail.iter().position(|&b| b == b'<')) {
            let start = at + offset;
            let candidate = bytes.get(start + 2..start + 2 + name.len());
            if bytes.get(start + 1) == Some(&b'/')
                && candidate.is_some_and(|found| found.eq_ignore_ascii_case(name.as_bytes()))
            {
                let end = bytes.get(start..).and_then(|tail| tail.iter().position(|&b| b == b'>'));
                self.rest = end.and_then(|end| self.rest.get(start + end + 1..)).unwrap_or_default();
                return;
            }
            at = start + 1;
        }
        self.rest = "";
    }

    /// Takes the first `len` bytes of the rest (a char boundary: always
    /// just after an ASCII byte here).
    fn take(&mut self, len: usize) -> &'a str {
        let (taken, rest) = self.rest.split_at_checked(len).unwrap_or((self.rest, ""));
        self.rest = rest;
        taken
    }

    /// Skips past the first `end` in the rest, or to the end.
    fn skip_past(&mut self, end: &str) {
        self.rest = match self.rest.find(end) {
            Some(at) => self.rest.get(at + end.len()..).unwrap_or_default(),
            None => "",
        };
    }

    /// Reads a tag at the start of the rest (which starts with `<` followed
    /// by a name's first letter, after an optional `/`).
    fn tag(&mut self) -> Option<Tag<'a>> {
        let bytes = self.rest.as_bytes();
        let closing = bytes.get(1) == Some(&b'/');
        let name_start = if closing { 2 } else { 1 };
        let name_len = bytes
            .get(name_start..)
            .unwrap_or_default()
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b'/' || b == b'>')
            .unwrap_or(bytes.len() - name_start.min(bytes.len()));
        // The end: the first `>` outside a quoted attribute value.
        let mut quote = None;
        let mut end = None;
        for (at, &byte) in bytes.iter().enumerate().skip(name_start + name_len) {
            match (quote, byte) {
                (None, b'"' | b'\'') => quote = Some(byte),
                (Some(open), _) if open == byte => quote = None,
                (None, b'>') => {
                    end = Some(at);
                    break;
                }
                _ => {}
            }
        }
        let end = end?;
        let whole = self.take(end + 1);
        let name = whole.get(name_start..name_start + name_len)?;
        let inner = whole.get(name_start + name_len..end)?.trim_end();
        let self_closing = inner.ends_with('/');
        let attributes = inner.strip_suffix('/').unwrap_or(inner);
        Some(Tag { name, closing, self_closing, attributes })
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            if !self.rest.starts_with('<') {
                let len = self.rest.find('<').unwrap_or(self.rest.len());
                return Some(Token::Text(self.take(len)));
            }
            if self.rest.starts_with("<!--") {
                self.skip_past("-->");
                continue;
            }
            if let Some(body) = self.rest.strip_prefix("<![CDATA[") {
                let len = body.find("]]>").unwrap_or(body.len());
                let content = body.get(..len).unwrap_or_default();
                self.rest = body.get(len + 3..).unwrap_or_default();
                return Some(Token::CData(content));
            }
            if self.rest.starts_with("<!") || self.rest.starts_with("<?") {
                self.skip_past(">");
                continue;
            }
            let bytes = self.rest.as_bytes();
            let first = if bytes.get(1) == Some(&b'/') { bytes.get(2) } else { bytes.get(1) };
            if first.is_some_and(|b| b.is_ascii_alphabetic()) {
                let before = self.rest;
                if let Some(tag) = self.tag() {
                    return Some(Token::Tag(tag));
                }
                // No `>` to the end: no tag can end there either, so the rest is text
                // (looking again from each later `<` would take time quadratic in the
                // length of a hostile file full of `<a`).
                self.rest = before;
                return Some(Token::Text(self.take(self.rest.len())));
            }
            // A `<` that starts no tag: text up to the next `<`.
            let len = self.rest.get(1..).and_then(|tail| tail.find('<')).map_or(self.rest.len(), |at| at + 1);
            return Some(Token::Text(self.take(len)));
        }
    }
}

/// The value of the attribute `name` (exactly as written, e.g. `w:val`) in a
/// tag's `attributes`, entities not decoded.
pub(crate) fn attribute<'a>(attributes: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = attributes;
    loop {
        rest = rest.trim_start();
        let name_len = rest.find(|c: char| c == '=' || c.is_whitespace()).unwrap_or(rest.len());
        if name_len == 0 {
            return None;
        }
        let found = rest.get(..name_len)?;
        let after = rest.get(name_len..)?.trim_start();
        let Some(value_part) = after.strip_prefix('=') else {
            rest = after; // an attribute without a value
            continue;
        };
        let value_part = value_part.trim_start();
        let (value, next) = match value_part.chars().next() {
            Some(quote @ ('"' | '\'')) => {
                let body = value_part.get(1..)?;
                let close = body.find(quote).unwrap_or(body.len());
                (body.get(..close)?, body.get(close + 1..).unwrap_or_default())
            }
            _ => {
                let end = value_part.find(char::is_whitespace).unwrap_or(value_part.len());
                (value_part.get(..end)?, value_part.get(end..)?)
            }
        };
        if found == name {
            return Some(value);
        }
        rest = next;
    }
}

/// Appends `text` to `out` with its character references decoded: the
/// numeric ones (`&#233;`, `&#xE9;`) and the named ones of XML and the common
/// ones of HTML. An unknown or unterminated reference stays as written; a
/// number that is no character becomes U+FFFD.
pub(crate) fn decode_entities(text: &str, out: &mut String) {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(rest.get(..amp).unwrap_or_default());
        let after = rest.get(amp + 1..).unwrap_or_default();
        let reference = after.bytes().take(34).position(|byte| byte == b';');
        let decoded = reference.and_then(|semi| after.get(..semi)).and_then(|name| Some((name, entity(name)?)));
        match decoded {
            Some((name, decoded)) => {
                out.push_str(&decoded);
                rest = after.get(name.len() + 1..).unwrap_or_default();
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
}

/// The text of the reference `&name;` (without `&` and `;`).
fn entity(name: &str) -> Option<String> {
    if let Some(number) = name.strip_prefix('#') {
        let value = match number.strip_prefix(['x', 'X']) {
            Some(hex) if !hex.is_empty() && hex.len() <= 8 => u32::from_str_radix(hex, 16).ok()?,
            Some(_) => return None,
            None if !number.is_empty() && number.len() <= 10 => number.parse::<u32>().ok()?,
            None => return None,
        };
        let c = char::from_u32(value).filter(|&c| c != '\0').unwrap_or('\u{fffd}');
        return Some(c.to_string());
    }
    let simple = match name {
        "amp" => "&",
        "lt" => "<",
        "gt" => ">",
        "quot" => "\"",
        "apos" => "'",
        "nbsp" | "ensp" | "emsp" | "thinsp" => " ",
        "shy" | "zwj" | "zwnj" | "lrm" | "rlm" => "",
        "copy" => "©",
        "reg" => "®",
        "trade" => "™",
        "hellip" => "…",
        "mdash" => "—",
        "ndash" => "–",
        "lsquo" => "‘",
        "rsquo" => "’",
        "sbquo" => "‚",
        "ldquo" => "“",
        "rdquo" => "”",
        "bdquo" => "„",
        "laquo" => "«",
        "raquo" => "»",
        "bull" => "•",
        "middot" => "·",
        "deg" => "°",
        "times" => "×",
        "divide" => "÷",
        "plusmn" => "±",
        "minus" => "−",
        "le" => "≤",
        "ge" => "≥",
        "ne" => "≠",
        "larr" => "←",
        "rarr" => "→",
        "uarr" => "↑",
        "darr" => "↓",
        "harr" => "↔",
        "euro" => "€",
        "pound" => "£",
        "yen" => "¥",
        "cent" => "¢",
        "sect" => "§",
        "para" => "¶",
        "micro" => "µ",
        "frac12" => "½",
        "frac14" => "¼",
        "frac34" => "¾",
        "szlig" => "ß",
        "aelig" => "æ",
        "AElig" => "Æ",
        "oelig" => "œ",
        "OElig" => "Œ",
        "oslash" => "ø",
        "Oslash" => "Ø",
        "eth" => "ð",
        "thorn" => "þ",
        "iexcl" => "¡",
        "iquest" => "¿",
        _ => return accented(name).map(String::from),
    };
    Some(simple.to_owned())
}

/// `&eacute;` and its kind: a Latin letter and an accent's name.
fn accented(name: &str) -> Option<char> {
    let mut chars = name.chars();
    let letter = chars.next()?;
    let accent = chars.as_str();
    let (bases, accented): (&str, &str) = match accent {
        "acute" => ("aeiouyAEIOUY", "áéíóúýÁÉÍÓÚÝ"),
        "grave" => ("aeiouAEIOU", "àèìòùÀÈÌÒÙ"),
        "circ" => ("aeiouAEIOU", "âêîôûÂÊÎÔÛ"),
        "uml" => ("aeiouyAEIOU", "äëïöüÿÄËÏÖÜ"),
        "tilde" => ("anoANO", "ãñõÃÑÕ"),
        "ring" => ("aA", "åÅ"),
        "cedil" => ("cC", "çÇ"),
        _ => return None,
    };
    let index = bases.chars().position(|base| base == letter)?;
    accented.chars().nth(index)
}
