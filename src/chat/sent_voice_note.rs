//! A voice note a sent message carried: its name and what it is ("WAV, 0:04,
//! 126 KB"), a player (its sound read from the blob store), and its transcript
//! (what a model that hears no audio got), folded. One that is no longer stored
//! says so.

use hearth_core::message::Attachment;
use leptos::prelude::*;

use super::stored_url::{StoredUrl, stored_url};
use crate::i18n::{Arg, tr, tr_with};
use crate::store::StoreContext;

/// The list item.
#[component]
pub(crate) fn SentVoiceNote(
    /// The voice note, as sent.
    attachment: Attachment,
) -> impl IntoView {
    let store = StoreContext::expect();
    let StoredUrl { url, missing } = stored_url(store, &attachment.blob, true);
    let detail = attachment.summary();
    let label = tr_with("chat-voice-note-play", &[("name", Arg::Text(&attachment.name))], || {
        format!("Play {}", attachment.name)
    });
    let transcript = attachment.transcript.clone().filter(|text| !text.trim().is_empty());
    view! {
        <li class="media-item voice-note">
            <span class="media-thumb pdf" aria-hidden="true">"♪"</span>
            <span class="media-text">
                <span class="media-name">{attachment.name.clone()}</span>
                <span class="media-detail">
                    {move || if missing.get() { tr("No longer stored").to_owned() } else { detail.clone() }}
                </span>
                {move || url.get().map(|url| view! {
                    <audio class="voice-note-player" controls preload="metadata" src=url aria-label=label.clone()></audio>
                })}
                {transcript.map(|text| view! {
                    <details class="voice-note-transcript">
                        <summary>{tr("Transcript")}</summary>
                        <p>{text}</p>
                    </details>
                })}
            </span>
        </li>
    }
}
