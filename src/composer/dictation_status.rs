//! Under the message box while a dictation is under way or has just failed:
//! the recorder's panel (`voice::recorder_panel`), from the `voice` chunk.

use leptos::prelude::*;

use crate::ui::lazy::Lazy;
use crate::voice::recorder_panel::recorder_panel_view;
use crate::voice::state::{Dictation, VoiceContext};

/// The panel's place. Takes no props: it follows the voice context.
#[component]
pub(crate) fn DictationStatus() -> impl IntoView {
    let voice = VoiceContext::expect();
    view! {
        <Show when=move || voice.dictation.with(|d| *d != Dictation::Idle)>
            <Lazy load=recorder_panel_view />
        </Show>
    }
}
