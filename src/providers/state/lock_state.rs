//! Whether the stored keys are locked, and whether this tab has them open
//! ([`LockState`]); [`key_lock`](super::key_lock) locks, opens and changes them.

use hearth_core::storage::key_lock::{self, KeyLock, KeyLockError};

/// Whether the stored keys are locked, and whether this tab has them open.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum LockState {
    /// No passphrase: keys are stored in plain text.
    Off,
    /// Keys are stored sealed and this tab has not opened them.
    Locked(KeyLock),
    /// Keys are stored sealed and this tab holds them open in memory.
    Unlocked(KeyLock),
    /// The stored lock cannot be used (damaged, or from a newer Hearth): only
    /// "Forgot passphrase" helps.
    Damaged(KeyLockError),
}

impl LockState {
    /// Whether a passphrase lock exists, open here or not.
    pub(crate) fn is_on(&self) -> bool {
        !matches!(self, LockState::Off)
    }

    /// The lock at rest as this tab saw it, for a write to check.
    pub(crate) fn view(&self) -> key_lock::LockView {
        match self {
            LockState::Off => None,
            LockState::Locked(lock) | LockState::Unlocked(lock) => Some(Some(lock.clone())),
            LockState::Damaged(_) => Some(None),
        }
    }
}
