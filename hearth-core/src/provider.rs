//! The provider-neutral contract: what a request is, what a streamed reply is made
//! of, and how a failed request is described.
//!
//! Each provider family has a module with the same public surface
//! (`build_request`, `StreamParser`, `map_finish_reason`, `parse_error_body`) so
//! that they can be read side by side. Request builders return an [`HttpRequest`]
//! value; the shell performs it and feeds the response bytes back through a
//! [`ResponseDecoder`].

pub mod anthropic;
pub mod gemini;
pub mod openai;

mod error;
#[cfg(test)]
mod recorded;
mod response;

pub use error::{ProviderError, ProviderErrorKind};
pub use response::ResponseDecoder;

use serde::{Deserialize, Serialize};

/// The wire protocol a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    /// OpenAI Chat Completions and every API compatible with it.
    OpenAi,
    /// Anthropic Messages.
    Anthropic,
    /// Google Gemini `streamGenerateContent`.
    Gemini,
}

/// Where and how to reach one provider account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderConfig {
    /// The protocol family.
    pub kind: ProviderKind,
    /// Base URL such as `https://api.openai.com/v1` (a full `…/chat/completions` URL is accepted too).
    pub base_url: String,
    /// The API key; may be empty for local servers that need none.
    pub api_key: String,
}

/// The model and sampling settings of one request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelConfig {
    /// The provider's model id.
    pub model: String,
}

/// An HTTP request for the shell to perform. Built by the provider modules.
#[derive(Clone, PartialEq, Eq)]
pub struct HttpRequest {
    /// Always `POST` for chat requests; `GET` for model lists.
    pub method: &'static str,
    /// The absolute URL.
    pub url: String,
    /// Header names and values, including authentication.
    pub headers: Vec<(String, String)>,
    /// The JSON body, when there is one.
    pub body: Option<String>,
}

impl std::fmt::Debug for HttpRequest {
    /// Shows the request with secret header values redacted, so that it may be logged.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(name, value)| (name.as_str(), if is_secret_header(name) { "<redacted>" } else { value.as_str() }))
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body", &self.body)
            .finish()
    }
}

/// Whether a header carries a credential and must never be shown or logged.
pub fn is_secret_header(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    matches!(name.as_str(), "authorization" | "api-key" | "x-api-key" | "x-goog-api-key")
}

/// One normalised piece of a streamed reply. Every provider parser emits these.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamEvent {
    /// More answer text.
    TextDelta(String),
    /// More reasoning ("thinking") text.
    ReasoningDelta(String),
    /// A fragment of a tool call. Fragments with the same `index` (or, without an
    /// index, the same `id`) belong to one call; `id` and `name` are present on the
    /// first fragment at least and may be missing or empty on later ones.
    ToolCallDelta {
        /// The provider's position of the call in this reply, when it gives one.
        index: Option<u32>,
        /// The call id, when this fragment carries it.
        id: Option<String>,
        /// The tool name, when this fragment carries it.
        name: Option<String>,
        /// The next piece of the JSON arguments text.
        arguments: String,
    },
    /// Token counts; a later report completes or replaces an earlier one.
    Usage(Usage),
    /// Why the model stopped.
    Finish(FinishReason),
    /// An error the provider reported inside the stream; the reply ends with it.
    ProviderError(ProviderError),
    /// A chunk that could not be understood; it is skipped and the stream goes on.
    Malformed {
        /// What was wrong.
        reason: String,
        /// The start of the offending data, for diagnostics.
        data: String,
    },
}

/// Token usage of one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Usage {
    /// Prompt (input) tokens, when reported.
    pub input: Option<u64>,
    /// Completion (output) tokens, when reported.
    pub output: Option<u64>,
}

/// Why generation stopped: the unified reason and the provider's own value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishReason {
    /// The provider-neutral reason.
    pub unified: FinishKind,
    /// The provider's value, as sent.
    pub raw: Option<String>,
}

/// Provider-neutral finish reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishKind {
    /// The model finished its answer.
    Stop,
    /// The token limit was reached.
    Length,
    /// The model wants tools to be run.
    ToolCalls,
    /// A content filter or safety system stopped the answer.
    ContentFilter,
    /// The provider reported an error.
    Error,
    /// Anything else.
    Other,
}

impl FinishKind {
    /// The snake_case name used in JSON and tools.
    pub fn as_str(self) -> &'static str {
        match self {
            FinishKind::Stop => "stop",
            FinishKind::Length => "length",
            FinishKind::ToolCalls => "tool_calls",
            FinishKind::ContentFilter => "content_filter",
            FinishKind::Error => "error",
            FinishKind::Other => "other",
        }
    }
}

/// Reads an error body: JSON through the family's `fields` (message and code),
/// anything else (an HTML error page, plain text) as its trimmed start.
pub(crate) fn read_error_body(
    body: &str,
    fields: impl Fn(&serde_json::Value) -> (String, Option<String>),
) -> (String, Option<String>) {
    match serde_json::from_str::<serde_json::Value>(body) {
        Ok(value) => fields(&value),
        Err(_) => (excerpt(body.trim(), 500), None),
    }
}

/// Message and code out of an error value in the common shapes: the object
/// under `error` (OpenAI and its compatible servers, Anthropic), or the value
/// itself (`{"detail": …}`, `{"message": …}`). The code is `code`, else `type`.
pub(crate) fn error_fields(value: &serde_json::Value) -> (String, Option<String>) {
    let inner = value.get("error").unwrap_or(value);
    if let Some(text) = inner.as_str() {
        return (text.to_owned(), None);
    }
    let message = ["message", "detail", "msg"]
        .iter()
        .find_map(|key| inner.get(*key).or_else(|| value.get(*key)).and_then(|v| v.as_str()))
        .map_or_else(|| excerpt(&value.to_string(), 500), str::to_owned);
    let code = ["code", "type"].iter().find_map(|key| match inner.get(*key) {
        Some(serde_json::Value::String(code)) => Some(code.clone()),
        Some(serde_json::Value::Number(code)) => Some(code.to_string()),
        _ => None,
    });
    (message, code)
}

/// Parses one event's JSON data, or says why it cannot be read; the stream goes on.
pub(crate) fn parse_data<T: serde::de::DeserializeOwned>(data: &str) -> Result<T, StreamEvent> {
    serde_json::from_str(data)
        .map_err(|error| StreamEvent::Malformed { reason: error.to_string(), data: excerpt(data, 200) })
}

/// Shortens provider data for diagnostics, on a character boundary.
pub(crate) fn excerpt(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}
