//! Anthropic Messages, streamed.
//!
//! API documentation: <https://docs.anthropic.com/en/api/messages> and
//! <https://docs.anthropic.com/en/api/messages-streaming>.
//!
//! Protocol, as streamed with `"stream": true` (each event is sent with an SSE
//! `event:` name equal to the JSON `type` field):
//! 1. `message_start`: the message shell; `message.usage.input_tokens`.
//! 2. Per content block: `content_block_start` (`text`, `thinking`,
//!    `redacted_thinking` or `tool_use` with `id` and `name`), then
//!    `content_block_delta`s (`text_delta`, `thinking_delta`, `signature_delta`,
//!    `input_json_delta` with `partial_json` pieces), then `content_block_stop`.
//! 3. `message_delta`: `delta.stop_reason` and cumulative `usage.output_tokens`.
//! 4. `message_stop`.
//!
//! `ping` events may come at any point; an `error` event (`overloaded_error`,
//! say) may arrive instead of the rest of the stream.
//!
//! Assumptions: the JSON `type` is preferred to the SSE event name, which is only
//! used when the JSON has no `type`; unknown event and delta types are ignored, as
//! the documentation asks, since new ones may be added.

mod wire;

#[cfg(test)]
mod tests;

use super::{
    FinishKind, FinishReason, HttpRequest, ModelConfig, ProviderConfig, ProviderError, StreamEvent, Usage,
    error_fields, excerpt, parse_data, read_error_body,
};
use crate::message::{ChatMessage, Role};
use crate::sse::SseEvent;

/// The default base URL, used when the configured one is empty.
pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com";

/// The API version sent in the `anthropic-version` header.
pub const API_VERSION: &str = "2023-06-01";

/// The `max_tokens` of every request; Anthropic requires the field.
const MAX_TOKENS: u32 = 4096;

/// Builds the streaming messages request for `messages`. System messages are
/// joined into the top-level `system` field, which is how Anthropic takes them.
pub fn build_request(provider: &ProviderConfig, model: &ModelConfig, messages: &[ChatMessage]) -> HttpRequest {
    let system: Vec<&str> = messages.iter().filter(|m| m.role == Role::System).map(|m| m.content.as_str()).collect();
    let turns: Vec<serde_json::Value> = messages
        .iter()
        .filter(|m| m.role != Role::System)
        .map(|m| serde_json::json!({ "role": m.role.as_str(), "content": m.content }))
        .collect();
    let mut body = serde_json::json!({
        "model": model.model,
        "max_tokens": MAX_TOKENS,
        "stream": true,
        "messages": turns,
    });
    if !system.is_empty() {
        body["system"] = serde_json::Value::String(system.join("\n\n"));
    }
    HttpRequest {
        method: "POST",
        url: messages_url(&provider.base_url),
        headers: headers(provider),
        body: Some(body.to_string()),
    }
}

/// The messages endpoint for a base URL: `{base}/v1/messages`. A base that already
/// ends in `/v1` or `/v1/messages` is accepted; an empty one means the public API.
pub fn messages_url(base_url: &str) -> String {
    let base = base_url.trim().trim_end_matches('/');
    let base = if base.is_empty() { DEFAULT_BASE_URL } else { base };
    if base.ends_with("/v1/messages") {
        base.to_owned()
    } else if base.ends_with("/v1") {
        format!("{base}/messages")
    } else {
        format!("{base}/v1/messages")
    }
}

fn headers(provider: &ProviderConfig) -> Vec<(String, String)> {
    vec![
        ("content-type".to_owned(), "application/json".to_owned()),
        ("x-api-key".to_owned(), provider.api_key.trim().to_owned()),
        ("anthropic-version".to_owned(), API_VERSION.to_owned()),
        // Hearth calls the API from a web page with the user's own key.
        ("anthropic-dangerous-direct-browser-access".to_owned(), "true".to_owned()),
    ]
}

/// Maps Anthropic's `stop_reason` to the unified reason.
///
/// See <https://docs.anthropic.com/en/api/messages#response-stop-reason>.
pub fn map_finish_reason(raw: &str) -> FinishKind {
    match raw {
        "end_turn" | "stop_sequence" => FinishKind::Stop,
        "max_tokens" | "model_context_window_exceeded" => FinishKind::Length,
        "tool_use" => FinishKind::ToolCalls,
        "refusal" => FinishKind::ContentFilter,
        // `pause_turn`: a long server-tool turn was paused and may be continued.
        _ => FinishKind::Other,
    }
}

/// Reads the error body of a non-2xx response:
/// `{"type": "error", "error": {"type", "message"}, "request_id"}`, or plain text.
pub fn parse_error_body(status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    let (message, code) = read_error_body(body, error_fields);
    ProviderError::from_status(status, message, code, retry_after_secs)
}

/// Turns the SSE events of one response into [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {
    /// Indexes of the `tool_use` blocks opened so far; `input_json_delta`s of
    /// other blocks (server tools, say) are not tool calls for Hearth to run.
    tool_blocks: Vec<u32>,
}

impl StreamParser {
    /// A parser at the start of a response.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses one SSE event. Never fails: an event that cannot be read becomes
    /// [`StreamEvent::Malformed`] and the stream goes on.
    pub fn on_event(&mut self, event: &SseEvent) -> Vec<StreamEvent> {
        let data = event.data.trim();
        if data.is_empty() {
            return Vec::new();
        }
        let parsed: wire::Event = match parse_data(data) {
            Ok(parsed) => parsed,
            Err(malformed) => return vec![malformed],
        };
        let kind = parsed.kind.as_deref().or(event.event.as_deref()).unwrap_or_default();
        let mut events = Vec::new();
        match kind {
            "message_start" => {
                if let Some(input) = parsed.message.and_then(|m| m.usage).and_then(|u| u.input_tokens) {
                    events.push(StreamEvent::Usage(Usage { input: Some(input), output: None }));
                }
            }
            "content_block_start" => {
                if let Some(block) = &parsed.content_block {
                    self.block_start(parsed.index, block, &mut events);
                }
            }
            "content_block_delta" => {
                if let Some(delta) = &parsed.delta {
                    self.block_delta(parsed.index, delta, &mut events);
                }
            }
            "message_delta" => {
                if let Some(raw) = parsed.delta.and_then(|d| d.stop_reason).filter(|raw| !raw.is_empty()) {
                    events.push(StreamEvent::Finish(FinishReason { unified: map_finish_reason(&raw), raw: Some(raw) }));
                }
                if let Some(usage) = parsed.usage {
                    // Counts here are cumulative; `input_tokens` is usually absent,
                    // so it stays `None` and the count from `message_start` is kept.
                    let usage = Usage { input: usage.input_tokens, output: usage.output_tokens };
                    if usage.input.is_some() || usage.output.is_some() {
                        events.push(StreamEvent::Usage(usage));
                    }
                }
            }
            "error" => {
                let (message, code) = match &parsed.error {
                    Some(error) => error_fields(&serde_json::json!({ "error": error })),
                    None => (excerpt(data, 500), None),
                };
                events.push(StreamEvent::ProviderError(ProviderError::in_stream(message, code)));
            }
            // `content_block_stop`, `message_stop`, `ping` and unknown events.
            _ => {}
        }
        events
    }

    fn block_start(&mut self, index: Option<u32>, block: &wire::ContentBlock, events: &mut Vec<StreamEvent>) {
        match block.kind.as_deref() {
            Some("text") => push_text(StreamEvent::TextDelta, block.text.as_ref(), events),
            Some("thinking") => push_text(StreamEvent::ReasoningDelta, block.thinking.as_ref(), events),
            Some("tool_use") => {
                if let Some(index) = index {
                    self.tool_blocks.push(index);
                }
                events.push(StreamEvent::ToolCallDelta {
                    index,
                    id: block.id.clone().filter(|id| !id.is_empty()),
                    name: block.name.clone().filter(|name| !name.is_empty()),
                    arguments: String::new(),
                });
            }
            // `redacted_thinking` carries only encrypted data; nothing to show.
            _ => {}
        }
    }

    fn block_delta(&self, index: Option<u32>, delta: &wire::Delta, events: &mut Vec<StreamEvent>) {
        match delta.kind.as_deref() {
            Some("text_delta") => push_text(StreamEvent::TextDelta, delta.text.as_ref(), events),
            Some("thinking_delta") => push_text(StreamEvent::ReasoningDelta, delta.thinking.as_ref(), events),
            Some("input_json_delta") => {
                let is_tool_call = index.is_none_or(|index| self.tool_blocks.contains(&index));
                if let Some(partial) = delta.partial_json.as_ref().filter(|_| is_tool_call) {
                    events.push(StreamEvent::ToolCallDelta { index, id: None, name: None, arguments: partial.clone() });
                }
            }
            // `signature_delta` verifies a thinking block when it is sent back;
            // signatures will be kept by the providers issue, ignored for now.
            _ => {}
        }
    }
}

fn push_text(make: fn(String) -> StreamEvent, text: Option<&String>, events: &mut Vec<StreamEvent>) {
    if let Some(text) = text.filter(|text| !text.is_empty()) {
        events.push(make(text.clone()));
    }
}
