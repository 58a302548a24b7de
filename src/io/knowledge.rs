//! The knowledge bases' worker: `knowledge-worker.js` (`src/io/knowledge/`),
//! a module worker with a wasm of its own (`knowledge-worker/`), both copied
//! into the app's folder by `scripts/build.sh` and fetched the first time a
//! knowledge base is used, never at start-up. The worker keeps the bases in
//! their own IndexedDB database, reads and indexes the files, embeds them and
//! searches, all off the main thread; this module only hands it requests and
//! takes its answers and its "changed" events.
//!
//! Values cross as plain objects; [`request`] turns them into JSON values
//! (`serde_json`), so the callers decode them into `hearth_core` types.
//! Browser APIs are reached by name (`super::js`), so none of this adds to the
//! first load's glue.

use std::cell::RefCell;
use std::collections::HashMap;

use futures::channel::oneshot;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::js;

pub(crate) mod records;

/// The worker's file, in the app's folder.
const WORKER_FILE: &str = "knowledge-worker.js";

/// Why the worker did not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum KnowledgeError {
    /// It could not start (no module workers here, or its files are missing).
    NoWorker,
    /// It answered with an error; the detail says which.
    Failed(String),
    /// A base that came by sync was not written: it was changed here after
    /// sync read it (see `hearth_core::knowledge::records::base_guard`).
    ChangedMeanwhile,
}

impl std::fmt::Display for KnowledgeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KnowledgeError::NoWorker => f.write_str("the knowledge worker could not start"),
            KnowledgeError::Failed(detail) => f.write_str(detail),
            KnowledgeError::ChangedMeanwhile => f.write_str("a knowledge base changed while sync wrote it"),
        }
    }
}

type Waiting = HashMap<u32, oneshot::Sender<Result<JsValue, String>>>;

/// The worker and its handlers (of its answers, and of its failing to load).
struct Started {
    worker: JsValue,
    _handler: Closure<dyn FnMut(JsValue)>,
    _failed: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    static WORKER: RefCell<Option<Started>> = const { RefCell::new(None) };
    static WAITING: RefCell<(u32, Waiting)> = RefCell::new((0, HashMap::new()));
    static ON_CHANGE: RefCell<Option<Box<dyn Fn()>>> = const { RefCell::new(None) };
}

/// The app folder's URL of `file` (beside the wasm-bindgen module that
/// `<meta name="hearth-app" data-js>` names).
fn app_file(file: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let module = document.query_selector("meta[name=\"hearth-app\"]").ok()??.get_attribute("data-js")?;
    let module = web_sys::Url::new_with_base(&module, &document.base_uri().ok()??).ok()?;
    Some(web_sys::Url::new_with_base(file, &module.href()).ok()?.href())
}

/// Calls `f` whenever the worker says something stored changed (a file added,
/// read, failed or removed). One listener: the knowledge state's.
pub(crate) fn on_change(f: impl Fn() + 'static) {
    ON_CHANGE.with_borrow_mut(|slot| *slot = Some(Box::new(f)));
}

/// The worker, started (and its wasm loaded) on first use.
async fn worker() -> Result<JsValue, KnowledgeError> {
    if let Some(worker) = WORKER.with_borrow(|slot| slot.as_ref().map(|started| started.worker.clone())) {
        return Ok(worker);
    }
    let url = app_file(WORKER_FILE).ok_or(KnowledgeError::NoWorker)?;
    let folder = app_file("./").ok_or(KnowledgeError::NoWorker)?;
    let options = js_sys::Object::new();
    js::set(&options, "type", &"module".into());
    js::set(&options, "name", &"hearth-knowledge".into());
    let worker = js::construct("Worker", &[&url.into(), &options]).map_err(|_| KnowledgeError::NoWorker)?;
    let handler = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
        let Some(data) = js::get(&event, "data") else { return };
        if js::string(&data, "event").is_some() {
            ON_CHANGE.with_borrow(|listener| {
                if let Some(listener) = listener {
                    listener();
                }
            });
            return;
        }
        let Some(id) = js::number(&data, "id").and_then(|id| u32::try_from(id as i64).ok()) else { return };
        let answer = if js::get(&data, "ok").and_then(|ok| ok.as_bool()) == Some(true) {
            Ok(js::get(&data, "value").unwrap_or(JsValue::NULL))
        } else {
            Err(js::string(&data, "error").unwrap_or_default())
        };
        if let Some(sender) = WAITING.with_borrow_mut(|(_, waiting)| waiting.remove(&id)) {
            let _ = sender.send(answer);
        }
    });
    js::set(&worker, "onmessage", handler.as_ref().unchecked_ref());
    // A worker that cannot load (offline before it was ever cached, a host without its files)
    // answers nothing: every request waiting fails, and the next one starts it afresh.
    let failed = Closure::<dyn FnMut(JsValue)>::new(|_event: JsValue| {
        if let Some(started) = WORKER.with_borrow_mut(Option::take) {
            let _ = js::call(&started.worker, "terminate", &[]);
        }
        let waiting: Vec<_> =
            WAITING.with_borrow_mut(|(_, waiting)| waiting.drain().map(|(_, sender)| sender).collect());
        for sender in waiting {
            let _ = sender.send(Err("the knowledge worker could not start".into()));
        }
    });
    js::set(&worker, "onerror", failed.as_ref().unchecked_ref());
    // Raced with another first use: keep the one started first.
    if let Some(worker) = WORKER.with_borrow(|slot| slot.as_ref().map(|started| started.worker.clone())) {
        let _ = js::call(&worker, "terminate", &[]);
        return Ok(worker);
    }
    WORKER.with_borrow_mut(|slot| *slot = Some(Started { worker: worker.clone(), _handler: handler, _failed: failed }));
    let start = js_sys::Object::new();
    js::set(&start, "folder", &folder.into());
    post(&worker, "start", start.into()).await?;
    Ok(worker)
}

/// Sends `op` with `args` (a plain object, or undefined) and waits for its answer.
/// The message's own `id` (its number) and `op` would hide arguments of those
/// names from the worker, so such arguments are refused.
async fn post(worker: &JsValue, op: &str, args: JsValue) -> Result<JsValue, KnowledgeError> {
    let message = if args.is_object() { args } else { js_sys::Object::new().into() };
    for taken in ["id", "op"] {
        if js_sys::Reflect::has(&message, &taken.into()).unwrap_or(true) {
            return Err(KnowledgeError::Failed(format!("the worker's {op} was given an argument named {taken}")));
        }
    }
    let (sender, receiver) = oneshot::channel();
    let id = WAITING.with_borrow_mut(|(next, waiting)| {
        *next = next.wrapping_add(1);
        waiting.insert(*next, sender);
        *next
    });
    js::set(&message, "id", &id.into());
    js::set(&message, "op", &op.into());
    if js::call(worker, "postMessage", &[&message]).is_err() {
        WAITING.with_borrow_mut(|(_, waiting)| waiting.remove(&id));
        return Err(KnowledgeError::Failed("the request could not be handed over".into()));
    }
    match receiver.await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(KnowledgeError::Failed(error)),
        Err(_) => Err(KnowledgeError::Failed("the worker stopped".into())),
    }
}

/// `args` (a JSON object) as the plain object a request carries.
fn message_of(args: &serde_json::Value) -> Result<JsValue, KnowledgeError> {
    let text = serde_json::to_string(args).unwrap_or_else(|_| "{}".into());
    js_sys::JSON::parse(&text).map_err(|_| KnowledgeError::Failed("unreadable request".into()))
}

/// An answer as JSON (`null` for none).
fn json_of(answer: &JsValue) -> Result<serde_json::Value, KnowledgeError> {
    if answer.is_null() || answer.is_undefined() {
        return Ok(serde_json::Value::Null);
    }
    let text = js_sys::JSON::stringify(answer).ok().and_then(|text| text.as_string()).unwrap_or_default();
    serde_json::from_str(&text).map_err(|error| KnowledgeError::Failed(error.to_string()))
}

/// How many files one message to the worker carries. The browser copies each
/// File into a message on the page's thread (about 0.35 ms each on a 2-core
/// machine), so a folder of 50,000 in one message held the page for 17 s.
const FILES_PER_MESSAGE: usize = 100;

thread_local! {
    /// The number of the last add of files sent in several messages.
    static ADDS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// `op` with `args` (a JSON object, plus `files`: the chosen files, each with
/// the path it has in its folder), answered as JSON. Files go
/// [`FILES_PER_MESSAGE`] at a time, as one add (`add`, its number; `last` on
/// its last message); once the worker says it wants no more (`enough`: the
/// base is full or gone), the rest are only counted (`unsent`), not copied.
pub(crate) async fn request(
    op: &str,
    args: serde_json::Value,
    files: Vec<(web_sys::File, String)>,
) -> Result<serde_json::Value, KnowledgeError> {
    let worker = worker().await?;
    if files.is_empty() {
        return json_of(&post(&worker, op, message_of(&args)?).await?);
    }
    let add = ADDS.with(|adds| {
        adds.set(adds.get().wrapping_add(1));
        adds.get()
    });
    let total = files.len();
    let mut files = files.into_iter();
    let mut sent = 0;
    loop {
        let entries = js_sys::Array::new();
        for (file, path) in files.by_ref().take(FILES_PER_MESSAGE) {
            let entry = js_sys::Object::new();
            js::set(&entry, "file", &file);
            js::set(&entry, "path", &path.into());
            entries.push(&entry);
        }
        sent += entries.length() as usize;
        let message = message_of(&args)?;
        js::set(&message, "entries", &entries);
        js::set(&message, "add", &add.into());
        js::set(&message, "last", &(sent == total).into());
        let answer = json_of(&post(&worker, op, message).await?)?;
        if sent == total {
            return Ok(answer);
        }
        if answer.get("enough").and_then(serde_json::Value::as_bool) == Some(true) {
            let message = message_of(&args)?;
            js::set(&message, "entries", &js_sys::Array::new());
            js::set(&message, "add", &add.into());
            js::set(&message, "last", &true.into());
            js::set(&message, "unsent", &((total - sent) as f64).into());
            return json_of(&post(&worker, op, message).await?);
        }
    }
}

/// `op` with `args` (a JSON object) and `bytes` (each a hash and its bytes,
/// handed over as `bytes: [{hash, data}]` without copying them into JSON),
/// answered as JSON: sync's hand-over of what another device sent.
pub(crate) async fn request_with_bytes(
    op: &str,
    args: serde_json::Value,
    bytes: &[(String, Vec<u8>)],
) -> Result<serde_json::Value, KnowledgeError> {
    let worker = worker().await?;
    let message = message_of(&args)?;
    let list = js_sys::Array::new();
    for (hash, data) in bytes {
        let entry = js_sys::Object::new();
        js::set(&entry, "hash", &hash.into());
        js::set(&entry, "data", &js_sys::Uint8Array::from(data.as_slice()));
        list.push(&entry);
    }
    js::set(&message, "bytes", &list);
    json_of(&post(&worker, op, message).await?)
}

/// The stored bytes of file `file` (for the viewer), as a blob.
pub(crate) async fn file_blob(file: &str) -> Result<Option<web_sys::Blob>, KnowledgeError> {
    blob_answer("blob", file).await
}

/// File `file`'s embeddings' bytes as they travel, as a blob, when those
/// here are the ones its record describes.
pub(crate) async fn vectors_blob(file: &str) -> Result<Option<web_sys::Blob>, KnowledgeError> {
    blob_answer("vectorsBlob", file).await
}

/// `op` for file `file`, answered with a blob or nothing.
async fn blob_answer(op: &str, file: &str) -> Result<Option<web_sys::Blob>, KnowledgeError> {
    let worker = worker().await?;
    let args = js_sys::Object::new();
    js::set(&args, "file", &file.into());
    let answer = post(&worker, op, args.into()).await?;
    Ok(answer.dyn_into::<web_sys::Blob>().ok())
}

/// A URL showing file `file`'s stored bytes as `mime` (a PDF opens in the
/// browser's viewer), for a link the user clicks; revoked by [`forget_url`].
pub(crate) async fn file_url(file: &str, mime: &str) -> Result<Option<String>, KnowledgeError> {
    let Some(blob) = file_blob(file).await? else { return Ok(None) };
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let parts = js_sys::Array::of1(&blob);
    let typed = web_sys::Blob::new_with_blob_sequence_and_options(&parts, &options)
        .map_err(|_| KnowledgeError::Failed("the file could not be shown".into()))?;
    Ok(web_sys::Url::create_object_url_with_blob(&typed).ok())
}

/// Lets go of a URL [`file_url`] made.
pub(crate) fn forget_url(url: &str) {
    let _ = web_sys::Url::revoke_object_url(url);
}

/// Hears, while it lives, a knowledge worker of any tab say that something
/// sync sends changed (`{records: true}` on the `hearth-knowledge` channel).
pub(crate) struct RecordsWatch {
    _channel: web_sys::BroadcastChannel,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

/// Calls `changed` each time a knowledge worker says its records changed;
/// `None` where the browser has no `BroadcastChannel`.
pub(crate) fn watch_records(changed: impl Fn() + 'static) -> Option<RecordsWatch> {
    let channel = web_sys::BroadcastChannel::new("hearth-knowledge").ok()?;
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        if js::get(&event.data(), "records").is_some_and(|value| value.is_truthy()) {
            changed();
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Some(RecordsWatch { _channel: channel, _on_message: on_message })
}

/// Whether this browser holds knowledge bases (their database exists), asked
/// without opening it; false where the browser cannot say.
pub(crate) async fn exists() -> bool {
    let Some(factory) = js::global("indexedDB") else { return false };
    let Ok(promise) = js::call(&factory, "databases", &[]) else { return false };
    let Ok(list) = js::settle(promise).await else { return false };
    js::items(&list).iter().any(|database| js::string(database, "name").as_deref() == Some("hearth-knowledge"))
}

/// Whether this browser can link a folder (the File System Access API's
/// `showDirectoryPicker`, Chromium's).
pub(crate) fn can_link_folders() -> bool {
    js::global("showDirectoryPicker").is_some_and(|picker| picker.is_function())
}

/// Asks the user for a folder and links base `base` to it (read now, and again
/// whenever its files change); `Ok(false)` when the user chose none.
pub(crate) async fn link_folder(base: &str) -> Result<bool, KnowledgeError> {
    let window: JsValue = web_sys::window().ok_or(KnowledgeError::NoWorker)?.into();
    let options = js_sys::Object::new();
    js::set(&options, "mode", &"read".into());
    let picking = js::call(&window, "showDirectoryPicker", &[&options]).map_err(|_| KnowledgeError::NoWorker)?;
    let handle = match js::settle(picking).await {
        Ok(handle) => handle,
        // Cancelled (AbortError), or refused: nothing is linked.
        Err(_) => return Ok(false),
    };
    hand_over_folder(base, handle).await?;
    Ok(true)
}

/// Asks the user again to let Hearth read base `base`'s linked folder (the
/// browser forgets the permission when it restarts), and reads it.
pub(crate) async fn allow_folder(base: &str) -> Result<bool, KnowledgeError> {
    let worker = worker().await?;
    let args = js_sys::Object::new();
    js::set(&args, "base", &base.into());
    let handle = post(&worker, "folderHandle", args.into()).await?;
    if handle.is_null() || handle.is_undefined() {
        return Ok(false);
    }
    let options = js_sys::Object::new();
    js::set(&options, "mode", &"read".into());
    let asking = js::call(&handle, "requestPermission", &[&options]).map_err(|_| KnowledgeError::NoWorker)?;
    if js::settle(asking).await.ok().and_then(|state| state.as_string()).as_deref() != Some("granted") {
        return Ok(false);
    }
    hand_over_folder(base, handle).await?;
    Ok(true)
}

/// Gives the worker base `base`'s folder `handle` to read and watch.
async fn hand_over_folder(base: &str, handle: JsValue) -> Result<(), KnowledgeError> {
    let worker = worker().await?;
    let args = js_sys::Object::new();
    js::set(&args, "base", &base.into());
    js::set(&args, "handle", &handle);
    post(&worker, "linkFolder", args.into()).await.map(drop)
}

/// Stops the worker and deletes the knowledge bases' database ("Delete all
/// data"); other tabs' workers close it when asked (`onversionchange`).
pub(crate) async fn forget_all() {
    if let Some(started) = WORKER.with_borrow_mut(Option::take) {
        let _ = js::call(&started.worker, "terminate", &[]);
    }
    let Some(factory) = js::global("indexedDB") else { return };
    let Ok(request) = js::call(&factory, "deleteDatabase", &[&"hearth-knowledge".into()]) else { return };
    let (sender, receiver) = oneshot::channel::<()>();
    let sender = std::rc::Rc::new(RefCell::new(Some(sender)));
    let finish = {
        let sender = sender.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if let Some(sender) = sender.borrow_mut().take() {
                let _ = sender.send(());
            }
        })
    };
    for event in ["onsuccess", "onerror", "onblocked"] {
        js::set(&request, event, finish.as_ref().unchecked_ref());
    }
    let _ = receiver.await;
}
