//! Realtime talk, in the `voice` chunk: a spoken conversation with the model
//! of the conversation's account, over Gemini's Live API (a WebSocket to
//! Google with the account's key; `hearth_core::provider::gemini::live`).
//! The microphone streams as 16 kHz PCM once the session is set up (hands-free,
//! or only while "Hold to talk" is held); the answer's sound plays as it comes
//! and stops when the user speaks over it (the server says `interrupted`);
//! each turn's words, both sides, become messages of the conversation
//! (`ChatContext::keep_exchange`). Ending the talk, or the server ending it,
//! keeps what was said of the turn under way and says why it ended.

use std::cell::RefCell;

use hearth_core::format::audio::Pcm16;
use hearth_core::provider::ProviderKind;
use hearth_core::provider::gemini::live;
use hearth_core::provider::realtime::{TalkEvent, Transcript};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::context::VoiceContext;
use super::problem::VoiceProblem;
use super::starts;
use super::talk_view::TalkView;
use crate::chat::state::ChatContext;
use crate::chat::state::talk_turn::{Speaker, TalkPlace};
use crate::composer::state::dictation::Dictation;
use crate::io::microphone::Microphone;
use crate::io::pcm_player::PcmPlayer;
use crate::io::socket::Socket;
use crate::io::timer::sleep;

/// How long words may still come after the server says a turn is over
/// (Google does not order transcriptions with the rest), in milliseconds.
const LATE_WORDS_MS: i32 = 400;

/// The talk under way.
struct Talk {
    chat: ChatContext,
    speaker: (String, String),
    /// Where its turns go.
    place: TalkPlace,
    /// The conversation so far, sent once the session is set up.
    history: Option<String>,
    /// Turns ended so far (a turn's end waits [`LATE_WORDS_MS`] for late words).
    turns: u32,
    socket: Option<Socket>,
    mic: Option<Microphone>,
    player: Option<PcmPlayer>,
    pcm: Pcm16,
    transcript: Transcript,
}

/// Why a talk ended when the microphone went away.
const MICROPHONE_GONE: &str =
    "The microphone went away (unplugged, or its permission taken back); what was said is kept.";

thread_local! {
    static TALK: RefCell<Option<Talk>> = const { RefCell::new(None) };
}

/// Starts a talk with the conversation's account (see the module documentation).
pub(super) async fn start(voice: VoiceContext, chat: ChatContext) {
    // Ended before it started (a second press while the code loaded), or already under way.
    if TALK.with_borrow(Option::is_some) || voice.dictation.get_untracked() != Dictation::Talking {
        return;
    }
    let id = starts::next();
    let live = voice.live();
    live.problem.set(None);
    let Some(entry) = chat.account() else {
        return voice.fail_dictation(VoiceProblem::Talk(
            "Choose a model for this conversation first: Talk speaks with its account.".to_owned(),
        ));
    };
    if entry.provider.key_is_locked() {
        return voice.fail_dictation(VoiceProblem::Talk("The API keys are locked; unlock them to talk.".to_owned()));
    }
    let provider = entry.provider.config();
    if provider.kind != ProviderKind::Gemini {
        return voice.fail_dictation(VoiceProblem::Talk(format!(
            "Talk works with a Gemini account (its Live API); {} is not one. Switch this conversation to a Gemini model to talk.",
            entry.provider.name
        )));
    }
    let settings = match voice.settings().await {
        Ok(settings) => settings,
        Err(problem) => return voice.fail_dictation(problem),
    };
    if !starts::is_current(id) {
        return; // Ended while the settings were read.
    }
    let model = if settings.talk_model.trim().is_empty() {
        live::DEFAULT_MODEL.to_owned()
    } else {
        settings.talk_model.trim().to_owned()
    };
    let agent_voice = untrack(|| chat.agent()).voice;
    let setup = live::setup(&model, &chat.talk_prompt(&model), &[], &agent_voice);
    // The conversation so far goes once the session is set up, so the model answers in its context.
    let history = live::history(&chat.talk_history());
    voice.dictation.set(Dictation::Talking);
    live.talk.set(TalkView {
        with: entry.provider.name.clone(),
        connecting: true,
        hands_free: true,
        ..TalkView::default()
    });
    let on_open = move || send(&setup);
    let on_message = move |text: String| on_message(voice, &text);
    // Ended after the socket's handler returns: ending drops the handler.
    let on_close = move |code: u16, reason: String| {
        let why = live::close_reason(code, &reason);
        spawn_local(async move { end(voice, Some(why)) });
    };
    let socket = match Socket::open(&live::live_url(&provider), on_open, on_message, on_close) {
        Ok(socket) => socket,
        Err(_) => return fail(voice, "This browser refused to connect to Gemini's Live API.".to_owned()),
    };
    let speaker = (entry.id().to_owned(), model);
    TALK.set(Some(Talk {
        chat,
        speaker,
        place: chat.talk_place(),
        history,
        turns: 0,
        socket: Some(socket),
        mic: None,
        player: PcmPlayer::new(),
        pcm: Pcm16::new(),
        transcript: Transcript::new(),
    }));
}

/// Sends `text` on the talk's socket.
fn send(text: &str) {
    TALK.with_borrow(|talk| {
        if let Some(socket) = talk.as_ref().and_then(|talk| talk.socket.as_ref()) {
            socket.send(text);
        }
    });
}

/// One message from the server.
fn on_message(voice: VoiceContext, text: &str) {
    for event in live::parse(text) {
        on_event(voice, event);
    }
}

fn on_event(voice: VoiceContext, event: TalkEvent) {
    let view = voice.live().talk;
    match &event {
        TalkEvent::Ready => {
            view.update(|view| view.connecting = false);
            if let Some(history) = TALK.with_borrow_mut(|talk| talk.as_mut().and_then(|talk| talk.history.take())) {
                send(&history);
            }
            spawn_local(open_microphone(voice));
        }
        TalkEvent::ModelAudio { pcm, rate } => {
            TALK.with_borrow_mut(|talk| {
                if let Some(player) = talk.as_mut().and_then(|talk| talk.player.as_mut()) {
                    player.play(pcm, *rate);
                }
            });
            view.update(|view| view.answering = true);
        }
        TalkEvent::Interrupted => {
            TALK.with_borrow_mut(|talk| {
                if let Some(player) = talk.as_mut().and_then(|talk| talk.player.as_mut()) {
                    player.cut();
                }
            });
        }
        TalkEvent::ToolCall { id, name, .. } => {
            // Not offered in the setup; a server that asks anyway is told no.
            send(&live::tool_response(id, name, "Tools are not available while talking.", true));
        }
        TalkEvent::Ending(left) => view.update(|view| view.ending = Some(left.clone())),
        TalkEvent::Error(message) => view.update(|view| view.ending = Some(message.clone())),
        _ => {}
    }
    if event == TalkEvent::TurnDone {
        // Kept once late words have had their moment.
        view.update(|view| view.answering = false);
        let turn = TALK.with_borrow(|talk| talk.as_ref().map(|talk| talk.turns));
        spawn_local(async move {
            sleep(LATE_WORDS_MS).await;
            if end_turn(turn) {
                // The turn is in the conversation now: the panel starts afresh.
                view.update(|view| {
                    view.user.clear();
                    view.model.clear();
                });
            }
        });
        return;
    }
    TALK.with_borrow_mut(|talk| {
        let Some(talk) = talk.as_mut() else { return };
        talk.transcript.on(&event);
        let current = talk.transcript.current().clone();
        view.update(|view| {
            view.user = current.user;
            view.model = current.model;
            if event == TalkEvent::Interrupted {
                view.answering = false;
            }
        });
    });
}

/// Ends turn number `turn` (when no later turn ended meanwhile) and keeps
/// it; whether it did.
fn end_turn(turn: Option<u32>) -> bool {
    TALK.with_borrow_mut(|talk| {
        let Some(talk) = talk.as_mut().filter(|talk| Some(talk.turns) == turn) else { return false };
        talk.turns += 1;
        if let Some(exchange) = talk.transcript.on(&TalkEvent::TurnDone) {
            keep(talk, exchange);
        }
        true
    })
}

/// Keeps `exchange` in the talk's conversation; its next turn follows it.
fn keep(talk: &mut Talk, exchange: hearth_core::provider::realtime::Exchange) {
    let (account, model) = talk.speaker.clone();
    if let Some(next) = talk.chat.keep_exchange(exchange, Speaker { account, model }, &talk.place) {
        talk.place = next;
    }
}

/// The conversation shown is now `current`: a talk that belongs elsewhere ends.
pub(super) fn left(voice: VoiceContext, current: Option<&str>) {
    let elsewhere = TALK.with_borrow(|talk| talk.as_ref().is_some_and(|talk| talk.place.session.as_deref() != current));
    if elsewhere {
        end(voice, None);
    }
}

/// Opens the microphone and streams it (hands-free, or while held).
async fn open_microphone(voice: VoiceContext) {
    let view = voice.live().talk;
    let on_block = move |block: &[f32], rate: f32| {
        let bytes = TALK.with_borrow_mut(|talk| {
            let talk = talk.as_mut()?;
            talk.pcm.push(block, rate);
            Some(talk.pcm.take_le_bytes())
        });
        let speaking = view.with_untracked(|view| view.hands_free || view.held);
        if let Some(bytes) = bytes.filter(|bytes| speaking && !bytes.is_empty()) {
            send(&live::audio(&bytes));
        }
    };
    let on_ended = move || spawn_local(async move { end(voice, Some(MICROPHONE_GONE.to_owned())) });
    match Microphone::open(on_block, on_ended).await {
        // Ended while the browser asked: the microphone closes as it drops.
        Ok(mic) => TALK.with_borrow_mut(|talk| {
            if let Some(talk) = talk.as_mut() {
                talk.mic = Some(mic);
            }
        }),
        Err(error) => end(voice, Some(VoiceProblem::Microphone(error).to_string())),
    }
}

/// "Hold to talk" let go: the server is told the user's speech ended.
pub(super) fn released() {
    send(r#"{"realtimeInput":{"audioStreamEnd":true}}"#);
}

/// Ends the talk: keeps what was said of the turn under way, and says why
/// it ended when the user did not end it (`why`).
pub(super) fn end(voice: VoiceContext, why: Option<String>) {
    starts::call_off();
    let Some(mut talk) = TALK.take() else {
        // Ended while it started: nothing is opened.
        if voice.dictation.get_untracked() == Dictation::Talking {
            voice.dictation.set(Dictation::Idle);
        }
        return;
    };
    if let Some(mic) = talk.mic.take() {
        mic.close();
    }
    if let Some(socket) = talk.socket.take() {
        socket.close();
    }
    drop(talk.player.take());
    if let Some(exchange) = talk.transcript.finish() {
        keep(&mut talk, exchange);
    }
    voice.live().talk.set(TalkView::default());
    match why {
        Some(why) => fail(voice, why),
        None => voice.dictation.set(Dictation::Idle),
    }
}

fn fail(voice: VoiceContext, why: String) {
    voice.fail_dictation(VoiceProblem::Talk(why));
}
