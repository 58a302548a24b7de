//! The agent's name: required, and said so under the field when Save found
//! it blank (until a name is typed).

use hearth_core::agent::AgentRecord;
use leptos::html::Input;
use leptos::prelude::*;

use crate::agents::agent_editor::draft::DraftProblem;
use crate::i18n::tr;
use crate::ui::next_id;

/// The Name field of the agent editor.
#[component]
pub(crate) fn AgentNameField(
    /// The draft edited.
    draft: RwSignal<AgentRecord>,
    /// What stopped the last Save, if anything.
    problem: RwSignal<Option<DraftProblem>>,
    /// The input, focused when the editor opens and when Save finds no name.
    input: NodeRef<Input>,
) -> impl IntoView {
    let error_id = format!("agent-name-error-{}", next_id());
    let error = Signal::derive(move || {
        (problem.get() == Some(DraftProblem::NoName) && draft.with(|agent| agent.name.trim().is_empty()))
            .then(|| DraftProblem::NoName.to_string())
    });
    view! {
        <label class="field">
            <span>{tr("Name")}</span>
            <input
                node_ref=input
                type="text"
                aria-required="true"
                aria-describedby=error_id.clone()
                aria-invalid=move || error.with(Option::is_some).to_string()
                prop:value=move || draft.with(|agent| agent.name.clone())
                on:input=move |ev| draft.update(|agent| agent.name = event_target_value(&ev))
            />
        </label>
        <span class="field-error" id=error_id role="alert">
            {move || error.get()}
        </span>
    }
}
