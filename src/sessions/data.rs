//! Whole-store operations: backup export and import, ChatGPT import, Markdown
//! export of one conversation, and deleting everything.

use hearth_core::storage::backup::{BackupError, StoreContents, build_backup, parse_backup};
use hearth_core::storage::chatgpt::import_chatgpt;
use hearth_core::storage::markdown_export::session_to_markdown;
use hearth_core::storage::{MessageRecord, SessionRecord};

use leptos::prelude::*;

use super::SessionsContext;
use crate::io::files::download;
use crate::io::ids::{new_id, now};
use crate::io::sync::Change;

impl SessionsContext {
    /// Downloads a full backup; API keys only when `include_api_keys`.
    pub(crate) async fn export_backup(self, include_api_keys: bool) -> Result<String, String> {
        let db = self.db().ok_or("Storage is not available, so there is nothing to export.")?;
        let contents = db.dump().await.map_err(|e| e.to_string())?;
        let summary = format!("{} conversations, {} messages", contents.sessions.len(), contents.messages.len());
        let backup = build_backup(contents, include_api_keys, now());
        let json = serde_json::to_string_pretty(&backup).map_err(|e| e.to_string())?;
        download(&format!("hearth-backup-{}.json", date_stamp()), "application/json", &json)?;
        Ok(format!("Exported {summary}."))
    }

    /// Imports a Hearth backup or a ChatGPT `conversations.json`, adding or
    /// updating records by id (so importing the same file again changes nothing).
    /// Returns a summary that names what could not be mapped.
    pub(crate) async fn import_file(self, text: String) -> Result<String, String> {
        let db = self.db().ok_or("Storage is not available, so nothing can be imported.")?;
        let (contents, summary) = match parse_backup(&text) {
            Ok(backup) => {
                let summary = format!(
                    "Imported {} conversations with {} messages{}.",
                    backup.contents.sessions.len(),
                    backup.contents.messages.len(),
                    if backup.includes_api_keys { " and API keys" } else { "" }
                );
                (backup.contents, summary)
            }
            Err(BackupError::NotABackup) => chatgpt_contents(&text)
                .map_err(|chatgpt| format!("This file is neither a Hearth backup nor a ChatGPT export. {chatgpt}"))?,
            Err(error) => return Err(error.to_string()),
        };
        db.import(&contents).await.map_err(|e| e.to_string())?;
        self.reload_after_bulk_change().await;
        Ok(summary)
    }

    /// Deletes every conversation and setting in this browser.
    pub(crate) async fn clear_all(self) -> Result<(), String> {
        let db = self.db().ok_or("Storage is not available.")?;
        self.chat.stop();
        db.clear_all().await.map_err(|e| e.to_string())?;
        db.put(hearth_core::storage::stores::AGENTS, &hearth_core::storage::AgentRecord::general(now()))
            .await
            .map_err(|e| e.to_string())?;
        self.pending_delete.set(None);
        self.new_chat();
        self.reload_after_bulk_change().await;
        Ok(())
    }

    /// Downloads one conversation as Markdown.
    pub(crate) async fn export_markdown(self, session: SessionRecord) -> Result<(), String> {
        let db = self.db().ok_or("Storage is not available.")?;
        let messages: Vec<MessageRecord> = db.session_messages(&session.id).await.map_err(|e| e.to_string())?;
        let markdown = session_to_markdown(&session, &messages);
        download(&format!("{}.md", file_name(&session.title)), "text/markdown", &markdown)
    }

    async fn reload_after_bulk_change(self) {
        self.apply_remote(Change::All).await;
        self.announce(Change::All);
    }
}

/// The records and the summary of a ChatGPT `conversations.json`.
fn chatgpt_contents(text: &str) -> Result<(StoreContents, String), String> {
    let mut new_id = new_id;
    let imported = import_chatgpt(text, &mut new_id, now()).map_err(|e| e.to_string())?;
    let mut contents = StoreContents::default();
    for conversation in imported.conversations {
        contents.sessions.push(conversation.session);
        contents.messages.extend(conversation.messages);
    }
    let report = imported.report;
    let mut summary =
        format!("Imported {} ChatGPT conversations with {} messages.", report.conversations, report.messages);
    for (label, lines) in [(" Changed on the way: ", &report.notes), (" Not imported: ", &report.skipped)] {
        if !lines.is_empty() {
            summary.push_str(label);
            summary.push_str(&lines.join("; "));
            summary.push('.');
        }
    }
    Ok((contents, summary))
}

/// `YYYY-MM-DD` of today, from the browser's clock.
fn date_stamp() -> String {
    let date = js_sys::Date::new_0();
    format!("{:04}-{:02}-{:02}", date.get_full_year(), date.get_month() + 1, date.get_date())
}

/// A title made safe as a file name.
fn file_name(title: &str) -> String {
    let name: String = title
        .chars()
        .map(|c| if c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' { c } else { '-' })
        .collect::<String>()
        .trim()
        .chars()
        .take(80)
        .collect();
    if name.is_empty() { "conversation".to_owned() } else { name }
}
