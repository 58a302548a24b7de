//! Checkpoints: where a replication got to, so that the next one resumes
//! there instead of reading the whole changes feed again.
//!
//! Each replication (this device to one server database, one direction) has
//! an id ([`replication_id`]); both sides keep a `_local/<id>` document with
//! the last sequence replicated and the recent sessions ([`Checkpoint`], the
//! shape PouchDB writes). To resume, the replication protocol's "find common
//! ancestry" compares the two: the same last session means the recorded
//! sequence holds; otherwise the newest session both histories share does;
//! with none, the replication starts from the beginning ([`start_seq`]).
//! Sequences are opaque JSON (strings in CouchDB 2 and later, integers in
//! CouchDB 1 and pouchdb-server), only ever compared for equality.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::protocol::strip_credentials;
use crate::format::md5;

/// The `version` of the checkpoints written here (PouchDB's too).
pub const VERSION: u32 = 1;

/// The `replicator` of the checkpoints written here.
pub const REPLICATOR: &str = "hearth";

/// How many sessions a checkpoint's history keeps (as PouchDB).
pub const HISTORY_LIMIT: usize = 5;

/// Which way a replication goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From this device to the server.
    Push,
    /// From the server to this device.
    Pull,
}

impl Direction {
    fn name(self) -> &'static str {
        match self {
            Self::Push => "push",
            Self::Pull => "pull",
        }
    }
}

/// The id of a replication: the MD5 hex of a versioned JSON array of this
/// device's id, the server database's URL and the direction. User name and
/// password are taken out of the URL first (it should hold none), and
/// trailing slashes, so the id changes with neither.
pub fn replication_id(local_id: &str, remote: &str, direction: Direction) -> String {
    let remote = strip_credentials(remote);
    let input = Value::Array(vec![
        Value::String("hearth-replication".into()),
        Value::from(1),
        Value::String(local_id.to_owned()),
        Value::String(remote.trim_end_matches('/').to_owned()),
        Value::String(direction.name().into()),
    ]);
    md5::digest_hex(input.to_string().as_bytes())
}

/// The document id of a replication's checkpoint on either side:
/// `_local/<replication id>`.
pub fn checkpoint_doc_id(replication_id: &str) -> String {
    format!("_local/{replication_id}")
}

/// One session in a checkpoint's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The session (one run of the replication).
    #[serde(default)]
    pub session_id: String,
    /// The last sequence that session recorded.
    #[serde(default)]
    pub last_seq: Value,
}

/// The body of a replication's `_local/<id>` document, on either side.
/// Fields a side does not write read as their defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The `_rev` of the `_local` document as read (`0-N`), to write over
    /// it; not a revision of the replicated documents.
    #[serde(rename = "_rev", default, skip_serializing_if = "Option::is_none")]
    pub rev: Option<String>,
    /// The session that wrote it last.
    #[serde(default)]
    pub session_id: String,
    /// The last sequence replicated.
    #[serde(default)]
    pub last_seq: Value,
    /// The recent sessions, newest first, at most [`HISTORY_LIMIT`].
    #[serde(default)]
    pub history: Vec<HistoryEntry>,
    /// Who wrote it (`hearth`; PouchDB writes `pouchdb`).
    #[serde(default)]
    pub replicator: String,
    /// The checkpoint format ([`VERSION`]).
    #[serde(default)]
    pub version: u32,
}

/// The sequence to resume from, given the checkpoints read from the
/// `source` (where changes are read) and the `target`; `None` to start from
/// the beginning. Either missing, or of another [`VERSION`]: `None`. The
/// same last session: the source's sequence (the target's checkpoint is
/// written first, so the source's is never ahead of it). Otherwise the
/// newest session both histories hold gives its sequence; none: `None`.
pub fn start_seq(source: Option<&Checkpoint>, target: Option<&Checkpoint>) -> Option<Value> {
    let (source, target) = (source?, target?);
    if source.version != VERSION || target.version != VERSION {
        return None;
    }
    if !source.session_id.is_empty() && source.session_id == target.session_id {
        return usable(&source.last_seq);
    }
    common_history(&source.history, &target.history)
}

/// CouchDB's history comparison: step through both histories together,
/// newest first; the first entry of either side that the other side also
/// holds (at or after the same step) is the newest common session.
fn common_history(source: &[HistoryEntry], target: &[HistoryEntry]) -> Option<Value> {
    let holds = |history: &[HistoryEntry], session: &str| {
        !session.is_empty() && history.iter().any(|entry| entry.session_id == session)
    };
    for step in 0..source.len().min(target.len()) {
        let ours = &source[step];
        if holds(&target[step..], &ours.session_id) {
            return usable(&ours.last_seq);
        }
        let theirs = &target[step];
        if holds(&source[step + 1..], &theirs.session_id) {
            return usable(&theirs.last_seq);
        }
    }
    None
}

/// A recorded sequence, unless it is none at all.
fn usable(seq: &Value) -> Option<Value> {
    (!seq.is_null()).then(|| seq.clone())
}

/// The checkpoint to write after replicating up to `seq` in session
/// `session_id`: the session first in the history (its older entry, if
/// any, removed), at most [`HISTORY_LIMIT`] entries, and `previous`'s
/// `_rev` to write over it. A previous checkpoint of another version
/// leaves no history.
pub fn advance(previous: Option<&Checkpoint>, session_id: &str, seq: Value) -> Checkpoint {
    let mut history = vec![HistoryEntry { session_id: session_id.to_owned(), last_seq: seq.clone() }];
    if let Some(previous) = previous.filter(|previous| previous.version == VERSION) {
        history.extend(previous.history.iter().filter(|entry| entry.session_id != session_id).cloned());
    }
    history.truncate(HISTORY_LIMIT);
    Checkpoint {
        rev: previous.and_then(|previous| previous.rev.clone()),
        session_id: session_id.to_owned(),
        last_seq: seq,
        history,
        replicator: REPLICATOR.to_owned(),
        version: VERSION,
    }
}

#[cfg(test)]
mod tests;
