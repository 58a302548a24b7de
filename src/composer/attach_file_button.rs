//! The composer's "Attach a file" button: it opens the browser's file picker
//! (images, PDFs, audio, .md and .txt files); each chosen file is attached to
//! the next message (a text file is added to the project files too, an audio
//! file becomes a voice note). When the model does not read images or PDFs,
//! the button's title (its accessible description too) says so and why (who
//! says so); such a file is still attached, so a switch to a model that reads
//! it sends it: until then an image goes as a note and a PDF as its text (a
//! voice note goes as its transcript, as its line in the list says).

use hearth_core::provider::ModelInputs;
use leptos::html::Input;
use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::composer::file_drop;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::icon::{Icon, IconName};

/// The button and its hidden file input.
#[component]
pub(crate) fn AttachFileButton() -> impl IntoView {
    let chat = ChatContext::expect();
    let input = NodeRef::<Input>::new();
    let chosen = move |ev: leptos::ev::Event| file_drop::on_chosen(&ev, chat);
    let title = move || {
        let what = tr("Attach images, PDFs, audio or text files (.md, .txt)");
        match why_not(chat) {
            Some(why) => format!("{what}. {why}"),
            None => what.to_owned(),
        }
    };
    view! {
        <button
            type="button"
            class="attach"
            aria-label=tr("Attach a file")
            title=title
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
            accept="image/*,.heic,.heif,application/pdf,.pdf,audio/*,.md,.txt,.markdown"
            on:change=chosen
        />
    }
}

/// Why the conversation's model does not read images or PDFs, and who says
/// so; `None` when it reads both. (A voice note it does not hear says so in
/// the list of attachments: its transcript goes instead.)
fn why_not(chat: ChatContext) -> Option<String> {
    let entry = chat.account()?;
    let (accepts, from) = entry.accepts();
    let model = entry.model.model.trim();
    let reason = tr(ModelInputs::reason(from));
    let args = [("model", Arg::Text(model)), ("reason", Arg::Text(reason))];
    match (accepts.images, accepts.pdfs) {
        (true, true) => None,
        (true, false) => Some(tr_with("composer-reads-no-pdfs", &args, || {
            format!("{model} reads no PDFs ({reason}): a PDF goes as its text.")
        })),
        (false, true) => Some(tr_with("composer-reads-no-images", &args, || {
            format!("{model} reads no images ({reason}): an image goes as a note.")
        })),
        (false, false) => Some(tr_with("composer-reads-no-images-or-pdfs", &args, || {
            format!("{model} reads no images or PDFs ({reason}): an image goes as a note, a PDF as its text.")
        })),
    }
}
