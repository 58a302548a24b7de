//! Serde shapes of the Gemini `streamGenerateContent` stream, as far as Hearth reads
//! them. Every field is optional: a chunk may carry only usage, only a finish
//! reason or only prompt feedback, and a missing field must never fail the whole
//! chunk.

use serde::Deserialize;

/// One `GenerateContentResponse` (or an in-stream error object).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Chunk {
    pub(super) candidates: Option<Vec<Candidate>>,
    pub(super) prompt_feedback: Option<PromptFeedback>,
    pub(super) usage_metadata: Option<UsageMetadata>,
    /// `{"code", "message", "status"}`, when the stream fails midway.
    pub(super) error: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Candidate {
    pub(super) content: Option<Content>,
    pub(super) finish_reason: Option<String>,
    /// What Google Search grounding found and which text it supports, kept as
    /// JSON and read apart (see `grounding`), so that a shape Hearth cannot
    /// read never costs the chunk's text.
    pub(super) grounding_metadata: Option<serde_json::Value>,
    /// The pages the `url_context` tool read (the documentation's example
    /// spells it in snake_case, so both spellings are read).
    #[serde(alias = "url_context_metadata")]
    pub(super) url_context_metadata: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Content {
    pub(super) parts: Option<Vec<Part>>,
}

/// One part of a candidate's content.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Part {
    pub(super) text: Option<String>,
    /// `true` on reasoning ("thought summary") parts.
    pub(super) thought: Option<bool>,
    /// The encrypted state of the model's thinking, on any kind of part (often the
    /// last one, whose text may be empty); sent back with the next turn.
    pub(super) thought_signature: Option<String>,
    pub(super) function_call: Option<FunctionCall>,
    /// Bytes the model made: a picture from an image model (a draft while
    /// `thought` is set), or something else Hearth cannot show.
    #[serde(alias = "inline_data")]
    pub(super) inline_data: Option<InlineData>,
}

/// `{"mimeType", "data"}`: base64 bytes and their media type.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct InlineData {
    #[serde(alias = "mime_type")]
    pub(super) mime_type: Option<String>,
    pub(super) data: Option<String>,
}

/// A function call: whole (`name` and `args`), or, when the request asked for
/// `streamFunctionCallArguments` (Vertex AI, Gemini 3), streamed: `name` with
/// `willContinue: true`, then pieces with `partialArgs`, then an empty call.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct FunctionCall {
    pub(super) id: Option<String>,
    pub(super) name: Option<String>,
    pub(super) args: Option<serde_json::Value>,
    /// Pieces of the arguments of a streamed call.
    pub(super) partial_args: Option<Vec<PartialArg>>,
    /// `true` while more pieces of this call follow.
    pub(super) will_continue: Option<bool>,
}

/// One piece of a streamed call's arguments: the value (or, for a string, the
/// next part of it) at a JSON path such as `$.location`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct PartialArg {
    pub(super) json_path: Option<String>,
    pub(super) string_value: Option<String>,
    pub(super) number_value: Option<serde_json::Number>,
    pub(super) bool_value: Option<bool>,
    /// `"NULL_VALUE"` when the value is null.
    pub(super) null_value: Option<serde_json::Value>,
    /// `true` when the next piece continues this path's string.
    pub(super) will_continue: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct PromptFeedback {
    pub(super) block_reason: Option<String>,
    /// A readable explanation, when Google gives one.
    pub(super) block_reason_message: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct UsageMetadata {
    pub(super) prompt_token_count: Option<u64>,
    pub(super) candidates_token_count: Option<u64>,
    pub(super) thoughts_token_count: Option<u64>,
}
