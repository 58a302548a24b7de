//! "Create an image": opens the dialog (`picture_dialog`, in the `dialogs`
//! chunk) that asks the account's image model for pictures of a prompt.

use leptos::prelude::*;

use crate::composer::state::ComposerDraft;
use crate::i18n::tr;

/// The button, named "Create an image".
#[component]
pub(crate) fn PictureButton() -> impl IntoView {
    let draft = ComposerDraft::expect();
    view! {
        <button
            type="button"
            class="compact"
            aria-label=tr("Create an image")
            title=tr("Ask the provider's image model for pictures of what you write")
            aria-haspopup="dialog"
            on:click=move |_| draft.pictures_open.set(true)
        >
            {tr("Image")}
        </button>
    }
}
