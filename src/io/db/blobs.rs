//! The blob store: the bytes of attached images and PDFs, keyed by their
//! SHA-256, each stored once however many messages refer to it.
//!
//! A blob is written in the same transaction as the first message that refers
//! to it, so none is ever stored without a reference, and none referred to is
//! missing. A message record lists its blobs (`MessageRecord::blobs`, indexed
//! by `by_blob`); whenever messages are deleted, the blobs they referred to
//! that no remaining record lists are deleted in the same transaction. A blob
//! another message still refers to is never deleted.
//!
//! A blob is stored as `{id, mime, size, data}`, `data` an `ArrayBuffer` of
//! the bytes ([`NewBlob`] carries them from where it is made: a transaction
//! must not wait on anything but IndexedDB, and writes stay in the order they
//! were asked for). Not a `Blob`: WebKit's private windows (and its
//! automation sessions) refuse a `Blob` in IndexedDB, which failed the whole
//! write, message and all. Records written before hold a `Blob`; both are
//! read ([`bytes_blob`]).

use hearth_core::storage::{MessageRecord, indexes, stores};
use indexed_db_futures::prelude::*;
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::Blob;

use super::records::{Result, StorageError, from_js};

/// Bytes to store with the message that first refers to them.
#[derive(Clone)]
pub(crate) struct NewBlob {
    /// The lowercase hex SHA-256 of the bytes.
    pub(crate) hash: String,
    /// Their media type.
    pub(crate) mime: String,
    /// The bytes, as the page shows them.
    pub(crate) data: Blob,
    /// The bytes, as they are stored.
    bytes: js_sys::ArrayBuffer,
}

impl NewBlob {
    /// `bytes` of type `mime`, their hash `hash`; `None` when the browser
    /// cannot hold them.
    pub(crate) fn of_bytes(hash: String, mime: String, bytes: &[u8]) -> Option<Self> {
        let data = crate::io::media::blob_of(bytes, &mime)?;
        Some(Self { hash, mime, data, bytes: js_sys::Uint8Array::from(bytes).buffer() })
    }

    /// The bytes of `data` (read now), their hash `hash`; `None` when they
    /// cannot be read.
    pub(crate) async fn of_blob(hash: String, mime: String, data: Blob) -> Option<Self> {
        let bytes = wasm_bindgen_futures::JsFuture::from(data.array_buffer()).await.ok()?.dyn_into().ok()?;
        Some(Self { hash, mime, data, bytes })
    }
}

/// What the blob store holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct BlobUsage {
    /// How many blobs.
    pub(crate) count: u32,
    /// Their bytes in all.
    pub(crate) bytes: u64,
}

pub(super) fn failed(what: &str) -> StorageError {
    StorageError::Failed(format!("could not {what}"))
}

/// A stored blob's `data` as a `Blob` of type `mime`: its bytes (an
/// `ArrayBuffer`), or the `Blob` a record written before holds.
pub(super) fn bytes_blob(data: JsValue, mime: &str) -> Option<Blob> {
    if data.is_instance_of::<Blob>() {
        return data.dyn_into().ok();
    }
    let buffer: js_sys::ArrayBuffer = data.dyn_into().ok()?;
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::new(&buffer));
    Blob::new_with_u8_array_sequence_and_options(&parts, &options).ok()
}

/// Inside `tx` (with the blobs store): stores each of `blobs` not stored yet.
pub(super) async fn put_blobs(tx: &indexed_db_futures::transaction::Transaction<'_>, blobs: &[NewBlob]) -> Result<()> {
    let store = tx.object_store(stores::BLOBS)?;
    for blob in blobs {
        let bytes = &blob.bytes;
        let stored: Option<JsValue> = store.get(blob.hash.clone()).primitive()?.await?;
        if stored.is_some() {
            continue;
        }
        let value = Object::new();
        let set = |key: &str, value_of: &JsValue| Reflect::set(&value, &key.into(), value_of).is_ok();
        let built = set("id", &blob.hash.as_str().into())
            && set("mime", &blob.mime.as_str().into())
            && set("size", &bytes.byte_length().into())
            && set("data", bytes);
        if !built {
            return Err(failed("prepare an attachment for storage"));
        }
        store.put(JsValue::from(value)).primitive()?.await?;
    }
    Ok(())
}

/// The blobs `messages` refer to, for [`free_unreferenced`] once they are deleted.
pub(super) fn referred(messages: &[MessageRecord]) -> Vec<String> {
    let mut blobs: Vec<String> = Vec::new();
    for blob in messages.iter().flat_map(|message| &message.blobs) {
        if !blobs.contains(blob) {
            blobs.push(blob.clone());
        }
    }
    blobs
}

/// Inside `tx` (with the messages and blobs stores), after messages were
/// deleted: deletes each of `candidates` that no message refers to any more.
pub(super) async fn free_unreferenced(
    tx: &indexed_db_futures::transaction::Transaction<'_>,
    candidates: &[String],
) -> Result<()> {
    if candidates.is_empty() {
        return Ok(());
    }
    let messages = tx.object_store(stores::MESSAGES)?;
    let by_blob = messages.index(indexes::MESSAGES_BY_BLOB)?;
    let blobs = tx.object_store(stores::BLOBS)?;
    for hash in candidates {
        if by_blob.count().with_query(hash.clone()).await? == 0 {
            blobs.delete(hash.clone()).await?;
        }
    }
    Ok(())
}

/// Reads one stored message inside `tx`.
pub(super) async fn stored_message(
    messages: &indexed_db_futures::object_store::ObjectStore<'_>,
    id: &str,
) -> Result<Option<MessageRecord>> {
    let value: Option<JsValue> = messages.get(id.to_owned()).primitive()?.await?;
    value.map(from_js).transpose()
}
