//! The knowledge bases' records, as the worker stores them in their own
//! database (`hearth-knowledge`) and the page reads them: a base, a file in
//! it with its state, and the passages a reply was given.

use serde::{Deserialize, Serialize};

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

/// The bases' total: files, bytes and passages of the files not refused.
pub fn totals(files: &[FileRecord]) -> (usize, u64, u64) {
    files.iter().filter(|file| file.state != FileState::Failed).fold((0, 0, 0), |(count, bytes, passages), file| {
        (count + 1, bytes.saturating_add(file.size), passages + u64::from(file.passages))
    })
}
