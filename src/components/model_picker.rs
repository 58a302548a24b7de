//! The top bar's choice of which provider and model answer by default (an
//! agent with its own model uses that; see the agent picker), and the way into
//! the Providers dialog.

use leptos::prelude::*;

use crate::providers::ProvidersContext;

/// A select of every configured account ("Name · model"), or a prompt to add one.
#[component]
pub(crate) fn ModelPicker() -> impl IntoView {
    let providers = ProvidersContext::expect();
    let chosen = move || {
        let active = providers.active.get();
        providers.list.with(|list| {
            list.iter()
                .find(|entry| Some(entry.id()) == active.as_deref())
                .or_else(|| list.first())
                .map(|entry| entry.id().to_owned())
                .unwrap_or_default()
        })
    };
    view! {
        <div class="model-picker">
            <Show when=move || providers.list.with(|list| !list.is_empty())>
                <select
                    aria-label="Model"
                    title="The default model, for agents without their own"
                    prop:value=chosen
                    on:change=move |ev| providers.set_active(event_target_value(&ev))
                >
                    <For
                        each=move || providers.list.get()
                        key=|entry| (entry.id().to_owned(), entry.label())
                        children=move |entry| {
                            let id = entry.id().to_owned();
                            let value = id.clone();
                            view! {
                                <option value=value selected=move || chosen() == id>
                                    {entry.label()}
                                </option>
                            }
                        }
                    />
                </select>
            </Show>
            <button type="button" on:click=move |_| providers.dialog_open.set(true)>
                "Providers"
            </button>
        </div>
    }
}
