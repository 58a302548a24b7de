//! Voice's context: the dictation's phase (kept by the composer's draft,
//! `composer::state::dictation`) and the contexts voice's work needs, gathered from the app's
//! contexts (it is not provided itself: a context of its own type would add
//! code to the first load). The rest of its state (level, time, what went
//! wrong, the reply being read) is made at its first use (`live`).

use crate::composer::state::ComposerDraft;
use crate::composer::state::dictation::DictationPhase;
use crate::providers::state::ProvidersContext;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;

/// Setting key: the voice settings (`hearth_core::provider::audio::VoiceSettings` as JSON).
pub(crate) const VOICE: &str = "voice";

/// Voice's context; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct VoiceContext {
    /// The dictation's phase.
    pub(crate) dictation: DictationPhase,
    pub(super) store: StoreContext,
    pub(super) providers: ProvidersContext,
    pub(super) draft: ComposerDraft,
    pub(super) sessions: SessionsContext,
}

impl VoiceContext {
    /// Gathered from the app's contexts.
    pub(crate) fn expect() -> Self {
        let draft = ComposerDraft::expect();
        Self {
            dictation: draft.dictation,
            store: StoreContext::expect(),
            providers: ProvidersContext::expect(),
            draft,
            sessions: SessionsContext::expect(),
        }
    }
}
