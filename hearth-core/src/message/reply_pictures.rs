//! The pictures a reply's model made, sent back when the conversation goes on.
//!
//! A reply keeps its pictures by blob ([`ToolMedia`], the record's `images`).
//! Chat Completions and Anthropic take no images in an assistant message, and
//! Gemini and Responses take them only as the model's own output, so no family
//! can be given them where they were made. Instead they travel as image
//! [`Attachment`]s of the *next user message*, after a short note
//! ([`PICTURES_NOTE`]), exactly as if the user had attached them:
//!
//! 1. [`reply_attachments`] turns a reply's pictures into attachments, and the
//!    reply's answer message carries them (`MessageRecord::chat_messages`; an
//!    answer that is only pictures gets [`pictures_only_text`] as its text, so
//!    no family is sent an empty assistant message);
//! 2. [`carry_reply_pictures`], applied to every request's history
//!    (`compaction::request_history`), moves them onto the next user message.
//!
//! From there the attachment machinery does the rest, unchanged for every
//! family: the shell reads their bytes by blob, a model that reads no images
//! gets the withheld note instead (`attachment::for_request`), the family's
//! limits apply. A reply's pictures with no user message after it are not
//! sent (nothing has asked about them yet), and no assistant message of a
//! request ever carries an attachment.

#[cfg(test)]
mod tests;

use super::attachment::{Attachment, AttachmentKind};
use super::{ChatMessage, Role, ToolMedia};

/// What the user message carrying a reply's pictures says before its text.
pub const PICTURES_NOTE: &str = "[The pictures you made in your previous reply are attached.]";

/// The text of an answer that is only pictures: "[1 picture.]", "[3 pictures.]".
pub fn pictures_only_text(count: usize) -> String {
    if count == 1 { "[1 picture.]".to_owned() } else { format!("[{count} pictures.]") }
}

/// A reply's pictures as image attachments: the ones every family takes (PNG,
/// JPEG, GIF, WebP) and that are stored (or, in a record from before the blob
/// store, at hand), named "Picture 1 from your previous reply.png" and so on.
pub fn reply_attachments(images: &[ToolMedia]) -> Vec<Attachment> {
    images
        .iter()
        .filter(|image| image.is_sendable_image() && (!image.blob.is_empty() || !image.data.is_empty()))
        .enumerate()
        .map(|(at, image)| {
            let ext = image.mime.strip_prefix("image/").map_or("png", |ext| if ext == "jpeg" { "jpg" } else { ext });
            Attachment {
                kind: AttachmentKind::Image,
                blob: image.blob.clone(),
                mime: image.mime.clone(),
                name: format!("Picture {} from your previous reply.{ext}", at + 1),
                bytes: (image.data.len() as u64 / 4) * 3,
                data: (!image.data.is_empty()).then(|| image.data.as_str().into()),
                ..Attachment::default()
            }
        })
        .collect()
}

/// `messages` with each assistant message's attachments (a reply's pictures)
/// moved onto the next user message that is not tool results, before its own
/// attachments, its text starting with [`PICTURES_NOTE`]. Pictures with no
/// such message after them are dropped. A history without pictures is
/// returned as it is.
pub fn carry_reply_pictures(messages: Vec<ChatMessage>) -> Vec<ChatMessage> {
    if !messages.iter().any(|message| message.role == Role::Assistant && !message.attachments.is_empty()) {
        return messages;
    }
    let mut pending: Vec<Attachment> = Vec::new();
    let mut out = Vec::with_capacity(messages.len());
    for mut message in messages {
        match message.role {
            Role::Assistant => pending.append(&mut message.attachments),
            Role::User if message.tool_results.is_empty() && !pending.is_empty() => {
                pending.append(&mut message.attachments);
                message.attachments = std::mem::take(&mut pending);
                message.content = if message.content.is_empty() {
                    PICTURES_NOTE.to_owned()
                } else {
                    format!("{PICTURES_NOTE}\n\n{}", message.content)
                };
            }
            Role::User | Role::System => {}
        }
        out.push(message);
    }
    out
}
