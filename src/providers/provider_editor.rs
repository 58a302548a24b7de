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

use hearth_core::compaction::{FALLBACK_CONTEXT_WINDOW, parse_context_window};
use hearth_core::message::attachment::Accepts;
use hearth_core::provider::{InputsFrom, Preset, insecure_http_warning, parse_extra_json};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::io::dialogs::confirm;
use crate::providers::model_inputs_field::ModelInputsField;
use crate::providers::state::key_lock::LockState;
use crate::providers::state::save_state::NumberRefused;
use crate::providers::state::{ProviderEntry, ProvidersContext, test_connection};
use crate::ui::text_field::TextField;
use hearth_core::format::grouped;

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
    let id = StoredValue::new(id);
    let entry = Memo::new(move |_| id.with_value(|id| providers.entry_tracked(id)));
    let read =
        move |field: fn(&ProviderEntry) -> String| move || entry.with(|e| e.as_ref().map(field).unwrap_or_default());
    let edit = move |change: Box<dyn FnOnce(&mut ProviderEntry)>| {
        let mut saved = None;
        providers.list.update(|list| {
            if let Some(entry) = id.with_value(|id| list.iter_mut().find(|e| e.id() == id)) {
                change(entry);
                saved = Some(entry.clone());
            }
        });
        if let Some(entry) = saved {
            providers.save(entry);
        }
    };
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
    // While the keys are locked a typed key could not be sealed (it would be
    // dropped on save): the field offers to unlock instead, for every provider.
    let key_locked = Memo::new(move |_| {
        entry.with(|e| e.as_ref().is_some_and(|e| e.provider.key_is_locked()))
            || matches!(providers.lock.get(), LockState::Locked(_))
    });
    let errors = FieldErrors::new();
    let status = RwSignal::new(String::new());
    let testing = RwSignal::new(false);
    let models = RwSignal::new(Vec::<String>::new());
    // What the model list said each model reads (OpenRouter's), applied to
    // the model as it is chosen.
    let listed = StoredValue::new(Vec::<(String, Accepts)>::new());
    let learn_listed = move || {
        let Some(model) = entry.with_untracked(|e| e.as_ref().map(|e| e.model.model.trim().to_owned())) else { return };
        let found = listed.with_value(|listed| listed.iter().find(|(id, _)| *id == model).map(|(_, accepts)| *accepts));
        if let Some(accepts) = found {
            id.with_value(|id| providers.learn_inputs(id, accepts, InputsFrom::ModelList));
        }
    };

    let set_preset = move |ev: leptos::ev::Event| {
        let Some(new) = Preset::from_id(&event_target_value(&ev)) else { return };
        edit(Box::new(move |entry| {
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
            // The key stays only if the new address has the origin it was entered for.
            if entry.provider.with_base_url(url) {
                key_notice.set(Some(KEY_REMOVED.to_owned()));
            }
        }));
        models.set(Vec::new());
    };
    let number = move |typed: String, field: Field| {
        let typed = typed.trim();
        match field.parse(typed) {
            Ok(value) => {
                errors.clear(field);
                providers.saving.accepted(field.label());
                edit(Box::new(move |entry| field.store(entry, value)));
            }
            Err(refused) => {
                let problem = refused.message(field.label());
                providers.saving.refused(field.label(), problem.clone());
                errors.set(field, problem);
            }
        }
    };
    let set_extra = move |typed: String| {
        match parse_extra_json(&typed) {
            Ok(_) => errors.clear(Field::Extra),
            Err(problem) => errors.set(Field::Extra, problem),
        }
        // Stored as typed even when it does not parse yet, so nothing is lost;
        // sending explains the problem until it is fixed.
        let stored = Some(typed).filter(|t| !t.trim().is_empty());
        edit(Box::new(move |entry| entry.model.extra_json = stored));
    };
    let test = move |_| {
        let Some(entry) = entry.get_untracked() else { return };
        testing.set(true);
        status.set("Testing the connection…".to_owned());
        spawn_local(async move {
            match test_connection(&entry).await {
                Ok(connected) => {
                    status.set(connected.summary);
                    models.set(connected.models);
                    listed.set_value(connected.inputs);
                    learn_listed();
                }
                Err(problem) => status.set(problem.to_string()),
            }
            testing.set(false);
        });
    };
    let remove = move |_| {
        let name = entry.with_untracked(|e| e.as_ref().map(|e| e.provider.name.clone()).unwrap_or_default());
        if confirm(&format!("Delete the provider “{name}” and its key?")) {
            providers.remove(id.get_value());
            on_removed.run(());
        }
    };
    let in_use = move || {
        let active = providers.active.get();
        providers.list.with(|list| {
            let first = list.first().map(ProviderEntry::id);
            id.with_value(|id| active.as_deref().map_or(first == Some(id.as_str()), |active| active == id))
        })
    };

    view! {
        <form class="provider-editor" aria-label="Provider settings" on:submit=|ev| ev.prevent_default()>
            <label class="field">
                <span>"Type"</span>
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
                label="Name"
                value=read(|e| e.provider.name.clone())
                on_change=Callback::new(move |name: String| {
                    let name = name.trim().to_owned();
                    edit(Box::new(move |entry| entry.provider.name = name));
                })
            />
            <TextField
                label="Base URL"
                kind="url"
                value=read(|e| e.provider.base_url.clone())
                placeholder=move || preset.get().base_url_hint()
                autocomplete="url"
                verbatim=true
                error=url_problem
                warning=url_warning
                on_change=Callback::new(move |url: String| {
                    let url = url.trim().to_owned();
                    edit(Box::new(move |entry| {
                        if entry.provider.with_base_url(url) {
                            key_notice.set(Some(KEY_REMOVED.to_owned()));
                        }
                    }));
                })
            />
            <Show
                when=move || !key_locked.get()
                fallback=move || {
                    view! {
                        // While locked the key is not in memory: nothing to show or leak.
                        <div class="field key-locked">
                            <span id="api-key-locked-label">"API key"</span>
                            <p aria-labelledby="api-key-locked-label">"Locked"</p>
                            <button type="button" on:click=move |_| providers.unlock_open.set(true)>
                                "Unlock your API keys"
                            </button>
                        </div>
                    }
                }
            >
                <TextField
                    label="API key"
                    kind="password"
                    value=read(|e| e.provider.api_key.clone())
                    placeholder=move || if preset.get().needs_key() { "Required" } else { "Optional for local servers" }
                    autocomplete="off"
                    verbatim=true
                    notice=key_notice
                    on_change=Callback::new(move |key: String| {
                        let key = key.trim().to_owned();
                        key_notice.set(None);
                        edit(Box::new(move |entry| entry.provider.set_key(key)));
                    })
                />
            </Show>
            <Show when=move || preset.get() == Preset::Azure>
                <TextField
                    label="API version"
                    value=read(|e| e.provider.api_version.clone())
                    placeholder=hearth_core::provider::AZURE_API_VERSION
                    verbatim=true
                    on_change=Callback::new(move |version: String| {
                        let version = version.trim().to_owned();
                        edit(Box::new(move |entry| entry.provider.api_version = version));
                    })
                />
            </Show>
            <TextField
                label=move || if preset.get() == Preset::Azure { "Model (deployment name)" } else { "Model" }
                value=read(|e| e.model.model.clone())
                placeholder=move || preset.get().model_hint()
                verbatim=true
                on_change=Callback::new(move |model: String| {
                    let model = model.trim().to_owned();
                    edit(Box::new(move |entry| entry.model.model = model));
                    learn_listed();
                })
            />
            <Show when=move || models.with(|m| !m.is_empty())>
                <label class="field">
                    <span>"Available models"</span>
                    <select on:change=move |ev| {
                        let model = event_target_value(&ev);
                        if !model.is_empty() {
                            edit(Box::new(move |entry| entry.model.model = model));
                            learn_listed();
                        }
                    }>
                        <option value="">"Pick a model…"</option>
                        {move || {
                            models.get().into_iter().map(|model| view! { <option value=model.clone()>{model.clone()}</option> }).collect_view()
                        }}
                    </select>
                </label>
            </Show>
            <ModelInputsField
                entry
                on_change=Callback::new(move |inputs| edit(Box::new(move |entry| entry.model.inputs = inputs)))
            />
            <div class="field-row">
                {[Field::Temperature, Field::MaxTokens, Field::TopP]
                    .into_iter()
                    .map(|field| {
                        view! {
                            <div class="field-group">
                                <TextField
                                    label=field.label()
                                    inputmode=field.input_mode()
                                    value=move || entry.with(|e| e.as_ref().map(|e| field.show(e)).unwrap_or_default())
                                    placeholder="Default"
                                    error=move || errors.get(field)
                                    on_change=Callback::new(move |typed: String| number(typed, field))
                                />
                            </div>
                        }
                    })
                    .collect_view()}
            </div>
            <TextField
                label=Field::ContextWindow.label()
                inputmode=Field::ContextWindow.input_mode()
                value=move || entry.with(|e| e.as_ref().map(|e| Field::ContextWindow.show(e)).unwrap_or_default())
                placeholder="Default"
                error=move || errors.get(Field::ContextWindow)
                hint=Signal::derive(move || {
                    let window = entry.with(|e| {
                        e.as_ref().map_or(FALLBACK_CONTEXT_WINDOW, |e| {
                            let mut default = e.model.clone();
                            default.context_window = None;
                            default.effective_context_window(e.preset())
                        })
                    });
                    format!(
                        "Empty: {} tokens, this model's default. Long conversations are compacted before they fill it.",
                        grouped(window.into()),
                    )
                })
                on_change=Callback::new(move |typed: String| number(typed, Field::ContextWindow))
            />
            <Show when=move || preset.get().supports_thinking_switch()>
                <label class="check">
                    <input
                        type="checkbox"
                        prop:checked=move || entry.with(|e| e.as_ref().and_then(|e| e.model.thinking) == Some(true))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            edit(Box::new(move |entry| entry.model.thinking = Some(on)));
                        }
                    />
                    "Thinking (reasoning before the answer)"
                </label>
            </Show>
            <TextField
                label="Extra JSON"
                rows=3
                verbatim=true
                placeholder="{\"seed\": 7}"
                error=move || errors.get(Field::Extra)
                hint="Extra JSON is merged into every request body last, so it can set or override any field."
                value=read(|e| e.model.extra_json.clone().unwrap_or_default())
                on_change=Callback::new(set_extra)
            />
            <div class="editor-actions">
                <button
                    type="button"
                    on:click=test
                    disabled=move || testing.get() || url_problem.with(Option::is_some)
                >
                    "Test connection"
                </button>
                <button
                    type="button"
                    disabled=in_use
                    on:click=move |_| providers.set_active(id.get_value())
                >
                    {move || if in_use() { "In use" } else { "Use this provider" }}
                </button>
                <button type="button" class="danger" on:click=remove>
                    "Delete provider"
                </button>
            </div>
            <p class="status" role="status">
                {move || status.get()}
            </p>
        </form>
    }
}

/// What the form says when a new address removed the key.
const KEY_REMOVED: &str = "The key was removed because the base URL now points to another address. \
                           Enter the key for the new address.";

/// The fields whose typed values are checked before they are stored.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Temperature,
    MaxTokens,
    TopP,
    ContextWindow,
    Extra,
}

/// A checked value of a numeric field; `None` means the provider's default.
enum Value {
    Float(Option<f64>),
    Count(Option<u32>),
}

impl Field {
    fn label(self) -> &'static str {
        match self {
            Field::Temperature => "Temperature",
            Field::MaxTokens => "Max tokens",
            Field::TopP => "Top-p",
            Field::ContextWindow => "Context window (tokens)",
            Field::Extra => "Extra JSON",
        }
    }

    fn input_mode(self) -> &'static str {
        if matches!(self, Field::MaxTokens | Field::ContextWindow) { "numeric" } else { "decimal" }
    }

    fn show(self, entry: &ProviderEntry) -> String {
        let model = &entry.model;
        match self {
            Field::Temperature => model.temperature.map(|v| v.to_string()),
            Field::MaxTokens => model.max_tokens.map(|v| v.to_string()),
            Field::TopP => model.top_p.map(|v| v.to_string()),
            Field::ContextWindow => model.context_window.map(|v| v.to_string()),
            Field::Extra => model.extra_json.clone(),
        }
        .unwrap_or_default()
    }

    /// Reads what was typed; empty means the provider's default.
    fn parse(self, typed: &str) -> Result<Value, NumberRefused> {
        if typed.is_empty() {
            let counted = matches!(self, Field::MaxTokens | Field::ContextWindow);
            return Ok(if counted { Value::Count(None) } else { Value::Float(None) });
        }
        let range = |max: f64| match typed.parse::<f64>() {
            Ok(value) if (0.0..=max).contains(&value) => Ok(Value::Float(Some(value))),
            _ => Err(NumberRefused::OutOfRange(max)),
        };
        match self {
            Field::Temperature => range(2.0),
            Field::TopP => range(1.0),
            Field::MaxTokens => match typed.parse::<u32>() {
                Ok(count) if count > 0 => Ok(Value::Count(Some(count))),
                _ => Err(NumberRefused::NotCount),
            },
            Field::ContextWindow => parse_context_window(typed).map(Value::Count).map_err(NumberRefused::ContextWindow),
            Field::Extra => Err(NumberRefused::NotNumberField),
        }
    }

    fn store(self, entry: &mut ProviderEntry, value: Value) {
        match (self, value) {
            (Field::Temperature, Value::Float(value)) => entry.model.temperature = value,
            (Field::TopP, Value::Float(value)) => entry.model.top_p = value,
            (Field::MaxTokens, Value::Count(value)) => entry.model.max_tokens = value,
            (Field::ContextWindow, Value::Count(value)) => entry.model.context_window = value,
            _ => {}
        }
    }
}

/// The problems shown under fields, by field.
#[derive(Clone, Copy)]
struct FieldErrors(RwSignal<Vec<(Field, String)>>);

impl FieldErrors {
    fn new() -> Self {
        Self(RwSignal::new(Vec::new()))
    }

    fn set(self, field: Field, problem: String) {
        self.0.update(|errors| {
            errors.retain(|(f, _)| *f != field);
            errors.push((field, problem));
        });
    }

    fn clear(self, field: Field) {
        if self.has_untracked(field) {
            self.0.update(|errors| errors.retain(|(f, _)| *f != field));
        }
    }

    fn has_untracked(self, field: Field) -> bool {
        self.0.with_untracked(|errors| errors.iter().any(|(f, _)| *f == field))
    }

    fn get(self, field: Field) -> Option<String> {
        self.0.with(|errors| errors.iter().find(|(f, _)| *f == field).map(|(_, problem)| problem.clone()))
    }
}
