//! The browser's own modal prompts: `window.confirm` before something that
//! cannot be undone.

/// Asks `message` with the browser's OK/Cancel prompt: `true` only when the
/// user pressed OK (a browser that cannot show the prompt counts as Cancel).
pub(crate) fn confirm(message: &str) -> bool {
    web_sys::window().and_then(|window| window.confirm_with_message(message).ok()).unwrap_or(false)
}
