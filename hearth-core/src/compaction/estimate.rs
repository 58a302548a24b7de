//! The token estimate: no tokenizer (each model has its own, and their
//! vocabularies would weigh megabytes in the bundle), a rule measured against
//! real counts instead (see `test_data/tokens/`).
//!
//! The rule: UTF-8 bytes divided by four, rounded up. About four characters
//! of English make a token (OpenAI's own rule of thumb); a CJK character (three
//! bytes) counts three quarters of a token, between what the newer vocabularies
//! (under one) and the older ones (over one) give it.
//!
//! Its error on the
//! measured texts is pinned by a test (`compaction/tests.rs`); compaction
//! keeps a margin (the threshold) because no estimate is exact.

use crate::message::ChatMessage;
use crate::tools::ToolSpec;

/// Tokens a message costs beyond its text: the role and the delimiters of the
/// chat format (OpenAI's cookbook counts 3 per message, plus 3 priming the reply).
pub const MESSAGE_OVERHEAD: u32 = 4;

/// Tokens a tool definition or a tool call costs beyond its text.
pub const TOOL_OVERHEAD: u32 = 8;

/// The estimated number of tokens of `text` (see the module documentation).
pub fn estimate_tokens(text: &str) -> u32 {
    u32::try_from(text.len().div_ceil(4)).unwrap_or(u32::MAX)
}

/// The estimated tokens of a request sending `messages` and offering `tools`:
/// each message's text with its attached files (as they are sent, wrapped),
/// tool calls (name and arguments) and tool results, plus
/// [`MESSAGE_OVERHEAD`] per message and [`TOOL_OVERHEAD`] per call, result
/// and tool definition (its name, description and JSON schema). Reasoning is
/// counted when it is sealed (signed or redacted): only such parts are ever
/// sent back, to the family that wrote them; its opaque signature and redacted
/// data are counted as text too, a generous bound.
pub fn estimate_request(messages: &[ChatMessage], tools: &[ToolSpec]) -> u32 {
    let mut total: u64 = 3; // the reply's priming
    for message in messages {
        total += u64::from(MESSAGE_OVERHEAD);
        total += u64::from(estimate_tokens(&message.content_with_files()));
        for call in &message.tool_calls {
            total += u64::from(TOOL_OVERHEAD + estimate_tokens(&call.name) + estimate_tokens(&call.arguments));
        }
        for result in &message.tool_results {
            total += u64::from(TOOL_OVERHEAD + estimate_tokens(&result.name) + estimate_tokens(&result.content));
        }
        for part in message.reasoning.iter().filter(|part| part.is_sealed()) {
            total += u64::from(estimate_tokens(&part.text));
            total += u64::from(part.signature.as_deref().map_or(0, estimate_tokens));
            total += u64::from(part.redacted.as_deref().map_or(0, estimate_tokens));
        }
    }
    for tool in tools {
        total += u64::from(TOOL_OVERHEAD + estimate_tokens(&tool.name) + estimate_tokens(&tool.description));
        total += u64::from(estimate_tokens(&tool.parameters.to_string()));
    }
    u32::try_from(total).unwrap_or(u32::MAX)
}
