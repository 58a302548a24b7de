//! Whether the device is online, as a signal the page can show: the browser's
//! `navigator.onLine`, followed through its `online` and `offline` events (see
//! `io::network`). It sits just above `io`: nothing it needs is above it.
//!
//! A send reads `io::network::is_online` itself at that moment; this signal is
//! for what the page shows (the Offline indicator).

use leptos::prelude::*;

use crate::io::network::{is_online, watch};

/// The network state; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct NetworkContext {
    /// Whether the browser says the device is online.
    pub(crate) online: ReadSignal<bool>,
}

impl NetworkContext {
    /// The state now, kept up to date for the life of the page.
    pub(crate) fn new() -> Self {
        let (online, set_online) = signal(is_online());
        watch(move |now| set_online.set(now));
        Self { online }
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }
}
