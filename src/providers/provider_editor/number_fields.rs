//! The provider form's numbers: Temperature, Max tokens and Top-p in a row,
//! then the context window (its hint names the model's default). A number
//! that cannot be used is explained under its field and not stored (what was
//! typed stays in the field).

use hearth_core::compaction::FALLBACK_CONTEXT_WINDOW;
use hearth_core::format::grouped;
use leptos::prelude::*;

use super::edited::{EditedEntry, Field, FieldErrors};
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::text_field::TextField;

/// The sampling settings and the context window of the account edited.
#[component]
pub(crate) fn NumberFields(
    /// The account edited.
    form: EditedEntry,
    /// The problems shown under the fields.
    errors: FieldErrors,
) -> impl IntoView {
    let providers = form.providers;
    let entry = form.entry;
    let number = move |typed: String, field: Field| {
        let typed = typed.trim();
        match field.parse(typed) {
            Ok(value) => {
                errors.clear(field);
                providers.saving.accepted(field.label());
                form.edit(move |entry| field.store(entry, value));
            }
            Err(refused) => {
                let problem = refused.message(tr(field.label()));
                providers.saving.refused(field.label(), problem.clone());
                errors.set(field, problem);
            }
        }
    };
    view! {
        <div class="field-row">
            {[Field::Temperature, Field::MaxTokens, Field::TopP]
                .into_iter()
                .map(|field| {
                    view! {
                        <div class="field-group">
                            <TextField
                                label=tr(field.label())
                                inputmode=field.input_mode()
                                value=move || entry.with(|e| e.as_ref().map(|e| field.show(e)).unwrap_or_default())
                                placeholder=tr("Default")
                                error=move || errors.get(field)
                                on_change=Callback::new(move |typed: String| number(typed, field))
                            />
                        </div>
                    }
                })
                .collect_view()}
        </div>
        <TextField
            label=tr(Field::ContextWindow.label())
            inputmode=Field::ContextWindow.input_mode()
            value=move || entry.with(|e| e.as_ref().map(|e| Field::ContextWindow.show(e)).unwrap_or_default())
            placeholder=tr("Default")
            error=move || errors.get(Field::ContextWindow)
            hint=Signal::derive(move || {
                let window = entry.with(|e| {
                    e.as_ref().map_or(FALLBACK_CONTEXT_WINDOW, |e| {
                        let mut default = e.model.clone();
                        default.context_window = None;
                        default.effective_context_window(e.preset())
                    })
                });
                tr_with("providers-context-window-hint", &[("tokens", Arg::Number(f64::from(window)))], || {
                    format!(
                        "Empty: {} tokens, this model's default. Long conversations are compacted before they fill it.",
                        grouped(window.into()),
                    )
                })
            })
            on_change=Callback::new(move |typed: String| number(typed, Field::ContextWindow))
        />
    }
}
