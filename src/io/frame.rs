//! Waiting for the next animation frame, so that the page is updated at most once
//! per frame however fast chunks arrive.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Resolves at the browser's next animation frame. In a hidden tab the browser
/// pauses frames, and this waits with them.
pub(crate) async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let requested = web_sys::window()
            .map(|window| window.request_animation_frame(resolve.unchecked_ref()))
            .is_some_and(|handle| handle.is_ok());
        if !requested {
            // No window (should not happen in a page): resolve at once rather than hang.
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
}
