//! How an agent's replies are read aloud: on their own as each answer
//! completes, and in which voice (the account, speed and language are the
//! device's, under Settings → Voice).

use hearth_core::agent::AgentRecord;
use leptos::prelude::*;

use super::option_check::OptionCheck;
use crate::i18n::tr;
use crate::ui::text_field::TextField;

/// The "Voice" fieldset of the agent editor.
#[component]
pub(crate) fn AgentVoiceOptions(
    /// The draft edited.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    view! {
        <fieldset class="agent-voice-options">
            <legend>{tr("Voice")}</legend>
            <OptionCheck
                label=tr("Read answers aloud as they finish")
                checked=Signal::derive(move || draft.with(|agent| agent.auto_read))
                set=Callback::new(move |on| draft.update(|agent| agent.auto_read = on))
            />
            <TextField
                label=tr("Its voice")
                placeholder=tr("As under Settings → Voice (a provider's voice such as alloy, or a browser voice's name)")
                verbatim=true
                value=Signal::derive(move || draft.with(|agent| agent.voice.clone()))
                on_change=Callback::new(move |typed: String| {
                    draft.update(|agent| agent.voice = typed.trim().to_owned());
                })
            />
        </fieldset>
    }
}
