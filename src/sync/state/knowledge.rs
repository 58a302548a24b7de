//! Sync's side of the knowledge bases, which their worker keeps in a
//! database of its own (`io::knowledge`): the records a sync point looks at,
//! a file's bytes to send, and what a pull brought, handed over before the
//! bookkeeping that says it came is written (so that bookkeeping never
//! names a record that is not here, which a later sync point would take for
//! one deleted here).
//!
//! A browser that never used a knowledge base has no such database; then
//! sync neither starts the worker nor reads the bases' bookkeeping, so
//! nothing here can be taken for deleted.

use hearth_core::knowledge::records::base_guard;
use hearth_core::replication::doc::{self, DocKind};
use hearth_core::replication::local::LocalState;
use serde_json::Value;

use super::shared::SyncError;
use crate::io::knowledge::KnowledgeError;
pub(super) use crate::io::knowledge::records::{
    Arriving, Records, apply, blobs, file_bytes, forget_deleted, records, records_for_sync, vectors_bytes,
};

impl From<KnowledgeError> for SyncError {
    fn from(error: KnowledgeError) -> Self {
        SyncError::Local(format!("knowledge bases: {error}"))
    }
}

/// What the record of document `kind`:`key` is in `records` (those here):
/// absent only when this device noted deleting it. One that is neither here
/// nor noted (no database here, a record the worker never stored) is held:
/// not this device's to delete, and what comes is taken.
pub(super) fn current(records: Option<&Records>, kind: DocKind, key: &str) -> LocalState {
    let Some(records) = records else { return LocalState::Hold };
    let state = |body: Option<_>| body.map_or(LocalState::Hold, LocalState::Present);
    let found = match kind {
        DocKind::KnowledgeBase => {
            records.bases.iter().find(|base| base.id == key).map(|base| state(doc::knowledge_base_doc(base)))
        }
        _ => records.files.iter().find(|file| file.id == key).map(|file| state(doc::knowledge_file_doc(file))),
    };
    match found {
        Some(state) => state,
        None if records.deleted.iter().any(|id| id == key) => LocalState::Absent,
        None => LocalState::Hold,
    }
}

/// What a base that comes for `key` is checked against before it is written
/// (`base_guard`): the base as in `records` (those here), if it is there.
pub(super) fn guard(records: Option<&Records>, kind: DocKind, key: &str) -> Option<Value> {
    if kind != DocKind::KnowledgeBase {
        return None;
    }
    records?.bases.iter().find(|base| base.id == key).map(base_guard)
}

/// Gives base or file `key` the value `value` for `field` (the user's pick
/// in a conflict) while it still holds `shown`; returns whether it wrote.
pub(super) async fn set_field(
    kind: DocKind,
    key: &str,
    field: &str,
    shown: &Value,
    value: Value,
) -> Result<bool, SyncError> {
    let Some(records) = records().await? else { return Ok(false) };
    let found = match kind {
        DocKind::KnowledgeBase => records.bases.iter().find(|base| base.id == key).map(serde_json::to_value),
        _ => records.files.iter().find(|file| file.id == key).map(serde_json::to_value),
    };
    let Some(Ok(Value::Object(mut record))) = found else { return Ok(false) };
    // Changed here since the conflict was listed: that newer edit stays.
    if record.get(field).unwrap_or(&Value::Null) != shown {
        return Ok(false);
    }
    record.insert(field.to_owned(), value);
    let mut arriving = Arriving::default();
    arriving.guards.extend(guard(Some(&records), kind, key).map(|guard| (key.to_owned(), guard)));
    match kind {
        DocKind::KnowledgeBase => arriving.bases.extend(serde_json::from_value(Value::Object(record)).ok()),
        _ => arriving.files.extend(serde_json::from_value(Value::Object(record)).ok()),
    }
    if arriving.is_empty() {
        return Ok(false);
    }
    match apply(&arriving).await {
        // Changed here since it was read: that newer edit stays.
        Err(KnowledgeError::ChangedMeanwhile) => Ok(false),
        Err(error) => Err(error.into()),
        Ok(_) => Ok(true),
    }
}
