//! Storing the tool settings through the store: the agent's enabled tools,
//! round limit and whether each tool asks before running (on the agent record),
//! the user's own tools (one setting record each), and the project files (one
//! record each).

use std::fmt;

use hearth_core::message::attach;
use hearth_core::storage::{AgentRecord, DEFAULT_AGENT_ID, ProjectFileRecord, SettingRecord};
use hearth_core::tools::{USER_TOOL_KEY_PREFIX, UserTool};
use leptos::prelude::*;

use super::ToolsContext;
use crate::io::clock::now;
use crate::io::db::StorageError;
use crate::io::ids::new_id;

impl ToolsContext {
    /// Loads the General Assistant, the user's tools and the project files; a
    /// failure is shown.
    pub(crate) async fn load(self) {
        if let Err(error) = self.try_load().await {
            self.store.report(error);
        }
    }

    async fn try_load(self) -> Result<(), StorageError> {
        let agent = self.store.get::<AgentRecord>(DEFAULT_AGENT_ID).await?;
        self.agent.set(Some(agent.unwrap_or_else(|| AgentRecord::general(now()))));
        let settings: Vec<SettingRecord> = self.store.all().await?;
        let mut tools: Vec<UserTool> = settings
            .into_iter()
            .filter(|setting| setting.key.starts_with(USER_TOOL_KEY_PREFIX))
            .filter_map(|setting| serde_json::from_value(setting.value).ok())
            .collect();
        tools.sort_by(|a, b| a.id.cmp(&b.id));
        self.user_tools.set(tools);
        let mut files: Vec<ProjectFileRecord> = self.store.all().await?;
        files.sort_by(|a, b| a.name.cmp(&b.name));
        self.files.set(files);
        Ok(())
    }

    /// Changes the agent with `change` and stores it.
    pub(crate) fn update_agent(self, change: impl FnOnce(&mut AgentRecord)) {
        let tools = self;
        let mut agent = tools.agent.get_untracked().unwrap_or_else(|| AgentRecord::general(now()));
        change(&mut agent);
        agent.updated_at = now();
        tools.agent.set(Some(agent.clone()));
        self.store.put(agent);
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

    /// Sets whether calls of the tool `name` ask before running, for the agent.
    pub(crate) fn set_ask_before_running(self, name: &str, ask: bool) {
        let name = name.to_owned();
        self.update_agent(|agent| {
            agent.ask_before_running.insert(name, ask);
        });
    }

    /// Adds or replaces a user tool and stores it. A renamed tool that was
    /// enabled stays enabled under its new name.
    pub(crate) fn save_user_tool(self, tool: UserTool) {
        let tools = self;
        let old_name = tools
            .user_tools
            .with_untracked(|list| list.iter().find(|t| t.id == tool.id).map(|t| t.name.trim().to_owned()));
        tools.user_tools.update(|list| match list.iter_mut().find(|t| t.id == tool.id) {
            Some(existing) => *existing = tool.clone(),
            None => list.push(tool.clone()),
        });
        let new_name = tool.name.trim().to_owned();
        if let Some(old_name) = old_name.clone().filter(|old| *old != new_name && tools.is_enabled(old)) {
            // The choice follows a valid new name; a name that clashes with a
            // built-in or another tool must not switch that one on.
            let valid = tools.user_tools.with_untracked(|list| tool.spec_among(list).is_ok());
            let follows = valid && !tools.is_enabled(&new_name);
            self.update_agent(|agent| {
                agent.tools.retain(|name| *name != old_name);
                if follows {
                    agent.tools.push(new_name.clone());
                }
            });
        }
        // The choice of asking follows a valid new name too.
        let asks = tools.agent.with_untracked(|agent| {
            agent
                .as_ref()
                .and_then(|agent| old_name.as_ref().and_then(|old| agent.ask_before_running.get(old).copied()))
        });
        if let (Some(old_name), Some(ask)) = (old_name.filter(|old| *old != new_name), asks) {
            let valid = tools.user_tools.with_untracked(|list| tool.spec_among(list).is_ok());
            self.update_agent(|agent| {
                agent.ask_before_running.remove(&old_name);
                if valid {
                    agent.ask_before_running.entry(new_name).or_insert(ask);
                }
            });
        }
        match serde_json::to_value(&tool) {
            Ok(value) => self.store.put(SettingRecord { key: tool.setting_key(), value }),
            Err(error) => self.store.report(format!("The tool could not be saved: {error}")),
        }
    }

    /// Deletes a user tool (and its place in the agent's enabled tools).
    pub(crate) fn delete_user_tool(self, id: &str) {
        let tools = self;
        let removed = tools.user_tools.with_untracked(|list| list.iter().find(|t| t.id == id).cloned());
        let Some(removed) = removed else { return };
        tools.user_tools.update(|list| list.retain(|t| t.id != id));
        if tools.agent.with_untracked(|a| a.as_ref().is_some_and(|a| a.tools.contains(&removed.name))) {
            self.set_tool_enabled(&removed.name, false);
        }
        let name = removed.name.trim().to_owned();
        if tools.agent.with_untracked(|a| a.as_ref().is_some_and(|a| a.ask_before_running.contains_key(&name))) {
            self.update_agent(|agent| {
                agent.ask_before_running.remove(&name);
            });
        }
        self.store.delete::<SettingRecord>(removed.setting_key());
    }
}

/// The largest project file accepted, in characters.
pub(crate) const MAX_FILE_CHARS: usize = 1_000_000;

/// Why a file was not added to the project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FileRefused {
    /// Only text files can be project files.
    NotText {
        /// The file's name.
        name: String,
    },
    /// The file has more than [`MAX_FILE_CHARS`] characters.
    TooLong {
        /// The file's name.
        name: String,
    },
    /// The file's bytes are not text (NUL bytes, or not UTF-8), whatever its name.
    Binary {
        /// The file's name.
        name: String,
    },
    /// A project file of that name holds other text.
    Exists {
        /// The file's name.
        name: String,
    },
    /// The browser could not read the file.
    Unreadable {
        /// The file's name.
        name: String,
    },
}

impl fmt::Display for FileRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileRefused::NotText { name } => {
                write!(f, "{name} was not added: only .md and .txt files can be project files.")
            }
            FileRefused::TooLong { name } => {
                write!(f, "{name} was not added: it is over the limit of {} characters.", thousands(MAX_FILE_CHARS))
            }
            FileRefused::Binary { name } => {
                write!(f, "{name} was not added: it is not a text file (it holds bytes that are not UTF-8 text).")
            }
            FileRefused::Exists { name } => write!(
                f,
                "A project file named {name} already exists with other content. Rename the file, or remove the project file in Tools first."
            ),
            FileRefused::Unreadable { name } => write!(f, "{name} was not added: the browser could not read it."),
        }
    }
}

/// `n` with a comma between each group of three digits: 1,000,000.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

impl ToolsContext {
    /// Adds a text file to the project, replacing one of the same name. Says why
    /// when the file is not a .md or .txt file or is too big.
    pub(crate) fn add_project_file(self, name: String, content: String) -> Result<(), FileRefused> {
        let lower = name.to_ascii_lowercase();
        if !(lower.ends_with(".md") || lower.ends_with(".txt") || lower.ends_with(".markdown")) {
            return Err(FileRefused::NotText { name });
        }
        if content.chars().count() > MAX_FILE_CHARS {
            return Err(FileRefused::TooLong { name });
        }
        let files = self.files;
        let now = now();
        let existing = files.with_untracked(|list| list.iter().find(|f| f.name == name).cloned());
        let record = match existing {
            Some(old) => ProjectFileRecord { content, updated_at: now, ..old },
            None => ProjectFileRecord { id: new_id(), name, content, created_at: now, updated_at: now },
        };
        files.update(|list| {
            list.retain(|f| f.id != record.id);
            list.push(record.clone());
            list.sort_by(|a, b| a.name.cmp(&b.name));
        });
        self.store.put(record);
        Ok(())
    }

    /// The project file to attach to a message for the file `name` the user
    /// picked or dropped, whose bytes are `bytes`: added to the project when
    /// new; the stored one when a project file of that name holds the same
    /// text. Refused, changing nothing, when it is not a .md or .txt file, not
    /// text, too long, or a project file of that name holds other text.
    pub(crate) fn attach_project_file(self, name: String, bytes: &[u8]) -> Result<ProjectFileRecord, FileRefused> {
        if !attach::has_text_extension(&name) {
            return Err(FileRefused::NotText { name });
        }
        let Ok(content) = attach::file_text(bytes) else { return Err(FileRefused::Binary { name }) };
        if content.chars().count() > MAX_FILE_CHARS {
            return Err(FileRefused::TooLong { name });
        }
        let existing = self.files.with_untracked(|list| list.iter().find(|f| f.name == name).cloned());
        match existing {
            Some(file) if file.content == content => Ok(file),
            Some(_) => Err(FileRefused::Exists { name }),
            None => {
                let now = now();
                let record = ProjectFileRecord { id: new_id(), name, content, created_at: now, updated_at: now };
                self.files.update(|list| {
                    list.push(record.clone());
                    list.sort_by(|a, b| a.name.cmp(&b.name));
                });
                self.store.put(record.clone());
                Ok(record)
            }
        }
    }

    /// Removes a file from the project.
    pub(crate) fn remove_project_file(self, id: String) {
        self.files.update(|list| list.retain(|f| f.id != id));
        self.store.delete::<ProjectFileRecord>(id);
    }
}
