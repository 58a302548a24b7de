//! Creating and upgrading the database's stores and indexes, with the raw
//! IndexedDB API: only its `upgradeneeded` handler has the version-change
//! transaction, which adding an index to an existing store needs (version 2's
//! `by_blob` on messages), and indexed_db_futures does not hand it over.

use std::cell::RefCell;
use std::rc::Rc;

use hearth_core::storage::{DATABASE_NAME, SCHEMA_VERSION, indexes, stores};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{IdbDatabase, IdbIndexParameters, IdbObjectStore, IdbObjectStoreParameters, IdbOpenDbRequest};

use super::StorageError;

/// Opens the database at [`SCHEMA_VERSION`], creating what is missing if it
/// is new or older, then closes it (the app opens its own connections after).
/// `on_blocked` is called when the upgrade waits for other tabs.
pub(super) async fn upgrade(on_blocked: impl FnOnce() + 'static) -> Result<(), StorageError> {
    let unavailable = |what: &str| StorageError::Unavailable(what.to_owned());
    let factory = web_sys::window()
        .and_then(|window| window.indexed_db().ok().flatten())
        .ok_or_else(|| unavailable("this browser has no IndexedDB"))?;
    let request = factory
        .open_with_u32(DATABASE_NAME, SCHEMA_VERSION)
        .map_err(|_| unavailable("IndexedDB refused to open the database"))?;
    let failure: Rc<RefCell<Option<String>>> = Rc::new(RefCell::new(None));
    let upgrading = request.clone();
    let noted = Rc::clone(&failure);
    let on_upgrade = Closure::once(move |_event: web_sys::Event| {
        if let Err(error) = create_missing(&upgrading) {
            *noted.borrow_mut() = Some(error);
            if let Some(tx) = upgrading.transaction() {
                let _ = tx.abort();
            }
        }
    });
    let on_blocked = Closure::once(move |_event: web_sys::Event| on_blocked());
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
    if let Some(error) = failure.borrow_mut().take() {
        return Err(StorageError::Failed(format!("the database could not be upgraded ({error})")));
    }
    if outcome.is_err() {
        let error = request.error().ok().flatten();
        let name = error.as_ref().map(web_sys::DomException::name).unwrap_or_default();
        let message = error.map(|e| e.message()).unwrap_or_default();
        return Err(StorageError::Unavailable(format!("{name}: {message}")));
    }
    if let Some(db) = request.result().ok().and_then(|value| value.dyn_into::<IdbDatabase>().ok()) {
        db.close();
    }
    Ok(())
}

/// Inside `upgradeneeded`: every store and index of the current schema that is
/// not there yet.
fn create_missing(request: &IdbOpenDbRequest) -> Result<(), String> {
    let text = |error: JsValue| format!("{error:?}");
    let db: IdbDatabase = request.result().map_err(text)?.dyn_into().map_err(text)?;
    let tx = request.transaction().ok_or("no upgrade transaction")?;
    let existing = db.object_store_names();
    for store in stores::ALL.iter().chain([&stores::BLOBS]) {
        if existing.contains(store) {
            continue;
        }
        let key = if *store == stores::SETTINGS { "key" } else { "id" };
        let parameters = IdbObjectStoreParameters::new();
        parameters.set_key_path(&key.into());
        let created = db.create_object_store_with_optional_parameters(store, &parameters).map_err(text)?;
        if *store == stores::SESSIONS {
            index(&created, indexes::SESSIONS_BY_UPDATED, "updated_at", false)?;
        }
    }
    let messages = tx.object_store(stores::MESSAGES).map_err(text)?;
    let names = messages.index_names();
    for (name, path, multi) in [
        (indexes::MESSAGES_BY_SESSION, "session_id", false),
        (indexes::MESSAGES_BY_TERM, "terms", true),
        (indexes::MESSAGES_BY_STATE, "state", false),
        (indexes::MESSAGES_BY_BLOB, "blobs", true),
    ] {
        if !names.contains(name) {
            index(&messages, name, path, multi)?;
        }
    }
    Ok(())
}

fn index(store: &IdbObjectStore, name: &str, path: &str, multi_entry: bool) -> Result<(), String> {
    let parameters = IdbIndexParameters::new();
    parameters.set_multi_entry(multi_entry);
    store
        .create_index_with_str_and_optional_parameters(name, path, &parameters)
        .map(|_| ())
        .map_err(|error| format!("{error:?}"))
}
