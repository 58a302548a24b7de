//! The knowledge bases a turn draws on: before the first request, the
//! passages that best match the user's question go with it (after the
//! agent's prompt, as the cited context block), the model is offered
//! `search_knowledge` to look again, and the reply keeps what it was given.
//! A search that fails (the worker or its chunk cannot load) leaves the turn
//! as it would be without bases: the model is asked all the same.

use std::cell::RefCell;
use std::rc::Rc;

use hearth_core::agent::AgentRecord;
use hearth_core::knowledge::context::{self, DEFAULT_BUDGET_TOKENS};
use hearth_core::knowledge::records::Retrieved;
use hearth_core::message::{ChatMessage, Role};
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;

use crate::knowledge::state::KnowledgeContext;
use crate::knowledge::state::code::{KnowledgeTurn, Query, knowledge_code};

/// The most passages sent before an answer.
const PASSAGES_BEFORE: u32 = 8;

/// How long a turn waits for its passages before it asks the model without
/// them (a worker that cannot load offline, an embedding server that does not
/// answer).
const GATHER_LIMIT_MS: i32 = 20_000;

/// What a turn with knowledge bases adds.
pub(super) struct Gathered {
    /// The cited context block, when any passage matched.
    pub(super) context: Option<String>,
    /// The passages sent.
    pub(super) passages: Vec<Retrieved>,
    /// The `search_knowledge` tool.
    pub(super) tool: ToolSpec,
    /// What the tool's calls search, and every passage given.
    pub(super) turn: KnowledgeTurn,
}

/// [`gather`], or only the tool when the passages take longer than
/// [`GATHER_LIMIT_MS`].
pub(super) async fn gather_in_time(
    knowledge: KnowledgeContext,
    agent: &AgentRecord,
    history: &[ChatMessage],
) -> Option<Gathered> {
    use futures::future::{Either, select};
    if agent.knowledge.is_empty() {
        return None;
    }
    let work = std::pin::pin!(gather(knowledge, agent, history));
    let limit = std::pin::pin!(crate::io::timer::sleep(GATHER_LIMIT_MS));
    match select(work, limit).await {
        Either::Left((gathered, _)) => gathered,
        Either::Right(((), _)) => Some(tool_only(knowledge, agent, Vec::new())),
    }
}

/// The tool alone, for a turn whose passages did not come.
fn tool_only(knowledge: KnowledgeContext, agent: &AgentRecord, names: Vec<String>) -> Gathered {
    let budget = agent.knowledge_budget.unwrap_or(DEFAULT_BUDGET_TOKENS);
    let turn =
        KnowledgeTurn { knowledge, bases: agent.knowledge.clone(), budget, given: Rc::default(), next: Rc::default() };
    Gathered { context: None, passages: Vec::new(), tool: context::tool_spec(&names), turn }
}

/// The passages for the last user message of `history` from `agent`'s bases;
/// `None` when it has none.
async fn gather(knowledge: KnowledgeContext, agent: &AgentRecord, history: &[ChatMessage]) -> Option<Gathered> {
    if agent.knowledge.is_empty() {
        return None;
    }
    let code = knowledge_code().await.ok();
    if let Some(code) = code {
        (code.connect)(knowledge).await;
    }
    let names: Vec<String> = knowledge.state().bases.with_untracked(|bases| {
        bases.iter().filter(|base| agent.knowledge.contains(&base.id)).map(|base| base.name.clone()).collect()
    });
    let budget = agent.knowledge_budget.unwrap_or(DEFAULT_BUDGET_TOKENS);
    let question = history.iter().rev().find(|message| message.role == Role::User).map(|m| m.content.clone());
    let given = Rc::new(RefCell::new(Vec::new()));
    let next = Rc::default();
    let turn = KnowledgeTurn { knowledge, bases: agent.knowledge.clone(), budget, given: given.clone(), next };
    let tool = context::tool_spec(&names);
    let question = question.filter(|question| !question.trim().is_empty());
    let (Some(question), Some(code)) = (question, code) else {
        return Some(Gathered { context: None, passages: Vec::new(), tool, turn });
    };
    let query = Query {
        bases: agent.knowledge.clone(),
        files: Vec::new(),
        text: question,
        budget,
        limit: PASSAGES_BEFORE,
        first_number: 1,
    };
    let passages = (code.retrieve)(knowledge, query).await.unwrap_or_default();
    given.borrow_mut().extend(passages.iter().cloned());
    let context = (!passages.is_empty()).then(|| (code.context)(&passages));
    Some(Gathered { context, passages, tool, turn })
}
