//! The interface's language on this device: the choice kept in `localStorage`
//! (read before the app mounts, so it must be synchronous; a device's own
//! setting, never synced or exported), the browser's preferred languages,
//! the page's `lang` and `dir`, and a language's catalogue file
//! (`locales/<tag>.ftl`, which the service worker caches once fetched).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::io::sandbox::top_level_file;

/// The `localStorage` item holding the chosen language's tag (none: the browser's).
const KEY: &str = "hearth-language";

/// The language chosen in Settings on this device, if one was.
pub(crate) fn chosen() -> Option<String> {
    let storage = web_sys::window()?.local_storage().ok()??;
    storage.get_item(KEY).ok().flatten().filter(|tag| !tag.is_empty())
}

/// Keeps `tag` as this device's language (`None`: follow the browser's). False
/// when the browser refused to store it (storage blocked or full).
pub(crate) fn choose(tag: Option<&str>) -> bool {
    let Some(storage) = web_sys::window().and_then(|window| window.local_storage().ok().flatten()) else {
        return false;
    };
    match tag {
        Some(tag) => storage.set_item(KEY, tag).is_ok(),
        None => storage.remove_item(KEY).is_ok(),
    }
}

/// The browser's preferred languages, most preferred first (`navigator.languages`).
pub(crate) fn preferred() -> Vec<String> {
    let Some(window) = web_sys::window() else { return Vec::new() };
    window.navigator().languages().iter().filter_map(|tag| tag.as_string()).collect()
}

/// Sets the page's `lang` and `dir` (so screen readers, fonts, hyphenation and
/// the mirrored layout follow the language).
pub(crate) fn mark_document(tag: &str, rtl: bool) {
    let Some(root) =
        web_sys::window().and_then(|window| window.document()).and_then(|document| document.document_element())
    else {
        return;
    };
    let _ = root.set_attribute("lang", tag);
    let _ = root.set_attribute("dir", if rtl { "rtl" } else { "ltr" });
}

/// Reloads the page (a new language applies to the whole interface at once).
pub(crate) fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// Why a catalogue could not be fetched.
#[derive(Debug, Clone, Copy)]
pub(crate) enum CatalogueFetchError {
    /// No answer (offline before it was ever cached).
    Network,
    /// The host answered with this error status.
    Status(u16),
}

impl std::fmt::Display for CatalogueFetchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Network => f.write_str("no answer"),
            Self::Status(status) => write!(f, "HTTP {status}"),
        }
    }
}

/// The text of the catalogue `locales/<tag>.ftl` of this build: a plain
/// same-origin GET (the service worker answers it once it has the file).
pub(crate) async fn fetch_catalogue(tag: &str) -> Result<String, CatalogueFetchError> {
    let window = web_sys::window().ok_or(CatalogueFetchError::Network)?;
    let file = format!("locales/{tag}.ftl");
    let url = window.document().map_or_else(|| file.clone(), |document| top_level_file(&document, &file));
    let response = JsFuture::from(window.fetch_with_str(&url)).await.map_err(|_| CatalogueFetchError::Network)?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| CatalogueFetchError::Network)?;
    if !response.ok() {
        return Err(CatalogueFetchError::Status(response.status()));
    }
    let text = response.text().map_err(|_| CatalogueFetchError::Network)?;
    let text = JsFuture::from(text).await.map_err(|_| CatalogueFetchError::Network)?;
    text.as_string().ok_or(CatalogueFetchError::Network)
}
