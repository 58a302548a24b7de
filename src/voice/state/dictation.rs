//! A dictation, in the `voice` chunk: the settings say which account turns
//! speech into text (nothing is recorded before one is chosen), or that the
//! browser's own recognition does (`listening`); the
//! microphone's blocks become 16 kHz samples as they come, with the level and
//! time shown; a click on Stop, or quiet after speech, ends it; the recording
//! goes to the account as a WAV file, and its text lands in the message box,
//! where it can be edited before anything is sent. The recording is dropped
//! once its text is in; one that could not be turned into text is kept until
//! the next dictation, for "Try again".

use std::cell::{Cell, RefCell};

use hearth_core::format::audio::{Pcm16, SilenceWatch};
use hearth_core::provider::audio::{
    Listener, TranscriptionRequest, TranscriptionStream, VoiceSettings, audio_error, longest_recording_ms,
    parse_transcription, transcription_request,
};
use hearth_core::provider::{ProviderConfig, ProviderError, ProviderKind};
use hearth_core::sse::{SseDecoder, SseEvent};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::context::VoiceContext;
use super::problem::{Job, VoiceProblem};
use super::{listening, starts};
use crate::composer::state::dictation::Dictation;
use crate::i18n::tr;
use crate::io::abort::timed;
use crate::io::fetch_stream::{FetchFailure, Opened, open, open_form};
use crate::io::microphone::Microphone;

/// Quiet after speech that ends a dictation, in milliseconds.
const QUIET_MS: u32 = 2000;
/// The longest wait for a recording's text, in milliseconds (a local server
/// on a slow machine takes a while; one that never answers is given up on).
pub(super) const TRANSCRIBE_MS: i32 = 180_000;

/// The dictation under way.
struct Session {
    /// Which start made it (see `starts`).
    id: u32,
    mic: Option<Microphone>,
    pcm: Pcm16,
    watch: SilenceWatch,
    ending: bool,
    target: Target,
}

/// Where a dictation goes: the account's request settings, model and language.
pub(super) type Target = (ProviderConfig, String, String);

thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
    /// A recording whose text could not be had, with where it was to go.
    static KEPT: RefCell<Option<(Vec<u8>, Target)>> = const { RefCell::new(None) };
    /// What stops the transcription awaited (Cancel, or its time limit), and
    /// whether Cancel did.
    static WAITING: RefCell<Option<web_sys::AbortController>> = const { RefCell::new(None) };
    static CANCELLED: Cell<bool> = const { Cell::new(false) };
}

/// Starts a dictation (see the module documentation); the caller has shown
/// `Opening` already.
pub(super) async fn start(voice: VoiceContext) {
    if SESSION.with_borrow(Option::is_some) {
        return; // One is under way.
    }
    let id = starts::next();
    let live = voice.live();
    live.problem.set(None);
    voice.dictation.set(Dictation::Opening);
    let settings = match voice.settings().await {
        Ok(settings) => settings,
        Err(problem) => return fail(voice, problem),
    };
    if !starts::is_current(id) {
        return; // Stopped meanwhile.
    }
    if settings.listener != Listener::Account {
        // A kept recording is dropped once a new dictation begins.
        KEPT.set(None);
        live.kept.set(false);
        return listening::start(voice, id, settings).await;
    }
    let target = match target_of(voice, settings) {
        Ok(target) => target,
        Err(problem) => return fail(voice, problem),
    };
    // A kept recording is dropped only now that a new one begins.
    KEPT.set(None);
    live.kept.set(false);
    live.level.set(0.0);
    live.elapsed_ms.set(0);
    let watch = SilenceWatch::new(QUIET_MS);
    // A forgotten recording ends where the account would refuse it.
    let longest = longest_recording_ms(&target.0);
    SESSION.set(Some(Session { id, mic: None, pcm: Pcm16::new(), watch, ending: false, target }));
    let on_block = move |block: &[f32], rate: f32| {
        let ended = SESSION.with_borrow_mut(|session| {
            let Some(session) = session.as_mut().filter(|session| session.id == id) else { return false };
            let loudness = session.pcm.push(block, rate);
            live.level.set(loudness);
            live.elapsed_ms.set(session.pcm.duration_ms());
            let block_ms = f64::from(u32::try_from(block.len()).unwrap_or(u32::MAX)) * 1000.0 / f64::from(rate);
            let over = session.watch.push(loudness, block_ms) || session.pcm.duration_ms() >= longest;
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
        Ok(mic) if !starts::is_current(id) => mic.close(),
        Ok(mic) => {
            SESSION.with_borrow_mut(|session| {
                if let Some(session) = session.as_mut().filter(|session| session.id == id) {
                    session.mic = Some(mic);
                }
            });
            voice.dictation.set(Dictation::Recording);
        }
        Err(_) if !starts::is_current(id) => {}
        Err(error) => {
            SESSION.set(None);
            fail(voice, VoiceProblem::Microphone(error));
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
pub(super) async fn target(voice: VoiceContext) -> Result<Target, VoiceProblem> {
    target_of(voice, voice.settings().await?)
}

/// [`target`] from settings already read.
fn target_of(voice: VoiceContext, settings: VoiceSettings) -> Result<Target, VoiceProblem> {
    let provider = voice.account(settings.dictation_account.as_deref(), Job::Dictation)?;
    // Checked now, so nothing is recorded for a request that cannot be made.
    transcription_request(&provider, &settings.dictation_model, &settings.language, &[])
        .map_err(VoiceProblem::Request)?;
    Ok((provider, settings.dictation_model, settings.language))
}

fn fail(voice: VoiceContext, problem: VoiceProblem) {
    voice.fail_dictation(problem);
}

/// Ends the dictation under way (Stop, quiet after speech, the longest
/// recording reached, or the microphone going away) and sends what was
/// recorded; a start still waiting is called off.
pub(super) async fn finish(voice: VoiceContext, ending: Ending) {
    starts::call_off();
    if listening::active() {
        return listening::stop(); // Its words arrive with its end.
    }
    let Some(session) = SESSION.take() else {
        if voice.dictation.get_untracked() == Dictation::Opening {
            voice.dictation.set(Dictation::Idle);
        }
        return;
    };
    if let Some(mic) = session.mic {
        mic.close();
    }
    voice.live().level.set(0.0);
    if session.pcm.is_empty() {
        voice.dictation.set(Dictation::Idle);
        return;
    }
    transcribe(voice, session.pcm.to_wav(), session.target).await;
    if ending == Ending::MicrophoneGone && voice.dictation.get_untracked() == Dictation::Idle {
        fail(voice, VoiceProblem::MicrophoneGone);
    }
}

/// Sends the kept recording again ("Try again").
pub(super) async fn retry(voice: VoiceContext) {
    let Some((wav, kept)) = KEPT.take() else { return };
    // Where the settings say now (the user may have fixed the model, or
    // turned dictation off, or locked the keys: then nothing is sent).
    match target(voice).await {
        Ok(target) => {
            voice.live().kept.set(false);
            transcribe(voice, wav, target).await;
        }
        Err(problem) => {
            KEPT.set(Some((wav, kept)));
            fail(voice, problem);
        }
    }
}

/// Stops waiting for the recording's text (Cancel); the recording is kept.
pub(super) fn cancel() {
    if let Some(waiting) = WAITING.take() {
        CANCELLED.set(true);
        waiting.abort();
    }
}

async fn transcribe(voice: VoiceContext, wav: Vec<u8>, target: Target) {
    voice.dictation.set(Dictation::Transcribing);
    let (provider, model, language) = &target;
    let request = match transcription_request(provider, model, language, &wav) {
        Ok(request) => request,
        Err(error) => {
            // Kept: the settings may be fixed (another account), then Try again.
            KEPT.set(Some((wav, target)));
            voice.live().kept.set(true);
            return fail(voice, VoiceProblem::Request(error));
        }
    };
    let controller = timed(TRANSCRIBE_MS);
    let signal = controller.as_ref().map(web_sys::AbortController::signal);
    CANCELLED.set(false);
    WAITING.set(controller);
    let outcome = request_text(voice, &request, &wav, provider.kind, signal.as_ref(), &|| CANCELLED.get()).await;
    WAITING.set(None);
    match outcome {
        Ok(text) if text.is_empty() => fail(voice, VoiceProblem::NothingHeard),
        Ok(text) => {
            voice.draft.fill(&text);
            voice.dictation.set(Dictation::Idle);
        }
        Err(why) => {
            KEPT.set(Some((wav, target)));
            voice.live().kept.set(true);
            fail(voice, why.map_or(VoiceProblem::Cancelled, VoiceProblem::NotTranscribed));
        }
    }
}

/// The text of the recording `wav` from the account `request` goes to
/// (stopped by `signal`), or why there is none: `Err(None)` when `cancelled`
/// says the user stopped it.
pub(super) async fn request_text(
    voice: VoiceContext,
    request: &TranscriptionRequest,
    wav: &[u8],
    kind: ProviderKind,
    signal: Option<&web_sys::AbortSignal>,
    cancelled: &dyn Fn() -> bool,
) -> Result<String, Option<String>> {
    let (opened, url) = match request {
        TranscriptionRequest::Form(form) => {
            (open_form(form, wav, "dictation.wav", "audio/wav", signal).await, &form.url)
        }
        TranscriptionRequest::Json(request) => (open(request, signal).await, &request.url),
    };
    let aborted = || signal.is_some_and(web_sys::AbortSignal::aborted);
    match opened {
        // Cut while its body was read: said as the cut, not as an unreadable answer.
        Ok(opened) => match answer(voice, opened, kind, url).await {
            Err(_) if aborted() && cancelled() => Err(None),
            Err(_) if aborted() => Err(Some(tr("No answer came within three minutes.").to_owned())),
            outcome => outcome,
        },
        Err(FetchFailure::Aborted) if cancelled() => Err(None),
        Err(FetchFailure::Aborted) => Err(Some(tr("No answer came within three minutes.").to_owned())),
        Err(failure) => Err(Some(unanswered(&failure, url, kind))),
    }
}

/// Ends the recording under way without sending it: its sound as 16 kHz
/// WAV and its length, for a voice note (`None`: none, or nothing recorded).
pub(super) fn end_recording(voice: VoiceContext) -> Option<(Vec<u8>, u64)> {
    starts::call_off();
    let session = SESSION.take()?;
    if let Some(mic) = session.mic {
        mic.close();
    }
    voice.live().level.set(0.0);
    voice.dictation.set(Dictation::Idle);
    (!session.pcm.is_empty()).then(|| (session.pcm.to_wav(), session.pcm.duration_ms()))
}

/// The text of a transcription's answer, or what its error says.
async fn answer(
    voice: VoiceContext,
    opened: Opened<'_>,
    kind: ProviderKind,
    url: &str,
) -> Result<String, Option<String>> {
    let status = opened.status();
    let streamed = opened.header("content-type").is_some_and(|mime| mime.starts_with("text/event-stream"));
    if opened.ok() && streamed {
        return streamed_text(voice, opened, url).await;
    }
    let ok = opened.ok();
    let body = opened.text().await;
    if ok {
        parse_transcription(kind, &body).map_err(|error| Some(error.message))
    } else {
        Err(Some(audio_error(kind, status, &body).message))
    }
}

/// A streamed transcription's text; its words show under the message box as they come.
async fn streamed_text(voice: VoiceContext, opened: Opened<'_>, url: &str) -> Result<String, Option<String>> {
    let heard = voice.live().heard;
    let mut decoder = SseDecoder::new();
    let mut stream = TranscriptionStream::new();
    let mut show = |events: Vec<SseEvent>| {
        for event in events {
            if stream.on_event(&event) {
                heard.set(Some(stream.heard().to_owned()));
            }
        }
    };
    let read = opened.read(|bytes| show(decoder.push(bytes))).await;
    show(decoder.finish());
    heard.set(None);
    match read {
        Ok(()) => stream.finish().map_err(|error| Some(error.message)),
        Err(failure) => Err(Some(unanswered(&failure, url, ProviderKind::OpenAi))),
    }
}

/// What a request to `url` that got no readable answer says (a status is read by the caller).
pub(super) fn unanswered(failure: &FetchFailure, url: &str, kind: ProviderKind) -> String {
    match failure {
        FetchFailure::Aborted => tr("It was stopped.").to_owned(),
        FetchFailure::Redirected => ProviderError::redirected(url).message,
        FetchFailure::Network(detail) => ProviderError::network(url, detail.clone()).message,
        FetchFailure::Status { status, body, .. } => audio_error(kind, *status, body).message,
    }
}
