//! A question an MCP server asks the user during one of its tool calls
//! (elicitation), in the tool widget: which server asks and its message (as
//! plain text, never a link), then its form (`AskForm`) or the link it asks
//! to open (`AskLink`), both in `tool_ask/`. Decline says no in so many
//! words; Cancel dismisses it; Stop cancels it too. Built by code of the
//! `ask` chunk, fetched the first time a server asks.

mod ask_field;
mod ask_form;
mod ask_link;
mod ask_refusals;

use ask_form::AskForm;
use ask_link::AskLink;
use hearth_core::mcp::elicit::Elicitation;
use leptos::prelude::*;

use crate::i18n::{Arg, tr_with};
use crate::tools::state::pending_ask::PendingAsk;
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::next_id;

/// One server's question, waiting for the user.
#[component]
pub(crate) fn ToolAsk(
    /// The question: the server that asks, what it asks, and where the
    /// answer goes.
    pending: PendingAsk,
) -> impl IntoView {
    let server = pending.server.clone();
    let heading_id = format!("ask-{}", next_id());
    let heading =
        tr_with("tools-ask-heading", &[("server", Arg::Text(&server))], || format!("The MCP server {server} asks you"));
    let message = match &pending.elicitation {
        Elicitation::Form(form) => form.message.clone(),
        Elicitation::Url(ask) => ask.message.clone(),
    };
    let (labelled_by, group_labelled_by) = (heading_id.clone(), heading_id.clone());
    let body = match pending.elicitation.clone() {
        Elicitation::Form(form) => view! { <AskForm pending=pending.clone() form labelled_by /> }.into_any(),
        Elicitation::Url(ask) => view! { <AskLink pending=pending.clone() ask /> }.into_any(),
    };
    view! {
        <section class="tool-approval tool-ask" role="group" aria-labelledby=group_labelled_by>
            <p class="approval-question" id=heading_id>
                {heading}
            </p>
            <p class="ask-message">{message}</p>
            {body}
        </section>
    }
}

/// The question, built by code from the `ask` chunk (from a reply's tool
/// widget or the talk panel), so neither carries the forms' code.
#[wasm_split(ask, fallible)]
pub(crate) fn tool_ask_view(pending: PendingAsk) -> Result<AnyView, ChunkError> {
    Ok(view! { <ToolAsk pending /> }.into_any())
}
