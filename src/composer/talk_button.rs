//! The composer's "Talk" button: starts a realtime spoken conversation with
//! the conversation's model (the `voice` chunk loads at the first press), and
//! is pressed while it lasts; pressing it again ends the talk.

use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::i18n::tr;
use crate::voice::state::{Dictation, VoiceContext};

/// The button. Takes no props: it drives the voice context.
#[component]
pub(crate) fn TalkButton() -> impl IntoView {
    let voice = VoiceContext::expect();
    let chat = ChatContext::expect();
    let talking = move || voice.dictation.get() == Dictation::Talking;
    view! {
        <button
            type="button"
            class="compact"
            title=tr("Talk with the model, out loud")
            aria-pressed=move || if talking() { "true" } else { "false" }
            on:click=move |_| voice.toggle_talk(chat)
        >
            {tr("Talk")}
        </button>
    }
}
