//! Running work at the next animation frame, so that the page is updated at most
//! once per frame however fast chunks arrive.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// Runs `work` at the browser's next animation frame. In a hidden tab the browser
/// pauses frames, and the work waits with them. Without a window (which does not
/// happen in a page) it runs at once rather than never.
pub(crate) fn on_next_frame(work: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else { return work() };
    let callback = Closure::once_into_js(work);
    let _ = window.request_animation_frame(callback.unchecked_ref());
}

/// Resolves at the browser's next animation frame (at once without a window),
/// so that work split at its awaits changes the page at most once per frame.
pub(crate) async fn next_frame() {
    let (done, frame) = futures::channel::oneshot::channel::<()>();
    on_next_frame(move || {
        let _ = done.send(());
    });
    let _ = frame.await;
}
