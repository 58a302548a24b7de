//! The bytes of a request's images and PDFs: read from the blob store, as
//! base64, for the attachments the model will get (see
//! `hearth_core::message::attachment`), and what it cannot read noted in the
//! text instead. Kept between the requests of a page while they are still
//! sent, so a turn's rounds and later turns send the very same bytes without
//! reading and encoding them again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use hearth_core::contract::ProviderKind;
use hearth_core::format::base64;
use hearth_core::message::ChatMessage;
use hearth_core::message::attachment::{Accepts, for_request, to_send};

use crate::io::media::bytes_of;
use crate::store::StoreContext;

thread_local! {
    /// Base64 of the blobs the last request sent, by hash.
    static SENT: RefCell<HashMap<String, Arc<str>>> = RefCell::new(HashMap::new());
}

/// `history` as a request to `family` for an `accepts` model sends it, with
/// its attachments' bytes (a blob that is not stored any more is noted as missing).
pub(super) async fn with_attachment_data(
    store: StoreContext,
    history: Vec<ChatMessage>,
    family: ProviderKind,
    accepts: Accepts,
) -> Vec<ChatMessage> {
    let wanted: Vec<String> = {
        let mut hashes: Vec<String> = Vec::new();
        for attachment in to_send(&history, family, accepts) {
            if !hashes.contains(&attachment.blob) {
                hashes.push(attachment.blob.clone());
            }
        }
        hashes
    };
    if wanted.is_empty() {
        return for_request(&history, family, accepts);
    }
    let mut found: HashMap<String, Arc<str>> = HashMap::new();
    for hash in wanted {
        let known = SENT.with_borrow(|sent| sent.get(&hash).cloned());
        let data = match known {
            Some(data) => Some(data),
            None => match store.blob(&hash).await {
                Some(blob) => bytes_of(&blob).await.map(|bytes| Arc::from(base64::encode(&bytes))),
                None => None,
            },
        };
        if let Some(data) = data {
            found.insert(hash, data);
        }
    }
    SENT.with_borrow_mut(|sent| sent.clone_from(&found));
    let history: Vec<ChatMessage> = history
        .into_iter()
        .map(|mut message| {
            for attachment in &mut message.attachments {
                attachment.data = found.get(&attachment.blob).cloned();
            }
            message
        })
        .collect();
    for_request(&history, family, accepts)
}
