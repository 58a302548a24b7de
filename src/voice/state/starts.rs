//! Which dictation start is the latest: a stop moves it on, so a start still
//! waiting (for the settings, the browser's permission prompt, or a speech
//! model's download) knows it was stopped.

use std::cell::Cell;

thread_local! {
    static CURRENT: Cell<u32> = const { Cell::new(0) };
}

/// A new start's number.
pub(super) fn next() -> u32 {
    let id = CURRENT.get().wrapping_add(1);
    CURRENT.set(id);
    id
}

/// Calls off whichever start is waiting.
pub(super) fn call_off() {
    CURRENT.set(CURRENT.get().wrapping_add(1));
}

/// Whether `id` is still the latest start (no stop came since).
pub(super) fn is_current(id: u32) -> bool {
    CURRENT.get() == id
}
