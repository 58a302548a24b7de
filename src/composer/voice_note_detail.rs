//! A voice note attached to the next message, under its name: a player, and
//! its transcript as it will be sent to a model that hears no audio (or that
//! it is being made, or why it has none). An audio file gets a transcript only
//! when asked ("Make a transcript", by the account chosen for dictation);
//! a failed one can be asked for again. Built with the attached list, in the
//! `media` chunk.

use leptos::prelude::*;

use crate::composer::state::media::{Hearing, Media, MediaAttachments};
use crate::i18n::{Arg, tr, tr_with};
use crate::voice::state::VoiceContext;

/// The player, the transcript's line and its button.
#[component]
pub(crate) fn VoiceNoteDetail(
    /// The voice note, prepared.
    note: Media,
    /// The next message's attachments (where its transcript goes).
    attached: MediaAttachments,
) -> impl IntoView {
    let transcript = match (&note.hearing, note.ready.as_ref().and_then(|ready| ready.transcript.clone())) {
        (Hearing::Wanted | Hearing::Working, _) => tr("Transcribing…").to_owned(),
        (Hearing::Failed(why), _) => why.clone(),
        (Hearing::Offered, _) => tr("No transcript: a model that hears no audio gets only a mention of it.").to_owned(),
        (Hearing::Done, Some(text)) => {
            tr_with("composer-transcript", &[("text", Arg::Text(&text))], || format!("Transcript: {text}"))
        }
        (Hearing::Done, None) => tr("No transcript.").to_owned(),
    };
    let askable = matches!(note.hearing, Hearing::Offered | Hearing::Failed(_));
    let label =
        tr_with("composer-voice-note-play", &[("name", Arg::Text(&note.name))], || format!("Play {}", note.name));
    let ask = tr_with("composer-voice-note-ask", &[("name", Arg::Text(&note.name))], || {
        format!("Make a transcript of {}", note.name)
    });
    let key = note.key;
    let voice = VoiceContext::expect();
    view! {
        {note.preview.map(|url| view! { <audio class="voice-note-player" controls preload="metadata" src=url aria-label=label></audio> })}
        <span class="voice-note-transcript" role="status">{transcript}</span>
        {askable.then(|| view! {
            <button type="button" class="voice-note-ask" aria-label=ask on:click=move |_| voice.hear_note(attached, key)>
                {tr("Make a transcript")}
            </button>
        })}
    }
}
