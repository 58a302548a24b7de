//! A server's prompts, used from the composer: the params of `prompts/get`
//! and of `completion/complete` for an argument, and a prompt's messages read
//! into the text that goes into the message box.

#[cfg(test)]
mod tests;

use serde_json::{Map, Value, json};

/// The most suggestions shown for an argument (the protocol allows 100).
pub const MAX_SUGGESTIONS: usize = 100;

/// The params of `prompts/get` for the prompt `name` with the user's
/// `arguments` (name, value); an empty value is left out (an optional
/// argument not given).
pub fn get_params(name: &str, arguments: &[(String, String)]) -> Value {
    let given: Map<String, Value> = arguments
        .iter()
        .filter(|(_, value)| !value.is_empty())
        .map(|(name, value)| (name.clone(), Value::String(value.clone())))
        .collect();
    json!({ "name": name, "arguments": given })
}

/// A prompt, as it goes into the message box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromptText {
    /// The text of its messages, in order, a blank line between them; an
    /// embedded resource's text as a `<file>` block named by its URI.
    pub text: String,
    /// How many parts were left out: images, sounds, binary resources.
    pub left_out: usize,
}

/// Why a prompt's messages cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PromptError {
    /// The answer has no messages array.
    #[error("the server's answer has no messages")]
    NoMessages,
    /// The messages hold no text.
    #[error("the prompt holds no text (only images, sounds or files Hearth cannot put in the message box)")]
    NoText,
}

/// Reads a `prompts/get` result. Every message's text goes in, whichever its
/// role: the user reads, edits and sends it as one message.
pub fn prompt_text(result: &Value) -> Result<PromptText, PromptError> {
    let messages = result.get("messages").and_then(Value::as_array).ok_or(PromptError::NoMessages)?;
    let mut parts = Vec::new();
    let mut left_out = 0;
    for message in messages {
        let Some(content) = message.get("content") else { continue };
        // One content block (2025-06-18 and before) or several (later drafts).
        let blocks = match content {
            Value::Array(blocks) => blocks.iter().collect::<Vec<_>>(),
            block => vec![block],
        };
        for block in blocks {
            match text_of(block) {
                Some(text) => parts.push(text),
                None => left_out += 1,
            }
        }
    }
    let text = parts.join("\n\n");
    if text.trim().is_empty() {
        return Err(PromptError::NoText);
    }
    Ok(PromptText { text, left_out })
}

/// A content block's text: text as it is, an embedded text resource as a
/// `<file>` block; nothing for anything else.
fn text_of(block: &Value) -> Option<String> {
    match block.get("type").and_then(Value::as_str)? {
        "text" => block.get("text").and_then(Value::as_str).map(str::to_owned),
        "resource" => {
            let resource = block.get("resource")?;
            let text = resource.get("text").and_then(Value::as_str)?;
            let uri = resource.get("uri").and_then(Value::as_str).unwrap_or("resource");
            Some(format!("<file name=\"{uri}\">\n{text}\n</file>"))
        }
        _ => None,
    }
}

/// The params of `completion/complete` for the argument `argument` of the
/// prompt `prompt`, typed so far as `value`; the other arguments given
/// (`context`, non-empty ones) narrow it where the server uses them.
pub fn completion_params(prompt: &str, argument: &str, value: &str, context: &[(String, String)]) -> Value {
    let others: Map<String, Value> = context
        .iter()
        .filter(|(name, value)| name != argument && !value.is_empty())
        .map(|(name, value)| (name.clone(), Value::String(value.clone())))
        .collect();
    let mut params = json!({
        "ref": { "type": "ref/prompt", "name": prompt },
        "argument": { "name": argument, "value": value },
    });
    if !others.is_empty() {
        params["context"] = json!({ "arguments": others });
    }
    params
}

/// The suggestions of a `completion/complete` result, at most [`MAX_SUGGESTIONS`].
pub fn read_completion(result: &Value) -> Vec<String> {
    result
        .pointer("/completion/values")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .take(MAX_SUGGESTIONS)
        .map(str::to_owned)
        .collect()
}
