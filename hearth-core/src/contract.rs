//! The wire contract between Hearth and a provider family: the values every
//! family builds or emits, whatever its wire format, and the message model
//! ([`crate::message`]) names.
//!
//! A leaf of the model layer: it uses no other module of the crate. This is the
//! home of these types; the provider families (`provider::openai`,
//! `provider::anthropic`, `provider::gemini`) import them from here, and
//! [`crate::provider`] re-exports them so that the paths the shell uses
//! (`hearth_core::provider::StreamEvent`, …) stay the same.
//!
//! - [`ProviderKind`]: which wire protocol a provider speaks.
//! - [`HttpRequest`]: what a request builder returns and the shell performs
//!   (secret headers are redacted from its `Debug`, see [`is_secret_header`]).
//! - [`ToolSpec`]: a tool offered to the model (re-exported by [`crate::tools`]).
//! - [`StreamEvent`]: one normalised piece of a streamed reply, with [`Usage`]
//!   and [`FinishReason`] ([`FinishKind`] plus the provider's raw value).
//! - [`ProviderError`] and [`ProviderErrorKind`] (in `error`): a failed or
//!   refused request, with each kind's title, advice and whether retrying can help.
//! - In `web`: what a reply brings beyond text ([`Source`], [`ServerToolCall`],
//!   [`ImageOut`], [`Unsupported`]) and what a request may ask for beyond text
//!   ([`WebSearch`], [`Effort`], [`ImageRequest`]).

mod error;
mod media_refusal;
mod web;

pub use error::{ProviderError, ProviderErrorKind};
pub use media_refusal::{MediaRefusal, media_refusal};
pub use web::{
    CitationMark, Effort, ImageOut, ImageRequest, ServerToolCall, ServerToolKind, ServerToolStatus, Source,
    Unsupported, WebSearch,
};

use serde::{Deserialize, Serialize};

/// The wire protocol a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    /// OpenAI Chat Completions and every API compatible with it.
    #[default]
    OpenAi,
    /// Anthropic Messages.
    Anthropic,
    /// Google Gemini `streamGenerateContent`.
    Gemini,
    /// OpenAI Responses (`POST /responses`), spoken by OpenAI, Azure OpenAI and
    /// the servers compatible with it. A provider account is never of this kind
    /// itself: an OpenAI-family account speaks it when its API choice says so
    /// (see `ProviderConfig::wire_kind`).
    Responses,
}

/// A tool the model may call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    /// The name the model calls it by.
    pub name: String,
    /// What the tool does, for the model.
    pub description: String,
    /// The JSON Schema of its arguments (see [`crate::tools::schema`] for the
    /// checked subset).
    pub parameters: serde_json::Value,
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
    /// The tool call at `index` is complete: no more fragments of it follow.
    /// Anthropic ends each `tool_use` block, a Gemini function call is whole
    /// when it arrives, and OpenAI-compatible calls end with the finish reason.
    /// A stream cut short may end without it.
    ToolCallEnd {
        /// The provider's position of the call, as in its fragments.
        index: Option<u32>,
    },
    /// Token counts; a later report completes or replaces an earlier one.
    Usage(Usage),
    /// Why the model stopped.
    Finish(FinishReason),
    /// The signature that seals the reasoning streamed so far (Anthropic's
    /// `signature_delta`, Gemini's `thoughtSignature`); it is sent back with the
    /// next turn so the provider can verify and reuse that reasoning.
    ReasoningSignature(String),
    /// A block of reasoning the provider encrypted (Anthropic's `redacted_thinking`
    /// `data`); it has no text to show but is sent back like a signed block.
    RedactedReasoning(String),
    /// An error the provider reported inside the stream; the reply ends with it.
    ProviderError(ProviderError),
    /// The provider sent text for another choice than the first (an
    /// OpenAI-compatible reply with `n` > 1, asked for in extra JSON or by a
    /// proxy): that choice is ignored. Sent once per ignored choice.
    IgnoredChoice(u32),
    /// A block of reasoning the provider keeps encrypted, by its item id
    /// (OpenAI Responses' `reasoning` item with `encrypted_content`): it seals
    /// the reasoning streamed so far (its summary) and is sent back, on the
    /// same family only, with the next turn.
    ReasoningItem {
        /// The item's id (`rs_…`).
        id: String,
        /// Its `encrypted_content`, when the provider sent one.
        encrypted: Option<String>,
    },
    /// A page the answer cites. The mark goes `back` characters before the end
    /// of the answer text streamed so far (0: right at its end).
    Citation {
        /// The page.
        source: Source,
        /// How many characters before the current end of the text the mark goes.
        back: u32,
    },
    /// A tool the provider ran itself (its web search, …), or news of one
    /// already reported: a report with a known id completes it.
    ServerTool(ServerToolCall),
    /// A picture the model made, or a partial one while it draws.
    Image(ImageOut),
    /// Something this version cannot read (an unknown built-in tool or
    /// annotation): kept raw and shown as unsupported, never dropped.
    Unsupported(Unsupported),
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
    /// Of the output, the tokens spent reasoning, when reported separately.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<u64>,
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
