//! What an import would add and change, decided before anything is written.
//!
//! [`plan_import`] compares what is stored with what a file brings (a Hearth
//! backup or a ChatGPT export, already parsed into [`StoreContents`]) and returns
//! an [`ImportPlan`]: per kind what is new and what changes, the records to write
//! and the rules applied on the way. The shell shows its [`summary`] and writes
//! [`ImportPlan::writes`] only when the user confirms.
//!
//! The rules:
//! - A stored message is never overwritten. An incoming message whose id is
//!   stored with other content is imported beside it as a copy, with an id
//!   derived from the original id and the copy's content (so importing the same
//!   file again adds nothing).
//! - A user tool that comes in new or different is marked
//!   [`needs_review`](crate::tools::UserTool::needs_review): it is not offered to
//!   the model until the user turns it on in the Tools dialog.
//! - A provider keeps its stored key only when the import leaves it at the origin
//!   the key was entered for ([`merge_imported_provider`]).
//! - Sealed keys come in only with their own lock: when no key is stored here
//!   (a plain key would stay at rest under it) the file's lock comes along (the
//!   backup's passphrase opens them, and sealed keys of a damaged lock here go),
//!   when the
//!   stored lock is the file's they are used as they are, and otherwise they are
//!   left out and the stored lock stays ([`key_lock::import_rule`]). While keys
//!   are locked here, plain keys in a file are left out (they would be stored
//!   unsealed).
//! - Sync's settings and the device's own state never come in
//!   ([`BackupSetting::DeviceOnly`]), nor the hosts whose images load by
//!   themselves ([`BackupSetting::NotImported`]): the plan lists them as skipped.
//! - Records equal to the stored ones are not written, and a conversation's
//!   message count is recounted from what will be stored.
//!
//! [`summary`]: ImportPlan::summary

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use super::backup::{BackupSetting, BlobEntry, KeyOutcome, StoreContents, backup_rule_of, merge_imported_provider};
use super::key_lock::{self, ImportKeys, KEY_LOCK_SETTING, KeyLock};
use super::records::*;
use crate::tools::{MCP_SERVER_KEY_PREFIX, USER_TOOL_KEY_PREFIX, UserTool, merge_imported_server};

/// What is new and what changes in one kind of record, by label (a name, a
/// title, a setting key, or a message id).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Changes {
    /// Labels of records that are not stored yet.
    pub added: Vec<String>,
    /// Labels of stored records that the import replaces.
    pub changed: Vec<String>,
}

impl Changes {
    /// Whether nothing is added or changed.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.changed.is_empty()
    }

    fn record(&mut self, label: String, stored: bool) {
        if stored { self.changed.push(label) } else { self.added.push(label) }
    }
}

/// A message imported beside a different stored message of the same id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptBoth {
    /// The id of the stored message, left as it is.
    pub stored_id: String,
    /// The id the imported message is stored under.
    pub copy_id: String,
    /// The conversation's title.
    pub conversation: String,
}

/// A provider whose stored key is not kept, because the import moves it to
/// another origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DroppedKey {
    /// The provider's name.
    pub provider: String,
    /// The origin it moves to, when its new base URL is valid.
    pub new_origin: Option<String>,
}

/// What an import will do. Nothing is written until the shell writes
/// [`writes`](ImportPlan::writes).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportPlan {
    /// Conversations, by title.
    pub conversations: Changes,
    /// Messages, by id (a copy kept beside a stored message counts as added).
    pub messages: Changes,
    /// Provider accounts and their model settings, by provider name.
    pub providers: Changes,
    /// Agents, by name.
    pub agents: Changes,
    /// The user's tools, by name.
    pub tools: Changes,
    /// Other settings, by key.
    pub settings: Changes,
    /// Project files, by name.
    pub project_files: Changes,
    /// Messages kept both ways.
    pub kept_both: Vec<KeptBoth>,
    /// Providers whose stored key is not kept.
    pub dropped_keys: Vec<DroppedKey>,
    /// Providers that get the key carried by the file.
    pub keys_from_file: Vec<String>,
    /// Whether the file's passphrase lock comes along (nothing was locked here):
    /// its sealed keys open with the backup's passphrase.
    pub adopts_key_lock: bool,
    /// Tools (new or changed) that stay off until the user reviews them.
    pub tools_to_review: Vec<String>,
    /// Tools an agent would newly offer to the model, as `(agent, tool)`.
    pub tools_turned_on: Vec<(String, String)>,
    /// Records that cannot be imported, in words.
    pub skipped: Vec<String>,
    /// The records to write: only what is new or changes, already merged.
    pub writes: StoreContents,
}

/// Decides what importing `incoming` over `stored` adds and changes; the
/// messages to write are copies of `incoming`'s (see [`plan_import_taking`]).
pub fn plan_import(stored: &StoreContents, incoming: &StoreContents) -> ImportPlan {
    let (mut plan, messages) = plan_all(stored, incoming);
    plan.writes.messages = messages
        .into_iter()
        .filter_map(|write| {
            let message = incoming.messages.get(write.at)?.clone();
            Some(write.applied_to(message))
        })
        .collect();
    plan
}

/// The plan [`plan_import`] makes, with the messages to write taken out of
/// `incoming` rather than copied: a large file's messages are not held twice
/// (copying 100,000 of them was most of the plan's time).
pub fn plan_import_taking(stored: &StoreContents, mut incoming: StoreContents) -> ImportPlan {
    let (mut plan, messages) = plan_all(stored, &incoming);
    // The writes are in the file's order, each of a different message: the
    // file's list keeps them where they are (a file of new messages moves none).
    let mut writes = messages.into_iter().peekable();
    let mut at = 0;
    incoming.messages.retain_mut(|message| {
        let write = writes.next_if(|write| write.at == at);
        at += 1;
        let Some(write) = write else { return false };
        if let Some(id) = write.copy_id {
            message.id = id;
        }
        true
    });
    plan.writes.messages = std::mem::take(&mut incoming.messages);
    plan
}

/// The plan [`plan_import`] makes, but for the messages to write:
/// `writes.messages` is left empty (`messages` lists them), for a review that
/// shows what an import would do and plans it again before writing.
pub fn plan_review(stored: &StoreContents, incoming: &StoreContents) -> ImportPlan {
    plan_all(stored, incoming).0
}

/// A message the plan writes: the incoming message at `at`, under `copy_id`
/// when it is kept beside a different stored message of its id.
struct MessageWrite {
    at: usize,
    copy_id: Option<String>,
}

impl MessageWrite {
    /// The incoming message written, with the id it is written under.
    fn of<'a>(&'a self, incoming: &'a StoreContents) -> Option<(&'a MessageRecord, &'a str)> {
        let message = incoming.messages.get(self.at)?;
        Some((message, self.copy_id.as_deref().unwrap_or(&message.id)))
    }

    /// `message` (the incoming one at `at`) as it is written.
    fn applied_to(self, message: MessageRecord) -> MessageRecord {
        match self.copy_id {
            Some(id) => MessageRecord { id, ..message },
            None => message,
        }
    }
}

/// The plan but for `writes.messages`, and the messages to write, in the
/// file's order.
fn plan_all(stored: &StoreContents, incoming: &StoreContents) -> (ImportPlan, Vec<MessageWrite>) {
    let mut plan = ImportPlan::default();
    let keyed = &keys_to_import(stored, incoming, &mut plan);
    plan_providers(stored, keyed, &mut plan);
    if plan.adopts_key_lock {
        drop_dead_sealed_keys(stored, &mut plan);
    }
    plan_agents(stored, keyed, &mut plan);
    plan_settings(stored, keyed, &mut plan);
    for file in &incoming.project_files {
        let existing = stored.project_files.iter().find(|f| f.id == file.id);
        if existing != Some(file) {
            plan.project_files.record(file.name.clone(), existing.is_some());
            plan.writes.project_files.push(file.clone());
        }
    }
    let mut messages = plan_messages(stored, incoming, &mut plan);
    plan_sessions(stored, incoming, &mut messages, &mut plan);
    plan_blobs(stored, incoming, &messages, &mut plan);
    (plan, messages)
}

/// The attachments' bytes to store: those of the file that a message to be
/// written or already stored refers to and that are not stored yet (`stored`
/// lists the stored ones, maybe without their bytes).
fn plan_blobs(stored: &StoreContents, incoming: &StoreContents, writes: &[MessageWrite], plan: &mut ImportPlan) {
    let referred: BTreeSet<&str> = writes
        .iter()
        .filter_map(|write| incoming.messages.get(write.at))
        .chain(&stored.messages)
        .flat_map(|message| message.blobs.iter().map(String::as_str))
        .collect();
    let known: BTreeSet<&str> = stored.blobs.iter().map(|blob| blob.id.as_str()).collect();
    let new: Vec<BlobEntry> = incoming
        .blobs
        .iter()
        .filter(|blob| !known.contains(blob.id.as_str()) && referred.contains(blob.id.as_str()))
        .cloned()
        .collect();
    plan.writes.blobs = new;
}

/// The file's accounts, model settings, agents and settings with the keys it
/// may bring (see the module's rules); its conversations, messages and files
/// are left out (the plan reads them from the file as they are).
fn keys_to_import(stored: &StoreContents, incoming: &StoreContents, plan: &mut ImportPlan) -> StoreContents {
    let mut incoming = StoreContents {
        providers: incoming.providers.clone(),
        model_configs: incoming.model_configs.clone(),
        agents: incoming.agents.clone(),
        settings: incoming.settings.clone(),
        ..StoreContents::default()
    };
    let stored_lock = KeyLock::find(&stored.settings).and_then(Result::ok);
    let mut rule = key_lock::import_rule(stored_lock.as_ref(), KeyLock::find(&incoming.settings));
    let plain_server_secret = stored.settings.iter().any(|s| {
        s.key.starts_with(MCP_SERVER_KEY_PREFIX)
            && serde_json::from_value::<crate::tools::McpServer>(s.value.clone())
                .is_ok_and(|server| server.has_secrets())
    });
    if rule == ImportKeys::AdoptLock && (stored.providers.iter().any(|p| !p.api_key.is_empty()) || plain_server_secret)
    {
        // Adopting the lock would leave the plain keys (or an MCP server's
        // header values or tokens) here at rest under it.
        rule = ImportKeys::DropSealed(
            "the keys here are not locked, so the file's passphrase lock is not brought in".to_owned(),
        );
    }
    if let ImportKeys::DropSealed(reason) = &rule {
        incoming.settings.retain(|s| s.key != KEY_LOCK_SETTING);
        let mut names = Vec::new();
        for provider in &mut incoming.providers {
            if provider.sealed_key.take().is_some() {
                names.push(provider.name.clone());
            }
        }
        if !names.is_empty() {
            plan.skipped.push(format!("the API keys of {} ({reason})", names.join(", ")));
        }
    }
    plan.adopts_key_lock = rule == ImportKeys::AdoptLock;
    let locked_after = stored_lock.is_some() || plan.adopts_key_lock;
    let mut plain = Vec::new();
    for provider in &mut incoming.providers {
        if locked_after && !provider.api_key.is_empty() {
            provider.api_key.clear();
            plain.push(provider.name.clone());
        }
    }
    if !plain.is_empty() {
        plan.skipped.push(format!(
            "the unlocked API keys of {} (your keys are locked here; enter them again under Providers)",
            plain.join(", ")
        ));
    }
    incoming
}

/// Adopting the file's lock: sealed keys here had no usable lock (a damaged
/// one) and can never open, so they go rather than sit beside the new lock.
fn drop_dead_sealed_keys(stored: &StoreContents, plan: &mut ImportPlan) {
    for old in stored.providers.iter().filter(|p| p.sealed_key.is_some()) {
        let at = match plan.writes.providers.iter().position(|p| p.id == old.id) {
            Some(at) if plan.writes.providers[at].sealed_key != old.sealed_key => continue,
            Some(at) => at,
            None => {
                plan.writes.providers.push(old.clone());
                plan.writes.providers.len() - 1
            }
        };
        let record = &mut plan.writes.providers[at];
        record.sealed_key = None;
        record.key_origin = None;
        plan.skipped.push(format!("the old locked API key of {} (its lock cannot be opened)", record.name));
    }
}

fn plan_providers(stored: &StoreContents, incoming: &StoreContents, plan: &mut ImportPlan) {
    let mut touched: BTreeMap<String, (String, bool)> = BTreeMap::new();
    for provider in &incoming.providers {
        let existing = stored.providers.iter().find(|p| p.id == provider.id);
        let (merged, key) = merge_imported_provider(existing, provider.clone());
        match key {
            KeyOutcome::Dropped => {
                plan.dropped_keys.push(DroppedKey { provider: merged.name.clone(), new_origin: merged.origin() })
            }
            KeyOutcome::FromBackup
                if existing.is_none_or(|e| e.api_key != merged.api_key || e.sealed_key != merged.sealed_key) =>
            {
                plan.keys_from_file.push(merged.name.clone());
            }
            _ => {}
        }
        if existing != Some(&merged) {
            touched.insert(merged.id.clone(), (merged.name.clone(), existing.is_some()));
            plan.writes.providers.push(merged);
        }
    }
    for config in &incoming.model_configs {
        let existing = stored.model_configs.iter().find(|c| c.id == config.id);
        if existing == Some(config) {
            continue;
        }
        plan.writes.model_configs.push(config.clone());
        if !touched.contains_key(&config.provider_id) {
            let name = incoming
                .providers
                .iter()
                .chain(&stored.providers)
                .find(|p| p.id == config.provider_id)
                .map_or_else(|| config.model.clone(), |p| p.name.clone());
            touched.insert(config.provider_id.clone(), (name, existing.is_some()));
        }
    }
    for (name, was_stored) in touched.into_values() {
        plan.providers.record(name, was_stored);
    }
}

fn plan_agents(stored: &StoreContents, incoming: &StoreContents, plan: &mut ImportPlan) {
    for agent in &incoming.agents {
        let existing = stored.agents.iter().find(|a| a.id == agent.id);
        // An import may make a tool ask before running, never stop it asking:
        // "Always allow" is the user's own choice, made in this browser.
        let mut agent = agent.clone();
        let mut asks: std::collections::BTreeMap<String, bool> =
            existing.map(|e| e.ask_before_running.clone()).unwrap_or_default();
        for (tool, ask) in &agent.ask_before_running {
            if *ask {
                asks.insert(tool.clone(), true);
            }
        }
        agent.ask_before_running = asks;
        // Nor may it allow an MCP tool's definition: only this browser's choice holds.
        agent.allowed_definitions = existing.map(|e| e.allowed_definitions.clone()).unwrap_or_default();
        let agent = &agent;
        if existing == Some(agent) {
            continue;
        }
        // Judged by the tools offered: an app agent offers none, so its list
        // turns nothing on until it becomes a chat agent.
        for tool in agent.offered_tools() {
            if existing.is_none_or(|e| !e.offered_tools().contains(tool)) {
                plan.tools_turned_on.push((agent.name.clone(), tool.clone()));
            }
        }
        plan.agents.record(agent.name.clone(), existing.is_some());
        plan.writes.agents.push(agent.clone());
    }
}

/// The settings of `incoming` that differ from the stored ones, without those
/// an import never brings in ([`BackupSetting::NotImported`] and
/// [`BackupSetting::DeviceOnly`]: sync's configuration, which would send every
/// conversation to the file's server, among them), which the plan lists as
/// skipped, one entry per rule.
fn importable_settings<'a>(
    stored: &StoreContents,
    incoming: &'a StoreContents,
    plan: &mut ImportPlan,
) -> Vec<&'a SettingRecord> {
    let mut skipped: Vec<(&'static str, &'static str, Vec<&str>)> = Vec::new();
    let mut importable = Vec::new();
    for setting in &incoming.settings {
        let rule = backup_rule_of(&setting.key);
        match rule.map_or(BackupSetting::DeviceOnly, |rule| rule.backup) {
            BackupSetting::Carried | BackupSetting::WithApiKeys => importable.push(setting),
            BackupSetting::NotImported | BackupSetting::DeviceOnly => {
                if stored.settings.iter().any(|s| s == setting) {
                    continue;
                }
                let (what, why) = rule
                    .map_or(("settings this Hearth does not know", "which stay out of imports"), |rule| {
                        (rule.what, rule.why)
                    });
                match skipped.iter_mut().find(|(w, _, _)| *w == what) {
                    Some((_, _, keys)) => keys.push(&setting.key),
                    None => skipped.push((what, why, vec![&setting.key])),
                }
            }
        }
    }
    for (what, why, keys) in skipped {
        plan.skipped.push(format!("{what} ({}), {why}", keys.join(", ")));
    }
    importable
}

fn plan_settings(stored: &StoreContents, incoming: &StoreContents, plan: &mut ImportPlan) {
    for setting in importable_settings(stored, incoming, plan) {
        let existing = stored.settings.iter().find(|s| s.key == setting.key);
        if setting.key.starts_with(MCP_SERVER_KEY_PREFIX) {
            // A header value left out of the backup keeps the stored one.
            let value = merge_imported_server(existing.map(|s| &s.value), &setting.value);
            let merged = SettingRecord { key: setting.key.clone(), value };
            if existing != Some(&merged) {
                plan.settings.record(setting.key.clone(), existing.is_some());
                plan.writes.settings.push(merged);
            }
            continue;
        }
        if !setting.key.starts_with(USER_TOOL_KEY_PREFIX) {
            if existing != Some(setting) {
                plan.settings.record(setting.key.clone(), existing.is_some());
                plan.writes.settings.push(setting.clone());
            }
            continue;
        }
        let Ok(mut tool) = serde_json::from_value::<UserTool>(setting.value.clone()) else {
            plan.skipped.push(format!("a tool that could not be read ({})", setting.key));
            continue;
        };
        let stored_tool = existing.and_then(|s| serde_json::from_value::<UserTool>(s.value.clone()).ok());
        // The same tool as stored keeps the user's review; anything else waits for it.
        if stored_tool.as_ref().is_some_and(|s| UserTool { needs_review: s.needs_review, ..tool.clone() } == *s) {
            continue;
        }
        tool.needs_review = true;
        let Ok(value) = serde_json::to_value(&tool) else { continue };
        plan.tools.record(tool.name.clone(), existing.is_some());
        plan.tools_to_review.push(tool.name.clone());
        plan.writes.settings.push(SettingRecord { key: setting.key.clone(), value });
    }
}

fn plan_messages(stored: &StoreContents, incoming: &StoreContents, plan: &mut ImportPlan) -> Vec<MessageWrite> {
    let stored_by_id: HashMap<&str, &MessageRecord> = stored.messages.iter().map(|m| (m.id.as_str(), m)).collect();
    let titles: HashMap<&str, &str> =
        incoming.sessions.iter().chain(&stored.sessions).rev().map(|s| (s.id.as_str(), s.title.as_str())).collect();
    let mut writes = Vec::new();
    for (at, message) in incoming.messages.iter().enumerate() {
        let Some(existing) = stored_by_id.get(message.id.as_str()) else {
            plan.messages.added.push(message.id.clone());
            writes.push(MessageWrite { at, copy_id: None });
            continue;
        };
        if same_message(existing, message) {
            continue;
        }
        let copy_id = copy_id(message);
        let copy = MessageRecord { id: copy_id.clone(), ..message.clone() };
        if stored_by_id.get(copy_id.as_str()).is_some_and(|stored_copy| same_message(stored_copy, &copy)) {
            continue;
        }
        let conversation = titles.get(message.session_id.as_str()).map(|title| (*title).to_owned()).unwrap_or_default();
        plan.kept_both.push(KeptBoth { stored_id: message.id.clone(), copy_id: copy_id.clone(), conversation });
        plan.messages.added.push(copy_id.clone());
        writes.push(MessageWrite { at, copy_id: Some(copy_id) });
    }
    writes
}

/// Equal apart from the derived search terms.
fn same_message(a: &MessageRecord, b: &MessageRecord) -> bool {
    // Terms are derived the same way on both sides: equal ones need no copies.
    if a.terms == b.terms {
        return a == b;
    }
    MessageRecord { terms: Vec::new(), ..a.clone() } == MessageRecord { terms: Vec::new(), ..b.clone() }
}

/// The id a conflicting imported message is kept under: its own id and a hash
/// of its content, so the same file imported again finds its copy.
fn copy_id(message: &MessageRecord) -> String {
    let json = serde_json::to_string(&MessageRecord { terms: Vec::new(), ..message.clone() }).unwrap_or_default();
    format!("{}-imported-{:016x}", message.id, fnv1a(json.as_bytes()))
}

/// FNV-1a, 64 bits: a stable hash (the standard library's may change between
/// releases).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3))
}

fn plan_sessions(
    stored: &StoreContents,
    incoming: &StoreContents,
    writes: &mut Vec<MessageWrite>,
    plan: &mut ImportPlan,
) {
    let stored_sessions: BTreeMap<&str, &SessionRecord> =
        stored.sessions.iter().rev().map(|s| (s.id.as_str(), s)).collect();
    let incoming_sessions: BTreeMap<&str, &SessionRecord> =
        incoming.sessions.iter().rev().map(|s| (s.id.as_str(), s)).collect();
    // Each conversation's stored message ids, and its new messages with their
    // places in `writes` (see `grouped`).
    let mut stored_messages: HashMap<&str, Vec<&str>> =
        grouped(stored.messages.iter().map(|message| (message.session_id.as_str(), message.id.as_str())));
    let new_messages: HashMap<&str, Vec<(usize, &MessageRecord, &str)>> = grouped(
        writes
            .iter()
            .enumerate()
            .filter_map(|(at, write)| write.of(incoming).map(|(message, id)| (at, message, id)))
            .map(|(at, message, id)| (message.session_id.as_str(), (at, message, id))),
    );
    let ids: BTreeSet<&str> = incoming_sessions.keys().chain(new_messages.keys()).copied().collect();
    let mut sessions = Vec::new();
    for id in ids {
        let existing = stored_sessions.get(id).copied();
        let Some(mut session) = incoming_sessions.get(id).copied().or(existing).cloned() else {
            plan.skipped.push(format!("messages of a conversation that is not in the file ({id})"));
            continue;
        };
        let new = new_messages.get(id).map(Vec::as_slice).unwrap_or_default();
        // Its messages once written: the stored ones and the new ones, each id once.
        let mut messages = stored_messages.remove(id).unwrap_or_default();
        messages.extend(new.iter().map(|(_, _, id)| *id));
        messages.sort_unstable();
        messages.dedup();
        session.message_count = u32::try_from(messages.len()).unwrap_or(u32::MAX);
        if let Some(latest) = new.iter().map(|(_, m, _)| m.updated_at).max() {
            session.updated_at = session.updated_at.max(latest);
        }
        if existing != Some(&session) {
            plan.conversations.record(session.title.clone(), existing.is_some());
            sessions.push(session);
        }
    }
    // Messages of a conversation that is neither stored nor in the file are not
    // written: asked once a conversation, not once a message.
    let kept: BTreeSet<&str> = sessions.iter().map(|s| s.id.as_str()).chain(stored_sessions.keys().copied()).collect();
    let mut keep = vec![false; writes.len()];
    for (session, new) in &new_messages {
        if kept.contains(session) {
            for (at, _, _) in new {
                if let Some(flag) = keep.get_mut(*at) {
                    *flag = true;
                }
            }
        }
    }
    // `plan.messages.added` lists the writes' ids in their order (`plan_messages`).
    let dropped: HashSet<&str> = writes
        .iter()
        .zip(&keep)
        .filter(|(_, keep)| !**keep)
        .filter_map(|(write, _)| write.copy_id.as_deref())
        .collect();
    plan.kept_both.retain(|kept| !dropped.contains(kept.copy_id.as_str()));
    let mut flags = keep.iter();
    plan.messages.added.retain(|_| flags.next().copied().unwrap_or(false));
    let mut flags = keep.iter();
    writes.retain(|_| flags.next().copied().unwrap_or(false));
    plan.writes.sessions = sessions;
}

/// `pairs` grouped by their key, each group in the pairs' order: one lookup
/// of the key a pair (none for a pair with the key of the one before, as in a
/// file that lists a conversation's messages together), where the sets of
/// each conversation's ids took two.
fn grouped<'a, T>(pairs: impl Iterator<Item = (&'a str, T)>) -> HashMap<&'a str, Vec<T>> {
    let mut places: HashMap<&str, usize> = HashMap::new();
    let mut groups: Vec<(&str, Vec<T>)> = Vec::new();
    let mut last: Option<(&str, usize)> = None;
    for (key, item) in pairs {
        let place = match last {
            Some((of, place)) if of == key => place,
            _ => {
                let next = groups.len();
                let place = *places.entry(key).or_insert(next);
                if place == next {
                    groups.push((key, Vec::new()));
                }
                last = Some((key, place));
                place
            }
        };
        if let Some((_, items)) = groups.get_mut(place) {
            items.push(item);
        }
    }
    groups.into_iter().collect()
}

impl ImportPlan {
    /// Whether the import would write nothing.
    pub fn is_empty(&self) -> bool {
        self.writes.is_empty() && self.writes.blobs.is_empty() && self.messages.is_empty()
    }

    /// How many images and PDFs it stores, and their bytes.
    pub fn attachments(&self) -> (usize, u64) {
        let bytes = self.writes.blobs.iter().map(|blob| blob.data.len() as u64 / 4 * 3).sum();
        (self.writes.blobs.len(), bytes)
    }

    /// The review's list: one sentence per kind that changes, then the rules that
    /// were applied. Empty when nothing would change.
    pub fn summary(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let kinds: [(&str, &str, &Changes, bool); 7] = [
            ("conversation", "conversations", &self.conversations, true),
            ("message", "messages", &self.messages, false),
            ("provider", "providers", &self.providers, true),
            ("agent", "agents", &self.agents, true),
            ("tool", "tools", &self.tools, true),
            ("setting", "settings", &self.settings, true),
            ("project file", "project files", &self.project_files, true),
        ];
        for (one, many, changes, named) in kinds {
            if changes.is_empty() {
                continue;
            }
            let mut parts = Vec::new();
            for (labels, verb) in [(&changes.added, "new"), (&changes.changed, "changed")] {
                if labels.is_empty() {
                    continue;
                }
                let noun = if labels.len() == 1 { one } else { many };
                let names = if named { format!(": {}", list(labels)) } else { String::new() };
                parts.push(format!("{} {verb} {noun}{names}", labels.len()));
            }
            lines.push(capitalise(&format!("{}.", parts.join("; "))));
        }
        match self.attachments() {
            (0, _) => {}
            (1, bytes) => lines.push(format!("1 new image or PDF ({}).", crate::message::attachment::size_text(bytes))),
            (count, bytes) => {
                lines.push(format!(
                    "{count} new attachments: images, PDFs and voice notes ({}).",
                    crate::message::attachment::size_text(bytes)
                ));
            }
        }
        for kept in &self.kept_both {
            lines.push(format!(
                "A message in “{}” differs from the stored message with the same id; both are kept (the imported one beside it).",
                kept.conversation
            ));
        }
        for dropped in &self.dropped_keys {
            let place = dropped.new_origin.as_deref().map_or("an address that is not valid".to_owned(), str::to_owned);
            lines.push(format!(
                "The API key of {} is not kept: the file moves it to {place}. Enter its key again under Providers.",
                dropped.provider
            ));
        }
        if !self.keys_from_file.is_empty() {
            lines.push(format!("API keys from the file are used for: {}.", list(&self.keys_from_file)));
        }
        if self.adopts_key_lock {
            lines.push(
                "The file's API keys are locked with a passphrase: Hearth will ask for the backup's passphrase to \
                 unlock them."
                    .to_owned(),
            );
        }
        if !self.tools_to_review.is_empty() {
            lines.push(format!(
                "Imported tools stay off until you review them under Tools: {}.",
                list(&self.tools_to_review)
            ));
        }
        for (agent, tool) in &self.tools_turned_on {
            lines.push(format!("{agent} would offer the tool {tool} to the model."));
        }
        if !self.skipped.is_empty() {
            lines.push(format!("Not imported: {}.", self.skipped.join("; ")));
        }
        lines
    }

    /// The sentence shown once the plan was written.
    pub fn done_message(&self) -> String {
        if self.is_empty() && self.skipped.is_empty() {
            return "Nothing was imported: everything in the file is already here.".to_owned();
        }
        if self.is_empty() {
            // Not "everything is here": what was left out (sync's settings from
            // a file, say) is not, and the user is told so.
            return format!(
                "Nothing was imported: the rest of the file is already here. Not imported: {}.",
                self.skipped.join("; ")
            );
        }
        let mut parts = Vec::new();
        for (name, changes) in [
            ("conversations", &self.conversations),
            ("messages", &self.messages),
            ("providers", &self.providers),
            ("agents", &self.agents),
            ("tools", &self.tools),
            ("settings", &self.settings),
            ("project files", &self.project_files),
        ] {
            if !changes.is_empty() {
                parts.push(format!("{name} {} new, {} changed", changes.added.len(), changes.changed.len()));
            }
        }
        if !self.writes.blobs.is_empty() {
            parts.push(format!("attachments {} new", self.writes.blobs.len()));
        }
        let mut message = format!("Imported: {}.", parts.join("; "));
        if !self.kept_both.is_empty() {
            message.push_str(&format!(
                " {} differing message{} kept beside the stored one.",
                self.kept_both.len(),
                if self.kept_both.len() == 1 { "" } else { "s" }
            ));
        }
        if !self.dropped_keys.is_empty() {
            let names: Vec<String> = self.dropped_keys.iter().map(|d| d.provider.clone()).collect();
            message.push_str(&format!(" Enter the API key again for: {}.", list(&names)));
        }
        if !self.tools_to_review.is_empty() {
            message.push_str(&format!(" Review the imported tools under Tools: {}.", list(&self.tools_to_review)));
        }
        message
    }
}

/// Up to five labels, then how many more.
fn list(labels: &[String]) -> String {
    let shown: Vec<&str> =
        labels.iter().take(5).map(|l| if l.trim().is_empty() { "(untitled)" } else { l.as_str() }).collect();
    match labels.len().saturating_sub(5) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
