//! Realtime talk, in the `voice` chunk: a spoken conversation with the model
//! of the conversation's account (started in `talk_start`), over Gemini's
//! Live API (a WebSocket to Google with the account's key;
//! `hearth_core::provider::gemini::live`) or OpenAI's Realtime API (a WebRTC
//! call; `hearth_core::provider::openai::realtime`). With Gemini the
//! microphone streams as 16 kHz PCM once the session is set up and the
//! answer's sound plays as it comes; with OpenAI both are the call's tracks.
//! Either way the microphone is heard hands-free, or only while "Hold to
//! talk" is held, and speaking over an answer stops it (barge-in); each
//! turn's words, both sides, become messages of the conversation
//! (`ChatContext::keep_exchange`). Ending the talk, or the server ending it,
//! keeps what was said of the turn under way and says why it ended.

use std::cell::RefCell;

use hearth_core::format::audio::Pcm16;
use hearth_core::provider::gemini::live;
use hearth_core::provider::openai::realtime;
use hearth_core::provider::realtime::{Exchange, TalkCall, TalkEvent, Transcript};
use hearth_core::tools::STOPPED_BY_USER;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::rc::Rc;
use web_sys::AbortController;

use super::context::VoiceContext;
use super::problem::VoiceProblem;
use super::starts;
use super::talk_view::TalkView;
use crate::chat::state::ChatContext;
use crate::chat::state::code::ReplyCode;
use crate::chat::state::talk_tools::{TalkCallAsk, TalkToolbox};
use crate::chat::state::talk_turn::{Speaker, TalkPlace};
use crate::composer::state::dictation::Dictation;
use crate::i18n::tr;
use crate::io::clock::now_ms;
use crate::io::microphone::Microphone;
use crate::io::pcm_player::PcmPlayer;
use crate::io::peer_call::PeerCall;
use crate::io::socket::Socket;
use crate::io::timer::sleep;

/// How long words may still come after the server says a turn is over
/// (Google does not order transcriptions with the rest), in milliseconds.
const LATE_WORDS_MS: i32 = 400;

/// The talk under way.
pub(super) struct Talk {
    pub(super) chat: ChatContext,
    /// The account and model answering.
    pub(super) speaker: (String, String),
    /// Where its turns go.
    pub(super) place: TalkPlace,
    /// The conversation so far, sent once the session is set up.
    pub(super) history: Vec<String>,
    /// Turns ended so far (a turn's end waits [`LATE_WORDS_MS`] for late words).
    turns: u32,
    /// How the talk reaches the model (none while it connects).
    link: Option<Link>,
    /// What was sent before the link was made, sent once it is: a call's
    /// channel may bring the server's first event (and the conversation
    /// goes out then) before the browser says it took the call's answer.
    unsent: Vec<String>,
    mic: Option<Microphone>,
    /// Gemini's answer's sound (OpenAI's is the call's track).
    pub(super) player: Option<PcmPlayer>,
    pcm: Pcm16,
    transcript: Transcript,
    /// The agent's tools, offered to the model.
    pub(super) tools: Option<Rc<TalkTools>>,
    /// The calls running or waiting for approval, each kept as stopped if
    /// the talk ends first.
    calling: Vec<TalkCall>,
    /// Whether the turn under way ended while calls ran: it is kept once they are done.
    end_after_calls: bool,
    /// Which start made it (`starts`): a microphone the browser gives an
    /// earlier start is not taken.
    start: u32,
}

/// The tools a talk offers.
pub(super) struct TalkTools {
    /// The tools, and what their calls reach.
    pub(super) toolbox: Rc<TalkToolbox>,
    /// Where they run (the `reply` chunk).
    pub(super) code: &'static ReplyCode,
    /// Aborted when the talk ends: a call waiting for approval or running stops.
    pub(super) stop: Option<AbortController>,
}

impl Talk {
    /// A talk starting in `chat`'s conversation, not connected yet.
    pub(super) fn new(chat: ChatContext, speaker: (String, String), history: Vec<String>, start: u32) -> Self {
        Self {
            chat,
            speaker,
            place: chat.talk_place(),
            history,
            turns: 0,
            link: None,
            unsent: Vec::new(),
            mic: None,
            player: None,
            pcm: Pcm16::new(),
            transcript: Transcript::new(),
            tools: None,
            calling: Vec::new(),
            end_after_calls: false,
            start,
        }
    }
}

/// How a talk reaches the model.
pub(super) enum Link {
    /// Gemini's Live API.
    Live(Socket),
    /// OpenAI's Realtime API.
    Call(PeerCall),
}

impl Link {
    /// Sends `text` to the model.
    fn send(&self, text: &str) {
        match self {
            Link::Live(socket) => socket.send(text),
            Link::Call(call) => call.send(text),
        }
    }
}

thread_local! {
    static TALK: RefCell<Option<Talk>> = const { RefCell::new(None) };
}

/// Begins `talk` (ending any other).
pub(super) fn begin(talk: Talk) {
    TALK.set(Some(talk));
}

/// Whether a talk is under way (or starting).
pub(super) fn is_on() -> bool {
    TALK.with_borrow(Option::is_some)
}

/// Connects the talk under way through `link`; `false` (and `link` dropped)
/// when it ended meanwhile.
pub(super) fn connect(link: Link) -> bool {
    TALK.with_borrow_mut(|talk| match talk.as_mut() {
        Some(talk) => {
            for text in talk.unsent.drain(..) {
                link.send(&text);
            }
            talk.link = Some(link);
            true
        }
        None => false,
    })
}

/// Sends `text` to the model (once the link is made, while it is not).
pub(super) fn send(text: &str) {
    TALK.with_borrow_mut(|talk| match talk.as_mut() {
        Some(Talk { link: Some(link), .. }) => link.send(text),
        Some(talk) => talk.unsent.push(text.to_owned()),
        None => {}
    });
}

/// One message from Gemini's Live API.
pub(super) fn on_live_message(voice: VoiceContext, text: &str) {
    for event in live::parse(text) {
        on_event(voice, event);
    }
}

/// One event from OpenAI's Realtime API.
pub(super) fn on_call_message(voice: VoiceContext, text: &str) {
    for event in realtime::parse(text) {
        on_event(voice, event);
    }
}

/// Whether the talk goes to OpenAI (a call) rather than Gemini.
fn is_call() -> bool {
    TALK.with_borrow(|talk| matches!(talk.as_ref().and_then(|talk| talk.link.as_ref()), Some(Link::Call(_))))
}

fn on_event(voice: VoiceContext, event: TalkEvent) {
    let view = voice.live().talk;
    match &event {
        TalkEvent::Ready => {
            view.update(|view| view.connecting = false);
            let history = TALK.with_borrow_mut(|talk| talk.as_mut().map(|talk| std::mem::take(&mut talk.history)));
            for event in history.unwrap_or_default() {
                send(&event);
            }
            // OpenAI's call carries the microphone already.
            if TALK.with_borrow(|talk| talk.as_ref().is_some_and(|talk| talk.mic.is_none())) {
                spawn_local(async move {
                    let _ = open_microphone(voice).await;
                });
            }
        }
        TalkEvent::ModelWords(_) => view.update(|view| view.answering = true),
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
        TalkEvent::ToolCall { id, name, arguments } => {
            // Counted at once: the calls of one response all run before it goes on.
            let call =
                TalkCall { id: id.clone(), name: name.clone(), arguments: arguments.clone(), ..TalkCall::default() };
            if let Some(tools) = TALK.with_borrow_mut(|talk| talk.as_mut().and_then(|talk| talk.began(call.clone()))) {
                spawn_local(call_tool(voice, tools, call));
            }
        }
        TalkEvent::UserSpeaking => view.update(|view| view.answering = false),
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
                afresh(voice);
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

impl Talk {
    /// Counts `call` as running (stopped, unless it ends); the tools it runs with.
    fn began(&mut self, mut call: TalkCall) -> Option<Rc<TalkTools>> {
        let tools = self.tools.clone()?;
        STOPPED_BY_USER.clone_into(&mut call.result);
        call.is_error = true;
        self.calling.push(call);
        Some(tools)
    }

    /// Keeps `call`, done, with the turn under way; whether it was the last
    /// one running, and whether the turn is over with it.
    fn done(&mut self, call: TalkCall) -> (bool, bool) {
        self.calling.retain(|running| running.id != call.id);
        self.transcript.called(call);
        let last = self.calling.is_empty();
        (last, last && std::mem::take(&mut self.end_after_calls))
    }

    /// Ends the turn under way and keeps it.
    fn close_turn(&mut self) {
        self.turns += 1;
        if let Some(exchange) = self.transcript.on(&TalkEvent::TurnDone) {
            keep(self, exchange);
        }
    }
}

/// Runs `call` with `tools` (asking first as the agent's choices say),
/// hands its result back and keeps it with its turn, which waits for its
/// calls. A call whose talk ended meanwhile was kept as stopped by [`end`].
async fn call_tool(voice: VoiceContext, tools: Rc<TalkTools>, call: TalkCall) {
    let started = now_ms();
    let turn = TALK.with_borrow(|talk| talk.as_ref().map_or(0, |talk| talk.turns));
    let ask = TalkCallAsk { id: call.id.clone(), name: call.name.clone(), arguments: call.arguments.clone(), turn };
    let (result, is_error) = (tools.code.talk_call)(tools.toolbox.clone(), ask).await;
    let call = TalkCall { result, is_error, duration_ms: elapsed(started), ..call };
    // Only the talk that asked hears of it.
    let same = TALK.with_borrow(|talk| {
        talk.as_ref().and_then(|talk| talk.tools.as_ref()).is_some_and(|now| Rc::ptr_eq(now, &tools))
    });
    if !same {
        return;
    }
    if is_call() {
        send(&realtime::function_output(&call.id, &call.result));
    } else {
        send(&live::tool_response(&call.id, &call.name, &call.result, call.is_error));
    }
    let (last, turn_over) = TALK.with_borrow_mut(|talk| talk.as_mut().map_or((false, false), |talk| talk.done(call)));
    if last && is_call() {
        // One request for the answer, once every call of the response has its result.
        send(realtime::RESPONSE_CREATE);
    }
    if turn_over {
        TALK.with_borrow_mut(|talk| talk.as_mut().map(Talk::close_turn));
        afresh(voice);
    }
}

/// The turn is in the conversation now: the panel starts afresh.
fn afresh(voice: VoiceContext) {
    voice.live().talk.update(|view| {
        view.user.clear();
        view.model.clear();
    });
}

/// Milliseconds since `started` (`now_ms`).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // A call's duration, positive and small.
fn elapsed(started: f64) -> u64 {
    (now_ms() - started).max(0.0) as u64
}

/// Ends turn number `turn` (when no later turn ended meanwhile) and keeps
/// it; whether it did. A turn with calls running is kept once they are done.
fn end_turn(turn: Option<u32>) -> bool {
    TALK.with_borrow_mut(|talk| {
        let Some(talk) = talk.as_mut().filter(|talk| Some(talk.turns) == turn) else { return false };
        if !talk.calling.is_empty() {
            talk.end_after_calls = true;
            return false;
        }
        talk.close_turn();
        true
    })
}

/// Keeps `exchange` in the talk's conversation; its next turn follows it.
fn keep(talk: &mut Talk, exchange: Exchange) {
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

/// Opens the microphone and has it heard (hands-free, or while held): its
/// stream (a `MediaStream`), or `None` when it could not be opened (the talk
/// ended, saying why) or the talk ended while the browser asked.
pub(super) async fn open_microphone(voice: VoiceContext) -> Option<wasm_bindgen::JsValue> {
    let view = voice.live().talk;
    let start = TALK.with_borrow(|talk| talk.as_ref().map(|talk| talk.start))?;
    let ours = move |talk: &Talk| talk.start == start;
    let on_block = move |block: &[f32], rate: f32| {
        let speaking = view.with_untracked(|view| view.hands_free || view.held);
        let bytes = TALK.with_borrow_mut(|talk| {
            let talk = talk.as_mut()?;
            match &talk.link {
                Some(Link::Call(call)) => {
                    call.send_sound(speaking);
                    return None;
                }
                // Sound is not kept for later, unlike the talk's messages.
                None => return None,
                Some(Link::Live(_)) => {}
            }
            talk.pcm.push(block, rate);
            Some(talk.pcm.take_le_bytes())
        });
        if let Some(bytes) = bytes.filter(|bytes| speaking && !bytes.is_empty()) {
            send(&live::audio(&bytes));
        }
    };
    // Why the talk ended when the microphone went away.
    let on_ended = move || {
        let why = tr("The microphone went away (unplugged, or its permission taken back); what was said is kept.");
        spawn_local(async move { end(voice, Some(why.to_owned())) });
    };
    match Microphone::open(on_block, on_ended).await {
        // Ended while the browser asked (another talk may be starting): the microphone closes as it drops.
        Ok(mic) => TALK.with_borrow_mut(|talk| {
            let talk = talk.as_mut().filter(|talk| ours(talk))?;
            let stream = mic.stream().clone();
            talk.mic = Some(mic);
            Some(stream)
        }),
        Err(error) => {
            if TALK.with_borrow(|talk| talk.as_ref().is_some_and(ours)) {
                end(voice, Some(VoiceProblem::Microphone(error).to_string()));
            }
            None
        }
    }
}

/// "Hold to talk" let go: Gemini is told the user's speech ended (OpenAI
/// hears the call's sound go quiet).
pub(super) fn released() {
    if !is_call() {
        send(r#"{"realtimeInput":{"audioStreamEnd":true}}"#);
    }
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
    drop(talk.link.take());
    drop(talk.player.take());
    if let Some(stop) = talk.tools.take().and_then(|tools| tools.stop.clone()) {
        stop.abort();
    }
    // Calls still running or waiting are kept, stopped.
    for call in std::mem::take(&mut talk.calling) {
        talk.transcript.called(call);
    }
    if let Some(exchange) = talk.transcript.finish() {
        keep(&mut talk, exchange);
    }
    voice.live().talk.set(TalkView::default());
    match why {
        Some(why) => fail(voice, why),
        None => voice.dictation.set(Dictation::Idle),
    }
}

pub(super) fn fail(voice: VoiceContext, why: String) {
    voice.fail_dictation(VoiceProblem::Talk(why));
}
