//! The passphrase lock on the stored API keys, the shell's side: the lock's
//! state, unlocking (the keys are opened into memory only), setting, changing
//! and removing the passphrase, and "Forgot passphrase". The rules (what is
//! stored when, what a backup carries) are `hearth_core::storage::key_lock`'s;
//! the cryptography is `io::crypto`'s; sharing the unlocked key with the other
//! open tabs is `io::key_session`'s.
//!
//! Every change of the lock is one IndexedDB transaction with the provider
//! records (`Db::write_keys`), then every tab re-reads the providers
//! (`StoreContext::changed_everything`); a tab that finds the lock it cannot
//! open asks the other tabs for the key before it asks the user.

use std::fmt;

use hearth_core::storage::key_lock::{
    self, CHECK_TEXT, DEFAULT_ITERATIONS, IV_LEN, KEY_LOCK_SETTING, KeyLock, KeyLockError, KeyWrite, SALT_LEN, Sealed,
};
use hearth_core::storage::{ProviderRecord, SettingRecord};
use hearth_core::tools::{MCP_SERVER_KEY_PREFIX, McpSecrets, McpServer};
use leptos::prelude::*;

use super::ProvidersContext;
pub(crate) use super::lock_state::LockState;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::crypto::{AesKey, CryptoError, random_bytes};
use crate::io::db::StorageError;
use crate::io::key_session;

/// Why a lock operation did nothing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum LockError {
    /// The passphrase does not open the lock.
    WrongPassphrase,
    /// The passphrase is empty.
    EmptyPassphrase,
    /// A new passphrase is shorter than [`MIN_PASSPHRASE_CHARS`].
    ShortPassphrase,
    /// The keys must be unlocked first.
    StillLocked,
    /// The lock record cannot be used.
    Damaged(KeyLockError),
    /// An MCP server's sealed secrets do not open with the lock's key.
    ServerUnopened(String),
    /// The browser's cryptography failed.
    Crypto(CryptoError),
    /// Storage failed (or another tab changed the lock); nothing was changed.
    Storage(StorageError),
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            LockError::WrongPassphrase => {
                tr("That passphrase is not right. Nothing was changed; try again.").to_owned()
            }
            LockError::EmptyPassphrase => tr("Enter a passphrase.").to_owned(),
            LockError::ShortPassphrase => {
                let min = Arg::Number(MIN_PASSPHRASE_CHARS as f64);
                tr_with("providers-lock-passphrase-too-short", &[("min", min)], || {
                    format!("Use a passphrase of at least {MIN_PASSPHRASE_CHARS} characters. Nothing was changed.")
                })
            }
            LockError::StillLocked => tr("Unlock your API keys first.").to_owned(),
            LockError::Damaged(error) => {
                let error = error.to_string();
                tr_with("providers-lock-damaged", &[("error", Arg::Text(&error))], || {
                    format!(
                        "The key lock cannot be opened: {error}. Use \u{201c}Forgot passphrase?\u{201d} to remove it."
                    )
                })
            }
            LockError::ServerUnopened(name) => {
                tr_with("providers-lock-server-unopened", &[("name", Arg::Text(name))], || {
                    format!(
                        "The header values and sign-in of the MCP server \u{201c}{name}\u{201d} do not open with this \
                         passphrase. Nothing was changed."
                    )
                })
            }
            LockError::Crypto(error) => {
                let error = error.to_string();
                tr_with("providers-lock-crypto-failed", &[("error", Arg::Text(&error))], || {
                    format!("{error} Nothing was changed.")
                })
            }
            LockError::Storage(error) => {
                let error = error.to_string();
                tr_with("providers-lock-storage-failed", &[("error", Arg::Text(&error))], || {
                    format!("Nothing was changed: {error}")
                })
            }
        };
        f.write_str(&text)
    }
}

impl From<CryptoError> for LockError {
    fn from(error: CryptoError) -> Self {
        match error {
            CryptoError::WrongKey => LockError::WrongPassphrase,
            other => LockError::Crypto(other),
        }
    }
}

impl From<StorageError> for LockError {
    fn from(error: StorageError) -> Self {
        LockError::Storage(error)
    }
}

/// Fewest characters a new passphrase may have.
pub(crate) const MIN_PASSPHRASE_CHARS: usize = 8;

/// Seals `plaintext` with a fresh IV.
async fn seal(aes: &AesKey, plaintext: &[u8]) -> Result<Sealed, CryptoError> {
    let iv: [u8; IV_LEN] = random_bytes()?;
    Ok(Sealed::new(&iv, &aes.seal(&iv, plaintext).await?))
}

/// Opens a sealed value.
async fn open(aes: &AesKey, sealed: &Sealed) -> Result<Vec<u8>, CryptoError> {
    let iv = sealed.iv().map_err(|e| CryptoError::Failed(e.to_string()))?;
    let data = sealed.data().map_err(|e| CryptoError::Failed(e.to_string()))?;
    aes.open(&iv, &data).await
}

/// Whether `aes` opens `lock`'s check.
async fn opens(aes: &AesKey, lock: &KeyLock) -> Result<(), LockError> {
    let opened = open(aes, &lock.check).await?;
    if key_lock::check_matches(&opened) { Ok(()) } else { Err(LockError::WrongPassphrase) }
}

impl ProvidersContext {
    /// Reads the lock while loading `records` (as stored): opens the keys into
    /// memory when this tab or another open tab has the key;
    /// otherwise the keys stay locked and the unlock prompt opens (once per
    /// lock). Plain keys left at rest under the lock are sealed once open.
    pub(super) async fn load_lock(self, records: &mut [ProviderRecord]) -> Result<(), StorageError> {
        key_session::forget_stored_copy();
        let previous = self.lock.get_untracked();
        let value = self.store.setting(KEY_LOCK_SETTING).await?;
        let Some(value) = value else {
            for record in records.iter_mut() {
                // A sealed key without its lock can never be opened.
                record.sealed_key = None;
            }
            self.forget_session();
            self.lock.set(LockState::Off);
            return Ok(());
        };
        let lock = match KeyLock::from_value(&value) {
            Ok(lock) => lock,
            Err(error) => {
                self.forget_session();
                self.lock.set(LockState::Damaged(error));
                return Ok(());
            }
        };
        match self.session_key(&lock).await {
            Some(aes) => {
                let plain_at_rest = key_lock::plain_keys_at_rest(records);
                open_all(&aes, records).await;
                self.aes.set_value(Some((lock.salt.clone(), aes.clone())));
                self.lock.set(LockState::Unlocked(lock.clone()));
                if !plain_at_rest.is_empty() {
                    self.reseal(&aes, records, lock).await;
                }
            }
            None => {
                for record in records.iter_mut() {
                    // Never keep a plain key in memory that the lock says is sealed.
                    record.api_key.clear();
                }
                let same = matches!(&previous, LockState::Locked(old) if *old == lock);
                self.aes.set_value(None);
                self.lock.set(LockState::Locked(lock));
                if !same {
                    self.unlock_open.set(true);
                }
            }
        }
        Ok(())
    }

    /// The key of `lock` from this tab or another open tab,
    /// checked against the lock.
    async fn session_key(self, lock: &KeyLock) -> Option<AesKey> {
        let here =
            self.aes.with_value(|aes| aes.as_ref().filter(|(salt, _)| *salt == lock.salt).map(|(_, k)| k.clone()));
        let candidate = match here {
            Some(aes) => Some(aes),
            None => match key_session::ask_other_tabs(&lock.salt).await {
                Some(raw) => AesKey::from_raw(raw).await.ok(),
                None => None,
            },
        }?;
        opens(&candidate, lock).await.ok()?;
        Some(candidate)
    }

    /// Seals plain keys found at rest under the lock (an interrupted change, an
    /// import into an unlocked store): each record is replaced by its sealed
    /// form in one write.
    async fn reseal(self, aes: &AesKey, records: &[ProviderRecord], lock: KeyLock) {
        let mut sealed = Vec::new();
        for record in records {
            if let Some(value) = &record.sealed_key {
                sealed.push((record.id.clone(), value.clone()));
                continue;
            }
            if record.api_key.is_empty() {
                continue;
            }
            match seal(aes, record.api_key.as_bytes()).await {
                Ok(value) => sealed.push((record.id.clone(), value)),
                Err(error) => return self.store.report(LockError::from(error)),
            }
        }
        let seen = Some(Some(lock.clone()));
        if let Some(write) = key_lock::lock_write(records, &sealed, lock)
            && let Err(error) = self.write(write, Some((&seen, records)), None).await
        {
            self.store.report(error);
        }
    }

    fn forget_session(self) {
        self.aes.set_value(None);
    }

    /// Writes `write`; with `seen` (the lock view and the records it was
    /// prepared from) only when the lock and the keys at rest are still those,
    /// else nothing is written and this tab re-reads them.
    ///
    /// `seen_servers`: the MCP servers' records `write.servers` was prepared
    /// from, checked the same way.
    async fn write(
        self,
        write: KeyWrite,
        seen: Option<(&key_lock::LockView, &[ProviderRecord])>,
        seen_servers: Option<&[SettingRecord]>,
    ) -> Result<(), LockError> {
        let db = self.store.db().ok_or(StorageError::NotOpen)?;
        let setting = write.lock.as_ref().map(KeyLock::to_setting);
        let written = db.write_keys(&write.providers, &write.servers, setting.as_ref(), seen, seen_servers).await;
        if written == Err(StorageError::KeyLockChanged) {
            leptos::task::spawn_local(self.load(true));
        }
        written?;
        Ok(())
    }

    /// The key for this tab's unlocked lock, if open.
    pub(super) fn open_key(self) -> Option<AesKey> {
        self.aes.with_value(|aes| aes.as_ref().map(|(_, key)| key.clone()))
    }

    /// The raw key of the lock with `salt`, when this tab has it open (another
    /// tab asks for it).
    pub(super) fn raw_key_for(self, salt: &str) -> Option<[u8; hearth_core::storage::key_lock::KEY_LEN]> {
        self.aes.with_value(|aes| aes.as_ref().filter(|(s, _)| s == salt).map(|(_, key)| *key.raw()))
    }

    /// Opens the keys with `passphrase`. A wrong passphrase changes nothing.
    pub(crate) async fn unlock(self, passphrase: String) -> Result<(), LockError> {
        let lock = match self.lock.get_untracked() {
            LockState::Locked(lock) | LockState::Unlocked(lock) => lock,
            LockState::Damaged(error) => return Err(LockError::Damaged(error)),
            LockState::Off => return Ok(()),
        };
        if passphrase.is_empty() {
            return Err(LockError::EmptyPassphrase);
        }
        let params = lock.params().map_err(LockError::Damaged)?;
        let aes = AesKey::derive(&passphrase, &params).await?;
        opens(&aes, &lock).await?;
        self.aes.set_value(Some((lock.salt.clone(), aes)));
        self.load(true).await;
        Ok(())
    }

    /// Locks the keys with a new passphrase (turning the lock on, or changing
    /// the passphrase of an unlocked lock): every key is sealed with the new
    /// key, and the records and the lock are written together.
    pub(crate) async fn set_passphrase(self, passphrase: String) -> Result<(), LockError> {
        if passphrase.is_empty() {
            return Err(LockError::EmptyPassphrase);
        }
        if passphrase.chars().count() < MIN_PASSPHRASE_CHARS {
            return Err(LockError::ShortPassphrase);
        }
        let seen = self.lock.get_untracked().view();
        if matches!(self.lock.get_untracked(), LockState::Locked(_) | LockState::Damaged(_)) {
            return Err(LockError::StillLocked);
        }
        let salt: [u8; SALT_LEN] = random_bytes()?;
        let check_iv: [u8; IV_LEN] = random_bytes()?;
        let lock_params =
            hearth_core::storage::key_lock::KdfParams { salt: salt.to_vec(), iterations: DEFAULT_ITERATIONS };
        let aes = AesKey::derive(&passphrase, &lock_params).await?;
        let check = Sealed::new(&check_iv, &aes.seal(&check_iv, CHECK_TEXT.as_bytes()).await?);
        let lock = KeyLock::new(&salt, DEFAULT_ITERATIONS, check);
        let records: Vec<ProviderRecord> =
            self.list.with_untracked(|list| list.iter().map(|e| e.provider.clone()).collect());
        let mut sealed = Vec::new();
        for record in records.iter().filter(|r| !r.api_key.is_empty()) {
            sealed.push((record.id.clone(), seal(&aes, record.api_key.as_bytes()).await?));
        }
        let mut write = key_lock::lock_write(&records, &sealed, lock.clone()).ok_or(LockError::StillLocked)?;
        let (seen_servers, servers) = self.stored_servers(self.open_key().as_ref()).await?;
        let mut server_seals = Vec::new();
        for server in servers.iter().filter(|server| server.has_secrets()) {
            server_seals.push((server.id.clone(), seal(&aes, &server.secrets().to_bytes()).await?));
        }
        write.servers = key_lock::servers_lock_write(&servers, &server_seals).ok_or_else(|| unopened(&servers))?;
        self.write(write, Some((&seen, &records)), Some(&seen_servers)).await?;
        self.aes.set_value(Some((lock.salt.clone(), aes)));
        self.lock.set(LockState::Unlocked(lock));
        self.store.changed_everything().await;
        Ok(())
    }

    /// Changes the passphrase after checking the `current` one: a wrong one
    /// changes nothing.
    pub(crate) async fn change_passphrase(self, current: String, passphrase: String) -> Result<(), LockError> {
        let LockState::Unlocked(lock) = self.lock.get_untracked() else { return Err(LockError::StillLocked) };
        if current.is_empty() {
            return Err(LockError::EmptyPassphrase);
        }
        let aes = AesKey::derive(&current, &lock.params().map_err(LockError::Damaged)?).await?;
        opens(&aes, &lock).await?;
        self.set_passphrase(passphrase).await
    }

    /// Removes the lock after checking `passphrase`: the keys are stored in
    /// plain text again, in the same write that deletes the lock.
    pub(crate) async fn remove_lock(self, passphrase: String) -> Result<(), LockError> {
        let LockState::Unlocked(lock) = self.lock.get_untracked() else { return Err(LockError::StillLocked) };
        let params = lock.params().map_err(LockError::Damaged)?;
        let aes = AesKey::derive(&passphrase, &params).await?;
        opens(&aes, &lock).await?;
        let records: Vec<ProviderRecord> =
            self.list.with_untracked(|list| list.iter().map(|e| e.provider.clone()).collect());
        let mut write = key_lock::unlock_write(&records).ok_or(LockError::StillLocked)?;
        let (seen_servers, servers) = self.stored_servers(Some(&aes)).await?;
        write.servers = key_lock::servers_unlock_write(&servers).ok_or_else(|| unopened(&servers))?;
        self.write(write, Some((&Some(Some(lock)), &records)), Some(&seen_servers)).await?;
        self.forget_session();
        self.lock.set(LockState::Off);
        self.store.changed_everything().await;
        Ok(())
    }

    /// "Forgot passphrase": removes every sealed key and the lock, and nothing
    /// else (conversations, agents and the providers' other settings stay).
    pub(crate) async fn forget_passphrase(self) -> Result<(), LockError> {
        let records: Vec<ProviderRecord> = self.store.all().await?;
        let mut write = key_lock::forget_keys(&records);
        let seen_servers = self.server_records().await?;
        write.servers = key_lock::servers_forget(&seen_servers);
        self.write(write, None, Some(&seen_servers)).await?;
        self.forget_session();
        self.lock.set(LockState::Off);
        self.unlock_open.set(false);
        self.store.changed_everything().await;
        Ok(())
    }

    /// The MCP servers' setting records as stored.
    async fn server_records(self) -> Result<Vec<SettingRecord>, StorageError> {
        let mut records: Vec<SettingRecord> = self.store.all().await?;
        records.retain(|setting| setting.key.starts_with(MCP_SERVER_KEY_PREFIX));
        Ok(records)
    }

    /// The MCP servers' records as stored (for a lock change to check), and
    /// the servers read from them with their sealed secrets opened with `aes`
    /// where it opens them (a server that cannot be read is left as it is).
    async fn stored_servers(self, aes: Option<&AesKey>) -> Result<(Vec<SettingRecord>, Vec<McpServer>), LockError> {
        let records = self.server_records().await?;
        let mut servers = Vec::new();
        for record in &records {
            let Ok(server) = serde_json::from_value::<McpServer>(record.value.clone()) else { continue };
            servers.push(match (aes, server.sealed.clone()) {
                (Some(aes), Some(sealed)) => match open_secrets(aes, &sealed).await {
                    Some(secrets) => server.with_secrets(secrets),
                    None => server,
                },
                // A seal with no lock open here: with the lock off it can
                // never open (left by a forgotten lock), and goes.
                (None, Some(_)) if !self.lock.get_untracked().is_on() => McpServer { sealed: None, ..server },
                _ => server,
            });
        }
        Ok((records, servers))
    }

    /// Seals another secret than a provider's key (an MCP server's) with this
    /// tab's open lock.
    pub(crate) async fn seal_secret(self, plaintext: &[u8]) -> Result<Sealed, LockError> {
        let aes = self.open_key().ok_or(LockError::StillLocked)?;
        Ok(seal(&aes, plaintext).await?)
    }

    /// A secret sealed with [`ProvidersContext::seal_secret`] (sync's
    /// password), opened with this tab's open lock; `None` while it is
    /// locked here or when it does not open.
    pub(crate) async fn open_secret(self, sealed: &Sealed) -> Option<Vec<u8>> {
        open(&self.open_key()?, sealed).await.ok()
    }

    /// An MCP server's secrets, opened with this tab's open lock; `None`
    /// while it is locked here or when they do not open.
    pub(crate) async fn open_server_secrets(self, sealed: &Sealed) -> Option<McpSecrets> {
        open_secrets(&self.open_key()?, sealed).await
    }

    /// Seals the entry's key when it has none sealed yet (a key typed while
    /// the lock is on), keeping the sealed copy in memory too. `None` when it
    /// cannot be sealed: then the record is stored without it.
    pub(super) async fn sealed_for_storage(self, mut record: ProviderRecord) -> ProviderRecord {
        if !record.api_key.is_empty() && record.sealed_key.is_none() {
            match self.open_key() {
                Some(aes) => match seal(&aes, record.api_key.as_bytes()).await {
                    Ok(value) => {
                        record.sealed_key = Some(value.clone());
                        let (id, key) = (record.id.clone(), record.api_key.clone());
                        self.list.update(|list| {
                            if let Some(entry) = list.iter_mut().find(|e| e.id() == id && e.provider.api_key == key) {
                                entry.provider.sealed_key = Some(value);
                            }
                        });
                    }
                    Err(error) => self.store.report(LockError::from(error)),
                },
                None => self.store.report(LockError::StillLocked),
            }
        }
        key_lock::at_rest(&record, true)
    }
}

/// Opens every sealed key into `api_key`; a key that does not open (damaged)
/// stays locked.
async fn open_all(aes: &AesKey, records: &mut [ProviderRecord]) {
    for record in records.iter_mut() {
        let Some(sealed) = record.sealed_key.clone() else { continue };
        if let Ok(plain) = open(aes, &sealed).await
            && let Ok(text) = String::from_utf8(plain)
        {
            record.api_key = text;
        }
    }
}

/// Opens an MCP server's sealed secrets.
async fn open_secrets(aes: &AesKey, sealed: &Sealed) -> Option<McpSecrets> {
    McpSecrets::from_bytes(&open(aes, sealed).await.ok()?)
}

/// The error for servers whose secrets stayed sealed (named by the first).
fn unopened(servers: &[McpServer]) -> LockError {
    let name = servers.iter().find(|server| server.secrets_locked()).map(|server| server.name.clone());
    LockError::ServerUnopened(name.unwrap_or_default())
}
