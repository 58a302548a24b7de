//! The page's address: the open session is kept in it (`#/s/<id>`), so a reload
//! reopens it and each tab can show its own. Written with the History API's
//! `replaceState`, so switching conversations adds no history entries.

/// Puts the open session into the address, or clears it (`None`).
pub(crate) fn set_session(id: Option<&str>) {
    let Some(window) = web_sys::window() else { return };
    let hash = id.map(|id| format!("#/s/{id}")).unwrap_or_default();
    if let Ok(history) = window.history() {
        let url = if hash.is_empty() { window.location().pathname().unwrap_or_default() } else { hash };
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The session id in the address, if any.
pub(crate) fn session() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#/s/").filter(|id| !id.is_empty()).map(str::to_owned)
}
