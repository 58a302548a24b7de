//! The database's methods over the blob store (see [`blobs`](super::blobs)):
//! writing a message with the blobs it refers to, reading one blob, and
//! listing them for a backup or for the storage figures.

use hearth_core::format::base64;
use hearth_core::storage::backup::BlobEntry;
use hearth_core::storage::{MessageRecord, SessionRecord, stores};
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use web_sys::Blob;

use super::blobs::{BlobUsage, NewBlob, bytes_blob, failed, put_blobs};
use super::records::{Result, commit};
use super::{Db, put_message_and_session};

impl Db {
    /// Writes a message with the blobs it refers to (those not stored yet are
    /// added), and refreshes its session, in one transaction (see
    /// [`Db::save_message`]).
    pub(crate) async fn save_message_with_blobs(
        &self,
        session: &SessionRecord,
        message: &MessageRecord,
        blobs: &[NewBlob],
    ) -> Result<SessionRecord> {
        self.ready_to_write_messages().await?;
        let tx = self
            .live()?
            .transaction([stores::SESSIONS, stores::MESSAGES, stores::POSTINGS, stores::BLOBS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let wanted: Vec<NewBlob> = blobs.iter().filter(|blob| message.blobs.contains(&blob.hash)).cloned().collect();
        put_blobs(&tx, &wanted).await?;
        let stored = put_message_and_session(&tx, session, message).await?;
        commit(tx).await?;
        Ok(stored)
    }

    /// The bytes stored under `hash`, if any.
    pub(crate) async fn blob(&self, hash: &str) -> Result<Option<Blob>> {
        let tx = self.live()?.transaction(stores::BLOBS).build()?;
        let value: Option<JsValue> = tx.object_store(stores::BLOBS)?.get(hash.to_owned()).primitive()?.await?;
        Ok(value.and_then(|value| {
            let mime = Reflect::get(&value, &"mime".into()).ok().and_then(|mime| mime.as_string()).unwrap_or_default();
            bytes_blob(Reflect::get(&value, &"data".into()).ok()?, &mime)
        }))
    }

    /// Every stored blob as a backup carries it: its id and type, and its
    /// bytes in base64 when `with_data` (else empty: to know what is stored).
    pub(crate) async fn blob_entries(&self, with_data: bool) -> Result<Vec<BlobEntry>> {
        let values: Vec<JsValue> = {
            let tx = self.live()?.transaction(stores::BLOBS).build()?;
            let all = tx.object_store(stores::BLOBS)?.get_all::<JsValue>().primitive()?.await?;
            all.collect::<std::result::Result<Vec<_>, _>>()?
        };
        let mut entries = Vec::with_capacity(values.len());
        for value in values {
            let text =
                |key: &str| Reflect::get(&value, &key.into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
            let mut entry = BlobEntry { id: text("id"), mime: text("mime"), data: String::new() };
            if with_data {
                let blob = Reflect::get(&value, &"data".into()).ok().and_then(|data| bytes_blob(data, &entry.mime));
                let bytes = match blob {
                    Some(blob) => crate::io::media::bytes_of(&blob).await,
                    None => None,
                };
                entry.data = base64::encode(&bytes.ok_or_else(|| failed("read an attachment"))?);
            }
            entries.push(entry);
        }
        Ok(entries)
    }

    /// How many blobs are stored and their bytes.
    pub(crate) async fn blob_usage(&self) -> Result<BlobUsage> {
        let tx = self.live()?.transaction(stores::BLOBS).build()?;
        let values = tx.object_store(stores::BLOBS)?.get_all::<JsValue>().primitive()?.await?;
        let mut usage = BlobUsage::default();
        for value in values {
            let size = Reflect::get(&value?, &"size".into()).ok().and_then(|size| size.as_f64()).unwrap_or(0.0);
            usage.count += 1;
            usage.bytes += size as u64;
        }
        Ok(usage)
    }
}
