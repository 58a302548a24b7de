//! What the conversation area shows when the address names a conversation this
//! browser does not have (deleted, or a link from another browser): a clear
//! "Conversation not found" and a way back to a conversation.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::sessions::state::SessionsContext;

/// "Conversation not found", announced, with "Start a new chat". Shown in place
/// of the conversation while [`SessionsContext::not_found`] holds an id; the
/// sidebar's list and Back are the other ways out. No props.
#[component]
pub(crate) fn ConversationNotFound() -> impl IntoView {
    let sessions = SessionsContext::expect();
    view! {
        <main class="scroller" aria-labelledby="not-found-heading">
            <section class="empty not-found" role="alert">
                <h2 id="not-found-heading" class="welcome-heading">{tr("Conversation not found")}</h2>
                <p>
                    {tr("This address names a conversation that is not in this browser. It may have been deleted, or it was made in another browser: conversations are stored only in the browser that made them.")}
                </p>
                <button type="button" class="primary" on:click=move |_| sessions.new_chat()>
                    {tr("Start a new chat")}
                </button>
            </section>
        </main>
    }
}
