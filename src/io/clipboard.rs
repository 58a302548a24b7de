//! Copying text to the system clipboard.

use wasm_bindgen_futures::JsFuture;

/// Puts `text` on the clipboard, or says why it could not.
pub(crate) async fn copy_text(text: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let promise = window.navigator().clipboard().write_text(text);
    JsFuture::from(promise).await.map(|_| ()).map_err(|_| "The browser did not allow copying.".to_owned())
}
