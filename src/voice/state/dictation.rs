//! A dictation, in the `voice` chunk: the settings say which account turns
//! speech into text (nothing is recorded before one is chosen); the
//! microphone's blocks become 16 kHz samples as they come, with the level and
//! time shown; a click on Stop, or quiet after speech, ends it; the recording
//! goes to the account as a WAV file, and its text lands in the message box,
//! where it can be edited before anything is sent. The recording is dropped
//! once its text is in; one that could not be turned into text is kept until
//! the next dictation, for "Try again".

use std::cell::{Cell, RefCell};

use hearth_core::format::audio::{Pcm16, SilenceWatch};
use hearth_core::provider::audio::{VoiceSettings, parse_transcription, transcription_request};
use hearth_core::provider::openai::parse_error_body;
use hearth_core::provider::{ProviderConfig, ProviderError};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::context::{Dictation, VOICE, VoiceContext};
use crate::io::fetch_stream::{FetchFailure, open_form};
use crate::io::microphone::Microphone;

/// Quiet after speech that ends a dictation, in milliseconds.
const QUIET_MS: u32 = 2000;
/// The longest recording, in milliseconds (a forgotten one ends here; ten
/// minutes of WAV is under 20 MB, within what the APIs take).
const MAX_MS: u64 = 600_000;

/// The dictation under way.
struct Session {
    /// Which start made it (see `CURRENT`).
    id: u32,
    mic: Option<Microphone>,
    pcm: Pcm16,
    watch: SilenceWatch,
    ending: bool,
    target: Target,
}

/// Where a dictation goes: the account's request settings, model and language.
type Target = (ProviderConfig, String, String);

thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
    /// The latest start; a stop moves it on, so a start still waiting (for the
    /// settings, or for the browser's permission prompt) knows it was stopped.
    static CURRENT: Cell<u32> = const { Cell::new(0) };
    /// A recording whose text could not be had, with where it was to go.
    static KEPT: RefCell<Option<(Vec<u8>, Target)>> = const { RefCell::new(None) };
}

/// Starts a dictation (see the module documentation); the caller has shown
/// `Opening` already.
pub(super) async fn start(voice: VoiceContext) {
    if SESSION.with_borrow(Option::is_some) {
        return; // One is under way.
    }
    let id = CURRENT.get().wrapping_add(1);
    CURRENT.set(id);
    voice.dictation.set(Dictation::Opening);
    let target = match target(voice).await {
        Ok(target) => target,
        Err(problem) => return voice.dictation.set(Dictation::Failed(problem)),
    };
    if CURRENT.get() != id {
        return; // Stopped meanwhile.
    }
    // A kept recording is dropped only now that a new one begins.
    KEPT.set(None);
    voice.kept.set(false);
    voice.level.set(0.0);
    voice.elapsed_ms.set(0);
    let watch = SilenceWatch::new(QUIET_MS);
    SESSION.set(Some(Session { id, mic: None, pcm: Pcm16::new(), watch, ending: false, target }));
    let on_block = move |block: &[f32], rate: f32| {
        let ended = SESSION.with_borrow_mut(|session| {
            let Some(session) = session.as_mut().filter(|session| session.id == id) else { return false };
            let loudness = session.pcm.push(block, rate);
            voice.level.set(loudness);
            voice.elapsed_ms.set(session.pcm.duration_ms());
            let block_ms = f64::from(u32::try_from(block.len()).unwrap_or(u32::MAX)) * 1000.0 / f64::from(rate);
            let over = session.watch.push(loudness, block_ms) || session.pcm.duration_ms() >= MAX_MS;
            over && !std::mem::replace(&mut session.ending, true)
        });
        if ended {
            spawn_local(finish(voice, Ending::Asked));
        }
    };
    // The microphone went away: what was recorded until then is used, and said.
    let on_ended = move || spawn_local(finish(voice, Ending::MicrophoneGone));
    match Microphone::open(on_block, on_ended).await {
        // Stopped while the browser asked: nothing more is recorded.
        Ok(mic) if CURRENT.get() != id => mic.close(),
        Ok(mic) => {
            SESSION.with_borrow_mut(|session| {
                if let Some(session) = session.as_mut().filter(|session| session.id == id) {
                    session.mic = Some(mic);
                }
            });
            voice.dictation.set(Dictation::Recording);
        }
        Err(_) if CURRENT.get() != id => {}
        Err(error) => {
            SESSION.set(None);
            voice.dictation.set(Dictation::Failed(error.to_string()));
        }
    }
}

/// Why a dictation ended.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    /// Stop, quiet after speech, or the longest recording reached.
    Asked,
    /// The microphone went away (unplugged, or its permission taken back).
    MicrophoneGone,
}

/// The account, model and language dictation goes to, or what to do first.
async fn target(voice: VoiceContext) -> Result<Target, String> {
    let settings = match voice.store.setting(VOICE).await {
        Ok(value) => value.map(|value| VoiceSettings::from_stored(&value)).unwrap_or_default(),
        Err(error) => return Err(error.to_string()),
    };
    let Some(account) = settings.dictation_account else {
        return Err("Choose who turns your speech into text under Settings → Voice; nothing was recorded.".to_owned());
    };
    let found = voice.providers.list.with_untracked(|list| list.iter().find(|e| e.id() == account).cloned());
    let Some(entry) = found else {
        return Err("The account chosen for dictation is gone; choose another under Settings → Voice.".to_owned());
    };
    if entry.provider.key_is_locked() {
        return Err("The API keys are locked; unlock them to dictate.".to_owned());
    }
    let provider = entry.provider.config();
    // Checked now, so nothing is recorded for a request that cannot be made.
    transcription_request(&provider, &settings.dictation_model, &settings.language).map_err(|e| e.to_string())?;
    Ok((provider, settings.dictation_model, settings.language))
}

/// Ends the dictation under way (Stop, quiet after speech, the longest
/// recording reached, or the microphone going away) and sends what was
/// recorded; a start still waiting is called off.
pub(super) async fn finish(voice: VoiceContext, ending: Ending) {
    CURRENT.set(CURRENT.get().wrapping_add(1));
    let Some(session) = SESSION.take() else {
        if voice.dictation.with_untracked(|d| *d == Dictation::Opening) {
            voice.dictation.set(Dictation::Idle);
        }
        return;
    };
    if let Some(mic) = session.mic {
        mic.close();
    }
    voice.level.set(0.0);
    if session.pcm.is_empty() {
        voice.dictation.set(Dictation::Idle);
        return;
    }
    transcribe(voice, session.pcm.to_wav(), session.target).await;
    if ending == Ending::MicrophoneGone && voice.dictation.with_untracked(|d| *d == Dictation::Idle) {
        let said = "The microphone went away; what was recorded until then is in the message box.";
        voice.dictation.set(Dictation::Failed(said.to_owned()));
    }
}

/// Sends the kept recording again ("Try again").
pub(super) async fn retry(voice: VoiceContext) {
    let Some((wav, kept)) = KEPT.take() else { return };
    // Where the settings say now (the user may have fixed the model, or
    // turned dictation off, or locked the keys: then nothing is sent).
    match target(voice).await {
        Ok(target) => {
            voice.kept.set(false);
            transcribe(voice, wav, target).await;
        }
        Err(problem) => {
            KEPT.set(Some((wav, kept)));
            voice.dictation.set(Dictation::Failed(problem));
        }
    }
}

async fn transcribe(voice: VoiceContext, wav: Vec<u8>, target: Target) {
    voice.dictation.set(Dictation::Transcribing);
    let (provider, model, language) = &target;
    let form = match transcription_request(provider, model, language) {
        Ok(form) => form,
        Err(error) => return voice.dictation.set(Dictation::Failed(error.to_string())),
    };
    let outcome = match open_form(&form, &wav, "dictation.wav", "audio/wav", None).await {
        Ok(opened) if opened.ok() => parse_transcription(&opened.text().await).map_err(|e| e.message),
        Ok(opened) => {
            let status = opened.status();
            let body = opened.text().await;
            Err(parse_error_body(status, &body, None).message)
        }
        Err(failure) => Err(unanswered(&failure, &form.url)),
    };
    match outcome {
        Ok(text) if text.is_empty() => {
            voice.dictation.set(Dictation::Failed("Nothing was heard in the recording.".to_owned()));
        }
        Ok(text) => {
            voice.draft.fill(&text);
            voice.dictation.set(Dictation::Idle);
        }
        Err(why) => {
            KEPT.set(Some((wav, target)));
            voice.kept.set(true);
            voice.dictation.set(Dictation::Failed(format!(
                "The recording could not be turned into text: {} It is kept: Try again sends it once more.",
                why.trim()
            )));
        }
    }
}

/// What a request to `url` that got no readable answer says (an audio API's
/// errors are OpenAI's; a status is read by the caller).
pub(super) fn unanswered(failure: &FetchFailure, url: &str) -> String {
    match failure {
        FetchFailure::Aborted => "It was stopped.".to_owned(),
        FetchFailure::Redirected => ProviderError::redirected(url).message,
        FetchFailure::Network(detail) => ProviderError::network(url, detail.clone()).message,
        FetchFailure::Status { status, body, retry_after_secs } => {
            parse_error_body(*status, body, *retry_after_secs).message
        }
    }
}
