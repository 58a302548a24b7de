//! A fast path for the chunks that make up nearly all of a stream: the same
//! JSON object each time but for one string, the piece of text (or reasoning).
//!
//! A 20,000-token answer comes in thousands of chunks, and reading each with
//! serde (matching every field name of the chunk, choice and delta) was the
//! largest cost of a stream in the browser. Once a chunk has been read as one
//! text or reasoning piece alone, its data is cut around that piece's string
//! literal into a prefix and a suffix. A later chunk whose data is the prefix,
//! one whole JSON string literal and the suffix is read as that literal alone.
//!
//! Why this gives exactly what serde would: a JSON string literal is one token,
//! so replacing it with another leaves every other token as it was, and the
//! document means the same but for that one value. Before a shape is used, a
//! probe (the prefix, another string, the suffix) is read by serde with a fresh
//! parser and must give that string back as the only event, so the cut is known
//! to sit exactly around the piece's value and the shape to carry nothing else
//! (no finish reason, tool call, usage, error or other choice). Anything that
//! does not fit, or any doubt, goes to serde as before.

use crate::contract::StreamEvent;

/// How many times a shape of each kind is learned in one response: a server
/// that escapes text another way than serde (as `\u00e9`) never gives one,
/// and one whose chunks change (a `created` time in seconds) gives a new one
/// now and then; past this, looking costs nothing more.
const MAX_TRIES: u8 = 64;

/// A string no server sends, used to check where a shape's cut sits.
const PROBE: &str = "hearth\u{1}probe\u{e9}";

/// Which event a shape's string is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Piece {
    /// `choices[0].delta.content`, a [`StreamEvent::TextDelta`].
    Text,
    /// A delta's reasoning, a [`StreamEvent::ReasoningDelta`].
    Reasoning,
}

impl Piece {
    fn of(event: &StreamEvent) -> Option<(Self, &str)> {
        match event {
            StreamEvent::TextDelta(text) => Some((Self::Text, text)),
            StreamEvent::ReasoningDelta(text) => Some((Self::Reasoning, text)),
            _ => None,
        }
    }
}

/// The data of a chunk with the piece's string literal cut out.
#[derive(Debug, Default)]
struct Shape {
    prefix: String,
    suffix: String,
    tries: u8,
}

impl Shape {
    fn is_known(&self) -> bool {
        !self.prefix.is_empty()
    }

    /// The string in the hole, when `data` is this shape around one whole
    /// JSON string literal.
    fn read(&self, data: &str) -> Option<String> {
        let literal = data.strip_prefix(self.prefix.as_str())?.strip_suffix(self.suffix.as_str())?;
        // One string literal, with nothing but white space around it (which JSON
        // allows around any value).
        serde_json::from_str(literal).ok()
    }

    /// Cuts `data` around `text`'s literal, if a probe in its place gives
    /// that `piece` of `PROBE` and nothing else; otherwise keeps the shape it had.
    fn learn(&mut self, data: &str, text: &str, probe: &dyn Fn(&str) -> Vec<StreamEvent>, piece: Piece) {
        if self.tries >= MAX_TRIES {
            return;
        }
        self.tries += 1;
        let (Ok(literal), Ok(probe_literal)) = (serde_json::to_string(text), serde_json::to_string(PROBE)) else {
            return;
        };
        // The same literal may also stand elsewhere (an id, a model name): a few
        // places are tried, first to last.
        let mut from = 0;
        for _ in 0..4 {
            let Some(at) = data[from..].find(literal.as_str()).map(|found| from + found) else {
                return;
            };
            let (prefix, suffix) = (&data[..at], &data[at + literal.len()..]);
            let events = probe(&format!("{prefix}{probe_literal}{suffix}"));
            if let [event] = events.as_slice()
                && Piece::of(event) == Some((piece, PROBE))
            {
                self.prefix = prefix.to_owned();
                self.suffix = suffix.to_owned();
                return;
            }
            // The literal starts with a quote, one byte long.
            from = at + 1;
        }
    }
}

/// The shapes learned so far in one response.
#[derive(Debug, Default)]
pub(super) struct Shapes {
    text: Shape,
    reasoning: Shape,
    /// Off for tests that compare against serde alone.
    off: bool,
}

impl Shapes {
    /// Shapes that are never learned: every chunk goes to serde.
    #[cfg(test)]
    pub(super) fn off() -> Self {
        Self { off: true, ..Self::default() }
    }

    /// The piece `data` carries, when it has a known shape.
    pub(super) fn read(&self, data: &str) -> Option<(Piece, String)> {
        [(Piece::Text, &self.text), (Piece::Reasoning, &self.reasoning)]
            .into_iter()
            .filter(|(_, shape)| shape.is_known())
            .find_map(|(piece, shape)| shape.read(data).map(|text| (piece, text)))
    }

    /// Learns `data`'s shape when serde read it as `events`, one piece alone
    /// (data that fitted a known shape never comes here, so a shape that stopped
    /// fitting is replaced). `probe` reads other data as serde would, with a
    /// fresh parser.
    pub(super) fn learn(&mut self, data: &str, events: &[StreamEvent], probe: &dyn Fn(&str) -> Vec<StreamEvent>) {
        let [event] = events else {
            return;
        };
        let Some((piece, text)) = Piece::of(event).filter(|_| !self.off) else {
            return;
        };
        let shape = match piece {
            Piece::Text => &mut self.text,
            Piece::Reasoning => &mut self.reasoning,
        };
        shape.learn(data, text, probe, piece);
    }

    /// Whether a shape of this kind is known (for tests).
    #[cfg(test)]
    pub(super) fn knows(&self, piece: Piece) -> bool {
        match piece {
            Piece::Text => self.text.is_known(),
            Piece::Reasoning => self.reasoning.is_known(),
        }
    }
}
