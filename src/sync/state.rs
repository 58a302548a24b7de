//! Sync's state: the configuration (the `sync` setting, which never leaves
//! this device), what the replicator is doing, when it last finished, what
//! is waiting to be pushed, and the conflicts the user is asked about.
//!
//! The replicator is the `sync` chunk ([`code`]): nothing of it is in the
//! first load; it loads when sync is started here or found on at start-up.
//! One tab replicates at a time (a Web Lock); the others wait for the lock,
//! and follow what it writes through the tab channel, as for any write.

pub(crate) mod code;
mod e2e;
mod engine;
mod knowledge;
mod local;
mod shared;

use hearth_core::Millis;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::i18n::tr;
use crate::io::couch::CouchServer;
use crate::providers::state::ProvidersContext;
use crate::store::StoreContext;

pub(crate) use shared::{Conflict, Held};

/// Setting key: the sync configuration (device-only: never synced).
pub(crate) const SYNC_SETTING: &str = "sync_config";

/// What the user set up in Settings → Sync.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SyncConfig {
    /// The server's URL (`https://couch.example.org`).
    pub(crate) url: String,
    /// The database.
    pub(crate) db: String,
    /// The user's name on the server.
    pub(crate) user: String,
    /// Their password: empty while the key lock is on, which holds it
    /// sealed instead (`password_sealed`).
    #[serde(default)]
    pub(crate) password: String,
    /// The password sealed with the API key lock, while it is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) password_sealed: Option<hearth_core::storage::key_lock::Sealed>,
    /// Whether documents are end-to-end encrypted with a sync passphrase.
    #[serde(default)]
    pub(crate) e2e: bool,
    /// Whether sync runs (Start sets it, Stop clears it).
    #[serde(default)]
    pub(crate) on: bool,
}

impl std::fmt::Debug for SyncConfig {
    /// Never shows the password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SyncConfig").field("url", &self.url).field("db", &self.db).field("user", &self.user).finish()
    }
}

impl SyncConfig {
    /// The configuration stored as `value` (`None`: none, or unreadable).
    pub(crate) fn from_value(value: Option<&serde_json::Value>) -> Option<Self> {
        value.and_then(|value| serde_json::from_value(value.clone()).ok())
    }

    /// As stored.
    pub(crate) fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The server as requests reach it (the URL without a trailing slash).
    pub(crate) fn server(&self) -> CouchServer {
        CouchServer {
            url: self.url.trim().trim_end_matches('/').to_owned(),
            db: self.db.trim().to_owned(),
            user: self.user.trim().to_owned(),
            password: self.password.clone(),
        }
    }
}

/// What sync is doing.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    /// Not set up, or stopped.
    Off,
    /// Loading its code, or waiting for the sync passphrase.
    Starting,
    /// Another tab of Hearth is syncing; this one follows it.
    OtherTab,
    /// Sending and fetching changes.
    Syncing,
    /// Up to date, and waiting for changes on either side.
    Live,
    /// Offline or the server failing: tries again by itself at `retry_at`.
    Retrying {
        /// What went wrong, in words.
        why: String,
        /// When it tries again.
        retry_at: Millis,
    },
    /// Stopped by something only the user can fix (a refused password, no
    /// access, a wrong passphrase): what it was, in words.
    Refused(String),
}

/// The sync context; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct SyncContext {
    pub(crate) store: StoreContext,
    /// The API key lock, which seals the sync password while it is on.
    pub(crate) providers: ProvidersContext,
    /// What sync is doing.
    pub(crate) phase: RwSignal<Phase>,
    /// When the last sync round finished (both directions).
    pub(crate) last_synced: RwSignal<Option<Millis>>,
    /// Changes of this device not on the server yet.
    pub(crate) pending: RwSignal<u32>,
    /// Fields both devices changed, waiting for the user's pick.
    pub(crate) conflicts: RwSignal<Vec<Conflict>>,
    /// Documents held instead of synced: unreadable here, or refused by
    /// the server.
    pub(crate) held: RwSignal<Vec<Held>>,
    /// Bumped to stop the running replicator.
    pub(crate) generation: RwSignal<u32>,
}

impl SyncContext {
    /// Off until [`SyncContext::load`].
    pub(crate) fn new(store: StoreContext, providers: ProvidersContext) -> Self {
        Self {
            store,
            providers,
            phase: RwSignal::new(Phase::Off),
            last_synced: RwSignal::new(None),
            pending: RwSignal::new(0),
            conflicts: RwSignal::new(Vec::new()),
            held: RwSignal::new(Vec::new()),
            generation: RwSignal::new(0),
        }
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Reads the configuration (as a JSON value: only sync's code and its
    /// settings read it as a [`SyncConfig`], so its reader is not in the
    /// first load); when sync is on, starts it, or, end-to-end encrypted,
    /// says the passphrase is wanted (it is never stored).
    pub(crate) async fn load(self) {
        let Ok(Some(config)) = self.store.setting(SYNC_SETTING).await else { return };
        let flag = |name: &str| config.get(name).and_then(serde_json::Value::as_bool) == Some(true);
        if !flag("on") {
            return;
        }
        if flag("e2e") {
            self.phase.set(Phase::Refused(
                tr("Sync is on, end-to-end encrypted: type the sync passphrase and press Start sync.").to_owned(),
            ));
        } else {
            self.start(config, None);
        }
    }

    /// Stops the replicator (what it wrote stays; it goes on from there
    /// next time).
    pub(crate) fn stop(self) {
        self.generation.update(|generation| *generation += 1);
        self.phase.set(Phase::Off);
    }

    /// Whether the replicator started as `generation` should go on.
    pub(crate) fn current(self, generation: u32) -> bool {
        self.generation.get_untracked() == generation
    }
}
