//! The page: header, provider settings, the conversation and the composer.

use leptos::prelude::*;

use crate::chat::ChatContext;
use crate::components::composer::Composer;
use crate::components::conversation::Conversation;
use crate::components::provider_form::ProviderForm;

/// The whole app.
#[component]
pub(crate) fn App() -> impl IntoView {
    provide_context(ChatContext::new());
    view! {
        <div class="app">
            <header class="topbar">
                <h1 class="brand">"Hearth"</h1>
                <ProviderForm />
            </header>
            <Conversation />
            <Composer />
        </div>
    }
}
