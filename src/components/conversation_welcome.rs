//! The empty state of a new (or cleared) conversation: who answers and an
//! invitation to start.

use leptos::prelude::*;

/// "How can I help you today?" with the agent's name, in an empty conversation.
#[component]
pub(crate) fn ConversationWelcome(
    /// The name of the agent that will answer (`None` while it loads).
    #[prop(into)]
    agent_name: Signal<Option<String>>,
) -> impl IntoView {
    view! {
        <section class="empty welcome" aria-labelledby="welcome-heading">
            {move || agent_name.get().map(|name| view! { <p class="welcome-agent">{name}</p> })}
            <h2 id="welcome-heading" class="welcome-heading">"How can I help you today?"</h2>
            <p class="welcome-note">"Nothing leaves this browser except the request to your provider."</p>
        </section>
    }
}
