//! The composer's "Take a photo" button, on touch screens only (CSS): it opens
//! the device's camera through the file picker (`capture`), and the photo is
//! attached like a chosen image.

use leptos::html::Input;
use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::composer::file_drop;
use crate::i18n::tr;
use crate::ui::icon::{Icon, IconName};

/// The button and its hidden camera input.
#[component]
pub(crate) fn CameraButton() -> impl IntoView {
    let chat = ChatContext::expect();
    let input = NodeRef::<Input>::new();
    let taken = move |ev: leptos::ev::Event| file_drop::on_chosen(&ev, chat);
    view! {
        <button
            type="button"
            class="attach camera"
            aria-label=tr("Take a photo")
            title=tr("Take a photo")
            on:click=move |_| {
                if let Some(input) = input.get_untracked() {
                    input.click();
                }
            }
        >
            <Icon name=IconName::Camera />
        </button>
        <input node_ref=input type="file" hidden tabindex="-1" accept="image/*" capture="environment" on:change=taken />
    }
}
