//! Serde shapes of the OpenAI Chat Completions stream, as far as Hearth reads them.
//! Every field is optional: compatible servers omit or null fields freely, and a
//! missing field must never fail the whole chunk.

use serde::Deserialize;

/// One `chat.completion.chunk` object (or an in-stream error object).
#[derive(Debug, Deserialize)]
pub(super) struct Chunk {
    pub(super) choices: Option<Vec<Choice>>,
    pub(super) usage: Option<WireUsage>,
    /// OpenRouter and some compatible servers report failures mid-stream this way.
    pub(super) error: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Choice {
    /// Which choice this is; 0 (or absent) for the first, the only one Hearth reads.
    pub(super) index: Option<u32>,
    pub(super) delta: Option<Delta>,
    pub(super) finish_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Delta {
    pub(super) content: Option<String>,
    /// DeepSeek, Zhipu GLM and several local servers.
    pub(super) reasoning_content: Option<String>,
    /// OpenRouter.
    pub(super) reasoning: Option<String>,
    pub(super) tool_calls: Option<Vec<ToolCallChunk>>,
    /// OpenAI's search models and OpenRouter's web plugin: `url_citation`s.
    pub(super) annotations: Option<Vec<serde_json::Value>>,
    /// OpenRouter's image output: `{"type": "image_url", "image_url": {"url": "data:…"}}`.
    pub(super) images: Option<Vec<serde_json::Value>>,
}

#[derive(Debug, Deserialize)]
pub(super) struct ToolCallChunk {
    pub(super) index: Option<u32>,
    pub(super) id: Option<String>,
    pub(super) function: Option<FunctionChunk>,
}

#[derive(Debug, Deserialize)]
pub(super) struct FunctionChunk {
    pub(super) name: Option<String>,
    pub(super) arguments: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct WireUsage {
    pub(super) prompt_tokens: Option<u64>,
    pub(super) completion_tokens: Option<u64>,
}
