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

/// Resolves at the browser's next animation frame, or after `ms` milliseconds
/// when that comes first (a hidden tab has no frames).
pub(crate) async fn next_frame_within(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            let _ = window.request_animation_frame(&resolve);
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        } else {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
