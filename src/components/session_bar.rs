//! The open conversation's title and its Markdown export.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::sessions::SessionsContext;
use crate::store::StoreContext;

/// A thin bar above the conversation, shown once it is stored.
#[component]
pub(crate) fn SessionBar() -> impl IntoView {
    let sessions = SessionsContext::expect();
    let store = StoreContext::expect();
    let record = Memo::new(move |_| {
        let id = sessions.current.get()?;
        sessions.list.with(|list| list.iter().find(|s| s.id == id).cloned())
    });
    let export = move |_| {
        if let Some(session) = record.get_untracked() {
            spawn_local(async move {
                if let Err(error) = store.export_markdown(session).await {
                    store.report(error);
                }
            });
        }
    };
    view! {
        <Show when=move || record.with(Option::is_some)>
            <div class="session-bar">
                <h2 class="session-title">{move || record.get().map(|s| s.title).unwrap_or_default()}</h2>
                <button type="button" on:click=export>
                    "Export as Markdown"
                </button>
            </div>
        </Show>
    }
}
