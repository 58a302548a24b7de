//! The backup file: every store, versioned, as one JSON document.
//!
//! `{"format": "hearth-backup", "backup_version": 1, "schema_version": N,
//! "exported_at": ms, "includes_api_keys": bool, "providers": [...], ...}` with one
//! array per object store, and `blobs`: the attachments' bytes, base64 (schema 2).
//! API keys are left out (empty) unless the user asks for
//! them; while the keys are locked with a passphrase they are carried only
//! sealed, with the lock (its salt and iterations) in the settings, so the same
//! passphrase opens them after an import ([`key_lock::backup_keys`]).
//! Sync's settings (its server and password) and the device's own state never
//! go into a backup ([`backup_setting`]). Importing upserts every record by
//! id, so importing the same file twice adds nothing, and a provider whose key
//! was left out keeps the key already stored. The knowledge bases and their
//! files go as they leave a device for sync (`knowledge::records`), their
//! files' bytes among the blobs; each device reads and embeds them again.

#[cfg(test)]
pub(crate) mod tests;

use serde::{Deserialize, Serialize};

use super::SCHEMA_VERSION;
use super::key_lock::{self, KEY_LOCK_SETTING};
use super::migrate::MigrationError;
use super::records::*;
use crate::Millis;
use crate::agent::AgentRecord;
use crate::knowledge::records::{self, BaseRecord, FileRecord};
use crate::tools::{MCP_SERVER_KEY_PREFIX, USER_TOOL_KEY_PREFIX, without_header_values};

/// A backup's list of knowledge bases ([`StoreContents::knowledge_bases`]).
pub const KNOWLEDGE_BASES: &str = "knowledge_bases";
/// A backup's list of knowledge files ([`StoreContents::knowledge_files`]).
pub const KNOWLEDGE_FILES: &str = "knowledge_files";

/// The `format` value that marks a Hearth backup.
pub const BACKUP_FORMAT: &str = "hearth-backup";
/// Version of the file layout (not of the records inside, see `schema_version`).
pub const BACKUP_VERSION: u32 = 1;

/// All records of every store.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct StoreContents {
    /// Provider accounts.
    pub providers: Vec<ProviderRecord>,
    /// Model configurations.
    pub model_configs: Vec<ModelConfigRecord>,
    /// Agents.
    pub agents: Vec<AgentRecord>,
    /// Sessions.
    pub sessions: Vec<SessionRecord>,
    /// Messages, one record each.
    pub messages: Vec<MessageRecord>,
    /// Project files.
    pub project_files: Vec<ProjectFileRecord>,
    /// Settings.
    pub settings: Vec<SettingRecord>,
    /// The bytes of the attachments the messages refer to (not records of a
    /// store: the blob store's contents, carried by backups). Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blobs: Vec<BlobEntry>,
    /// The knowledge bases (kept by their worker, not in a store of this
    /// database), each as it leaves a device ([`records::carried_base`]).
    /// Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty", serialize_with = "carried_bases")]
    pub knowledge_bases: Vec<BaseRecord>,
    /// The files of the knowledge bases ([`records::carried_file`]); their
    /// bytes are in [`blobs`](Self::blobs), by hash. Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty", serialize_with = "carried_files")]
    pub knowledge_files: Vec<FileRecord>,
}

fn carried_bases<S: serde::Serializer>(bases: &[BaseRecord], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(bases.iter().filter_map(records::carried_base))
}

fn carried_files<S: serde::Serializer>(files: &[FileRecord], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(files.iter().filter_map(records::carried_file))
}

/// An attachment's bytes in a backup: its hash (the blob store's key), its
/// media type and the bytes in base64.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlobEntry {
    /// The lowercase hex SHA-256 of the bytes.
    pub id: String,
    /// Their media type.
    pub mime: String,
    /// The bytes, standard base64.
    pub data: String,
}

impl BlobEntry {
    /// Whether its id is a SHA-256 in lowercase hex and its data base64 (the
    /// shell checks that the id is the hash of the bytes before storing them).
    pub fn is_well_formed(&self) -> bool {
        self.id.len() == 64
            && self.id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            && crate::format::base64::decode(&self.data).is_some()
    }
}

impl StoreContents {
    /// Sorts every store by key, so that two equal stores compare and print equal.
    pub fn canonicalize(&mut self) {
        self.providers.sort_by(|a, b| a.id.cmp(&b.id));
        self.model_configs.sort_by(|a, b| a.id.cmp(&b.id));
        self.agents.sort_by(|a, b| a.id.cmp(&b.id));
        self.sessions.sort_by(|a, b| a.id.cmp(&b.id));
        self.messages.sort_by(|a, b| a.id.cmp(&b.id));
        self.project_files.sort_by(|a, b| a.id.cmp(&b.id));
        self.settings.sort_by(|a, b| a.key.cmp(&b.key));
        self.blobs.sort_by(|a, b| a.id.cmp(&b.id));
        self.knowledge_bases.sort_by(|a, b| a.id.cmp(&b.id));
        self.knowledge_files.sort_by(|a, b| a.id.cmp(&b.id));
    }

    /// Number of records in all stores (attachments' bytes not counted).
    pub fn len(&self) -> usize {
        self.providers.len()
            + self.model_configs.len()
            + self.agents.len()
            + self.sessions.len()
            + self.messages.len()
            + self.project_files.len()
            + self.settings.len()
    }

    /// Whether every store is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A backup file's header and contents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Backup {
    /// Always [`BACKUP_FORMAT`].
    pub format: String,
    /// The file layout version, [`BACKUP_VERSION`].
    pub backup_version: u32,
    /// The schema version of the records.
    pub schema_version: u32,
    /// When it was written.
    pub exported_at: Millis,
    /// Whether provider records carry their API keys.
    pub includes_api_keys: bool,
    /// The records.
    #[serde(flatten)]
    pub contents: StoreContents,
}

/// Why a file could not be imported as a backup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BackupError {
    /// Not JSON at all.
    #[error("the file is not JSON: {0}")]
    NotJson(String),
    /// JSON, but not a Hearth backup.
    #[error("the file is not a Hearth backup (no \"format\": \"hearth-backup\")")]
    NotABackup,
    /// A backup layout from a newer Hearth.
    #[error("the backup was written by a newer Hearth (backup version {0})")]
    NewerLayout(u32),
    /// A store is not a list of records.
    #[error("the backup's \"{0}\" is not a list of records")]
    BadStore(String),
    /// A record could not be migrated or read.
    #[error("{0}")]
    Record(#[from] MigrationError),
}

// ---- settings ----

/// How a setting goes into a backup, and comes out of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackupSetting {
    /// In every backup, and imported under the import plan's rule for its kind
    /// (a user tool waits for review, an MCP server comes without its secrets).
    Carried,
    /// In a backup only with the API keys: the key lock that opens them sealed
    /// ([`key_lock::backup_keys`]); imported only as the keys' rule allows.
    WithApiKeys,
    /// In every backup (a record of the user's choice), never imported: it
    /// would let something leave the browser without a click.
    NotImported,
    /// Never in a backup, never taken from one: sync's own configuration and
    /// state, and state only the device that wrote it can use.
    DeviceOnly,
}

/// How one setting key (or every key with a prefix) goes into backups, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackupRule {
    /// The key, or the prefix.
    pub key: &'static str,
    /// Whether `key` is a prefix.
    pub prefix: bool,
    /// How it goes into backups.
    pub backup: BackupSetting,
    /// What it is, as the import review names it when it is not imported.
    pub what: &'static str,
    /// Why, as a clause the review puts after [`what`](Self::what) when the
    /// setting is not imported ("which …").
    pub why: &'static str,
}

const fn backup_rule(
    key: &'static str,
    prefix: bool,
    backup: BackupSetting,
    what: &'static str,
    why: &'static str,
) -> BackupRule {
    BackupRule { key, prefix, backup, what, why }
}

/// Every setting the shell stores, and how backups treat it: the same keys as
/// sync's table (`replication::doc::SETTING_RULES`, which storage may not use;
/// a test of the crate checks the two agree). A key not named here is
/// [`BackupSetting::DeviceOnly`] ([`backup_setting`]): a new setting stays out
/// of files until it is classified.
pub const BACKUP_SETTING_RULES: &[BackupRule] = &[
    backup_rule("auto_title", false, BackupSetting::Carried, "a preference", "it holds on any device"),
    backup_rule("compaction", false, BackupSetting::Carried, "a preference", "it holds on any device"),
    backup_rule("stall_timeout_secs", false, BackupSetting::Carried, "a preference", "it depends on the models used"),
    backup_rule(
        USER_TOOL_KEY_PREFIX,
        true,
        BackupSetting::Carried,
        "the user's own tools",
        "they come in off, waiting for the user's review",
    ),
    backup_rule(
        "app:",
        true,
        BackupSetting::Carried,
        "an app's data",
        "it belongs to its conversation; its network permission is reset on import",
    ),
    backup_rule(
        MCP_SERVER_KEY_PREFIX,
        true,
        BackupSetting::Carried,
        "an MCP server",
        "its address, header names and tools; its secrets never go into a file",
    ),
    backup_rule(
        "image_auto_hosts",
        false,
        BackupSetting::NotImported,
        "the hosts whose images load by themselves",
        "which you set in Settings on each device",
    ),
    backup_rule(
        KEY_LOCK_SETTING,
        false,
        BackupSetting::WithApiKeys,
        "the passphrase lock of the API keys",
        "it goes only with the sealed keys it opens",
    ),
    // The version of the search terms the backup's messages carry: with it, a
    // restored store is the one exported (no credential, no sync state).
    backup_rule(
        "search_index",
        false,
        BackupSetting::Carried,
        "the version of the messages' search terms",
        "which goes with the messages",
    ),
    // Sync's server, user and password (in plain text while the key lock is
    // off) and its state: a file that brought them would make this device
    // push every conversation to the file's server.
    backup_rule(
        "sync",
        true,
        BackupSetting::DeviceOnly,
        "the sync settings",
        "which are set up on each device under Settings → Sync",
    ),
    // Device-only for sync (they would switch a conversation going on on
    // another device), but a backup restores one device's preferences onto
    // another: no credential, no sync state, so they come along.
    backup_rule(
        "active_provider",
        false,
        BackupSetting::Carried,
        "the account that answers",
        "a restored device answers with the same account (its key goes only as the API keys' rule says)",
    ),
    backup_rule("last_agent", false, BackupSetting::Carried, "the agent last chosen", "a preference"),
    backup_rule("compare_tally", false, BackupSetting::Carried, "blind mode's tally", "the user's own record"),
    backup_rule("shortcut_question_mark", false, BackupSetting::Carried, "whether `?` opens the help", "a preference"),
    backup_rule(
        "voice",
        false,
        BackupSetting::Carried,
        "who hears dictation and which voice reads aloud",
        "a preference, naming accounts by id (no key)",
    ),
];

/// The rule for the setting `key`: its exact key, else its longest prefix.
pub fn backup_rule_of(key: &str) -> Option<&'static BackupRule> {
    BACKUP_SETTING_RULES.iter().find(|rule| !rule.prefix && rule.key == key).or_else(|| {
        BACKUP_SETTING_RULES
            .iter()
            .filter(|rule| rule.prefix && key.starts_with(rule.key))
            .max_by_key(|rule| rule.key.len())
    })
}

/// How the setting `key` goes into backups; [`BackupSetting::DeviceOnly`] for
/// a key no rule names.
pub fn backup_setting(key: &str) -> BackupSetting {
    backup_rule_of(key).map_or(BackupSetting::DeviceOnly, |rule| rule.backup)
}

/// Builds a backup of `contents`, with API keys blanked unless `include_api_keys`
/// (and, while they are locked, only sealed: see [`key_lock::backup_keys`]),
/// MCP servers' header values always blanked, and without the settings that
/// stay on the device ([`BackupSetting::DeviceOnly`]: sync's configuration
/// with its password among them).
pub fn build_backup(mut contents: StoreContents, include_api_keys: bool, now: Millis) -> Backup {
    contents.settings.retain(|setting| backup_setting(&setting.key) != BackupSetting::DeviceOnly);
    key_lock::backup_keys(&mut contents.providers, &mut contents.settings, include_api_keys);
    contents.knowledge_bases.retain(|base| records::carried_base(base).is_some());
    contents.knowledge_files.retain(|file| records::carried_file(file).is_some());
    for setting in &mut contents.settings {
        if setting.key.starts_with(MCP_SERVER_KEY_PREFIX) {
            without_header_values(&mut setting.value);
        }
    }
    contents.canonicalize();
    Backup {
        format: BACKUP_FORMAT.to_owned(),
        backup_version: BACKUP_VERSION,
        schema_version: SCHEMA_VERSION,
        exported_at: now,
        includes_api_keys: include_api_keys,
        contents,
    }
}

/// The provider record to store when importing `incoming` over `existing`: the
/// backup wins, except that a key left out of the backup keeps the stored key
/// when the provider stays at the origin that key was entered for. When the
/// backup moves it to another origin, the stored key is not kept (the user enters
/// it again); the second value says so. A key that comes with the backup is
/// bound to the backup's base URL.
pub fn merge_imported_provider(
    existing: Option<&ProviderRecord>,
    mut incoming: ProviderRecord,
) -> (ProviderRecord, KeyOutcome) {
    if incoming.has_key() {
        incoming.key_origin = incoming.origin();
        return (incoming, KeyOutcome::FromBackup);
    }
    incoming.key_origin = None;
    let Some(existing) = existing.filter(|existing| existing.has_key()) else {
        return (incoming, KeyOutcome::None);
    };
    let mut existing = existing.clone();
    existing.bind_key_origin();
    match (&existing.key_origin, incoming.origin()) {
        (Some(key_origin), Some(origin)) if *key_origin == origin => {
            incoming.api_key = existing.api_key;
            incoming.sealed_key = existing.sealed_key;
            incoming.key_origin = existing.key_origin;
            (incoming, KeyOutcome::Kept)
        }
        _ => (incoming, KeyOutcome::Dropped),
    }
}

/// What happened to a provider's key in an import.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyOutcome {
    /// Neither the backup nor the store had a key.
    None,
    /// The backup carried a key, which is used.
    FromBackup,
    /// The stored key was kept (same origin).
    Kept,
    /// The stored key was not kept: the backup moves the provider to another origin.
    Dropped,
}
