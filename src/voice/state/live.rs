//! Voice's state beyond the dictation's phase: the recording's level and
//! time, what went wrong, the reply being read. It is made at its first use
//! (by the `voice` chunk, or a reply's Read aloud button), under an owner of
//! its own that lives as long as the page, so the first load carries none of
//! it. A reading stops when the conversation shown changes, and so does a talk
//! that belongs to another.

use std::cell::OnceCell;

use leptos::prelude::*;

use super::code;
use super::context::VoiceContext;
use super::problem::VoiceProblem;
use super::talk_view::TalkView;
use crate::composer::state::dictation::Dictation;

/// The signals; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct Live {
    /// The recording's loudness, 0 to 1, while recording.
    pub(crate) level: RwSignal<f32>,
    /// How long it has recorded, in milliseconds.
    pub(crate) elapsed_ms: RwSignal<u64>,
    /// Why the last dictation failed (shown while its phase is `Failed`).
    pub(crate) problem: RwSignal<Option<VoiceProblem>>,
    /// The words the browser's recognition has heard so far, while it listens
    /// (or what it is getting ready); `None` for a recording.
    pub(crate) heard: RwSignal<Option<String>>,
    /// Whether a recording that could not be turned into text is kept ("Try again").
    pub(crate) kept: RwSignal<bool>,
    /// The id of the reply being read aloud.
    pub(crate) reading: RwSignal<Option<String>>,
    /// Whether reading is paused.
    pub(crate) paused: RwSignal<bool>,
    /// Why the last reading stopped short (the reply's id, and why, in words),
    /// to say on its reply. Put in words by the chunk, so the reply's button
    /// carries none of voice's problems.
    pub(crate) reading_problem: RwSignal<Option<(String, String)>>,
    /// The realtime talk under way, as shown.
    pub(crate) talk: RwSignal<TalkView>,
}

thread_local! {
    static LIVE: OnceCell<(Owner, Live)> = const { OnceCell::new() };
}

impl VoiceContext {
    /// Says why the dictation failed.
    pub(super) fn fail_dictation(self, problem: VoiceProblem) {
        self.live().problem.set(Some(problem));
        self.dictation.set(Dictation::Failed);
    }

    /// Voice's state, made at the first call.
    pub(crate) fn live(self) -> Live {
        LIVE.with(|live| {
            live.get_or_init(|| {
                // Its own root: the signals outlive whichever view asked first.
                let owner = Owner::new_root(None);
                let live = owner.with(|| Live {
                    level: RwSignal::new(0.0),
                    elapsed_ms: RwSignal::new(0),
                    problem: RwSignal::new(None),
                    heard: RwSignal::new(None),
                    kept: RwSignal::new(false),
                    reading: RwSignal::new(None),
                    paused: RwSignal::new(false),
                    reading_problem: RwSignal::new(None),
                    talk: RwSignal::new(TalkView::default()),
                });
                // A reading ends when its conversation is left.
                let sessions = self.sessions;
                owner.with(|| {
                    Effect::new(move |before: Option<Option<String>>| {
                        let current = sessions.current.get();
                        if before.is_some_and(|before| before != current)
                            && let Some(code) = code::loaded()
                        {
                            (code.stop_reading)(self);
                            (code.left_talk)(self, current.as_deref());
                        }
                        current
                    })
                });
                (owner, live)
            })
            .1
        })
    }
}
