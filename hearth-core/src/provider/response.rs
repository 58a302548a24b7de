//! From response bytes to [`StreamEvent`]s: SSE framing plus the provider's parser.

use super::{ProviderKind, StreamEvent, anthropic, gemini, openai};
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
    Anthropic(anthropic::StreamParser),
    Gemini(gemini::StreamParser),
}

impl ResponseDecoder {
    /// A decoder for a response of the given provider family.
    pub fn new(kind: ProviderKind) -> Self {
        let parser = match kind {
            ProviderKind::OpenAi => Parser::OpenAi(openai::StreamParser::new()),
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

    /// Ends the body: parses what was left without a closing blank line.
    pub fn finish(&mut self) -> Vec<StreamEvent> {
        let sse_events = self.sse.finish();
        self.parse(&sse_events)
    }

    fn parse(&mut self, sse_events: &[crate::sse::SseEvent]) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        for event in sse_events {
            match &mut self.parser {
                Parser::OpenAi(parser) => events.extend(parser.on_event(event)),
                Parser::Anthropic(parser) => events.extend(parser.on_event(event)),
                Parser::Gemini(parser) => events.extend(parser.on_event(event)),
            }
        }
        events
    }
}
