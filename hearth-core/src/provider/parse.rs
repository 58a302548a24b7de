//! What the three families share when they read a provider's answer: the start
//! of every stream parser's `on_event` ([`json_event`]), error bodies
//! ([`read_error_body`], [`error_fields`]), short excerpts for diagnostics and
//! raw JSON kept for what cannot be read ([`raw_json`]).

use crate::contract::StreamEvent;
use crate::sse::SseEvent;

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

/// The shared start of each family's `StreamParser::on_event`: the event's data,
/// trimmed, as the JSON shape `T`. An event without data (a keep-alive) gives
/// nothing; data that is not `T` gives one [`StreamEvent::Malformed`] saying why,
/// and the stream goes on; otherwise `read` turns the value into events.
pub(crate) fn json_event<T: serde::de::DeserializeOwned>(
    event: &SseEvent,
    read: impl FnOnce(T) -> Vec<StreamEvent>,
) -> Vec<StreamEvent> {
    let data = event.data.trim();
    if data.is_empty() {
        return Vec::new();
    }
    match serde_json::from_str(data) {
        Ok(value) => read(value),
        Err(error) => vec![StreamEvent::Malformed { reason: error.to_string(), data: excerpt(data, 200) }],
    }
}

/// Shortens provider data for diagnostics, on a character boundary.
pub(crate) fn excerpt(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The most of a provider's JSON kept for something Hearth cannot read
/// ([`Unsupported`](crate::contract::Unsupported), a provider tool of its own).
pub(crate) const MAX_RAW: usize = 4 * 1024;

/// A provider's JSON as text, cut at [`MAX_RAW`] bytes on a character boundary.
pub(crate) fn raw_json(value: &serde_json::Value) -> String {
    let mut text = value.to_string();
    if text.len() > MAX_RAW {
        let mut cut = MAX_RAW;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
    text
}
