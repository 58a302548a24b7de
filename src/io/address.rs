//! The page's address: the open session is kept in it (`#/s/<id>`), so a reload
//! or a shared link reopens it, each tab can show its own, and it works on any
//! static host (the server never sees the fragment). Opening a conversation by
//! the user's choice adds a history entry (`push_session`), so Back and Forward
//! move between conversations; everything else (the session a new chat becomes
//! on its first message, a deleted one) replaces the current entry
//! (`set_session`). `watch` hears Back, Forward and an address typed in.

use leptos::ev;
use leptos::prelude::window_event_listener;
use wasm_bindgen::JsValue;

/// The address's fragment for a session (`#/s/<id>`, the id percent-encoded),
/// or none for a new conversation.
fn fragment(id: Option<&str>) -> String {
    id.map(|id| format!("#/s/{}", String::from(js_sys::encode_uri_component(id)))).unwrap_or_default()
}

/// Writes the address for `id`, as a new history entry (`push`) or in place of
/// the current one. Nothing is written when the address already says it.
fn write(id: Option<&str>, push: bool) {
    let Some(window) = web_sys::window() else { return };
    let hash = fragment(id);
    if window.location().hash().ok().is_some_and(|now| now == hash) {
        return;
    }
    let Ok(history) = window.history() else { return };
    // An empty fragment is written as the bare path (and query), so the address has no `#`.
    let url = if hash.is_empty() {
        let location = window.location();
        format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default())
    } else {
        hash
    };
    let _ = if push {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
}

/// Puts the open session into the address in place of the current entry, or
/// clears it (`None`): no history entry is added.
pub(crate) fn set_session(id: Option<&str>) {
    write(id, false);
}

/// Puts the session the user opened into the address as a new history entry
/// (none when the address already names it), so Back returns to the one before.
pub(crate) fn push_session(id: Option<&str>) {
    write(id, true);
}

/// The session id in the address, if any.
pub(crate) fn session() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let id = hash.strip_prefix("#/s/").filter(|id| !id.is_empty())?;
    // A malformed escape is kept as written (and will not be found).
    Some(js_sys::decode_uri_component(id).map(String::from).unwrap_or_else(|_| id.to_owned()))
}

/// Calls `on_change` with [`session`] each time the address changes by itself:
/// Back, Forward, or a link or address typed in (`popstate`, which every one of
/// them fires; `pushState` and `replaceState` fire nothing). For the life of the page.
pub(crate) fn watch(on_change: impl Fn(Option<String>) + 'static) {
    let _popstate = window_event_listener(ev::popstate, move |_| on_change(session()));
}

/// Names the tab (and its history entry) after the open conversation:
/// "<title> – Hearth", or "Hearth" for none.
pub(crate) fn set_title(title: Option<&str>) {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else { return };
    let title =
        title.map(str::trim).filter(|t| !t.is_empty()).map_or_else(|| "Hearth".to_owned(), |t| format!("{t} – Hearth"));
    if document.title() != title {
        document.set_title(&title);
    }
}

/// The page's origin, such as `https://hearth.example` (empty when there is
/// no window).
pub(crate) fn origin() -> String {
    web_sys::window().and_then(|window| window.location().origin().ok()).unwrap_or_default()
}
