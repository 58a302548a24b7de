//! "Merge…" under a compare turn: a recipe (combine into one answer, compare
//! in a table, or the user's own), its instruction to edit, and the model
//! that writes the merge. The merge is a new reply of the model's, never the
//! answers pasted together (see `chat::state::comparing::merge`). In the
//! `compare` chunk.

use hearth_core::compare::Recipe;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::ChatContext;
use crate::chat::state::comparing::{MergeAsk, merge};
use crate::i18n::tr;

/// The merge form of the compare turn `group`, behind its "Merge…" button.
#[component]
pub(crate) fn MergeForm(
    /// The compare turn's id.
    group: String,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let group = StoredValue::new(group);
    let open = RwSignal::new(false);
    let instruction = RwSignal::new(Recipe::Combine.instruction().to_owned());
    let model = RwSignal::new(String::new());
    let status = RwSignal::new(String::new());
    let choose_recipe = move |value: String| {
        let recipe = Recipe::ALL.into_iter().find(|recipe| recipe.label() == value).unwrap_or(Recipe::Combine);
        instruction.set(recipe.instruction().to_owned());
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let ask = MergeAsk {
            group: group.get_value(),
            instruction: instruction.get_untracked(),
            model_config_id: Some(model.get_untracked()).filter(|id| !id.is_empty()),
        };
        // Outside the handler: the merge's reply must not belong to this form,
        // which closes (and is disposed of) when it starts.
        spawn_local(async move {
            match merge(chat, ask) {
                Ok(()) => {
                    status.try_set(String::new());
                    open.try_set(false);
                }
                Err(refusal) => {
                    status.try_set(refusal.to_string());
                }
            }
        });
    };
    let models = move || {
        chat.providers.list.with(|list| {
            list.iter()
                .map(|entry| view! { <option value=entry.model.id.clone()>{entry.model_first_label()}</option> })
                .collect_view()
        })
    };
    view! {
        <button
            type="button"
            class="action"
            aria-expanded=move || if open.get() { "true" } else { "false" }
            on:click=move |_| open.update(|open| *open = !*open)
        >
            {tr("Merge…")}
        </button>
        <Show when=move || open.get()>
            <form class="merge-form" aria-label=tr("Merge the answers") on:submit=submit>
                <label>
                    {tr("Recipe")}
                    <select on:change=move |ev| choose_recipe(event_target_value(&ev))>
                        {Recipe::ALL
                            .map(|recipe| view! { <option value=recipe.label()>{tr(recipe.label())}</option> })
                            .collect_view()}
                    </select>
                </label>
                <label>
                    {tr("Instruction")}
                    <textarea
                        rows="4"
                        prop:value=move || instruction.get()
                        on:input=move |ev| instruction.set(event_target_value(&ev))
                    ></textarea>
                </label>
                <label>
                    {tr("Written by")}
                    <select on:change=move |ev| model.set(event_target_value(&ev))>
                        <option value="">{tr("The agent's model")}</option>
                        {models}
                    </select>
                </label>
                <button type="submit" class="primary">{tr("Merge")}</button>
            </form>
        </Show>
        <span class="action-feedback" role="status">{move || status.get()}</span>
    }
}
