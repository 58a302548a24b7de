//! The HTML of the MCP Apps views shown on this page, by the hash the blob
//! store keeps it under: a view just read is shown from memory before its
//! reply is saved, and a stored one is read from the blob store once while
//! it is among the last few shown.

use std::cell::RefCell;
use std::rc::Rc;

use hearth_core::mcp::apps::APP_MIME;

use crate::io::media::bytes_of;
use crate::store::StoreContext;

/// The most pages kept in memory (each up to 5 MiB); the oldest goes first.
const KEPT: usize = 8;

thread_local! {
    static PAGES: RefCell<Vec<(String, Rc<str>)>> = const { RefCell::new(Vec::new()) };
}

/// Keeps the view `html`, stored under `hash`, for this page.
pub(crate) fn remember(hash: &str, html: &str) {
    keep(hash, Rc::from(html));
}

fn keep(hash: &str, html: Rc<str>) {
    PAGES.with_borrow_mut(|pages| {
        pages.retain(|(kept, _)| kept != hash);
        pages.push((hash.to_owned(), html));
        let over = pages.len().saturating_sub(KEPT);
        pages.drain(..over);
    });
}

/// The view stored under `hash`: from memory, else from the blob store;
/// `None` when this device does not hold it (or it is not text).
pub(crate) async fn page(store: StoreContext, hash: &str) -> Option<Rc<str>> {
    if let Some(page) =
        PAGES.with_borrow(|pages| pages.iter().find(|(kept, _)| kept == hash).map(|(_, page)| Rc::clone(page)))
    {
        return Some(page);
    }
    let blob = store.blob(hash).await?;
    // Only a page stored as one (not another attachment a record could name).
    if blob.type_() != APP_MIME {
        return None;
    }
    let html: Rc<str> = Rc::from(String::from_utf8(bytes_of(&blob).await?).ok()?);
    keep(hash, Rc::clone(&html));
    Some(html)
}
