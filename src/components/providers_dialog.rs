//! The Providers dialog: the accounts set up in this browser, adding one from a
//! preset, and the form of the one being edited.

use hearth_core::provider::Preset;
use leptos::prelude::*;

use crate::components::modal_dialog::ModalDialog;
use crate::components::provider_editor::ProviderEditor;
use crate::io::ids::new_id;
use crate::providers::{ProviderEntry, ProvidersContext};

/// The dialog; `ProvidersContext::dialog_open` shows it.
#[component]
pub(crate) fn ProvidersDialog() -> impl IntoView {
    let providers = ProvidersContext::expect();
    let editing = RwSignal::new(None::<String>);
    let new_preset = RwSignal::new(Preset::OpenAi);
    Effect::new(move |was_open: Option<bool>| {
        // The dialog opens on the account that answers; opened before the
        // accounts were loaded (a new tab still asking another for the key
        // lock's key), it picks that account once they are.
        let open = providers.dialog_open.get();
        let loaded = providers.list.with(|list| !list.is_empty());
        let opening = open && was_open != Some(true);
        if opening || (open && loaded && editing.get_untracked().is_none()) {
            editing.set(providers.active_entry().map(|entry| entry.id().to_owned()));
        }
        open
    });
    let add = move |_| {
        let entry = ProviderEntry::new(new_id(), new_preset.get_untracked());
        editing.set(Some(entry.id().to_owned()));
        providers.add(entry);
    };
    let on_removed = Callback::new(move |()| editing.set(providers.active_entry().map(|e| e.id().to_owned())));
    view! {
        <ModalDialog
            open=providers.dialog_open
            on_close=Callback::new(move |()| providers.dialog_open.set(false))
            heading="Providers"
            class="providers"
        >
            <p class="hint">
                "Hearth talks to each provider straight from this browser. Keys are stored only here and sent only to their provider."
            </p>
            <Show when=move || providers.list.with(|list| !list.is_empty())>
                <ul class="provider-list" aria-label="Your providers">
                    <For
                        each=move || providers.list.get()
                        key=|entry| (entry.id().to_owned(), entry.label())
                        children=move |entry| {
                            let id = entry.id().to_owned();
                            let pressed = id.clone();
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        aria-pressed=move || (editing.get().as_deref() == Some(pressed.as_str())).to_string()
                                        on:click=move |_| editing.set(Some(id.clone()))
                                    >
                                        {entry.label()}
                                    </button>
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
            <div class="add-provider">
                <label class="field">
                    <span>"New provider type"</span>
                    <select on:change=move |ev| {
                        if let Some(preset) = Preset::from_id(&event_target_value(&ev)) {
                            new_preset.set(preset);
                        }
                    }>
                        {Preset::ALL
                            .iter()
                            .map(|preset| view! { <option value=preset.id()>{preset.label()}</option> })
                            .collect_view()}
                    </select>
                </label>
                <button type="button" class="primary" on:click=add>
                    "Add provider"
                </button>
            </div>
            {move || editing.get().map(|id| view! { <ProviderEditor id on_removed /> })}
        </ModalDialog>
    }
}
