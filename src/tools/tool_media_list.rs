//! The images and sounds a tool returned, under its result in the tool
//! widget: images as pictures and sounds as players, both from `data:` URLs
//! of the stored bytes (nothing is fetched; a sound plays only when asked).
//! A type the browser should not show (an SVG is a document) is named instead.

use hearth_core::message::ToolMedia;
use leptos::prelude::*;

/// The media of one call's result, in the order the tool sent them.
#[component]
pub(crate) fn ToolMediaList(
    /// The images and sounds.
    media: Vec<ToolMedia>,
    /// The tool's name, for the images' text alternatives and the players' names.
    tool: String,
) -> impl IntoView {
    let items = media
        .into_iter()
        .enumerate()
        .map(|(index, media)| {
            let number = index + 1;
            if !media.is_shown() {
                let kind = if media.is_image() { "An image" } else { "A file" };
                return view! { <li class="tool-media-note">{format!("{kind} of type {}, not shown.", media.mime)}</li> }
                    .into_any();
            }
            if media.is_image() {
                let alt = format!("Image {number} returned by {tool}");
                view! { <li><img class="tool-media-image" src=media.data_url() alt=alt /></li> }.into_any()
            } else {
                let label = format!("Sound {number} returned by {tool}");
                view! { <li><audio class="tool-media-audio" controls preload="none" src=media.data_url() aria-label=label></audio></li> }
                    .into_any()
            }
        })
        .collect_view();
    view! { <ul class="tool-media" role="list">{items}</ul> }
}
