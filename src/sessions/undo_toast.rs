//! "Deleted “title” — Undo", while a conversation's deletion can be taken
//! back, and "Deleted 3 messages — Undo" for a pruned branch.

use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::i18n::{Arg, tr, tr_with};
use crate::sessions::state::SessionsContext;

/// The toasts shown after a deletion.
#[component]
pub(crate) fn UndoToast() -> impl IntoView {
    let sessions = SessionsContext::expect();
    let chat = ChatContext::expect();
    let deleted = move || {
        let title = sessions.pending_delete.with(|pending| pending.as_ref().map(|session| session.title.clone()))?;
        let text = tr_with("sessions-deleted", &[("title", Arg::Text(&title))], || format!("Deleted “{title}”"));
        Some(toast(text, move || sessions.undo_delete()))
    };
    let pruned = move || {
        let text = chat.prune_note.get();
        (!text.is_empty()).then(|| toast(text, move || chat.undo_prune()))
    };
    view! {
        <div class="toast-region" role="status" aria-live="polite">
            {deleted}
            {pruned}
        </div>
    }
}

/// One toast: what was deleted, and Undo.
fn toast(text: String, undo: impl Fn() + 'static) -> impl IntoView {
    view! {
        <div class="toast">
            <span>{text}</span>
            <button type="button" on:click=move |_| undo()>
                {tr("Undo")}
            </button>
        </div>
    }
}
