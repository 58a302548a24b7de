//! Under the message box while a dictation is under way or has just failed:
//! the recorder's panel (`voice::recorder_panel`), from the `voice` chunk.

use leptos::prelude::*;

use crate::composer::state::ComposerDraft;
use crate::ui::lazy::Lazy;
use crate::voice::recorder_panel::recorder_panel_view;
use crate::voice::state::Dictation;

/// The panel's place. Takes no props: it follows the draft's dictation.
#[component]
pub(crate) fn DictationStatus() -> impl IntoView {
    let draft = ComposerDraft::expect();
    view! {
        <Show when=move || draft.dictation.get() != Dictation::Idle>
            <Lazy load=recorder_panel_view />
        </Show>
    }
}
