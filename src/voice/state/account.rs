//! What dictation and reading both read first: the voice settings, and the
//! account chosen for the job (its request settings), or why it cannot be used.

use hearth_core::provider::ProviderConfig;
use hearth_core::provider::audio::VoiceSettings;
use leptos::prelude::*;

use super::context::{VOICE, VoiceContext};
use super::problem::{Job, VoiceProblem};

impl VoiceContext {
    /// The stored voice settings (missing: the defaults).
    pub(super) async fn settings(self) -> Result<VoiceSettings, VoiceProblem> {
        match self.store.setting(VOICE).await {
            Ok(value) => Ok(value.map(|value| VoiceSettings::from_stored(&value)).unwrap_or_default()),
            Err(error) => Err(VoiceProblem::Storage(error)),
        }
    }

    /// The request settings of `account`, chosen for `job`.
    pub(super) fn account(self, account: Option<&str>, job: Job) -> Result<ProviderConfig, VoiceProblem> {
        let account = account.ok_or(VoiceProblem::NoAccount(job))?;
        let found = self.providers.list.with_untracked(|list| list.iter().find(|e| e.id() == account).cloned());
        let entry = found.ok_or(VoiceProblem::AccountGone(job))?;
        if entry.provider.key_is_locked() {
            return Err(VoiceProblem::Locked(job));
        }
        Ok(entry.provider.config())
    }
}
