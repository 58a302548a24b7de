//! What voice is doing, for the views: the dictation's phase (in the first
//! load), and the rest of its state (`live`, made at its first use). The work
//! itself is the `voice` chunk's ([`code`]); only
//! [`VoiceContext::toggle_dictation`] is in the first load, for the composer's
//! button and the shortcut.

mod account;
pub(crate) mod code;
mod context;
mod dictation;
mod listening;
mod live;
mod note;
mod problem;
mod reading;
mod starts;
mod talk;
mod talk_start;
mod talk_view;

use leptos::prelude::*;
use leptos::task::spawn_local;

pub(crate) use crate::composer::state::dictation::Dictation;
use crate::composer::state::media::MediaAttachments;
use crate::i18n::{Arg, tr_with};
pub(crate) use context::{VOICE, VoiceContext};

impl VoiceContext {
    /// Starts a dictation, or ends the one under way (the microphone button).
    pub(crate) fn toggle_dictation(self) {
        let phase = self.dictation.get_untracked();
        if matches!(phase, Dictation::Transcribing | Dictation::Talking) {
            return; // The last recording's text comes first; a talk has the microphone.
        }
        let live = phase.is_live();
        if !live {
            // Pressed at once, while the chunk and the settings load.
            self.dictation.set(Dictation::Opening);
        }
        spawn_local(async move {
            match code::load().await {
                Ok(code) => (if live { code.finish } else { code.start })(self).await,
                // The panel, from the same chunk, says it did not load and offers to retry.
                Err(_) => self.dictation.set(Dictation::Failed),
            }
        });
    }

    /// Starts a realtime talk in the conversation of `chat`, or ends the one
    /// under way (the composer's Talk button).
    pub(crate) fn toggle_talk(self, chat: crate::chat::state::ChatContext) {
        let talking = self.dictation.get_untracked() == Dictation::Talking;
        if !talking
            && self.dictation.get_untracked() != Dictation::Idle
            && self.dictation.get_untracked() != Dictation::Failed
        {
            return; // A dictation has the microphone.
        }
        self.dictation.set(Dictation::Talking);
        spawn_local(async move {
            match code::load().await {
                Ok(code) if talking => (code.end_talk)(self),
                Ok(code) => (code.start_talk)(self, chat).await,
                Err(_) => self.dictation.set(Dictation::Failed),
            }
        });
    }

    /// "Hold to talk" was let go (the talk's panel, in the chunk).
    pub(crate) fn talk_released(self) {
        if let Some(code) = code::loaded() {
            (code.talk_released)();
        }
    }

    /// Sends the kept recording again (the recorder's panel, in the chunk).
    pub(crate) fn retry_dictation(self) {
        spawn_local(dictation::retry(self));
    }

    /// Stops waiting for the recording's text (the recorder's panel, in the
    /// chunk); the recording is kept for Try again.
    pub(crate) fn cancel_dictation(self) {
        dictation::cancel();
    }

    /// Ends the recording and attaches it to the next message as a voice
    /// note (the recorder's panel, in the chunk).
    pub(crate) fn keep_as_note(self, media: MediaAttachments) {
        spawn_local(async move {
            if let Some(code) = code::loaded() {
                (code.keep_note)(self, media).await;
            }
        });
    }

    /// Has the voice note `key` of `media` turned into text (a recorded note
    /// at once; an audio file when the user asks, in the composer's list).
    pub(crate) fn hear_note(self, media: MediaAttachments, key: u32) {
        let Some(wav) = media.take_speech(key) else { return };
        spawn_local(async move {
            let heard = match code::load().await {
                Ok(code) => (code.hear)(self, wav.clone()).await,
                Err(error) => {
                    let error = error.to_string();
                    Err(tr_with("voice-note-not-loaded", &[("error", Arg::Text(&error))], || {
                        format!("No transcript: voice could not be loaded ({error}).")
                    }))
                }
            };
            media.heard(key, heard, wav);
        });
    }

    /// Puts the dictation's failure away (the recorder's panel, in the chunk).
    pub(crate) fn dismiss_dictation(self) {
        self.dictation.set(Dictation::Idle);
        self.live().problem.set(None);
    }

    /// Reads the reply `id` (its words, `text`) aloud in the voice named
    /// `voice` (empty: the settings' voice), or stops it when it is being read.
    pub(crate) fn toggle_reading(self, id: String, text: String, voice: String) {
        let live = self.live();
        let reading = live.reading.with_untracked(|reading| reading.as_deref() == Some(id.as_str()));
        spawn_local(async move {
            match code::load().await {
                Ok(code) if reading => (code.stop_reading)(self),
                Ok(code) => (code.read)(self, id, text, voice).await,
                Err(error) => {
                    let error = error.to_string();
                    let why = tr_with("voice-not-loaded", &[("error", Arg::Text(&error))], || {
                        format!("Voice could not be loaded: {error}")
                    });
                    live.reading_problem.set(Some((id, why)));
                }
            }
        });
    }

    /// Pauses or resumes the reading.
    pub(crate) fn pause_reading(self, paused: bool) {
        if let Some(code) = code::loaded() {
            (code.pause_reading)(self, paused);
        }
    }
}
