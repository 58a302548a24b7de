//! "Compact": summarises the older part of the open conversation now, as the
//! next request would once the context window fills (see `chat::state::compaction`).

use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::i18n::tr;

/// The button, named "Compact conversation". Off while a reply streams or a
/// summary is being written (the composer shows it only once the conversation
/// has a message).
#[component]
pub(crate) fn CompactButton() -> impl IntoView {
    let chat = ChatContext::expect();
    view! {
        <button
            type="button"
            class="compact"
            aria-label=tr("Compact conversation")
            title=tr("Summarise earlier messages now; they stay here, and requests send the summary")
            disabled=move || chat.busy.get()
            on:click=move |_| chat.compact()
        >
            {tr("Compact")}
        </button>
    }
}
