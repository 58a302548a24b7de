//! The agent's model: the default model, or one of the accounts set up; an
//! account removed since is named so (the default model answers then).

use hearth_core::agent::AgentRecord;
use leptos::prelude::*;

use crate::i18n::tr;
use crate::providers::state::ProvidersContext;

/// The Model select of the agent editor.
#[component]
pub(crate) fn AgentModelField(
    /// The draft edited.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let providers = ProvidersContext::expect();
    let model_value = move || draft.with(|agent| agent.model_config_id.clone().unwrap_or_default());
    view! {
        <label class="field">
            <span>{tr("Model")}</span>
            <select
                prop:value=model_value
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    draft.update(|agent| agent.model_config_id = Some(id).filter(|id| !id.is_empty()));
                }
            >
                <option value="" selected=move || model_value().is_empty()>
                    {tr("Default model")}
                </option>
                {move || {
                    let id = model_value();
                    let removed = !id.is_empty()
                        && providers.list.with(|list| !list.iter().any(|entry| entry.model.id == id));
                    removed
                        .then(|| {
                            view! {
                                <option value=id selected=true>
                                    {tr("Removed account (the default model answers)")}
                                </option>
                            }
                        })
                }}
                <For
                    each=move || providers.list.get()
                    key=|entry| (entry.model.id.clone(), entry.label())
                    children=move |entry| {
                        let id = entry.model.id.clone();
                        let value = id.clone();
                        view! {
                            <option value=value selected=move || model_value() == id>
                                {entry.label()}
                            </option>
                        }
                    }
                />
            </select>
        </label>
    }
}
