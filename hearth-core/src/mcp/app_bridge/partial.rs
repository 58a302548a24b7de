//! Streamed tool arguments closed into an object a view can be shown while
//! the model is still writing them (`ui/notifications/tool-input-partial`).

use serde_json::Value;

/// The arguments a model has streamed so far (`raw`, a JSON object's text
/// cut anywhere), closed into an object to show: an open string is ended
/// (less a half-written escape), open arrays and objects are closed, and a
/// key without its value, a half-written number or word (`tru`), or a
/// trailing comma is dropped. `None` when `raw` does not start an object.
pub fn partial_arguments(raw: &str) -> Option<Value> {
    let text = raw.trim_start();
    if !text.starts_with('{') {
        return None;
    }
    let object = |candidate: &str| match serde_json::from_str::<Value>(candidate) {
        Ok(value @ Value::Object(_)) => Some(value),
        _ => None,
    };
    if let Some(whole) = object(text) {
        return Some(whole);
    }
    Scan::of(text).endings(text).iter().find_map(|candidate| object(candidate))
}

/// What the scanner expects next inside an open array or object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    Key,
    Colon,
    Value,
    Comma,
}

/// An open array or object: its closing character, and what comes next in it.
#[derive(Debug, Clone, Copy)]
struct Open {
    close: char,
    expect: Expect,
}

/// A JSON text read up to where it was cut.
#[derive(Debug, Default)]
struct Scan {
    stack: Vec<Open>,
    /// Inside a string: where it started, and whether it is a key.
    string: Option<(usize, bool)>,
    /// After a backslash in a string.
    escaped: bool,
    /// Inside a `\u` escape: where it started, and how many hex digits are left.
    unicode: Option<(usize, u8)>,
    /// The last complete `\u` escape of a high surrogate: where it started and ended.
    high_surrogate: Option<(usize, usize)>,
    /// Inside a number or a word (`true`, `false`, `null`).
    literal: bool,
    /// The longest prefix that closes into valid JSON, and its closers.
    safe: Option<(usize, String)>,
}

impl Scan {
    fn of(text: &str) -> Self {
        let mut scan = Self::default();
        for (at, c) in text.char_indices() {
            if scan.string.is_some() {
                scan.in_string(text, at, c);
                continue;
            }
            if scan.literal {
                if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') {
                    continue;
                }
                scan.literal = false;
                scan.value_done(at);
            }
            scan.outside(at, c);
        }
        scan
    }

    fn closers(&self) -> String {
        self.stack.iter().rev().map(|open| open.close).collect()
    }

    fn mark_safe(&mut self, end: usize) {
        self.safe = Some((end, self.closers()));
    }

    fn value_done(&mut self, end: usize) {
        if let Some(top) = self.stack.last_mut() {
            top.expect = Expect::Comma;
        }
        self.mark_safe(end);
    }

    fn outside(&mut self, at: usize, c: char) {
        match c {
            '{' | '[' => {
                let (close, expect) = if c == '{' { ('}', Expect::Key) } else { (']', Expect::Value) };
                self.stack.push(Open { close, expect });
                self.mark_safe(at + 1);
            }
            '}' | ']' => {
                self.stack.pop();
                self.value_done(at + 1);
            }
            '"' => {
                let key = self.stack.last().is_some_and(|top| top.expect == Expect::Key);
                self.string = Some((at, key));
                self.high_surrogate = None;
            }
            ':' => self.expect(Expect::Value),
            ',' => {
                let next =
                    if self.stack.last().is_some_and(|top| top.close == '}') { Expect::Key } else { Expect::Value };
                self.expect(next);
            }
            c if c.is_whitespace() => {}
            _ => self.literal = true,
        }
    }

    fn expect(&mut self, next: Expect) {
        if let Some(top) = self.stack.last_mut() {
            top.expect = next;
        }
    }

    fn in_string(&mut self, text: &str, at: usize, c: char) {
        if let Some((start, left)) = self.unicode {
            let left = left.saturating_sub(1);
            self.unicode = (left > 0).then_some((start, left));
            if left == 0 {
                let high = text.get(start + 2..at + 1).and_then(|hex| u16::from_str_radix(hex, 16).ok());
                self.high_surrogate = high.filter(|n| (0xD800..0xDC00).contains(n)).map(|_| (start, at + 1));
            }
            return;
        }
        if self.escaped {
            self.escaped = false;
            if c == 'u' {
                self.unicode = Some((at.saturating_sub(1), 4));
            }
            return;
        }
        match c {
            '\\' => self.escaped = true,
            '"' => {
                let key = self.string.is_some_and(|(_, key)| key);
                self.string = None;
                if key { self.expect(Expect::Colon) } else { self.value_done(at + 1) }
            }
            _ => {}
        }
    }

    /// The texts to try, best first: the open string value ended, the open
    /// number or word kept, then the longest safe prefix closed.
    fn endings(&self, text: &str) -> Vec<String> {
        let mut endings = Vec::new();
        if let Some((_, false)) = self.string {
            let mut end = text.len();
            if self.escaped {
                end -= 1;
            } else if let Some((start, _)) = self.unicode {
                end = start;
            }
            // Half of a pair of surrogates, which JSON cannot hold alone.
            if let Some((start, _)) = self.high_surrogate.filter(|(_, stop)| *stop == end) {
                end = start;
            }
            endings.push(format!("{}\"{}", &text[..end], self.closers()));
        }
        if self.literal {
            endings.push(format!("{text}{}", self.closers()));
        }
        if let Some((end, closers)) = &self.safe {
            endings.push(format!("{}{closers}", &text[..*end]));
        }
        endings
    }
}
