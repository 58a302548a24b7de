//! What of the attachments of a conversation's messages a request sends: which
//! ones (and, for a model that cannot read them, the note that stands in for
//! them), and whether the provider's limits would refuse them.

use super::{
    Accepts, Attachment, GEMINI_MAX_PDF_PAGES, GEMINI_MAX_REQUEST_BYTES, MAX_PDF_PAGES, MAX_REQUEST_BYTES, Withheld,
    base64_len, limits, size_text, withheld,
};
use crate::contract::ProviderKind;
use crate::message::{ChatMessage, Role};

/// The attachments of `messages` a request to `family` for an `accepts`
/// model will send, in order: the ones whose bytes the shell must read (and,
/// where [`limits`] say so, derive).
pub fn to_send(messages: &[ChatMessage], family: ProviderKind, accepts: Accepts) -> Vec<&Attachment> {
    messages
        .iter()
        .filter(|message| message.role == Role::User)
        .flat_map(|message| &message.attachments)
        .filter(|attachment| withheld(attachment, family, accepts).is_none())
        .collect()
}

/// The PDFs of `messages` a request to `family` for an `accepts` model sends
/// as their text (the model reads no PDFs): the ones the shell extracts the
/// text of, into [`Attachment::text`].
pub fn to_extract(messages: &[ChatMessage], family: ProviderKind, accepts: Accepts) -> Vec<&Attachment> {
    messages
        .iter()
        .filter(|message| message.role == Role::User)
        .flat_map(|message| &message.attachments)
        .filter(|attachment| withheld(attachment, family, accepts) == Some(Withheld::NoPdfInput))
        .collect()
}

/// The conversation as a request to `family` for an `accepts` model sends it:
/// each attachment the model cannot read, or whose bytes were not read, is
/// taken off its message and noted at the end of the message's text (see
/// [`Attachment::note`]); the others stay, with their data.
pub fn for_request(messages: &[ChatMessage], family: ProviderKind, accepts: Accepts) -> Vec<ChatMessage> {
    messages
        .iter()
        .map(|message| {
            if message.attachments.is_empty() {
                return message.clone();
            }
            let mut notes = Vec::new();
            let mut kept = Vec::new();
            for attachment in &message.attachments {
                let why = withheld(attachment, family, accepts)
                    .or_else(|| attachment.data.is_none().then_some(Withheld::Missing));
                match why {
                    Some(why) => notes.push(attachment.note(why)),
                    None => kept.push(attachment.clone()),
                }
            }
            let mut content = message.content.clone();
            for note in notes {
                if !content.is_empty() {
                    content.push_str("\n\n");
                }
                content.push_str(&note);
            }
            ChatMessage { content, attachments: kept, ..message.clone() }
        })
        .collect()
}

/// Why a request to `family` with these attachments would be refused by the
/// provider, said before anything is sent: the attachment it is about (its
/// name) and what is over. `None` when everything is within the limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverLimit {
    /// The attachment's name.
    pub name: String,
    /// What is over, as a sentence ("It has 140 pages; Anthropic reads at most 100.").
    pub reason: String,
}

fn family_name(family: ProviderKind) -> &'static str {
    match family {
        ProviderKind::OpenAi | ProviderKind::Responses => "OpenAI",
        ProviderKind::Anthropic => "Anthropic",
        ProviderKind::Gemini => "Gemini",
    }
}

/// What of the attachments a request to `family` for an `accepts` model
/// sends is over the provider's limits (see [`OverLimit`]): a PDF's pages
/// (100, Gemini 1,000), one image's base64 (Anthropic 5 MB), the request's
/// base64 in all (32 MB, Gemini 100 MB). Counted from the stored sizes, so
/// nothing is read to refuse.
pub fn over_limit(messages: &[ChatMessage], family: ProviderKind, accepts: Accepts) -> Option<OverLimit> {
    let sent = to_send(messages, family, accepts);
    // Once the shell has read (or derived) the bytes, their base64 is what is sent.
    let encoded = |attachment: &Attachment| {
        attachment.data.as_ref().map_or_else(|| base64_len(attachment.bytes), |data| data.len() as u64)
    };
    let who = family_name(family);
    let max_pages = if family == ProviderKind::Gemini { GEMINI_MAX_PDF_PAGES } else { MAX_PDF_PAGES };
    for attachment in &sent {
        if let Some(pages) = attachment.pages.filter(|pages| *pages > max_pages) {
            return Some(OverLimit {
                name: attachment.name.clone(),
                reason: format!("It has {pages} pages; {who} reads at most {max_pages}."),
            });
        }
        let single = limits(family, 0).base64;
        if attachment.is_image() && single.is_some_and(|max| encoded(attachment) > max) {
            return Some(OverLimit {
                name: attachment.name.clone(),
                reason: format!(
                    "It is {} once encoded; {who} takes at most 5 MB per image.",
                    size_text(encoded(attachment))
                ),
            });
        }
    }
    let total: u64 = sent.iter().map(|attachment| encoded(attachment)).sum();
    let max = if family == ProviderKind::Gemini { GEMINI_MAX_REQUEST_BYTES } else { MAX_REQUEST_BYTES };
    if total > max {
        let biggest = sent.iter().max_by_key(|attachment| attachment.bytes)?;
        return Some(OverLimit {
            name: biggest.name.clone(),
            reason: format!(
                "With its attachments the request would be {} once encoded; {who} takes at most {} per request. \
                 Remove it from the conversation (or start a new one), or use a model that takes larger files.",
                size_text(total),
                size_text(max)
            ),
        });
    }
    None
}
