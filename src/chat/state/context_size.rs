//! The context meter's figure: the estimated tokens of the next request
//! without the draft (system prompt, history as sent, tools) and the window
//! of the model that will answer. Reached only through the `reply` chunk's
//! [`super::code::ReplyCode`]: the agent's prompt template, the tools'
//! definitions and the estimate are code the first screen does not need, so
//! the meter shows once the chunk is in (once the message box has text, or a
//! stored reply is shown).

use hearth_core::compaction::{ActiveSummary, HistoryItem};
use leptos::prelude::*;

use super::{compaction, prompt};
use crate::agents::state::AgentsContext;
use crate::providers::state::ProvidersContext;
use crate::tools::state::ToolsContext;

/// What the figure is computed from; each read tracked by the memo that asks.
#[derive(Clone, Copy)]
pub(crate) struct ContextInputs {
    /// The conversation's items and the summary that applies.
    pub(crate) history: Memo<(Vec<HistoryItem>, Option<ActiveSummary>)>,
    /// The agent that will answer.
    pub(crate) agent_id: Memo<String>,
    pub(crate) agents: AgentsContext,
    pub(crate) providers: ProvidersContext,
    pub(crate) tools: ToolsContext,
}

/// The estimated tokens of the next request without the draft, and the window.
pub(super) fn context_size(inputs: ContextInputs) -> (u32, u32) {
    let ContextInputs { history, agent_id, agents, providers, tools } = inputs;
    let agent = agent_id.with(|id| agents.get_or_general(id));
    let entry = providers.entry_for(agent.model_config_id.as_deref());
    let window = entry.as_ref().map_or(hearth_core::compaction::FALLBACK_CONTEXT_WINDOW, |entry| {
        entry.model.effective_context_window(entry.preset())
    });
    let model = entry.map(|entry| entry.model.model).unwrap_or_default();
    let specs = tools.specs_for(agent.offered_tools());
    // The definitions of the agent's MCP tools.
    let mcp = tools.mcp.offered_tokens(agent.offered_tools());
    let system = prompt::Prompt { agent, project: tools, tools: specs.clone(), knowledge: None }.system_message(&model);
    let estimate = history.with(|(items, active)| compaction::estimate(system, items, active.as_ref(), &specs));
    (estimate.saturating_add(mcp), window)
}
