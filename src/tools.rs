//! The tools the model may call: which ones the agent enabled, the user's own
//! tools, and (in [`run`]) running a call in the browser.
//!
//! Definitions, validation and the loop are in `hearth_core::tools`; this module
//! keeps the reactive state the Tools dialog edits, and [`settings`] stores it
//! through the store: the enabled names and round limit on the General
//! Assistant's agent record, each user tool as its own setting record
//! (`user_tool:<id>`), so backups carry them. The project's files are
//! project-file records, one per file. In [`approval`], calls that must ask the
//! user first wait for the answer.

pub(crate) mod approval;
pub(crate) mod run;
pub(crate) mod settings;

use hearth_core::storage::{AgentRecord, ProjectFileRecord};
use hearth_core::tools::{LoopConfig, ToolSpec, UserTool, enabled_specs, needs_approval};
use leptos::prelude::*;

use self::approval::PendingApproval;
use crate::store::StoreContext;

/// The tool settings of the agent in use; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct ToolsContext {
    store: StoreContext,
    /// The General Assistant's record (its `tools` and `max_tool_rounds`), once loaded.
    pub(crate) agent: RwSignal<Option<AgentRecord>>,
    /// The user's own tools, in the order they were made.
    pub(crate) user_tools: RwSignal<Vec<UserTool>>,
    /// The project's files (read by the read-a-file tool), by name.
    pub(crate) files: RwSignal<Vec<ProjectFileRecord>>,
    /// Whether the Tools dialog is open.
    pub(crate) dialog_open: RwSignal<bool>,
    /// The calls waiting for the user's approval, in the order they asked.
    pub(crate) approvals: RwSignal<Vec<PendingApproval>>,
}

impl ToolsContext {
    /// Nothing loaded yet ([`ToolsContext::load`] loads it); reloaded when
    /// another tab imports or clears everything.
    pub(crate) fn new(store: StoreContext) -> Self {
        let this = Self {
            store,
            agent: RwSignal::new(None),
            user_tools: RwSignal::new(Vec::new()),
            files: RwSignal::new(Vec::new()),
            dialog_open: RwSignal::new(false),
            approvals: RwSignal::new(Vec::new()),
        };
        store.reload_on_bulk_change(move || this.load());
        this
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Whether the agent enabled the tool `name` (tracked).
    pub(crate) fn is_enabled(self, name: &str) -> bool {
        self.agent.with(|agent| agent.as_ref().is_some_and(|agent| agent.tools.iter().any(|tool| tool == name)))
    }

    /// Whether calls of the tool `name` ask before running (tracked): the
    /// agent's choice, else the default for the tool.
    pub(crate) fn asks_before_running(self, name: &str) -> bool {
        self.agent.with(|agent| {
            self.user_tools.with(|user_tools| match agent {
                Some(agent) => needs_approval(name, &agent.ask_before_running, user_tools),
                None => needs_approval(name, &Default::default(), user_tools),
            })
        })
    }

    /// The round limit in effect (tracked).
    pub(crate) fn max_rounds(self) -> u32 {
        self.agent
            .with(|agent| agent.as_ref().and_then(|agent| agent.max_tool_rounds).unwrap_or(LoopConfig::DEFAULT_ROUNDS))
    }

    /// The round limit in effect, untracked.
    pub(crate) fn max_rounds_untracked(self) -> u32 {
        self.agent.with_untracked(|agent| {
            agent.as_ref().and_then(|agent| agent.max_tool_rounds).unwrap_or(LoopConfig::DEFAULT_ROUNDS)
        })
    }

    /// The definitions offered to the model on the next turn.
    pub(crate) fn specs(self) -> Vec<ToolSpec> {
        let enabled = self.agent.with_untracked(|agent| agent.as_ref().map(|a| a.tools.clone()).unwrap_or_default());
        self.user_tools.with_untracked(|user_tools| enabled_specs(&enabled, user_tools))
    }
}
