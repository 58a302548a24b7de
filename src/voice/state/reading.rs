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
use hearth_core::provider::audio::{Reader, SpeechRequest, VoiceSettings, speech_request};
use hearth_core::provider::openai::parse_error_body;
use hearth_core::provider::{HttpRequest, ProviderConfig};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::context::{VOICE, VoiceContext};
use crate::io::fetch_stream::open;
use crate::io::speech::{Playing, browser_speaks, speak, stop_speaking};

/// The longest piece given to the browser's voice at a time (long
/// utterances stop short in some engines).
const BROWSER_PIECE: usize = 200;
/// The longest piece asked of a provider: small enough that the first comes
/// back quickly.
const PROVIDER_PIECE: usize = 400;

thread_local! {
    /// Counts readings: a piece of an earlier one that ends late changes nothing.
    static GENERATION: Cell<u32> = const { Cell::new(0) };
    /// The provider's audio playing now.
    static PLAYING: RefCell<Option<Playing>> = const { RefCell::new(None) };
}

/// Reads the reply `id` (its words, `text`: `markdown::spoken_text` of its markdown) aloud.
pub(super) async fn read(voice: VoiceContext, id: String, text: String) {
    stop(voice);
    let generation = GENERATION.get();
    if text.is_empty() {
        let why = "This reply has nothing to read aloud (only code, formulas or pictures).";
        return voice.reading_problem.set(Some((id, why.to_owned())));
    }
    let settings = match voice.store.setting(VOICE).await {
        Ok(value) => value.map(|value| VoiceSettings::from_stored(&value)).unwrap_or_default(),
        Err(error) => return voice.reading_problem.set(Some((id, error.to_string()))),
    };
    if GENERATION.get() != generation {
        return; // Stopped, or another reply asked for, meanwhile.
    }
    voice.reading_problem.set(None);
    voice.reading.set(Some(id.clone()));
    voice.paused.set(false);
    let outcome = match settings.reader {
        Reader::Browser => read_in_browser(&text, &settings, generation).await,
        Reader::Provider => read_with_provider(voice, &text, &settings, generation).await,
    };
    if GENERATION.get() == generation {
        voice.reading.set(None);
        if let Err(why) = outcome {
            voice.reading_problem.set(Some((id, why)));
        }
    }
}

/// Stops any reading.
pub(super) fn stop(voice: VoiceContext) {
    GENERATION.set(GENERATION.get().wrapping_add(1));
    stop_speaking();
    PLAYING.set(None);
    voice.reading.set(None);
    voice.paused.set(false);
}

/// Pauses or resumes the reading.
pub(super) fn pause(voice: VoiceContext, paused: bool) {
    crate::io::speech::pause_speaking(paused);
    PLAYING.with_borrow(|playing| {
        if let Some(playing) = playing {
            playing.pause(paused);
        }
    });
    voice.paused.set(paused);
}

async fn read_in_browser(text: &str, settings: &VoiceSettings, generation: u32) -> Result<(), String> {
    if !browser_speaks() {
        return Err("This browser has no voices of its own; choose the provider's voice under Settings → Voice.".into());
    }
    for piece in spoken_pieces(text, BROWSER_PIECE) {
        let (done, ended) = oneshot::channel::<()>();
        let done = RefCell::new(Some(done));
        let on_end = move || {
            if let Some(done) = done.borrow_mut().take() {
                let _ = done.send(());
            }
        };
        if !speak(&piece, &settings.voice, &settings.language, settings.speed, on_end) {
            return Err("The browser would not speak.".into());
        }
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
) -> Result<(), String> {
    let Some(account) = settings.speech_account.as_deref() else {
        return Err("Choose the account that reads aloud under Settings → Voice.".into());
    };
    let found = voice.providers.list.with_untracked(|list| list.iter().find(|e| e.id() == account).cloned());
    let Some(entry) = found else {
        return Err("The account chosen for reading aloud is gone; choose another under Settings → Voice.".into());
    };
    if entry.provider.key_is_locked() {
        return Err("The API keys are locked; unlock them to read aloud.".into());
    }
    let provider = entry.provider.config();
    let pieces = spoken_pieces(text, PROVIDER_PIECE);
    let mut next = pieces.first().map(|piece| ask(&provider, settings, piece));
    for index in 0..pieces.len() {
        let Some(asked) = next.take() else { break };
        let audio = asked.await.unwrap_or_else(|_| Err("It was stopped.".to_owned()))?;
        if GENERATION.get() != generation {
            return Ok(());
        }
        // The next piece is asked for now, and made while this one plays.
        next = pieces.get(index + 1).map(|piece| ask(&provider, settings, piece));
        let (done, ended) = oneshot::channel::<()>();
        let done = RefCell::new(Some(done));
        let on_end = move || {
            if let Some(done) = done.borrow_mut().take() {
                let _ = done.send(());
            }
        };
        let (audio, mime) = audio;
        let playing = Playing::start(&audio, &mime, 1.0, on_end)
            .map_err(|why| format!("The audio could not be played ({why})."))?;
        // Paused while this piece was being made: it waits too.
        if voice.paused.get_untracked() {
            playing.pause(true);
        }
        PLAYING.set(Some(playing));
        let _ = ended.await;
        PLAYING.set(None);
        if GENERATION.get() != generation {
            return Ok(());
        }
    }
    Ok(())
}

/// Starts asking for one piece's audio; its answer comes on the channel.
fn ask(provider: &ProviderConfig, settings: &VoiceSettings, piece: &str) -> oneshot::Receiver<Result<Audio, String>> {
    let (answer, answered) = oneshot::channel();
    let (provider, settings, piece) = (provider.clone(), settings.clone(), piece.to_owned());
    spawn_local(async move {
        let _ = answer.send(spoken(&provider, &settings, &piece).await);
    });
    answered
}

/// Audio the provider made: its bytes and media type.
type Audio = (Vec<u8>, String);

/// One piece's audio from the provider (MP3 asked for; the type it says it sent is used).
async fn spoken(provider: &ProviderConfig, settings: &VoiceSettings, piece: &str) -> Result<Audio, String> {
    let speech =
        SpeechRequest { model: &settings.speech_model, voice: &settings.voice, speed: settings.speed, input: piece };
    let request: HttpRequest = speech_request(provider, &speech).map_err(|e| e.to_string())?;
    match open(&request, None).await {
        Ok(opened) if opened.ok() => {
            let mime = opened
                .header("content-type")
                .filter(|m| m.starts_with("audio/"))
                .unwrap_or_else(|| "audio/mpeg".into());
            Ok((opened.bytes().await, mime))
        }
        Ok(opened) => {
            let status = opened.status();
            let body = opened.text().await;
            Err(parse_error_body(status, &body, None).message)
        }
        Err(failure) => Err(super::dictation::unanswered(&failure, &request.url)),
    }
}
