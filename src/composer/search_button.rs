//! "Search the web": whether the next messages are answered with the
//! provider's own web search (see `hearth_core::provider::ModelConfig::web_search`).
//! It starts from the agent's default and is pressed while on; the choice
//! holds for the next messages until the agent changes.

use leptos::prelude::*;

use crate::chat::state::{ChatContext, MessageOverrides};
use crate::i18n::tr;

/// The toggle, named "Search the web" (pressed while on).
#[component]
pub(crate) fn SearchButton() -> impl IntoView {
    let chat = ChatContext::expect();
    let on = move || chat.reply_options().web_search;
    let toggle = move |_| {
        let next = !untrack(on);
        chat.overrides.update(|overrides| *overrides = MessageOverrides { web_search: Some(next), ..*overrides });
    };
    view! {
        <button
            type="button"
            class="compact"
            aria-label=tr("Search the web")
            title=tr("Answer with the provider's own web search, with sources")
            aria-pressed=move || if on() { "true" } else { "false" }
            on:click=toggle
        >
            {tr("Search")}
        </button>
    }
}
