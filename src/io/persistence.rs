//! Asking the browser to keep Hearth's storage under pressure, and how much
//! of it Hearth uses.

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

/// What the browser says Hearth's origin uses and may use, in bytes
/// (`navigator.storage.estimate()`); `None` where it does not say.
pub(crate) async fn estimate() -> Option<(u64, u64)> {
    let storage = web_sys::window()?.navigator().storage();
    let answer = wasm_bindgen_futures::JsFuture::from(storage.estimate().ok()?).await.ok()?;
    let number = |key: &str| js_sys::Reflect::get(&answer, &key.into()).ok()?.as_f64();
    Some((number("usage")? as u64, number("quota")? as u64))
}
