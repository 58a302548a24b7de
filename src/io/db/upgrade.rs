//! Creating and upgrading the database's stores and indexes, with the raw
//! IndexedDB API: only its `upgradeneeded` handler has the version-change
//! transaction, which adding an index to an existing store needs (version 2's
//! `by_blob` on messages), and indexed_db_futures does not hand it over.
//!
//! Version 3 makes each conversation a tree: in the same transaction, every
//! stored message is read and given its parent
//! ([`hearth_core::storage::migrate::link_parents`], in the `migration`
//! chunk); if anything fails, the transaction is aborted and the database
//! stays as it was.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use hearth_core::storage::postings::{IN_POSTINGS, INDEX_SETTING};
use hearth_core::storage::{DATABASE_NAME, DATABASE_VERSION, MessageRecord, SettingRecord, indexes, sidebar, stores};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{IdbDatabase, IdbIndexParameters, IdbObjectStore, IdbObjectStoreParameters, IdbOpenDbRequest};

use super::records::{StorageError, from_js, to_js};
use crate::io::chunks::{ChunkError, wasm_split};

/// Keeps an event handler alive until the upgrade is over.
type Holder = Rc<RefCell<Option<Closure<dyn FnMut(web_sys::Event)>>>>;

/// Where a failure inside the upgrade is noted, for after it.
type Noted = Rc<RefCell<Option<UpgradeError>>>;

/// Why a step inside `upgradeneeded` failed.
#[derive(Debug)]
enum UpgradeError {
    /// The browser refused it; holds what it threw, as debug text.
    Browser(String),
    /// The request has no version-change transaction.
    NoTransaction,
    /// A message could not be converted for storing.
    Record(StorageError),
}

impl UpgradeError {
    fn thrown(error: JsValue) -> Self {
        UpgradeError::Browser(format!("{error:?}"))
    }
}

impl fmt::Display for UpgradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UpgradeError::Browser(thrown) => f.write_str(thrown),
            UpgradeError::NoTransaction => f.write_str("no upgrade transaction"),
            UpgradeError::Record(error) => write!(f, "{error}"),
        }
    }
}

/// What the first attempt tells the app: that the upgrade waits for other
/// tabs, and that an existing database's upgrade began.
struct Told {
    blocked: Box<dyn FnOnce()>,
    upgrading: Box<dyn FnOnce()>,
}

/// Why one attempt at opening the database did not succeed.
enum Attempt {
    /// The upgrade needs the `migration` chunk: it was aborted, nothing changed.
    NeedsMigration,
    /// It failed.
    Failed(StorageError),
}

/// The code that links stored messages into trees (schema 3), from the
/// `migration` chunk: only a database of version 1 or 2 needs it, once.
struct Migration {
    link_parents: fn(&IdbOpenDbRequest, &Noted, &Holder) -> Result<(), UpgradeError>,
}

#[wasm_split(migration, fallible)]
fn migration_code() -> Result<&'static Migration, ChunkError> {
    static CODE: Migration = Migration { link_parents };
    Ok(&CODE)
}

/// Opens the database at [`DATABASE_VERSION`], creating what is missing if it
/// is new or older, and returns that connection (the app watches its events and
/// opens its own after: see `watch_connection`; keeping it open spares the
/// browser closing the database and opening it again).
/// `on_blocked` is called when the upgrade waits for other tabs, `on_upgrading`
/// when an existing database's upgrade begins (the browser may take seconds
/// to index a large library, once). A database of
/// version 1 or 2 is first opened without the migration's code, which aborts
/// that upgrade (nothing changes); the code is loaded and the upgrade runs again.
pub(super) async fn upgrade(
    on_blocked: impl FnOnce() + 'static,
    on_upgrading: impl FnOnce() + 'static,
) -> Result<IdbDatabase, StorageError> {
    let told = Told { blocked: Box::new(on_blocked), upgrading: Box::new(on_upgrading) };
    match attempt(None, Some(told)).await {
        Ok(db) => Ok(db),
        Err(Attempt::Failed(error)) => Err(error),
        Err(Attempt::NeedsMigration) => {
            let code = migration_code()
                .await
                .map_err(|error| StorageError::Failed(format!("the database could not be upgraded ({error})")))?;
            attempt(Some(code), None).await.map_err(|failure| match failure {
                Attempt::Failed(error) => error,
                Attempt::NeedsMigration => StorageError::Failed("the database could not be upgraded".to_owned()),
            })
        }
    }
}

/// One attempt at opening the database at [`DATABASE_VERSION`], with the
/// migration's code when it is loaded: the open connection.
async fn attempt(migration: Option<&'static Migration>, told: Option<Told>) -> Result<IdbDatabase, Attempt> {
    let unavailable = |what: &str| Attempt::Failed(StorageError::Unavailable(what.to_owned()));
    let factory = web_sys::window()
        .and_then(|window| window.indexed_db().ok().flatten())
        .ok_or_else(|| unavailable("this browser has no IndexedDB"))?;
    let request = factory
        .open_with_u32(DATABASE_NAME, DATABASE_VERSION)
        .map_err(|_| unavailable("IndexedDB refused to open the database"))?;
    let failure: Noted = Rc::new(RefCell::new(None));
    let needs_migration = Rc::new(std::cell::Cell::new(false));
    let upgrading = request.clone();
    let noted = Rc::clone(&failure);
    let needs = Rc::clone(&needs_migration);
    // The handler of the messages read for version 3, kept until the upgrade is over.
    let linking: Holder = Rc::new(RefCell::new(None));
    let held = Rc::clone(&linking);
    let (on_blocked, on_upgrading) = told.map(|told| (told.blocked, told.upgrading)).unzip();
    let on_upgrade = Closure::once(move |event: web_sys::Event| {
        let old = js_sys::Reflect::get(&event, &"oldVersion".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
        if old >= 1.0
            && let Some(on_upgrading) = on_upgrading
        {
            on_upgrading();
        }
        let abort = || {
            if let Some(tx) = upgrading.transaction() {
                let _ = tx.abort();
            }
        };
        let outcome = create_missing(&upgrading).and_then(|()| match migration {
            _ if old == 0.0 => note_nothing_to_move(&upgrading),
            _ if !(1.0..3.0).contains(&old) => Ok(()),
            Some(code) => (code.link_parents)(&upgrading, &noted, &held),
            None => {
                needs.set(true);
                Ok(())
            }
        });
        if let Err(error) = outcome {
            *noted.borrow_mut() = Some(error);
            abort();
        } else if needs.get() {
            abort();
        }
    });
    let on_blocked = Closure::once(move |_event: web_sys::Event| {
        if let Some(on_blocked) = on_blocked {
            on_blocked();
        }
    });
    request.set_onupgradeneeded(Some(on_upgrade.as_ref().unchecked_ref()));
    request.set_onblocked(Some(on_blocked.as_ref().unchecked_ref()));
    let done = js_sys::Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    let outcome = wasm_bindgen_futures::JsFuture::from(done).await;
    request.set_onsuccess(None);
    request.set_onerror(None);
    request.set_onupgradeneeded(None);
    request.set_onblocked(None);
    drop(linking.borrow_mut().take());
    if needs_migration.get() {
        return Err(Attempt::NeedsMigration);
    }
    if let Some(error) = failure.borrow_mut().take() {
        return Err(Attempt::Failed(StorageError::Failed(format!("the database could not be upgraded ({error})"))));
    }
    if outcome.is_err() {
        let error = request.error().ok().flatten();
        let name = error.as_ref().map(web_sys::DomException::name).unwrap_or_default();
        let message = error.map(|e| e.message()).unwrap_or_default();
        return Err(Attempt::Failed(StorageError::Unavailable(format!("{name}: {message}"))));
    }
    request
        .result()
        .ok()
        .and_then(|value| value.dyn_into::<IdbDatabase>().ok())
        .ok_or_else(|| Attempt::Failed(StorageError::Unavailable("IndexedDB opened no database".to_owned())))
}

/// Inside a new database's `upgradeneeded`: it has no message to move into
/// the search's postings, so the start-up's move (`store::upkeep`) neither
/// runs nor loads its code (a first visit fetches no chunk).
fn note_nothing_to_move(request: &IdbOpenDbRequest) -> Result<(), UpgradeError> {
    let tx = request.transaction().ok_or(UpgradeError::NoTransaction)?;
    let setting = SettingRecord { key: INDEX_SETTING.to_owned(), value: serde_json::Value::from(IN_POSTINGS) };
    let value = to_js(&setting).map_err(UpgradeError::Record)?;
    tx.object_store(stores::SETTINGS).and_then(|store| store.put(&value)).map_err(UpgradeError::thrown)?;
    Ok(())
}

/// Inside `upgradeneeded`: every store and index of the current schema that is
/// not there yet.
fn create_missing(request: &IdbOpenDbRequest) -> Result<(), UpgradeError> {
    let text = UpgradeError::thrown;
    let db: IdbDatabase = request.result().map_err(text)?.dyn_into().map_err(text)?;
    let tx = request.transaction().ok_or(UpgradeError::NoTransaction)?;
    let existing = db.object_store_names();
    for store in stores::ALL.iter().chain([&stores::BLOBS]) {
        if existing.contains(store) {
            continue;
        }
        let key = if *store == stores::SETTINGS { "key" } else { "id" };
        let parameters = IdbObjectStoreParameters::new();
        parameters.set_key_path(&key.into());
        db.create_object_store_with_optional_parameters(store, &parameters).map_err(text)?;
    }
    for (store, key) in [(stores::REPLICA, "id"), (stores::REPLICA_STATE, "key")] {
        if !existing.contains(store) {
            let parameters = IdbObjectStoreParameters::new();
            parameters.set_key_path(&key.into());
            let created = db.create_object_store_with_optional_parameters(store, &parameters).map_err(text)?;
            if store == stores::REPLICA {
                index(&created, indexes::REPLICA_BY_SEQ, "seq", false)?;
                index(&created, indexes::REPLICA_BY_SESSION, "session", false)?;
                index(&created, indexes::REPLICA_BY_KIND, "kind", false)?;
            }
        }
    }
    // Keyed out of line: `[term, segment]` rows and the `next` number.
    if !existing.contains(stores::POSTINGS) {
        db.create_object_store(stores::POSTINGS).map_err(text)?;
    }
    // Version 9: the sidebar's first screen is read by place; nothing reads
    // the older index by time. The browser indexes the records there are; a
    // record stored without its place is given it at the start (see
    // `Db::place_sessions`).
    let sessions = tx.object_store(stores::SESSIONS).map_err(text)?;
    let names = sessions.index_names();
    if names.contains(indexes::SESSIONS_BY_UPDATED) {
        sessions.delete_index(indexes::SESSIONS_BY_UPDATED).map_err(text)?;
    }
    for (name, path) in [(indexes::SESSIONS_BY_PLACE, sidebar::PLACE_FIELD), (indexes::SESSIONS_BY_BRANCH, "branch_of")]
    {
        if !names.contains(name) {
            index(&sessions, name, path, false)?;
        }
    }
    let messages = tx.object_store(stores::MESSAGES).map_err(text)?;
    let names = messages.index_names();
    // Version 10: a conversation's messages by their time, so that a search
    // reads a long one newest first; the index on `session_id` alone goes. The
    // browser indexes the records there are, inside this upgrade (if it fails,
    // nothing changes and the next start tries again).
    if names.contains(indexes::MESSAGES_BY_SESSION_BEFORE_10) {
        messages.delete_index(indexes::MESSAGES_BY_SESSION_BEFORE_10).map_err(text)?;
    }
    if !names.contains(indexes::MESSAGES_BY_SESSION) {
        let path = js_sys::Array::of2(&"session_id".into(), &"created_at".into());
        messages
            .create_index_with_str_sequence_and_optional_parameters(
                indexes::MESSAGES_BY_SESSION,
                &path,
                &IdbIndexParameters::new(),
            )
            .map_err(text)?;
    }
    for (name, path, multi) in [
        (indexes::MESSAGES_BY_TERM, "terms", true),
        (indexes::MESSAGES_BY_STATE, "state", false),
        (indexes::MESSAGES_BY_BLOB, "blobs", true),
        (indexes::MESSAGES_BY_NUMBER, super::postings::NUMBER, false),
    ] {
        if !names.contains(name) {
            index(&messages, name, path, multi)?;
        }
    }
    Ok(())
}

fn index(store: &IdbObjectStore, name: &str, path: &str, multi_entry: bool) -> Result<(), UpgradeError> {
    let parameters = IdbIndexParameters::new();
    parameters.set_multi_entry(multi_entry);
    store
        .create_index_with_str_and_optional_parameters(name, path, &parameters)
        .map(|_| ())
        .map_err(UpgradeError::thrown)
}

/// Inside `upgradeneeded` from version 1 or 2: reads every message and writes
/// back those that gain a parent. A failure is noted in `failure` and aborts
/// the transaction.
fn link_parents(request: &IdbOpenDbRequest, failure: &Noted, holder: &Holder) -> Result<(), UpgradeError> {
    let text = UpgradeError::thrown;
    let tx = request.transaction().ok_or(UpgradeError::NoTransaction)?;
    let messages = tx.object_store(stores::MESSAGES).map_err(text)?;
    let read = messages.get_all().map_err(text)?;
    let reading = read.clone();
    let noted = Rc::clone(failure);
    let on_read = Closure::<dyn FnMut(web_sys::Event)>::new(move |_event: web_sys::Event| {
        let outcome = (|| -> Result<(), UpgradeError> {
            let all: js_sys::Array = reading.result().map_err(text)?.dyn_into().map_err(text)?;
            // Records that cannot be read stay as they are, as everywhere else.
            let mut records: Vec<MessageRecord> = all.iter().filter_map(|value| from_js(value).ok()).collect();
            let before: Vec<Option<String>> = records.iter().map(|record| record.parent.clone()).collect();
            hearth_core::storage::migrate::link_parents(&mut records);
            for (record, was) in records.iter().zip(before) {
                if record.parent != was {
                    let value = to_js(record).map_err(UpgradeError::Record)?;
                    messages.put(&value).map_err(text)?;
                }
            }
            Ok(())
        })();
        if let Err(error) = outcome {
            *noted.borrow_mut() = Some(error);
            let _ = reading.transaction().map(|tx| tx.abort());
        }
    });
    read.set_onsuccess(Some(on_read.as_ref().unchecked_ref()));
    *holder.borrow_mut() = Some(on_read);
    Ok(())
}
