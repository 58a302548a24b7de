//! The tools the model may call: which ones the agent enabled, the user's own
//! tools, and (in [`run`]) running a call in the browser.
//!
//! Definitions, validation and the loop are in `hearth_core::tools`; this module
//! keeps the reactive state the Tools dialog edits, and [`settings`] stores it
//! through the store: each user tool as its own setting record
//! (`user_tool:<id>`), so backups carry them, and the project's files as
//! project-file records, one per file. Which tools an agent offers, its round
//! limit and its "ask before running" choices are on its agent record
//! (`AgentsContext`). In [`approval`], calls that must ask the user first wait
//! for the answer.

pub(crate) mod approval;
pub(crate) mod ask;
pub(crate) mod pending;
pub(crate) mod pending_ask;
pub(crate) mod run;
pub(crate) mod settings;

use hearth_core::agent::AgentRecord;
use hearth_core::mcp::progress::Progress;
use hearth_core::storage::ProjectFileRecord;
use std::collections::BTreeSet;

use hearth_core::tools::{MCP_TOOL_PREFIX, OfferedMcpTool, ToolSpec, UserTool, enabled_specs, offered_mcp_tools};
use leptos::prelude::*;

use self::pending::PendingApproval;
use crate::agents::state::AgentsContext;
use crate::knowledge::state::KnowledgeContext;
use crate::mcp::state::McpContext;
use crate::store::StoreContext;

/// The user's tools, the project files and the approvals waiting; `Copy`,
/// provided through context.
#[derive(Clone, Copy)]
pub(crate) struct ToolsContext {
    store: StoreContext,
    /// The agents, whose records say which tools they offer.
    pub(crate) agents: AgentsContext,
    /// The MCP servers, whose tools agents may offer.
    pub(crate) mcp: McpContext,
    /// The knowledge bases, which agents may search.
    pub(crate) knowledge: KnowledgeContext,
    /// The user's own tools, in the order they were made.
    pub(crate) user_tools: RwSignal<Vec<UserTool>>,
    /// The project's files (read by the read-a-file tool), by name.
    pub(crate) files: RwSignal<Vec<ProjectFileRecord>>,
    /// Whether the Tools dialog is open.
    pub(crate) dialog_open: RwSignal<bool>,
    /// The calls waiting for the user's approval, in the order they asked.
    pub(crate) approvals: RwSignal<Vec<PendingApproval>>,
    /// What running calls reported of their progress, by call id (an MCP
    /// server's `notifications/progress`), until they end.
    pub(crate) progress: RwSignal<Vec<(String, Progress)>>,
}

impl ToolsContext {
    /// Nothing loaded yet ([`ToolsContext::load`] loads it); reloaded when
    /// another tab imports or clears everything.
    pub(crate) fn new(
        store: StoreContext,
        agents: AgentsContext,
        mcp: McpContext,
        knowledge: KnowledgeContext,
    ) -> Self {
        let this = Self {
            store,
            agents,
            mcp,
            knowledge,
            user_tools: RwSignal::new(Vec::new()),
            files: RwSignal::new(Vec::new()),
            dialog_open: RwSignal::new(false),
            approvals: RwSignal::new(Vec::new()),
            progress: RwSignal::new(Vec::new()),
        };
        store.reload_on_bulk_change(move || this.load());
        this
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Whether calls of the tool `name` ask before running for `agent`
    /// (tracked on the user's tools): the agent's choice, else the default for
    /// the tool.
    pub(crate) fn asks_before_running(self, agent: &AgentRecord, name: &str) -> bool {
        self.user_tools.with(|user_tools| agent.asks(name, user_tools))
    }

    /// The built-in and user tools' definitions `agent` offers the model on
    /// the next turn (none for an app agent). Its MCP tools are added by the
    /// turn ([`ToolsContext::mcp_tools`]), whose code is in the reply's chunk.
    pub(crate) fn specs(self, agent: &AgentRecord) -> Vec<ToolSpec> {
        untrack(|| self.specs_for(agent.offered_tools()))
    }

    /// The MCP tools `agent` offers the model besides `others` (the other
    /// tools' definitions, whose names they do not take), and where each call
    /// goes; reads the servers first if they are not read yet.
    pub(crate) async fn mcp_tools(self, agent: &AgentRecord, others: &[ToolSpec]) -> Vec<OfferedMcpTool> {
        if !agent.offered_tools().iter().any(|key| key.starts_with(MCP_TOOL_PREFIX)) {
            return Vec::new();
        }
        self.mcp.ensure_loaded().await;
        let taken: BTreeSet<String> = others.iter().map(|spec| spec.name.clone()).collect();
        self.mcp.servers.with_untracked(|servers| offered_mcp_tools(agent.offered_tools(), servers, &taken))
    }

    /// The definitions of the tools named `enabled`, tracking the user's own
    /// tools (for a view, such as the agent editor's preview).
    pub(crate) fn specs_for(self, enabled: &[String]) -> Vec<ToolSpec> {
        self.user_tools.with(|user_tools| enabled_specs(enabled, user_tools))
    }
}
