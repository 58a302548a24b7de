//! The images and sounds a tool returned, under its result in the tool
//! widget: images as pictures and sounds as players, from the blob store (or,
//! in a record stored before tool media moved there, from `data:` URLs of the
//! bytes it holds). Nothing is fetched; a sound plays only when asked. A type
//! the browser should not show (an SVG is a document) is named instead, and
//! media no longer stored says so.

use hearth_core::message::ToolMedia;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::media::{remember_url, shown_url};
use crate::store::StoreContext;

/// The media of one call's result, in the order the tool sent them.
#[component]
pub(crate) fn ToolMediaList(
    /// The images and sounds.
    media: Vec<ToolMedia>,
    /// The tool's name, for the images' text alternatives and the players' names.
    tool: String,
) -> impl IntoView {
    let store = StoreContext::expect();
    let items = media
        .into_iter()
        .enumerate()
        .map(|(index, media)| {
            let number = index + 1;
            if !media.is_shown() {
                let mime = Arg::Text(&media.mime);
                let note = if media.is_image() {
                    tr_with("tools-media-image-not-shown", &[("mime", mime)], || {
                        format!("An image of type {}, not shown.", media.mime)
                    })
                } else {
                    tr_with("tools-media-file-not-shown", &[("mime", mime)], || {
                        format!("A file of type {}, not shown.", media.mime)
                    })
                };
                return view! { <li class="tool-media-note">{note}</li> }.into_any();
            }
            let url = RwSignal::new(if media.blob.is_empty() { Some(media.data_url()) } else { shown_url(&media.blob) });
            if url.get_untracked().is_none() {
                let hash = media.blob.clone();
                spawn_local(async move {
                    let shown = store.blob(&hash).await.and_then(|blob| remember_url(&hash, &blob));
                    url.try_set(Some(shown.unwrap_or_default()));
                });
            }
            let image = media.is_image();
            let args = [("number", Arg::Number(number as f64)), ("tool", Arg::Text(&tool))];
            let (label, gone) = if image {
                let label = tr_with("tools-media-image-label", &args, || format!("Image {number} returned by {tool}"));
                (label, tr("The image is no longer stored."))
            } else {
                let label = tr_with("tools-media-sound-label", &args, || format!("Sound {number} returned by {tool}"));
                (label, tr("The sound is no longer stored."))
            };
            view! {
                <li>
                {move || match url.get() {
                    None => ().into_any(),
                    Some(url) if url.is_empty() => {
                        view! { <span class="tool-media-note">{gone}</span> }.into_any()
                    }
                    Some(url) if image => view! { <img class="tool-media-image" src=url alt=label.clone() /> }.into_any(),
                    Some(url) => {
                        view! { <audio class="tool-media-audio" controls preload="none" src=url aria-label=label.clone()></audio> }
                            .into_any()
                    }
                }}
                </li>
            }
            .into_any()
        })
        .collect_view();
    view! { <ul class="tool-media" role="list">{items}</ul> }
}
