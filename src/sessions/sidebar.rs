//! The conversations sidebar: New chat, search over all messages, and the list,
//! pinned first, then newest first.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::sessions::search_results::search_results_view;
use crate::sessions::session_item::SessionItem;
use crate::sessions::state::{FIRST_ROWS, SessionsContext};
use crate::ui::icon::{Icon, IconName};
use crate::ui::lazy::Lazy;

/// Sessions shown before "Show more".
const PAGE: usize = 100;

/// The sidebar.
#[component]
pub(crate) fn Sidebar(
    /// Whether the sidebar is shown on narrow screens. Close conversations,
    /// New chat and opening a conversation or a search result set it to false.
    open: RwSignal<bool>,
) -> impl IntoView {
    let sessions = SessionsContext::expect();
    let query = RwSignal::new(String::new());
    let shown = RwSignal::new(PAGE);
    let sorted = Memo::new(move |_| sessions.sorted());
    let has_more = move || sorted.with(Vec::len) > shown.get();
    let rows = move || if sessions.painted.get() { shown.get() } else { shown.get().min(FIRST_ROWS) };
    let new_chat = move |_| {
        sessions.new_chat();
        open.set(false);
    };
    view! {
        <nav class="sidebar" aria-label=tr("Conversations")>
            <button
                type="button"
                class="icon-button sidebar-close"
                aria-label=tr("Close conversations")
                title=tr("Close conversations")
                on:click=move |_| open.set(false)
            >
                <Icon name=IconName::Close />
            </button>
            <button type="button" class="primary new-chat" on:click=new_chat>
                <Icon name=IconName::Plus />
                {tr("New chat")}
            </button>
            <input
                type="search"
                class="search"
                aria-label=tr("Search conversations")
                placeholder=tr("Search all messages")
                bind:value=query
                on:focus=|_| crate::store::ready_search()
            />
            <Show
                when=move || query.with(|q| q.trim().is_empty())
                fallback=move || view! { <Lazy load=move || search_results_view(query, open) /> }
            >
                <ul class="session-list" aria-label=tr("Conversation list")>
                    <For
                        each=move || sorted.get().into_iter().take(rows())
                        key=|session| (session.id.clone(), session.title.clone(), session.pinned)
                        let:session
                    >
                        <SessionItem session sidebar_open=open />
                    </For>
                </ul>
                // Under the whole first page, not under its first rows.
                <Show when=move || sessions.painted.get() && has_more()>
                    <button type="button" class="more" on:click=move |_| shown.update(|n| *n += PAGE)>
                        {tr("Show more conversations")}
                    </button>
                </Show>
                <Show when=move || sessions.ready.get() && sorted.with(Vec::is_empty)>
                    <p class="hint">{tr("Your conversations will appear here. They are stored only in this browser.")}</p>
                </Show>
            </Show>
        </nav>
    }
}
