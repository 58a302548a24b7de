//! The replicator: two one-way replications (this device to the server,
//! then back) after CouchDB's replication protocol, one round at a time,
//! then live: a long poll of the server's changes, cut short by a change
//! here. The request bodies, revision trees and checkpoints are
//! `hearth_core::replication`'s; the records' side is [`super::local`].
//!
//! - **Push**: a sync point makes revisions of what changed here (each
//!   numbered with a local change number); the documents changed after the
//!   push checkpoint go through `_revs_diff` (what the server lacks) and
//!   `_bulk_docs` with `new_edits: false`, then the checkpoint moves on both
//!   sides. A revision the server has is never sent again.
//! - **Pull**: from the newest checkpoint both sides share, `_changes` in
//!   batches, what this device lacks fetched with `_bulk_get`, applied with
//!   the checkpoint in one transaction.
//! - Failures: 401, 403 and other refusals stop sync and say why (never
//!   retried blindly); the network and 5xx/429 are retried with growing
//!   waits, from the last checkpoint.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};

use std::rc::Rc;

use hearth_core::replication::check::{self, DbObservation, Observed, Reach};
use hearth_core::replication::checkpoint::{self, Checkpoint, Direction};
use hearth_core::replication::doc::{self, DocKind, SyncPolicy};
use hearth_core::replication::local::{DocMeta, FetchedRev};
use hearth_core::replication::protocol::{self, Fetched, Live, OutgoingDoc, Retry};
use hearth_core::replication::revs::Rev;
use leptos::prelude::*;
use serde_json::{Map, Value};
use web_sys::AbortController;

pub(crate) use hearth_core::replication::check::Finding;

use super::e2e::Keys;
use super::knowledge;
use super::local::{self, Scope};
use super::shared::{CONFLICT_PREFIX, Conflict, HELD_PREFIX, Held, Ids, SyncError};
use super::{Phase, SyncConfig, SyncContext};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::clock::now;
use crate::io::couch::{CouchAnswer, CouchFailure, CouchServer, percent};
use crate::io::db::Db;
use crate::io::knowledge::KnowledgeError;
use crate::io::locks;
use crate::io::sync::Change;
use crate::io::timer::sleep;
use crate::store::{StoreEvent, Touched};

/// The Web Lock only the replicating tab holds.
const LOCK: &str = "hearth-sync";
/// Documents per `_changes` page and per push batch.
const BATCH: u32 = 200;
/// How long the server holds a long poll open, in milliseconds.
const LONGPOLL_MS: u64 = 25_000;
/// Local changes wait this long (ms) for more before they are pushed.
const SETTLE_MS: i32 = 300;
/// State keys.
const SEQ_KEY: &str = "seq";
const DEVICE_KEY: &str = "device";
const MODE_KEY: &str = "mode";
/// The databases (their URLs) this device has seen end-to-end encrypted: a
/// plain push never goes to one, even if its encryption check disappears.
const E2E_SEEN_KEY: &str = "e2e_seen";
/// What a plain device says of an end-to-end encrypted database.
const ENCRYPTED: &str = "This database is end-to-end encrypted: turn on encryption and type its sync passphrase.";

/// What the next sync point looks at, and how to cut the live wait short.
#[derive(Default)]
struct Wake {
    /// The conversations written since the last sync point.
    scope: Scope,
    /// Whether anything was written since (the small stores are looked at whole).
    due: bool,
    /// Set while the replicator tells this tab what a pull wrote: not a change to push.
    muted: bool,
    /// The long poll or wait in progress, to abort.
    controller: Option<AbortController>,
}

thread_local! {
    /// Hears the knowledge bases change (their worker writes a database of
    /// its own, which the store does not see): the latest run's, the one before let go.
    static KNOWLEDGE_WATCH: RefCell<Option<crate::io::knowledge::RecordsWatch>> = const { RefCell::new(None) };
}

/// One run of the replicator.
struct Replicator {
    sync: SyncContext,
    db: Rc<Db>,
    server: CouchServer,
    ids: Ids,
    policy: SyncPolicy,
    generation: u32,
    session: String,
    device: String,
    wake: Rc<RefCell<Wake>>,
    /// The push and pull checkpoints on the server as last read or written
    /// (with their `_rev`); the push's is read once a run.
    remote_push: Option<Option<Checkpoint>>,
    remote_pull: Option<Option<Checkpoint>>,
    /// Where the last pull of this run stopped: the next one goes on from
    /// there (the checkpoints are read once a run).
    pulled_since: Option<Value>,
}

/// Runs sync for the stored configuration `config`.
pub(super) async fn run_stored(sync: SyncContext, config: Value, passphrase: Option<String>, generation: u32) {
    match SyncConfig::from_value(Some(&config)) {
        Some(config) => run(sync, config, passphrase, generation).await,
        None => sync.phase.set(Phase::Refused(tr("The sync settings cannot be read: enter them again.").into())),
    }
}

/// Runs sync for `config` until Stop (or until the user must act).
async fn run(sync: SyncContext, config: SyncConfig, passphrase: Option<String>, generation: u32) {
    sync.phase.set(Phase::OtherTab);
    let _lock = locks::acquire(LOCK).await;
    if !sync.current(generation) {
        return;
    }
    sync.phase.set(Phase::Syncing);
    let Some(db) = sync.store.db() else {
        sync.phase
            .set(Phase::Refused(tr("Storage is not available in this browser, so there is nothing to sync.").into()));
        return;
    };
    let mut config = config;
    if let Some(sealed) = &config.password_sealed {
        match sync.providers.open_secret(sealed).await {
            Some(bytes) => config.password = String::from_utf8(bytes).unwrap_or_default(),
            None => {
                sync.phase.set(Phase::Refused(
                    tr("Unlock your API keys, then press Start sync: the key lock seals the sync password.").into(),
                ));
                return;
            }
        }
    }
    let server = config.server();
    let ids = if config.e2e {
        let Some(passphrase) = passphrase else {
            sync.phase.set(Phase::Refused(tr("Type the sync passphrase to start.").into()));
            return;
        };
        match Keys::unlock(&server, &passphrase).await {
            Ok(keys) => Ids::Sealed(keys),
            Err(error) => {
                sync.phase.set(Phase::Refused(error.to_string()));
                return;
            }
        }
    } else {
        // Whether a database another device encrypts end to end is checked
        // before every push (`refuse_if_encrypted`).
        Ids::Plain
    };
    // Documents are named per mode (plain ids, or sealed ids of one
    // database's key): a device that changes mode starts as a new one.
    let mode = if config.e2e { format!("e2e|{}", server.identity()) } else { "plain".to_owned() };
    let mut seen = db.replica_state::<Vec<String>>(E2E_SEEN_KEY).await.ok().flatten().unwrap_or_default();
    if config.e2e && !seen.contains(&server.db_url()) {
        seen.push(server.db_url());
    }
    match db.replica_state::<String>(MODE_KEY).await {
        Ok(Some(stored)) if stored == mode => {}
        Ok(stored) => {
            if stored.is_some() && db.replica_reset().await.is_err() {
                sync.phase.set(Phase::Refused(tr("This device's storage failed.").into()));
                return;
            }
            let write = crate::io::db::ReplicaWrite {
                state: vec![(MODE_KEY.to_owned(), Value::from(mode))],
                ..Default::default()
            };
            let _ = db.apply_replica(&write).await;
        }
        Err(_) => {}
    }
    // Which databases this device saw end-to-end encrypted outlives a reset.
    let write =
        crate::io::db::ReplicaWrite { state: vec![(E2E_SEEN_KEY.to_owned(), Value::from(seen))], ..Default::default() };
    if db.apply_replica(&write).await.is_err() {
        sync.phase.set(Phase::Refused(tr("This device's storage failed.").into()));
        return;
    }
    let wake: Rc<RefCell<Wake>> =
        Rc::new(RefCell::new(Wake { scope: Scope { all: true, ..Scope::default() }, due: true, ..Wake::default() }));
    listen(sync, generation, Rc::clone(&wake));
    let device = match db.replica_state::<String>(DEVICE_KEY).await {
        Ok(Some(device)) => device,
        _ => {
            let device = crate::io::ids::new_id();
            let _ = db
                .apply_replica(&crate::io::db::ReplicaWrite {
                    state: vec![(DEVICE_KEY.to_owned(), Value::from(device.clone()))],
                    ..Default::default()
                })
                .await;
            device
        }
    };
    let mut replicator = Replicator {
        sync,
        db,
        server,
        ids,
        policy: SyncPolicy { e2e: config.e2e, sealed_keys: false },
        generation,
        session: crate::io::ids::new_id(),
        device,
        wake,
        remote_push: None,
        remote_pull: None,
        pulled_since: None,
    };
    replicator.load_conflicts().await;
    replicator.hold_listed_unreadable().await;
    replicator.reread_held().await;
    let mut attempt = 0;
    loop {
        if !sync.current(generation) {
            return;
        }
        sync.phase.set(Phase::Syncing);
        let outcome = match replicator.round().await {
            Ok(()) => {
                attempt = 0;
                sync.last_synced.set(Some(now()));
                sync.phase.set(Phase::Live);
                replicator.live().await
            }
            Err(error) => Err(error),
        };
        match outcome {
            // A record changed mid-write elsewhere than a pull: the next round.
            Ok(()) | Err(SyncError::Stopped) | Err(SyncError::Changed) => {}
            Err(SyncError::Refused(why)) => {
                sync.phase.set(Phase::Refused(why));
                return;
            }
            Err(SyncError::Local(why)) => {
                sync.phase.set(Phase::Refused(tr_with("sync-storage-failed-why", &[("why", Arg::Text(&why))], || {
                    format!("This device's storage failed: {why}")
                })));
                return;
            }
            Err(SyncError::Retry(why, status)) => {
                let wait = match protocol::retry_after(status, attempt) {
                    Retry::After(ms) => ms,
                    Retry::Never => {
                        sync.phase.set(Phase::Refused(why));
                        return;
                    }
                };
                attempt += 1;
                let wait = i32::try_from(wait).unwrap_or(60_000);
                sync.phase.set(Phase::Retrying { why, retry_at: now() + i64::from(wait) });
                replicator.wait(wait).await;
            }
        }
    }
}

/// Hears this tab's writes and other tabs' notices, widening the next sync
/// point's scope and cutting the live wait short.
fn listen(sync: SyncContext, generation: u32, wake: Rc<RefCell<Wake>>) {
    let touch = {
        let wake = Rc::clone(&wake);
        move |touched: &Touched| {
            if !sync.current(generation) {
                return;
            }
            let mut wake = wake.borrow_mut();
            if wake.muted {
                return;
            }
            wake.due = true;
            match touched {
                Touched::Session(id) => {
                    wake.scope.sessions.insert(id.clone());
                }
                Touched::Records => {}
                Touched::All => wake.scope.all = true,
            }
            if let Some(controller) = wake.controller.take() {
                controller.abort();
            }
        }
    };
    let heard = touch.clone();
    let bases = touch.clone();
    let watch = crate::io::knowledge::watch_records(move || bases(&Touched::Records));
    KNOWLEDGE_WATCH.with_borrow_mut(|kept| *kept = watch);
    sync.store.on_touch(touch);
    sync.store.on_event(move |event| {
        if let StoreEvent::Changed(change) = event {
            heard(&Touched::of(change));
        }
        None
    });
    // Stop wakes the wait too.
    let stopped = Rc::clone(&wake);
    Effect::new(move |_| {
        if sync.generation.get() != generation
            && let Some(controller) = stopped.borrow_mut().controller.take()
        {
            controller.abort();
        }
    });
}

/// An answer's failure as sync sees it.
fn failure(failure: CouchFailure) -> SyncError {
    match failure {
        CouchFailure::Aborted => SyncError::Stopped,
        CouchFailure::Network(detail) => {
            let why = tr_with("sync-offline", &[("detail", Arg::Text(&detail))], || {
                format!("Offline, or the server did not answer ({detail})")
            });
            SyncError::Retry(why, None)
        }
        CouchFailure::Redirected => SyncError::Retry(
            tr("The server answered with a redirect, which Hearth does not follow: use the address it redirects to")
                .to_owned(),
            None,
        ),
    }
}

/// The part of the server's answer that sync could not read.
#[derive(Clone, Copy)]
enum Unreadable {
    /// An answer to a request of sync's (revisions compared, documents sent).
    Answer,
    /// The changes feed.
    Changes,
    /// Documents fetched.
    Documents,
}

/// The server's answer could not be read: retried, saying which part and why.
fn unreadable(what: Unreadable, error: impl std::fmt::Display) -> SyncError {
    let error = error.to_string();
    let args = [("error", Arg::Text(&error))];
    let why = match what {
        Unreadable::Answer => {
            tr_with("sync-answer-unreadable", &args, || format!("the server's answer could not be read ({error})"))
        }
        Unreadable::Changes => {
            tr_with("sync-changes-unreadable", &args, || format!("the server's changes could not be read ({error})"))
        }
        Unreadable::Documents => tr_with("sync-documents-unreadable", &args, || {
            format!("the server's documents could not be read ({error})")
        }),
    };
    SyncError::Retry(why, None)
}

/// A non-2xx answer as sync sees it: refusals stop, the rest are retried.
fn refused(what: &str, answer: &CouchAnswer) -> SyncError {
    let reason = serde_json::from_str::<Value>(&answer.body)
        .ok()
        .and_then(|body| body.get("reason").and_then(Value::as_str).map(str::to_owned))
        .unwrap_or_default();
    match answer.status {
        401 => SyncError::Refused(tr_with("sync-refused-credentials", &[("what", Arg::Text(what))], || {
            format!("The server refused the user name or password ({what}). Check them in Settings → Sync.")
        })),
        403 if reason.is_empty() => {
            SyncError::Refused(tr_with("sync-refused-access", &[("what", Arg::Text(what))], || {
                format!(
                    "This user may not use that database ({what}). Ask its admin to add them to the database's members."
                )
            }))
        }
        403 => SyncError::Refused(tr_with(
            "sync-refused-access-reason",
            &[("what", Arg::Text(what)), ("reason", Arg::Text(&reason))],
            || {
                format!(
                    "This user may not use that database ({what}: {reason}). Ask its admin to add them to the database's members."
                )
            },
        )),
        404 => SyncError::Refused(tr_with("sync-refused-no-database", &[("what", Arg::Text(what))], || {
            format!("The database does not exist ({what}). Create it on the server first.")
        })),
        status => SyncError::Retry(
            tr_with(
                "sync-server-answered",
                &[
                    ("what", Arg::Text(what)),
                    ("status", Arg::Text(&status.to_string())),
                    ("reason", Arg::Text(&reason)),
                ],
                || format!("{what}: the server answered {status} {reason}"),
            ),
            Some(status),
        ),
    }
}

impl Replicator {
    fn check_running(&self) -> Result<(), SyncError> {
        if self.sync.current(self.generation) { Ok(()) } else { Err(SyncError::Stopped) }
    }

    /// Waits `ms` (a backoff: a change here does not cut it short), or until Stop.
    async fn wait(&self, ms: i32) {
        let mut left = ms;
        while left > 0 && self.sync.current(self.generation) {
            sleep(left.min(250)).await;
            left -= 250;
        }
    }

    async fn request(&self, method: &'static str, path: &str, body: Option<String>) -> Result<CouchAnswer, SyncError> {
        self.check_running()?;
        self.server.db_request(method, path, body, None).await.map_err(failure)
    }

    /// One round: a sync point, the push, the pull.
    async fn round(&mut self) -> Result<(), SyncError> {
        let answer = self.request("GET", "", None).await?;
        if !answer.ok() {
            return Err(refused(tr("opening the database"), &answer));
        }
        self.push().await?;
        self.pull(None).await?;
        self.update_pending().await;
        Ok(())
    }

    /// Live: long polls until the server has changes or this device does,
    /// then pulls or pushes; returns on a failure or Stop.
    async fn live(&mut self) -> Result<(), SyncError> {
        loop {
            self.check_running()?;
            if self.wake.borrow().due {
                sleep(SETTLE_MS).await;
                self.push().await?;
                self.update_pending().await;
                self.sync.last_synced.set(Some(now()));
                continue;
            }
            let controller = AbortController::new().ok();
            self.wake.borrow_mut().controller = controller.clone();
            let pulled = self.pull(controller.as_ref()).await;
            self.wake.borrow_mut().controller = None;
            match pulled {
                Ok(()) => self.sync.last_synced.set(Some(now())),
                // Cut short by a change here (or Stop, seen at the loop's top).
                Err(SyncError::Stopped) => {
                    self.push().await?;
                    self.update_pending().await;
                    self.sync.last_synced.set(Some(now()));
                }
                Err(other) => return Err(other),
            }
        }
    }

    async fn update_pending(&self) {
        let since = self.local_checkpoint(Direction::Push).await.and_then(|cp| cp.last_seq.as_u64()).unwrap_or(0);
        if let Ok(count) = self.db.replica_count_after(since).await {
            self.sync.pending.set(count);
        }
    }

    fn replication_id(&self, direction: Direction) -> String {
        checkpoint::replication_id(&self.device, &self.server.identity(), direction)
    }

    async fn local_checkpoint(&self, direction: Direction) -> Option<Checkpoint> {
        self.db
            .replica_state::<Checkpoint>(&format!("checkpoint:{}", self.replication_id(direction)))
            .await
            .ok()
            .flatten()
    }

    async fn remote_checkpoint(&mut self, direction: Direction) -> Result<Option<Checkpoint>, SyncError> {
        let id = self.replication_id(direction);
        let answer = self.request("GET", &format!("/_local/{}", percent(&id)), None).await?;
        match answer.status {
            404 => Ok(None),
            200 => Ok(serde_json::from_str(&answer.body).ok()),
            _ => Err(refused(tr("reading a checkpoint"), &answer)),
        }
    }

    /// Writes `checkpoint` on the server over the one last read there
    /// (`previous`), and returns it as written (with its new `_rev`).
    async fn write_remote_checkpoint(
        &mut self,
        direction: Direction,
        previous: Option<&Checkpoint>,
        checkpoint: &Checkpoint,
    ) -> Result<Option<Checkpoint>, SyncError> {
        let id = self.replication_id(direction);
        let mut written = checkpoint.clone();
        written.rev = previous.and_then(|previous| previous.rev.clone());
        let body = serde_json::to_string(&written).map_err(|e| SyncError::Local(e.to_string()))?;
        let answer = self.request("PUT", &format!("/_local/{}", percent(&id)), Some(body)).await?;
        if answer.status == 409 {
            // Written since it was read (an earlier attempt whose answer was
            // lost): read it again; the next write goes over it.
            return self.remote_checkpoint(direction).await;
        }
        if !answer.ok() {
            return Err(refused(tr("writing a checkpoint"), &answer));
        }
        written.rev = serde_json::from_str::<Value>(&answer.body)
            .ok()
            .and_then(|body| body.get("rev").and_then(Value::as_str).map(str::to_owned));
        Ok(Some(written))
    }

    /// Stores this side's checkpoint of `direction`.
    async fn write_local_checkpoint(&self, direction: Direction, checkpoint: &Checkpoint) -> Result<(), SyncError> {
        let mut stored = checkpoint.clone();
        stored.rev = None;
        self.db
            .apply_replica(&crate::io::db::ReplicaWrite {
                state: vec![(
                    format!("checkpoint:{}", self.replication_id(direction)),
                    serde_json::to_value(&stored).map_err(|e| SyncError::Local(e.to_string()))?,
                )],
                ..Default::default()
            })
            .await?;
        Ok(())
    }

    /// A sync point, then every document changed here after the push
    /// checkpoint, to the server.
    async fn push(&mut self) -> Result<(), SyncError> {
        let scope = {
            let mut wake = self.wake.borrow_mut();
            wake.due = false;
            std::mem::take(&mut wake.scope)
        };
        let mut seq = self.db.replica_state::<u64>(SEQ_KEY).await?.unwrap_or(0);
        let changed = local::scan(&self.db, &self.ids, self.policy, &scope, now(), &mut seq).await;
        let local::Scanned { changed, told_deleted } = match changed {
            Ok(scanned) => scanned,
            Err(error) => {
                // Looked at again next time.
                let mut wake = self.wake.borrow_mut();
                wake.due = true;
                wake.scope.all |= scope.all;
                wake.scope.sessions.extend(scope.sessions);
                return Err(error);
            }
        };
        if !changed.is_empty() {
            self.check_running()?;
            let mut write = crate::io::db::ReplicaWrite::default();
            for meta in &changed {
                write.metas.push(serde_json::to_value(meta).map_err(|e| SyncError::Local(e.to_string()))?);
            }
            write.state.push((SEQ_KEY.to_owned(), Value::from(seq)));
            self.db.apply_replica(&write).await?;
        }
        knowledge::forget_deleted(&told_deleted).await?;
        let local = self.local_checkpoint(Direction::Push).await;
        let mut remote = match self.remote_push.clone() {
            Some(remote) => remote,
            None => self.remote_checkpoint(Direction::Push).await?,
        };
        // The source of a push is this device: its checkpoint and the server's.
        let mut since =
            checkpoint::start_seq(local.as_ref(), remote.as_ref()).and_then(|seq| seq.as_u64()).unwrap_or(0);
        let mut previous = local;
        let mut checked = false;
        loop {
            let metas: Vec<DocMeta> = self.db.replica_after(since, BATCH).await?;
            let Some(last) = metas.last().map(|meta| meta.seq) else { break };
            if !checked {
                self.refuse_if_encrypted().await?;
                checked = true;
            }
            let mut asked: Vec<(String, Vec<Rev>)> = Vec::new();
            for meta in &metas {
                if let Some((rev, _)) = meta.winner() {
                    let mut revs = vec![rev];
                    revs.extend(
                        meta.tree
                            .leaves()
                            .into_iter()
                            .map(|leaf| leaf.rev)
                            .filter(|r| Some(r) != meta.winner().map(|w| w.0).as_ref()),
                    );
                    asked.push((meta.id.clone(), revs));
                }
            }
            let answer = self.request("POST", "/_revs_diff", Some(protocol::revs_diff_body(&asked))).await?;
            if !answer.ok() {
                return Err(refused(tr("comparing revisions"), &answer));
            }
            let missing =
                protocol::parse_revs_diff(answer.body.as_bytes()).map_err(|e| unreadable(Unreadable::Answer, e))?;
            let mut docs = Vec::new();
            for meta in &metas {
                for rev in missing.get(&meta.id).into_iter().flatten() {
                    let deleted = meta.tree.leaves().iter().any(|leaf| &leaf.rev == rev && leaf.deleted);
                    // A deletion whose body was let go of said nothing (a
                    // merge's closing of a losing leaf).
                    let empty = Map::new();
                    let Some(body) = meta.body(rev).or(deleted.then_some(&empty)) else { continue };
                    let Some(revisions) = meta.revisions(rev) else { continue };
                    // A deletion that says nothing goes as it is; one that
                    // names what it deleted is sealed like any body.
                    let body = if deleted && body.is_empty() {
                        Map::new()
                    } else {
                        self.ids.seal(&meta.id, &meta.plain, body).await?
                    };
                    docs.push(OutgoingDoc { id: meta.id.clone(), rev: rev.clone(), revisions, deleted, body });
                }
            }
            if !docs.is_empty() {
                // Only the documents sent: what is held as unreadable is never sent.
                let plains: HashMap<String, String> = metas
                    .iter()
                    .filter(|meta| docs.iter().any(|doc| doc.id == meta.id))
                    .map(|meta| (meta.id.clone(), meta.plain.clone()))
                    .collect();
                let refusals = self.send(docs).await?;
                self.note_refusals(&plains, refusals).await?;
            }
            since = last;
            // The target's checkpoint first (the server's), then this side's.
            let checkpoint = checkpoint::advance(previous.as_ref(), &self.session, Value::from(last));
            remote = self.write_remote_checkpoint(Direction::Push, remote.as_ref(), &checkpoint).await?;
            self.remote_push = Some(remote.clone());
            self.write_local_checkpoint(Direction::Push, &checkpoint).await?;
            previous = Some(checkpoint);
            if metas.len() < BATCH as usize {
                break;
            }
        }
        self.remote_push = Some(remote);
        Ok(())
    }

    /// Before a plain push: refuses a database this device has seen
    /// end-to-end encrypted, or whose encryption check is there now; only a
    /// definite "not found" for the check lets plain text go (a failed or
    /// odd answer is tried again later, never taken as "not encrypted").
    async fn refuse_if_encrypted(&self) -> Result<(), SyncError> {
        if !matches!(self.ids, Ids::Plain) {
            return Ok(());
        }
        let url = self.server.db_url();
        let seen = self.db.replica_state::<Vec<String>>(E2E_SEEN_KEY).await?.unwrap_or_default();
        if seen.contains(&url) {
            return Err(SyncError::Refused(tr(ENCRYPTED).to_owned()));
        }
        let path = format!("/{}", percent(super::e2e::KEY_CHECK_ID));
        let answer = self.request("GET", &path, None).await?;
        match answer.status {
            404 => Ok(()),
            200..=299 => {
                let mut seen = seen;
                seen.push(url);
                self.db
                    .apply_replica(&crate::io::db::ReplicaWrite {
                        state: vec![(E2E_SEEN_KEY.to_owned(), Value::from(seen))],
                        ..Default::default()
                    })
                    .await?;
                Err(SyncError::Refused(tr(ENCRYPTED).to_owned()))
            }
            _ => Err(refused(tr("checking whether the database is end-to-end encrypted"), &answer)),
        }
    }

    /// Sends `docs` with `_bulk_docs`; returns the documents the server
    /// refused one by one (id, error, reason): too large (a 413 for the
    /// whole request is narrowed down by halves to the documents it is
    /// for), forbidden by a validation function, or any other error for
    /// one document. The rest are stored; a refusal of the request itself
    /// (access, the network) stops or retries as always.
    async fn send(&self, docs: Vec<OutgoingDoc>) -> Result<Vec<(String, String, String)>, SyncError> {
        let mut refusals = Vec::new();
        let mut batches = vec![docs];
        while let Some(batch) = batches.pop() {
            let answer = self.request("POST", "/_bulk_docs", Some(protocol::bulk_docs_body(&batch))).await?;
            if answer.status == 413 {
                if batch.len() == 1 {
                    let reason = protocol::error_reason(answer.body.as_bytes());
                    refusals.extend(batch.into_iter().map(|doc| (doc.id, "too_large".to_owned(), reason.clone())));
                } else {
                    let mut first = batch;
                    let second = first.split_off(first.len() / 2);
                    batches.push(second);
                    batches.push(first);
                }
                continue;
            }
            if !answer.ok() {
                return Err(refused(tr("sending changes"), &answer));
            }
            let results =
                protocol::parse_bulk_docs(answer.body.as_bytes()).map_err(|e| unreadable(Unreadable::Answer, e))?;
            for result in results {
                if let Some(error) = result.error {
                    refusals.push((result.id, error, result.reason.unwrap_or_default()));
                }
            }
        }
        Ok(refusals)
    }

    /// Lists the documents the server refused (`refusals`, by server id;
    /// `plains`: the plain ids of those sent) as not synced, and forgets
    /// that of the others, which went.
    async fn note_refusals(
        &self,
        plains: &HashMap<String, String>,
        refusals: Vec<(String, String, String)>,
    ) -> Result<(), SyncError> {
        let refused: HashMap<&String, (&String, &String)> =
            refusals.iter().map(|(id, error, reason)| (id, (error, reason))).collect();
        let mut write = crate::io::db::ReplicaWrite::default();
        let mut went = Vec::new();
        for (id, plain) in plains {
            match refused.get(id) {
                Some((error, reason)) => {
                    let held = Held::refused(plain, error, reason);
                    write.state.push((Held::key_of(plain), serde_json::to_value(&held).unwrap_or(Value::Null)));
                }
                None => went.push(Held::key_of(plain)),
            }
        }
        self.db.replica_forget(&went).await?;
        if !write.state.is_empty() {
            self.db.apply_replica(&write).await?;
        }
        if !refusals.is_empty() || self.sync.held.with_untracked(|held| held.iter().any(|h| !h.unreadable)) {
            self.load_conflicts().await;
        }
        Ok(())
    }

    /// Every change on the server after the pull checkpoint, to here; with
    /// `live`, waits (a long poll) for the next changes first.
    async fn pull(&mut self, live: Option<&AbortController>) -> Result<(), SyncError> {
        let local = self.local_checkpoint(Direction::Pull).await;
        let mut remote = match self.remote_pull.clone() {
            Some(remote) => remote,
            None => self.remote_checkpoint(Direction::Pull).await?,
        };
        // The source of a pull is the server.
        let mut since = match &self.pulled_since {
            Some(since) => Some(since.clone()),
            None => checkpoint::start_seq(remote.as_ref(), local.as_ref()),
        };
        let mut previous = local;
        let mut first = true;
        loop {
            let wait = (first && live.is_some()).then_some(Live { timeout_ms: LONGPOLL_MS, heartbeat_ms: 0 });
            first = false;
            let path = format!("/_changes?{}", protocol::changes_query(since.as_ref(), BATCH, wait));
            self.check_running()?;
            let signal = live.map(AbortController::signal);
            let answer = self.server.db_request("GET", &path, None, signal.as_ref()).await.map_err(failure)?;
            if !answer.ok() {
                return Err(refused(tr("reading changes"), &answer));
            }
            let page =
                protocol::parse_changes(answer.body.as_bytes()).map_err(|e| unreadable(Unreadable::Changes, e))?;
            let more = page.has_more(BATCH);
            let moved = since.as_ref() != Some(&page.last_seq);
            // The target's checkpoint first (this side's, with the batch, in
            // one transaction), then the server's.
            let checkpoint = checkpoint::advance(previous.as_ref(), &self.session, page.last_seq.clone());
            let stored = (
                format!("checkpoint:{}", self.replication_id(Direction::Pull)),
                serde_json::to_value(&checkpoint).map_err(|e| SyncError::Local(e.to_string()))?,
            );
            let fetched = self.apply_page(page.changes, moved.then_some(stored)).await?;
            if moved {
                // The server's copy is written when something came; after
                // only this device's own changes, it may lag (a later start
                // reads those few changes again).
                if fetched {
                    remote = self.write_remote_checkpoint(Direction::Pull, remote.as_ref(), &checkpoint).await?;
                }
                previous = Some(checkpoint);
            }
            self.remote_pull = Some(remote.clone());
            self.pulled_since = Some(page.last_seq.clone());
            since = Some(page.last_seq);
            if !more {
                return Ok(());
            }
        }
    }

    /// Fetches what this device lacks of a page of changes and applies it.
    async fn apply_page(
        &mut self,
        changes: Vec<protocol::Change>,
        checkpoint: Option<(String, Value)>,
    ) -> Result<bool, SyncError> {
        let ids: Vec<String> = changes.iter().map(|change| change.id.clone()).collect();
        let metas: Vec<Option<DocMeta>> = self.db.replica_get(&ids).await?;
        let mut wanted: Vec<(String, Rev)> = Vec::new();
        let mut known: HashMap<String, DocMeta> = HashMap::new();
        for (change, meta) in changes.iter().zip(metas) {
            let missing = match &meta {
                Some(meta) => meta.tree.missing(&change.revs),
                None => change.revs.clone(),
            };
            wanted.extend(missing.into_iter().map(|rev| (change.id.clone(), rev)));
            if let Some(meta) = meta {
                known.insert(change.id.clone(), meta);
            }
        }
        if wanted.is_empty() {
            if let Some(checkpoint) = checkpoint {
                self.db
                    .apply_replica(&crate::io::db::ReplicaWrite { state: vec![checkpoint], ..Default::default() })
                    .await?;
            }
            return Ok(false);
        }
        let answer =
            self.request("POST", "/_bulk_get?revs=true&latest=true", Some(protocol::bulk_get_body(&wanted))).await?;
        if !answer.ok() {
            return Err(refused(tr("fetching changes"), &answer));
        }
        let fetched =
            protocol::parse_bulk_get(answer.body.as_bytes()).map_err(|e| unreadable(Unreadable::Documents, e))?;
        let (grouped, dropped) = self.group_fetched(fetched, &known).await;
        if !dropped.is_empty() {
            let state = dropped
                .iter()
                .map(|held| (Held::key_of(&held.doc), serde_json::to_value(held).unwrap_or(Value::Null)))
                .collect();
            self.db.apply_replica(&crate::io::db::ReplicaWrite { state, ..Default::default() }).await?;
            self.load_conflicts().await;
        }
        // A record written here while the page was being applied makes the
        // write refuse (nothing written): the page is applied again, merging
        // with that write. A few tries; a storm of writes waits a round.
        let mut tries = 0;
        loop {
            tries += 1;
            match self.apply_fetched(grouped.clone(), checkpoint.clone()).await {
                Err(SyncError::Changed) if tries < 4 => continue,
                Err(SyncError::Changed) => {
                    return Err(SyncError::Retry(tr("Records kept changing while sync wrote them").to_owned(), None));
                }
                other => return other,
            }
        }
    }

    /// Opens fetched revisions and groups them by document with the
    /// bookkeeping known here (`known`, by server id); returns them with the
    /// revisions dropped as made up by the server.
    async fn group_fetched(
        &self,
        fetched: Vec<Fetched>,
        known: &HashMap<String, DocMeta>,
    ) -> (BTreeMap<String, (DocMeta, Vec<FetchedRev>)>, Vec<Held>) {
        let mut grouped: BTreeMap<String, (DocMeta, Vec<FetchedRev>)> = BTreeMap::new();
        let mut dropped = Vec::new();
        for item in fetched {
            let Fetched::Doc(fetched) = item else { continue };
            let (plain, body) = if fetched.deleted {
                let plain = known.get(&fetched.id).map(|meta| meta.plain.clone());
                let plain = match plain {
                    Some(plain) => plain,
                    None => match &self.ids {
                        Ids::Plain if doc::parse_doc_id(&fetched.id).is_some() => fetched.id.clone(),
                        // A deletion of something never seen here: nothing to do.
                        _ => continue,
                    },
                };
                // What a deletion says (a conversation's: the messages it
                // deleted), when it opens as this document's; else nothing.
                let said = match &self.ids {
                    Ids::Plain => fetched.body,
                    Ids::Sealed(_) if fetched.body.is_empty() => Map::new(),
                    Ids::Sealed(_) => match self.ids.open(&fetched.id, fetched.body).await {
                        Ok(Some((opened, body))) if opened == plain => body,
                        _ => Map::new(),
                    },
                };
                (plain, said)
            } else {
                match self.ids.open(&fetched.id, fetched.body).await {
                    Ok(Some(opened)) => opened,
                    Ok(None) => continue,
                    // One document that does not open (sealed with another
                    // key, damaged, changed by the server) is left out, not
                    // the whole sync, and said.
                    Err(_) => {
                        let plain = known.get(&fetched.id).map_or(fetched.id.as_str(), |meta| meta.plain.as_str());
                        dropped.push(Held::forged(plain));
                        continue;
                    }
                }
            };
            let revision =
                FetchedRev { rev: fetched.rev, revisions: fetched.revisions, deleted: fetched.deleted, body };
            // Under end-to-end encryption a revision whose id its body does
            // not make was made up by the server (a replay, an invented
            // deletion): dropped, and said.
            if let Ids::Sealed(_) = &self.ids
                && !hearth_core::replication::local::rev_matches(&revision, self.ids.salt())
            {
                dropped.push(Held::forged(&plain));
                continue;
            }
            let body = &revision.body;
            let entry = grouped.entry(fetched.id.clone()).or_insert_with(|| {
                let meta = known.get(&fetched.id).cloned().unwrap_or_else(|| {
                    let (kind, session) = doc::parse_doc_id(&plain)
                        .map(|(kind, key)| {
                            let session = match kind {
                                DocKind::Session => Some(key.to_owned()),
                                DocKind::Message => body
                                    .get("record")
                                    .and_then(|record| record.get("session_id"))
                                    .and_then(Value::as_str)
                                    .map(str::to_owned),
                                _ => None,
                            };
                            (doc::kind_name(kind), session)
                        })
                        .unwrap_or(("unknown", None));
                    DocMeta::new(&fetched.id, &plain, kind, session.as_deref())
                });
                (meta, Vec::new())
            });
            entry.1.push(revision);
        }
        (grouped, dropped)
    }

    /// Applies fetched revisions (`grouped`) with `checkpoint`, in one
    /// transaction, and tells this tab and the others what changed.
    async fn apply_fetched(
        &mut self,
        grouped: BTreeMap<String, (DocMeta, Vec<FetchedRev>)>,
        checkpoint: Option<(String, Value)>,
    ) -> Result<bool, SyncError> {
        let before = self.db.replica_state::<u64>(SEQ_KEY).await?.unwrap_or(0);
        let mut seq = before;
        self.check_running()?;
        let mut pulled = local::apply(&self.db, &self.ids, self.policy, grouped, &mut seq, now()).await?;
        self.attach_blobs(&mut pulled).await?;
        pulled.write.state.push((SEQ_KEY.to_owned(), Value::from(seq)));
        // What came from this server need not go back to it: when nothing
        // else was waiting, the push checkpoint moves past it (a push to
        // another server, which has no checkpoint, still sends it all).
        let pushed = self.local_checkpoint(Direction::Push).await;
        if !pulled.revised && pushed.as_ref().and_then(|cp| cp.last_seq.as_u64()) == Some(before) {
            let checkpoint = checkpoint::advance(pushed.as_ref(), &self.session, Value::from(seq));
            pulled.write.state.push((
                format!("checkpoint:{}", self.replication_id(Direction::Push)),
                serde_json::to_value(&checkpoint).map_err(|e| SyncError::Local(e.to_string()))?,
            ));
        }
        pulled.write.state.extend(checkpoint);
        for conflict in &pulled.conflicts {
            pulled.write.state.push((conflict.key(), serde_json::to_value(conflict).unwrap_or(Value::Null)));
        }
        for held in &pulled.unreadable {
            let value = serde_json::to_value(held).unwrap_or(Value::Null);
            pulled.write.state.push((Held::key_of(&held.doc), value));
        }
        let touched_records = !pulled.write.touches_no_record();
        let small = !(pulled.write.records.agents.is_empty()
            && pulled.write.records.providers.is_empty()
            && pulled.write.records.model_configs.is_empty()
            && pulled.write.records.settings.is_empty()
            && pulled.write.records.project_files.is_empty()
            && pulled.write.deleted_other.is_empty());
        self.check_running()?;
        // The knowledge bases first: the bookkeeping written next says they came.
        // A worker that cannot take them leaves them held (read again at the next
        // start), and the rest of the page is written.
        let kept_bases = match knowledge::apply(&pulled.knowledge).await {
            Ok(kept) => kept,
            // A base changed here since this page read it: the caller applies
            // the page again, merging with that change.
            Err(KnowledgeError::ChangedMeanwhile) => return Err(SyncError::Changed),
            Err(error) => {
                hold_knowledge(&mut pulled, &error.to_string());
                Vec::new()
            }
        };
        let sessions = self.db.apply_replica(&pulled.write).await?;
        {
            let mut wake = self.wake.borrow_mut();
            if !pulled.revive.is_empty() || pulled.revised || !kept_bases.is_empty() {
                wake.due = true;
            }
            wake.scope.sessions.extend(pulled.revive.iter().cloned());
        }
        if !pulled.readable_again.is_empty() {
            let keys: Vec<String> = pulled.readable_again.iter().map(|plain| Held::key_of(plain)).collect();
            self.db.replica_forget(&keys).await?;
        }
        if !pulled.conflicts.is_empty() || !pulled.unreadable.is_empty() || !pulled.readable_again.is_empty() {
            self.load_conflicts().await;
        }
        if touched_records {
            self.tell(&sessions, small || !pulled.write.deleted_sessions.is_empty()).await;
        }
        Ok(true)
    }

    /// Puts with the pulled messages the bytes of the attachments they refer
    /// to (fetched now when they did not come in the same page; a large one
    /// put together from its pieces), each checked against its hash; bytes
    /// that came for a message stored earlier are kept too. Others are not
    /// stored: no blob without a message.
    async fn attach_blobs(&self, pulled: &mut local::Pulled) -> Result<(), SyncError> {
        let mut came: HashMap<String, (String, Vec<u8>)> =
            pulled.blobs.drain(..).map(|(hash, media_type, bytes)| (hash, (media_type, bytes))).collect();
        let mut heads: HashMap<String, (String, u64, u64)> =
            pulled.heads.drain(..).map(|(hash, media_type, size, pieces)| (hash, (media_type, size, pieces))).collect();
        let mut pieces = std::mem::take(&mut pulled.pieces);
        let mut wanted: Vec<String> =
            pulled.write.records.messages.iter().flat_map(|message| message.blobs.iter().cloned()).collect();
        wanted.sort();
        wanted.dedup();
        let mut for_messages: HashSet<String> = wanted.iter().cloned().collect();
        // A knowledge file's bytes go to the knowledge worker, not the blob store.
        let mut for_knowledge: HashSet<String> = pulled.knowledge.hashes().cloned().collect();
        let mut keep: Vec<String> = Vec::new();
        let mut fetch: Vec<String> = Vec::new();
        for hash in wanted {
            if came.contains_key(&hash) || heads.contains_key(&hash) {
                keep.push(hash);
            } else if self.db.blob(&hash).await?.is_none() {
                fetch.push(doc::doc_id(DocKind::Blob, &hash));
            }
        }
        let arriving: Vec<String> = for_knowledge.iter().cloned().collect();
        let (held, _) = knowledge::blobs(&arriving).await.unwrap_or_default();
        for hash in arriving.into_iter().filter(|hash| !held.contains(hash)) {
            if !(came.contains_key(&hash) || heads.contains_key(&hash)) {
                fetch.push(doc::doc_id(DocKind::Blob, &hash));
            }
        }
        fetch.sort();
        fetch.dedup();
        let others: Vec<String> =
            came.keys().chain(heads.keys()).filter(|hash| !keep.contains(hash)).cloned().collect();
        let (_, waited) = knowledge::blobs(&others).await.unwrap_or_default();
        for_knowledge.extend(waited);
        for hash in others {
            if self.db.blob_wanted(&hash).await? {
                for_messages.insert(hash.clone());
                keep.push(hash);
            }
        }
        keep.extend(for_knowledge.iter().cloned());
        keep.sort();
        keep.dedup();
        let mut found = self.fetch_blob_docs(&fetch).await?;
        // The pieces of each large one kept that did not come yet.
        loop {
            for incoming in found.drain(..) {
                match incoming {
                    doc::Incoming::Blob { hash, media_type, bytes } => {
                        keep.push(hash.clone());
                        came.insert(hash, (media_type, bytes));
                    }
                    doc::Incoming::BlobHead { hash, media_type, size, pieces } => {
                        keep.push(hash.clone());
                        heads.insert(hash, (media_type, size, pieces));
                    }
                    doc::Incoming::BlobPiece { hash, index, bytes } => {
                        pieces.entry(hash).or_default().insert(index, bytes);
                    }
                    _ => {}
                }
            }
            let missing: Vec<String> = heads
                .iter()
                .filter(|(hash, _)| keep.contains(hash))
                .flat_map(|(hash, (_, _, count))| (1..=*count).map(move |index| (hash, index)))
                .filter(|(hash, index)| !pieces.get(*hash).is_some_and(|got| got.contains_key(index)))
                .map(|(hash, index)| doc::doc_id(DocKind::Blob, &doc::piece_key(hash, index as usize)))
                .collect();
            if missing.is_empty() {
                break;
            }
            // A few pieces a request (each up to half a megabyte); a request
            // that brings none of them ends it (what is missing stays so).
            let asked = &missing[..missing.len().min(8)];
            found = self.fetch_blob_docs(asked).await?;
            let brings = found.iter().any(|incoming| {
                matches!(incoming, doc::Incoming::BlobPiece { hash, index, .. }
                    if asked.contains(&doc::doc_id(DocKind::Blob, &doc::piece_key(hash, *index as usize))))
            });
            if !brings {
                break;
            }
        }
        for hash in keep {
            let (media_type, bytes) = match (came.remove(&hash), heads.remove(&hash)) {
                (Some(whole), _) => whole,
                (None, Some((media_type, size, count))) => {
                    let Some(got) = pieces.get(&hash) else { continue };
                    let Some(bytes) = doc::join_pieces(size, count, got) else { continue };
                    (media_type, bytes)
                }
                (None, None) => continue,
            };
            // Bytes that are not what their name says are not stored.
            if crate::io::media::sha256_hex(&bytes).await.ok().as_deref() != Some(hash.as_str()) {
                continue;
            }
            if for_knowledge.contains(&hash) {
                pulled.knowledge.bytes.push((hash.clone(), bytes.clone()));
            }
            if !for_messages.contains(&hash) {
                continue;
            }
            if let Some(blob) = crate::io::db::NewBlob::of_bytes(hash, media_type, &bytes) {
                pulled.write.blobs.push(blob);
            }
        }
        Ok(())
    }

    /// Fetches the attachments' documents `plains` (their winners), opened
    /// and read; one that is deleted, does not open or does not read is
    /// left out.
    async fn fetch_blob_docs(&self, plains: &[String]) -> Result<Vec<doc::Incoming>, SyncError> {
        if plains.is_empty() {
            return Ok(Vec::new());
        }
        let mut asked = Vec::new();
        for plain in plains {
            asked.push(serde_json::json!({ "id": self.ids.server_id(plain).await? }));
        }
        let body = serde_json::json!({ "docs": asked }).to_string();
        let answer = self.request("POST", "/_bulk_get?revs=true", Some(body)).await?;
        if !answer.ok() {
            return Err(refused(tr("fetching attachments"), &answer));
        }
        let fetched =
            protocol::parse_bulk_get(answer.body.as_bytes()).map_err(|e| unreadable(Unreadable::Documents, e))?;
        let mut out = Vec::new();
        for item in fetched {
            let Fetched::Doc(fetched) = item else { continue };
            if fetched.deleted {
                continue;
            }
            let Ok(Some((plain, body))) = self.ids.open(&fetched.id, fetched.body).await else { continue };
            if let Ok(incoming) = doc::from_doc(&plain, &body) {
                out.push(incoming);
            }
        }
        Ok(out)
    }

    /// Tells this tab and the others what a pull wrote (not a change for
    /// this replicator to push: its listener is muted while they are told).
    async fn tell(&self, sessions: &[String], everything: bool) {
        let store = self.sync.store;
        self.wake.borrow_mut().muted = true;
        let reread: Vec<_> = if everything || sessions.len() > 20 {
            vec![store.heard(Change::All)]
        } else {
            sessions.iter().map(|id| store.heard(Change::Session { id: id.clone() })).collect()
        };
        self.wake.borrow_mut().muted = false;
        futures::future::join_all(reread).await;
    }

    /// What an earlier version listed as a conflict with no field (a
    /// document it could not read, kept with no record, which a sync point
    /// would have deleted) becomes a held document, before any sync point.
    async fn hold_listed_unreadable(&self) {
        let listed: Vec<Conflict> =
            self.sync.conflicts.with_untracked(|all| all.iter().filter(|c| c.field.is_empty()).cloned().collect());
        if listed.is_empty() {
            return;
        }
        let mut write = crate::io::db::ReplicaWrite::default();
        for conflict in &listed {
            let Ok(id) = self.ids.server_id(&conflict.doc).await else { return };
            let Ok(found) = self.db.replica_get::<DocMeta>(std::slice::from_ref(&id)).await else { return };
            if let Some(mut meta) = found.into_iter().flatten().next() {
                meta.unreadable.get_or_insert_with(|| conflict.label.clone());
                let Ok(value) = serde_json::to_value(&meta) else { return };
                write.metas.push(value);
            }
            let held = Held {
                doc: conflict.doc.clone(),
                label: Held::label_of(&conflict.doc),
                why: "an earlier version of Hearth could not read it".to_owned(),
                hint: hearth_core::replication::pull::unreadable_hint(&doc::MapError::NewerSchema(0)).to_owned(),
                unreadable: true,
            };
            write.state.push((Held::key_of(&conflict.doc), serde_json::to_value(&held).unwrap_or(Value::Null)));
        }
        if self.db.apply_replica(&write).await.is_err() {
            return;
        }
        let keys: Vec<String> = listed.iter().map(Conflict::key).collect();
        let _ = self.db.replica_forget(&keys).await;
        self.load_conflicts().await;
    }

    /// Reads again what was held as unreadable (this version may read it
    /// now); a failure here leaves it held, for the next start.
    async fn reread_held(&self) {
        let plains: Vec<String> = self
            .sync
            .held
            .with_untracked(|held| held.iter().filter(|held| held.unreadable).map(|held| held.doc.clone()).collect());
        if plains.is_empty() {
            return;
        }
        let Ok(mut pulled) = local::reread(&self.db, &self.ids, self.policy, &plains).await else { return };
        if pulled.readable_again.is_empty() {
            return;
        }
        // A knowledge file read now gets its bytes (they came before it could be read).
        if self.attach_blobs(&mut pulled).await.is_err() || knowledge::apply(&pulled.knowledge).await.is_err() {
            return;
        }
        let touched = !pulled.write.touches_no_record();
        let Ok(sessions) = self.db.apply_replica(&pulled.write).await else { return };
        let keys: Vec<String> = pulled.readable_again.iter().map(|plain| Held::key_of(plain)).collect();
        let _ = self.db.replica_forget(&keys).await;
        self.load_conflicts().await;
        if touched {
            self.tell(&sessions, true).await;
        }
    }

    async fn load_conflicts(&self) {
        if let Ok(conflicts) = self.db.replica_states::<Conflict>(CONFLICT_PREFIX).await {
            self.sync.conflicts.set(conflicts.into_iter().map(|(_, conflict)| conflict).collect());
        }
        if let Ok(held) = self.db.replica_states::<Held>(HELD_PREFIX).await {
            self.sync.held.set(held.into_iter().map(|(_, held)| held).collect());
        }
    }
}

/// Marks the knowledge bases' and files' documents of `pulled` held, as a
/// worker that could not take them (`error`) leaves them: their records are
/// not here, their bookkeeping says so, and each start reads them again.
fn hold_knowledge(pulled: &mut local::Pulled, error: &str) {
    let kinds = [doc::kind_name(DocKind::KnowledgeBase), doc::kind_name(DocKind::KnowledgeFile)];
    for meta in &mut pulled.write.metas {
        let Some(kind) = meta.get("kind").and_then(Value::as_str) else { continue };
        let Some(plain) = meta.get("plain").and_then(Value::as_str).map(str::to_owned) else { continue };
        if !kinds.contains(&kind) || meta.get("unreadable").is_some_and(|why| !why.is_null()) {
            continue;
        }
        let why = format!("the knowledge bases could not take it: {error}");
        meta["unreadable"] = Value::from(why.clone());
        let held = Held {
            label: Held::label_of(&plain),
            why,
            hint: tr("It is taken again when Hearth next starts.").to_owned(),
            unreadable: true,
            doc: plain,
        };
        pulled.write.state.push((Held::key_of(&held.doc), serde_json::to_value(&held).unwrap_or(Value::Null)));
    }
}

/// Checks the server of `config` from this page, step by step, and says in
/// words what works and what to change.
pub(super) async fn check(config: SyncConfig) -> Vec<Finding> {
    let server = config.server();
    let mut observed = Observed {
        page_origin: crate::io::address::origin(),
        url: server.db_url(),
        user: server.user.clone(),
        reached: Reach::Unreachable,
        server: None,
        session: None,
        db: DbObservation::Unknown,
        security: None,
        encrypted: None,
        max_document_size: None,
    };
    match server.request("GET", "/", None, None).await {
        Ok(answer) => {
            observed.reached = Reach::Status(answer.status);
            observed.server = protocol::parse_server_info(answer.body.as_bytes()).ok();
        }
        Err(_) => {
            if crate::io::fetch_stream::answers_at_all(&server.url).await {
                observed.reached = Reach::OriginRefused;
            }
            return check::check(&observed);
        }
    }
    if let Ok(answer) = server.request("GET", "/_session", None, None).await
        && answer.ok()
    {
        observed.session = protocol::parse_session(answer.body.as_bytes()).ok();
    }
    if let Ok(answer) = server.db_request("GET", "", None, None).await {
        observed.db = match answer.status {
            404 => DbObservation::Missing,
            401 | 403 => DbObservation::Forbidden,
            200 => protocol::parse_db_info(answer.body.as_bytes()).map_or(DbObservation::Unknown, DbObservation::Found),
            _ => DbObservation::Unknown,
        };
    }
    if let Ok(answer) = server.db_request("GET", "/_security", None, None).await
        && answer.ok()
    {
        observed.security = protocol::parse_security(answer.body.as_bytes()).ok();
    }
    let key_check = format!("/{}", percent(super::e2e::KEY_CHECK_ID));
    if let Ok(answer) = server.db_request("GET", &key_check, None, None).await {
        observed.encrypted = match answer.status {
            404 => Some(false),
            200 => Some(true),
            _ => None,
        };
    }
    // CouchDB 2+ names its node; 1.x and pouchdb-server do not. Only an
    // admin may read either.
    for path in ["/_node/_local/_config/couchdb/max_document_size", "/_config/couchdb/max_document_size"] {
        if let Ok(answer) = server.request("GET", path, None, None).await
            && answer.ok()
        {
            observed.max_document_size = protocol::parse_config_number(answer.body.as_bytes());
            break;
        }
    }
    check::check(&observed)
}

/// Takes the user's pick for a contested field: keeping what is shown
/// writes nothing; taking the other device's value writes it, unless the
/// field changed here since it was listed (that newer edit stays). The
/// conflict is forgotten either way; a write is pushed at the next sync point.
pub(super) async fn resolve(sync: SyncContext, conflict: Conflict, take_other: bool) {
    let Some(db) = sync.store.db() else { return };
    if take_other && !conflict.field.is_empty() {
        match local::set_field(&db, &conflict.doc, &conflict.field, &conflict.shown, conflict.other.clone()).await {
            Ok(true) => sync.store.heard(Change::All).await,
            Ok(false) => {}
            Err(error) => {
                sync.store.report(format!("{error:?}"));
                return;
            }
        }
    }
    let _ = db.replica_forget(&[conflict.key()]).await;
    sync.conflicts.update(|conflicts| conflicts.retain(|c| !(c.doc == conflict.doc && c.field == conflict.field)));
}
