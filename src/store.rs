//! The one door to IndexedDB: the database handle, tab sync and the storage
//! problem shown in the banner, with typed operations on records.
//!
//! Every other context loads and saves its own records through [`StoreContext`]
//! and hears about changes from it: a write of this tab ([`StoreEvent::Stored`])
//! or a change another tab announced, or a bulk change of this tab, such as an
//! import ([`StoreEvent::Changed`]). IndexedDB is the source of truth: every write is announced on
//! the sync channel, and other tabs re-read what it names. When storage is
//! unavailable or full, the app keeps working in memory and says so.
//!
//! The store is the bottom of the shell: it knows records, never the contexts
//! above it (sessions, chat, providers, tools), which register as listeners.

pub(crate) mod data;
pub(crate) mod upkeep;

use std::rc::Rc;

use futures::future::{LocalBoxFuture, join_all};

use hearth_core::storage::{MessageRecord, ProjectFileRecord, SessionRecord, SettingRecord, Stored};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::db::{Closed, Db, SearchOutcome, StorageError};
use crate::io::sync::{Change, SyncChannel};

/// What changed in storage, told to every listener.
#[derive(Clone, Debug)]
pub(crate) enum StoreEvent {
    /// This tab stored a session's record (with a message, a rename, a pin…):
    /// the record as stored.
    Stored(SessionRecord),
    /// Another tab changed something, or this tab replaced many records at once
    /// (an import, clearing everything): re-read what it names.
    Changed(Change),
}

/// What a listener does about an event: done at once (`None`), or the re-reads
/// it started, which a bulk change of this tab waits for.
pub(crate) type Reaction = Option<LocalBoxFuture<'static, ()>>;

type Listener = Rc<dyn Fn(&StoreEvent) -> Reaction>;

type TouchListener = Rc<dyn Fn(&Touched)>;

/// What a write of this tab touched, told to sync (`crate::sync`), which
/// pushes it: a conversation (its record or messages), or some other
/// records (agents, providers, settings, files), or everything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Touched {
    /// A session's record or messages.
    Session(String),
    /// Records of the small stores.
    Records,
    /// Anything: look at everything.
    All,
}

impl Touched {
    /// What a change notice (this tab's or another's) touched.
    pub(crate) fn of(change: &Change) -> Self {
        match change {
            Change::Session { id } => Touched::Session(id.clone()),
            Change::Agents => Touched::Records,
            Change::All => Touched::All,
        }
    }
}

/// Storage and its state; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct StoreContext {
    /// The database: `Err(true)` while start-up's [`StoreContext::open`] has
    /// not ended, `Err(false)` when it did not open.
    db: StoredValue<Result<Rc<Db>, bool>, LocalStorage>,
    sync: StoredValue<Option<Rc<SyncChannel>>, LocalStorage>,
    /// While start-up loads: whether another tab changed anything meanwhile
    /// (`None` once it has loaded everything).
    missed: StoredValue<Option<bool>, LocalStorage>,
    listeners: StoredValue<Vec<Listener>, LocalStorage>,
    touch_listeners: StoredValue<Vec<TouchListener>, LocalStorage>,
    /// The latest storage problem, shown in a banner until dismissed.
    pub(crate) problem: RwSignal<Option<String>>,
    /// Set when the database was closed under this tab (a newer version of
    /// Hearth migrating it in another tab): from then on nothing is written,
    /// and what is in memory stays shown.
    pub(crate) closed: RwSignal<Option<Closed>>,
}

/// What the storage banner says while start-up upgrades the stored database
/// (the browser may index a large library for seconds, once).
pub(crate) fn upgrade_note() -> &'static str {
    tr("Updating Hearth's storage for this version. With many conversations this takes a few seconds, once.")
}

impl StoreContext {
    /// Not open yet; [`StoreContext::open`] opens it.
    pub(crate) fn new() -> Self {
        Self {
            db: StoredValue::new_local(Err(true)),
            sync: StoredValue::new_local(None),
            missed: StoredValue::new_local(Some(false)),
            listeners: StoredValue::new_local(Vec::new()),
            touch_listeners: StoredValue::new_local(Vec::new()),
            problem: RwSignal::new(None),
            closed: RwSignal::new(None),
        }
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Opens the database (creating or upgrading it); on failure the problem
    /// is shown and everything stays in memory. Returns whether it opened.
    pub(crate) async fn open(self) -> bool {
        let blocked = RwSignal::new(false);
        let on_blocked = move || {
            blocked.set(true);
            self.report(StorageError::Blocked);
        };
        let on_closed = move |why: Closed| {
            self.closed.set(Some(why));
            self.report(StorageError::Closed(why));
        };
        // The upgrade's note is shown as the problem is (no signal of its own:
        // a field more cost the first load a kilobyte), and goes after it
        // unless a problem replaced it.
        let on_upgrading = move || self.problem.set(Some(upgrade_note().to_owned()));
        let opened = Db::open(on_blocked, on_upgrading, on_closed).await;
        if self.problem.with_untracked(|problem| problem.as_deref() == Some(upgrade_note())) {
            self.problem.set(None);
        }
        match opened {
            Ok(db) => {
                if blocked.get_untracked() {
                    self.problem.set(None);
                }
                self.db.set_value(Ok(Rc::new(db)));
                crate::io::persistence::ask_to_persist();
                true
            }
            Err(error) => {
                self.db.set_value(Err(false));
                self.report(error);
                false
            }
        }
    }

    /// Whether start-up's [`StoreContext::open`] has not ended yet.
    pub(crate) fn opening(self) -> bool {
        self.db.with_value(|db| matches!(db, Err(true)))
    }

    /// The database once start-up's [`StoreContext::open`] has ended: a write
    /// made before (a provider added as soon as Providers shows) is stored
    /// then, rather than nowhere. `None` when it did not open.
    pub(crate) async fn db_once_open(self) -> Option<Rc<Db>> {
        // Looked at now and then: only a write in the first moments waits.
        while self.opening() {
            crate::io::timer::sleep(20).await;
        }
        self.db()
    }

    /// Starts hearing other tabs' changes, as soon as the database is open.
    /// Until [`StoreContext::loaded`] they are not told one by one (what they
    /// name may not have been read yet): start-up then re-reads everything
    /// if there were any.
    pub(crate) fn listen_to_other_tabs(self) {
        let sync = SyncChannel::open(move |change| {
            let loading = self.missed.try_update_value(|missed| missed.as_mut().map(|missed| *missed = true));
            if !matches!(loading, Some(Some(()))) {
                spawn_local(self.tell(&StoreEvent::Changed(change)));
            }
        });
        self.sync.set_value(Some(Rc::new(sync)));
    }

    /// Start-up has loaded everything: if another tab changed anything
    /// meanwhile, everything is read again; later changes are told as they come.
    pub(crate) async fn loaded(self) {
        if self.missed.try_update_value(Option::take).flatten() == Some(true) {
            self.tell(&StoreEvent::Changed(Change::All)).await;
        }
    }

    /// Calls `listener` with every later [`StoreEvent`]; what it returns is
    /// the work it started (see [`Reaction`]).
    pub(crate) fn on_event(self, listener: impl Fn(&StoreEvent) -> Reaction + 'static) {
        self.listeners.update_value(|listeners| listeners.push(Rc::new(listener)));
    }

    /// Calls `load` whenever everything changed (an import, clearing all data,
    /// or such a change in another tab); a bulk change of this tab waits for it.
    pub(crate) fn reload_on_bulk_change<F: Future<Output = ()> + 'static>(self, load: impl Fn() -> F + 'static) {
        self.on_event(move |event| match event {
            StoreEvent::Changed(Change::All) => Some(Box::pin(load())),
            _ => None,
        });
    }

    /// Tells every listener (each reacts at once), and resolves when the work
    /// they started is done.
    fn tell(self, event: &StoreEvent) -> impl Future<Output = ()> + use<> {
        // Cloned out first: a listener may register another one.
        let listeners = self.listeners.with_value(Clone::clone);
        let started: Vec<_> = listeners.iter().filter_map(|listener| listener(event)).collect();
        async move {
            join_all(started).await;
        }
    }

    /// Why this tab may not write any more (the database was closed under
    /// it), if so: an action that would write says it instead of starting.
    pub(crate) fn refuses_writes(self) -> Option<StorageError> {
        self.closed.get_untracked().map(StorageError::Closed)
    }

    pub(crate) fn db(self) -> Option<Rc<Db>> {
        self.db.with_value(|db| db.as_ref().ok().cloned())
    }

    /// Shows a storage problem in the banner.
    pub(crate) fn report(self, error: impl std::fmt::Display) {
        self.problem.set(Some(error.to_string()));
    }

    /// Calls `listener` with what each later write of this tab touched (sync
    /// hears other tabs' writes as [`StoreEvent::Changed`]).
    pub(crate) fn on_touch(self, listener: impl Fn(&Touched) + 'static) {
        self.touch_listeners.update_value(|listeners| listeners.push(Rc::new(listener)));
    }

    /// Tells the touch listeners.
    fn touched(self, touched: &Touched) {
        let listeners = self.touch_listeners.with_value(Clone::clone);
        for listener in &listeners {
            listener(touched);
        }
    }

    /// Tells the other tabs (and this tab's touch listeners).
    fn announce(self, change: &Change) {
        self.touched(&Touched::of(change));
        if let Some(sync) = self.sync.get_value() {
            sync.announce(change);
        }
    }

    /// Tells this tab's listeners and the other tabs that `change` was
    /// written here by something other than this tab's contexts (sync's
    /// pull); resolves once this tab has read it again. Sync's own listener
    /// is not told (it wrote it).
    /// This tab's listeners are told at the call; the future is their re-reads.
    pub(crate) fn heard(self, change: Change) -> impl Future<Output = ()> + 'static {
        let reread = self.tell(&StoreEvent::Changed(change.clone()));
        if let Some(sync) = self.sync.get_value() {
            sync.announce(&change);
        }
        reread
    }

    /// Tells this tab's listeners and the other tabs that many records
    /// changed; resolves once this tab has read everything again.
    pub(crate) async fn changed_everything(self) {
        let reread = self.tell(&StoreEvent::Changed(Change::All));
        self.announce(&Change::All);
        reread.await;
    }

    /// Reads one record by key (`None` when there is none).
    pub(crate) async fn get<R: Stored>(self, key: &str) -> Result<Option<R>, StorageError> {
        let db = self.db().ok_or(StorageError::NotOpen)?;
        db.get(key).await
    }

    /// Reads every record of a kind.
    pub(crate) async fn all<R: Stored>(self) -> Result<Vec<R>, StorageError> {
        let db = self.db().ok_or(StorageError::NotOpen)?;
        db.all().await
    }

    /// The conversations that decide the sidebar's first `rows` rows, read
    /// alone (`None` until every conversation has its place), and how many
    /// records the place index holds (see [`Db::first_sessions`]).
    pub(crate) async fn first_sessions(self, rows: u32) -> Result<(Option<Vec<SessionRecord>>, u32), StorageError> {
        let db = self.db().ok_or(StorageError::NotOpen)?;
        db.first_sessions(rows).await
    }

    /// Stores the conversations `ids` again with their sidebar places, in the
    /// background, so that the next start finds them in the first screen's
    /// read; a failure is shown.
    pub(crate) fn place_sessions(self, ids: Vec<String>) {
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            if let Err(error) = db.place_sessions(ids).await {
                self.report(error);
            }
        });
    }

    /// Reads a setting's value.
    pub(crate) async fn setting(self, key: &str) -> Result<Option<serde_json::Value>, StorageError> {
        Ok(self.get::<SettingRecord>(key).await?.map(|setting| setting.value))
    }

    /// The settings whose keys start with `prefix` (one record per item, such
    /// as `user_tool:<id>`), read as `T`, in the order of their keys; a value
    /// that cannot be read is left out.
    pub(crate) async fn settings_under<T: serde::de::DeserializeOwned>(
        self,
        prefix: &str,
    ) -> Result<Vec<T>, StorageError> {
        let mut settings: Vec<SettingRecord> = self.all().await?;
        settings.retain(|setting| setting.key.starts_with(prefix));
        settings.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(settings.into_iter().filter_map(|setting| serde_json::from_value(setting.value).ok()).collect())
    }

    /// Writes one record in the background; a failure is shown in the banner.
    pub(crate) fn put<R: Stored + 'static>(self, record: R) {
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            match db.put(&record).await {
                Ok(()) => self.touched(&Touched::Records),
                Err(error) => self.report(error),
            }
        });
    }

    /// Writes one record in the background and, once it is stored, tells the
    /// other tabs `change` (they re-read what it names).
    pub(crate) fn put_and_announce<R: Stored + 'static>(self, record: R, change: Change) {
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            match db.put(&record).await {
                Ok(()) => self.announce(&change),
                Err(error) => self.report(error),
            }
        });
    }

    /// Calls `load` whenever another tab announces `change`.
    pub(crate) fn reload_on<F: Future<Output = ()> + 'static>(self, change: Change, load: impl Fn() -> F + 'static) {
        self.on_event(move |event| match event {
            StoreEvent::Changed(heard) if *heard == change => Some(Box::pin(load())),
            _ => None,
        });
    }

    /// Writes a setting in the background.
    pub(crate) fn put_setting(self, key: &str, value: serde_json::Value) {
        self.put(SettingRecord { key: key.to_owned(), value });
    }

    /// Deletes one record of a kind in the background.
    pub(crate) fn delete<R: Stored + 'static>(self, key: String) {
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            match db.delete::<R>(&key).await {
                Ok(()) => self.touched(&Touched::Records),
                Err(error) => self.report(error),
            }
        });
    }

    /// Deletes one record of a kind in the background and, once it is gone,
    /// tells the other tabs `change`.
    pub(crate) fn delete_and_announce<R: Stored + 'static>(self, key: String, change: Change) {
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            match db.delete::<R>(&key).await {
                Ok(()) => self.announce(&change),
                Err(error) => self.report(error),
            }
        });
    }

    /// Stores one message with its session's metadata and returns the session
    /// as stored. On failure the problem is shown and the caller's session
    /// returned.
    pub(crate) async fn save_message(self, session: &SessionRecord, message: &MessageRecord) -> SessionRecord {
        self.save_message_with_blobs(session, message, &[]).await
    }

    /// [`StoreContext::save_message`], storing with the message the
    /// attachments' bytes it refers to (see `Db::save_message_with_blobs`).
    pub(crate) async fn save_message_with_blobs(
        self,
        session: &SessionRecord,
        message: &MessageRecord,
        blobs: &[crate::io::db::NewBlob],
    ) -> SessionRecord {
        let Some(db) = self.db() else { return session.clone() };
        let saved = if blobs.is_empty() {
            db.save_message(session, message).await
        } else {
            db.save_message_with_blobs(session, message, blobs).await
        };
        match saved {
            Ok(stored) => {
                self.stored(stored.clone());
                stored
            }
            Err(error) => {
                self.report(error);
                session.clone()
            }
        }
    }

    /// The stored bytes of an attachment, if they are there (a failure is
    /// taken as their absence: the caller says the attachment is missing).
    pub(crate) async fn blob(self, hash: &str) -> Option<web_sys::Blob> {
        self.db()?.blob(hash).await.ok().flatten()
    }

    /// How many attachments' bytes are stored and how many bytes they take.
    pub(crate) async fn blob_usage(self) -> Option<crate::io::db::BlobUsage> {
        self.db()?.blob_usage().await.ok()
    }

    /// Stores a summary record if its session is still there and not deleted
    /// (see [`Db::save_summary`]); returns the session as stored, or `None`
    /// when nothing was written (a failure is shown in the banner).
    pub(crate) async fn save_summary(self, message: &MessageRecord) -> Option<SessionRecord> {
        let db = self.db()?;
        match db.save_summary(message).await {
            Ok(Some(stored)) => {
                self.announce(&Change::Session { id: stored.id.clone() });
                Some(stored)
            }
            Ok(None) => None,
            Err(error) => {
                self.report(error);
                None
            }
        }
    }

    /// Stores a new conversation with its messages in one transaction (a
    /// branch into a new chat); returns whether it was stored (a failure is
    /// shown in the banner).
    pub(crate) async fn save_conversation(self, session: &SessionRecord, messages: Vec<MessageRecord>) -> bool {
        let Some(db) = self.db() else { return false };
        match db.put_conversation(session, &messages).await {
            Ok(()) => {
                self.stored(session.clone());
                true
            }
            Err(error) => {
                self.report(error);
                false
            }
        }
    }

    /// Writes a session's record (a rename, a pin, a deletion mark).
    pub(crate) async fn put_session(self, session: SessionRecord) {
        let Some(db) = self.db() else { return };
        match db.put(&session).await {
            Ok(()) => self.stored(session),
            Err(error) => self.report(error),
        }
    }

    /// Tells everyone that `session` was stored as it is.
    fn stored(self, session: SessionRecord) {
        let change = Change::Session { id: session.id.clone() };
        spawn_local(self.tell(&StoreEvent::Stored(session)));
        self.announce(&change);
    }

    /// Deletes one message of a session (a reply about to be regenerated).
    pub(crate) async fn delete_message(self, session_id: &str, message_id: &str) {
        self.delete_messages(session_id, &[message_id.to_owned()]).await;
    }

    /// Deletes messages of one session in one transaction (a branch pruned).
    pub(crate) async fn delete_messages(self, session_id: &str, ids: &[String]) {
        let Some(db) = self.db() else { return };
        match db.delete_messages(session_id, ids).await {
            Ok(Some(stored)) => self.stored(stored),
            Ok(None) => self.announce(&Change::Session { id: session_id.to_owned() }),
            Err(error) => self.report(error),
        }
    }

    /// Changes one stored message in place (read and written in one
    /// transaction; see [`Db::update_message`]). Only the message changes, not
    /// its session's preview or time; other tabs hear of it.
    pub(crate) async fn update_message(
        self,
        session_id: &str,
        message_id: &str,
        change: impl FnOnce(&mut MessageRecord) -> bool,
    ) {
        let Some(db) = self.db() else { return };
        match db.update_message(message_id, change).await {
            Ok(_) => self.announce(&Change::Session { id: session_id.to_owned() }),
            Err(error) => self.report(error),
        }
    }

    /// A session's messages in order.
    pub(crate) async fn session_messages(self, session_id: &str) -> Result<Vec<MessageRecord>, StorageError> {
        let db = self.db().ok_or(StorageError::NotOpen)?;
        db.session_messages(session_id).await
    }

    /// Deletes a session, all its messages and the data its app kept
    /// (`hearth_core::storage::app_state`) for good, in one transaction.
    pub(crate) async fn delete_session(self, session_id: &str) {
        let Some(db) = self.db() else { return };
        match db.delete_session(session_id).await {
            Ok(()) => self.announce(&Change::All),
            Err(error) => self.report(error),
        }
    }

    /// Deletes all of a session's messages, keeping the session itself with
    /// no messages and no preview; everyone hears of it. Returns whether the
    /// messages are gone (a failure is shown in the banner).
    pub(crate) async fn clear_session_messages(self, session_id: &str) -> bool {
        let Some(db) = self.db() else { return false };
        match db.clear_session_messages(session_id).await {
            Ok(Some(stored)) => {
                self.stored(stored);
                true
            }
            Ok(None) => {
                self.announce(&Change::Session { id: session_id.to_owned() });
                true
            }
            Err(error) => {
                self.report(error);
                false
            }
        }
    }

    /// Searches all stored message text with the `search` chunk's code (loaded
    /// at the first search, from the sidebar or the search tool); a storage
    /// failure is shown and finds nothing. Whether a hit is in another branch
    /// is known only where the search read its conversation whole: the others
    /// are told by [`Self::tag_branches`].
    pub(crate) async fn search(self, query: &str) -> Result<SearchOutcome, ChunkError> {
        let code = search_code().await?;
        Ok((code.find)(self, query.to_owned()).await)
    }

    /// `outcome` with every hit's branch known (`SearchHit::other_branch`).
    pub(crate) async fn tag_branches(self, outcome: SearchOutcome) -> Result<SearchOutcome, ChunkError> {
        let code = search_code().await?;
        Ok((code.tag)(self, outcome).await)
    }

    /// [`Self::search`], once the chunk is here.
    async fn search_now(self, query: &str) -> SearchOutcome {
        let Some(db) = self.db() else { return SearchOutcome::default() };
        match db.search(query).await {
            Ok(outcome) => outcome,
            Err(error) => {
                self.report(error);
                SearchOutcome::default()
            }
        }
    }

    /// [`Self::tag_branches`], once the chunk is here.
    async fn tag_now(self, mut outcome: SearchOutcome) -> SearchOutcome {
        if let Some(db) = self.db() {
            db.tag_branches(&mut outcome).await;
        }
        outcome
    }

    /// The project's files, read from storage (the read-a-file tool reads
    /// them fresh, so a file added in another tab is found).
    pub(crate) async fn project_files(self) -> Result<Vec<ProjectFileRecord>, StorageError> {
        self.all().await
    }
}

/// Fetches the `search` chunk ahead of a search (the search box has the
/// focus), so that the first search starts when the typing pauses. A chunk
/// that cannot be loaded is said by the search itself.
pub(crate) fn ready_search() {
    leptos::task::spawn_local(async {
        let _ = search_code().await;
    });
}

/// What the `search` chunk's [`search_code`] gives: `StoreContext::search_now`
/// and `StoreContext::tag_now`.
struct SearchCode {
    /// Finds the hits of a query.
    find: fn(StoreContext, String) -> LocalBoxFuture<'static, SearchOutcome>,
    /// Tells which hits are in another branch.
    tag: fn(StoreContext, SearchOutcome) -> LocalBoxFuture<'static, SearchOutcome>,
}

/// The message search (`Db::search`), in the `search` chunk: only a search
/// needs it, and the search tool in the `reply` chunk reaches it through here.
#[wasm_split(search, fallible)]
fn search_code() -> Result<&'static SearchCode, ChunkError> {
    static CODE: SearchCode = SearchCode {
        find: |store, query| Box::pin(async move { store.search_now(&query).await }),
        tag: |store, outcome| Box::pin(async move { store.tag_now(outcome).await }),
    };
    Ok(&CODE)
}
