//! What the Providers dialog says about its writes: nothing yet, saving, saved,
//! or not saved and why (a value the form refused, or a failed write). Every
//! committed change sets it, so "Saved" is said again after each change, and
//! only once every write started has ended.

use std::fmt;

use leptos::prelude::*;

/// The state of the Providers dialog's writes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) enum SaveState {
    /// Nothing changed since the dialog opened.
    #[default]
    Idle,
    /// Writes are under way.
    Saving,
    /// Every write started has been stored.
    Saved,
    /// The last change was not stored; the text says why.
    NotSaved(String),
}

impl fmt::Display for SaveState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveState::Idle => Ok(()),
            SaveState::Saving => f.write_str("Saving…"),
            SaveState::Saved => f.write_str("Saved"),
            SaveState::NotSaved(why) => write!(f, "Not saved: {why}"),
        }
    }
}

/// The dialog's save state and the number of writes under way; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct SaveTracker {
    /// What the dialog shows.
    pub(crate) state: RwSignal<SaveState>,
    pending: StoredValue<u32>,
    /// Whether a write failed since the last change began.
    failed: StoredValue<bool>,
}

impl SaveTracker {
    pub(crate) fn new() -> Self {
        Self { state: RwSignal::new(SaveState::Idle), pending: StoredValue::new(0), failed: StoredValue::new(false) }
    }

    /// A write begins.
    pub(crate) fn started(self) {
        if self.pending.get_value() == 0 {
            self.failed.set_value(false);
        }
        self.pending.update_value(|n| *n += 1);
        self.state.set(SaveState::Saving);
    }

    /// A write ended, stored (`Ok`) or not (the problem, as the user reads it).
    pub(crate) fn ended(self, result: Result<(), String>) {
        self.pending.update_value(|n| *n = n.saturating_sub(1));
        match result {
            Err(problem) => {
                self.failed.set_value(true);
                self.state.set(SaveState::NotSaved(problem));
            }
            Ok(()) if self.pending.get_value() == 0 && !self.failed.get_value() => self.state.set(SaveState::Saved),
            Ok(()) => {}
        }
    }

    /// The form refused a value: nothing was written.
    pub(crate) fn refused(self, problem: String) {
        self.state.set(SaveState::NotSaved(problem));
    }

    /// The dialog opened: nothing said yet (writes still under way keep counting).
    pub(crate) fn reset(self) {
        if self.pending.get_value() == 0 {
            self.state.set(SaveState::Idle);
        }
    }
}
