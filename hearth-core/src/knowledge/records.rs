//! The knowledge bases' records, as the worker stores them in their own
//! database (`hearth-knowledge`) and the page reads them: a base, a file in
//! it with its state, and the passages a reply was given.

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::Locator;
use super::kind::{FileKind, Refusal};
use crate::Millis;

/// A knowledge base: a named collection of files.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BaseRecord {
    /// Its id.
    pub id: String,
    /// Its name, as the user gave it.
    pub name: String,
    /// When it was made.
    #[serde(default)]
    pub created: Millis,
    /// The embedding model its passages are embedded with, if any; without
    /// one it is searched by words alone.
    #[serde(default)]
    pub embedding: Option<EmbeddingChoice>,
    /// The name of the folder it is linked to and kept in step with, if any
    /// (the folder's handle stays with the worker).
    #[serde(default, rename = "folderName")]
    pub folder_name: Option<String>,
    /// Whether the browser lets Hearth read that folder now (it asks again
    /// after it restarts).
    #[serde(default, rename = "folderAllowed")]
    pub folder_allowed: bool,
    /// Its files' embeddings go with them into backups and sync (the user's
    /// choice, the same on every device), so that a device receiving them
    /// need not embed them again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub carry_vectors: bool,
    /// Removed, while its removal can still be undone.
    #[serde(default)]
    pub hidden: bool,
}

/// Which account and model embed a base's passages.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EmbeddingChoice {
    /// The provider account's id (its key stays in the key lock; the worker
    /// gets it only while the page has it).
    pub account: String,
    /// The embedding model, e.g. `text-embedding-3-small` or `nomic-embed-text`.
    pub model: String,
}

/// Where a file is in its reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileState {
    /// Stored, not read yet (or read again after a reload).
    #[default]
    Waiting,
    /// Read; its passages are being embedded.
    Embedding,
    /// Read and searchable.
    Indexed,
    /// Refused or unreadable; [`FileRecord::refusal`] says why.
    Failed,
}

/// A file in a knowledge base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileRecord {
    /// Its id.
    pub id: String,
    /// Its number in the worker's index (0 for a refused file).
    #[serde(default)]
    pub num: u32,
    /// The base it is in.
    pub base: String,
    /// Its name.
    pub name: String,
    /// Its path in the folder it came from (its name when picked alone).
    #[serde(default)]
    pub path: String,
    /// Its size in bytes.
    #[serde(default)]
    pub size: u64,
    /// The SHA-256 of its bytes (the blob's key); none when refused unread.
    #[serde(default)]
    pub hash: Option<String>,
    /// What it is; none when refused before that was known.
    #[serde(default)]
    pub kind: Option<FileKind>,
    /// Its last change, as the file system said.
    #[serde(default)]
    pub modified: f64,
    /// When it was added.
    #[serde(default)]
    pub added: f64,
    /// Where it is in its reading.
    #[serde(default)]
    pub state: FileState,
    /// Its passages, once read.
    #[serde(default)]
    pub passages: u32,
    /// Its pages (a PDF's).
    #[serde(default)]
    pub pages: u32,
    /// Its passages embedded.
    #[serde(default)]
    pub embedded: u32,
    /// Why it failed.
    #[serde(default)]
    pub refusal: Option<Refusal>,
    /// Why its embedding failed (it is searched by words meanwhile).
    #[serde(default)]
    pub embed_error: Option<String>,
    /// Removed, while its removal can still be undone.
    #[serde(default)]
    pub hidden: bool,
    /// The file this one replaces once it is read (the same path, changed).
    #[serde(default)]
    pub replaces: Option<String>,
    /// Its embeddings as they travel (in sync and backups, when its base
    /// carries them): what they are and the hash of their bytes, which go
    /// beside the file like its own bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vectors: Option<CarriedVectors>,
}

/// A file's embeddings as they travel: the bytes (the worker's compact
/// vectors, `knowledge::vectors`) go by their hash, and a device uses them
/// instead of embedding again only when its base embeds with the same
/// account and model and its own reading of the file gave the same passages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedVectors {
    /// The SHA-256 of the vectors' bytes, in lowercase hex.
    pub hash: String,
    /// The account and model that made them (`account|model`).
    pub model: String,
    /// Their dimensions.
    pub dims: u32,
    /// The SHA-256 of the passages they were made from (as the worker
    /// stores them), in lowercase hex.
    pub passages: String,
}

impl CarriedVectors {
    /// Whether its hashes are SHA-256s in lowercase hex and it has
    /// dimensions (another device's word is not taken for more).
    pub fn is_well_formed(&self) -> bool {
        is_sha256_hex(&self.hash) && is_sha256_hex(&self.passages) && self.dims > 0 && !self.model.is_empty()
    }
}

/// One passage a reply was given (before it, or by `search_knowledge`),
/// stored with the reply and shown on request: what the model read, with
/// where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retrieved {
    /// Its number in the context, as the reply cites it (`[n]`).
    pub number: u32,
    /// The file's id.
    pub file: String,
    /// The file's name then.
    pub name: String,
    /// The passage's number in its file.
    pub passage: u32,
    /// Where it is in the file.
    #[serde(default)]
    pub at: Locator,
    /// Its text, as sent.
    pub text: String,
    /// Whether the file is a PDF (its viewer opens the file at the page).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pdf: bool,
}

impl Retrieved {
    /// As kept on a reply (`MessageRecord::knowledge`).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// The passages kept on a reply, each that can be read (one written by a
    /// newer Hearth in a shape this one cannot read is left out).
    pub fn from_values(values: &[serde_json::Value]) -> Vec<Retrieved> {
        values.iter().filter_map(|value| serde_json::from_value(value.clone()).ok()).collect()
    }
}

// ---- what leaves this device (sync and backups) ----

/// The fields of a base that leave this device: its id, name, when it was
/// made, its embedding model (the account and model, never a key) and
/// whether its embeddings travel. The folder it is linked to is this
/// device's: a handle means nothing elsewhere.
pub const BASE_CARRIED: [&str; 5] = ["id", "name", "created", "embedding", "carry_vectors"];

/// The fields of a file that leave this device: what the file is, and its
/// embeddings' description when its base carries them. Its passages and
/// postings are rebuilt by each device from its bytes (which go beside it,
/// by hash), and its state is each device's own.
pub const FILE_CARRIED: [&str; 10] =
    ["id", "base", "name", "path", "size", "hash", "kind", "modified", "added", "vectors"];

/// Base `record`'s carried fields ([`BASE_CARRIED`]); `None` while its
/// removal can still be undone.
pub fn carried_base(record: &BaseRecord) -> Option<Map<String, Value>> {
    if record.hidden {
        return None;
    }
    let Ok(Value::Object(mut fields)) = serde_json::to_value(record) else { return None };
    fields.retain(|name, _| BASE_CARRIED.contains(&name.as_str()));
    Some(fields)
}

/// File `record`'s carried fields ([`FILE_CARRIED`]), its times as whole
/// milliseconds (a float would read back from JSON elsewhere as an integer);
/// `None` for a file refused unread (it has no bytes: the refusal stays
/// here), while its removal can still be undone, and for the new version of
/// a changed file until it is read (it then takes the old one's place).
pub fn carried_file(record: &FileRecord) -> Option<Map<String, Value>> {
    if record.hash.is_none() || record.kind.is_none() || record.hidden || record.replaces.is_some() {
        return None;
    }
    let Ok(Value::Object(mut fields)) = serde_json::to_value(record) else { return None };
    fields.retain(|name, _| FILE_CARRIED.contains(&name.as_str()));
    for (field, time) in [("modified", record.modified), ("added", record.added)] {
        let whole = if time.is_finite() { time.trunc() as i64 } else { 0 };
        fields.insert(field.to_owned(), Value::from(whole));
    }
    Some(fields)
}

/// What a write that came by sync checks of base `record` before it takes
/// the stored base's place: the fields a person can change on this device
/// (its name, embedding model and whether its embeddings travel) as they
/// were when sync read them to work the write out. The knowledge worker
/// (`guardOf` in src/io/knowledge/knowledge-worker.js) reads the same of the
/// stored base and writes only while the two are equal, so a change made
/// here meanwhile is merged on the next try instead of written over.
pub fn base_guard(record: &BaseRecord) -> Value {
    let embedding = record.embedding.as_ref();
    serde_json::json!([
        record.name,
        embedding.map(|choice| &choice.account),
        embedding.map(|choice| &choice.model),
        record.carry_vectors
    ])
}

/// Why carried fields do not read as a base or a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CarriedError {
    /// A field is missing or of the wrong type (a kind of file from a newer Hearth, say).
    #[error("{0}")]
    Unreadable(String),
    /// The file's hash is not a SHA-256 in lowercase hex.
    #[error("its hash is not a SHA-256 in lowercase hex")]
    BadHash,
    /// The file does not say what kind of file it is.
    #[error("it does not say what kind of file it is")]
    NoKind,
    /// The file names no base.
    #[error("it names no knowledge base")]
    NoBase,
}

/// A base from its carried fields (any other is ignored).
pub fn read_carried_base(mut fields: Map<String, Value>) -> Result<BaseRecord, CarriedError> {
    fields.retain(|name, _| BASE_CARRIED.contains(&name.as_str()));
    serde_json::from_value(Value::Object(fields)).map_err(|error| CarriedError::Unreadable(error.to_string()))
}

/// A file from its carried fields (any other is ignored), as waiting to be
/// read: with a SHA-256 in lowercase hex, a kind this version reads, and a base.
pub fn read_carried_file(mut fields: Map<String, Value>) -> Result<FileRecord, CarriedError> {
    fields.retain(|name, _| FILE_CARRIED.contains(&name.as_str()));
    let mut file: FileRecord =
        serde_json::from_value(Value::Object(fields)).map_err(|error| CarriedError::Unreadable(error.to_string()))?;
    if !file.hash.as_deref().is_some_and(is_sha256_hex) {
        return Err(CarriedError::BadHash);
    }
    if file.kind.is_none() {
        return Err(CarriedError::NoKind);
    }
    if file.base.is_empty() {
        return Err(CarriedError::NoBase);
    }
    // Embeddings described wrongly are not used: the file is embedded here.
    if file.vectors.as_ref().is_some_and(|vectors| !vectors.is_well_formed()) {
        file.vectors = None;
    }
    Ok(file)
}

/// Whether `hash` is a SHA-256 in lowercase hex.
pub fn is_sha256_hex(hash: &str) -> bool {
    hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The bases' total: files, bytes and passages of the files not refused.
pub fn totals(files: &[FileRecord]) -> (usize, u64, u64) {
    files.iter().filter(|file| file.state != FileState::Failed).fold((0, 0, 0), |(count, bytes, passages), file| {
        (count + 1, bytes.saturating_add(file.size), passages + u64::from(file.passages))
    })
}
