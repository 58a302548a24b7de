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

use hearth_core::knowledge::records::{BaseRecord, FileRecord};
use hearth_core::replication::doc::{self, DocKind};
use hearth_core::replication::local::LocalState;
use serde_json::{Value, json};

use super::shared::SyncError;
use crate::io::knowledge::{self as worker, KnowledgeError};

impl From<KnowledgeError> for SyncError {
    fn from(error: KnowledgeError) -> Self {
        SyncError::Local(format!("knowledge bases: {error}"))
    }
}

/// Every base and file here (those being removed included), or `None`
/// when this browser holds no knowledge bases.
pub(super) struct Records {
    pub(super) bases: Vec<BaseRecord>,
    pub(super) files: Vec<FileRecord>,
    /// The ids of the bases and files deleted here that sync has not yet
    /// made known.
    pub(super) deleted: Vec<String>,
}

fn read<T: serde::de::DeserializeOwned>(values: Option<&Value>) -> Result<Vec<T>, SyncError> {
    let Some(Value::Array(values)) = values else { return Ok(Vec::new()) };
    values
        .iter()
        .map(|value| serde_json::from_value(value.clone()))
        .collect::<Result<_, _>>()
        .map_err(|error| SyncError::Local(format!("a knowledge base's record does not read ({error})")))
}

/// The bases and files here; `None` when there are none (no database).
pub(super) async fn records() -> Result<Option<Records>, SyncError> {
    if !worker::exists().await {
        return Ok(None);
    }
    let answer = worker::request("records", json!({}), Vec::new()).await?;
    Ok(Some(Records {
        bases: read(answer.get("bases"))?,
        files: read(answer.get("files"))?,
        deleted: read(answer.get("deleted"))?,
    }))
}

/// Forgets the deletions noted of `ids`, now made known.
pub(super) async fn forget_deleted(ids: &[String]) -> Result<(), SyncError> {
    if ids.is_empty() {
        return Ok(());
    }
    worker::request("syncForget", json!({ "ids": ids }), Vec::new()).await?;
    Ok(())
}

/// What the record of document `kind`:`key` is in `records` (those here).
pub(super) fn current(records: Option<&Records>, kind: DocKind, key: &str) -> LocalState {
    let Some(records) = records else { return LocalState::Absent };
    let state = |body: Option<_>| body.map_or(LocalState::Hold, LocalState::Present);
    match kind {
        DocKind::KnowledgeBase => match records.bases.iter().find(|base| base.id == key) {
            Some(base) => state(doc::knowledge_base_doc(base)),
            None => LocalState::Absent,
        },
        _ => match records.files.iter().find(|file| file.id == key) {
            Some(file) => state(doc::knowledge_file_doc(file)),
            None => LocalState::Absent,
        },
    }
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
    match kind {
        DocKind::KnowledgeBase => arriving.bases.extend(serde_json::from_value(Value::Object(record)).ok()),
        _ => arriving.files.extend(serde_json::from_value(Value::Object(record)).ok()),
    }
    if arriving.is_empty() {
        return Ok(false);
    }
    apply(&arriving).await?;
    Ok(true)
}

/// The bytes of file `file`, to send.
pub(super) async fn file_bytes(file: &str) -> Result<Option<Vec<u8>>, SyncError> {
    let Some(blob) = worker::file_blob(file).await? else { return Ok(None) };
    Ok(crate::io::media::bytes_of(&blob).await)
}

/// Of `hashes`, those whose bytes the bases hold here, and those a file
/// here waits for.
pub(super) async fn blobs(hashes: &[String]) -> Result<(Vec<String>, Vec<String>), SyncError> {
    if hashes.is_empty() || !worker::exists().await {
        return Ok((Vec::new(), Vec::new()));
    }
    let answer = worker::request("syncBlobs", json!({ "hashes": hashes }), Vec::new()).await?;
    Ok((read(answer.get("held"))?, read(answer.get("wanted"))?))
}

/// What a pull brought for the knowledge bases.
#[derive(Default)]
pub(super) struct Arriving {
    pub(super) bases: Vec<BaseRecord>,
    pub(super) files: Vec<FileRecord>,
    pub(super) deleted_files: Vec<String>,
    pub(super) deleted_bases: Vec<String>,
    /// Files' bytes (hash, bytes), checked against their hash by the worker.
    pub(super) bytes: Vec<(String, Vec<u8>)>,
}

impl Arriving {
    pub(super) fn is_empty(&self) -> bool {
        self.bases.is_empty()
            && self.files.is_empty()
            && self.deleted_files.is_empty()
            && self.deleted_bases.is_empty()
            && self.bytes.is_empty()
    }

    /// The hashes of the files that came.
    pub(super) fn hashes(&self) -> impl Iterator<Item = &String> {
        self.files.iter().filter_map(|file| file.hash.as_ref())
    }
}

/// Hands what came to the worker; returns the bases whose deletion did not
/// take (a file here the deleting device never saw keeps them).
pub(super) async fn apply(arriving: &Arriving) -> Result<Vec<String>, SyncError> {
    if arriving.is_empty() {
        return Ok(Vec::new());
    }
    let args = json!({
        "bases": arriving.bases,
        "files": arriving.files,
        "deletedFiles": arriving.deleted_files,
        "deletedBases": arriving.deleted_bases,
    });
    let answer = worker::request_with_bytes("syncApply", args, &arriving.bytes).await?;
    read(answer.get("kept"))
}
