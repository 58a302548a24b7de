//! Sync's bookkeeping beside the records it syncs (`stores::REPLICA`, one
//! entry per document; `stores::REPLICA_STATE`, a key and a value), and the
//! one write that applies what a pull brought: the records, the deletions,
//! the bookkeeping and the checkpoint, all in one transaction, so a page
//! closed mid-pull either has all of a batch or none of it (and then fetches
//! it again from the same checkpoint).
//!
//! What the entries hold is decided in `hearth_core::replication::local`;
//! here they are only JSON values moved in and out.

use std::collections::BTreeSet;

use hearth_core::storage::backup::StoreContents;
use hearth_core::storage::{MessageRecord, SessionRecord, indexes, stores};
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

use super::blobs::{self, NewBlob};
use super::records::of_session;
use super::{
    Db, Result, StorageError, commit, from_js, from_js_all, put_all, put_each, put_messages, session_js, to_js,
};

/// A value of `replica_state`, stored as `{key, value}`.
#[derive(Serialize, serde::Deserialize)]
struct StateEntry<T> {
    key: String,
    value: T,
}

/// Everything one pulled batch (or one round of local changes) writes.
#[derive(Default)]
pub(crate) struct ReplicaWrite {
    /// Records to put (messages refresh their sessions' counts and previews).
    pub(crate) records: StoreContents,
    /// Bytes of attachments the batch's messages refer to.
    pub(crate) blobs: Vec<NewBlob>,
    /// Records as they were read to decide this write: (store, key, the
    /// fingerprint of the stored record, `None`: absent). The write happens
    /// only if each is still so; else nothing is written
    /// ([`StorageError::RecordChanged`]), so a write made meanwhile is never
    /// put over.
    pub(crate) guards: Vec<(&'static str, String, Option<String>)>,
    /// Messages to delete, by id.
    pub(crate) deleted_messages: Vec<String>,
    /// Sessions to delete with their app's data, by id (their messages are
    /// deleted as messages, by their own tombstones).
    pub(crate) deleted_sessions: Vec<String>,
    /// Other records to delete: (store, key).
    pub(crate) deleted_other: Vec<(&'static str, String)>,
    /// Bookkeeping entries to put (JSON objects with an `id`).
    pub(crate) metas: Vec<serde_json::Value>,
    /// State entries to put: key and value.
    pub(crate) state: Vec<(String, serde_json::Value)>,
}

impl ReplicaWrite {
    /// Whether it writes no record (only bookkeeping, or nothing).
    pub(crate) fn touches_no_record(&self) -> bool {
        let r = &self.records;
        r.providers.is_empty()
            && r.model_configs.is_empty()
            && r.agents.is_empty()
            && r.sessions.is_empty()
            && r.messages.is_empty()
            && r.project_files.is_empty()
            && r.settings.is_empty()
            && self.deleted_messages.is_empty()
            && self.deleted_sessions.is_empty()
            && self.deleted_other.is_empty()
    }
}

impl Db {
    /// The bookkeeping entries of `ids`, in their order (`None`: none yet).
    pub(crate) async fn replica_get<T: DeserializeOwned>(&self, ids: &[String]) -> Result<Vec<Option<T>>> {
        let tx = self.live()?.transaction(stores::REPLICA).build()?;
        let store = tx.object_store(stores::REPLICA)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let value: Option<JsValue> = store.get(id.clone()).primitive()?.await?;
            out.push(value.map(from_js).transpose()?);
        }
        Ok(out)
    }

    /// The bookkeeping entries whose `index` (`REPLICA_BY_SESSION`,
    /// `REPLICA_BY_KIND`) is `value`.
    pub(crate) async fn replica_where<T: DeserializeOwned>(&self, index: &str, value: &str) -> Result<Vec<T>> {
        let tx = self.live()?.transaction(stores::REPLICA).build()?;
        let store = tx.object_store(stores::REPLICA)?;
        let index = store.index(index)?;
        from_js_all(index.get_all::<JsValue>().with_query(value.to_owned()).primitive()?.await?)
    }

    /// Up to `limit` entries changed here after local change number `seq`,
    /// in the order they changed.
    pub(crate) async fn replica_after<T: DeserializeOwned>(&self, seq: u64, limit: u32) -> Result<Vec<T>> {
        let tx = self.live()?.transaction(stores::REPLICA).build()?;
        let store = tx.object_store(stores::REPLICA)?;
        let index = store.index(indexes::REPLICA_BY_SEQ)?;
        let range = indexed_db_futures::KeyRange::LowerBound(seq as f64, true);
        from_js_all(index.get_all::<JsValue>().with_query::<f64, _>(range).with_limit(limit).primitive()?.await?)
    }

    /// How many entries changed here after local change number `seq`.
    pub(crate) async fn replica_count_after(&self, seq: u64) -> Result<u32> {
        let tx = self.live()?.transaction(stores::REPLICA).build()?;
        let store = tx.object_store(stores::REPLICA)?;
        let index = store.index(indexes::REPLICA_BY_SEQ)?;
        let range = indexed_db_futures::KeyRange::LowerBound(seq as f64, true);
        Ok(index.count().with_query::<f64, _>(range).await?)
    }

    /// A state value (`None`: never written).
    pub(crate) async fn replica_state<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>> {
        let tx = self.live()?.transaction(stores::REPLICA_STATE).build()?;
        let value: Option<JsValue> = tx.object_store(stores::REPLICA_STATE)?.get(key.to_owned()).primitive()?.await?;
        Ok(value.map(from_js::<StateEntry<T>>).transpose()?.map(|entry| entry.value))
    }

    /// Every state entry whose key starts with `prefix`, as (key, value).
    pub(crate) async fn replica_states<T: DeserializeOwned>(&self, prefix: &str) -> Result<Vec<(String, T)>> {
        let tx = self.live()?.transaction(stores::REPLICA_STATE).build()?;
        let all: Vec<StateEntry<serde_json::Value>> =
            from_js_all(tx.object_store(stores::REPLICA_STATE)?.get_all::<JsValue>().primitive()?.await?)?;
        Ok(all
            .into_iter()
            .filter(|entry| entry.key.starts_with(prefix))
            .filter_map(|entry| Some((entry.key, serde_json::from_value(entry.value).ok()?)))
            .collect())
    }

    /// Whether a stored message refers to the blob `hash` and its bytes are
    /// not stored: bytes sync brings are kept only then (or with the message
    /// that refers to them).
    pub(crate) async fn blob_wanted(&self, hash: &str) -> Result<bool> {
        let tx = self.live()?.transaction([stores::MESSAGES, stores::BLOBS]).build()?;
        let stored: Option<JsValue> = tx.object_store(stores::BLOBS)?.get(hash.to_owned()).primitive()?.await?;
        if stored.is_some() {
            return Ok(false);
        }
        let messages = tx.object_store(stores::MESSAGES)?;
        let referring = messages.index(indexes::MESSAGES_BY_BLOB)?.count().with_query(hash.to_owned()).await?;
        Ok(referring > 0)
    }

    /// Deletes state entries by key.
    pub(crate) async fn replica_forget(&self, keys: &[String]) -> Result<()> {
        let tx = self.live()?.transaction(stores::REPLICA_STATE).with_mode(TransactionMode::Readwrite).build()?;
        let store = tx.object_store(stores::REPLICA_STATE)?;
        for key in keys {
            store.delete(key.clone()).await?;
        }
        commit(tx).await
    }

    /// The fingerprint of the record `key` of `store` as stored (`None`:
    /// absent), for a guard of [`ReplicaWrite`].
    pub(crate) async fn print_of(&self, store: &'static str, key: &str) -> Result<Option<String>> {
        let tx = self.live()?.transaction(store).build()?;
        let value: Option<JsValue> = tx.object_store(store)?.get(key.to_owned()).primitive()?.await?;
        value.map(print_js).transpose()
    }

    /// Forgets everything sync knew (its entries and state, not the
    /// records): the next sync starts as a new device's.
    pub(crate) async fn replica_reset(&self) -> Result<()> {
        let tx = self
            .live()?
            .transaction([stores::REPLICA, stores::REPLICA_STATE])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        tx.object_store(stores::REPLICA)?.clear()?.await?;
        tx.object_store(stores::REPLICA_STATE)?.clear()?.await?;
        commit(tx).await
    }

    /// Writes `write` in one transaction: blobs, records, deletions (a
    /// deleted message's blobs go when nothing refers to them), the sessions'
    /// counts and previews recounted, then the bookkeeping and the state.
    /// Returns the sessions whose records or messages changed.
    pub(crate) async fn apply_replica(&self, write: &ReplicaWrite) -> Result<Vec<String>> {
        if !write.records.messages.is_empty() {
            self.ready_to_write_messages().await?;
        } else if !write.deleted_messages.is_empty() {
            super::postings::ready().await;
        }
        let every: Vec<&str> = stores::ALL
            .iter()
            .copied()
            .chain([stores::BLOBS, stores::POSTINGS, stores::REPLICA, stores::REPLICA_STATE])
            .collect();
        let tx = self.live()?.transaction(every.as_slice()).with_mode(TransactionMode::Readwrite).build()?;
        for (store, key, seen) in &write.guards {
            let value: Option<JsValue> = tx.object_store(store)?.get(key.clone()).primitive()?.await?;
            if value.map(print_js).transpose()? != *seen {
                // Nothing is written: the transaction ends with only reads.
                return Err(StorageError::RecordChanged);
            }
        }
        let records = &write.records;
        let mut touched: BTreeSet<String> = BTreeSet::new();
        blobs::put_blobs(&tx, &write.blobs).await?;
        put_each(&tx, &records.providers).await?;
        put_each(&tx, &records.model_configs).await?;
        put_each(&tx, &records.agents).await?;
        put_each(&tx, &records.project_files).await?;
        put_each(&tx, &records.settings).await?;
        // A session arriving keeps the counts this device has.
        let sessions = tx.object_store(stores::SESSIONS)?;
        for session in &records.sessions {
            let stored: Option<JsValue> = sessions.get(session.id.clone()).primitive()?.await?;
            let mut session = session.clone();
            if let Some(stored) = stored.map(from_js::<SessionRecord>).transpose()? {
                session.message_count = stored.message_count;
                session.preview = stored.preview;
                // A deletion waiting out its Undo here stays waiting.
                session.deleted_at = stored.deleted_at;
                session.updated_at = session.updated_at.max(stored.updated_at);
            }
            sessions.put(session_js(&session)?).primitive()?.await?;
            touched.insert(session.id);
        }
        let messages = tx.object_store(stores::MESSAGES)?;
        let mut replaced = Vec::new();
        for message in &records.messages {
            replaced.extend(blobs::stored_message(&messages, &message.id).await?);
            touched.insert(message.session_id.clone());
        }
        put_messages(&tx, &records.messages.iter().collect::<Vec<_>>()).await?;
        super::postings::forget(&tx, &write.deleted_messages).await?;
        for id in &write.deleted_messages {
            if let Some(message) = blobs::stored_message(&messages, id).await? {
                touched.insert(message.session_id.clone());
                replaced.push(message);
                messages.delete(id.clone()).await?;
            }
        }
        blobs::free_unreferenced(&tx, &blobs::referred(&replaced)).await?;
        let settings = tx.object_store(stores::SETTINGS)?;
        for id in &write.deleted_sessions {
            sessions.delete(id.clone()).await?;
            settings.delete(hearth_core::storage::app_state::AppState::setting_key(id)).await?;
            touched.remove(id);
        }
        for (store, key) in &write.deleted_other {
            tx.object_store(store)?.delete(key.clone()).await?;
        }
        for id in &touched {
            recount(&tx, id).await?;
        }
        let replica = tx.object_store(stores::REPLICA)?;
        put_all(&replica, &mut write.metas.iter().map(to_js)).await?;
        let state = tx.object_store(stores::REPLICA_STATE)?;
        put_all(&state, &mut write.state.iter().map(|(key, value)| to_js(&StateEntry { key: key.clone(), value })))
            .await?;
        commit(tx).await?;
        Ok(touched.into_iter().collect())
    }
}

/// Inside `tx`: a session's count, time and preview from its messages as
/// stored (a session without its record yet is left for its record to come).
async fn recount(tx: &indexed_db_futures::transaction::Transaction<'_>, session_id: &str) -> Result<()> {
    let sessions = tx.object_store(stores::SESSIONS)?;
    let stored: Option<JsValue> = sessions.get(session_id.to_owned()).primitive()?.await?;
    let Some(mut session) = stored.map(from_js::<SessionRecord>).transpose()? else { return Ok(()) };
    let messages: Vec<MessageRecord> = from_js_all(
        tx.object_store(stores::MESSAGES)?
            .index(indexes::MESSAGES_BY_SESSION)?
            .get_all::<JsValue>()
            .with_query::<JsValue, _>(of_session(session_id))
            .primitive()?
            .await?,
    )?;
    session.message_count = u32::try_from(messages.len()).unwrap_or(u32::MAX);
    if let Some(latest) = messages.iter().max_by_key(|message| (message.created_at, message.id.clone())) {
        session.updated_at = session.updated_at.max(latest.updated_at);
    }
    if let Some(latest) = messages
        .iter()
        .filter(|message| !message.is_marker() && !message.content.is_empty())
        .max_by_key(|message| (message.created_at, message.id.clone()))
    {
        session.preview = hearth_core::storage::preview_of(&latest.content);
    }
    sessions.put(session_js(&session)?).primitive()?.await?;
    Ok(())
}

/// The fingerprint of a stored record: its canonical JSON's MD5.
fn print_js(value: JsValue) -> Result<String> {
    let json: serde_json::Value = from_js(value)?;
    let canonical = hearth_core::replication::doc::canonical(&json);
    Ok(hearth_core::format::md5::hex(&hearth_core::format::md5::digest(canonical.as_bytes())))
}
