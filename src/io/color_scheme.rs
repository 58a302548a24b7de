//! Whether the page is dark: Hearth follows the system's light or dark look
//! (`prefers-color-scheme`), as its stylesheet does.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::MediaQueryList;

const DARK: &str = "(prefers-color-scheme: dark)";

fn query() -> Option<MediaQueryList> {
    web_sys::window()?.match_media(DARK).ok().flatten()
}

/// Whether the page shows its dark look now.
pub(crate) fn prefers_dark() -> bool {
    query().is_some_and(|query| query.matches())
}

/// Calls its callback with whether the page is dark each time that changes,
/// until dropped.
pub(crate) struct SchemeWatch {
    query: MediaQueryList,
    on_change: Closure<dyn FnMut()>,
}

impl SchemeWatch {
    /// Watches the look; `None` when the browser cannot say.
    pub(crate) fn new(on_change: impl Fn(bool) + 'static) -> Option<Self> {
        let query = query()?;
        let watched = query.clone();
        let on_change = Closure::<dyn FnMut()>::new(move || on_change(watched.matches()));
        query.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref()).ok()?;
        Some(Self { query, on_change })
    }
}

impl Drop for SchemeWatch {
    fn drop(&mut self) {
        let _ = self.query.remove_event_listener_with_callback("change", self.on_change.as_ref().unchecked_ref());
    }
}
