//! The HTML of the MCP Apps views shown on this page, by the hash the blob
//! store keeps it under: a view just read is shown from memory before its
//! reply is saved, and a stored one is read from the blob store once.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use hearth_core::mcp::apps::APP_MIME;

use crate::io::media::bytes_of;
use crate::store::StoreContext;

thread_local! {
    static PAGES: RefCell<HashMap<String, Rc<str>>> = RefCell::new(HashMap::new());
}

/// Keeps the view `html`, stored under `hash`, for this page.
pub(crate) fn remember(hash: &str, html: &str) {
    PAGES.with_borrow_mut(|pages| pages.insert(hash.to_owned(), Rc::from(html)));
}

/// The view stored under `hash`: from memory, else from the blob store;
/// `None` when this device does not hold it (or it is not text).
pub(crate) async fn page(store: StoreContext, hash: &str) -> Option<Rc<str>> {
    if let Some(page) = PAGES.with_borrow(|pages| pages.get(hash).cloned()) {
        return Some(page);
    }
    let blob = store.blob(hash).await?;
    // Only a page stored as one (not another attachment a record could name).
    if blob.type_() != APP_MIME {
        return None;
    }
    let html: Rc<str> = Rc::from(String::from_utf8(bytes_of(&blob).await?).ok()?);
    PAGES.with_borrow_mut(|pages| pages.insert(hash.to_owned(), Rc::clone(&html)));
    Some(html)
}
