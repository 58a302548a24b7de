//! The citation marks in a reply's rendered markdown (`<sup class="citation">`
//! links to `#source-…`, see `hearth_core::markdown::render_reply_cited`),
//! followed by delegation: a click scrolls to the source's entry in the
//! reply's "Sources" list and focuses it, without changing the page's
//! address (whose fragment the app uses itself).

use wasm_bindgen::JsCast;
use web_sys::Element;

/// Handles a click on a citation mark; says whether it was one.
pub(crate) fn on_citation_click(event: &web_sys::MouseEvent) -> bool {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return false };
    let Ok(Some(link)) = target.closest("sup.citation a") else { return false };
    event.prevent_default();
    let Some(id) = link.get_attribute("href").and_then(|href| href.strip_prefix('#').map(str::to_owned)) else {
        return true;
    };
    let entry = link.owner_document().and_then(|document| document.get_element_by_id(&id));
    if let Some(entry) = entry.and_then(|entry| entry.dyn_into::<web_sys::HtmlElement>().ok()) {
        entry.scroll_into_view();
        let _ = entry.focus();
    }
    true
}
