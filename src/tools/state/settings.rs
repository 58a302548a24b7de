//! Storing the tool settings through the store: the user's own tools (one
//! setting record each) and the project files (one record each). A renamed or
//! deleted user tool is followed in every agent's choices.

use std::fmt;

use hearth_core::agent::AgentRecord;
use hearth_core::format::grouped;
use hearth_core::message::attach;
use hearth_core::storage::loaded::with_added_meanwhile;
use hearth_core::storage::{ProjectFileRecord, SettingRecord};
use hearth_core::tools::{USER_TOOL_KEY_PREFIX, UserTool};
use leptos::prelude::*;

use super::ToolsContext;
use crate::i18n::{Arg, tr_with};
use crate::io::clock::now;
use crate::io::db::StorageError;
use crate::io::ids::new_id;

impl ToolsContext {
    /// Loads the user's tools and the project files; a failure is shown.
    pub(crate) async fn load(self) {
        if let Err(error) = self.try_load().await {
            self.store.report(error);
        }
    }

    async fn try_load(self) -> Result<(), StorageError> {
        // Tools and files made while this reads (the page is usable before) are
        // newer than what is read, and are kept.
        let known_tools: Vec<String> =
            self.user_tools.with_untracked(|list| list.iter().map(|t| t.id.clone()).collect());
        let known_files: Vec<String> = self.files.with_untracked(|list| list.iter().map(|f| f.id.clone()).collect());
        // By key, which is by id (`user_tool:<id>`).
        let tools: Vec<UserTool> = self.store.settings_under(USER_TOOL_KEY_PREFIX).await?;
        self.user_tools
            .update(|list| *list = with_added_meanwhile(tools, std::mem::take(list), &known_tools, |t| t.id.as_str()));
        let files: Vec<ProjectFileRecord> = self.store.all().await?;
        self.files.update(|list| {
            *list = with_added_meanwhile(files, std::mem::take(list), &known_files, |f| f.id.as_str());
            list.sort_by(|a, b| a.name.cmp(&b.name));
        });
        Ok(())
    }

    /// Adds or replaces a user tool and stores it. In every agent that enabled
    /// it, a renamed tool stays enabled (and keeps its "ask before running"
    /// choice) under its new name, when that name is valid.
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
        if let Some(old_name) = old_name.filter(|old| *old != new_name) {
            // The choices follow a valid new name; a name that clashes with a
            // built-in or another tool must not switch that one on.
            let valid = tools.user_tools.with_untracked(|list| tool.spec_among(list).is_ok());
            self.agents.update_each(|agent| follow_rename(agent, &old_name, &new_name, valid));
        }
        match serde_json::to_value(&tool) {
            Ok(value) => self.store.put(SettingRecord { key: tool.setting_key(), value }),
            Err(error) => {
                let error = error.to_string();
                self.store.report(tr_with("tools-save-failed", &[("error", Arg::Text(&error))], || {
                    format!("The tool could not be saved: {error}")
                }));
            }
        }
    }

    /// Deletes a user tool, and its place in every agent's enabled tools and
    /// choices.
    pub(crate) fn delete_user_tool(self, id: &str) {
        let tools = self;
        let removed = tools.user_tools.with_untracked(|list| list.iter().find(|t| t.id == id).cloned());
        let Some(removed) = removed else { return };
        tools.user_tools.update(|list| list.retain(|t| t.id != id));
        let name = removed.name.trim().to_owned();
        self.agents.update_each(|agent| {
            let had = agent.tools.contains(&removed.name) || agent.ask_before_running.contains_key(&name);
            agent.tools.retain(|tool| *tool != removed.name);
            agent.ask_before_running.remove(&name);
            agent.allowed_definitions.remove(&name);
            had
        });
        self.store.delete::<SettingRecord>(removed.setting_key());
    }
}

/// Moves `agent`'s choices for the tool `old` to its new name `new` (only
/// dropped when `new` is not `valid`); whether anything changed.
fn follow_rename(agent: &mut AgentRecord, old: &str, new: &str, valid: bool) -> bool {
    let mut changed = false;
    if agent.tools.iter().any(|tool| tool == old) {
        agent.tools.retain(|tool| tool != old);
        if valid && !agent.tools.iter().any(|tool| tool == new) {
            agent.tools.push(new.to_owned());
        }
        changed = true;
    }
    // An "Always allow" held for the tool under its old name (the name is part
    // of the definition it is bound to): renamed, it asks again.
    agent.allowed_definitions.remove(old);
    if let Some(ask) = agent.ask_before_running.remove(old) {
        if valid {
            agent.ask_before_running.entry(new.to_owned()).or_insert(ask);
        }
        changed = true;
    }
    changed
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
        let text = match self {
            FileRefused::NotText { name } => tr_with("tools-file-not-text", &[("name", Arg::Text(name))], || {
                format!("{name} was not added: only .md and .txt files (.markdown too) can be project files.")
            }),
            FileRefused::TooLong { name } => tr_with(
                "tools-file-too-long",
                &[("name", Arg::Text(name)), ("limit", Arg::Number(MAX_FILE_CHARS as f64))],
                || {
                    format!(
                        "{name} was not added: it is over the limit of {} characters.",
                        grouped(MAX_FILE_CHARS as u64)
                    )
                },
            ),
            FileRefused::Binary { name } => tr_with("tools-file-binary", &[("name", Arg::Text(name))], || {
                format!("{name} was not added: it is not a text file (it holds bytes that are not UTF-8 text).")
            }),
            FileRefused::Exists { name } => tr_with("tools-file-exists", &[("name", Arg::Text(name))], || {
                format!(
                    "A project file named {name} already exists with other content. Rename the file, or remove the project file in Tools first."
                )
            }),
            FileRefused::Unreadable { name } => tr_with("tools-file-unreadable", &[("name", Arg::Text(name))], || {
                format!("{name} was not added: the browser could not read it.")
            }),
        };
        f.write_str(&text)
    }
}

impl ToolsContext {
    /// Adds a text file to the project, replacing one of the same name. Says why
    /// when the file is not a .md, .markdown or .txt file or is too big.
    pub(crate) fn add_project_file(self, name: String, content: String) -> Result<(), FileRefused> {
        if !attach::has_text_extension(&name) {
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
    /// text. Refused, changing nothing, when it is not a .md, .markdown or .txt file, not
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
