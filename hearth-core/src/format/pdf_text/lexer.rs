//! PDF syntax (ISO 32000-1 §7.2, §7.3): a lexer that turns bytes into
//! tokens, and a parser that builds objects from them. The same lexer reads
//! the file's objects, object streams, content streams and CMaps.
//!
//! Every byte sequence lexes: a byte that fits nowhere becomes a one-byte
//! keyword, and every token consumes at least one byte, so loops over tokens
//! end. Nesting deeper than [`MAX_DEPTH`] is skipped rather than recursed into.

use super::object::{Dict, Obj};

/// How deep arrays and dictionaries may nest before the rest is skipped.
const MAX_DEPTH: usize = 32;

/// A token of PDF syntax.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Token<'a> {
    Int(i64),
    Real(f64),
    Name(Vec<u8>),
    Str(Vec<u8>),
    ArrayStart,
    ArrayEnd,
    DictStart,
    DictEnd,
    /// Anything else: `obj`, `stream`, `R`, `true`, an operator, a stray byte.
    Keyword(&'a [u8]),
}

/// What [`Lexer::item`] read: an object, a keyword that is not one (an
/// operator, `stream`, `endobj`), or the end of input.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Item<'a> {
    Obj(Obj),
    Keyword(&'a [u8]),
    End,
}

pub(super) fn is_space(byte: u8) -> bool {
    matches!(byte, b'\0' | b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

pub(super) fn is_delimiter(byte: u8) -> bool {
    matches!(byte, b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%')
}

/// Whether `byte` can be part of a name, number or keyword.
pub(super) fn is_regular(byte: u8) -> bool {
    !is_space(byte) && !is_delimiter(byte)
}

fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Reads tokens and objects from `bytes`, from a position that callers may
/// read and set.
#[derive(Debug, Clone)]
pub(super) struct Lexer<'a> {
    bytes: &'a [u8],
    /// Where the next token starts (or whitespace before it).
    pub(super) at: usize,
    /// Whether `N G R` makes a reference (off in content streams and CMaps).
    refs: bool,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(bytes: &'a [u8], at: usize, refs: bool) -> Self {
        Lexer { bytes, at, refs }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Past whitespace and comments.
    pub(super) fn skip_space(&mut self) {
        while let Some(byte) = self.peek() {
            if is_space(byte) {
                self.at += 1;
            } else if byte == b'%' {
                while self.peek().is_some_and(|byte| byte != b'\n' && byte != b'\r') {
                    self.at += 1;
                }
            } else {
                break;
            }
        }
    }

    /// The run of regular bytes at the current position, consumed.
    fn regular_run(&mut self) -> &'a [u8] {
        let start = self.at;
        while self.peek().is_some_and(is_regular) {
            self.at += 1;
        }
        self.bytes.get(start..self.at).unwrap_or_default()
    }

    /// The next token, or `None` at the end of input.
    pub(super) fn token(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let byte = self.peek()?;
        let start = self.at;
        self.at += 1;
        Some(match byte {
            b'/' => Token::Name(self.name()),
            b'(' => Token::Str(self.literal()),
            b'<' if self.peek() == Some(b'<') => {
                self.at += 1;
                Token::DictStart
            }
            b'<' => Token::Str(self.hex()),
            b'>' if self.peek() == Some(b'>') => {
                self.at += 1;
                Token::DictEnd
            }
            b'[' => Token::ArrayStart,
            b']' => Token::ArrayEnd,
            _ if is_delimiter(byte) => Token::Keyword(self.bytes.get(start..self.at).unwrap_or_default()),
            _ => {
                self.at = start;
                let run = self.regular_run();
                number(run).unwrap_or(Token::Keyword(run))
            }
        })
    }

    fn name(&mut self) -> Vec<u8> {
        let run = self.regular_run();
        let mut name = Vec::with_capacity(run.len());
        let mut at = 0;
        while let Some(&byte) = run.get(at) {
            let escaped = match (
                byte,
                run.get(at + 1).copied().and_then(hex_value),
                run.get(at + 2).copied().and_then(hex_value),
            ) {
                (b'#', Some(high), Some(low)) => Some(high << 4 | low),
                _ => None,
            };
            match escaped {
                Some(decoded) => {
                    name.push(decoded);
                    at += 3;
                }
                None => {
                    name.push(byte);
                    at += 1;
                }
            }
        }
        name
    }

    /// A literal string's body after its `(`, through the matching `)`.
    fn literal(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut depth = 0usize;
        while let Some(byte) = self.peek() {
            self.at += 1;
            match byte {
                b'(' => {
                    depth += 1;
                    out.push(byte);
                }
                b')' if depth == 0 => break,
                b')' => {
                    depth -= 1;
                    out.push(byte);
                }
                b'\\' => self.escape(&mut out),
                b'\r' => {
                    // An unescaped end of line, whatever its form, is a newline.
                    if self.peek() == Some(b'\n') {
                        self.at += 1;
                    }
                    out.push(b'\n');
                }
                _ => out.push(byte),
            }
        }
        out
    }

    /// The escape after a backslash in a literal string.
    fn escape(&mut self, out: &mut Vec<u8>) {
        let Some(byte) = self.peek() else { return };
        self.at += 1;
        match byte {
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'b' => out.push(0x08),
            b'f' => out.push(0x0C),
            b'0'..=b'7' => {
                let mut value = u32::from(byte - b'0');
                for _ in 0..2 {
                    match self.peek() {
                        Some(digit @ b'0'..=b'7') => {
                            value = value * 8 + u32::from(digit - b'0');
                            self.at += 1;
                        }
                        _ => break,
                    }
                }
                out.push((value & 0xFF) as u8);
            }
            // A backslash before an end of line continues the string.
            b'\r' => {
                if self.peek() == Some(b'\n') {
                    self.at += 1;
                }
            }
            b'\n' => {}
            // `\(`, `\)`, `\\`, and any other byte stands for itself.
            _ => out.push(byte),
        }
    }

    /// A hexadecimal string's body after its `<`, through the `>`.
    fn hex(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut high: Option<u8> = None;
        while let Some(byte) = self.peek() {
            self.at += 1;
            if byte == b'>' {
                break;
            }
            let Some(value) = hex_value(byte) else { continue };
            match high.take() {
                Some(high) => out.push(high << 4 | value),
                None => high = Some(value),
            }
        }
        if let Some(high) = high {
            out.push(high << 4);
        }
        out
    }

    /// The next object or keyword. Arrays and dictionaries are read whole.
    pub(super) fn item(&mut self) -> Item<'a> {
        match self.token() {
            None => Item::End,
            Some(token) => self.item_from(token, 0),
        }
    }

    fn item_from(&mut self, token: Token<'a>, depth: usize) -> Item<'a> {
        Item::Obj(match token {
            Token::Int(value) => self.maybe_reference(value),
            Token::Real(value) => Obj::Real(value),
            Token::Name(name) => Obj::Name(name),
            Token::Str(string) => Obj::Str(string),
            Token::ArrayStart | Token::DictStart if depth >= MAX_DEPTH => {
                self.skip_nested();
                Obj::Null
            }
            Token::ArrayStart => self.array(depth + 1),
            Token::DictStart => self.dict(depth + 1),
            Token::Keyword(b"true") => Obj::Bool(true),
            Token::Keyword(b"false") => Obj::Bool(false),
            Token::Keyword(b"null") => Obj::Null,
            Token::Keyword(keyword) => return Item::Keyword(keyword),
            // A stray closing bracket: nothing.
            Token::ArrayEnd | Token::DictEnd => Obj::Null,
        })
    }

    /// `value` as an integer, or the reference `value G R` if that follows.
    fn maybe_reference(&mut self, value: i64) -> Obj {
        if !self.refs || value < 0 {
            return Obj::Int(value);
        }
        let saved = self.at;
        if let (Some(Token::Int(generation)), Some(Token::Keyword(b"R"))) = (self.token(), self.token()) {
            if let (Ok(number), true) = (u32::try_from(value), generation >= 0) {
                return Obj::Ref(number);
            }
        }
        self.at = saved;
        Obj::Int(value)
    }

    fn array(&mut self, depth: usize) -> Obj {
        let mut items = Vec::new();
        loop {
            let before = self.at;
            match self.token() {
                None | Some(Token::ArrayEnd) => break,
                Some(Token::DictEnd) => {
                    // A dictionary closing inside an array: the array ends before it.
                    self.at = before;
                    break;
                }
                Some(token) => {
                    if let Item::Obj(obj) = self.item_from(token, depth) {
                        items.push(obj);
                    }
                }
            }
        }
        Obj::Array(items)
    }

    fn dict(&mut self, depth: usize) -> Obj {
        let mut entries = Vec::new();
        loop {
            let before = self.at;
            match self.token() {
                None | Some(Token::DictEnd) => break,
                Some(Token::Name(key)) => {
                    let before_value = self.at;
                    match self.token().map(|token| self.item_from(token, depth)) {
                        Some(Item::Obj(value)) => entries.push((key, value)),
                        // `stream`, `endobj` or an operator: the dictionary was not closed.
                        Some(Item::Keyword(_)) => {
                            self.at = before_value;
                            break;
                        }
                        Some(Item::End) | None => break,
                    }
                }
                Some(Token::Keyword(_)) => {
                    self.at = before;
                    break;
                }
                // Anything else where a key belongs is skipped.
                Some(_) => {}
            }
        }
        Obj::Dict(Dict(entries))
    }

    /// Past the rest of an array or dictionary too deep to read.
    fn skip_nested(&mut self) {
        let mut depth = 1usize;
        while depth > 0 {
            match self.token() {
                None => break,
                Some(Token::ArrayStart | Token::DictStart) => depth += 1,
                Some(Token::ArrayEnd | Token::DictEnd) => depth -= 1,
                Some(_) => {}
            }
        }
    }
}

/// A run of regular bytes as a number, if it is one.
fn number(run: &[u8]) -> Option<Token<'static>> {
    let first = *run.first()?;
    if !(first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.')) {
        return None;
    }
    if !run.iter().all(|byte| byte.is_ascii_digit() || matches!(byte, b'+' | b'-' | b'.')) {
        return None;
    }
    let text = std::str::from_utf8(run).ok()?;
    if !run.contains(&b'.') {
        if let Ok(value) = text.parse::<i64>() {
            return Some(Token::Int(value));
        }
    }
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() => Some(Token::Real(value)),
        // Malformed numbers (`--1`, `1.2.3`, `-`) read as zero, as readers do.
        _ => Some(Token::Int(0)),
    }
}
