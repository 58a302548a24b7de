//! The images, PDFs and voice notes a sent message carried: each image as a
//! thumbnail read from the blob store (a PDF as a chip), named and described
//! ("JPEG, 2000 × 1500, 412 KB"); one that is no longer stored says so. Each
//! is a button that opens it large ([`MediaViewer`]); a voice note is a player
//! with its transcript ([`SentVoiceNote`]). Built by the `media` chunk
//! ([`sent_media_view`]), loaded once a conversation shows one.

use hearth_core::message::Attachment;
use leptos::prelude::*;

use super::media_viewer::MediaViewer;
use super::sent_voice_note::SentVoiceNote;
use super::stored_url::{StoredUrl, stored_url};
use crate::i18n::{Arg, tr, tr_with};
use crate::store::StoreContext;
use crate::ui::lazy::{ChunkError, wasm_split};

/// The list named "Images, PDFs and voice notes"; nothing when there are none.
#[component]
pub(crate) fn SentMedia(
    /// The message's attachments, as sent.
    attachments: Vec<Attachment>,
) -> impl IntoView {
    let store = StoreContext::expect();
    let empty = attachments.is_empty();
    let shown = RwSignal::new(None::<Attachment>);
    let items = attachments
        .into_iter()
        .map(|attachment| {
            if attachment.is_audio() {
                return view! { <SentVoiceNote attachment /> }.into_any();
            }
            // The picture's URL: made on this page already, else read from the store.
            let StoredUrl { url, missing } = stored_url(store, &attachment.blob, attachment.is_image());
            let name = attachment.name.clone();
            let detail = attachment.summary();
            let pdf = !attachment.is_image();
            let label = tr_with(
                "chat-media-open",
                &[("name", Arg::Text(&attachment.name)), ("detail", Arg::Text(&detail))],
                || format!("Open {} ({detail})", attachment.name),
            );
            let open = move |_| {
                if !missing.get_untracked() {
                    shown.set(Some(attachment.clone()));
                }
            };
            let name_text = name.clone();
            view! {
                <li class="media-item">
                    <button type="button" class="media-open" aria-label=label on:click=open aria-disabled=move || missing.get().then_some("true")>
                    {move || match (url.get(), pdf) {
                        (Some(url), false) => view! { <img class="media-thumb" src=url alt=name.clone() /> }.into_any(),
                        (_, true) => view! { <span class="media-thumb pdf" aria-hidden="true">"PDF"</span> }.into_any(),
                        (None, false) => view! { <span class="media-thumb" aria-hidden="true"></span> }.into_any(),
                    }}
                    <span class="media-text">
                        <span class="media-name">{name_text}</span>
                        <span class="media-detail">
                            {move || if missing.get() { tr("No longer stored").to_owned() } else { detail.clone() }}
                        </span>
                    </span>
                    </button>
                </li>
            }
            .into_any()
        })
        .collect_view();
    (!empty).then(|| {
        view! {
            <ul class="attached-media sent" aria-label=tr("Images, PDFs and voice notes")>{items}</ul>
            <MediaViewer shown />
        }
    })
}

/// The list, built by code from the `media` chunk.
#[wasm_split(media, fallible)]
pub(crate) fn sent_media_view(attachments: Vec<Attachment>) -> Result<AnyView, ChunkError> {
    Ok(view! { <SentMedia attachments /> }.into_any())
}
