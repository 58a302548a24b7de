//! "Read aloud", in the `voice` chunk: a reply's words (`spoken_text`, taken
//! by the reply's button: no code blocks, addresses or markdown marks) are read in pieces of whole
//! sentences, by the browser's own voices or by the chosen account's speech
//! API, as the settings say. With the provider, the next piece is asked for
//! while one plays, so the reading starts after the first sentences are made,
//! not the whole reply. One reply is read at a time: reading another, or
//! Stop, ends it.

use std::cell::{Cell, RefCell};

use futures::channel::oneshot;
use hearth_core::markdown::spoken_pieces;
use hearth_core::provider::audio::{Reader, SpeechRequest, VoiceSettings, audio_error, speech_audio, speech_request};
use hearth_core::provider::{HttpRequest, ProviderConfig, ProviderKind};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::context::VoiceContext;
use super::problem::{Job, VoiceProblem};
use crate::i18n::tr;
use crate::io::abort::timed;
use crate::io::fetch_stream::{FetchFailure, open};
use crate::io::media_session;
use crate::io::speech::{PlayError, Playing, browser_speaks, speak, stop_speaking};

/// The longest piece given to the browser's voice at a time (long
/// utterances stop short in some engines).
const BROWSER_PIECE: usize = 200;
/// The longest piece asked of a provider: small enough that the first comes
/// back quickly.
const PROVIDER_PIECE: usize = 400;
/// Gemini's speech models take few requests a minute: its pieces are longer.
const GEMINI_PIECE: usize = 2000;

thread_local! {
    /// Counts readings: a piece of an earlier one that ends late changes nothing.
    static GENERATION: Cell<u32> = const { Cell::new(0) };
    /// The provider's audio playing now.
    static PLAYING: RefCell<Option<Playing>> = const { RefCell::new(None) };
}

/// Reads the reply `id` (its words, `text`: `markdown::spoken_text` of its
/// markdown) aloud, in the voice named `name` (the agent's; empty: the settings').
pub(super) async fn read(voice: VoiceContext, id: String, text: String, name: String) {
    stop(voice);
    let live = voice.live();
    let generation = GENERATION.get();
    if text.is_empty() {
        return live.reading_problem.set(Some((id, VoiceProblem::NothingToRead.to_string())));
    }
    let mut settings = match voice.settings().await {
        Ok(settings) => settings,
        Err(problem) => return live.reading_problem.set(Some((id, problem.to_string()))),
    };
    if GENERATION.get() != generation {
        return; // Stopped, or another reply asked for, meanwhile.
    }
    if !name.is_empty() {
        settings.voice = name;
    }
    live.reading_problem.set(None);
    live.reading.set(Some(id.clone()));
    live.paused.set(false);
    // The system's controls (a phone's lock screen, a headset) pause and stop it too.
    let title: String = text.chars().take(80).collect();
    media_session::show(&title, "Hearth", move |action| match action {
        "play" => pause(voice, false),
        "pause" => pause(voice, true),
        _ => stop(voice),
    });
    let outcome = match settings.reader {
        Reader::Browser => read_in_browser(&text, &settings, generation).await,
        Reader::Provider => read_with_provider(voice, &text, &settings, generation).await,
    };
    if GENERATION.get() == generation {
        live.reading.set(None);
        media_session::clear();
        if let Err(problem) = outcome {
            live.reading_problem.set(Some((id, problem.to_string())));
        }
    }
}

/// Stops any reading.
pub(super) fn stop(voice: VoiceContext) {
    GENERATION.set(GENERATION.get().wrapping_add(1));
    stop_speaking();
    PLAYING.set(None);
    media_session::clear();
    let live = voice.live();
    live.reading.set(None);
    live.paused.set(false);
}

/// Pauses or resumes the reading.
pub(super) fn pause(voice: VoiceContext, paused: bool) {
    crate::io::speech::pause_speaking(paused);
    PLAYING.with_borrow(|playing| {
        if let Some(playing) = playing {
            playing.pause(paused);
        }
    });
    media_session::paused(paused);
    voice.live().paused.set(paused);
}

/// A channel that says when a piece has ended (and how), and its sender as a
/// callback that can be called once.
fn ended<T: 'static>() -> (impl FnOnce(T) + 'static, oneshot::Receiver<T>) {
    let (done, ended) = oneshot::channel::<T>();
    (move |value| drop(done.send(value)), ended)
}

async fn read_in_browser(text: &str, settings: &VoiceSettings, generation: u32) -> Result<(), VoiceProblem> {
    if !browser_speaks() {
        return Err(VoiceProblem::NoBrowserVoice);
    }
    for piece in spoken_pieces(text, BROWSER_PIECE) {
        let (done, ended) = ended::<()>();
        // Kept until the piece ends; dropped then, with its handler.
        let Some(_utterance) = speak(&piece, &settings.voice, &settings.language, settings.speed, || done(())) else {
            return Err(VoiceProblem::BrowserWouldNotSpeak);
        };
        let _ = ended.await;
        if GENERATION.get() != generation {
            return Ok(());
        }
    }
    Ok(())
}

async fn read_with_provider(
    voice: VoiceContext,
    text: &str,
    settings: &VoiceSettings,
    generation: u32,
) -> Result<(), VoiceProblem> {
    let provider = voice.account(settings.speech_account.as_deref(), Job::Reading)?;
    let piece = if provider.kind == ProviderKind::Gemini { GEMINI_PIECE } else { PROVIDER_PIECE };
    let pieces = spoken_pieces(text, piece);
    let mut next = pieces.first().map(|piece| ask(&provider, settings, piece));
    for index in 0..pieces.len() {
        let Some(asked) = next.take() else { break };
        let audio = asked.await.unwrap_or_else(|_| Err(VoiceProblem::NotSpoken(tr("It was stopped.").to_owned())))?;
        if GENERATION.get() != generation {
            return Ok(());
        }
        // The next piece is asked for now, and made while this one plays.
        next = pieces.get(index + 1).map(|piece| ask(&provider, settings, piece));
        let (done, ended) = ended::<Result<(), PlayError>>();
        let (audio, mime) = audio;
        // Gemini's speech takes no speed: it is played at the speed chosen.
        let rate = if provider.kind == ProviderKind::Gemini { settings.speed } else { 1.0 };
        let playing = Playing::start(&audio, &mime, rate, done).map_err(VoiceProblem::Play)?;
        // Paused while this piece was being made: it waits too.
        if voice.live().paused.get_untracked() {
            playing.pause(true);
        }
        PLAYING.set(Some(playing));
        let played = ended.await;
        PLAYING.set(None);
        if GENERATION.get() != generation {
            return Ok(());
        }
        if let Ok(Err(error)) = played {
            return Err(VoiceProblem::Play(error));
        }
    }
    Ok(())
}

/// Starts asking for one piece's audio; its answer comes on the channel.
fn ask(
    provider: &ProviderConfig,
    settings: &VoiceSettings,
    piece: &str,
) -> oneshot::Receiver<Result<Audio, VoiceProblem>> {
    let (answer, answered) = oneshot::channel();
    let (provider, settings, piece) = (provider.clone(), settings.clone(), piece.to_owned());
    spawn_local(async move {
        let _ = answer.send(spoken(&provider, &settings, &piece).await);
    });
    answered
}

/// Audio the provider made: its bytes and media type.
type Audio = (Vec<u8>, String);

/// The longest wait for one piece's audio, in milliseconds.
const SPEECH_MS: i32 = 60_000;

/// One piece's audio from the provider, as a file the browser plays, and its media type.
async fn spoken(provider: &ProviderConfig, settings: &VoiceSettings, piece: &str) -> Result<Audio, VoiceProblem> {
    let speech =
        SpeechRequest { model: &settings.speech_model, voice: &settings.voice, speed: settings.speed, input: piece };
    let request: HttpRequest = speech_request(provider, &speech).map_err(VoiceProblem::Request)?;
    // A server that never answers is given up on.
    let signal = timed(SPEECH_MS).map(|controller| controller.signal());
    let kind = provider.kind;
    let given_up = || VoiceProblem::NotSpoken(tr("No answer came within a minute.").to_owned());
    let aborted = || signal.as_ref().is_some_and(web_sys::AbortSignal::aborted);
    match open(&request, signal.as_ref()).await {
        Ok(opened) if opened.ok() => {
            let mime = opened.header("content-type");
            let body = opened.bytes().await;
            if aborted() {
                return Err(given_up()); // Cut while its audio was read.
            }
            speech_audio(kind, mime.as_deref(), body).map_err(|error| VoiceProblem::NotSpoken(error.message))
        }
        Err(FetchFailure::Aborted) => Err(given_up()),
        Ok(opened) => {
            let status = opened.status();
            let body = opened.text().await;
            Err(VoiceProblem::NotSpoken(audio_error(kind, status, &body).message))
        }
        Err(failure) => Err(VoiceProblem::NotSpoken(super::dictation::unanswered(&failure, &request.url, kind))),
    }
}
