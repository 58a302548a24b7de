//! What the agent editor asks when Save finds the agent changed (or deleted)
//! elsewhere since it opened: "Save mine anyway" or "Discard mine".

use leptos::prelude::*;

use crate::agents::agent_editor::draft::Saving;
use crate::agents::state::AgentsContext;
use crate::i18n::tr;

/// The question of a conflicting Save, shown while there is one.
#[component]
pub(crate) fn SaveConflict(
    /// The conflict Save found, if any.
    conflict: RwSignal<Option<Saving>>,
    /// Called when editing is over (saved anyway, or discarded).
    on_done: Callback<()>,
) -> impl IntoView {
    let agents = AgentsContext::expect();
    let save_anyway = move |_| {
        if let Some(Saving::Conflict { mine, .. }) = conflict.get_untracked() {
            agents.save(mine);
            on_done.run(());
        }
    };
    let conflict_text = move || {
        conflict.with(|conflict| match conflict {
            Some(Saving::Conflict { deleted: true, .. }) => {
                tr("This agent was changed elsewhere since you opened it: it was deleted. Save yours to keep it, or discard it.")
            }
            _ => tr("This agent was changed elsewhere since you opened it. Save yours over it, or discard yours."),
        })
    };
    view! {
        <Show when=move || conflict.with(Option::is_some)>
            <div class="agent-conflict" role="alert">
                <p>{conflict_text}</p>
                <div class="form-actions">
                    <button type="button" on:click=save_anyway>{tr("Save mine anyway")}</button>
                    <button type="button" on:click=move |_| on_done.run(())>{tr("Discard mine")}</button>
                </div>
            </div>
        </Show>
    }
}
