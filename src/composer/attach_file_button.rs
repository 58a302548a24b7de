//! The composer's "Attach a file" button: it opens the browser's file picker
//! (images, PDFs, .md and .txt files); each chosen file is attached to the
//! next message (a text file is added to the project files too).

use leptos::html::Input;
use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::composer::file_drop;
use crate::ui::icon::{Icon, IconName};

/// The button and its hidden file input.
#[component]
pub(crate) fn AttachFileButton() -> impl IntoView {
    let chat = ChatContext::expect();
    let input = NodeRef::<Input>::new();
    let chosen = move |ev: leptos::ev::Event| file_drop::on_chosen(&ev, chat);
    view! {
        <button
            type="button"
            class="attach"
            aria-label="Attach a file"
            title="Attach images, PDFs or text files (.md, .txt)"
            on:click=move |_| {
                if let Some(input) = input.get_untracked() {
                    input.click();
                }
            }
        >
            <Icon name=IconName::Paperclip />
        </button>
        <input
            node_ref=input
            type="file"
            multiple
            hidden
            tabindex="-1"
            accept="image/*,application/pdf,.pdf,.heic,.heif,.md,.txt,.markdown"
            on:change=chosen
        />
    }
}
