//! The bytes of a request's images and PDFs: read from the blob store, as
//! base64, for the attachments the model will get (see
//! `hearth_core::message::attachment`), and what it cannot read noted in the
//! text instead. Kept between the requests of a page while they are still
//! sent, so a turn's rounds and later turns send the very same bytes without
//! reading and encoding them again.
//!
//! A PDF for a model that reads no PDFs goes as its text (see `pdf_text`); a
//! voice note for a model that hears none goes as the transcript stored with it
//! (its bytes are not read).
//!
//! The images tools returned are read the same way (see `tool_blobs`), for
//! the families whose tool results take them.
//!
//! An image over the family's limit (Anthropic's 5 MB of base64: a large PNG
//! with transparency can be) is sent as a copy derived by the media worker
//! (JPEG, long edge 1568 px, the size Anthropic works fastest with), made once
//! per page and image, so every turn sends the same copy; it is never stored.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use hearth_core::contract::ProviderKind;
use hearth_core::format::base64;
use hearth_core::message::ChatMessage;
use hearth_core::message::attachment::{Accepts, Attachment, for_request, limits, to_extract, to_send};

use super::pdf_text;
use crate::io::media::{blob_of, bytes_of, encode_image};
use crate::store::StoreContext;

/// The long edge of a copy derived to fit a family's limit.
const DERIVED_EDGE: u32 = 1568;

/// What a request sends for one blob: its base64, and the media type of a
/// derived copy (`None`: the blob as stored).
type Data = (Arc<str>, Option<String>);

thread_local! {
    /// What the last request sent, by hash (with the family for a derived copy).
    static SENT: RefCell<HashMap<String, Data>> = RefCell::new(HashMap::new());
    /// Copies derived to fit a family's limit, by hash and family, for the page's life.
    static DERIVED: RefCell<HashMap<String, Data>> = RefCell::new(HashMap::new());
}

/// Keeps the base64 of the blob `hash` for the next request (a tool's image,
/// before its reply is saved).
pub(super) fn remember(hash: &str, data: String) {
    SENT.with_borrow_mut(|sent| sent.insert(hash.to_owned(), (Arc::from(data), None)));
}

/// `history` as a request to `family` for an `accepts` model sends it, with
/// its attachments' bytes (a blob that is not stored any more is noted as missing).
pub(super) async fn with_attachment_data(
    store: StoreContext,
    history: Vec<ChatMessage>,
    family: ProviderKind,
    accepts: Accepts,
) -> Vec<ChatMessage> {
    let history = with_pdf_texts(store, history, family, accepts).await;
    let (history, tool_data) = with_tool_media(store, history, family).await;
    let sent = to_send(&history, family, accepts);
    let images = sent.iter().filter(|attachment| attachment.is_image()).count();
    let limit = limits(family, images).base64;
    let mut wanted: Vec<&Attachment> = Vec::new();
    for attachment in &sent {
        if !wanted.iter().any(|known| known.blob == attachment.blob) {
            wanted.push(attachment);
        }
    }
    if wanted.is_empty() {
        SENT.with_borrow_mut(|sent| sent.extend(tool_data));
        return for_request(&history, family, accepts);
    }
    let mut found: HashMap<String, Data> = tool_data;
    for attachment in wanted {
        let hash = &attachment.blob;
        let key = format!("{hash} {family:?}");
        let known = SENT.with_borrow(|sent| sent.get(&key).or_else(|| sent.get(hash)).cloned());
        let data = match known {
            Some(data) => Some(data),
            None => read(store, attachment, limit, &key).await,
        };
        if let Some(data) = data {
            // A derived copy is kept under its family, the stored bytes under their hash.
            found.insert(if data.1.is_some() { key } else { hash.clone() }, data);
        }
    }
    SENT.with_borrow_mut(|sent| sent.clone_from(&found));
    let history: Vec<ChatMessage> = history
        .into_iter()
        .map(|mut message| {
            for attachment in &mut message.attachments {
                let key = format!("{} {family:?}", attachment.blob);
                if let Some((data, mime)) = found.get(&key).or_else(|| found.get(&attachment.blob)) {
                    attachment.data = Some(data.clone());
                    attachment.data_mime.clone_from(mime);
                }
            }
            message
        })
        .collect();
    for_request(&history, family, accepts)
}

/// `history` with the bytes of the tool images `family` takes in tool results
/// (Anthropic's and Gemini's), and those bytes by hash (for the next request);
/// one no longer stored is noted instead.
async fn with_tool_media(
    store: StoreContext,
    mut history: Vec<ChatMessage>,
    family: ProviderKind,
) -> (Vec<ChatMessage>, HashMap<String, Data>) {
    let mut found: HashMap<String, Data> = HashMap::new();
    if family == ProviderKind::OpenAi {
        return (history, found);
    }
    let wanted = history.iter_mut().flat_map(|message| &mut message.tool_results).flat_map(|result| &mut result.media);
    for media in wanted.filter(|media| media.needs_data() && media.is_sendable_image()) {
        let known = SENT.with_borrow(|sent| sent.get(&media.blob).map(|(data, _)| data.clone()));
        let data = match known {
            Some(data) => Some(data),
            None => match store.blob(&media.blob).await {
                Some(blob) => bytes_of(&blob).await.map(|bytes| Arc::from(base64::encode(&bytes))),
                None => None,
            },
        };
        if let Some(data) = data {
            media.data = data.to_string();
            found.insert(media.blob.clone(), (data, None));
        }
    }
    (history, found)
}

/// The bytes to send for `attachment`: as stored, or, for an image over
/// `limit` (base64 characters), a derived copy (made once, kept under `key`).
async fn read(store: StoreContext, attachment: &Attachment, limit: Option<u64>, key: &str) -> Option<Data> {
    let blob = store.blob(&attachment.blob).await?;
    let bytes = bytes_of(&blob).await?;
    let data: Arc<str> = Arc::from(base64::encode(&bytes));
    let over = attachment.is_image() && limit.is_some_and(|limit| data.len() as u64 > limit);
    if !over {
        return Some((data, None));
    }
    if let Some(derived) = DERIVED.with_borrow(|derived| derived.get(key).cloned()) {
        return Some(derived);
    }
    // A copy that fits, else the stored bytes (and the limit is said before sending).
    let source = blob_of(&bytes, &attachment.mime)?;
    let Ok(encoded) = encode_image(&source, DERIVED_EDGE, true).await else { return Some((data, None)) };
    let copy = bytes_of(&encoded.blob).await?;
    let derived: Data = (Arc::from(base64::encode(&copy)), Some(encoded.mime));
    DERIVED.with_borrow_mut(|all| all.insert(key.to_owned(), derived.clone()));
    Some(derived)
}

/// `history` with the text of each PDF the model reads as text (see
/// `pdf_text`); one whose text cannot be read keeps its note.
async fn with_pdf_texts(
    store: StoreContext,
    mut history: Vec<ChatMessage>,
    family: ProviderKind,
    accepts: Accepts,
) -> Vec<ChatMessage> {
    let wanted: Vec<String> = {
        let mut hashes: Vec<String> = Vec::new();
        for attachment in to_extract(&history, family, accepts) {
            if !hashes.contains(&attachment.blob) {
                hashes.push(attachment.blob.clone());
            }
        }
        hashes
    };
    if wanted.is_empty() {
        return history;
    }
    let mut texts: HashMap<String, Arc<str>> = HashMap::new();
    for hash in wanted {
        let text = match pdf_text::known(&hash) {
            Some(text) => text,
            None => match store.blob(&hash).await {
                Some(blob) => match bytes_of(&blob).await {
                    Some(bytes) => pdf_text::text_of(&hash, bytes).await,
                    None => None,
                },
                None => None,
            },
        };
        if let Some(text) = text {
            texts.insert(hash, text);
        }
    }
    for message in &mut history {
        for attachment in &mut message.attachments {
            attachment.text = texts.get(&attachment.blob).cloned();
        }
    }
    history
}
