//! The provider-neutral conversation model that requests are built from.
//!
//! An assistant message may carry the reasoning its provider streamed as
//! [`ReasoningPart`]s, with the provider family it came from. Request builders send
//! the sealed parts (signed or redacted) back to the same family only, because a
//! signature is verified by the provider that issued it.
//!
//! A user message may carry files the user attached (@mentioned project files),
//! as [`AttachedFile`]s: a snapshot of what was sent. Every family writes them
//! before the user's text, each wrapped by [`AttachedFile::wrapped`]. It may also
//! carry images and PDFs, as [`Attachment`]s (see [`attachment`]): every family
//! sends them as its own content parts before the text.

pub mod attach;
pub mod attachment;
pub mod picture;
pub mod reply_pictures;
#[cfg(test)]
pub(crate) mod tests;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

pub use attachment::Attachment;

use crate::contract::ProviderKind;

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Instructions that frame the conversation.
    System,
    /// The person using Hearth.
    User,
    /// The model.
    Assistant,
}

impl Role {
    /// The role's name as the OpenAI-style wire formats spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::System => "system",
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// One stretch of a reply's reasoning, as the provider delimited it.
///
/// A part is *sealed* once it has a signature or is redacted; reasoning that
/// streams after that starts a new part.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ReasoningPart {
    /// The reasoning text shown to the user (empty for redacted parts and for
    /// signatures that came without text).
    pub text: String,
    /// The provider's signature over this reasoning (Anthropic's thinking-block
    /// `signature`, Gemini's `thoughtSignature`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// Encrypted reasoning the provider would not show (Anthropic's
    /// `redacted_thinking` `data`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redacted: Option<String>,
    /// The provider's id of the reasoning item (OpenAI Responses' `rs_…`); its
    /// `encrypted_content` is then the [`signature`](Self::signature).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The reply of the turn it came in: 0 for the first, `n` for the reply after
    /// `n` rounds of tool calls (see [`crate::storage::turn_messages`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub round: u32,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(value: &u32) -> bool {
    *value == 0
}

impl ReasoningPart {
    /// Whether the part is complete: signed, redacted or an item of its own.
    pub fn is_sealed(&self) -> bool {
        self.signature.is_some() || self.redacted.is_some() || self.id.is_some()
    }
}

/// A tool call an assistant message made, as sent back to the provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MessageToolCall {
    /// The call id the results refer to.
    pub id: String,
    /// The tool's name.
    pub name: String,
    /// The arguments as the model wrote them (JSON text, possibly invalid).
    pub arguments: String,
}

impl MessageToolCall {
    /// The arguments as a JSON object, for the families that want an object:
    /// invalid JSON or a non-object becomes `{}` (the call already got an error
    /// result saying so).
    pub fn arguments_object(&self) -> serde_json::Value {
        match serde_json::from_str::<serde_json::Value>(&self.arguments) {
            Ok(value @ serde_json::Value::Object(_)) => value,
            _ => serde_json::Value::Object(serde_json::Map::new()),
        }
    }
}

/// The result of one tool call, sent to the model in a user-side message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MessageToolResult {
    /// The id of the call it answers.
    pub call_id: String,
    /// The tool's name (Gemini matches results by name).
    pub name: String,
    /// The output, or the error message.
    pub content: String,
    /// Whether `content` is an error.
    #[serde(default)]
    pub is_error: bool,
    /// Images and sounds the tool returned with its text (an MCP tool's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub media: Vec<ToolMedia>,
}

impl MessageToolResult {
    /// The content for the families without an error flag, which take no
    /// images in tool results either: errors start with "Error: " so the
    /// model can tell, and a line says what media it does not get.
    pub fn flagged_content(&self) -> String {
        let content = self.content_noting_media(|_| false);
        if self.is_error && !content.starts_with("Error") { format!("Error: {content}") } else { content.into_owned() }
    }

    /// The content, with a line saying which of its media `sent` does not
    /// pass on to the model (none: the content as it is).
    pub fn content_noting_media(&self, sent: impl Fn(&ToolMedia) -> bool) -> Cow<'_, str> {
        let left: Vec<&ToolMedia> = self.media.iter().filter(|media| !sent(media)).collect();
        if left.is_empty() {
            return Cow::Borrowed(&self.content);
        }
        let images = left.iter().filter(|media| media.is_image()).count();
        let count = |n: usize, one: &str, many: &str| match n {
            0 => None,
            1 => Some(format!("the {one}")),
            n => Some(format!("the {n} {many}")),
        };
        let what = [count(images, "image", "images"), count(left.len() - images, "sound", "sounds")]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" and ");
        let pronoun = if left.len() == 1 { "it is" } else { "they are" };
        Cow::Owned(format!(
            "{}\n\n[The user sees {what} the tool returned; {pronoun} not passed on to you.]",
            self.content
        ))
    }
}

/// A link to a resource an MCP tool returned, kept with its result so that the
/// user can read it (its text attached to the next message). The model reads
/// it in the result's text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolLink {
    /// The id of the MCP server that returned it (whose `resources/read` reads it).
    pub server_id: String,
    /// The resource's URI.
    pub uri: String,
    /// Its name.
    pub name: String,
}

/// An image or a sound a tool returned, kept with its result: shown to the
/// user, and sent to the families whose tool results take images.
///
/// Its bytes live in the blob store (`blob`, like an attachment's); a record
/// holds only the reference. `data` holds the base64 while the tool's answer
/// is new, and again once the shell has read the blob for a request; records
/// stored before tool media moved to the blob store hold it instead of `blob`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolMedia {
    /// Its media type, such as `image/png` or `audio/wav`.
    pub mime: String,
    /// Its bytes, base64-encoded (standard alphabet), as the tool sent them,
    /// when they are at hand (empty otherwise: read them from `blob`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub data: String,
    /// The lowercase hex SHA-256 of its bytes, the blob store's key (empty in
    /// records stored before tool media moved there).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub blob: String,
}

impl ToolMedia {
    /// Media as a tool returned it: its bytes at hand, not stored yet.
    pub fn returned(mime: impl Into<String>, data: impl Into<String>) -> Self {
        Self { mime: mime.into(), data: data.into(), blob: String::new() }
    }

    /// The same media as a record keeps it: by its blob, without the bytes.
    #[must_use]
    pub fn stored_as(&self, blob: impl Into<String>) -> Self {
        Self { mime: self.mime.clone(), data: String::new(), blob: blob.into() }
    }

    /// Whether a request must read its bytes from the blob store first.
    pub fn needs_data(&self) -> bool {
        self.data.is_empty() && !self.blob.is_empty()
    }

    /// Whether it can go to a family that takes images in tool results: a
    /// [sendable image](Self::is_sendable_image) whose bytes are at hand (one
    /// no longer stored is noted instead).
    pub fn can_send(&self) -> bool {
        self.is_sendable_image() && !self.data.is_empty()
    }

    /// Whether it is an image.
    pub fn is_image(&self) -> bool {
        self.mime.starts_with("image/")
    }

    /// Whether it is an image of a type every family that takes images in
    /// tool results accepts (JPEG, PNG, GIF, WebP).
    pub fn is_sendable_image(&self) -> bool {
        matches!(self.mime.as_str(), "image/jpeg" | "image/png" | "image/gif" | "image/webp")
    }

    /// Whether the user's browser may show it: a raster image or a sound
    /// (never SVG, which is a document).
    pub fn is_shown(&self) -> bool {
        self.is_sendable_image()
            || matches!(self.mime.as_str(), "image/avif" | "image/bmp")
            || self.mime.starts_with("audio/")
    }

    /// A `data:` URL of its bytes at hand, for an `<img>` or `<audio>`
    /// element (a record from before the blob store held tool media).
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.mime, self.data)
    }
}

/// A file attached to a user message: a snapshot of its name and content at
/// the moment it was sent, so a reload, Regenerate or another model sends the
/// same context whatever the project file has become since.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttachedFile {
    /// The file's name, as the project knows it.
    pub name: String,
    /// Its text, as sent.
    pub content: String,
}

impl AttachedFile {
    /// The file as the model reads it, the one format every family uses:
    /// `<file name="NAME">`, a line break, the content, a line break, `</file>`.
    /// Nothing is escaped: the name and content go as they are.
    pub fn wrapped(&self) -> String {
        format!("<file name=\"{}\">\n{}\n</file>", self.name, self.content)
    }
}

/// One turn of the conversation as sent to a provider.
///
/// Tool use is two messages per round: an assistant message with `tool_calls`
/// (its `content` is the commentary written before them), then a user-side
/// message whose `tool_results` answer every call. Each family's request builder
/// spells these its own way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    /// Who wrote it.
    pub role: Role,
    /// Its text (markdown for the assistant, plain text for the user).
    pub content: String,
    /// The reasoning of an assistant reply, part by part.
    #[serde(default)]
    pub reasoning: Vec<ReasoningPart>,
    /// The provider family that wrote an assistant reply; its reasoning is only
    /// sent back to that family.
    #[serde(default)]
    pub origin: Option<ProviderKind>,
    /// The tool calls of an assistant message.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<MessageToolCall>,
    /// The tool results a user-side message carries (then `content` is empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_results: Vec<MessageToolResult>,
    /// The files a user message carries, sent before its text (see
    /// [`AttachedFile::wrapped`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<AttachedFile>,
    /// The images and PDFs a user message carries, sent before its text (see
    /// [`attachment::for_request`] for what a model that cannot read them gets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<Attachment>,
}

impl ChatMessage {
    /// A message of `role` with `content`, without reasoning or origin.
    pub fn new(role: Role, content: impl Into<String>) -> Self {
        Self {
            role,
            content: content.into(),
            reasoning: Vec::new(),
            origin: None,
            tool_calls: Vec::new(),
            tool_results: Vec::new(),
            files: Vec::new(),
            attachments: Vec::new(),
        }
    }

    /// A user message of `text` carrying `files` (sent before the text).
    pub fn user_with_files(text: impl Into<String>, files: Vec<AttachedFile>) -> Self {
        Self { files, ..Self::new(Role::User, text) }
    }

    /// The message's text with its files before it, as one string: each file
    /// [wrapped](AttachedFile::wrapped), a blank line between them and before
    /// the text (none after the last file when the text is empty). Borrowed when
    /// there are no files. The form for families whose content is one string.
    pub fn content_with_files(&self) -> Cow<'_, str> {
        if self.files.is_empty() {
            return Cow::Borrowed(&self.content);
        }
        let mut pieces: Vec<String> = self.files.iter().map(AttachedFile::wrapped).collect();
        if !self.content.is_empty() {
            pieces.push(self.content.clone());
        }
        Cow::Owned(pieces.join("\n\n"))
    }

    /// An assistant reply with the reasoning parts its provider streamed and the
    /// family that wrote it.
    pub fn assistant_with_reasoning(
        content: impl Into<String>,
        parts: Vec<ReasoningPart>,
        origin: Option<ProviderKind>,
    ) -> Self {
        Self { reasoning: parts, origin, ..Self::new(Role::Assistant, content) }
    }

    /// The user-side message that answers a round of tool calls.
    pub fn tool_results(results: Vec<MessageToolResult>) -> Self {
        Self { tool_results: results, ..Self::new(Role::User, String::new()) }
    }

    /// Whether this is an assistant reply written by `kind` that carries sealed
    /// reasoning parts, which that family accepts back.
    pub fn has_sealed_reasoning_from(&self, kind: ProviderKind) -> bool {
        self.role == Role::Assistant && self.origin == Some(kind) && self.reasoning.iter().any(ReasoningPart::is_sealed)
    }
}

/// The conversation without tool use, for a request that offers no tools: each
/// call becomes a line of its message's text and each results message a user
/// message of text, since providers refuse tool blocks in a request without
/// tools (Anthropic: "Requests which include `tool_use` or `tool_result` blocks
/// must define tools").
pub fn without_tool_use(messages: &[ChatMessage]) -> Vec<ChatMessage> {
    messages
        .iter()
        .map(|message| {
            if message.tool_calls.is_empty() && message.tool_results.is_empty() {
                return message.clone();
            }
            let mut lines: Vec<String> = Vec::new();
            if !message.content.is_empty() {
                lines.push(message.content.clone());
            }
            for call in &message.tool_calls {
                lines.push(format!("[Called the tool {} with {}]", call.name, call.arguments.trim()));
            }
            for result in &message.tool_results {
                let what = if result.is_error { "Error from" } else { "Result of" };
                lines.push(format!("[{what} the tool {}: {}]", result.name, result.content));
            }
            ChatMessage {
                content: lines.join("\n\n"),
                tool_calls: Vec::new(),
                tool_results: Vec::new(),
                ..message.clone()
            }
        })
        .collect()
}

/// The conversation with tool-call ids every provider accepts: only ASCII letters,
/// digits, `_` and `-` (Anthropic's pattern), and unique in the request (ids made
/// up for calls that came without one repeat from turn to turn). A results
/// message uses the ids of the calls message before it.
pub fn with_safe_tool_ids(messages: &[ChatMessage]) -> Vec<ChatMessage> {
    let mut used = std::collections::HashSet::new();
    let mut renamed: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    messages
        .iter()
        .map(|message| {
            let mut message = message.clone();
            if !message.tool_calls.is_empty() {
                renamed.clear();
                for call in &mut message.tool_calls {
                    let mut base: String = call
                        .id
                        .chars()
                        .map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' })
                        .collect();
                    if base.is_empty() {
                        base = "call".to_owned();
                    }
                    let mut id = base.clone();
                    let mut n = 2;
                    while !used.insert(id.clone()) {
                        id = format!("{base}_{n}");
                        n += 1;
                    }
                    renamed.insert(call.id.clone(), id.clone());
                    call.id = id;
                }
            }
            for result in &mut message.tool_results {
                if let Some(id) = renamed.get(&result.call_id) {
                    result.call_id.clone_from(id);
                }
            }
            message
        })
        .collect()
}
