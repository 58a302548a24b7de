//! The composer's "Dictate" button: starts a dictation (the `voice` chunk
//! loads at the first press), and is pressed while it records; pressing it
//! again stops, and the words land in the message box. Alt+Shift+U does the same
//! (`shortcuts`).

use leptos::prelude::*;

use crate::i18n::tr;
use crate::ui::icon::{Icon, IconName};
use crate::voice::state::{Dictation, VoiceContext};

/// The button. Takes no props: it drives the voice context.
#[component]
pub(crate) fn DictateButton() -> impl IntoView {
    let voice = VoiceContext::expect();
    let live = move || voice.dictation.get().is_live();
    let busy = move || voice.dictation.get() == Dictation::Transcribing;
    view! {
        <button
            type="button"
            class="attach dictate"
            aria-label=tr("Dictate")
            title=tr("Speak instead of typing (Alt+Shift+U)")
            aria-keyshortcuts="Alt+Shift+U"
            aria-pressed=move || if live() { "true" } else { "false" }
            disabled=busy
            on:click=move |_| voice.toggle_dictation()
        >
            <Icon name=IconName::Mic />
        </button>
    }
}
