//! The open conversation's title, the outline of its branches (when it has
//! any), its Markdown export (with the other versions too) and Clear
//! conversation; and the dialogs of the `branches` chunk once first opened.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::branches::branch_panel::branch_panel_view;
use crate::chat::state::{BranchPanel, ChatContext};
use crate::io::dialogs::confirm;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;
use crate::ui::lazy_once::LazyOnce;

/// A thin bar above the conversation, shown once it is stored.
#[component]
pub(crate) fn SessionBar() -> impl IntoView {
    let sessions = SessionsContext::expect();
    let store = StoreContext::expect();
    let chat = ChatContext::expect();
    let record = Memo::new(move |_| {
        let id = sessions.current.get()?;
        sessions.list.with(|list| list.iter().find(|s| s.id == id).cloned())
    });
    let export = move |with_versions: bool| {
        if let Some(session) = record.get_untracked() {
            spawn_local(async move {
                if let Err(error) = store.export_markdown(session, with_versions).await {
                    store.report(error);
                }
            });
        }
    };
    // Whether the conversation has branches not shown, which the export can add.
    let branched = move || chat.shown.with(|shown| shown.iter().any(|shown| !shown));
    let empty = move || chat.entries.with(Vec::is_empty);
    // Nothing is deleted without the user's OK; a reply still arriving in
    // this conversation is stopped first (see `ChatContext::clear`).
    let clear = move |_| {
        let Some(session) = record.get_untracked() else { return };
        let question = format!(
            "Clear the conversation \u{201c}{}\u{201d}? All its messages will be deleted; the conversation stays in the list, empty. This cannot be undone.",
            session.title
        );
        if confirm(&question) {
            spawn_local(chat.clear());
        }
    };
    view! {
        <Show when=move || record.with(Option::is_some)>
            <section class="session-bar" aria-label="Open conversation">
                <h2 class="session-title">{move || record.get().map(|s| s.title).unwrap_or_default()}</h2>
                <button type="button" on:click=move |_| export(false)>
                    "Export as Markdown"
                </button>
                <Show when=branched>
                    <button
                        type="button"
                        aria-haspopup="dialog"
                        title="Every place this conversation forks, to show any branch"
                        on:click=move |_| chat.branch_panel.set(Some(BranchPanel::Outline))
                    >
                        "Branches"
                    </button>
                    <button
                        type="button"
                        title="The branch shown, then every other version as an appendix"
                        on:click=move |_| export(true)
                    >
                        "Export with other versions"
                    </button>
                </Show>
                <button
                    type="button"
                    disabled=empty
                    title=move || if empty() { "The conversation is already empty" } else { "Delete all its messages" }
                    on:click=clear
                >
                    "Clear conversation"
                </button>
                <LazyOnce
                    when=Signal::derive(move || chat.branch_panel.with(Option::is_some))
                    on_close=Callback::new(move |()| chat.branch_panel.set(None))
                    load=branch_panel_view
                />
            </section>
        </Show>
    }
}
