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
    // How many of the latest messages to show, for the conversation whose first
    // message has this id; another conversation starts again at one window.
    let expanded = RwSignal::new((None::<String>, WINDOW));
    let first_id = Memo::new(move |_| chat.entries.with(|entries| entries.first().map(|e| e.id.clone())));
    let shown = move || expanded.with(|(id, count)| if *id == first_id.get() { *count } else { WINDOW });
    // Earlier versions of regenerated replies are not listed; their reply's
    // version arrows reach them.
    let listed = move || {
        chat.shown.with(|shown| {
            chat.entries
                .with(|entries| entries.iter().zip(shown).filter(|(_, on)| **on).map(|(e, _)| e.clone()).collect())
        })
    };
    let listed_count = Memo::new(move |_| chat.shown.with(|shown| shown.iter().filter(|on| **on).count()));
    let hidden = move || listed_count.get().saturating_sub(shown());
    let visible = move || {
        let listed: Vec<Entry> = listed();
        listed[listed.len().saturating_sub(shown())..].to_vec()
    };
    let show_earlier = move |_| expanded.set((first_id.get_untracked(), shown() + WINDOW));
    view! {
        <main class="scroller">
            <div class="conversation" role="log" aria-label="Conversation">
                <Show when=move || chat.entries.with(Vec::is_empty)>
                    <Show
                        when=move || chat.providers.list.with(Vec::is_empty)
                        fallback=|| {
                            view! {
                                <p class="empty">
                                    "Send a message to start. Nothing leaves this browser except the request to your provider."
                                </p>
                            }
                        }
                    >
                        <div class="empty">
                            <p>
                                "Add a provider to start: OpenAI, Anthropic, Gemini, or any OpenAI-compatible server, including Ollama or LM Studio on this computer."
                            </p>
                            <button type="button" class="primary" on:click=move |_| chat.providers.dialog_open.set(true)>
                                "Set up a provider"
                            </button>
                        </div>
                    </Show>
                </Show>
                <Show when=move || hidden() != 0>
                    <button type="button" class="earlier" on:click=show_earlier>
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
                        EntryKind::Assistant(reply) => view! { <AssistantMessage id=entry.id.clone() reply /> }.into_any(),
                    }}
                </For>
            </div>
        </main>
    }
}
