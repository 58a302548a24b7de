//! A voice note attached to the next message, under its name: a player, and
//! its transcript as it will be sent to a model that hears no audio (or that
//! it is being made, or why it has none). Built with the attached list, in the
//! `media` chunk.

use leptos::prelude::*;

use crate::composer::state::media::{Hearing, Media};

/// The player and the transcript's line.
#[component]
pub(crate) fn VoiceNoteDetail(
    /// The voice note, prepared.
    media: Media,
) -> impl IntoView {
    let transcript = match (&media.hearing, media.ready.as_ref().and_then(|ready| ready.transcript.clone())) {
        (Hearing::Wanted | Hearing::Working, _) => "Transcribing…".to_owned(),
        (Hearing::Failed(why), _) => why.clone(),
        (Hearing::Done, Some(text)) => format!("Transcript: {text}"),
        (Hearing::Done, None) => "No transcript.".to_owned(),
    };
    let label = format!("Play {}", media.name);
    view! {
        {media.preview.map(|url| view! { <audio class="voice-note-player" controls preload="metadata" src=url aria-label=label></audio> })}
        <span class="voice-note-transcript" role="status">{transcript}</span>
    }
}
