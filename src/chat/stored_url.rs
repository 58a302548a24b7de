//! The URL of an attachment's stored bytes, for an `<img>` or an `<audio>`:
//! the one made on this page already, else one made from the blob store
//! (read in the background), or that it is no longer stored.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::io::media::{remember_url, shown_url};
use crate::store::StoreContext;

/// The URL (`None` until read) and whether the bytes are gone; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct StoredUrl {
    /// The URL, once made.
    pub(crate) url: RwSignal<Option<String>>,
    /// Whether the blob store no longer has the bytes.
    pub(crate) missing: RwSignal<bool>,
}

/// The URL of the blob `hash`, read from `store` when `read` and not made yet.
pub(crate) fn stored_url(store: StoreContext, hash: &str, read: bool) -> StoredUrl {
    let url = RwSignal::new(shown_url(hash));
    let missing = RwSignal::new(false);
    if read && url.get_untracked().is_none() {
        let hash = hash.to_owned();
        spawn_local(async move {
            match store.blob(&hash).await {
                Some(blob) => {
                    url.try_set(remember_url(&hash, &blob));
                }
                None => {
                    missing.try_set(true);
                }
            }
        });
    }
    StoredUrl { url, missing }
}
