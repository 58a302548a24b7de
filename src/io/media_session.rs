//! The system's media controls (a phone's lock screen, a headset's buttons,
//! the browser's media hub) while a reply is read aloud: what is playing,
//! whether it is paused, and Play, Pause and Stop. Reached by name
//! (`io::js`); a browser without `navigator.mediaSession` shows nothing.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

use super::js;

/// The controls' actions this page answers.
const ACTIONS: [&str; 3] = ["play", "pause", "stop"];

thread_local! {
    /// The handlers given to the browser, kept while they may be called.
    static HANDLERS: RefCell<Vec<Closure<dyn FnMut()>>> = const { RefCell::new(Vec::new()) };
}

fn session() -> Option<JsValue> {
    js::global("navigator").and_then(|navigator| js::get(&navigator, "mediaSession"))
}

/// Shows `title` (by `artist`) in the system's controls, and has their Play,
/// Pause and Stop call `on_action` with the action's name.
pub(crate) fn show(title: &str, artist: &str, on_action: impl Fn(&str) + Clone + 'static) {
    let Some(session) = session() else { return };
    let details = js_sys::Object::new();
    js::set(&details, "title", &JsValue::from_str(title));
    js::set(&details, "artist", &JsValue::from_str(artist));
    if let Ok(metadata) = js::construct("MediaMetadata", &[&details]) {
        js::set(&session, "metadata", &metadata);
    }
    let handlers: Vec<_> = ACTIONS
        .into_iter()
        .map(|action| {
            let on_action = on_action.clone();
            let handler = Closure::<dyn FnMut()>::new(move || on_action(action));
            // A browser that does not know an action throws: the others still work.
            let _ = js::call(&session, "setActionHandler", &[&JsValue::from_str(action), handler.as_ref()]);
            handler
        })
        .collect();
    HANDLERS.set(handlers);
    set_state("playing");
}

/// Says whether it is paused.
pub(crate) fn paused(paused: bool) {
    set_state(if paused { "paused" } else { "playing" });
}

/// Takes the page out of the system's controls.
pub(crate) fn clear() {
    let Some(session) = session() else { return };
    for action in ACTIONS {
        let _ = js::call(&session, "setActionHandler", &[&JsValue::from_str(action), &JsValue::NULL]);
    }
    js::set(&session, "metadata", &JsValue::NULL);
    HANDLERS.set(Vec::new());
    set_state("none");
}

fn set_state(state: &str) {
    if let Some(session) = session() {
        js::set(&session, "playbackState", &JsValue::from_str(state));
    }
}
