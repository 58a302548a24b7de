//! OpenAI Chat Completions, streamed, and the compatible family (Ollama, LM Studio,
//! llama.cpp, DeepSeek, OpenRouter, any custom base URL).
//!
//! API documentation: <https://platform.openai.com/docs/api-reference/chat/create>
//! and <https://platform.openai.com/docs/api-reference/chat-streaming>.
//!
//! Protocol, as streamed with `"stream": true`:
//! 1. `data: {chat.completion.chunk}` events; `choices[0].delta` carries `role`
//!    (first chunk), `content`, `tool_calls` fragments (`index`, then `id`,
//!    `function.name` and `function.arguments` pieces), and, for compatible
//!    servers, `reasoning_content` or `reasoning`.
//! 2. A chunk whose `finish_reason` is set.
//! 3. With `stream_options.include_usage`, a chunk with `choices: []` and `usage`.
//! 4. `data: [DONE]`.
//!
//! Assumptions: one choice is requested, so only `choices[0]` is read; chunks may
//! omit or null any field; an `error` object may arrive instead of a chunk.

mod wire;

#[cfg(test)]
mod tests;

use super::{
    FinishKind, FinishReason, HttpRequest, ModelConfig, ProviderConfig, ProviderError, StreamEvent, Usage,
    error_fields, parse_data, read_error_body,
};
use crate::message::ChatMessage;
use crate::sse::SseEvent;

/// Builds the streaming chat request for `messages`.
pub fn build_request(provider: &ProviderConfig, model: &ModelConfig, messages: &[ChatMessage]) -> HttpRequest {
    let messages: Vec<serde_json::Value> =
        messages.iter().map(|m| serde_json::json!({ "role": m.role.as_str(), "content": m.content })).collect();
    let body = serde_json::json!({
        "model": model.model,
        "messages": messages,
        "stream": true,
        "stream_options": { "include_usage": true },
    });
    HttpRequest {
        method: "POST",
        url: chat_completions_url(&provider.base_url),
        headers: headers(provider, true),
        body: Some(body.to_string()),
    }
}

/// Builds the request that lists the provider's models (`GET {base}/models`).
pub fn build_models_request(provider: &ProviderConfig) -> HttpRequest {
    let base = provider.base_url.trim().trim_end_matches('/');
    let base = base.strip_suffix("/chat/completions").unwrap_or(base);
    HttpRequest { method: "GET", url: format!("{base}/models"), headers: headers(provider, false), body: None }
}

/// The chat completions endpoint for a base URL; a full endpoint URL is kept as is.
pub fn chat_completions_url(base_url: &str) -> String {
    let base = base_url.trim().trim_end_matches('/');
    if base.ends_with("/chat/completions") { base.to_owned() } else { format!("{base}/chat/completions") }
}

fn headers(provider: &ProviderConfig, has_body: bool) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    if has_body {
        headers.push(("content-type".to_owned(), "application/json".to_owned()));
    }
    let key = provider.api_key.trim();
    if !key.is_empty() {
        headers.push(("authorization".to_owned(), format!("Bearer {key}")));
    }
    headers
}

/// Maps OpenAI's `finish_reason` to the unified reason.
///
/// See <https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices>.
pub fn map_finish_reason(raw: &str) -> FinishKind {
    match raw {
        "stop" | "eos" | "end_turn" | "stop_sequence" => FinishKind::Stop,
        "length" | "max_tokens" => FinishKind::Length,
        "tool_calls" | "function_call" => FinishKind::ToolCalls,
        "content_filter" | "safety" => FinishKind::ContentFilter,
        "error" => FinishKind::Error,
        _ => FinishKind::Other,
    }
}

/// Reads the error body of a non-2xx response: `{"error": {"message", "type", "code"}}`
/// from OpenAI, or the looser shapes of compatible servers, or plain text.
pub fn parse_error_body(status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    let (message, code) = read_error_body(body, error_fields);
    ProviderError::from_status(status, message, code, retry_after_secs)
}

/// Turns the SSE events of one response into [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {
    done: bool,
}

impl StreamParser {
    /// A parser at the start of a response.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses one SSE event. Never fails: a chunk that cannot be read becomes
    /// [`StreamEvent::Malformed`] and the stream goes on.
    pub fn on_event(&mut self, event: &SseEvent) -> Vec<StreamEvent> {
        let data = event.data.trim();
        if self.done || data.is_empty() {
            return Vec::new();
        }
        if data == "[DONE]" {
            self.done = true;
            return Vec::new();
        }
        let chunk: wire::Chunk = match parse_data(data) {
            Ok(chunk) => chunk,
            Err(malformed) => return vec![malformed],
        };
        let mut events = Vec::new();
        if let Some(error) = &chunk.error {
            let (message, code) = error_fields(error);
            events.push(StreamEvent::ProviderError(ProviderError::in_stream(message, code)));
        }
        if let Some(choice) = chunk.choices.as_deref().and_then(<[_]>::first) {
            if let Some(delta) = &choice.delta {
                push_delta(delta, &mut events);
            }
            if let Some(raw) = choice.finish_reason.as_deref().filter(|raw| !raw.is_empty()) {
                events.push(StreamEvent::Finish(FinishReason {
                    unified: map_finish_reason(raw),
                    raw: Some(raw.to_owned()),
                }));
            }
        }
        if let Some(usage) = chunk.usage {
            events.push(StreamEvent::Usage(Usage { input: usage.prompt_tokens, output: usage.completion_tokens }));
        }
        events
    }
}

fn push_delta(delta: &wire::Delta, events: &mut Vec<StreamEvent>) {
    for reasoning in [&delta.reasoning_content, &delta.reasoning].into_iter().flatten() {
        if !reasoning.is_empty() {
            events.push(StreamEvent::ReasoningDelta(reasoning.clone()));
        }
    }
    if let Some(text) = delta.content.as_ref().filter(|text| !text.is_empty()) {
        events.push(StreamEvent::TextDelta(text.clone()));
    }
    for call in delta.tool_calls.iter().flatten() {
        let function = call.function.as_ref();
        events.push(StreamEvent::ToolCallDelta {
            index: call.index,
            id: call.id.clone().filter(|id| !id.is_empty()),
            name: function.and_then(|f| f.name.clone()).filter(|name| !name.is_empty()),
            arguments: function.and_then(|f| f.arguments.clone()).unwrap_or_default(),
        });
    }
}
