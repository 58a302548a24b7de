//! Whether the browser says the device is online: `navigator.onLine`, and the
//! window's `online` and `offline` events when it changes.
//!
//! The browser's word is a hint, not a promise: "online" means a network
//! interface is up, not that a provider answers; "offline" means none is, while
//! a server on this machine (localhost) may still answer. Callers decide what to
//! do with it (see `hearth_core::provider::is_local_url`).

use leptos::ev;
use leptos::prelude::window_event_listener;

/// Whether the browser says the device is online now (`true` when it cannot
/// tell, so nothing is refused on a guess).
pub(crate) fn is_online() -> bool {
    web_sys::window().is_none_or(|window| window.navigator().on_line())
}

/// Calls `on_change` with [`is_online`] each time the browser says the device
/// went online or offline, for the life of the page.
pub(crate) fn watch(on_change: impl Fn(bool) + Clone + 'static) {
    let on_offline = on_change.clone();
    // Each reads `navigator.onLine` again rather than trusting the event's name:
    // the two agree, and the property is what a send checks.
    let _online = window_event_listener(ev::online, move |_| on_change(is_online()));
    let _offline = window_event_listener(ev::offline, move |_| on_offline(is_online()));
}
