//! Which object store each record kind lives in.
//!
//! Every record type names its store and its key through [`Stored`], so the shell
//! reads and writes records by type (`db.put(&session)`, `db.get::<AgentRecord>(id)`):
//! a record cannot be written to another kind's store, because no call names the
//! store and the record separately.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{
    MessageRecord, ModelConfigRecord, ProjectFileRecord, ProviderRecord, SessionRecord, SettingRecord, stores,
};
use crate::agent::AgentRecord;

/// A record kind with its own object store.
pub trait Stored: Serialize + DeserializeOwned {
    /// The object store that holds this kind (one of [`stores::ALL`]).
    const STORE: &'static str;

    /// The record's key in its store (its `id`; a setting's `key`).
    fn key(&self) -> &str;

    /// The record as a message, for the stores that hold messages (the
    /// shell writes them with their search's postings); `None` for any other kind.
    fn as_message(&self) -> Option<&MessageRecord> {
        None
    }

    /// The record as a conversation, for the store that holds them (the shell
    /// writes each with its sidebar place, see [`super::sidebar`]); `None` for
    /// any other kind.
    fn as_session(&self) -> Option<&SessionRecord> {
        None
    }
}

macro_rules! stored_by_id {
    ($($record:ty => $store:expr),* $(,)?) => {
        $(impl Stored for $record {
            const STORE: &'static str = $store;

            fn key(&self) -> &str {
                &self.id
            }
        })*
    };
}

stored_by_id! {
    ProviderRecord => stores::PROVIDERS,
    ModelConfigRecord => stores::MODEL_CONFIGS,
    AgentRecord => stores::AGENTS,
    ProjectFileRecord => stores::PROJECT_FILES,
}

impl Stored for SessionRecord {
    const STORE: &'static str = stores::SESSIONS;

    fn key(&self) -> &str {
        &self.id
    }

    fn as_session(&self) -> Option<&SessionRecord> {
        Some(self)
    }
}

impl Stored for SettingRecord {
    const STORE: &'static str = stores::SETTINGS;

    fn key(&self) -> &str {
        &self.key
    }
}

impl Stored for MessageRecord {
    const STORE: &'static str = stores::MESSAGES;

    fn key(&self) -> &str {
        &self.id
    }

    fn as_message(&self) -> Option<&MessageRecord> {
        Some(self)
    }
}

#[cfg(test)]
mod tests;
