//! What the Providers dialog says about its writes, as the text it shows:
//! nothing yet, "Saving…", "Saved", or "Not saved: …" and why (a value the
//! form refused, or a failed write). Every committed change sets it, so
//! "Saved" is said again after each change, and only once every write started
//! has ended. Kept as plain signals of types the app already has (a string, a
//! count, a flag), which keeps it small in the bundle.

use std::fmt;

use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::db::StorageError;

/// Why a write of the dialog was not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NotStored {
    /// Storage did not open, so nothing was written.
    NoStorage,
    /// The write failed.
    Write(StorageError),
}

impl fmt::Display for NotStored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotStored::NoStorage => f.write_str(tr("storage is not open.")),
            NotStored::Write(error) => write!(f, "{error}"),
        }
    }
}

/// Why the form refused what was typed into one of a model's number fields.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NumberRefused {
    /// Not a number from 0 to this.
    OutOfRange(f64),
    /// Not a whole number above 0.
    NotCount,
    /// Not a context window; holds the core's explanation.
    ContextWindow(String),
    /// The field takes no number.
    NotNumberField,
}

impl NumberRefused {
    /// What is said of the field labelled `label` (as shown, translated).
    pub(crate) fn message(&self, label: &str) -> String {
        match self {
            NumberRefused::OutOfRange(max) => {
                let args = [("label", Arg::Text(label)), ("max", Arg::Number(*max))];
                tr_with("providers-number-out-of-range", &args, || {
                    format!("{label} must be a number from 0 to {max}, or empty for the default.")
                })
            }
            NumberRefused::NotCount => tr_with("providers-number-not-count", &[("label", Arg::Text(label))], || {
                format!("{label} must be a whole number above 0, or empty for the default.")
            }),
            NumberRefused::ContextWindow(problem) => {
                tr_with("providers-number-context-window", &[("problem", Arg::Text(problem))], || {
                    format!("Context window: {problem}")
                })
            }
            NumberRefused::NotNumberField => "not a number field".to_owned(),
        }
    }
}

/// The dialog's save state and the number of writes under way; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct SaveTracker {
    /// What the dialog shows (empty: nothing changed since it opened).
    pub(crate) state: RwSignal<String>,
    pending: RwSignal<u32>,
    /// Whether a write failed since the last change began.
    failed: RwSignal<bool>,
    /// The values the form refused and that are still unsaved: (field, problem).
    refusals: RwSignal<Vec<(&'static str, String)>>,
}

impl SaveTracker {
    pub(crate) fn new() -> Self {
        Self {
            state: RwSignal::new(String::new()),
            pending: RwSignal::new(0),
            failed: RwSignal::new(false),
            refusals: RwSignal::new(Vec::new()),
        }
    }

    /// A write begins.
    pub(crate) fn started(self) {
        if self.pending.get_untracked() == 0 {
            self.failed.set(false);
        }
        self.pending.update(|n| *n += 1);
        // The text shown while writes are under way.
        self.state.set(tr("Saving…").to_owned());
    }

    /// A write ended, stored (`Ok`) or not (why).
    pub(crate) fn ended(self, result: Result<(), NotStored>) {
        self.pending.update(|n| *n = n.saturating_sub(1));
        match result {
            Err(problem) => {
                self.failed.set(true);
                self.not_saved(&problem.to_string());
            }
            Ok(()) if self.pending.get_untracked() == 0 && !self.failed.get_untracked() => {
                // A value refused earlier is still unsaved: that stays said.
                match self.refusals.with_untracked(|refusals| refusals.first().map(|(_, problem)| problem.clone())) {
                    Some(problem) => self.not_saved(&problem),
                    // Once every write started has been stored.
                    None => self.state.set(tr("Saved").to_owned()),
                }
            }
            Ok(()) => {}
        }
    }

    /// The form refused `field`'s value: not saved, until that field is (or the dialog reopens).
    pub(crate) fn refused(self, field: &'static str, problem: String) {
        self.not_saved(&problem);
        self.refusals.update(|refusals| {
            refusals.retain(|(refused, _)| *refused != field);
            refusals.push((field, problem));
        });
    }

    /// The form took `field`'s value (its write follows): its refusal is over.
    pub(crate) fn accepted(self, field: &'static str) {
        self.refusals.update(|refusals| refusals.retain(|(refused, _)| *refused != field));
    }

    fn not_saved(self, problem: &str) {
        self.state.set(tr_with("providers-not-saved", &[("problem", Arg::Text(problem))], || {
            format!("Not saved: {problem}")
        }));
    }

    /// The dialog opened: nothing said yet (writes still under way keep counting),
    /// no refusal kept.
    pub(crate) fn reset(self) {
        self.refusals.update(Vec::clear);
        if self.pending.get_untracked() == 0 {
            self.state.set(String::new());
        }
    }
}
