//! What voice is doing, for the views: the dictation's phase with its level
//! and time, and the reply being read aloud. The work itself is the `voice`
//! chunk's ([`code`]); this file only starts and stops it.

pub(crate) mod code;
mod context;
mod dictation;
mod reading;

use leptos::prelude::*;
use leptos::task::spawn_local;

pub(crate) use context::{Dictation, VOICE, VoiceContext};

impl VoiceContext {
    /// Starts a dictation, or ends the one under way (the microphone button).
    pub(crate) fn toggle_dictation(self) {
        let live = self.dictation.with_untracked(Dictation::is_live);
        if !live {
            if self.dictation.with_untracked(|d| *d == Dictation::Transcribing) {
                return; // The last recording's text comes first.
            }
            // Pressed at once, while the chunk and the settings load.
            self.dictation.set(Dictation::Opening);
        }
        self.with_code(move |code| if live { code.finish } else { code.start });
    }

    /// Sends the kept recording again.
    pub(crate) fn retry_dictation(self) {
        self.with_code(|code| code.retry);
    }

    /// Reads the reply `id` (its words, `text`) aloud, or stops it when it is being read.
    pub(crate) fn toggle_reading(self, id: String, text: String) {
        let reading = self.reading.with_untracked(|reading| reading.as_deref() == Some(id.as_str()));
        spawn_local(async move {
            match code::load().await {
                Ok(code) if reading => (code.stop_reading)(self),
                Ok(code) => (code.read)(self, id, text).await,
                Err(error) => self.reading_problem.set(Some((id, error.to_string()))),
            }
        });
    }

    /// Pauses or resumes the reading.
    pub(crate) fn pause_reading(self, paused: bool) {
        if let Some(code) = code::loaded() {
            (code.pause_reading)(self, paused);
        }
    }

    /// Runs the chunk's `pick`ed task, its code loaded first; a chunk that
    /// will not load is said as the dictation's failure.
    fn with_code(self, pick: impl FnOnce(&'static code::VoiceCode) -> fn(VoiceContext) -> code::Task + 'static) {
        spawn_local(async move {
            match code::load().await {
                Ok(code) => pick(code)(self).await,
                Err(error) => self.dictation.set(Dictation::Failed(error.to_string())),
            }
        });
    }
}
