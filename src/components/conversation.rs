//! The open conversation, a live log that screen readers follow.

use leptos::prelude::*;

use crate::chat::{ChatContext, Entry, EntryKind};
use crate::components::assistant_message::AssistantMessage;
use crate::components::user_message::UserMessage;

/// Messages shown at first, and added by each "Show earlier messages".
const WINDOW: usize = 60;

/// The open conversation's latest messages, oldest first; earlier ones on request,
/// so that a conversation of thousands of messages opens as fast as a short one.
/// The scroller is reversed in CSS so that it stays pinned to the bottom while an
/// answer grows.
#[component]
pub(crate) fn Conversation() -> impl IntoView {
    let chat = ChatContext::expect();
    let shown = RwSignal::new(WINDOW);
    // A different conversation starts with the latest window again.
    let first_id = Memo::new(move |_| chat.entries.with(|entries| entries.first().map(|e| e.id.clone())));
    Effect::new(move |_| {
        first_id.track();
        shown.set(WINDOW);
    });
    let hidden = move || chat.entries.with(Vec::len).saturating_sub(shown.get());
    let visible = move || chat.entries.with(|entries| entries[entries.len().saturating_sub(shown.get())..].to_vec());
    view! {
        <main class="scroller">
            <div class="conversation" role="log" aria-label="Conversation">
                <Show when=move || chat.entries.with(Vec::is_empty)>
                    <p class="empty">
                        "Set a provider above, then send a message. Nothing leaves this browser except the request to that provider."
                    </p>
                </Show>
                <Show when=move || hidden() != 0>
                    <button type="button" class="earlier" on:click=move |_| shown.update(|n| *n += WINDOW)>
                        {move || format!("Show earlier messages ({})", hidden())}
                    </button>
                </Show>
                <For each=visible key=|entry: &Entry| entry.id.clone() let:entry>
                    {match entry.kind {
                        EntryKind::User(text) => view! { <UserMessage text /> }.into_any(),
                        EntryKind::System(text) => {
                            view! {
                                <article class="message system" aria-label="System">
                                    <p class="user-text">{text}</p>
                                </article>
                            }
                                .into_any()
                        }
                        EntryKind::Assistant(reply) => view! { <AssistantMessage reply /> }.into_any(),
                    }}
                </For>
            </div>
        </main>
    }
}
