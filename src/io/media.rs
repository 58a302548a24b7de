//! Images and PDFs the user attaches: encoding an image into its stored master
//! off the main thread, hashing bytes, and object URLs to show stored blobs.
//!
//! - The encoder is `media-worker.js` (`src/io/media/`, copied beside the app's
//!   files by `scripts/assemble.mjs`), a dedicated worker started on the first
//!   image attached, never at start-up; it decodes with `createImageBitmap`
//!   (EXIF orientation applied), scales on an `OffscreenCanvas` and re-encodes
//!   (so no EXIF or GPS survives), and hashes the result. One worker serves the
//!   page; each job has an id.
//! - Stored bytes are named by their SHA-256 (lowercase hex), the blob store's key.

use std::cell::RefCell;
use std::collections::HashMap;

use futures::channel::oneshot;
use js_sys::{Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, MessageEvent, Worker};

use super::sandbox::top_level_file;

/// The worker's file, beside the app's files.
const WORKER_FILE: &str = "media-worker.js";

/// JPEG quality of a master.
const JPEG_QUALITY: f64 = 0.85;

/// Why an image could not be made into a master.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EncodeError {
    /// The browser cannot decode it (HEIC outside Safari, a damaged file).
    Undecodable,
    /// The worker could not start or failed; the detail says how.
    Failed(String),
}

/// An image made into its master.
pub(crate) struct Encoded {
    /// The master's bytes.
    pub(crate) blob: Blob,
    /// Its media type (`image/jpeg` or `image/png`).
    pub(crate) mime: String,
    /// Its size in pixels.
    pub(crate) width: u32,
    /// Its height in pixels.
    pub(crate) height: u32,
    /// The lowercase hex SHA-256 of its bytes.
    pub(crate) hash: String,
}

type Waiting = HashMap<u32, oneshot::Sender<JsValue>>;

/// The worker and the handler of its answers.
type Started = (Worker, Closure<dyn FnMut(MessageEvent)>);

thread_local! {
    /// The worker once started, the handler it answers to, and the jobs waiting.
    static WORKER: RefCell<Option<Started>> = const { RefCell::new(None) };
    static WAITING: RefCell<(u32, Waiting)> = RefCell::new((0, HashMap::new()));
}

/// The worker, started on first use.
fn worker() -> Result<Worker, EncodeError> {
    if let Some(worker) = WORKER.with_borrow(|slot| slot.as_ref().map(|(worker, _)| worker.clone())) {
        return Ok(worker);
    }
    let document = web_sys::window().and_then(|w| w.document()).ok_or(EncodeError::Failed("no page".into()))?;
    let url = top_level_file(&document, WORKER_FILE);
    let worker = Worker::new(&url).map_err(|_| EncodeError::Failed("the image encoder did not start".into()))?;
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        let id = Reflect::get(&data, &"id".into()).ok().and_then(|id| id.as_f64());
        let Some(id) = id.and_then(|id| u32::try_from(id as i64).ok()) else { return };
        if let Some(sender) = WAITING.with_borrow_mut(|(_, waiting)| waiting.remove(&id)) {
            let _ = sender.send(data);
        }
    });
    worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    WORKER.with_borrow_mut(|slot| *slot = Some((worker.clone(), handler)));
    Ok(worker)
}

/// Makes the image `file` into its master: long edge at most `max_edge`,
/// re-encoded (JPEG only when `photo`, the source being a JPEG; otherwise PNG
/// where it is smaller or the image has transparency).
pub(crate) async fn encode_image(file: &Blob, max_edge: u32, photo: bool) -> Result<Encoded, EncodeError> {
    let worker = worker()?;
    let (sender, receiver) = oneshot::channel();
    let id = WAITING.with_borrow_mut(|(next, waiting)| {
        *next = next.wrapping_add(1);
        waiting.insert(*next, sender);
        *next
    });
    let job = Object::new();
    let set = |key: &str, value: &JsValue| Reflect::set(&job, &key.into(), value).is_ok();
    let built = set("id", &id.into())
        && set("file", file)
        && set("maxEdge", &max_edge.into())
        && set("quality", &JPEG_QUALITY.into())
        && set("photo", &photo.into());
    if !built || worker.post_message(&job).is_err() {
        WAITING.with_borrow_mut(|(_, waiting)| waiting.remove(&id));
        return Err(EncodeError::Failed("the image could not be handed to the encoder".into()));
    }
    let answer = receiver.await.map_err(|_| EncodeError::Failed("the image encoder stopped".into()))?;
    let field = |key: &str| Reflect::get(&answer, &key.into()).ok();
    if field("ok").and_then(|ok| ok.as_bool()) != Some(true) {
        let detail = field("detail").and_then(|d| d.as_string()).unwrap_or_default();
        return Err(match field("error").and_then(|e| e.as_string()).as_deref() {
            Some("undecodable") => EncodeError::Undecodable,
            _ => EncodeError::Failed(detail),
        });
    }
    let number = |key: &str| field(key).and_then(|n| n.as_f64()).map_or(0, |n| n as u32);
    let blob: Blob = field("blob")
        .and_then(|blob| blob.dyn_into().ok())
        .ok_or_else(|| EncodeError::Failed("the encoder returned no image".into()))?;
    Ok(Encoded {
        mime: blob.type_(),
        blob,
        width: number("width"),
        height: number("height"),
        hash: field("hash").and_then(|h| h.as_string()).unwrap_or_default(),
    })
}

/// The lowercase hex SHA-256 of `bytes`.
pub(crate) async fn sha256_hex(bytes: &[u8]) -> Result<String, super::crypto::CryptoError> {
    let digest = super::crypto::sha256(bytes).await?;
    Ok(digest.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// `bytes` as a `Blob` of type `mime`.
pub(crate) fn blob_of(bytes: &[u8], mime: &str) -> Option<Blob> {
    let array = js_sys::Uint8Array::from(bytes);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    Blob::new_with_u8_array_sequence_and_options(&js_sys::Array::of1(&array), &options).ok()
}

/// The bytes of `blob`.
pub(crate) async fn bytes_of(blob: &Blob) -> Option<Vec<u8>> {
    let buffer = wasm_bindgen_futures::JsFuture::from(blob.array_buffer()).await.ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

thread_local! {
    /// The object URLs made to show stored blobs, by hash, kept for the page's
    /// life: a blob's bytes never change, and the same picture shown again
    /// (another message, after a re-render) reuses its URL.
    static URLS: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());
}

/// The URL showing the blob `hash`, if one was made on this page.
pub(crate) fn shown_url(hash: &str) -> Option<String> {
    URLS.with_borrow(|urls| urls.get(hash).cloned())
}

/// A URL showing `blob`, whose hash is `hash` (the one made before, if any).
pub(crate) fn remember_url(hash: &str, blob: &Blob) -> Option<String> {
    if let Some(url) = shown_url(hash) {
        return Some(url);
    }
    let url = web_sys::Url::create_object_url_with_blob(blob).ok()?;
    URLS.with_borrow_mut(|urls| urls.insert(hash.to_owned(), url.clone()));
    Some(url)
}
