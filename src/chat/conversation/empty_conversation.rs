//! What an empty conversation shows: with no provider set up, what to add and
//! "Set up a provider"; else the welcome (`ConversationWelcome`).

use leptos::prelude::*;

use crate::chat::conversation_welcome::ConversationWelcome;
use crate::chat::state::ChatContext;
use crate::i18n::tr;

/// The empty state of the conversation (shown while it has no message).
#[component]
pub(crate) fn EmptyConversation(
    /// The name of the agent that will answer, for the welcome.
    agent_name: Signal<Option<String>>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    view! {
        <Show
            when=move || chat.providers.list.with(Vec::is_empty)
            fallback=move || view! { <ConversationWelcome agent_name /> }
        >
            <div class="empty">
                <p>
                    {tr("Add a provider to start: OpenAI, Anthropic, Gemini, or any OpenAI-compatible server, including Ollama or LM Studio on this computer.")}
                </p>
                <button type="button" class="primary" on:click=move |_| chat.providers.dialog_open.set(true)>
                    {tr("Set up a provider")}
                </button>
            </div>
        </Show>
    }
}
