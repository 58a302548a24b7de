//! The `sync` chunk of the wasm: the replicator and Check server. Nothing
//! of it is in the first load: it is fetched when sync starts (Settings →
//! Sync, or at start-up when sync is on) or a server is checked. Only
//! [`SyncCode`]'s functions lead there, through [`load`] (as
//! [`SyncContext::start`] does).

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::engine::Finding;
use super::shared::Conflict;
use super::{Phase, SyncConfig, SyncContext};
use crate::i18n::{Arg, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};

/// A task of sync, boxed (its future is the chunk's code).
pub(crate) type Task<T> = Pin<Box<dyn Future<Output = T>>>;

/// What the `sync` chunk offers; one `static`, reached through [`load`].
pub(crate) struct SyncCode {
    /// Runs the replicator with the stored configuration until the
    /// context's generation moves on.
    pub(crate) run: fn(SyncContext, serde_json::Value, Option<String>, u32) -> Task<()>,
    /// Checks the server of `config` from this page: what works and what to change.
    pub(crate) check: fn(SyncConfig) -> Task<Vec<Finding>>,
    /// Takes the user's pick for a contested field (`true`: the other
    /// device's value; `false`: the one shown).
    pub(crate) resolve: fn(SyncContext, Conflict, bool) -> Task<()>,
}

#[wasm_split(sync, fallible)]
fn sync_code() -> Result<&'static SyncCode, ChunkError> {
    static CODE: SyncCode = SyncCode {
        run: |sync, config, passphrase, generation| {
            Box::pin(super::engine::run_stored(sync, config, passphrase, generation))
        },
        check: |config| Box::pin(super::engine::check(config)),
        resolve: |sync, conflict, take_other| Box::pin(super::engine::resolve(sync, conflict, take_other)),
    };
    Ok(&CODE)
}

impl SyncContext {
    /// Starts the replicator with the configuration `config` (a stored
    /// [`SyncConfig`](super::SyncConfig)) and, when end-to-end encrypted, the typed
    /// `passphrase`; its code loads first. It runs until [`SyncContext::stop`](super::SyncContext::stop).
    pub(crate) fn start(self, config: serde_json::Value, passphrase: Option<String>) {
        self.generation.update(|generation| *generation += 1);
        let generation = self.generation.get_untracked();
        self.phase.set(Phase::Starting);
        spawn_local(async move {
            match load().await {
                Ok(code) => (code.run)(self, config, passphrase, generation).await,
                Err(error) => self.phase.set(Phase::Refused(tr_with(
                    "sync-code-not-loaded",
                    &[("error", Arg::Text(&error.to_string()))],
                    || format!("Sync's code did not load ({error})."),
                ))),
            }
        });
    }
}

thread_local! {
    static LOADED: Cell<Option<&'static SyncCode>> = const { Cell::new(None) };
}

/// The chunk's code, loaded first if need be.
pub(crate) async fn load() -> Result<&'static SyncCode, ChunkError> {
    if let Some(code) = LOADED.get() {
        return Ok(code);
    }
    let code = sync_code().await?;
    LOADED.set(Some(code));
    Ok(code)
}
