//! The agent's type: a chat agent, which may call tools, or an app agent,
//! which gets none (its replies are apps, see `apps`).

use hearth_core::agent::{AgentKind, AgentRecord};
use leptos::prelude::*;

use crate::i18n::tr;

/// The Type radio buttons of the agent editor.
#[component]
pub(crate) fn AgentKindField(
    /// The draft edited.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let is_app = move || draft.with(|agent| agent.kind == AgentKind::App);
    let set_kind = move |kind: AgentKind| draft.update(|agent| agent.kind = kind);
    view! {
        <fieldset class="agent-kind">
            <legend>{tr("Type")}</legend>
            <label class="check">
                <input
                    type="radio"
                    name="agent-kind"
                    prop:checked=move || !is_app()
                    on:change=move |_| set_kind(AgentKind::Chat)
                />
                {tr("Chat: may call tools")}
            </label>
            <label class="check">
                <input
                    type="radio"
                    name="agent-kind"
                    prop:checked=is_app
                    on:change=move |_| set_kind(AgentKind::App)
                />
                {tr("App: gets no tools")}
            </label>
        </fieldset>
    }
}
