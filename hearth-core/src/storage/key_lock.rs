//! The passphrase lock on the stored API keys: its record, the sealed-key
//! format, and the rules for storing, backing up and importing sealed keys.
//!
//! The lock is optional. When the user sets a passphrase, an AES-GCM 256 key
//! is derived from it with PBKDF2-SHA-256 ([`KDF`], [`DEFAULT_ITERATIONS`]
//! iterations, a random [`SALT_LEN`]-byte salt), and every provider's key is
//! stored only sealed with it ([`Sealed`]: a fresh [`IV_LEN`]-byte IV per
//! encryption and the ciphertext with its 16-byte tag, both base64). The lock
//! itself ([`KeyLock`]) is the setting [`KEY_LOCK_SETTING`]: the KDF, its
//! iterations and salt, and a sealed known value ([`CHECK_TEXT`]) that tells a
//! right passphrase from a wrong one even when no key is stored yet (AES-GCM's
//! tag makes a wrong key fail to open it).
//!
//! This module does no cryptography and makes no randomness: the shell derives,
//! seals and opens with WebCrypto and passes salts, IVs and ciphertexts in. It
//! holds what can be decided without them:
//! - with the lock on, no plain key is at rest ([`at_rest`], [`plain_keys_at_rest`]);
//! - turning it on, changing it and turning it off are one write each
//!   ([`KeyWrite`]: the provider records and the lock together, so a sealed key
//!   never outlives the salt that opens it, and a plain key is replaced only by
//!   its sealed copy in the same write);
//! - "Forgot passphrase" removes the sealed keys and the lock, nothing else
//!   ([`forget_keys`]);
//! - MCP servers' secrets (header values, client secrets, sign-ins) follow the
//!   same rules in the same writes ([`servers_lock_write`],
//!   [`servers_unlock_write`], [`servers_forget`]), sealed together per server
//!   ([`crate::tools::McpSecrets`]); a backup never carries them;
//! - a backup carries keys only sealed (with the lock, so the passphrase opens
//!   them after an import) or not at all while the lock is on ([`backup_keys`]);
//! - an import brings sealed keys only when their lock is the stored one, or
//!   when nothing is locked here yet ([`import_rule`]) and no plain key is
//!   stored here (the import plan's rule).

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use crate::format::base64::{decode as base64_decode, encode as base64_encode};
pub use crate::format::sealed::{IV_LEN, Sealed, TAG_LEN};

use super::records::{ProviderRecord, SettingRecord};
use crate::tools::McpServer;

/// The setting that holds the [`KeyLock`]; absent when keys are not locked.
pub const KEY_LOCK_SETTING: &str = "key_lock";
/// The key derivation function, as the lock record names it.
pub const KDF: &str = "PBKDF2-SHA-256";
/// PBKDF2-SHA-256 iterations for a new lock: OWASP's 2023 recommendation.
pub const DEFAULT_ITERATIONS: u32 = 600_000;
/// Fewest iterations a stored or imported lock may name (a file that asks
/// for fewer is refused rather than weakening the lock).
pub const MIN_ITERATIONS: u32 = 100_000;
/// Most iterations a lock may name (more would keep the page busy for minutes).
pub const MAX_ITERATIONS: u32 = 10_000_000;
/// Bytes of salt.
pub const SALT_LEN: usize = 16;
/// Bytes of the derived AES key (AES-256).
pub const KEY_LEN: usize = 32;
/// The known text the lock seals, to check a passphrase.
pub const CHECK_TEXT: &str = "hearth-key-lock-v1";

/// Why a lock or a sealed key cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyLockError {
    /// The lock names a key derivation Hearth does not know.
    #[error("the key lock uses an unknown key derivation ({0})")]
    UnknownKdf(String),
    /// The iteration count is outside what Hearth accepts.
    #[error("the key lock asks for {0} iterations; Hearth accepts {MIN_ITERATIONS} to {MAX_ITERATIONS}")]
    Iterations(u32),
    /// A field is not base64 of the right length.
    #[error("the key lock's {0} is damaged")]
    Damaged(&'static str),
    /// The setting's value is not a lock record.
    #[error("the key lock record cannot be read: {0}")]
    Unreadable(String),
}

impl From<crate::format::sealed::Damaged> for KeyLockError {
    fn from(damaged: crate::format::sealed::Damaged) -> Self {
        KeyLockError::Damaged(damaged.0)
    }
}

/// The lock: how the key is derived from the passphrase, and the sealed check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyLock {
    /// Always [`KDF`].
    pub kdf: String,
    /// PBKDF2 iterations.
    pub iterations: u32,
    /// The salt, base64.
    pub salt: String,
    /// [`CHECK_TEXT`] sealed with the derived key.
    pub check: Sealed,
}

/// What PBKDF2 needs, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KdfParams {
    /// The salt bytes.
    pub salt: Vec<u8>,
    /// The iteration count.
    pub iterations: u32,
}

impl KeyLock {
    /// A new lock with `salt`, `iterations` and the sealed [`CHECK_TEXT`].
    pub fn new(salt: &[u8; SALT_LEN], iterations: u32, check: Sealed) -> Self {
        Self { kdf: KDF.to_owned(), iterations, salt: base64_encode(salt), check }
    }

    /// The derivation's parameters, refused when the record is not one Hearth
    /// can trust (unknown KDF, too few or too many iterations, a short salt).
    pub fn params(&self) -> Result<KdfParams, KeyLockError> {
        if self.kdf != KDF {
            return Err(KeyLockError::UnknownKdf(self.kdf.clone()));
        }
        if !(MIN_ITERATIONS..=MAX_ITERATIONS).contains(&self.iterations) {
            return Err(KeyLockError::Iterations(self.iterations));
        }
        let salt = base64_decode(&self.salt).ok_or(KeyLockError::Damaged("salt"))?;
        if salt.len() < SALT_LEN {
            return Err(KeyLockError::Damaged("salt"));
        }
        self.check.iv()?;
        self.check.data()?;
        Ok(KdfParams { salt, iterations: self.iterations })
    }

    /// Reads the lock from its setting's value, checked. Read field by field
    /// (a derived `Deserialize` for `serde_json::Value` costs the app's wasm
    /// several times this); fields it does not know are ignored.
    pub fn from_value(value: &serde_json::Value) -> Result<Self, KeyLockError> {
        let text = |of: &serde_json::Value, field: &str| {
            of.get(field)
                .and_then(serde_json::Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| KeyLockError::Unreadable(format!("its {field} is missing or not text")))
        };
        let check = value.get("check").unwrap_or(&serde_json::Value::Null);
        let lock = Self {
            kdf: text(value, "kdf")?,
            iterations: value
                .get("iterations")
                .and_then(serde_json::Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| KeyLockError::Unreadable("its iterations are missing or not a count".to_owned()))?,
            salt: text(value, "salt")?,
            check: Sealed { iv: text(check, "iv")?, data: text(check, "data")? },
        };
        lock.params()?;
        Ok(lock)
    }

    /// The lock among `settings`, if any (`Err` when it is there but unusable).
    pub fn find(settings: &[SettingRecord]) -> Option<Result<Self, KeyLockError>> {
        settings.iter().find(|s| s.key == KEY_LOCK_SETTING).map(|s| Self::from_value(&s.value))
    }

    /// The setting record that stores it.
    pub fn to_setting(&self) -> SettingRecord {
        SettingRecord {
            key: KEY_LOCK_SETTING.to_owned(),
            value: serde_json::to_value(self).unwrap_or(serde_json::Value::Null),
        }
    }
}

/// Whether `opened` (the check, decrypted) is the known text.
pub fn check_matches(opened: &[u8]) -> bool {
    opened == CHECK_TEXT.as_bytes()
}

/// The record as it may be stored: with the lock on, never a plain key (the
/// caller seals it first; an unsealed key is left out rather than stored
/// plain); with it off, never a sealed one.
pub fn at_rest(record: &ProviderRecord, locked: bool) -> ProviderRecord {
    let mut stored = record.clone();
    if locked {
        stored.api_key.clear();
    } else {
        stored.sealed_key = None;
    }
    if !stored.has_key() {
        stored.key_origin = None;
    }
    stored
}

/// The ids of records that hold a plain key although the lock is on (left by
/// an interrupted start-up or an import): the shell seals them once unlocked.
pub fn plain_keys_at_rest(records: &[ProviderRecord]) -> Vec<String> {
    records.iter().filter(|r| !r.api_key.is_empty()).map(|r| r.id.clone()).collect()
}

/// The lock at rest as a write checks it against this tab's view: `None` when
/// keys are not locked, `Some(None)` when the stored lock cannot be used.
pub type LockView = Option<Option<KeyLock>>;

/// The [`LockView`] of the lock setting's value, if any.
pub fn lock_at_rest(value: Option<&serde_json::Value>) -> LockView {
    value.map(|value| KeyLock::from_value(value).ok())
}

/// Whether the keys at rest (`stored`) are the ones this tab's `memory` holds,
/// both as stored with the lock on or off: a lock change is prepared from
/// memory, so a key another tab stored since would be lost or left in the
/// wrong form (the write is refused and the tab re-reads).
pub fn keys_match(stored: &[ProviderRecord], memory: &[ProviderRecord], locked: bool) -> bool {
    stored.iter().map(|s| at_rest(s, locked)).all(|s| {
        match memory.iter().find(|m| m.id == s.id).map(|m| at_rest(m, locked)) {
            Some(m) => m.api_key == s.api_key && m.sealed_key == s.sealed_key,
            None => !s.has_key(),
        }
    })
}

/// One write that changes the lock and the provider records together (one
/// IndexedDB transaction): either all of it is stored or none.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyWrite {
    /// The provider records to put.
    pub providers: Vec<ProviderRecord>,
    /// The MCP servers' setting records to put (their secrets in the form
    /// the new lock asks for).
    pub servers: Vec<SettingRecord>,
    /// The lock to put, or `None` to delete it.
    pub lock: Option<KeyLock>,
}

/// Turning the lock on (or changing the passphrase): `sealed` holds, per
/// provider id, its key sealed with the new lock's key. Every record with a
/// key must have its sealed copy, or nothing is written (`None`): a key is
/// never dropped on the way.
pub fn lock_write(records: &[ProviderRecord], sealed: &[(String, Sealed)], lock: KeyLock) -> Option<KeyWrite> {
    let mut providers = Vec::new();
    for record in records.iter().filter(|r| r.has_key()) {
        let (_, seal) = sealed.iter().find(|(id, _)| *id == record.id)?;
        let mut next = record.clone();
        next.sealed_key = Some(seal.clone());
        providers.push(at_rest(&next, true));
    }
    Some(KeyWrite { providers, servers: Vec::new(), lock: Some(lock) })
}

/// Turning the lock off: `records` must all be unlocked (their plain key in
/// memory); each is stored plain and the lock deleted. `None` while any key
/// is still locked (it would be lost).
pub fn unlock_write(records: &[ProviderRecord]) -> Option<KeyWrite> {
    if records.iter().any(ProviderRecord::key_is_locked) {
        return None;
    }
    let providers = records.iter().filter(|r| r.has_key()).map(|r| at_rest(r, false)).collect();
    Some(KeyWrite { providers, servers: Vec::new(), lock: None })
}

/// "Forgot passphrase": every sealed key and the lock go; every other field of
/// every provider stays. Plain keys (none should be at rest) are removed too,
/// since they would otherwise outlive the lock that promised they were sealed.
pub fn forget_keys(records: &[ProviderRecord]) -> KeyWrite {
    let providers = records
        .iter()
        .filter(|r| r.has_key())
        .map(|r| ProviderRecord { api_key: String::new(), sealed_key: None, key_origin: None, ..r.clone() })
        .collect();
    KeyWrite { providers, servers: Vec::new(), lock: None }
}

/// The setting record of `server` as stored.
fn server_setting(server: &McpServer) -> SettingRecord {
    SettingRecord { key: server.setting_key(), value: serde_json::to_value(server).unwrap_or(serde_json::Value::Null) }
}

/// The MCP servers (opened: their secrets in memory) to store when the lock
/// is turned on or its passphrase changed: `sealed` holds, per server id, its
/// [`McpServer::secrets`] sealed with the new lock's key. Every server with a
/// secret must have its sealed copy, or nothing is written (`None`); a server
/// without one is stored without a seal.
pub fn servers_lock_write(servers: &[McpServer], sealed: &[(String, Sealed)]) -> Option<Vec<SettingRecord>> {
    let mut records = Vec::new();
    for server in servers {
        if server.secrets_locked() {
            return None;
        }
        let mut next = server.clone();
        next.sealed =
            if server.has_secrets() { Some(sealed.iter().find(|(id, _)| *id == server.id)?.1.clone()) } else { None };
        records.push(server_setting(&next.at_rest(true)));
    }
    Some(records)
}

/// The MCP servers to store when the lock is removed: their secrets plain
/// again. `None` while any is still sealed and not opened (it would be lost).
pub fn servers_unlock_write(servers: &[McpServer]) -> Option<Vec<SettingRecord>> {
    if servers.iter().any(McpServer::secrets_locked) {
        return None;
    }
    Some(servers.iter().map(|server| server_setting(&server.at_rest(false))).collect())
}

/// "Forgot passphrase" for MCP servers (`records`, their settings as stored):
/// their sealed secrets go (and any plain one found under the lock); every
/// other field stays. Only the records that change are returned. Read as plain
/// JSON, as a backup does (this runs from the unlock prompt, in the first
/// load, where a server's full reading code would cost more than it saves).
pub fn servers_forget(records: &[SettingRecord]) -> Vec<SettingRecord> {
    records
        .iter()
        .filter(|record| record.key.starts_with(crate::tools::MCP_SERVER_KEY_PREFIX))
        .filter_map(|record| {
            let mut value = record.value.clone();
            crate::tools::without_header_values(&mut value);
            (value != record.value).then(|| SettingRecord { key: record.key.clone(), value })
        })
        .collect()
}

/// A backup's providers and settings, as to keys: without keys, no key of any
/// form and no lock; with keys while a lock is among `settings`, only sealed
/// keys beside that lock; with keys and no lock, the plain keys the user asked
/// for.
pub fn backup_keys(providers: &mut [ProviderRecord], settings: &mut Vec<SettingRecord>, include_keys: bool) {
    let locked = settings.iter().any(|s| s.key == KEY_LOCK_SETTING);
    if !include_keys {
        settings.retain(|s| s.key != KEY_LOCK_SETTING);
    }
    for provider in providers {
        if !include_keys {
            provider.api_key.clear();
            provider.sealed_key = None;
        } else if locked {
            provider.api_key.clear();
        } else {
            provider.sealed_key = None;
        }
        if !provider.has_key() {
            provider.key_origin = None;
        }
    }
}

/// What an import does with the sealed keys it brings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportKeys {
    /// The file's keys are sealed under the stored lock (or carries none): as is.
    Keep,
    /// Nothing is locked here: the file's lock comes with its sealed keys, and
    /// Hearth asks for that backup's passphrase.
    AdoptLock,
    /// The file's sealed keys belong to another lock (another passphrase) than
    /// the stored one, or its lock is unusable: they are left out, and the
    /// stored lock stays.
    DropSealed(String),
}

/// Decides [`ImportKeys`] from the stored lock and the file's.
pub fn import_rule(stored: Option<&KeyLock>, incoming: Option<Result<KeyLock, KeyLockError>>) -> ImportKeys {
    match (stored, incoming) {
        (_, None) => ImportKeys::Keep,
        (_, Some(Err(error))) => ImportKeys::DropSealed(error.to_string()),
        (None, Some(Ok(_))) => ImportKeys::AdoptLock,
        (Some(stored), Some(Ok(incoming))) if *stored == incoming => ImportKeys::Keep,
        (Some(_), Some(Ok(_))) => ImportKeys::DropSealed(
            "the file's API keys are locked with another passphrase than the keys here".to_owned(),
        ),
    }
}
