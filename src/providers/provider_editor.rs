//! The form of one provider account: type (preset), name, base URL, API key,
//! Azure's API version, the model, what it reads besides text (images, PDFs:
//! as known, or as the user says; an OpenRouter model list says it for each
//! model, applied as the model is chosen), its sampling settings, its context
//! window (blank: the model's known default, which the hint names), the thinking
//! switch, extra JSON, and Test connection. A field is stored when it is
//! committed (change). A number that cannot be used is explained under its
//! field and not stored (what was typed stays in the field). Extra JSON is
//! stored as typed even when it does not parse, so nothing typed is lost when
//! the dialog closes; it is explained under the field and again when sending.
//! The base URL is stored as typed too; while it is not an absolute `http(s)`
//! URL with a host, the field says why, Test connection is off and sending
//! explains it (nothing is sent). A hosted service at a plain `http:` address
//! that is not this machine gets a warning. A key belongs to the origin it was
//! entered for: a base URL at another origin removes a key that was not entered
//! again, and the form says so. While the API keys are locked with a passphrase
//! and not unlocked, the key field says "Locked" and offers to unlock (for every
//! provider, also one without a key yet: a key typed then could not be sealed).
//!
//! The parts are in `provider_editor/`: `ApiKeyField`, `ModelField`,
//! `NumberFields` and `EditorActions`; [`EditedEntry`] is how each reads and
//! stores the account.

mod api_choice_field;
mod api_key_field;
mod edited;
mod editor_actions;
mod model_field;
mod number_fields;

use api_choice_field::ApiChoiceField;
use api_key_field::ApiKeyField;
use edited::{EditedEntry, Field, FieldErrors};
use editor_actions::EditorActions;
use hearth_core::message::attachment::Accepts;
use hearth_core::provider::{InputsFrom, Preset, insecure_http_warning, parse_extra_json};
use leptos::prelude::*;
use model_field::ModelField;
use number_fields::NumberFields;

use crate::i18n::tr;
use crate::providers::model_inputs_field::ModelInputsField;
use crate::providers::state::{Connected, ProviderEntry, ProvidersContext};
use crate::ui::text_field::TextField;

/// The editor of one provider account.
#[component]
pub(crate) fn ProviderEditor(
    /// The id of the account edited: the form shows that account's entry as
    /// it changes, stores each committed field in it, and tests, uses or
    /// deletes that account.
    id: String,
    /// Called after the user confirmed Delete provider and the account was
    /// removed, so the owner can show another account (or none).
    on_removed: Callback<()>,
) -> impl IntoView {
    let providers = ProvidersContext::expect();
    let form = EditedEntry::new(providers, id);
    let entry = form.entry;
    let preset = Memo::new(move |_| entry.with(|e| e.as_ref().map(ProviderEntry::preset).unwrap_or_default()));
    let url_problem = Memo::new(move |_| {
        entry.with(|e| e.as_ref().and_then(|e| e.provider.config().checked_base_url().err().map(|p| p.to_string())))
    });
    let url_warning = Memo::new(move |_| {
        entry.with(|e| {
            e.as_ref().and_then(|e| insecure_http_warning(e.preset(), e.provider.config().effective_base_url()))
        })
    });
    let key_notice = RwSignal::new(None::<String>);
    let errors = FieldErrors::new();
    let models = RwSignal::new(Vec::<String>::new());
    // What the model list said each model reads (OpenRouter's), applied to
    // the model as it is chosen.
    let listed = StoredValue::new(Vec::<(String, Accepts)>::new());
    let learn_listed = Callback::new(move |()| {
        let Some(model) = entry.with_untracked(|e| e.as_ref().map(|e| e.model.model.trim().to_owned())) else { return };
        let found = listed.with_value(|listed| listed.iter().find(|(id, _)| *id == model).map(|(_, accepts)| *accepts));
        if let Some(accepts) = found {
            form.id.with_value(|id| providers.learn_inputs(id, accepts, InputsFrom::ModelList));
        }
    });
    let on_connected = Callback::new(move |connected: Connected| {
        models.set(connected.models);
        listed.set_value(connected.inputs);
        learn_listed.run(());
    });
    let set_preset = move |ev: leptos::ev::Event| {
        let Some(new) = Preset::from_id(&event_target_value(&ev)) else { return };
        form.edit(move |entry| {
            if change_preset(entry, new) {
                key_notice.set(Some(key_removed()));
            }
        });
        models.set(Vec::new());
    };
    let set_extra = move |typed: String| {
        match parse_extra_json(&typed) {
            Ok(_) => errors.clear(Field::Extra),
            Err(problem) => errors.set(Field::Extra, problem),
        }
        // Stored as typed even when it does not parse yet, so nothing is lost;
        // sending explains the problem until it is fixed.
        let stored = Some(typed).filter(|t| !t.trim().is_empty());
        form.edit(move |entry| entry.model.extra_json = stored);
    };

    view! {
        <form class="provider-editor" aria-label=tr("Provider settings") on:submit=|ev| ev.prevent_default()>
            <label class="field">
                <span>{tr("Type")}</span>
                <select on:change=set_preset>
                    {Preset::ALL
                        .iter()
                        .map(|option| {
                            let option = *option;
                            view! {
                                <option value=option.id() selected=move || preset.get() == option>
                                    {option.label()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <TextField
                label=tr("Name")
                value=form.read(|e| e.provider.name.clone())
                on_change=Callback::new(move |name: String| {
                    let name = name.trim().to_owned();
                    form.edit(move |entry| entry.provider.name = name);
                })
            />
            <TextField
                label=tr("Base URL")
                kind="url"
                value=form.read(|e| e.provider.base_url.clone())
                placeholder=move || preset.get().base_url_hint()
                autocomplete="url"
                verbatim=true
                error=url_problem
                warning=url_warning
                on_change=Callback::new(move |url: String| {
                    let url = url.trim().to_owned();
                    form.edit(move |entry| {
                        if entry.provider.with_base_url(url) {
                            key_notice.set(Some(key_removed()));
                        }
                    });
                })
            />
            <ApiKeyField form preset notice=key_notice />
            <Show when=move || preset.get() == Preset::Azure>
                <TextField
                    label=tr("API version")
                    value=form.read(|e| e.provider.api_version.clone())
                    placeholder=hearth_core::provider::AZURE_API_VERSION
                    verbatim=true
                    on_change=Callback::new(move |version: String| {
                        let version = version.trim().to_owned();
                        form.edit(move |entry| entry.provider.api_version = version);
                    })
                />
            </Show>
            <ModelField form preset models on_chosen=learn_listed />
            <ApiChoiceField form preset />
            <ModelInputsField
                entry
                on_change=Callback::new(move |inputs| form.edit(move |entry| entry.model.inputs = inputs))
            />
            <NumberFields form errors />
            <Show when=move || preset.get().supports_thinking_switch()>
                <label class="check">
                    <input
                        type="checkbox"
                        prop:checked=move || entry.with(|e| e.as_ref().and_then(|e| e.model.thinking) == Some(true))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            form.edit(move |entry| entry.model.thinking = Some(on));
                        }
                    />
                    {tr("Thinking (reasoning before the answer)")}
                </label>
            </Show>
            <TextField
                label=tr("Extra JSON")
                rows=3
                verbatim=true
                placeholder="{\"seed\": 7}"
                error=move || errors.get(Field::Extra)
                hint=tr("Extra JSON is merged into every request body last, so it can set or override any field.")
                value=form.read(|e| e.model.extra_json.clone().unwrap_or_default())
                on_change=Callback::new(set_extra)
            />
            <EditorActions form url_problem on_connected on_removed />
        </form>
    }
}

/// Makes `entry` an account of the type `new`: its base URL and name follow
/// when they were the old type's defaults. Returns whether the key was removed
/// (it stays only if the new address has the origin it was entered for).
fn change_preset(entry: &mut ProviderEntry, new: Preset) -> bool {
    let old = entry.preset();
    let url = entry.provider.base_url.trim();
    let url = if url.is_empty() || url == old.default_base_url() {
        new.default_base_url().to_owned()
    } else {
        url.to_owned()
    };
    if entry.provider.name.trim().is_empty() || entry.provider.name == old.label() {
        entry.provider.name = new.label().to_owned();
    }
    entry.provider.preset = Some(new);
    entry.provider.kind = new.kind();
    entry.provider.with_base_url(url)
}

/// What the form says when a new address removed the key.
fn key_removed() -> String {
    tr("The key was removed because the base URL now points to another address. Enter the key for the new address.")
        .to_owned()
}
