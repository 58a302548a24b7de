//! Incremental decoder for `text/event-stream` (server-sent events).
//!
//! LLM providers stream answers as SSE over a POST response, which the browser's
//! `EventSource` cannot send, so Hearth reads the body with a stream reader and
//! feeds the bytes here as they arrive. [`SseDecoder::push`] takes any slice of
//! the body, however it was cut, and returns the events completed by it.
//!
//! Follows the WHATWG "event stream interpretation" rules: a leading BOM is
//! dropped; lines end in LF, CR or CRLF (a CRLF split across two pushes is still
//! one line end); lines starting with `:` are comments; `data:` lines of one
//! event are joined with `\n`; one space after the colon is removed; an empty
//! line dispatches the event unless it carried no data.
//!
//! One deliberate deviation: [`SseDecoder::finish`] dispatches a last event that
//! was not followed by a blank line, because some servers close the body right
//! after the final `data:` line and dropping the end of an answer is worse than
//! being lenient.
//!
//! A second one: lines that are not SSE at all but look like JSON (a line
//! starting with `{` or `[`, and every line after it) are kept aside instead of
//! being dropped, until the next `data:` line. Google's servers end a stream
//! that fails midway with such a bare error object; [`SseDecoder::take_stray`]
//! hands that text over once the body has ended, so that the error is not lost.
//!
//! Invariant: lines are split on the ASCII bytes CR and LF only, which never occur
//! inside a multi-byte UTF-8 sequence, so a character cut between two pushes is
//! decoded whole once its line is complete. Invalid UTF-8 becomes U+FFFD.

#[cfg(test)]
mod tests;

/// One dispatched server-sent event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    /// The `event:` field, or `None` when absent (the spec's default type `message`).
    pub event: Option<String>,
    /// All `data:` lines of the event joined with `\n`.
    pub data: String,
    /// The `id:` field, when the event carried one.
    pub id: Option<String>,
    /// The `retry:` field in milliseconds, when valid.
    pub retry: Option<u64>,
}

/// Push-based SSE decoder: bytes in, completed events out. Holds at most one
/// incomplete line and one incomplete event between pushes.
#[derive(Debug, Default)]
pub struct SseDecoder {
    /// Bytes of the current, not yet terminated line.
    line: Vec<u8>,
    /// The last byte seen was a CR, so an LF at the start of the next push
    /// belongs to the same line end.
    after_cr: bool,
    /// Whether the first bytes of the stream (where a BOM may be) were seen.
    started: bool,
    /// Fields of the event being assembled.
    pending: PendingEvent,
    /// Non-SSE lines that looked like JSON, since the last `data:` line
    /// (at most [`MAX_STRAY_BYTES`]).
    stray: String,
    /// Whether a stray JSON-looking line was seen, so the lines after it belong
    /// to it (a pretty-printed object spans several).
    stray_open: bool,
    /// The spec's "last event ID buffer": the last `id:` field seen, kept across
    /// events, including an event with no data (a priming event).
    last_event_id: Option<String>,
    /// The spec's "reconnection time": the last valid `retry:` field, in milliseconds.
    reconnection_ms: Option<u64>,
}

/// The most stray text kept: enough for any error object.
const MAX_STRAY_BYTES: usize = 64 * 1024;

#[derive(Debug, Default)]
struct PendingEvent {
    event: Option<String>,
    data: String,
    has_data: bool,
    id: Option<String>,
    retry: Option<u64>,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

impl SseDecoder {
    /// A decoder at the start of a stream.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds the next bytes of the body and returns the events they complete.
    pub fn push(&mut self, mut bytes: &[u8]) -> Vec<SseEvent> {
        let events = Vec::new();
        if !self.started {
            // The BOM may itself arrive cut in pieces: wait until three bytes are known.
            if self.line.len() + bytes.len() < BOM.len() && BOM.starts_with(&[&self.line[..], bytes].concat()) {
                self.line.extend_from_slice(bytes);
                return events;
            }
            self.started = true;
            let mut head = std::mem::take(&mut self.line);
            head.extend_from_slice(bytes);
            let head = head.strip_prefix(BOM).unwrap_or(&head).to_vec();
            return self.push_lines(&head, events);
        }
        if self.after_cr {
            self.after_cr = false;
            if let Some(rest) = bytes.strip_prefix(b"\n") {
                bytes = rest;
            }
        }
        self.push_lines(bytes, events)
    }

    /// The lines outside the event-stream format that looked like JSON and came
    /// after the last `data:` line, joined with `\n` (empty when there were
    /// none); call it after [`SseDecoder::finish`]. Taking them empties them.
    pub fn take_stray(&mut self) -> String {
        self.stray_open = false;
        std::mem::take(&mut self.stray)
    }

    /// The last `id:` field of the stream so far (a reconnecting client sends it
    /// as `Last-Event-ID`), including one of an event without data; `None`
    /// before any, or after an empty `id:`.
    pub fn last_event_id(&self) -> Option<&str> {
        self.last_event_id.as_deref().filter(|id| !id.is_empty())
    }

    /// The last valid `retry:` field of the stream so far, in milliseconds.
    pub fn reconnection_ms(&self) -> Option<u64> {
        self.reconnection_ms
    }

    /// Ends the stream: dispatches an event left without its closing blank line.
    /// An incomplete final line is treated as complete.
    pub fn finish(&mut self) -> Vec<SseEvent> {
        let mut events = Vec::new();
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            if !self.started && BOM.starts_with(&line) {
                // Only (part of) a BOM was ever received.
            } else {
                let line = if self.started { line } else { line.strip_prefix(BOM).unwrap_or(&line).to_vec() };
                self.process_line(&line, &mut events);
            }
        }
        self.started = true;
        self.after_cr = false;
        self.dispatch(&mut events);
        events
    }

    fn push_lines(&mut self, bytes: &[u8], mut events: Vec<SseEvent>) -> Vec<SseEvent> {
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            let terminator = rest[end];
            if self.line.is_empty() {
                self.process_line(&rest[..end], &mut events);
            } else {
                self.line.extend_from_slice(&rest[..end]);
                let line = std::mem::take(&mut self.line);
                self.process_line(&line, &mut events);
            }
            rest = &rest[end + 1..];
            if terminator == b'\r' {
                match rest.first() {
                    Some(b'\n') => rest = &rest[1..],
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
        }
        self.line.extend_from_slice(rest);
        events
    }

    fn process_line(&mut self, line: &[u8], events: &mut Vec<SseEvent>) {
        if line.is_empty() {
            self.dispatch(events);
            return;
        }
        if line[0] == b':' {
            return; // A comment, such as a keep-alive.
        }
        let (name, value) = match line.iter().position(|&b| b == b':') {
            Some(colon) => {
                let value = &line[colon + 1..];
                (&line[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &b""[..]),
        };
        if !matches!(name, b"event" | b"data" | b"id" | b"retry") {
            self.keep_stray(line);
            return;
        }
        let value = String::from_utf8_lossy(value);
        let pending = &mut self.pending;
        match name {
            b"event" => pending.event = Some(value.into_owned()),
            b"data" => {
                self.stray.clear();
                self.stray_open = false;
                if pending.has_data {
                    pending.data.push('\n');
                }
                pending.data.push_str(&value);
                pending.has_data = true;
            }
            b"id" if !value.contains('\0') => {
                self.last_event_id = Some(value.clone().into_owned());
                pending.id = Some(value.into_owned());
            }
            b"retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                pending.retry = value.parse().ok();
                if pending.retry.is_some() {
                    self.reconnection_ms = pending.retry;
                }
            }
            _ => {} // An `id` with NUL or a bad `retry` is ignored, as the spec says.
        }
    }

    /// A line that is no SSE field (the spec ignores it): kept when it looks like
    /// the start of a JSON value, or follows one.
    fn keep_stray(&mut self, line: &[u8]) {
        let starts_json = matches!(line.iter().find(|b| !b.is_ascii_whitespace()), Some(b'{' | b'['));
        if !self.stray_open && !starts_json {
            return;
        }
        self.stray_open = true;
        if self.stray.len() + line.len() < MAX_STRAY_BYTES {
            if !self.stray.is_empty() {
                self.stray.push('\n');
            }
            self.stray.push_str(&String::from_utf8_lossy(line));
        }
    }

    fn dispatch(&mut self, events: &mut Vec<SseEvent>) {
        let pending = std::mem::take(&mut self.pending);
        if pending.has_data {
            events.push(SseEvent { event: pending.event, data: pending.data, id: pending.id, retry: pending.retry });
        }
    }
}
