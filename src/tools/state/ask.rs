//! A server's question to the user during one of its tool calls (MCP
//! elicitation: a form to fill in, or a link to open), put in [`asks`],
//! where the tool widget shows it; the call waits for the answer. The list is
//! made at its first use (by the send path's chunk), under an owner of its
//! own that lives as long as the page, so the first load carries none of it. Stop, or [`ASK_LIMIT_MS`]
//! without an answer, cancel the question (the server is told `cancel`).
//! Nothing is stored while it waits, as with an approval.

use std::cell::OnceCell;
use std::rc::Rc;

use futures::channel::oneshot;
use futures::future::{Either, select};
use hearth_core::mcp::elicit::Answer;
use hearth_core::storage::ToolCallRecord;
use leptos::prelude::*;
use web_sys::AbortSignal;

use super::pending_ask::PendingAsk;
use crate::io::abort::aborted;
use crate::io::timer::sleep;
use crate::mcp::state::asking::Asker;

/// How long a question waits for the user before it is cancelled: ten
/// minutes, as long as the reference server waits.
pub(crate) const ASK_LIMIT_MS: i32 = 600_000;

thread_local! {
    /// The list, and the owner it lives under (kept: dropping the owner would
    /// dispose of the list).
    static ASKS: OnceCell<(Owner, RwSignal<Vec<PendingAsk>>)> = const { OnceCell::new() };
}

/// The questions MCP servers ask the user during calls, in the order asked.
pub(crate) fn asks() -> RwSignal<Vec<PendingAsk>> {
    ASKS.with(|asks| {
        asks.get_or_init(|| {
            let owner = Owner::new_root(None);
            let list = owner.with(|| RwSignal::new(Vec::new()));
            (owner, list)
        })
        .1
    })
}

/// The asker of the call `call_id` to `server`'s tool: each question is
/// listed in [`asks`] until answered, stopped (`signal`) or given up.
pub(crate) fn asker(call_id: &str, server: &str, signal: Option<AbortSignal>) -> Asker {
    let (call_id, server) = (call_id.to_owned(), server.to_owned());
    Rc::new(move |elicitation| {
        let (pending, receiver) = PendingAsk::new(call_id.clone(), server.clone(), elicitation);
        let signal = signal.clone();
        Box::pin(async move {
            if signal.as_ref().is_some_and(AbortSignal::aborted) {
                return Answer::Cancel;
            }
            asks().update(|list| list.push(pending.clone()));
            let ended = select(Box::pin(aborted(signal)), Box::pin(sleep(ASK_LIMIT_MS)));
            let answer = match select(receiver, ended).await {
                Either::Left((Ok(answer), _)) => answer,
                Either::Left((Err(oneshot::Canceled), _)) | Either::Right(_) => Answer::Cancel,
            };
            asks().update(|list| list.retain(|asked| *asked != pending));
            answer
        })
    })
}

/// The questions servers ask during the calls among `calls` that are still
/// running, while `live` (a reply that streams) holds; none otherwise.
pub(crate) fn asked_during(
    calls: RwSignal<Vec<ToolCallRecord>>,
    live: impl Fn() -> bool + Send + Sync + 'static,
) -> Memo<Vec<PendingAsk>> {
    Memo::new(move |_| {
        if !live() {
            return Vec::new();
        }
        calls.with(|calls| {
            let running = |id: &str| calls.iter().any(|call| call.id == id && call.result.is_none());
            asks().with(|list| list.iter().filter(|ask| running(&ask.call_id)).cloned().collect())
        })
    })
}

/// Cancels the questions still waiting of the call `call_id`, once it has
/// ended: nobody can answer its server any more.
pub(crate) fn cancel_for(call_id: &str) {
    let left: Vec<PendingAsk> =
        asks().with_untracked(|list| list.iter().filter(|ask| ask.call_id == call_id).cloned().collect());
    for ask in left {
        ask.answer(Answer::Cancel);
    }
}
