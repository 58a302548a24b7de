//! How records go in and out of IndexedDB: as JSON values ([`to_js`],
//! [`from_js`]), written in transactions that commit or say why not
//! ([`StorageError`]).

use std::fmt;

use hearth_core::storage::{SessionRecord, Stored, sidebar};
use indexed_db_futures::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

/// Why a storage operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum StorageError {
    /// The browser's storage quota for this site is used up.
    QuotaExceeded,
    /// IndexedDB is missing or refused to open (private mode in some browsers, policy).
    Unavailable(String),
    /// Anything else, with the browser's description.
    Failed(String),
    /// Storage did not open at start-up (the banner said why), so nothing can be read.
    NotOpen,
    /// Opening waits for other tabs to let go of the database (an older
    /// version of Hearth that does not close its connection for an upgrade).
    Blocked,
    /// The connection was closed under this tab (see [`Closed`]): nothing is
    /// read or written any more.
    Closed(Closed),
    /// Another tab changed the API key lock since this tab read it: nothing
    /// was written, and the tab re-reads it.
    KeyLockChanged,
    /// A record changed between sync's read of it and its write of a pull:
    /// nothing was written, and sync reads again.
    RecordChanged,
}

/// Why this tab's connection to the database was closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Closed {
    /// A newer version of Hearth opened the database to migrate it (in another
    /// tab): this tab is out of date and must not write.
    NewerVersion,
    /// The browser closed it (its data was cleared or deleted, or the disk failed).
    ByBrowser,
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::QuotaExceeded => write!(
                f,
                "The browser refused to save the latest change: its storage for Hearth is full. \
                 Everything saved before is kept. Free space by deleting or exporting old conversations, \
                 or allow this site more storage in the browser's settings."
            ),
            StorageError::Unavailable(detail) => {
                write!(
                    f,
                    "This browser does not let Hearth store conversations ({detail}). They will be lost on reload."
                )
            }
            StorageError::Failed(detail) => write!(f, "Saving failed: {detail}"),
            StorageError::NotOpen => write!(f, "Storage is not available in this browser."),
            StorageError::Blocked => write!(
                f,
                "Hearth is waiting to update its storage: another tab still has an older version of Hearth open. \
                 Close or reload Hearth's other tabs to go on."
            ),
            StorageError::Closed(Closed::NewerVersion) => write!(
                f,
                "This tab is out of date and saves nothing: Hearth was updated in another tab. \
                 What you see here stays as it is; reload to use the new version."
            ),
            StorageError::RecordChanged => write!(f, "A record changed while sync was writing: sync reads it again."),
            StorageError::KeyLockChanged => write!(
                f,
                "Nothing was saved: the API key lock changed in another tab, and this tab has re-read it. \
                 Make the change again."
            ),
            StorageError::Closed(Closed::ByBrowser) => write!(
                f,
                "This tab saves nothing: the browser closed Hearth's storage (its data may have been cleared). \
                 Reload Hearth."
            ),
        }
    }
}

impl From<indexed_db_futures::error::Error> for StorageError {
    fn from(error: indexed_db_futures::error::Error) -> Self {
        let text = error.to_string();
        if text.contains("QuotaExceeded") || text.to_ascii_lowercase().contains("quota") {
            StorageError::QuotaExceeded
        } else {
            StorageError::Failed(text)
        }
    }
}

impl From<indexed_db_futures::error::OpenDbError> for StorageError {
    fn from(error: indexed_db_futures::error::OpenDbError) -> Self {
        StorageError::Unavailable(error.to_string())
    }
}

pub(super) type Result<T> = std::result::Result<T, StorageError>;

/// Records cross into IndexedDB as JSON-shaped JavaScript objects. They go through
/// `serde_json` and `JSON.parse`/`JSON.stringify` rather than a second serde
/// format, which keeps one set of (de)serialisers in the bundle.
pub(super) fn to_js<T: Serialize>(record: &T) -> Result<JsValue> {
    let json = serde_json::to_string(record).map_err(|e| StorageError::Failed(e.to_string()))?;
    js_sys::JSON::parse(&json).map_err(|_| StorageError::Failed("a record could not be converted".into()))
}

/// A conversation as it is stored: its record, with its sidebar place beside
/// it (none for a branch or a deleted one), which the sidebar's first screen
/// is read by (see [`hearth_core::storage::sidebar`]).
pub(super) fn session_js(session: &SessionRecord) -> Result<JsValue> {
    let mut json = serde_json::to_string(session).map_err(|e| StorageError::Failed(e.to_string()))?;
    // The record is a JSON object: the place goes in before its closing brace.
    if let Some([pinned, newest]) = sidebar::place(session)
        && json.ends_with('}')
    {
        json.pop();
        json.push_str(&format!(",\"{}\":[{pinned},{newest}]}}", sidebar::PLACE_FIELD));
    }
    js_sys::JSON::parse(&json).map_err(|_| StorageError::Failed("a conversation could not be stored".into()))
}

/// Any record as it is stored: a conversation with its place ([`session_js`]).
pub(super) fn stored_js<R: Stored>(record: &R) -> Result<JsValue> {
    match record.as_session() {
        Some(session) => session_js(session),
        None => to_js(record),
    }
}

/// The keys of a conversation's messages in the `by_session_time` index
/// (`[session_id, created_at]`): every time of `session_id`.
pub(super) fn of_session(session_id: &str) -> indexed_db_futures::KeyRange<JsValue> {
    let at = |time: f64| -> JsValue { js_sys::Array::of2(&session_id.into(), &time.into()).into() };
    indexed_db_futures::KeyRange::Bound(at(f64::NEG_INFINITY), false, at(f64::INFINITY), false)
}

pub(super) fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T> {
    let json: String = js_sys::JSON::stringify(&value)
        .map(String::from)
        .map_err(|_| StorageError::Failed("a stored record could not be read".into()))?;
    serde_json::from_str(&json).map_err(|e| StorageError::Failed(format!("a stored record could not be read ({e})")))
}

pub(super) fn from_js_all<T: DeserializeOwned>(
    values: impl Iterator<Item = indexed_db_futures::Result<JsValue>>,
) -> Result<Vec<T>> {
    values.map(|value| from_js(value?)).collect()
}

/// Commits a write transaction. Browsers report a full quota as an aborted
/// transaction whose cause is only on the raw transaction, which
/// indexed_db_futures does not return; every request of the transaction had
/// already succeeded, so an abort at commit is taken as the quota running out.
pub(super) async fn commit(tx: indexed_db_futures::transaction::Transaction<'_>) -> Result<()> {
    match tx.commit().await {
        Ok(()) => Ok(()),
        Err(error) => match StorageError::from(error) {
            StorageError::Failed(detail) if detail.contains("aborted") => Err(StorageError::QuotaExceeded),
            other => Err(other),
        },
    }
}

/// How many requests a transaction asks for at once before awaiting them.
/// Asking is work of the page (a put serializes its value): a few hundred
/// asked at once were tasks of 50-90 ms in an import's batches, while
/// waiting for each in turn costs a round trip to the browser's storage per
/// record. A hundred at a time keeps each task short and costs one round
/// trip per hundred.
const AT_ONCE: usize = 100;

/// Puts `values` into `store`, [`AT_ONCE`] asked for at a time, and waits for
/// the last: a transaction runs its requests in order, so the last one of a
/// group succeeding means every one before it did (one that fails aborts the
/// transaction, and the last then fails too).
pub(super) async fn put_all(
    store: &indexed_db_futures::object_store::ObjectStore<'_>,
    values: &mut dyn Iterator<Item = Result<JsValue>>,
) -> Result<()> {
    let mut last = None;
    for (asked, value) in values.enumerate() {
        let request = store.put(value?).primitive()?;
        if (asked + 1) % AT_ONCE == 0 {
            last = None;
            request.await?;
        } else {
            last = Some(request);
        }
    }
    if let Some(last) = last {
        last.await?;
    }
    Ok(())
}

/// Asks `ask` for each of `items`, [`AT_ONCE`] at a time (see there), and
/// hands each answer with its item to `each`, in order, as it comes. `each`
/// runs while the transaction is active: it may ask for more (writes whose
/// answers nobody awaits).
pub(super) async fn each_answer<T, F, R, E>(
    items: &[T],
    ask: impl Fn(&T) -> Result<F>,
    mut each: impl FnMut(&T, R) -> Result<()>,
) -> Result<()>
where
    F: std::future::Future<Output = std::result::Result<R, E>>,
    StorageError: From<E>,
{
    for group in items.chunks(AT_ONCE) {
        let asked = group.iter().map(&ask).collect::<Result<Vec<F>>>()?;
        for (item, answer) in group.iter().zip(asked) {
            each(item, answer.await?)?;
        }
    }
    Ok(())
}
