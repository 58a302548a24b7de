//! Sync across devices through CouchDB's replication protocol: Settings →
//! Sync (`SyncSettings`, with `SyncCheck`'s findings and `SyncConflicts`),
//! and in `state` the `SyncContext` (the configuration, what is happening)
//! and the replicator itself, the `sync` chunk (`state/code.rs`), loaded
//! only once sync is set up.

pub(crate) mod state;
pub(crate) mod sync_check;
pub(crate) mod sync_conflicts;
pub(crate) mod sync_settings;
pub(crate) mod sync_unreadable;
