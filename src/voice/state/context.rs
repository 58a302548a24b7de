//! Voice's context: what the views follow (the dictation's phase, its level
//! and time, the reply being read aloud) and the contexts its work needs.

use leptos::prelude::*;

use crate::composer::state::ComposerDraft;
use crate::providers::state::ProvidersContext;
use crate::store::StoreContext;

/// Setting key: the voice settings (`hearth_core::provider::audio::VoiceSettings` as JSON).
pub(crate) const VOICE: &str = "voice";

/// Where a dictation is.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) enum Dictation {
    /// Nothing recorded.
    #[default]
    Idle,
    /// Asking for the microphone.
    Opening,
    /// Recording (level and time in [`VoiceContext`]).
    Recording,
    /// The recording went to the provider; its text is awaited.
    Transcribing,
    /// What went wrong, to say under the composer.
    Failed(String),
}

impl Dictation {
    /// Whether the microphone is asked for or recording (the button then stops).
    pub(crate) fn is_live(&self) -> bool {
        matches!(self, Self::Opening | Self::Recording)
    }
}

/// Voice's state; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct VoiceContext {
    /// The dictation's phase.
    pub(crate) dictation: RwSignal<Dictation>,
    /// The recording's loudness, 0 to 1, while recording.
    pub(crate) level: RwSignal<f32>,
    /// How long it has recorded, in milliseconds.
    pub(crate) elapsed_ms: RwSignal<u64>,
    /// The id of the reply being read aloud.
    pub(crate) reading: RwSignal<Option<String>>,
    /// Whether reading is paused.
    pub(crate) paused: RwSignal<bool>,
    /// Why the last reading stopped short (the reply's id, and why), to say on its reply.
    pub(crate) reading_problem: RwSignal<Option<(String, String)>>,
    /// Whether a recording that could not be turned into text is kept ("Try again").
    pub(crate) kept: RwSignal<bool>,
    pub(super) store: StoreContext,
    pub(super) providers: ProvidersContext,
    pub(super) draft: ComposerDraft,
}

impl VoiceContext {
    /// Nothing recorded or read.
    pub(crate) fn new(store: StoreContext, providers: ProvidersContext, draft: ComposerDraft) -> Self {
        Self {
            kept: RwSignal::new(false),
            store,
            providers,
            draft,
            dictation: RwSignal::new(Dictation::Idle),
            level: RwSignal::new(0.0),
            elapsed_ms: RwSignal::new(0),
            reading: RwSignal::new(None),
            paused: RwSignal::new(false),
            reading_problem: RwSignal::new(None),
        }
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }
}
