//! Where a dictation into the message box (or a realtime talk) is: the one
//! piece of voice's state in the first load (the composer's button and panel, and the shortcut,
//! follow it; the work is `voice`'s).

use leptos::prelude::*;

/// Where a dictation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Dictation {
    /// Nothing recorded.
    #[default]
    Idle,
    /// Asking for the microphone.
    Opening,
    /// Recording (level and time in `voice::state::live`).
    Recording,
    /// The recording went to the provider; its text is awaited.
    Transcribing,
    /// It went wrong (why, in `voice::state::live`).
    Failed,
    /// A realtime talk is under way (its state in `voice::state::live`).
    Talking,
}

impl Dictation {
    /// Whether the microphone is asked for or recording (the button then stops).
    pub(crate) fn is_live(self) -> bool {
        matches!(self, Self::Opening | Self::Recording)
    }
}

/// The dictation's phase, as a signal. It is kept as a `u32`: the first
/// load has a `u32` signal's code already, and a signal of its own type
/// would add a copy of it (about a kilobyte).
#[derive(Clone, Copy)]
pub(crate) struct DictationPhase(RwSignal<u32>);

impl DictationPhase {
    /// Idle.
    pub(crate) fn new() -> Self {
        Self(RwSignal::new(0))
    }

    /// The phase (tracked).
    pub(crate) fn get(self) -> Dictation {
        Self::of(self.0.get())
    }

    /// The phase, untracked.
    pub(crate) fn get_untracked(self) -> Dictation {
        Self::of(self.0.get_untracked())
    }

    /// Moves the dictation to `phase`.
    pub(crate) fn set(self, phase: Dictation) {
        self.0.set(phase as u32);
    }

    fn of(code: u32) -> Dictation {
        match code {
            1 => Dictation::Opening,
            2 => Dictation::Recording,
            3 => Dictation::Transcribing,
            4 => Dictation::Failed,
            5 => Dictation::Talking,
            _ => Dictation::Idle,
        }
    }
}
