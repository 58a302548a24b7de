//! Waiting without blocking: a `setTimeout` as a future.

use wasm_bindgen_futures::JsFuture;

/// Resolves after about `ms` milliseconds.
pub(crate) async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let scheduled = web_sys::window()
            .map(|window| window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms))
            .is_some_and(|handle| handle.is_ok());
        if !scheduled {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = JsFuture::from(promise).await;
}
