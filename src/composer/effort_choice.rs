//! The reasoning effort of the next messages: the agent's default, or low,
//! medium or high for a reasoning model (see
//! `hearth_core::provider::ModelConfig::effort`). The choice holds for the
//! next messages until the agent changes.

use hearth_core::contract::Effort;
use leptos::prelude::*;

use crate::chat::state::{ChatContext, MessageOverrides};
use crate::i18n::tr;

/// The choices, by value: the provider's default and the three efforts (the
/// labels are translated where shown).
const CHOICES: [(&str, &str); 4] =
    [("", "Effort: default"), ("low", "Effort: low"), ("medium", "Effort: medium"), ("high", "Effort: high")];

/// A select named "Reasoning effort".
#[component]
pub(crate) fn EffortChoice() -> impl IntoView {
    let chat = ChatContext::expect();
    let current = move || chat.reply_options().effort.map_or("", Effort::as_str);
    let choose = move |ev: leptos::ev::Event| {
        let effort = match event_target_value(&ev).as_str() {
            "low" => Some(Effort::Low),
            "medium" => Some(Effort::Medium),
            "high" => Some(Effort::High),
            _ => None,
        };
        chat.overrides.update(|overrides| *overrides = MessageOverrides { effort: Some(effort), ..*overrides });
    };
    view! {
        <select
            class="effort-choice"
            aria-label=tr("Reasoning effort")
            title=tr("How hard a reasoning model thinks before answering")
            prop:value=current
            on:change=choose
        >
            {CHOICES
                .into_iter()
                .map(|(value, label)| view! { <option value=value>{tr(label)}</option> })
                .collect_view()}
        </select>
    }
}
