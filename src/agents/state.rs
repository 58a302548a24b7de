//! The agents: named assistants with their own prompt template, model and
//! tools (`hearth_core::agent` has their rules). [`AgentsContext`] keeps every
//! agent record and which one new conversations start with (the one the user
//! chose last, stored as the [`LAST_AGENT`] setting); the Agents dialog edits
//! them. Which agent a conversation uses is its session's `agent_id`.
//!
//! The built-in agents, the General Assistant and the App Builder, always
//! exist and cannot be deleted. The General Assistant is stored by the
//! start-up load when the database lacks it; the App Builder is added to the list in memory and
//! stored only once the user changes (or resets) it, so a new install's stored
//! data and backups are as before.

use hearth_core::agent::{
    APP_BUILDER_DESCRIPTION, APP_BUILDER_ID, APP_BUILDER_NAME, AgentRecord, DEFAULT_AGENT_ID, GENERAL_NAME,
};
use leptos::prelude::*;

use crate::i18n::tr;

use crate::io::clock::now;
use crate::io::db::StorageError;
use crate::io::ids::new_id;
use crate::io::sync::Change;
use crate::store::StoreContext;

/// `agent`'s name as the interface shows it: a built-in agent still under the
/// name Hearth gave it is named in the interface's language. What is stored,
/// and what its prompt's `{agent_name}` tells the model, stays as it is.
pub(crate) fn shown_name(agent: &AgentRecord) -> String {
    match (agent.id.as_str(), agent.name.as_str()) {
        (DEFAULT_AGENT_ID, GENERAL_NAME) => tr(GENERAL_NAME).to_owned(),
        (APP_BUILDER_ID, APP_BUILDER_NAME) => tr(APP_BUILDER_NAME).to_owned(),
        _ => agent.name.clone(),
    }
}

/// `agent`'s description as the interface shows it (the App Builder's own in
/// the interface's language, as [`shown_name`]).
pub(crate) fn shown_description(agent: &AgentRecord) -> String {
    if agent.id == APP_BUILDER_ID && agent.description == APP_BUILDER_DESCRIPTION {
        tr(APP_BUILDER_DESCRIPTION).to_owned()
    } else {
        agent.description.clone()
    }
}

/// Setting key: the id of the agent the user chose last.
pub(crate) const LAST_AGENT: &str = "last_agent";

/// The agents; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct AgentsContext {
    store: StoreContext,
    /// Every agent: the General Assistant first, the App Builder second, then by name.
    pub(crate) list: RwSignal<Vec<AgentRecord>>,
    /// The agent new conversations start with: the one chosen last.
    pub(crate) last_chosen: RwSignal<String>,
    /// Whether the Agents dialog is open.
    pub(crate) dialog_open: RwSignal<bool>,
}

impl AgentsContext {
    /// Only the built-in agents until [`AgentsContext::load`]; reloaded when
    /// another tab imports or clears everything, or saves or deletes an agent.
    pub(crate) fn new(store: StoreContext) -> Self {
        let this = Self {
            store,
            list: RwSignal::new(AgentRecord::builtins(0).into()),
            last_chosen: RwSignal::new(DEFAULT_AGENT_ID.to_owned()),
            dialog_open: RwSignal::new(false),
        };
        store.reload_on_bulk_change(move || this.load());
        store.reload_on(Change::Agents, move || this.load());
        this
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Loads the agents and the last choice; a failure is shown.
    pub(crate) async fn load(self) {
        if let Err(error) = self.try_load().await {
            self.store.report(error);
        }
    }

    async fn try_load(self) -> Result<(), StorageError> {
        let mut agents: Vec<AgentRecord> = self.store.all().await?;
        // A new database: the General Assistant is stored (the other
        // built-in agents are stored once changed).
        if !agents.iter().any(|agent| agent.id == DEFAULT_AGENT_ID) {
            self.store.put(AgentRecord::general(now()));
        }
        for builtin in AgentRecord::builtins(now()) {
            if !agents.iter().any(|agent| agent.id == builtin.id) {
                agents.push(builtin);
            }
        }
        sort(&mut agents);
        let last = self.store.setting(LAST_AGENT).await?;
        let last = last.as_ref().and_then(serde_json::Value::as_str).unwrap_or(DEFAULT_AGENT_ID).to_owned();
        let last = if agents.iter().any(|agent| agent.id == last) { last } else { DEFAULT_AGENT_ID.to_owned() };
        self.list.set(agents);
        self.last_chosen.set(last);
        Ok(())
    }

    /// The agent `id` as it is now (untracked), if it exists.
    pub(crate) fn find(self, id: &str) -> Option<AgentRecord> {
        self.list.with_untracked(|list| list.iter().find(|agent| agent.id == id).cloned())
    }

    /// The agent `id`, or the General Assistant when it no longer exists
    /// (tracked): what a conversation whose agent was deleted runs with.
    pub(crate) fn get_or_general(self, id: &str) -> AgentRecord {
        self.list.with(|list| {
            list.iter()
                .find(|agent| agent.id == id)
                .or_else(|| list.iter().find(|agent| agent.is_general()))
                .cloned()
                .unwrap_or_else(|| AgentRecord::general(0))
        })
    }

    /// Stores `agent` (new or changed), stamped with the time; other tabs
    /// hear of it.
    pub(crate) fn save(self, mut agent: AgentRecord) {
        agent.updated_at = now();
        self.list.update(|list| {
            list.retain(|known| known.id != agent.id);
            list.push(agent.clone());
            sort(list);
        });
        self.store.put_and_announce(agent, Change::Agents);
    }

    /// Stores a copy of the agent `id` ("Copy of <name>") and returns it;
    /// `None` when it does not exist.
    pub(crate) fn duplicate(self, id: &str) -> Option<AgentRecord> {
        let copy = self.find(id)?.duplicate(new_id(), now());
        self.save(copy.clone());
        Some(copy)
    }

    /// Puts the agent `id` back to its defaults (see
    /// [`AgentRecord::reset_to_default`]) and stores it.
    pub(crate) fn reset_to_default(self, id: &str) {
        self.update(id, |agent| agent.reset_to_default(now()));
    }

    /// Changes the agent `id` with `change` and stores it; nothing when it
    /// does not exist.
    pub(crate) fn update(self, id: &str, change: impl FnOnce(&mut AgentRecord)) {
        let Some(mut agent) = self.find(id) else { return };
        change(&mut agent);
        self.save(agent);
    }

    /// Changes every agent for which `change` returns true, and stores those.
    pub(crate) fn update_each(self, mut change: impl FnMut(&mut AgentRecord) -> bool) {
        let changed: Vec<AgentRecord> = self.list.with_untracked(|list| {
            list.iter()
                .filter_map(|agent| {
                    let mut agent = agent.clone();
                    change(&mut agent).then_some(agent)
                })
                .collect()
        });
        for agent in changed {
            self.save(agent);
        }
    }

    /// Deletes the agent `id`; the built-in agents (the General Assistant and
    /// the App Builder) cannot be deleted. Conversations that used it keep its
    /// name on their replies and go on with the General Assistant. Other tabs
    /// hear of it.
    pub(crate) fn delete(self, id: &str) {
        if id == DEFAULT_AGENT_ID || id == APP_BUILDER_ID {
            return;
        }
        self.list.update(|list| list.retain(|agent| agent.id != id));
        if self.last_chosen.get_untracked() == id {
            self.choose(DEFAULT_AGENT_ID);
        }
        self.store.delete_and_announce::<AgentRecord>(id.to_owned(), Change::Agents);
    }

    /// Remembers `id` as the agent new conversations start with.
    pub(crate) fn choose(self, id: &str) {
        self.last_chosen.set(id.to_owned());
        self.store.put_setting(LAST_AGENT, serde_json::Value::from(id));
    }
}

/// The General Assistant first, the App Builder second, then by name (then
/// id, so the order is stable).
fn sort(agents: &mut [AgentRecord]) {
    let rank = |agent: &AgentRecord| match () {
        () if agent.is_general() => 0,
        () if agent.is_app_builder() => 1,
        () => 2,
    };
    agents.sort_by(|a, b| (rank(a), a.name.to_lowercase(), &a.id).cmp(&(rank(b), b.name.to_lowercase(), &b.id)));
}
