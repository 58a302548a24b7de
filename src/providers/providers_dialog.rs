//! The Providers dialog: the accounts set up in this browser, one way to add
//! one (the "Add a provider" group: a type and Add provider, after which the
//! focus goes to the new account's first field left to fill), the form of the
//! one being edited under its name, and beside Close the save state ("Saved"
//! once each committed change is stored, or why it was not), announced.

use hearth_core::provider::Preset;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::tr;
use crate::io::ids::new_id;
use crate::providers::provider_editor::ProviderEditor;
use crate::providers::state::{ProviderEntry, ProvidersContext};
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

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
        if opening {
            providers.saving.reset();
        }
        if opening || (open && loaded && editing.get_untracked().is_none()) {
            editing.set(providers.active_entry().map(|entry| entry.id().to_owned()));
        }
        open
    });
    let add = move |_| {
        let entry = ProviderEntry::new(new_id(), new_preset.get_untracked());
        editing.set(Some(entry.id().to_owned()));
        providers.add(entry);
        request_animation_frame(focus_first_empty_field);
    };
    let on_removed = Callback::new(move |()| editing.set(providers.active_entry().map(|e| e.id().to_owned())));
    let edited_name = move || {
        let id = editing.get()?;
        providers.list.with(|list| {
            let entry = list.iter().find(|e| e.id() == id)?;
            let name = entry.provider.name.trim();
            Some(if name.is_empty() { entry.preset().label().to_owned() } else { name.to_owned() })
        })
    };
    let has_providers = move || providers.list.with(|list| !list.is_empty());
    view! {
        <ModalDialog
            open=providers.dialog_open
            on_close=Callback::new(move |()| providers.dialog_open.set(false))
            heading=tr("Providers")
            class="providers"
            status=providers.saving.state
        >
            <p class="hint">
                {tr(
                    "Hearth talks to each provider straight from this browser. Keys are stored only here and sent only to their provider."
                )}
            </p>
            <Show when=has_providers>
                <ul class="provider-list" aria-label=tr("Your providers")>
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
            <fieldset class="add-provider">
                <legend>{tr("Add a provider")}</legend>
                <label class="field">
                    <span>{tr("New provider type")}</span>
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
                <button type="button" class=move || if has_providers() { "" } else { "primary" } on:click=add>
                    {tr("Add provider")}
                </button>
            </fieldset>
            {move || {
                editing
                    .get()
                    .map(|id| {
                        view! {
                            <div class="provider-settings">
                                <h3>{edited_name}</h3>
                                <ProviderEditor id on_removed />
                            </div>
                        }
                    })
            }}
        </ModalDialog>
    }
}

/// Moves the focus to the open provider form's first text field that is still
/// empty (the base URL of a custom server, else the key or the model), unless
/// the user got into the form first: what they were typing stays where it is.
fn focus_first_empty_field() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(Some(_)) = document.query_selector("dialog[open] .provider-editor :focus") {
        return;
    }
    let Ok(fields) = document.query_selector_all("dialog[open] .provider-editor input:not([type=checkbox])") else {
        return;
    };
    for at in 0..fields.length() {
        let input = fields.item(at).and_then(|node| node.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(input) = input.filter(|input| input.value().is_empty()) {
            let _ = input.focus();
            return;
        }
    }
}

/// The dialog, built by code from the `dialogs` chunk, loaded when a dialog first opens
/// (`LazyOnce` in `crate::app`).
#[wasm_split(dialogs, fallible)]
pub(crate) fn providers_dialog_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <ProvidersDialog  /> }.into_any())
}
