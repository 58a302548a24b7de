//! The pictures a model made, in its reply: each read from the blob store by
//! its hash, shown as a picture named "Picture N the model made" that opens
//! large in the image viewer ([`MediaViewer`], with Download); one no longer
//! stored says so. While the model draws, its latest partial picture (held in
//! memory only, never stored) shows with the status "Drawing…". Built by the
//! `media` chunk ([`reply_images_view`]), with the viewer.

use hearth_core::message::attachment::AttachmentKind;
use hearth_core::message::{Attachment, ToolMedia};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::media_viewer::MediaViewer;
use crate::chat::state::AssistantView;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::media::{remember_url, shown_url};
use crate::store::StoreContext;
use crate::ui::lazy::{ChunkError, wasm_split};

/// The pictures of one reply, and the one being drawn.
#[component]
pub(crate) fn ReplyImages(
    /// The reply whose pictures are shown; its `drawing` is the partial one.
    reply: AssistantView,
) -> impl IntoView {
    let shown = RwSignal::new(None::<Attachment>);
    let items = move || {
        reply
            .extras(|record| record.images.clone())
            .into_iter()
            .enumerate()
            .map(|(index, image)| reply_image(image, index + 1, shown))
            .collect_view()
    };
    let drawing = move || {
        reply.drawing.get().map(|url| {
            view! {
                <figure class="reply-drawing">
                    <img class="reply-image" src=url alt=tr("The picture being drawn, not finished") />
                    <figcaption role="status">{tr("Drawing…")}</figcaption>
                </figure>
            }
        })
    };
    view! {
        <ul class="reply-images" role="list" aria-label=tr("Pictures")>{items}</ul>
        {drawing}
        <MediaViewer shown />
    }
}

/// Picture `number`: a button that opens it in the viewer (`shown`).
fn reply_image(image: ToolMedia, number: usize, shown: RwSignal<Option<Attachment>>) -> AnyView {
    let store = StoreContext::expect();
    let alt = tr_with("reply-picture-alt", &[("number", Arg::Number(number as f64))], || {
        format!("Picture {number} the model made")
    });
    if !image.is_shown() {
        let note = tr_with("reply-picture-not-shown", &[("type", Arg::Text(&image.mime))], || {
            format!("A picture of type {}, not shown.", image.mime)
        });
        return view! { <li class="tool-media-note">{note}</li> }.into_any();
    }
    // Bytes at hand (not stored yet): shown from them, not openable.
    if image.blob.is_empty() {
        let url = image.data_url();
        return view! { <li><img class="reply-image" src=url alt=alt /></li> }.into_any();
    }
    let url = RwSignal::new(shown_url(&image.blob));
    let bytes = RwSignal::new(0_u64);
    let missing = RwSignal::new(false);
    let hash = image.blob.clone();
    spawn_local(async move {
        match store.blob(&hash).await {
            Some(blob) => {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                bytes.try_set(blob.size().max(0.0) as u64);
                if url.get_untracked().is_none() {
                    url.try_set(remember_url(&hash, &blob));
                }
            }
            None => {
                missing.try_set(true);
            }
        }
    });
    let name = format!("Picture {number}.{}", extension(&image.mime));
    let picture = StoredValue::new((image.blob, image.mime, name));
    let open = move |_| {
        if missing.get_untracked() {
            return;
        }
        let (blob, mime, name) = picture.get_value();
        let bytes = bytes.get_untracked();
        shown.set(Some(Attachment { kind: AttachmentKind::Image, blob, mime, name, bytes, ..Attachment::default() }));
    };
    let label = tr_with("reply-picture-open", &[("number", Arg::Number(number as f64))], || {
        format!("Open picture {number} the model made")
    });
    view! {
        <li>
            {move || {
                if missing.get() {
                    let note = tr_with("reply-picture-gone", &[("number", Arg::Number(number as f64))], || {
                        format!("Picture {number} is no longer stored.")
                    });
                    view! { <span class="tool-media-note">{note}</span> }.into_any()
                } else {
                    let alt = alt.clone();
                    view! {
                        <button type="button" class="reply-image-open" aria-label=label.clone() on:click=open>
                            {move || url.get().map(|url| view! { <img class="reply-image" src=url alt=alt.clone() /> })}
                        </button>
                    }
                        .into_any()
                }
            }}
        </li>
    }
    .into_any()
}

/// The file extension for a picture's media type.
fn extension(mime: &str) -> &'static str {
    match mime {
        "image/jpeg" => "jpg",
        "image/webp" => "webp",
        "image/gif" => "gif",
        "image/avif" => "avif",
        "image/bmp" => "bmp",
        _ => "png",
    }
}

/// The pictures, built by code from the `media` chunk (with the image viewer).
#[wasm_split(media, fallible)]
pub(crate) fn reply_images_view(reply: AssistantView) -> Result<AnyView, ChunkError> {
    Ok(view! { <ReplyImages reply /> }.into_any())
}
