//! Migrations of stored and exported records between schema versions.
//!
//! Records are read as JSON values, brought up to [`SCHEMA_VERSION`] one step at a
//! time, then parsed into the current types. A backup file says which version its
//! records have; IndexedDB records are migrated when the database is upgraded.
//! Every past version keeps a golden file in `test_data/storage/` that must keep
//! migrating to the current shapes.
//!
//! Version history:
//! - 1: the first stored shapes (providers, model configs, agents, sessions, one
//!   record per message with derived search `terms`, project files, settings).
//!   Providers later gained `key_origin` (additive, no version bump): a provider
//!   record with a key and no `key_origin` has its key bound to the origin of its
//!   base URL when it is read (see [`bind_key_origins`]). Agents later gained
//!   `description`, `sections` and `kind` (additive, no version bump: missing
//!   fields read as empty and `chat`, and are left out again when empty, so an
//!   agent stored before them serialises exactly as it was). Providers later
//!   gained `sealed_key` (additive, no version bump: absent reads as `None` and
//!   is left out again, so a record stored before the key lock serialises as it
//!   was; see [`super::key_lock`]).
//! - 2: message records gain `attachments` (images and PDFs by reference) and
//!   the derived `blobs`; the database gains the `blobs` store and the messages'
//!   `by_blob` index, and backups the blobs' bytes. A record of version 1 reads
//!   as it is (both fields absent), so the step changes nothing; the version
//!   makes an older Hearth refuse a backup whose images it would drop.
//! - 3: a conversation is a tree (see [`super::tree`]): message records gain
//!   `parent`. The step needs a conversation's records together, so it is
//!   [`link_parents`], applied to all the messages read at once (a backup's, the
//!   database's when it is upgraded): each message follows the message shown
//!   before it, and the versions of a regenerated reply (`variant_of`) become
//!   siblings under the message their first version followed, so what was shown
//!   stays shown.

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap};

use serde::de::DeserializeOwned;

use super::records::{MessageRecord, ProviderRecord};
use super::{SCHEMA_VERSION, versions};
use crate::message::Role;

/// Why a record could not be brought to the current schema.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MigrationError {
    /// The record comes from a newer Hearth than this one.
    #[error(
        "this data was written by a newer Hearth (schema {found}; this version understands up to {SCHEMA_VERSION})"
    )]
    TooNew {
        /// The version found.
        found: u32,
    },
    /// The version number is not one Hearth ever used.
    #[error("unknown schema version {found}")]
    Unknown {
        /// The version found.
        found: u32,
    },
    /// A record does not have the shape its version promises.
    #[error("a {store} record does not fit schema {version}: {reason}")]
    Invalid {
        /// Its object store.
        store: String,
        /// Its schema version.
        version: u32,
        /// What was wrong.
        reason: String,
    },
}

/// Brings one record of `store` from `version` to the current schema and parses it.
pub fn migrate_record<T: DeserializeOwned>(
    store: &str,
    version: u32,
    value: serde_json::Value,
) -> Result<T, MigrationError> {
    let value = upgrade(store, version, value)?;
    serde_json::from_value(value).map_err(|error| MigrationError::Invalid {
        store: store.to_owned(),
        version,
        reason: error.to_string(),
    })
}

/// Applies each migration step from `version` up to [`SCHEMA_VERSION`].
pub fn upgrade(store: &str, version: u32, value: serde_json::Value) -> Result<serde_json::Value, MigrationError> {
    if version > SCHEMA_VERSION {
        return Err(MigrationError::TooNew { found: version });
    }
    if version == 0 {
        return Err(MigrationError::Unknown { found: version });
    }
    // One step per version, `from => step_from_to_next(store, value)?`, added
    // when SCHEMA_VERSION is bumped. 1 → 2 added fields only: nothing to change;
    // 2 → 3 needs whole conversations: see `upgrade_messages`.
    Ok(bind_key_origins(store, value))
}

/// Binds the key of a provider record stored before keys were bound to its base
/// URL's origin (see [`ProviderRecord::bind_key_origin`]); other records and
/// providers already bound pass unchanged.
pub fn bind_key_origins(store: &str, value: serde_json::Value) -> serde_json::Value {
    if store != super::stores::PROVIDERS {
        return value;
    }
    let Ok(mut record) = serde_json::from_value::<ProviderRecord>(value.clone()) else { return value };
    if record.bind_key_origin() { serde_json::to_value(record).unwrap_or(value) } else { value }
}

/// The steps that need every message at once, from `version` up to
/// [`SCHEMA_VERSION`]: before 3, [`link_parents`].
pub fn upgrade_messages(version: u32, messages: &mut [MessageRecord]) {
    if version < 3 {
        link_parents(messages);
    }
}

/// Turns each conversation among `messages` into a tree (schema 2 → 3), as it
/// was shown: a message follows the message shown before it (by `created_at`,
/// then id); a reply's versions (`variant_of`) all follow the message their
/// group's first version followed; a failed or empty attempt that was shown
/// beside the answer it would have replaced is followed by nothing.
/// Summaries are no nodes. A conversation in which any message has a parent
/// already is left as it is, so the step can run twice.
pub fn link_parents(messages: &mut [MessageRecord]) {
    let mut sessions: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (at, message) in messages.iter().enumerate() {
        sessions.entry(message.session_id.clone()).or_default().push(at);
    }
    for mut members in sessions.into_values() {
        if members.iter().any(|&at| messages[at].parent.is_some()) {
            continue;
        }
        members.sort_by(|&a, &b| {
            (messages[a].created_at, &messages[a].id).cmp(&(messages[b].created_at, &messages[b].id))
        });
        let keys: Vec<_> = members.iter().map(|&at| version_key(&messages[at])).collect();
        let shown = versions::shown(&keys);
        let group = |at: usize| messages[at].variant_of.clone().unwrap_or_else(|| messages[at].id.clone());
        // How many versions of each group were shown: two means the answer and an empty attempt beside it.
        let mut shown_in_group: HashMap<String, usize> = HashMap::new();
        for (index, &at) in members.iter().enumerate() {
            if shown[index] && keys[index].is_some() {
                *shown_in_group.entry(group(at)).or_default() += 1;
            }
        }
        let mut last: Option<String> = None;
        let mut parents: Vec<(usize, Option<String>)> = Vec::new();
        let mut group_parent: HashMap<String, Option<String>> = HashMap::new();
        for (index, &at) in members.iter().enumerate() {
            if messages[at].is_summary() {
                continue;
            }
            let reply = keys[index].is_some();
            let parent = if reply {
                group_parent.entry(group(at)).or_insert_with(|| last.clone()).clone()
            } else {
                last.clone()
            };
            let beside =
                reply && !messages[at].has_content() && shown_in_group.get(&group(at)).copied().unwrap_or(0) > 1;
            if shown[index] && !beside {
                last = Some(messages[at].id.clone());
            }
            parents.push((at, parent));
        }
        for (at, parent) in parents {
            messages[at].parent = parent;
        }
    }
}

/// The key schema 2 showed a reply's versions with (`None` for other messages).
fn version_key(message: &MessageRecord) -> Option<versions::VersionKey<'_>> {
    (message.role == Role::Assistant && !message.is_marker()).then(|| versions::VersionKey {
        group: message.variant_of.as_deref().unwrap_or(&message.id),
        created_at: message.created_at,
        chosen_at: message.chosen_at,
        has_content: message.has_content(),
    })
}
