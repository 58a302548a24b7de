//! The small picture of an image, PDF or voice note attached to the next message.

use leptos::prelude::*;

use crate::composer::state::media::Media;

/// An attachment's small picture: the image, a PDF or audio chip, or a
/// placeholder while it is prepared.
#[component]
pub(crate) fn MediaThumb(
    /// The attachment.
    media: Media,
) -> impl IntoView {
    let audio = media.ready.as_ref().is_some_and(|a| a.is_audio());
    match (media.preview, media.ready.as_ref().is_some_and(|a| !a.is_image())) {
        _ if audio => view! { <span class="media-thumb pdf" aria-hidden="true">"♪"</span> }.into_any(),
        (Some(url), _) => view! { <img class="media-thumb" src=url alt=media.name /> }.into_any(),
        (None, true) => view! { <span class="media-thumb pdf" aria-hidden="true">"PDF"</span> }.into_any(),
        (None, false) => view! { <span class="media-thumb" aria-hidden="true"></span> }.into_any(),
    }
}
