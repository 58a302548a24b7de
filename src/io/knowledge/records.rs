//! The knowledge bases' records as what leaves this device reads them (sync
//! and backups): every base and file, a file's bytes, and what came from
//! another device or a backup, handed to the worker to store. The worker
//! keeps its own rules: bytes are stored only when their hash is right and a
//! file names them, and a base another device deleted goes only once none of
//! its files is left here.

use std::collections::BTreeMap;

use hearth_core::knowledge::records::{BaseRecord, FileRecord};
use serde_json::{Value, json};

use super::{KnowledgeError, exists, file_blob, request, request_with_bytes, vectors_blob};

/// Every base and file here (those being removed included).
pub(crate) struct Records {
    pub(crate) bases: Vec<BaseRecord>,
    pub(crate) files: Vec<FileRecord>,
    /// The ids of the bases and files deleted here that sync has not yet
    /// made known.
    pub(crate) deleted: Vec<String>,
}

fn read<T: serde::de::DeserializeOwned>(values: Option<&Value>) -> Result<Vec<T>, KnowledgeError> {
    let Some(Value::Array(values)) = values else { return Ok(Vec::new()) };
    values
        .iter()
        .map(|value| serde_json::from_value(value.clone()))
        .collect::<Result<_, _>>()
        .map_err(|error| KnowledgeError::Failed(format!("a knowledge base's record does not read ({error})")))
}

/// The bases and files here; `None` when this browser holds no knowledge
/// bases (their database does not exist: the worker is not started).
pub(crate) async fn records() -> Result<Option<Records>, KnowledgeError> {
    read_records(false).await
}

/// [`records`] as a sync point sends them: a file of a base that carries its
/// embeddings is left out while it is read or embedded, so that another
/// device gets it with its embeddings instead of embedding it meanwhile.
pub(crate) async fn records_for_sync() -> Result<Option<Records>, KnowledgeError> {
    read_records(true).await
}

async fn read_records(sync: bool) -> Result<Option<Records>, KnowledgeError> {
    if !exists().await {
        return Ok(None);
    }
    let answer = request("records", json!({ "sync": sync }), Vec::new()).await?;
    Ok(Some(Records {
        bases: read(answer.get("bases"))?,
        files: read(answer.get("files"))?,
        deleted: read(answer.get("deleted"))?,
    }))
}

/// Forgets the deletions noted of `ids`, now made known by sync.
pub(crate) async fn forget_deleted(ids: &[String]) -> Result<(), KnowledgeError> {
    if !ids.is_empty() {
        request("syncForget", json!({ "ids": ids }), Vec::new()).await?;
    }
    Ok(())
}

/// The bytes of file `file`.
pub(crate) async fn file_bytes(file: &str) -> Result<Option<Vec<u8>>, KnowledgeError> {
    let Some(blob) = file_blob(file).await? else { return Ok(None) };
    Ok(crate::io::media::bytes_of(&blob).await)
}

/// The bytes of file `file`'s embeddings as they travel, when those here are
/// the ones its record describes.
pub(crate) async fn vectors_bytes(file: &str) -> Result<Option<Vec<u8>>, KnowledgeError> {
    let Some(blob) = vectors_blob(file).await? else { return Ok(None) };
    Ok(crate::io::media::bytes_of(&blob).await)
}

/// Of `hashes`, those whose bytes the bases hold here, and those a file
/// here waits for.
pub(crate) async fn blobs(hashes: &[String]) -> Result<(Vec<String>, Vec<String>), KnowledgeError> {
    if hashes.is_empty() || !exists().await {
        return Ok((Vec::new(), Vec::new()));
    }
    let answer = request("syncBlobs", json!({ "hashes": hashes }), Vec::new()).await?;
    Ok((read(answer.get("held"))?, read(answer.get("wanted"))?))
}

/// What came for the knowledge bases, from another device or a backup.
#[derive(Default)]
pub(crate) struct Arriving {
    pub(crate) bases: Vec<BaseRecord>,
    pub(crate) files: Vec<FileRecord>,
    pub(crate) deleted_files: Vec<String>,
    pub(crate) deleted_bases: Vec<String>,
    /// Files' bytes (hash, bytes), checked against their hash by the worker.
    pub(crate) bytes: Vec<(String, Vec<u8>)>,
    /// A backup's: a base or file already here stays as it is.
    pub(crate) keep_existing: bool,
    /// Of the bases that came, those that were here when sync read them, by
    /// id: what each was then (`base_guard`). One changed since is not written.
    pub(crate) guards: BTreeMap<String, Value>,
}

impl Arriving {
    pub(crate) fn is_empty(&self) -> bool {
        self.bases.is_empty()
            && self.files.is_empty()
            && self.deleted_files.is_empty()
            && self.deleted_bases.is_empty()
            && self.bytes.is_empty()
    }

    /// The hashes of the files that came, and of their embeddings.
    pub(crate) fn hashes(&self) -> impl Iterator<Item = &String> {
        self.files.iter().flat_map(|file| file.hash.iter().chain(file.vectors.as_ref().map(|vectors| &vectors.hash)))
    }
}

/// Hands what came to the worker; returns the bases whose deletion did not
/// take (a file here the deleting device never saw keeps them).
/// [`KnowledgeError::ChangedMeanwhile`] when a guarded base was changed here
/// since it was read (then nothing is written, unless the change came between
/// the worker's check and its write; sync applies the page again).
pub(crate) async fn apply(arriving: &Arriving) -> Result<Vec<String>, KnowledgeError> {
    if arriving.is_empty() {
        return Ok(Vec::new());
    }
    let args = json!({
        "bases": arriving.bases,
        "files": arriving.files,
        "deletedFiles": arriving.deleted_files,
        "deletedBases": arriving.deleted_bases,
        "keepExisting": arriving.keep_existing,
        "guards": arriving.guards,
    });
    let answer = request_with_bytes("syncApply", args, &arriving.bytes).await?;
    if !read::<String>(answer.get("changed"))?.is_empty() {
        return Err(KnowledgeError::ChangedMeanwhile);
    }
    read(answer.get("kept"))
}
