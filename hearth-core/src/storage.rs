//! What Hearth keeps in the browser, as plain records, and the rules around them.
//!
//! The shell stores these records in IndexedDB, one object store per kind and
//! **one record per message**, so a message write never rewrites a conversation.
//! This module owns the record shapes, the schema version and migrations of stored
//! or exported records, the search terms kept on each message, session titles and
//! previews, the backup file format, and the imports. It does no IO.
//!
//! Storage is the top layer of the crate (see the crate documentation): it
//! stores the domain's types and converts them to and from records (an
//! [`AgentRecord`](crate::agent::AgentRecord) named by [`AgentRef`], a
//! [`Failure`](crate::failure::Failure) as an [`ErrorRecord`], the
//! [`HistoryItem`](crate::compaction::HistoryItem)s and [`active_summary`] of
//! stored messages), and none of them imports it.

pub mod app_state;
pub mod backup;
pub mod backup_file;
pub mod branch;
pub mod chatgpt;
pub mod columns;
mod failure_record;
mod history;
pub mod import_plan;
pub mod json_split;
pub mod kept;
pub mod key_lock;
pub mod lean;
pub mod loaded;
pub mod markdown_export;
pub mod migrate;
pub mod newest_walk;
pub mod postings;
pub mod records;
pub mod search;
pub mod sidebar;
mod stored;
pub mod tree;
mod turn;
pub mod versions;

pub use history::active_summary;
pub use records::*;
pub use stored::Stored;
pub use turn::{Change, NOT_RUN, ReplyEnd, ReplyStatus, TurnRecorder, turn_messages};

/// The current version of the stored record shapes. Bump it with a migration step
/// in [`migrate`] and a golden file in `test_data/storage/`.
pub const SCHEMA_VERSION: u32 = 3;

/// The IndexedDB database's version: [`SCHEMA_VERSION`] is the record shapes',
/// this also counts stores added without a change of shape (4: `replica` and
/// `replica_state`, sync's bookkeeping) and values an older version cannot
/// read or would drop (5: voice notes, an attachment kind of their own, and a
/// model said to hear audio; 6: a tool call's MCP Apps view; 7: the passages
/// a reply was given from the knowledge bases, and an agent's bases; 8: the
/// search's `postings` and the messages' numbers, which an older version would
/// drop from a message it rewrote, losing it from the search; 9: the
/// conversations' sidebar places and their index, which an older version would
/// drop from a conversation it rewrote, leaving it out of the sidebar's first
/// screen; 10: a conversation's messages indexed by their time, where an
/// older version reads them through an index that is gone), so that an older
/// tab opening the database is refused and writes nothing over them.
pub const DATABASE_VERSION: u32 = 10;

/// IndexedDB database name.
pub const DATABASE_NAME: &str = "hearth";

/// Object store names; each holds one record kind keyed by `id` (settings by `key`).
pub mod stores {
    /// [`ProviderRecord`](super::ProviderRecord)s.
    pub const PROVIDERS: &str = "providers";
    /// [`ModelConfigRecord`](super::ModelConfigRecord)s.
    pub const MODEL_CONFIGS: &str = "model_configs";
    /// [`AgentRecord`](crate::agent::AgentRecord)s.
    pub const AGENTS: &str = "agents";
    /// [`SessionRecord`](super::SessionRecord)s.
    pub const SESSIONS: &str = "sessions";
    /// [`MessageRecord`](super::MessageRecord)s, one per message.
    pub const MESSAGES: &str = "messages";
    /// [`ProjectFileRecord`](super::ProjectFileRecord)s.
    pub const PROJECT_FILES: &str = "project_files";
    /// [`SettingRecord`](super::SettingRecord)s, keyed by `key`.
    pub const SETTINGS: &str = "settings";
    /// The bytes of attachments, keyed by their SHA-256 (lowercase hex); not
    /// records: a blob is `{id, mime, size, data}` with `data` a browser `Blob`.
    /// Backups carry them apart from the records (see `backup`).
    pub const BLOBS: &str = "blobs";
    /// The message search's postings (see [`postings`](super::postings)),
    /// keyed `[term, segment]`, and the next message number (`next`). This
    /// device's own: never in a backup, never synced.
    pub const POSTINGS: &str = "postings";
    /// Sync's bookkeeping per document (`replication::local::DocMeta`, keyed
    /// by `id`): its revision tree and the bodies a merge needs. Never in a
    /// backup, never synced.
    pub const REPLICA: &str = "replica";
    /// Sync's other state, keyed by `key`: the local change counter,
    /// checkpoints, conflicts to resolve. Never in a backup, never synced.
    pub const REPLICA_STATE: &str = "replica_state";
    /// Every store of records, in the order backups list them.
    pub const ALL: [&str; 7] = [PROVIDERS, MODEL_CONFIGS, AGENTS, SESSIONS, MESSAGES, PROJECT_FILES, SETTINGS];
}

/// Index names on the stores.
pub mod indexes {
    /// On messages: `[session_id, created_at]`, a session's messages in
    /// order, which a search reads newest first (version 10; before it,
    /// `by_session` was on `session_id` alone).
    pub const MESSAGES_BY_SESSION: &str = "by_session_time";
    /// The index on messages before version 10: `session_id` alone.
    pub const MESSAGES_BY_SESSION_BEFORE_10: &str = "by_session";
    /// On messages: `terms`, multi-entry; the search index of the records an
    /// older Hearth stored, until they are in the postings.
    pub const MESSAGES_BY_TERM: &str = "by_term";
    /// On messages: `number`, this device's number of the message in the
    /// search's postings (see [`postings`](super::postings)).
    pub const MESSAGES_BY_NUMBER: &str = "by_number";
    /// On messages: `state`, to find replies left streaming.
    pub const MESSAGES_BY_STATE: &str = "by_state";
    /// On messages: `blobs`, multi-entry; which records refer to a blob (a blob
    /// no record refers to is removed).
    pub const MESSAGES_BY_BLOB: &str = "by_blob";
    /// On `replica`: `seq`, the documents changed here since a push.
    pub const REPLICA_BY_SEQ: &str = "by_seq";
    /// On `replica`: `session`, a conversation's documents.
    pub const REPLICA_BY_SESSION: &str = "by_session";
    /// On `replica`: `kind`, the documents of one kind of record.
    pub const REPLICA_BY_KIND: &str = "by_kind";
    /// On sessions: `updated_at`, made by versions 1 to 8 and read by none;
    /// version 9 removes it (the place replaces it).
    pub const SESSIONS_BY_UPDATED: &str = "by_updated";
    /// On sessions: the sidebar's place of each top-level conversation
    /// ([`sidebar::PLACE_FIELD`](super::sidebar::PLACE_FIELD)), for reading the
    /// sidebar's first screen alone.
    pub const SESSIONS_BY_PLACE: &str = "by_place";
    /// On sessions: `branch_of`, the branched conversations (the others have none).
    pub const SESSIONS_BY_BRANCH: &str = "by_branch";
}
