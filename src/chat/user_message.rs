//! A message the user sent, shown as plain text: never parsed as HTML or markdown,
//! with its images and PDFs and the badges of the files it carried.
//! A very long message (say, a pasted megabyte) shows its beginning until asked
//! for the rest, so opening the conversation does not lay out the whole text.

use leptos::prelude::*;

use hearth_core::message::{AttachedFile, Attachment};

use crate::chat::sent_media::sent_media_view;
use crate::composer::attached_files::AttachedFiles;
use crate::ui::copy_button::CopyButton;
use crate::ui::lazy::Lazy;

/// Messages longer than this many bytes are shown shortened at first.
const LONG_MESSAGE_BYTES: usize = 64 * 1024;
/// How much of a long message is shown at first, in bytes.
const PREVIEW_BYTES: usize = 16 * 1024;

/// One user message, with Copy.
#[component]
pub(crate) fn UserMessage(
    /// The message, shown exactly as typed (only its beginning at first when
    /// it is very long) and copied whole by Copy.
    text: String,
    /// The files it carried, shown as badges (a snapshot of what was sent).
    files: Vec<AttachedFile>,
    /// Its images and PDFs, shown as thumbnails.
    attachments: Vec<Attachment>,
) -> impl IntoView {
    let copied = text.clone();
    let long = text.len() > LONG_MESSAGE_BYTES;
    let expanded = RwSignal::new(false);
    let text = StoredValue::new(text);
    let shown = move || {
        text.with_value(|text| {
            if !long || expanded.get() {
                return text.clone();
            }
            let mut end = PREVIEW_BYTES;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            format!("{}…", &text[..end])
        })
    };
    let size = text.with_value(|text| describe_size(text.len()));
    view! {
        <article class="message user" aria-label="You">
            {(!attachments.is_empty())
                .then(|| view! { <Lazy load=move || sent_media_view(attachments.clone()) /> })}
            <AttachedFiles files=Signal::stored(files) />
            <p class="user-text">{shown}</p>
            <Show when=move || long && !expanded.get()>
                <button type="button" class="action" on:click=move |_| expanded.set(true)>
                    {format!("Show the whole message ({size})")}
                </button>
            </Show>
            <footer class="meta">
                <CopyButton text=move || copied.clone() />
            </footer>
        </article>
    }
}

/// A size in bytes as people read it: "820 KB", "1.0 MB".
fn describe_size(bytes: usize) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}
