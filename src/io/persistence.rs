//! Asking the browser to keep Hearth's storage under pressure.

use leptos::task::spawn_local;

/// Asks the browser not to evict Hearth's storage under pressure. Browsers may
/// grant it silently, ask the user, or refuse; nothing depends on the answer.
pub(crate) fn ask_to_persist() {
    if let Some(storage) = web_sys::window().map(|w| w.navigator().storage())
        && let Ok(promise) = storage.persist()
    {
        spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}
