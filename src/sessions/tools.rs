//! Storing the tool settings: the agent's enabled tools and round limit, and the
//! user's own tools, one setting record each.

use hearth_core::storage::{AgentRecord, DEFAULT_AGENT_ID, SettingRecord, stores};
use hearth_core::tools::{USER_TOOL_KEY_PREFIX, UserTool};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::SessionsContext;
use crate::io::db::{Db, StorageError};
use crate::io::ids::now;

impl SessionsContext {
    /// Loads the General Assistant and the user's tools into the tools context.
    pub(super) async fn load_tools(self, db: &Db) -> Result<(), StorageError> {
        let agent = db.get::<AgentRecord>(stores::AGENTS, DEFAULT_AGENT_ID).await?;
        self.chat.tools.agent.set(Some(agent.unwrap_or_else(|| AgentRecord::general(now()))));
        let settings: Vec<SettingRecord> = db.all(stores::SETTINGS).await?;
        let mut tools: Vec<UserTool> = settings
            .into_iter()
            .filter(|setting| setting.key.starts_with(USER_TOOL_KEY_PREFIX))
            .filter_map(|setting| serde_json::from_value(setting.value).ok())
            .collect();
        tools.sort_by(|a, b| a.id.cmp(&b.id));
        self.chat.tools.user_tools.set(tools);
        Ok(())
    }

    /// Changes the agent with `change` and stores it.
    pub(crate) fn update_agent(self, change: impl FnOnce(&mut AgentRecord)) {
        let tools = self.chat.tools;
        let mut agent = tools.agent.get_untracked().unwrap_or_else(|| AgentRecord::general(now()));
        change(&mut agent);
        agent.updated_at = now();
        tools.agent.set(Some(agent.clone()));
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            if let Err(error) = db.put(stores::AGENTS, &agent).await {
                self.report(error);
            }
        });
    }

    /// Turns the tool `name` on or off for the agent.
    pub(crate) fn set_tool_enabled(self, name: &str, on: bool) {
        let name = name.to_owned();
        self.update_agent(|agent| {
            agent.tools.retain(|tool| *tool != name);
            if on {
                agent.tools.push(name);
            }
        });
    }

    /// Adds or replaces a user tool and stores it. A renamed tool that was
    /// enabled stays enabled under its new name.
    pub(crate) fn save_user_tool(self, tool: UserTool) {
        let tools = self.chat.tools;
        let old_name = tools
            .user_tools
            .with_untracked(|list| list.iter().find(|t| t.id == tool.id).map(|t| t.name.trim().to_owned()));
        tools.user_tools.update(|list| match list.iter_mut().find(|t| t.id == tool.id) {
            Some(existing) => *existing = tool.clone(),
            None => list.push(tool.clone()),
        });
        let new_name = tool.name.trim().to_owned();
        if let Some(old_name) = old_name.filter(|old| *old != new_name && tools.is_enabled(old)) {
            self.update_agent(|agent| {
                for name in &mut agent.tools {
                    if *name == old_name {
                        name.clone_from(&new_name);
                    }
                }
            });
        }
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            let record = SettingRecord {
                key: tool.setting_key(),
                value: serde_json::to_value(&tool).unwrap_or(serde_json::Value::Null),
            };
            if let Err(error) = db.put(stores::SETTINGS, &record).await {
                self.report(error);
            }
        });
    }

    /// Deletes a user tool (and its place in the agent's enabled tools).
    pub(crate) fn delete_user_tool(self, id: &str) {
        let tools = self.chat.tools;
        let removed = tools.user_tools.with_untracked(|list| list.iter().find(|t| t.id == id).cloned());
        let Some(removed) = removed else { return };
        tools.user_tools.update(|list| list.retain(|t| t.id != id));
        if tools.agent.with_untracked(|a| a.as_ref().is_some_and(|a| a.tools.contains(&removed.name))) {
            self.set_tool_enabled(&removed.name, false);
        }
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            if let Err(error) = db.delete(stores::SETTINGS, &removed.setting_key()).await {
                self.report(error);
            }
        });
    }
}

impl SessionsContext {
    /// The project's files, for the read-a-file tool.
    pub(crate) async fn project_files(self) -> Result<Vec<hearth_core::storage::ProjectFileRecord>, String> {
        let Some(db) = self.db() else { return Err("Storage is not available in this browser.".to_owned()) };
        db.all(stores::PROJECT_FILES).await.map_err(|error| error.to_string())
    }
}
