//! OpenAI Responses (`POST /responses`), streamed: OpenAI, Azure OpenAI and the
//! servers compatible with it.
//!
//! SKELETON: the request builder and the stream parser are being written (issue 49).

use crate::contract::{HttpRequest, ProviderError, StreamEvent, ToolSpec};
use crate::message::ChatMessage;
use crate::sse::SseEvent;

use super::config::{ModelConfig, ProviderConfig};
use super::openai;

/// Builds the streaming Responses request.
pub fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
    tools: &[ToolSpec],
) -> HttpRequest {
    let mut request = openai::build_request(provider, model, messages, tools);
    request.url = request.url.replace("/chat/completions", "/responses");
    request
}

/// Reads an error body the way the Responses API writes them (as Chat Completions does).
pub fn parse_error_body(status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    openai::parse_error_body(status, body, retry_after_secs)
}

/// Turns Responses stream events into [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {}

impl StreamParser {
    /// A parser at the start of a stream.
    pub fn new() -> Self {
        Self::default()
    }

    /// The events one SSE event carries.
    pub fn on_event(&mut self, _event: &SseEvent) -> Vec<StreamEvent> {
        Vec::new()
    }
}
