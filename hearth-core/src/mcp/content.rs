//! What an MCP tool returns (`CallToolResult`), read into parts, and the text a
//! model reads of it.
//!
//! A result's `content` holds text, images, audio, links to resources and
//! embedded resources; `structuredContent` holds JSON, which a server also
//! writes as text for older clients, so it is read only when `content` is
//! empty. `isError` makes the whole result a tool error the model reads.

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::message::ToolMedia;

/// One part of a tool's result.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Text.
    Text(String),
    /// An image, base64-encoded.
    Image {
        /// Its media type, such as `image/png`.
        mime: String,
        /// The image's bytes, base64-encoded, as the server sent them.
        data: String,
    },
    /// A sound, base64-encoded.
    Audio {
        /// Its media type, such as `audio/wav`.
        mime: String,
        /// The sound's bytes, base64-encoded.
        data: String,
    },
    /// A link to a resource the user may read (`resources/read`).
    Link {
        /// The resource's URI.
        uri: String,
        /// Its name.
        name: String,
        /// Its description, when given.
        description: Option<String>,
        /// Its media type, when given.
        mime: Option<String>,
    },
    /// A resource sent whole.
    Resource {
        /// Its URI.
        uri: String,
        /// Its media type, when given.
        mime: Option<String>,
        /// Its text, or, for a binary resource, `None`.
        text: Option<String>,
        /// The size in bytes of a binary resource (from its base64).
        bytes: usize,
    },
    /// JSON from `structuredContent`, when `content` is empty.
    Json(Value),
}

/// A tool's result, read.
#[derive(Debug, Clone, PartialEq)]
pub struct CallResult {
    /// Its parts, in order.
    pub parts: Vec<Part>,
    /// Whether the tool reported an error.
    pub is_error: bool,
}

/// The links to resources in a result (URI, name), in order, for the user to read.
pub fn links(result: &CallResult) -> Vec<(String, String)> {
    result
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::Link { uri, .. } if uri.trim().is_empty() => None,
            Part::Link { uri, name, .. } if name.trim().is_empty() => Some((uri.clone(), uri.clone())),
            Part::Link { uri, name, .. } => Some((uri.clone(), name.clone())),
            _ => None,
        })
        .collect()
}

/// Reads a `CallToolResult`. Parts of an unknown type are kept as a line of
/// text saying so, so that the model knows something was left out.
pub fn read_call_result(result: &Value) -> CallResult {
    let text = |value: &Value, key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    let mut parts = Vec::new();
    for item in result.get("content").and_then(Value::as_array).into_iter().flatten() {
        let kind = item.get("type").and_then(Value::as_str).unwrap_or_default();
        let part = match kind {
            "text" => Part::Text(text(item, "text").unwrap_or_default()),
            "image" => Part::Image {
                mime: text(item, "mimeType").unwrap_or_else(|| "image/png".into()),
                data: text(item, "data").unwrap_or_default(),
            },
            "audio" => Part::Audio {
                mime: text(item, "mimeType").unwrap_or_else(|| "audio/wav".into()),
                data: text(item, "data").unwrap_or_default(),
            },
            "resource_link" => Part::Link {
                uri: text(item, "uri").unwrap_or_default(),
                name: text(item, "title").or_else(|| text(item, "name")).unwrap_or_default(),
                description: text(item, "description"),
                mime: text(item, "mimeType"),
            },
            "resource" => {
                let resource = item.get("resource").cloned().unwrap_or(Value::Null);
                let blob = text(&resource, "blob");
                Part::Resource {
                    uri: text(&resource, "uri").unwrap_or_default(),
                    mime: text(&resource, "mimeType"),
                    text: if blob.is_some() { None } else { Some(text(&resource, "text").unwrap_or_default()) },
                    bytes: blob.as_deref().map_or(0, base64_len),
                }
            }
            other => Part::Text(format!("[A part of type {other:?} that Hearth does not show was left out.]")),
        };
        parts.push(part);
    }
    if parts.is_empty()
        && let Some(structured) = result.get("structuredContent").filter(|value| !value.is_null())
    {
        parts.push(Part::Json(structured.clone()));
    }
    CallResult { parts, is_error: result.get("isError").and_then(Value::as_bool).unwrap_or(false) }
}

/// The most base64 text one image or sound may have to be kept with a result
/// (about 1.5 MB of bytes; Anthropic takes at most 5 MB per image).
pub const MEDIA_PART_LIMIT: usize = 2_000_000;

/// The most base64 text a result's images and sounds may have together.
pub const MEDIA_RESULT_LIMIT: usize = 4_000_000;

/// What a result gives the model: its text, and the images and sounds kept
/// with it (each within [`MEDIA_PART_LIMIT`], all within
/// [`MEDIA_RESULT_LIMIT`]).
///
/// The text has text as it is, JSON written out, links and embedded text
/// resources with their URIs, and a line for each image, sound or binary
/// resource saying what it was. Whether a kept image reaches the model is
/// the family's choice ([`MessageToolResult`](crate::message::MessageToolResult)
/// adds a line for those it does not pass on); one too large to keep says so.
pub fn model_content(result: &CallResult) -> (String, Vec<ToolMedia>) {
    let mut media = Vec::new();
    let mut kept = 0;
    let mut keep = |mime: &str, data: &str, what: &str| -> String {
        let bytes = size(base64_len(data));
        if data.len() > MEDIA_PART_LIMIT {
            return format!("[The tool returned {what} ({mime}, {bytes}), too large to keep; it was left out.]");
        }
        if kept + data.len() > MEDIA_RESULT_LIMIT {
            return format!(
                "[The tool returned {what} ({mime}, {bytes}), past what one result keeps; it was left out.]"
            );
        }
        kept += data.len();
        media.push(ToolMedia::returned(mime, data));
        format!("[The tool returned {what} ({mime}, {bytes}).]")
    };
    let lines: Vec<String> = result
        .parts
        .iter()
        .map(|part| match part {
            Part::Text(text) => text.clone(),
            Part::Json(value) => value.to_string(),
            Part::Image { mime, data } => keep(mime, data, "an image"),
            Part::Audio { mime, data } => keep(mime, data, "a sound"),
            Part::Link { uri, name, description, .. } => match description {
                Some(description) => format!("Resource link: {name} <{uri}>: {description}"),
                None => format!("Resource link: {name} <{uri}>"),
            },
            Part::Resource { uri, text: Some(text), .. } => format!("Resource <{uri}>:\n{text}"),
            Part::Resource { uri, mime, text: None, bytes } => format!(
                "[The tool returned a binary resource <{uri}> ({}, {}); it is not passed on.]",
                mime.as_deref().unwrap_or("no media type"),
                size(*bytes)
            ),
        })
        .collect();
    let text = if lines.is_empty() { "(The tool returned nothing.)".to_owned() } else { lines.join("\n\n") };
    (text, media)
}

/// How many bytes a base64 text holds.
pub fn base64_len(data: &str) -> usize {
    let chars = data.bytes().filter(|b| !b.is_ascii_whitespace()).count();
    let padding = data.trim_end().bytes().rev().take_while(|b| *b == b'=').count().min(2);
    (chars / 4 * 3 + (chars % 4).saturating_sub(1)).saturating_sub(padding)
}

fn size(bytes: usize) -> String {
    if bytes < 1024 { format!("{bytes} B") } else { format!("{:.1} KB", bytes as f64 / 1024.0) }
}
