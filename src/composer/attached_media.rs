//! The images and PDFs attached to the next message, above the composer: a
//! thumbnail (or a PDF chip), its name, how it will be sent ("JPEG, 2000 ×
//! 1500, 412 KB") or that it is being prepared, and a Remove button.

use leptos::prelude::*;

use crate::composer::media_thumb::MediaThumb;
use crate::composer::state::media::MediaAttachments;

/// The list named "Attached images and PDFs"; nothing when there are none.
#[component]
pub(crate) fn AttachedMedia(
    /// The attachments of the next message.
    media: MediaAttachments,
    /// Called after one was removed (the composer takes the focus back).
    on_removed: Callback<()>,
) -> impl IntoView {
    let keys = move || media.list.with(|list| list.iter().map(|m| m.key).collect::<Vec<_>>());
    let item = move |key: u32| {
        let this = move || media.list.with(|list| list.iter().find(|m| m.key == key).cloned());
        let name = this().map(|m| m.name).unwrap_or_default();
        let label = format!("Remove {name}");
        view! {
            <li class="media-item">
                {move || this().map(|m| view! { <MediaThumb media=m /> })}
                <span class="media-text">
                    <span class="media-name">{name.clone()}</span>
                    <span class="media-detail">
                        {move || {
                            this()
                                .map(|m| match (&m.ready, &m.note) {
                                    (None, _) => "Preparing…".to_owned(),
                                    (Some(a), None) => format!("Will be sent as {}", a.summary()),
                                    (Some(a), Some(note)) => format!("{} · {note}", a.summary()),
                                })
                        }}
                    </span>
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
    };
    view! {
        <Show when=move || !media.is_empty()>
            <ul class="attached-media" aria-label="Attached images and PDFs">
                <For each=keys key=|key| *key children=item />
            </ul>
        </Show>
    }
}
