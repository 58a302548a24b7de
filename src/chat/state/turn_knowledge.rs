//! The knowledge bases a turn draws on: before the first request, the
//! passages that best match the user's question go with it (after the
//! agent's prompt, as the cited context block), the model is offered
//! `search_knowledge` to look again, and the reply keeps what it was given.
//! All of it is the `knowledge` chunk's (`KnowledgeCode::gather`), so the
//! send path's chunk carries none of it. A search that
//! fails or takes too long (the worker or its chunk cannot load, an embedding
//! server that does not answer) leaves the turn as it would be without bases:
//! the model is asked all the same.

use hearth_core::agent::AgentRecord;
use hearth_core::knowledge::context::DEFAULT_BUDGET_TOKENS;
use hearth_core::knowledge::picks;
use hearth_core::message::{ChatMessage, Role};

use crate::knowledge::state::KnowledgeContext;
use crate::knowledge::state::code::{Asked, Gathered, knowledge_code};

/// How long a turn waits for its passages before it asks the model without
/// them.
const GATHER_LIMIT_MS: i32 = 20_000;

/// What `agent`'s bases (or those the question picks) add to a turn whose
/// history is `history`, within [`GATHER_LIMIT_MS`]; `None` when it has
/// none, or they did not come.
pub(super) async fn gather_in_time(
    knowledge: KnowledgeContext,
    agent: &AgentRecord,
    history: &[ChatMessage],
) -> Option<Gathered> {
    use futures::future::{Either, select};
    let question = history.iter().rev().find(|message| message.role == Role::User).map(|m| m.content.clone());
    // A question that picks a base or file with `#` searches it, whatever the agent's
    // bases (only where this browser has any: a hashtag loads nothing).
    let picks = question.as_deref().is_some_and(|question| !picks::picked_names(question).is_empty());
    if agent.knowledge.is_empty() && !(picks && crate::io::knowledge::exists().await) {
        return None;
    }
    let asked = Asked {
        bases: agent.knowledge.clone(),
        budget: agent.knowledge_budget.unwrap_or(DEFAULT_BUDGET_TOKENS),
        question,
    };
    let work = std::pin::pin!(async move {
        let code = knowledge_code().await.ok()?;
        (code.gather)(knowledge, asked).await
    });
    let limit = std::pin::pin!(crate::io::timer::sleep(GATHER_LIMIT_MS));
    match select(work, limit).await {
        Either::Left((gathered, _)) => gathered,
        Either::Right(((), _)) => None,
    }
}
