//! Voice notes, in the `voice` chunk: the recording under way kept as a voice
//! note instead of being turned into the message's words ("Keep as a voice
//! note"), and a voice note's transcript, made by the account Settings →
//! Voice names for dictation as soon as the note is attached (a recorded one
//! or an audio file). A note without a transcript is still sent as audio to
//! a model that hears; one that does not is told it has none.

use hearth_core::message::Attachment;
use hearth_core::message::attachment::AttachmentKind;
use hearth_core::provider::audio::{Listener, transcription_request};

use super::context::VoiceContext;
use super::dictation::{TRANSCRIBE_MS, end_recording, request_text, target};
use super::problem::VoiceProblem;
use crate::composer::state::media::MediaAttachments;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::abort::timed;
use crate::io::db::NewBlob;
use crate::io::media::{remember_url, sha256_hex};

/// The name a recorded voice note is attached as.
const NOTE_NAME: &str = "Voice note.wav";

/// Ends the recording under way and attaches it to the next message as a
/// voice note; its transcript follows (see [`hear`]).
pub(super) async fn keep(voice: VoiceContext, media: MediaAttachments) {
    let Some((wav, duration_ms)) = end_recording(voice) else { return };
    let stored = async {
        let hash = sha256_hex(&wav).await.ok()?;
        NewBlob::of_bytes(hash, "audio/wav".to_owned(), &wav)
    };
    let Some(blob) = stored.await else {
        return voice.fail_dictation(VoiceProblem::NotKept);
    };
    let attachment = Attachment {
        kind: AttachmentKind::Audio,
        blob: blob.hash.clone(),
        mime: blob.mime.clone(),
        name: NOTE_NAME.to_owned(),
        bytes: wav.len() as u64,
        duration_ms,
        ..Attachment::default()
    };
    let preview = remember_url(&blob.hash, &blob.data);
    // Recorded for dictation: its transcript is made at once, by the same account.
    let key = media.attach_note(attachment, blob, preview, wav);
    voice.hear_note(media, key);
}

/// The transcript of a voice note's sound (16 kHz WAV), or why it has none.
pub(super) async fn hear(voice: VoiceContext, wav: Vec<u8>) -> Result<String, String> {
    let settings = voice.settings().await.map_err(|problem| problem.to_string())?;
    if settings.listener != Listener::Account {
        return Err(tr("No transcript: the browser's own recognition hears only the microphone. To have voice notes transcribed, choose an account for dictation under Settings → Voice.").to_owned());
    }
    if settings.dictation_account.is_none() {
        return Err(no_account().to_owned());
    }
    let (provider, model, language) = target(voice).await.map_err(|problem| problem.to_string())?;
    let request = transcription_request(&provider, &model, &language, &wav)
        .map_err(|error| no_transcript(&VoiceProblem::Request(error).to_string()))?;
    let controller = timed(TRANSCRIBE_MS);
    let signal = controller.as_ref().map(web_sys::AbortController::signal);
    match request_text(voice, &request, &wav, provider.kind, signal.as_ref(), &|| false).await {
        Ok(text) if text.trim().is_empty() => Err(tr("No transcript: no words were heard in it.").to_owned()),
        Ok(text) => Ok(text.trim().to_owned()),
        Err(Some(why)) => Err(no_transcript(why.trim())),
        Err(None) => Err(tr("No transcript: it was stopped.").to_owned()),
    }
}

/// Why a voice note has no transcript while no account is chosen for dictation.
fn no_account() -> &'static str {
    tr("No transcript: choose an account for dictation under Settings → Voice to have voice notes transcribed.")
}

/// A voice note has no transcript because of `why`, in a sentence.
fn no_transcript(why: &str) -> String {
    tr_with("voice-note-no-transcript", &[("why", Arg::Text(why))], || format!("No transcript: {why}"))
}
