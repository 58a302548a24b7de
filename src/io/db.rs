//! Hearth's IndexedDB database: opening and upgrading it, and the few reads and
//! writes the app needs, each in one transaction.
//!
//! Records and rules live in `hearth_core::storage`; this module only moves them.
//! A message is always written as its own record, together with its session's
//! small metadata record in the same transaction, so a write never touches other
//! messages and two tabs writing to one session cannot overwrite each other: each
//! transaction re-reads the session record and recounts its messages.
//!
//! Never two versions of Hearth write at once: when a newer version opens the
//! database with a higher schema version (its migration), this tab's
//! connection closes at once, in the `versionchange` handler, so the migration is not blocked and runs once,
//! and every later operation here fails with [`StorageError::Closed`] instead
//! of writing (see [`Closed`]).

use std::cell::Cell;
use std::rc::Rc;

use hearth_core::storage::app_state::AppState;
use hearth_core::storage::backup::StoreContents;
use hearth_core::storage::key_lock::{self, LockView};
use hearth_core::storage::postings::{INDEX_SETTING, TO_MOVE};
use hearth_core::storage::{
    DATABASE_NAME, DATABASE_VERSION, MessageRecord, MessageState, SessionRecord, SettingRecord, Stored, indexes, stores,
};
use indexed_db_futures::database::Database;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::*;

mod blob_access;
mod blobs;
mod listing;
mod postings;
mod records;
mod replica;
mod search;
mod upgrade;

pub(crate) use blobs::{BlobUsage, NewBlob};
use postings::{put_each, put_messages, with_postings};
pub(crate) use records::{Closed, StorageError};
use records::{Result, commit, from_js, from_js_all, of_session, put_all, session_js, to_js};
pub(crate) use replica::ReplicaWrite;
pub(crate) use search::{Cut, SearchHit, SearchOutcome};

/// How many messages an import writes per transaction (see [`Db::import`]):
/// the progress bar moves once per batch. A batch's requests are asked for a
/// hundred at a time (`records::AT_ONCE`), its terms worked out in one task.
const IMPORT_BATCH: usize = 500;

/// An open connection to Hearth's database.
pub(crate) struct Db {
    db: Database,
    /// Set once the connection was closed under this tab.
    closed: Rc<Cell<Option<Closed>>>,
}

impl Db {
    /// Opens (creating or upgrading) the database (the agents' start-up load
    /// stores the General Assistant in a new one). `on_blocked` is called when the upgrade has to wait
    /// for other tabs to close their connections (an older Hearth that does
    /// not let go), `on_upgrading` when an existing database's upgrade begins,
    /// `on_closed` when the connection is closed under this tab later (every
    /// operation fails from then on).
    pub(crate) async fn open(
        on_blocked: impl FnOnce() + 'static,
        on_upgrading: impl FnOnce() + 'static,
        on_closed: impl Fn(Closed) + 'static,
    ) -> Result<Db> {
        // The connection that created or checked the stores watches: it must be
        // older than the one the app uses, so that its `versionchange` comes
        // first and closes both before the app's own event is dispatched (see
        // [`watch_connection`]).
        let watcher = upgrade::upgrade(on_blocked, on_upgrading).await?;
        let db = match Database::open(DATABASE_NAME).with_version(DATABASE_VERSION).await {
            Ok(db) => db,
            Err(error) => {
                watcher.close();
                return Err(error.into());
            }
        };
        let this = Db { db, closed: Rc::new(Cell::new(None)) };
        watch_connection(watcher, this.db.clone(), Rc::clone(&this.closed), on_closed);
        Ok(this)
    }

    /// The connection, unless it was closed under this tab.
    fn live(&self) -> Result<&Database> {
        match self.closed.get() {
            Some(closed) => Err(StorageError::Closed(closed)),
            None => Ok(&self.db),
        }
    }

    /// Reads one record by key, from its kind's store.
    pub(crate) async fn get<R: Stored>(&self, key: &str) -> Result<Option<R>> {
        let tx = self.live()?.transaction(R::STORE).build()?;
        let value: Option<JsValue> = tx.object_store(R::STORE)?.get(key.to_owned()).primitive()?.await?;
        value.map(from_js).transpose()
    }

    /// Reads every record of a kind.
    pub(crate) async fn all<R: Stored>(&self) -> Result<Vec<R>> {
        let tx = self.live()?.transaction(R::STORE).build()?;
        from_js_all(tx.object_store(R::STORE)?.get_all::<JsValue>().primitive()?.await?)
    }

    /// Writes one record into its kind's store.
    pub(crate) async fn put<R: Stored>(&self, record: &R) -> Result<()> {
        if R::STORE == stores::MESSAGES {
            self.ready_to_write_messages().await?;
        }
        let scope = with_postings(&[R::STORE]);
        let tx = self.live()?.transaction(scope.as_slice()).with_mode(TransactionMode::Readwrite).build()?;
        put_each(&tx, std::slice::from_ref(record)).await?;
        commit(tx).await?;
        Ok(())
    }

    /// Writes a setting.
    pub(crate) async fn put_setting(&self, key: &str, value: serde_json::Value) -> Result<()> {
        self.put(&SettingRecord { key: key.to_owned(), value }).await
    }

    /// Loads the code that writes messages with their postings, before a
    /// transaction that writes messages opens. When its chunk would not load,
    /// they are written without (see `postings::put_messages`), and the move
    /// into the postings is asked for at the next start.
    pub(super) async fn ready_to_write_messages(&self) -> Result<()> {
        if postings::ready().await {
            return Ok(());
        }
        // Not through `put`, which calls this.
        let tx = self.live()?.transaction(stores::SETTINGS).with_mode(TransactionMode::Readwrite).build()?;
        let setting = SettingRecord { key: INDEX_SETTING.to_owned(), value: serde_json::Value::from(TO_MOVE) };
        tx.object_store(stores::SETTINGS)?.put(to_js(&setting)?).primitive()?.await?;
        commit(tx).await
    }

    /// Whether the code that writes messages with their postings is loaded
    /// (loading it if need be).
    pub(crate) async fn postings_ready(&self) -> bool {
        postings::ready().await
    }

    /// A session's messages in order.
    pub(crate) async fn session_messages(&self, session_id: &str) -> Result<Vec<MessageRecord>> {
        let tx = self.live()?.transaction(stores::MESSAGES).build()?;
        let store = tx.object_store(stores::MESSAGES)?;
        let index = store.index(indexes::MESSAGES_BY_SESSION)?;
        let mut messages: Vec<MessageRecord> = from_js_all(
            index.get_all::<JsValue>().with_query::<JsValue, _>(of_session(session_id)).primitive()?.await?,
        )?;
        messages.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
        Ok(messages)
    }

    /// Writes one message and refreshes its session's metadata in one
    /// transaction (an agent switch marker sets the session's agent). `session`
    /// is the caller's view of the session (used when it is new); the stored one
    /// wins for fields other tabs may have changed.
    pub(crate) async fn save_message(&self, session: &SessionRecord, message: &MessageRecord) -> Result<SessionRecord> {
        self.ready_to_write_messages().await?;
        let tx = self
            .live()?
            .transaction([stores::SESSIONS, stores::MESSAGES, stores::POSTINGS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let stored = put_message_and_session(&tx, session, message).await?;
        commit(tx).await?;
        Ok(stored)
    }

    /// Writes a summary record into a session that is still there, in one
    /// transaction that reads the session first: `None` (nothing written) when
    /// the session is gone or marked deleted, so a summary that arrives late
    /// never brings a deleted conversation back. The session is left as it is
    /// (a summary is no news: not its time nor its preview).
    pub(crate) async fn save_summary(&self, message: &MessageRecord) -> Result<Option<SessionRecord>> {
        self.ready_to_write_messages().await?;
        let tx = self
            .live()?
            .transaction([stores::SESSIONS, stores::MESSAGES, stores::POSTINGS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let sessions = tx.object_store(stores::SESSIONS)?;
        let stored: Option<JsValue> = sessions.get(message.session_id.clone()).primitive()?.await?;
        let stored: Option<SessionRecord> = stored.map(from_js).transpose()?;
        let Some(session) = stored.filter(|session| session.deleted_at.is_none()) else {
            commit(tx).await?;
            return Ok(None);
        };
        put_messages(&tx, &[message]).await?;
        commit(tx).await?;
        Ok(Some(session))
    }

    /// Deletes one record of a kind by key.
    pub(crate) async fn delete<R: Stored>(&self, key: &str) -> Result<()> {
        let tx = self.live()?.transaction(R::STORE).with_mode(TransactionMode::Readwrite).build()?;
        tx.object_store(R::STORE)?.delete(key.to_owned()).await?;
        commit(tx).await?;
        Ok(())
    }

    /// Changes one stored message in place, in one transaction that reads it
    /// first, so a newer copy written by another tab is never replaced by an
    /// older one. `change` says whether it changed anything (else nothing is
    /// written). Returns whether the message was there.
    pub(crate) async fn update_message(
        &self,
        message_id: &str,
        change: impl FnOnce(&mut MessageRecord) -> bool,
    ) -> Result<bool> {
        self.ready_to_write_messages().await?;
        let tx = self
            .live()?
            .transaction([stores::MESSAGES, stores::POSTINGS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let messages = tx.object_store(stores::MESSAGES)?;
        let stored: Option<JsValue> = messages.get(message_id.to_owned()).primitive()?.await?;
        let Some(mut message) = stored.map(from_js::<MessageRecord>).transpose()? else { return Ok(false) };
        if change(&mut message) {
            put_messages(&tx, &[&message]).await?;
        }
        commit(tx).await?;
        Ok(true)
    }

    /// Deletes messages of one session (and the blobs only they referred to)
    /// and refreshes the session's count, in one transaction.
    pub(crate) async fn delete_messages(&self, session_id: &str, ids: &[String]) -> Result<Option<SessionRecord>> {
        postings::ready().await;
        let tx = self
            .live()?
            .transaction([stores::SESSIONS, stores::MESSAGES, stores::POSTINGS, stores::BLOBS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let messages = tx.object_store(stores::MESSAGES)?;
        let sessions = tx.object_store(stores::SESSIONS)?;
        postings::forget(&tx, ids).await?;
        let mut deleted = Vec::new();
        for id in ids {
            deleted.extend(blobs::stored_message(&messages, id).await?);
            messages.delete(id.to_owned()).await?;
        }
        blobs::free_unreferenced(&tx, &blobs::referred(deleted.as_slice())).await?;
        let count = messages
            .index(indexes::MESSAGES_BY_SESSION)?
            .count()
            .with_query::<JsValue, _>(of_session(session_id))
            .await?;
        let stored: Option<JsValue> = sessions.get(session_id.to_owned()).primitive()?.await?;
        let stored: Option<SessionRecord> = stored.map(from_js).transpose()?;
        if let Some(session) = &stored {
            let mut session = session.clone();
            session.message_count = count;
            sessions.put(session_js(&session)?).primitive()?.await?;
        }
        commit(tx).await?;
        Ok(stored.map(|mut session| {
            session.message_count = count;
            session
        }))
    }

    /// Deletes all of a session's messages and empties its count and preview,
    /// keeping the session (its title, pin and times), in one transaction.
    /// Returns the session as stored (`None` when there is none).
    pub(crate) async fn clear_session_messages(&self, session_id: &str) -> Result<Option<SessionRecord>> {
        postings::ready().await;
        let stores = [stores::SESSIONS, stores::MESSAGES, stores::POSTINGS, stores::SETTINGS, stores::BLOBS];
        let tx = self.live()?.transaction(stores).with_mode(TransactionMode::Readwrite).build()?;
        let sessions = tx.object_store(stores::SESSIONS)?;
        delete_messages_of(&tx, session_id).await?;
        // The conversation's app goes with its messages: its data and network permission.
        tx.object_store(stores::SETTINGS)?.delete(AppState::setting_key(session_id)).await?;
        let stored: Option<JsValue> = sessions.get(session_id.to_owned()).primitive()?.await?;
        let mut stored: Option<SessionRecord> = stored.map(from_js).transpose()?;
        if let Some(session) = &mut stored {
            session.message_count = 0;
            session.preview = String::new();
            sessions.put(session_js(&*session)?).primitive()?.await?;
        }
        commit(tx).await?;
        Ok(stored)
    }

    /// Deletes a session, all its messages and its app's data (the
    /// `app:<id>` setting), in one transaction.
    pub(crate) async fn delete_session(&self, session_id: &str) -> Result<()> {
        postings::ready().await;
        let stores = [stores::SESSIONS, stores::MESSAGES, stores::POSTINGS, stores::SETTINGS, stores::BLOBS];
        let tx = self.live()?.transaction(stores).with_mode(TransactionMode::Readwrite).build()?;
        delete_messages_of(&tx, session_id).await?;
        tx.object_store(stores::SESSIONS)?.delete(session_id.to_owned()).await?;
        tx.object_store(stores::SETTINGS)?.delete(AppState::setting_key(session_id)).await?;
        commit(tx).await?;
        Ok(())
    }

    /// Replies left in the `streaming` state (by this tab or one that closed).
    pub(crate) async fn streaming_messages(&self) -> Result<Vec<MessageRecord>> {
        let tx = self.live()?.transaction(stores::MESSAGES).build()?;
        let store = tx.object_store(stores::MESSAGES)?;
        let index = store.index(indexes::MESSAGES_BY_STATE)?;
        let state = serde_json::to_value(MessageState::Streaming).ok().and_then(|v| v.as_str().map(str::to_owned));
        from_js_all(index.get_all::<JsValue>().with_query(state.unwrap_or_default()).primitive()?.await?)
    }

    /// Puts in the search's postings the records an older Hearth stored
    /// among the `limit` messages after the key `after` (see
    /// `postings::move_page`); `Ok(None)` after the last page, and when the
    /// code that does it would not load (the next start tries again).
    pub(crate) async fn index_older_records(&self, after: Option<&str>, limit: u32) -> Result<Option<String>> {
        postings::move_page(self.live()?, after, limit).await
    }

    /// Every record of every store, and the attachments' ids and types (their
    /// bytes only through [`Db::blob_entries`]), as a backup carries them.
    pub(crate) async fn dump(&self) -> Result<StoreContents> {
        let mut contents = self.records().await?;
        // Backups carry each message's terms (the records here keep them
        // only until they are in the postings).
        contents.messages = contents.messages.into_iter().map(with_terms).collect();
        Ok(contents)
    }

    /// Every record of every store as stored (a message's terms only while
    /// it waits to be moved into the postings), and the attachments' ids and
    /// types: what an import is planned against.
    pub(crate) async fn records(&self) -> Result<StoreContents> {
        Ok(StoreContents {
            providers: self.all().await?,
            model_configs: self.all().await?,
            agents: self.all().await?,
            sessions: self.all().await?,
            messages: self.all().await?,
            project_files: self.all().await?,
            settings: self.all().await?,
            blobs: self.blob_entries(false).await?,
            // Kept by the knowledge worker, in a database of its own.
            knowledge_bases: Vec::new(),
            knowledge_files: Vec::new(),
        })
    }

    /// Writes the records of a reviewed import plan (already merged with what
    /// was stored, see `hearth_core::storage::import_plan`): the attachments,
    /// then the messages [`IMPORT_BATCH`] at a time, each batch its own
    /// transaction (`written` hears how many are written after each), then
    /// everything else in one last transaction. A conversation is written
    /// only after all its messages, so an import cut off (a tab closed) leaves
    /// no conversation half there: only messages no conversation shows yet,
    /// which importing the same file again completes without writing them twice.
    pub(crate) async fn import(
        &self,
        contents: &StoreContents,
        blobs: &[NewBlob],
        written: &dyn Fn(usize),
    ) -> Result<()> {
        if !blobs.is_empty() {
            let tx = self.live()?.transaction(stores::BLOBS).with_mode(TransactionMode::Readwrite).build()?;
            blobs::put_blobs(&tx, blobs).await?;
            commit(tx).await?;
        }
        if !contents.messages.is_empty() {
            self.ready_to_write_messages().await?;
        }
        let mut done = 0;
        for batch in contents.messages.chunks(IMPORT_BATCH) {
            let tx = self
                .live()?
                .transaction([stores::MESSAGES, stores::POSTINGS])
                .with_mode(TransactionMode::Readwrite)
                .build()?;
            put_each(&tx, batch).await?;
            commit(tx).await?;
            done += batch.len();
            written(done);
        }
        let rest: Vec<&str> = stores::ALL.into_iter().filter(|store| *store != stores::MESSAGES).collect();
        let tx = self.live()?.transaction(rest.as_slice()).with_mode(TransactionMode::Readwrite).build()?;
        put_each(&tx, &contents.providers).await?;
        put_each(&tx, &contents.model_configs).await?;
        put_each(&tx, &contents.agents).await?;
        put_each(&tx, &contents.sessions).await?;
        put_each(&tx, &contents.project_files).await?;
        // Which index this device's messages are in is this device's to say
        // (the imported ones are in the postings): a backup's note is taken
        // only where there is none, never over a move of older records still
        // to come.
        let store = tx.object_store(stores::SETTINGS)?;
        let noted: Option<JsValue> = store.get(INDEX_SETTING.to_owned()).primitive()?.await?;
        let settings = contents.settings.iter().filter(|s| s.key != INDEX_SETTING || noted.is_none());
        put_all(&store, &mut settings.map(to_js)).await?;
        commit(tx).await?;
        Ok(())
    }

    /// Stores a new conversation with its messages in one transaction: all or nothing.
    pub(crate) async fn put_conversation(&self, session: &SessionRecord, messages: &[MessageRecord]) -> Result<()> {
        self.ready_to_write_messages().await?;
        let tx = self
            .live()?
            .transaction([stores::SESSIONS, stores::MESSAGES, stores::POSTINGS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        put_each(&tx, messages).await?;
        put_each(&tx, std::slice::from_ref(session)).await?;
        commit(tx).await
    }

    /// Writes a change of the API key lock in one transaction: the provider
    /// records, and the lock's setting put (`Some`) or deleted (`None`), so a
    /// sealed key is never stored without the lock that opens it.
    ///
    /// `servers` are MCP servers' records (their secrets in the new lock's
    /// form), written only while the servers at rest are exactly
    /// `seen_servers` (a server stored since would be left in the wrong form).
    pub(crate) async fn write_keys(
        &self,
        providers: &[hearth_core::storage::ProviderRecord],
        servers: &[SettingRecord],
        lock: Option<&SettingRecord>,
        seen: Option<(&LockView, &[hearth_core::storage::ProviderRecord])>,
        seen_servers: Option<&[SettingRecord]>,
    ) -> Result<()> {
        use hearth_core::storage::key_lock::KEY_LOCK_SETTING;
        let tx = self
            .live()?
            .transaction([stores::PROVIDERS, stores::SETTINGS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        if let Some((seen, memory)) = seen {
            // The change was prepared from this tab's memory: refused when
            // another tab changed the lock or stored a key since.
            let stored: Vec<hearth_core::storage::ProviderRecord> =
                from_js_all(tx.object_store(stores::PROVIDERS)?.get_all::<JsValue>().primitive()?.await?)?;
            if lock_view(&tx).await? != *seen || !key_lock::keys_match(&stored, memory, seen.is_some()) {
                return Err(StorageError::KeyLockChanged);
            }
        }
        if let Some(seen_servers) = seen_servers {
            let mut stored: Vec<SettingRecord> =
                from_js_all(tx.object_store(stores::SETTINGS)?.get_all::<JsValue>().primitive()?.await?)?;
            stored.retain(|setting| setting.key.starts_with(hearth_core::tools::MCP_SERVER_KEY_PREFIX));
            // (Keys are unique: the same count, each seen, is the same set;
            // no sort, whose code the first load would carry.)
            if stored.len() != seen_servers.len() || !stored.iter().all(|setting| seen_servers.contains(setting)) {
                return Err(StorageError::KeyLockChanged);
            }
        }
        put_each(&tx, providers).await?;
        put_each(&tx, servers).await?;
        match lock {
            Some(setting) => put_each(&tx, std::slice::from_ref(setting)).await?,
            None => tx.object_store(stores::SETTINGS)?.delete(KEY_LOCK_SETTING.to_owned()).await?,
        }
        commit(tx).await?;
        Ok(())
    }

    /// Stores one provider account (its two records) in one transaction that
    /// reads the key lock first: refused when it is not the lock `seen` this
    /// tab prepared the key for, and the key stored in the form the lock at
    /// rest asks for.
    pub(crate) async fn save_provider(
        &self,
        provider: &hearth_core::storage::ProviderRecord,
        model: &hearth_core::storage::ModelConfigRecord,
        seen: &LockView,
    ) -> Result<()> {
        let tx = self
            .live()?
            .transaction([stores::PROVIDERS, stores::MODEL_CONFIGS, stores::SETTINGS])
            .with_mode(TransactionMode::Readwrite)
            .build()?;
        let at_rest = lock_view(&tx).await?;
        if at_rest != *seen {
            return Err(StorageError::KeyLockChanged);
        }
        let provider = key_lock::at_rest(provider, at_rest.is_some());
        put_each(&tx, std::slice::from_ref(&provider)).await?;
        put_each(&tx, std::slice::from_ref(model)).await?;
        commit(tx).await?;
        Ok(())
    }

    /// Stores a setting that holds secrets in the form the key lock asks for
    /// (an MCP server's), in one transaction that reads the lock first:
    /// refused when it is not the lock `seen` the record was prepared for.
    pub(crate) async fn put_sealable_setting(&self, setting: &SettingRecord, seen: &LockView) -> Result<()> {
        let tx = self.live()?.transaction(stores::SETTINGS).with_mode(TransactionMode::Readwrite).build()?;
        if lock_view(&tx).await? != *seen {
            return Err(StorageError::KeyLockChanged);
        }
        put_each(&tx, std::slice::from_ref(setting)).await?;
        commit(tx).await?;
        Ok(())
    }

    /// Deletes every record of every store (the General Assistant comes back on
    /// the next open).
    pub(crate) async fn clear_all(&self) -> Result<()> {
        // Sync's bookkeeping too: a device cleared is a new device, which
        // pulls everything again and pushes no deletion of what it lost.
        let every: Vec<&str> = stores::ALL
            .iter()
            .copied()
            .chain([stores::BLOBS, stores::POSTINGS, stores::REPLICA, stores::REPLICA_STATE])
            .collect();
        let tx = self.live()?.transaction(every.as_slice()).with_mode(TransactionMode::Readwrite).build()?;
        for store in every {
            tx.object_store(store)?.clear()?.await?;
        }
        commit(tx).await?;
        Ok(())
    }
}

/// Hears, for the page's life, when the app's connection `library` must
/// close or was closed: a newer version asking to open the database
/// (`versionchange`), or the browser closing it (`close`).
///
/// indexed_db_futures does not expose its connection's events in time (its
/// `version-change` listener runs later, in a future), and Chromium reports
/// `blocked` to the newer version for a connection still open once its own
/// `versionchange` was dispatched. So `watcher`, a connection of the same
/// version opened with web-sys before `library` (events go to connections in
/// the order they were opened: it is the upgrade's), only watches: its
/// handlers run inside the first event and close both connections at once, so
/// the migration is never blocked. `closed` is set before `on_closed` is told.
fn watch_connection(
    watcher: web_sys::IdbDatabase,
    library: Database,
    closed: Rc<Cell<Option<Closed>>>,
    on_closed: impl Fn(Closed) + 'static,
) {
    let on_closed: Rc<dyn Fn(Closed)> = Rc::new(on_closed);
    let close_all = {
        let closed = Rc::clone(&closed);
        move |watcher: &web_sys::IdbDatabase, why: Closed| {
            watcher.close();
            library.clone().close();
            if closed.get().is_none() {
                closed.set(Some(why));
                on_closed(why);
            }
        }
    };
    let on_version_change = {
        let close_all = close_all.clone();
        let watcher = watcher.clone();
        Closure::<dyn FnMut(web_sys::IdbVersionChangeEvent)>::new(move |event: web_sys::IdbVersionChangeEvent| {
            // No new version: the database is being deleted.
            let why = if event.new_version().is_some() { Closed::NewerVersion } else { Closed::ByBrowser };
            close_all(&watcher, why);
        })
    };
    let on_close = {
        let watcher = watcher.clone();
        Closure::<dyn FnMut()>::new(move || close_all(&watcher, Closed::ByBrowser))
    };
    watcher.set_onversionchange(Some(on_version_change.as_ref().unchecked_ref()));
    watcher.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    // Registered once, for the connection's life (the page's).
    on_version_change.forget();
    on_close.forget();
}

/// Deletes every message of a session, and the blobs only they referred to,
/// inside the caller's transaction (with the messages and blobs stores).
async fn delete_messages_of(tx: &indexed_db_futures::transaction::Transaction<'_>, session_id: &str) -> Result<()> {
    let messages = tx.object_store(stores::MESSAGES)?;
    let deleted: Vec<MessageRecord> = from_js_all(
        messages
            .index(indexes::MESSAGES_BY_SESSION)?
            .get_all::<JsValue>()
            .with_query::<JsValue, _>(of_session(session_id))
            .primitive()?
            .await?,
    )?;
    let ids: Vec<String> = deleted.iter().map(|message| message.id.clone()).collect();
    postings::forget(tx, &ids).await?;
    for message in &deleted {
        messages.delete(message.id.clone()).await?;
    }
    blobs::free_unreferenced(tx, &blobs::referred(&deleted)).await
}

/// `message` with its search terms.
fn with_terms(mut message: MessageRecord) -> MessageRecord {
    if message.terms.is_empty() {
        message.terms = message.search_terms();
    }
    message
}

/// Inside `tx` (sessions and messages): writes `message` and refreshes its
/// session's count, time and preview (see [`Db::save_message`]).
async fn put_message_and_session(
    tx: &indexed_db_futures::transaction::Transaction<'_>,
    session: &SessionRecord,
    message: &MessageRecord,
) -> Result<SessionRecord> {
    let messages = tx.object_store(stores::MESSAGES)?;
    let sessions = tx.object_store(stores::SESSIONS)?;
    put_messages(tx, &[message]).await?;
    let count =
        messages.index(indexes::MESSAGES_BY_SESSION)?.count().with_query::<JsValue, _>(of_session(&session.id)).await?;
    let stored: Option<JsValue> = sessions.get(session.id.clone()).primitive()?.await?;
    let mut stored: SessionRecord = stored.map(from_js).transpose()?.unwrap_or_else(|| session.clone());
    stored.message_count = count;
    stored.updated_at = stored.updated_at.max(message.updated_at);
    if message.is_marker() {
        // An agent switch: the conversation goes on with that agent; its
        // text is no preview.
        if let Some(agent) = &message.agent {
            stored.agent_id.clone_from(&agent.id);
        }
    } else if !message.content.is_empty() {
        stored.preview = hearth_core::storage::preview_of(&message.content);
    }
    sessions.put(session_js(&stored)?).primitive()?.await?;
    Ok(stored)
}

/// The API key lock at rest (see `key_lock::lock_at_rest`), read inside `tx`.
async fn lock_view(tx: &indexed_db_futures::transaction::Transaction<'_>) -> Result<LockView> {
    let value: Option<JsValue> =
        tx.object_store(stores::SETTINGS)?.get(key_lock::KEY_LOCK_SETTING.to_owned()).primitive()?.await?;
    let setting: Option<SettingRecord> = value.map(from_js).transpose()?;
    Ok(key_lock::lock_at_rest(setting.as_ref().map(|s| &s.value)))
}
