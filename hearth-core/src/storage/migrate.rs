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

#[cfg(test)]
mod tests;

use serde::de::DeserializeOwned;

use super::SCHEMA_VERSION;
use super::records::ProviderRecord;

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
    // when SCHEMA_VERSION is bumped. 1 → 2 added fields only: nothing to change.
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
