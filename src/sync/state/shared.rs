//! What the replicator ([`engine`](super::engine)) and the records' side
//! ([`local`](super::local)) share: why a run stops ([`SyncError`]), the
//! contested fields and held documents they keep ([`Conflict`], [`Held`]), and
//! how document ids go to the server ([`Ids`]: as they are, or sealed).

use hearth_core::replication::doc::{self, DocKind};
use hearth_core::replication::local::DocMeta;
use hearth_core::replication::merge::Contested;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::e2e::{E2eError, Keys};
use crate::io::db::StorageError;

pub(super) const HELD_PREFIX: &str = "held:";

pub(super) const CONFLICT_PREFIX: &str = "conflict:";

/// Why a round stopped.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SyncError {
    /// Stop was pressed.
    Stopped,
    /// The server refused: only the user can fix it (words).
    Refused(String),
    /// Worth another try later: what happened, and the HTTP status if any.
    Retry(String, Option<u16>),
    /// This device's storage failed (words).
    Local(String),
    /// A record changed here while a pull was being written: nothing was
    /// written, and the pull reads it again.
    Changed,
}

impl From<StorageError> for SyncError {
    fn from(error: StorageError) -> Self {
        match error {
            StorageError::RecordChanged => SyncError::Changed,
            error => SyncError::Local(error.to_string()),
        }
    }
}

impl From<E2eError> for SyncError {
    fn from(error: E2eError) -> Self {
        match error {
            E2eError::Failed(why) => SyncError::Retry(why, None),
            other => SyncError::Refused(other.to_string()),
        }
    }
}

/// A field both devices changed: the winner's value is shown, and the user picks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Conflict {
    /// The document's plain id (`agent:<id>`).
    pub(crate) doc: String,
    /// What it is, in words (`Agent "Writer"`).
    pub(crate) label: String,
    /// The field (`prompt`); empty when the document could not be read.
    pub(crate) field: String,
    /// The value shown now.
    pub(crate) shown: Value,
    /// The other device's value.
    pub(crate) other: Value,
}

impl Conflict {
    pub(super) fn of(meta: &DocMeta, kind: DocKind, contested: &Contested) -> Self {
        let name = meta
            .winner()
            .and_then(|(rev, _)| meta.body(&rev).cloned())
            .and_then(|body| {
                let record = body.get("record")?;
                record.get("name").or_else(|| record.get("title")).or_else(|| record.get("key")).cloned()
            })
            .and_then(|name| name.as_str().map(str::to_owned))
            .unwrap_or_default();
        Conflict {
            doc: meta.plain.clone(),
            label: format!("{} “{name}”", doc::kind_label(kind)),
            field: contested.field.clone(),
            shown: contested.winner.clone(),
            other: contested.loser.clone(),
        }
    }

    pub(super) fn key(&self) -> String {
        format!("{CONFLICT_PREFIX}{}|{}", self.doc, self.field)
    }
}

/// A document sync holds instead of syncing, listed for the user with why
/// and what would change it (nothing to pick, unlike a [`Conflict`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Held {
    /// The document's plain id (`setting:<key>`).
    pub(crate) doc: String,
    /// What it is, in words (`Setting “theme”`).
    pub(crate) label: String,
    /// Why it is held.
    pub(crate) why: String,
    /// What would read or send it.
    pub(crate) hint: String,
    /// Whether this device cannot read it (else the server refused it).
    pub(crate) unreadable: bool,
}

impl Held {
    pub(super) fn label_of(plain: &str) -> String {
        match doc::parse_doc_id(plain) {
            Some((kind, key)) => format!("{} “{key}”", doc::kind_label(kind)),
            None => plain.to_owned(),
        }
    }

    /// A document this version cannot read: held as it is (never deleted
    /// or overwritten from here) and read again at every start (after an
    /// update, it may read).
    pub(super) fn unreadable(plain: &str, error: &doc::MapError) -> Self {
        Held {
            doc: plain.to_owned(),
            label: Self::label_of(plain),
            why: error.to_string(),
            hint: hearth_core::replication::pull::unreadable_hint(error).to_owned(),
            unreadable: true,
        }
    }

    /// A document of this device's that the server refused (`error`, its
    /// `reason`): it stays here, and goes with its next change.
    pub(super) fn refused(plain: &str, error: &str, reason: &str) -> Self {
        let (why, hint) = match error {
            "too_large" => (
                format!("not synced: too large for the server ({reason})"),
                "It stays on this device. A server that takes larger documents (CouchDB's max_document_size) \
                 would take it; Check server says the limit.",
            ),
            _ => (
                format!("not synced: the server refused it ({error}: {reason})"),
                "It stays on this device; it is sent again when it changes.",
            ),
        };
        Held { doc: plain.to_owned(), label: Self::label_of(plain), why, hint: hint.to_owned(), unreadable: false }
    }

    /// A revision the server sent that its sealed body does not make
    /// (replayed or invented): dropped, and listed so the user knows.
    pub(super) fn forged(plain: &str) -> Self {
        Held {
            doc: plain.to_owned(),
            label: Self::label_of(plain),
            why: "not taken: a revision the server sent does not open or does not match its sealed body \
                  (changed, replayed or made up)"
                .to_owned(),
            hint: "Nothing here changed. If this comes back, the server is not to be trusted with this database."
                .to_owned(),
            unreadable: false,
        }
    }

    pub(super) fn key_of(plain: &str) -> String {
        format!("{HELD_PREFIX}{plain}")
    }
}

/// How documents are named on the server: by their plain ids, or sealed.
pub(super) enum Ids {
    Plain,
    Sealed(Keys),
}

impl Ids {
    /// What revision ids are salted with (see `replication::local`).
    pub(super) fn salt(&self) -> &str {
        match self {
            Ids::Plain => "",
            Ids::Sealed(keys) => &keys.salt,
        }
    }

    pub(super) async fn server_id(&self, plain: &str) -> Result<String, SyncError> {
        match self {
            Ids::Plain => Ok(plain.to_owned()),
            Ids::Sealed(keys) => Ok(keys.server_id(plain).await?),
        }
    }

    pub(super) async fn seal(
        &self,
        id: &str,
        plain: &str,
        body: &Map<String, Value>,
    ) -> Result<Map<String, Value>, SyncError> {
        match self {
            Ids::Plain => Ok(body.clone()),
            Ids::Sealed(keys) => Ok(keys.seal(id, plain, body).await?),
        }
    }

    /// The plain id and body of a fetched document (`None`: not Hearth's).
    pub(super) async fn open(
        &self,
        id: &str,
        body: Map<String, Value>,
    ) -> Result<Option<(String, Map<String, Value>)>, SyncError> {
        match self {
            Ids::Plain => Ok(doc::parse_doc_id(id).map(|_| (id.to_owned(), body))),
            Ids::Sealed(keys) => {
                if !id.starts_with("e:") {
                    return Ok(None);
                }
                Ok(Some(keys.open(id, &body).await?))
            }
        }
    }
}
