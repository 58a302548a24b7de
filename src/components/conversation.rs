//! The message list, a live log that screen readers follow.

use leptos::prelude::*;

use crate::chat::{ChatContext, Entry};
use crate::components::assistant_message::AssistantMessage;
use crate::components::user_message::UserMessage;

/// All messages, oldest first. The scroller is reversed in CSS so that it stays
/// pinned to the bottom while an answer grows.
#[component]
pub(crate) fn Conversation() -> impl IntoView {
    let chat = ChatContext::expect();
    view! {
        <main class="scroller">
            <div class="conversation" role="log" aria-label="Conversation">
                <Show when=move || chat.entries.with(Vec::is_empty)>
                    <p class="empty">"Set a provider above, then send a message. Nothing leaves this browser except the request to that provider."</p>
                </Show>
                <For each=move || chat.entries.get() key=Entry::id let:entry>
                    {match entry {
                        Entry::User { text, .. } => view! { <UserMessage text /> }.into_any(),
                        Entry::Assistant(reply) => view! { <AssistantMessage reply /> }.into_any(),
                    }}
                </For>
            </div>
        </main>
    }
}
