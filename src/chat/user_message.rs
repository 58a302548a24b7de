//! A message the user sent, shown as plain text: never parsed as HTML or markdown,
//! with its images and PDFs and the badges of the files it carried. Edit sends
//! a new version of it (see `MessageEditor`); its arrows step between versions.
//! A very long message (say, a pasted megabyte) shows its beginning until asked
//! for the rest, so opening the conversation does not lay out the whole text.

use hearth_core::format::size_label;
use leptos::prelude::*;

use hearth_core::message::{AttachedFile, Attachment};

use crate::chat::branches::message_editor::message_editor_view;
use crate::chat::branches::message_menu::MessageMenu;
use crate::chat::branches::version_switcher::VersionSwitcher;
use crate::chat::sent_media::sent_media_view;
use crate::chat::state::ChatContext;
use crate::composer::attached_files::AttachedFiles;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::copy_button::CopyButton;
use crate::ui::icon::{Icon, IconName};
use crate::ui::lazy::Lazy;

/// Messages longer than this many bytes are shown shortened at first.
const LONG_MESSAGE_BYTES: usize = 64 * 1024;
/// How much of a long message is shown at first, in bytes.
const PREVIEW_BYTES: usize = 16 * 1024;

/// One user message, with Copy, Edit and its version arrows.
#[component]
pub(crate) fn UserMessage(
    /// The message's id.
    id: String,
    /// The message, shown exactly as typed (only its beginning at first when
    /// it is very long) and copied whole by Copy.
    text: String,
    /// The files it carried, shown as badges (a snapshot of what was sent).
    files: Vec<AttachedFile>,
    /// Its images and PDFs, shown as thumbnails.
    attachments: Vec<Attachment>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let copied = text.clone();
    let editing = RwSignal::new(false);
    let edit_button = NodeRef::<leptos::html::Button>::new();
    let id = StoredValue::new(id);
    let original = StoredValue::new(text.clone());
    let on_done = Callback::new(move |sent: bool| {
        // A message edited is hidden (its new version stands in for it): nothing to close then.
        if editing.try_set(false).is_some() {
            return;
        }
        if !sent {
            // Back where editing started (after the button is in the page again).
            request_animation_focus(edit_button);
        }
    });
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
    let size = text.with_value(|text| size_label(text.len() as u64));
    view! {
        <article class="message user" aria-label=tr("You")>
            {(!attachments.is_empty())
                .then(|| view! { <Lazy load=move || sent_media_view(attachments.clone()) /> })}
            <AttachedFiles files=Signal::stored(files) />
            <Show
                when=move || editing.get()
                fallback=move || view! { <p class="user-text">{shown}</p> }
            >
                <Lazy
                    load=move || message_editor_view(id.get_value(), original.get_value(), on_done)
                    on_close=Callback::new(move |()| on_done.run(false))
                />
            </Show>
            <Show when=move || long && !expanded.get() && !editing.get()>
                <button type="button" class="action" on:click=move |_| expanded.set(true)>
                    {tr_with("chat-show-whole-message", &[("size", Arg::Text(&size))], || {
                        format!("Show the whole message ({size})")
                    })}
                </button>
            </Show>
            <footer class="meta">
                <VersionSwitcher id=id.get_value() label=tr("Versions of this message") />
                <CopyButton text=move || copied.clone() />
                <button
                    type="button"
                    class="icon-button action"
                    aria-label=tr("Edit")
                    title=tr("Edit and send again (the original stays)")
                    node_ref=edit_button
                    disabled=move || chat.busy.get() || editing.get()
                    on:click=move |_| editing.set(true)
                >
                    <Icon name=IconName::Pencil />
                </button>
                <MessageMenu id=id.get_value() />
            </footer>
        </article>
    }
}

/// Focuses `button` at the next frame, once it is back in the page.
fn request_animation_focus(button: NodeRef<leptos::html::Button>) {
    crate::io::frame::on_next_frame(move || {
        if let Some(button) = button.get_untracked() {
            let _ = button.focus();
        }
    });
}
