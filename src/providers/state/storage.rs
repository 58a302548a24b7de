//! Storing the provider accounts, the choice of the one that answers, and the
//! stall timeout. Each account is a provider record plus a model-config record
//! with the same id; they are written together whenever the form commits a field.

use std::rc::Rc;

use hearth_core::message::attachment::Accepts;
use hearth_core::provider::InputsFrom;
use hearth_core::storage::loaded::with_added_meanwhile;
use hearth_core::storage::{ModelConfigRecord, ProviderRecord};
use leptos::prelude::*;

use super::save_state::NotStored;
use super::{DEFAULT_STALL_SECS, ProviderEntry, ProvidersContext};
use crate::io::db::{Db, StorageError};

/// Setting key: the id of the account that answers.
const ACTIVE_PROVIDER: &str = "active_provider";
/// Setting key: seconds without data before a stream is given up.
const STALL_SECS: &str = "stall_timeout_secs";

impl ProvidersContext {
    /// Loads every account and the provider settings; a failure is shown.
    /// `again`: whether the accounts shown were read before (a re-read after
    /// a bulk change, or a lock changed elsewhere), so that one of them now
    /// gone from storage was removed by another tab; at start-up every
    /// account shown was added here, even before the database was open, is
    /// being stored, and is kept.
    pub(crate) async fn load(self, again: bool) {
        if let Err(error) = self.try_load(again).await {
            self.store.report(error);
        }
    }

    async fn try_load(self, again: bool) -> Result<(), StorageError> {
        let store = self.store;
        // Accounts added while this reads (the dialog opens before start-up has
        // read them) are newer than what is read, and are kept.
        let known: Vec<String> = if again {
            self.list.with_untracked(|list| list.iter().map(|e| e.id().to_owned()).collect())
        } else {
            Vec::new()
        };
        let mut records: Vec<ProviderRecord> = store.all().await?;
        for record in &mut records {
            // A key stored before keys were bound belongs to its base URL's origin.
            // Bound in memory either way; a failed write (a full disk) is
            // reported and loading goes on.
            if record.bind_key_origin() {
                store.put(record.clone());
            }
        }
        self.load_lock(&mut records).await?;
        let mut models: Vec<ModelConfigRecord> = store.all().await?;
        let entries: Vec<ProviderEntry> = records
            .into_iter()
            .map(|provider| {
                let model = match models.iter().position(|m| m.provider_id == provider.id) {
                    Some(at) => models.swap_remove(at),
                    None => ProviderEntry::new(provider.id.clone(), hearth_core::provider::Preset::Custom).model,
                };
                ProviderEntry { provider, model }
            })
            .collect();
        let mut added_meanwhile = false;
        self.list.update(|list| {
            added_meanwhile = list.iter().any(|entry| !known.iter().any(|id| id == entry.id()));
            *list = with_added_meanwhile(entries, std::mem::take(list), &known, ProviderEntry::id);
        });
        // An account added meanwhile was made the one that answers.
        if !added_meanwhile && let Some(value) = store.setting(ACTIVE_PROVIDER).await? {
            self.active.set(value.as_str().map(str::to_owned));
        }
        if let Some(value) = store.setting(STALL_SECS).await? {
            let secs = value.as_u64().and_then(|secs| u32::try_from(secs).ok());
            self.stall_secs.set(secs.filter(|secs| *secs > 0).unwrap_or(DEFAULT_STALL_SECS));
        }
        Ok(())
    }

    /// Stores one account (both of its records). While the keys are locked
    /// its key is stored only sealed (sealed first when it was just typed).
    /// The write checks that the lock at rest is still the one this tab saw;
    /// when another tab changed it, nothing is written and the tab re-reads.
    pub(crate) fn save(self, entry: ProviderEntry) {
        let seen = self.lock.get_untracked().view();
        self.saving.started();
        leptos::task::spawn_local(async move {
            // An account changed before the database was open is stored once
            // it is, as it is by then: the writes that waited end in any order.
            let waited = self.store.opening();
            let Some(db) = self.store.db_once_open().await else {
                self.saving.ended(Err(NotStored::NoStorage));
                return;
            };
            let latest =
                waited.then(|| self.list.with_untracked(|list| list.iter().find(|e| e.id() == entry.id()).cloned()));
            let entry = match latest {
                None => entry,
                Some(Some(latest)) => latest,
                // Removed meanwhile: nothing to store.
                Some(None) => return self.saving.ended(Ok(())),
            };
            let provider = if seen.is_some() { self.sealed_for_storage(entry.provider).await } else { entry.provider };
            let result = db.save_provider(&provider, &entry.model, &seen).await;
            self.saving.ended(result.clone().map_err(NotStored::Write));
            match result {
                Ok(()) => {}
                Err(StorageError::KeyLockChanged) => {
                    self.store.report(StorageError::KeyLockChanged);
                    self.load(true).await;
                }
                Err(error) => self.store.report(error),
            }
        });
    }

    /// Learns what the model of the account `id` reads (`from` a refusal or
    /// the model list) and stores it when that changed anything (see
    /// `ModelConfigRecord::learn_inputs`).
    pub(crate) fn learn_inputs(self, id: &str, accepts: Accepts, from: InputsFrom) {
        let mut learned = None;
        self.list.update(|list| {
            if let Some(entry) = list.iter_mut().find(|entry| entry.id() == id) {
                let preset = entry.preset();
                if entry.model.learn_inputs(accepts, from, preset) {
                    learned = Some(entry.clone());
                }
            }
        });
        if let Some(entry) = learned {
            self.save(entry);
        }
    }

    /// Adds an account, makes it the one that answers, and stores both.
    pub(crate) fn add(self, entry: ProviderEntry) {
        let id = entry.id().to_owned();
        self.list.update(|list| list.push(entry.clone()));
        self.save(entry);
        self.set_active(id);
    }

    /// Removes an account and its model settings. When it was the one that
    /// answered, the first remaining account takes over. Refusals kept by the
    /// save state are forgotten (the form they were about is gone).
    pub(crate) fn remove(self, id: String) {
        self.saving.reset();
        self.list.update(|list| list.retain(|entry| entry.id() != id));
        if self.active.get_untracked().as_deref() == Some(id.as_str()) {
            match self.list.with_untracked(|list| list.first().map(|entry| entry.id().to_owned())) {
                Some(next) => self.set_active(next),
                None => self.active.set(None),
            }
        }
        self.tracked(move |db| async move {
            db.delete::<ProviderRecord>(&id).await?;
            db.delete::<ModelConfigRecord>(&id).await
        });
    }

    /// Makes `id` the account that answers, and remembers it.
    pub(crate) fn set_active(self, id: String) {
        self.active.set(Some(id));
        // The one that answers by the time it is written: writes that waited
        // for the database end in any order.
        self.tracked(move |db| async move {
            let Some(id) = self.active.get_untracked() else { return Ok(()) };
            db.put_setting(ACTIVE_PROVIDER, serde_json::Value::String(id)).await
        });
    }

    /// Runs one of the dialog's writes in the background, counted by its save
    /// state (so "Saved" and "Not saved" are true); a failure is also reported.
    fn tracked<F: Future<Output = Result<(), StorageError>> + 'static>(
        self,
        write: impl FnOnce(Rc<Db>) -> F + 'static,
    ) {
        self.saving.started();
        leptos::task::spawn_local(async move {
            let Some(db) = self.store.db_once_open().await else {
                self.saving.ended(Err(NotStored::NoStorage));
                return;
            };
            let result = write(db).await;
            self.saving.ended(result.clone().map_err(NotStored::Write));
            if let Err(error) = result {
                self.store.report(error);
            }
        });
    }

    /// Sets and remembers the stall timeout.
    pub(crate) fn set_stall_secs(self, secs: u32) {
        self.stall_secs.set(secs);
        self.store.put_setting(STALL_SECS, serde_json::Value::from(secs));
    }
}
