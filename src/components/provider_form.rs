//! The provider settings: base URL, API key and model of an OpenAI-compatible API.

use leptos::prelude::*;

use crate::chat::ChatContext;
use crate::sessions::SessionsContext;

/// Three labelled fields bound to the chat's provider settings.
#[component]
pub(crate) fn ProviderForm() -> impl IntoView {
    let settings = ChatContext::expect().settings;
    let sessions = SessionsContext::expect();
    // Saved when a field is committed (change), not on every keystroke.
    let save = move |_| sessions.save_provider_settings(settings);
    view! {
        <form class="provider-form" aria-label="Provider" on:submit=|ev| ev.prevent_default() on:change=save>
            <label class="field">
                <span>"Base URL"</span>
                <input
                    type="url"
                    bind:value=settings.base_url
                    placeholder="https://api.openai.com/v1"
                    autocomplete="url"
                    spellcheck="false"
                />
            </label>
            <label class="field">
                <span>"API key"</span>
                <input
                    type="password"
                    bind:value=settings.api_key
                    placeholder="sk-…"
                    autocomplete="off"
                    spellcheck="false"
                />
            </label>
            <label class="field">
                <span>"Model"</span>
                <input type="text" bind:value=settings.model placeholder="gpt-4o-mini" spellcheck="false" />
            </label>
        </form>
    }
}
