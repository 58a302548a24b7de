//! The "Create an image" dialog: what to draw (the message box's text to
//! start with), the image model (the account's, or the family's image model,
//! see `hearth_core::provider::image_model`), the size, the quality and how
//! many. An image attached in the message box is the picture the model edits.
//! Create sends the prompt as the next message, answered by the pictures (see
//! `ChatContext::make_pictures`); the message box is emptied as by Send. A
//! dialog of the `dialogs` chunk, opened by the composer's Create an image.

use hearth_core::message::attachment::AttachmentKind;
use hearth_core::provider::image_model;
use leptos::prelude::*;

use crate::chat::state::{ChatContext, PictureOrder};
use crate::composer::picture_choices::PictureChoices;
use crate::composer::state::ComposerDraft;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;
use crate::ui::text_field::TextField;

/// The dialog, open while the draft's `pictures_open` is.
#[component]
pub(crate) fn PictureDialog() -> impl IntoView {
    let chat = ChatContext::expect();
    let draft = ComposerDraft::expect();
    let open = draft.pictures_open;
    let prompt = RwSignal::new(String::new());
    let model = RwSignal::new(String::new());
    let size = RwSignal::new(String::new());
    let quality = RwSignal::new(String::new());
    let count = RwSignal::new(String::from("1"));
    let problem = RwSignal::new(String::new());
    // Each opening starts from the message box's text and the account's model.
    Effect::new(move |_| {
        if !open.get() {
            return;
        }
        prompt.set(draft.text.get_untracked());
        let account = untrack(|| chat.account());
        model.set(account.map(|entry| image_model(&entry.provider.config(), &entry.model.model)).unwrap_or_default());
        problem.set(String::new());
    });
    let edited = move || {
        chat.attachments.media.list.with(|list| {
            list.iter()
                .find(|media| media.ready.as_ref().is_some_and(|ready| ready.kind == AttachmentKind::Image))
                .map(|media| media.name.clone())
        })
    };
    let create = move || {
        let text = prompt.get_untracked();
        if text.trim().is_empty() {
            problem.set(tr("Write what to draw first.").to_owned());
            return;
        }
        if model.with_untracked(|model| model.trim().is_empty()) {
            problem.set(tr("Name an image model first.").to_owned());
            return;
        }
        let count = count.get_untracked().trim().parse::<u32>().unwrap_or(1).clamp(1, 4);
        let chosen = |value: String| Some(value).filter(|value| !value.is_empty());
        let order = PictureOrder {
            model: model.get_untracked().trim().to_owned(),
            size: chosen(size.get_untracked()),
            quality: chosen(quality.get_untracked()),
            count,
            account: String::new(),
            prompt: String::new(),
            input: None,
        };
        if chat.make_pictures(text, order) {
            draft.text.set(String::new());
            open.set(false);
        } else {
            problem.set(
                tr("Nothing was sent: a reply is still being written here, an attachment is being prepared, or this tab can no longer save (see the banner).")
                    .to_owned(),
            );
        }
    };
    view! {
        <ModalDialog open on_close=Callback::new(move |()| open.set(false)) heading=tr("Create an image") class="picture-dialog" close_button=false>
            <form
                class="picture-form"
                on:submit=move |event| {
                    event.prevent_default();
                    create();
                }
            >
                <TextField label=tr("What to draw") value=prompt on_input=Callback::new(move |text| prompt.set(text)) rows=4 />
                <p class="hint">
                    {move || match edited() {
                        Some(name) => tr_with("composer-picture-edits", &[("name", Arg::Text(&name))], || {
                            format!("The model edits the picture attached in the message box: {name}.")
                        }),
                        None => tr("To edit a picture, attach it in the message box first.").to_owned(),
                    }}
                </p>
                <TextField
                    label=tr("Image model")
                    value=model
                    on_input=Callback::new(move |text| model.set(text))
                    verbatim=true
                    hint=tr("Asked of the account that answers this conversation.")
                />
                <PictureChoices size quality count />
                <p class="hint" role="alert">{move || problem.get()}</p>
                <div class="editor-actions">
                    <button type="button" class="action" on:click=move |_| open.set(false)>
                        {tr("Cancel")}
                    </button>
                    <button type="submit" class="action primary">
                        {tr("Create")}
                    </button>
                </div>
            </form>
        </ModalDialog>
    }
}

/// The dialog, built by code from the `dialogs` chunk, loaded when it first
/// opens (`LazyOnce` in the composer).
#[wasm_split(dialogs, fallible)]
pub(crate) fn picture_dialog_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <PictureDialog /> }.into_any())
}
