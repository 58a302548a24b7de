//! A dictation by the browser's own recognition, in the `voice` chunk: on
//! the device (its language downloaded first, when the browser offers that)
//! or, only when the user chose it under Settings → Voice, through the
//! browser's service, which sends the sound to the browser's maker. The words
//! heard show under the message box as they come, and land in it when the
//! dictation ends (Stop, or the browser's own end when the speech pauses).

use std::cell::RefCell;

use hearth_core::provider::audio::{Listener, VoiceSettings};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::context::VoiceContext;
use super::problem::VoiceProblem;
use super::starts::is_current;
use crate::composer::state::dictation::Dictation;
use crate::i18n::{Arg, tr_with};
use crate::io::recognition::{OnDevice, Recognition, RecognitionError, install, language_or_browsers, on_device};

thread_local! {
    /// The recognition under way.
    static LISTENING: RefCell<Option<Recognition>> = const { RefCell::new(None) };
}

/// Whether a recognition is under way.
pub(super) fn active() -> bool {
    LISTENING.with_borrow(Option::is_some)
}

/// Starts listening as `settings` say (the start `id`, see `dictation`).
pub(super) async fn start(voice: VoiceContext, id: u32, settings: VoiceSettings) {
    let live = voice.live();
    let lang = language_or_browsers(&settings.language);
    let local = settings.listener == Listener::Device;
    if local {
        let problem = match on_device(&lang).await {
            None => Some(VoiceProblem::Recognition(RecognitionError::NotOffered)),
            Some(OnDevice::Available) => None,
            Some(OnDevice::Downloadable | OnDevice::Downloading) if is_current(id) => {
                live.heard.set(Some(tr_with("voice-getting-device-model", &[("language", Arg::Text(&lang))], || {
                    format!("Getting the browser's speech model for {lang}…")
                })));
                let installed = install(&lang).await;
                live.heard.set(None);
                (!installed).then(|| VoiceProblem::NoDeviceModel(lang.clone()))
            }
            Some(OnDevice::Downloadable | OnDevice::Downloading) => None,
            Some(OnDevice::Unavailable) => Some(VoiceProblem::Recognition(RecognitionError::Language)),
        };
        // Stopped meanwhile: nothing to say, nothing to start.
        if !is_current(id) {
            return;
        }
        if let Some(problem) = problem {
            return voice.fail_dictation(problem);
        }
    }
    if !is_current(id) {
        return; // Stopped meanwhile.
    }
    live.heard.set(Some(String::new()));
    let words = RefCell::new(String::new());
    let words = std::rc::Rc::new(words);
    let heard = words.clone();
    let on_text = move |done: String, hearing: String| {
        let shown =
            [done.as_str(), hearing.as_str()].iter().filter(|p| !p.is_empty()).copied().collect::<Vec<_>>().join(" ");
        live.heard.set(Some(shown.clone()));
        *heard.borrow_mut() = shown;
    };
    let on_end = move |outcome: Result<(), RecognitionError>| {
        let text = words.borrow().trim().to_owned();
        spawn_local(async move { ended(voice, text, outcome) });
    };
    match Recognition::start(&lang, local, on_text, on_end) {
        Ok(recognition) => {
            LISTENING.set(Some(recognition));
            voice.dictation.set(Dictation::Recording);
        }
        Err(error) => {
            live.heard.set(None);
            voice.fail_dictation(VoiceProblem::Recognition(error));
        }
    }
}

/// Stops listening (Stop); the words heard arrive with the end.
pub(super) fn stop() {
    LISTENING.with_borrow(|listening| {
        if let Some(recognition) = listening {
            recognition.stop();
        }
    });
}

/// The recognition ended: its words go into the message box, or why not is said.
fn ended(voice: VoiceContext, text: String, outcome: Result<(), RecognitionError>) {
    LISTENING.set(None);
    voice.live().heard.set(None);
    if !text.is_empty() {
        voice.draft.fill(&text);
    }
    match outcome {
        Err(error) => voice.fail_dictation(VoiceProblem::Recognition(error)),
        Ok(()) if text.is_empty() => voice.fail_dictation(VoiceProblem::NothingHeard),
        Ok(()) => voice.dictation.set(Dictation::Idle),
    }
}
