//! The token estimate: no tokenizer (each model has its own, and their
//! vocabularies would weigh megabytes in the bundle), a rule measured against
//! real counts instead (see `test_data/tokens/`).
//!
//! The rule, in eighths of a token per character:
//! - ASCII: 2 (four characters a token, OpenAI's own rule of thumb). English
//!   prose comes out high (the cookbook summary in `test_data/tokens/` by 46 %:
//!   common words are one token however long) and short strings with digits
//!   low; erring high only makes compaction come early;
//! - CJK (Han, kana, Hangul, CJK punctuation, full-width forms): 6, three
//!   quarters of a token, between GPT-4o's vocabulary (about 0.7) and the older
//!   ones (about 1);
//! - any other character of two UTF-8 bytes (accented Latin, Greek, Cyrillic,
//!   Arabic, Hebrew): 3;
//! - any other character of three bytes (Devanagari, Tamil, Thai, …): 4;
//! - four bytes (emoji, rare symbols): 8, one token.
//!
//! The sum is rounded up to whole tokens. For ASCII text it is exactly the
//! UTF-8 length divided by four, rounded up (the agent editor's size line has
//! always shown that). Against GPT-4o's tokenizer the 20 sentences of OpenAI's
//! language table are within −20 % and +27 %; the test
//! `estimate_error_on_real_texts` pins the bounds (see `test_data/tokens/`).
//! No tokenizer is bundled: each family has its own, and their vocabularies
//! would weigh megabytes.

use crate::contract::ToolSpec;
use crate::message::ChatMessage;

/// Tokens a message costs beyond its text: the role and the delimiters of the
/// chat format (OpenAI's cookbook counts 3 per message, plus 3 priming the reply).
pub const MESSAGE_OVERHEAD: u32 = 4;

/// Tokens a tool definition or a tool call costs beyond its text.
pub const TOOL_OVERHEAD: u32 = 8;

/// The estimated number of tokens of `text` (see the module documentation).
pub fn estimate_tokens(text: &str) -> u32 {
    let eighths: u64 = text.chars().map(eighths_of).sum();
    u32::try_from(eighths.div_ceil(8)).unwrap_or(u32::MAX)
}

/// The weight of one character, in eighths of a token.
fn eighths_of(c: char) -> u64 {
    if c.is_ascii() {
        2
    } else if is_cjk(c) {
        6
    } else {
        match c.len_utf8() {
            2 => 3,
            3 => 4,
            _ => 8,
        }
    }
}

/// Whether `c` is a CJK character: Han ideographs, kana, Hangul, CJK
/// punctuation, full-width forms.
fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF // Hangul Jamo
        | 0x2E80..=0x2FDF // CJK and Kangxi radicals
        | 0x3000..=0x303F // CJK symbols and punctuation
        | 0x3040..=0x30FF // Hiragana, Katakana
        | 0x3130..=0x318F // Hangul compatibility Jamo
        | 0x31F0..=0x31FF // Katakana extensions
        | 0x3400..=0x4DBF // CJK extension A
        | 0x4E00..=0x9FFF // CJK unified ideographs
        | 0xAC00..=0xD7AF // Hangul syllables
        | 0xF900..=0xFAFF // CJK compatibility ideographs
        | 0xFF00..=0xFFEF // Half-width and full-width forms
        | 0x20000..=0x3134F // CJK extensions B to G
    )
}

/// The estimated tokens of a request sending `messages` and offering `tools`:
/// each message's text with its attached files (as they are sent, wrapped),
/// its images and PDFs ([`Attachment::estimated_tokens`](crate::message::Attachment::estimated_tokens)), tool calls (name and arguments) and tool results, plus
/// [`MESSAGE_OVERHEAD`] per message and [`TOOL_OVERHEAD`] per call, result
/// and tool definition (its name, description and JSON schema). Reasoning is
/// counted when it is sealed (signed or redacted): only such parts are ever
/// sent back, to the family that wrote them; its opaque signature and redacted
/// data are counted as text too, a generous bound.
pub fn estimate_request(messages: &[ChatMessage], tools: &[ToolSpec]) -> u32 {
    // Summed in u64 (no overflow however large), saturated to u32 at the end.
    let mut total: u64 = 3; // the reply's priming
    for message in messages {
        total += u64::from(MESSAGE_OVERHEAD);
        total += u64::from(estimate_tokens(&message.content_with_files()));
        for attachment in &message.attachments {
            total += u64::from(attachment.estimated_tokens());
        }
        for call in &message.tool_calls {
            total += u64::from(TOOL_OVERHEAD)
                + u64::from(estimate_tokens(&call.name))
                + u64::from(estimate_tokens(&call.arguments));
        }
        for result in &message.tool_results {
            total += u64::from(TOOL_OVERHEAD)
                + u64::from(estimate_tokens(&result.name))
                + u64::from(estimate_tokens(&result.content));
        }
        for part in message.reasoning.iter().filter(|part| part.is_sealed()) {
            total += u64::from(estimate_tokens(&part.text));
            total += u64::from(part.signature.as_deref().map_or(0, estimate_tokens));
            total += u64::from(part.redacted.as_deref().map_or(0, estimate_tokens));
        }
    }
    for tool in tools {
        total += u64::from(definition_tokens(&tool.name, &tool.description, &tool.parameters));
    }
    u32::try_from(total).unwrap_or(u32::MAX)
}

/// The estimated tokens of one tool definition offered to a model: its name,
/// description and JSON schema, plus [`TOOL_OVERHEAD`].
pub fn definition_tokens(name: &str, description: &str, schema: &serde_json::Value) -> u32 {
    TOOL_OVERHEAD
        .saturating_add(estimate_tokens(name))
        .saturating_add(estimate_tokens(description))
        .saturating_add(estimate_tokens(&schema.to_string()))
}
