//! Copying text to the system clipboard.

use std::fmt;

use wasm_bindgen_futures::JsFuture;

/// Why text was not copied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CopyError {
    /// There is no window (not in a page).
    NoWindow,
    /// The browser refused to write to the clipboard.
    Refused,
}

impl fmt::Display for CopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CopyError::NoWindow => "no window",
            CopyError::Refused => "The browser did not allow copying.",
        })
    }
}

/// Puts `text` on the clipboard, or says why it could not.
pub(crate) async fn copy_text(text: &str) -> Result<(), CopyError> {
    let window = web_sys::window().ok_or(CopyError::NoWindow)?;
    let promise = window.navigator().clipboard().write_text(text);
    JsFuture::from(promise).await.map(|_| ()).map_err(|_| CopyError::Refused)
}
