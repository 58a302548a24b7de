//! Abort signals for work that must stop with the turn: a controller of its own
//! that follows the turn's signal, one that gives up after a time, and a future
//! that resolves when a signal fires (to race a wait against Stop).

use futures::channel::oneshot;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{AbortController, AbortSignal};

/// An abort controller that aborts when the turn's signal does, when asked
/// ([`LinkedAbort::abort`]), and when dropped (a time limit dropping the work).
pub(crate) struct LinkedAbort {
    controller: AbortController,
    follow: Option<Listener>,
}

impl LinkedAbort {
    /// A controller following `turn` (already aborted if `turn` is); `None` in a
    /// browser without `AbortController`.
    pub(crate) fn new(turn: Option<&AbortSignal>) -> Option<Self> {
        let controller = AbortController::new().ok()?;
        let follow = turn.map(|signal| {
            let mine = controller.clone();
            let listener = Listener::new(signal, move || mine.abort());
            if signal.aborted() {
                controller.abort();
            }
            listener
        });
        Some(Self { controller, follow })
    }

    /// Its signal, for the work it stops.
    pub(crate) fn signal(&self) -> AbortSignal {
        self.controller.signal()
    }

    /// Stops the work now.
    pub(crate) fn abort(&self) {
        self.controller.abort();
    }
}

impl Drop for LinkedAbort {
    fn drop(&mut self) {
        self.controller.abort();
        // Stop following the turn's signal (its listener is removed).
        self.follow.take();
    }
}

/// A controller that aborts by itself after `ms` milliseconds, so a request
/// that never answers is given up on; `None` in a browser without `AbortController`.
pub(crate) fn timed(ms: i32) -> Option<AbortController> {
    let controller = AbortController::new().ok()?;
    let own = controller.clone();
    wasm_bindgen_futures::spawn_local(async move {
        super::timer::sleep(ms).await;
        own.abort();
    });
    Some(controller)
}

/// Resolves when `signal` aborts (never without a signal, or when the browser
/// refuses the listener).
pub(crate) async fn aborted(signal: Option<AbortSignal>) {
    let Some(signal) = signal else { return futures::future::pending().await };
    if signal.aborted() {
        return;
    }
    let (sender, receiver) = oneshot::channel::<()>();
    let mut sender = Some(sender);
    let listener = Listener::new(&signal, move || {
        if let Some(sender) = sender.take() {
            let _ = sender.send(());
        }
    });
    if !listener.added {
        return futures::future::pending().await;
    }
    let _ = receiver.await;
    drop(listener);
}

/// An `abort` listener on a signal, removed when dropped (also when the wait
/// it serves ends first).
struct Listener {
    signal: AbortSignal,
    on_abort: Closure<dyn FnMut()>,
    added: bool,
}

impl Listener {
    fn new(signal: &AbortSignal, on_abort: impl FnMut() + 'static) -> Self {
        let on_abort = Closure::<dyn FnMut()>::new(on_abort);
        let added = signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref()).is_ok();
        Self { signal: signal.clone(), on_abort, added }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.signal.remove_event_listener_with_callback("abort", self.on_abort.as_ref().unchecked_ref());
    }
}
