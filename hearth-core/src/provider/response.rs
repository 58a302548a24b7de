//! From response bytes to [`StreamEvent`]s: SSE framing plus the provider's parser.
//!
//! When the body has ended, JSON written outside the event-stream format after
//! the last event (see [`SseDecoder::take_stray`]) is read as the family's error
//! object: a stream that fails midway and says so that way ends with
//! [`StreamEvent::ProviderError`], not as if it were complete. Other such text
//! is reported as [`StreamEvent::Malformed`].

use super::parse::{error_fields, excerpt};
use super::{anthropic, gemini, openai, responses};
use crate::contract::{ProviderError, ProviderKind, StreamEvent};
use crate::sse::SseDecoder;

/// Decodes one streamed response body, whatever pieces it arrives in.
#[derive(Debug)]
pub struct ResponseDecoder {
    sse: SseDecoder,
    parser: Parser,
}

#[derive(Debug)]
enum Parser {
    OpenAi(openai::StreamParser),
    Responses(responses::StreamParser),
    Anthropic(anthropic::StreamParser),
    Gemini(gemini::StreamParser),
}

impl ResponseDecoder {
    /// A decoder for a response of the given provider family.
    pub fn new(kind: ProviderKind) -> Self {
        let parser = match kind {
            ProviderKind::OpenAi => Parser::OpenAi(openai::StreamParser::new()),
            ProviderKind::Responses => Parser::Responses(responses::StreamParser::new()),
            ProviderKind::Anthropic => Parser::Anthropic(anthropic::StreamParser::new()),
            ProviderKind::Gemini => Parser::Gemini(gemini::StreamParser::new()),
        };
        Self { sse: SseDecoder::new(), parser }
    }

    /// Feeds the next bytes of the body; returns the events they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        let sse_events = self.sse.push(bytes);
        self.parse(&sse_events)
    }

    /// Ends the body: parses what was left without a closing blank line, then
    /// any JSON left outside the event stream (see the module documentation).
    pub fn finish(&mut self) -> Vec<StreamEvent> {
        let sse_events = self.sse.finish();
        let mut events = self.parse(&sse_events);
        if let Parser::Gemini(parser) = &mut self.parser {
            events.extend(parser.finish());
        }
        let stray = self.sse.take_stray();
        if !stray.trim().is_empty() {
            events.push(self.stray_event(stray.trim()));
        }
        events
    }

    /// The error a JSON body outside the event stream carries, or why it was
    /// skipped.
    fn stray_event(&self, text: &str) -> StreamEvent {
        let malformed = |reason: &str| StreamEvent::Malformed { reason: reason.to_owned(), data: excerpt(text, 200) };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
            return malformed("text outside the event stream");
        };
        // Google sometimes wraps the object in an array.
        let object = match &value {
            serde_json::Value::Array(items) => items.first().unwrap_or(&value),
            _ => &value,
        };
        let Some(inner) = object.get("error") else {
            return malformed("JSON outside the event stream");
        };
        let error = match self.parser {
            // As in a `data:` event, the inner object is read (its `code` is an HTTP status).
            Parser::Gemini(_) => gemini::in_stream_error(inner),
            Parser::OpenAi(_) | Parser::Responses(_) | Parser::Anthropic(_) => {
                let (message, code) = error_fields(object);
                ProviderError::in_stream(message, code)
            }
        };
        StreamEvent::ProviderError(error)
    }

    fn parse(&mut self, sse_events: &[crate::sse::SseEvent]) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        for event in sse_events {
            match &mut self.parser {
                Parser::OpenAi(parser) => events.extend(parser.on_event(event)),
                Parser::Responses(parser) => events.extend(parser.on_event(event)),
                Parser::Anthropic(parser) => events.extend(parser.on_event(event)),
                Parser::Gemini(parser) => events.extend(parser.on_event(event)),
            }
        }
        events
    }
}
