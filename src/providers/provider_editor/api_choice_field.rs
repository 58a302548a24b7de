//! Which of OpenAI's chat APIs an OpenAI-family account speaks: Chat
//! Completions, Responses, or "Automatic" (Responses only for the models
//! OpenAI documents as answering nowhere else; see
//! `hearth_core::provider::needs_responses`). Anthropic and Gemini accounts
//! have one API and do not show it.

use hearth_core::provider::{ApiChoice, Preset, ProviderKind};
use leptos::prelude::*;

use super::edited::EditedEntry;
use crate::i18n::tr;

/// The choices: the stored value and the label (shown through `tr`; the API
/// names stay as they are).
const CHOICES: [(ApiChoice, &str, &str); 3] = [
    (ApiChoice::Auto, "auto", "Automatic (Responses where the model needs it)"),
    (ApiChoice::ChatCompletions, "chat_completions", "Chat Completions"),
    (ApiChoice::Responses, "responses", "Responses"),
];

/// A select named "API", for OpenAI-family accounts only.
#[component]
pub(crate) fn ApiChoiceField(
    /// The account edited.
    form: EditedEntry,
    /// The account's type (only the OpenAI family has a choice).
    preset: Memo<Preset>,
) -> impl IntoView {
    let current = move || form.entry.with(|e| e.as_ref().map_or(ApiChoice::Auto, |e| e.provider.api));
    let choose = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let api = CHOICES.iter().find(|(_, id, _)| *id == value).map_or(ApiChoice::Auto, |(api, _, _)| *api);
        form.edit(move |entry| entry.provider.api = api);
    };
    view! {
        <Show when=move || preset.get().kind() == ProviderKind::OpenAi>
            <label class="field">
                <span>{tr("API")}</span>
                <select on:change=choose>
                    {CHOICES
                        .into_iter()
                        .map(|(api, id, label)| {
                            view! {
                                <option value=id selected=move || current() == api>
                                    {tr(label)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
        </Show>
    }
}
