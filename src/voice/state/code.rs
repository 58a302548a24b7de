//! The `voice` chunk of the wasm: recording, transcribing, speaking and
//! playing. Nothing of it is in the first load: it is fetched at the first
//! dictation, "Read aloud" or Settings → Voice. Only [`VoiceCode`]'s
//! functions lead there, through [`load`].

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;

use super::context::VoiceContext;
use super::dictation::Ending;
use super::{dictation, note, reading, talk, talk_start};
use crate::chat::state::ChatContext;
use crate::composer::state::media::MediaAttachments;
use crate::io::chunks::{ChunkError, wasm_split};

/// A task of voice, boxed (its future is the chunk's code).
pub(crate) type Task = Pin<Box<dyn Future<Output = ()>>>;

/// A voice note's transcript being made: the text, or why there is none.
pub(crate) type Hearing = Pin<Box<dyn Future<Output = Result<String, String>>>>;

/// What the `voice` chunk offers; one `static`, reached through [`load`].
pub(crate) struct VoiceCode {
    /// Starts a dictation.
    pub(crate) start: fn(VoiceContext) -> Task,
    /// Ends the dictation and sends what was recorded.
    pub(crate) finish: fn(VoiceContext) -> Task,
    /// Reads a reply (its id and words) aloud, in a voice (empty: the settings').
    pub(crate) read: fn(VoiceContext, String, String, String) -> Task,
    /// Stops reading.
    pub(crate) stop_reading: fn(VoiceContext),
    /// Pauses (`true`) or resumes reading.
    pub(crate) pause_reading: fn(VoiceContext, bool),
    /// Ends the recording and attaches it as a voice note.
    pub(crate) keep_note: fn(VoiceContext, MediaAttachments) -> Task,
    /// A voice note's transcript (its sound as WAV), or why it has none.
    pub(crate) hear: fn(VoiceContext, Vec<u8>) -> Hearing,
    /// Starts a realtime talk in the conversation.
    pub(crate) start_talk: fn(VoiceContext, ChatContext) -> Task,
    /// Ends the talk.
    pub(crate) end_talk: fn(VoiceContext),
    /// "Hold to talk" was let go.
    pub(crate) talk_released: fn(),
    /// The conversation shown changed (to this one): a talk elsewhere ends.
    pub(crate) left_talk: fn(VoiceContext, Option<&str>),
}

#[wasm_split(voice, fallible)]
fn voice_code() -> Result<&'static VoiceCode, ChunkError> {
    static CODE: VoiceCode = VoiceCode {
        start: |voice| Box::pin(dictation::start(voice)),
        finish: |voice| Box::pin(dictation::finish(voice, Ending::Asked)),
        read: |voice, id, text, name| Box::pin(reading::read(voice, id, text, name)),
        stop_reading: reading::stop,
        pause_reading: reading::pause,
        keep_note: |voice, media| Box::pin(note::keep(voice, media)),
        hear: |voice, wav| Box::pin(note::hear(voice, wav)),
        start_talk: |voice, chat| Box::pin(talk_start::start(voice, chat)),
        end_talk: |voice| talk::end(voice, None),
        talk_released: talk::released,
        left_talk: talk::left,
    };
    Ok(&CODE)
}

thread_local! {
    static LOADED: Cell<Option<&'static VoiceCode>> = const { Cell::new(None) };
}

/// The chunk's code, when it is loaded already.
pub(crate) fn loaded() -> Option<&'static VoiceCode> {
    LOADED.get()
}

/// The chunk's code, loaded first if need be.
pub(crate) async fn load() -> Result<&'static VoiceCode, ChunkError> {
    if let Some(code) = loaded() {
        return Ok(code);
    }
    let code = voice_code().await?;
    LOADED.set(Some(code));
    Ok(code)
}
