//! "Conversation deleted — Undo", while a deletion can be taken back.

use leptos::prelude::*;

use crate::sessions::state::SessionsContext;

/// The toast shown after a deletion.
#[component]
pub(crate) fn UndoToast() -> impl IntoView {
    let sessions = SessionsContext::expect();
    view! {
        <div class="toast-region" role="status" aria-live="polite">
            {move || {
                sessions
                    .pending_delete
                    .get()
                    .map(|session| {
                        let text = format!("Deleted “{}”", session.title);
                        view! {
                            <div class="toast">
                                <span>{text}</span>
                                <button type="button" on:click=move |_| sessions.undo_delete()>
                                    "Undo"
                                </button>
                            </div>
                        }
                    })
            }}
        </div>
    }
}
