//! What the composer holds: the message being written (`ComposerDraft`, which
//! other parts of the page fill) and, in `attachments`, the files attached to
//! it (with, in `media`, its images and PDFs).

pub(crate) mod attachments;
pub(crate) mod dictation;
pub(crate) mod media;
pub(crate) mod prepare;
mod voice_note;

use leptos::prelude::*;

use dictation::DictationPhase;

/// The message being written, shared so that other parts of the page (the
/// empty state's suggestions) can fill it and send the focus to it. Provided
/// once in `app.rs`.
#[derive(Clone, Copy)]
pub(crate) struct ComposerDraft {
    /// The text in the message box.
    pub(crate) text: RwSignal<String>,
    /// Counts requests to focus the message box (each change focuses it).
    pub(crate) focus_requests: RwSignal<u32>,
    /// Whether the "Create an image" dialog is open.
    pub(crate) pictures_open: RwSignal<bool>,
    /// Where a dictation into the message box is (its work is `voice`'s).
    pub(crate) dictation: DictationPhase,
}

impl ComposerDraft {
    /// An empty draft.
    pub(crate) fn new() -> Self {
        Self {
            text: RwSignal::new(String::new()),
            focus_requests: RwSignal::new(0),
            pictures_open: RwSignal::new(false),
            dictation: DictationPhase::new(),
        }
    }

    /// The draft from the context.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Puts `text` in an empty message box, or after a typed draft on a new
    /// line (the draft is kept), and focuses it (the caret at its end).
    pub(crate) fn fill(self, text: &str) {
        self.text.update(|draft| {
            if draft.trim().is_empty() {
                text.clone_into(draft);
            } else {
                draft.push('\n');
                draft.push_str(text);
            }
        });
        self.focus_requests.update(|n| *n = n.wrapping_add(1));
    }
}
