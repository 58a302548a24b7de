//! Serde shapes of the Anthropic Messages stream, as far as Hearth reads them.
//! Every field is optional: one struct covers all event types, and a missing or
//! null field must never fail the whole event.

use serde::Deserialize;

/// One streamed event object: `message_start`, `content_block_start`,
/// `content_block_delta`, `content_block_stop`, `message_delta`, `message_stop`,
/// `ping` or `error`.
#[derive(Debug, Deserialize)]
pub(super) struct Event {
    /// The event type; the SSE `event:` name carries the same value.
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    /// The content block an event refers to.
    pub(super) index: Option<u32>,
    /// `message_start`: the message shell, with the input token count.
    pub(super) message: Option<Message>,
    /// `content_block_start`: the block being opened, as JSON (a block of a
    /// type Hearth does not know is kept as it came; see [`ContentBlock`]).
    pub(super) content_block: Option<serde_json::Value>,
    /// `content_block_delta` (typed delta) or `message_delta` (stop reason).
    pub(super) delta: Option<Delta>,
    /// `message_delta`: cumulative token counts.
    pub(super) usage: Option<WireUsage>,
    /// `error`: `{"type", "message"}`.
    pub(super) error: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Message {
    pub(super) usage: Option<WireUsage>,
}

#[derive(Debug, Deserialize)]
pub(super) struct ContentBlock {
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    /// `text` blocks: usually empty at the start.
    pub(super) text: Option<String>,
    /// `thinking` blocks: usually empty at the start.
    pub(super) thinking: Option<String>,
    /// `thinking` blocks: usually empty at the start; the signature follows as a
    /// `signature_delta`.
    pub(super) signature: Option<String>,
    /// `redacted_thinking` blocks: the encrypted reasoning, whole (no deltas follow).
    pub(super) data: Option<String>,
    /// `tool_use` and `server_tool_use` blocks.
    pub(super) id: Option<String>,
    /// `tool_use` and `server_tool_use` blocks.
    pub(super) name: Option<String>,
    /// `text` blocks: citations sent whole with the block (usually none).
    pub(super) citations: Option<Vec<serde_json::Value>>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Delta {
    /// `text_delta`, `thinking_delta`, `signature_delta`, `input_json_delta` or
    /// `citations_delta`;
    /// absent in `message_delta`.
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    pub(super) text: Option<String>,
    pub(super) thinking: Option<String>,
    /// `signature_delta`: the signature of the thinking block, sent just before
    /// its `content_block_stop`.
    pub(super) signature: Option<String>,
    pub(super) partial_json: Option<String>,
    /// `citations_delta`: one citation of the text block.
    pub(super) citation: Option<serde_json::Value>,
    /// `message_delta` only.
    pub(super) stop_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct WireUsage {
    pub(super) input_tokens: Option<u64>,
    pub(super) output_tokens: Option<u64>,
}
