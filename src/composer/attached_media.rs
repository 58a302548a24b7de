//! The images, PDFs and voice notes attached to the next message, above the
//! composer: a thumbnail (or a PDF or audio chip), its name, how it will be
//! sent ("JPEG, 2000 × 1500, 412 KB") or that it is being prepared, a voice
//! note's player and transcript, and a Remove button. Built by the `media`
//! chunk ([`attached_media_view`]), which prepares the attachments.

use hearth_core::message::attachment::withheld;
use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::composer::media_thumb::MediaThumb;
use crate::composer::state::media::MediaAttachments;
use crate::composer::voice_note_detail::VoiceNoteDetail;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::lazy::{ChunkError, wasm_split};

/// The list named "Attached images, PDFs and voice notes".
#[component]
pub(crate) fn AttachedMedia(
    /// The attachments of the next message.
    media: MediaAttachments,
    /// Called after one was removed (the composer takes the focus back).
    on_removed: Callback<()>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    // What the model reads: an attachment it does not read goes as a note.
    let reads = Memo::new(move |_| {
        chat.account().map(|entry| (entry.accepts().0, entry.provider.config().wire_kind(&entry.model.model)))
    });
    // Drawn again whenever the list changes: a message has few attachments.
    let items = move || {
        let reads = reads.get();
        media.list.with(|list| {
            list.iter()
                .map(|item| {
                    let key = item.key;
                    let label = tr_with("composer-remove-file", &[("name", Arg::Text(&item.name))], || {
                        format!("Remove {}", item.name)
                    });
                    let held = |a| reads.and_then(|(accepts, family)| withheld(a, family, accepts));
                    let detail = match (&item.ready, &item.note) {
                        (None, _) => tr("Preparing…").to_owned(),
                        (Some(a), Some(note)) => format!("{} · {note}", a.summary()),
                        (Some(a), None) if let Some(why) = held(a) => format!("{} · {}", a.summary(), why.short()),
                        (Some(a), None) => {
                            let summary = a.summary();
                            tr_with("composer-media-will-be-sent", &[("summary", Arg::Text(&summary))], || {
                                format!("Will be sent as {summary}")
                            })
                        }
                    };
                    let note = item.ready.as_ref().is_some_and(|ready| ready.is_audio()).then(|| item.clone());
                    view! {
                        <li class="media-item">
                            <MediaThumb media=item.clone() />
                            <span class="media-text">
                                <span class="media-name">{item.name.clone()}</span>
                                <span class="media-detail">{detail}</span>
                                {note.map(|note| view! { <VoiceNoteDetail note attached=media /> })}
                            </span>
                            <button
                                type="button"
                                class="file-badge-remove"
                                aria-label=label.clone()
                                title=label
                                on:click=move |_| {
                                    media.remove(key);
                                    on_removed.run(());
                                }
                            >
                                "×"
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <ul class="attached-media" aria-label=tr("Attached images, PDFs and voice notes")>
            {items}
        </ul>
    }
}

/// The list, built by code from the `media` chunk.
#[wasm_split(media, fallible)]
pub(crate) fn attached_media_view(media: MediaAttachments, on_removed: Callback<()>) -> Result<AnyView, ChunkError> {
    Ok(view! { <AttachedMedia media on_removed /> }.into_any())
}
