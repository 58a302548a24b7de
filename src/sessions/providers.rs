//! Storing the provider accounts, the choice of the one that answers, and the
//! stall timeout. Each account is a provider record plus a model-config record
//! with the same id; they are written together whenever the form commits a field.

use hearth_core::storage::{ModelConfigRecord, ProviderRecord, SettingRecord, stores};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::SessionsContext;
use crate::io::db::{Db, StorageError};
use crate::providers::{DEFAULT_STALL_SECS, ProviderEntry};

/// Setting key: the id of the account that answers.
const ACTIVE_PROVIDER: &str = "active_provider";
/// Setting key: seconds without data before a stream is given up.
const STALL_SECS: &str = "stall_timeout_secs";

impl SessionsContext {
    /// Loads every account and the provider settings into the providers context.
    pub(super) async fn load_providers(self, db: &Db) -> Result<(), StorageError> {
        let providers = self.chat.providers;
        let mut records: Vec<ProviderRecord> = db.all(stores::PROVIDERS).await?;
        for record in &mut records {
            // A key stored before keys were bound belongs to its base URL's origin.
            // Bound in memory either way; a failed write (a full disk) is
            // reported and loading goes on.
            if record.bind_key_origin()
                && let Err(error) = db.put(stores::PROVIDERS, record).await
            {
                self.report(error);
            }
        }
        let mut models: Vec<ModelConfigRecord> = db.all(stores::MODEL_CONFIGS).await?;
        let entries = records
            .into_iter()
            .map(|provider| {
                let model = match models.iter().position(|m| m.provider_id == provider.id) {
                    Some(at) => models.swap_remove(at),
                    None => ProviderEntry::new(provider.id.clone(), hearth_core::provider::Preset::Custom).model,
                };
                ProviderEntry { provider, model }
            })
            .collect();
        providers.list.set(entries);
        if let Some(setting) = db.get::<SettingRecord>(stores::SETTINGS, ACTIVE_PROVIDER).await? {
            providers.active.set(setting.value.as_str().map(str::to_owned));
        }
        if let Some(setting) = db.get::<SettingRecord>(stores::SETTINGS, STALL_SECS).await? {
            let secs = setting.value.as_u64().and_then(|secs| u32::try_from(secs).ok());
            providers.stall_secs.set(secs.filter(|secs| *secs > 0).unwrap_or(DEFAULT_STALL_SECS));
        }
        Ok(())
    }

    /// Stores one account (both of its records).
    pub(crate) fn save_provider(self, entry: ProviderEntry) {
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            let saved = match db.put(stores::PROVIDERS, &entry.provider).await {
                Ok(()) => db.put(stores::MODEL_CONFIGS, &entry.model).await,
                Err(error) => Err(error),
            };
            if let Err(error) = saved {
                self.report(error);
            }
        });
    }

    /// Adds an account, makes it the one that answers, and stores both.
    pub(crate) fn add_provider(self, entry: ProviderEntry) {
        let providers = self.chat.providers;
        let id = entry.id().to_owned();
        providers.list.update(|list| list.push(entry.clone()));
        self.save_provider(entry);
        self.set_active_provider(id);
    }

    /// Removes an account and its model settings. When it was the one that
    /// answered, the first remaining account takes over.
    pub(crate) fn remove_provider(self, id: String) {
        let providers = self.chat.providers;
        providers.list.update(|list| list.retain(|entry| entry.id() != id));
        if providers.active.get_untracked().as_deref() == Some(id.as_str()) {
            match providers.list.with_untracked(|list| list.first().map(|entry| entry.id().to_owned())) {
                Some(next) => self.set_active_provider(next),
                None => providers.active.set(None),
            }
        }
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            let removed = match db.delete(stores::PROVIDERS, &id).await {
                Ok(()) => db.delete(stores::MODEL_CONFIGS, &id).await,
                Err(error) => Err(error),
            };
            if let Err(error) = removed {
                self.report(error);
            }
        });
    }

    /// Makes `id` the account that answers, and remembers it.
    pub(crate) fn set_active_provider(self, id: String) {
        self.chat.providers.active.set(Some(id.clone()));
        self.put_setting(ACTIVE_PROVIDER, serde_json::Value::String(id));
    }

    /// Sets and remembers the stall timeout.
    pub(crate) fn set_stall_secs(self, secs: u32) {
        self.chat.providers.stall_secs.set(secs);
        self.put_setting(STALL_SECS, serde_json::Value::from(secs));
    }

    fn put_setting(self, key: &'static str, value: serde_json::Value) {
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            if let Err(error) = db.put_setting(key, value).await {
                self.report(error);
            }
        });
    }
}
