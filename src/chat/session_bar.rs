//! The open conversation's title, the outline of its branches (when it has
//! any), its Markdown export (with the other versions too) and Clear
//! conversation; and the dialogs of the `branches` chunk once first opened.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::branches::branch_panel::branch_panel_view;
use crate::chat::state::{BranchPanel, ChatContext};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::dialogs::confirm;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;
use crate::ui::icon::{Icon, IconName};
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
    let clear_title =
        move || if empty() { tr("The conversation is already empty") } else { tr("Delete all its messages") };
    // Nothing is deleted without the user's OK; a reply still arriving in
    // this conversation is stopped first (see `ChatContext::clear`).
    let clear = move |_| {
        let Some(session) = record.get_untracked() else { return };
        let question = tr_with("chat-clear-confirm", &[("title", Arg::Text(&session.title))], || {
            format!(
                "Clear the conversation \u{201c}{}\u{201d}? All its messages will be deleted; the conversation stays in the list, empty. This cannot be undone.",
                session.title
            )
        });
        if confirm(&question) {
            spawn_local(chat.clear());
        }
    };
    let open_outline = move || chat.branch_panel.set(Some(BranchPanel::Outline));
    view! {
        <Show when=move || record.with(Option::is_some)>
            <section class="session-bar" aria-label=tr("Open conversation")>
                <h2 class="session-title">{move || record.get().map(|s| s.title).unwrap_or_default()}</h2>
                // On a phone each action shows only its icon (CSS); its text stays its name.
                <button type="button" class="session-action" title=tr("Export as Markdown") on:click=move |_| export(false)>
                    <Icon name=IconName::Download />
                    <span class="button-label">{tr("Export as Markdown")}</span>
                </button>
                <Show when=branched>
                    <button
                        type="button"
                        class="session-action"
                        aria-haspopup="dialog"
                        title=tr("Every place this conversation forks, to show any branch")
                        on:click=move |_| open_outline()
                    >
                        <Icon name=IconName::GitBranch />
                        <span class="button-label">{tr("Branches")}</span>
                    </button>
                    <button
                        type="button"
                        class="session-action"
                        title=tr("The branch shown, then every other version as an appendix")
                        on:click=move |_| export(true)
                    >
                        <Icon name=IconName::Layers />
                        <span class="button-label">{tr("Export with other versions")}</span>
                    </button>
                </Show>
                <button
                    type="button"
                    class="session-action"
                    disabled=empty
                    title=clear_title
                    on:click=clear
                >
                    <Icon name=IconName::Trash />
                    <span class="button-label">{tr("Clear conversation")}</span>
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
