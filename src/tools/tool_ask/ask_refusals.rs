//! The two ways to say no to a server's question, under its form or link:
//! Decline (no, in so many words) and Cancel (dismissed, no choice made).

use hearth_core::mcp::elicit::Answer;
use leptos::prelude::*;

use crate::i18n::tr;
use crate::tools::state::pending_ask::PendingAsk;

/// Decline and Cancel, each answering the question.
#[component]
pub(super) fn AskRefusals(
    /// The question they answer.
    pending: StoredValue<PendingAsk>,
) -> impl IntoView {
    let answer = move |answer: Answer| pending.with_value(|pending| pending.answer(answer));
    view! {
        <button type="button" on:click=move |_| answer(Answer::Decline)>
            {tr("Decline")}
        </button>
        <button type="button" on:click=move |_| answer(Answer::Cancel)>
            {tr("Cancel")}
        </button>
    }
}
