//! Starting a talk (see `talk`): the conversation's account decides how.
//! A Gemini account opens Google's Live API over a WebSocket with its key.
//! An OpenAI account opens the microphone, asks OpenAI for a short-lived
//! secret with its key, and makes a WebRTC call to OpenAI with that secret
//! and the browser's offer; the key goes only to OpenAI, in that one request.

use hearth_core::provider::audio::{VoiceSettings, audio_error};
use hearth_core::provider::gemini::live;
use hearth_core::provider::openai::realtime::{self, SessionSetup};
use hearth_core::provider::{HttpRequest, ProviderConfig, ProviderKind};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::rc::Rc;
use web_sys::AbortController;

use super::context::VoiceContext;
use super::problem::VoiceProblem;
use super::starts;
use super::talk::{self, Link, Talk, TalkTools};
use super::talk_view::TalkView;
use crate::chat::state::ChatContext;
use crate::composer::state::dictation::Dictation;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::fetch_stream::open;
use crate::io::pcm_player::PcmPlayer;
use crate::io::peer_call::PeerCall;
use crate::io::socket::Socket;

/// Starts a talk with the conversation's account (see the module documentation).
pub(super) async fn start(voice: VoiceContext, chat: ChatContext) {
    // Ended before it started (a second press while the code loaded), or already under way.
    if talk::is_on() || voice.dictation.get_untracked() != Dictation::Talking {
        return;
    }
    let id = starts::next();
    let live = voice.live();
    live.problem.set(None);
    let Some(entry) = chat.account() else {
        return voice.fail_dictation(VoiceProblem::Talk(
            tr("Choose a model for this conversation first: Talk speaks with its account.").to_owned(),
        ));
    };
    if entry.provider.key_is_locked() {
        return voice
            .fail_dictation(VoiceProblem::Talk(tr("The API keys are locked; unlock them to talk.").to_owned()));
    }
    let provider = entry.provider.config();
    if !matches!(provider.kind, ProviderKind::Gemini | ProviderKind::OpenAi) {
        let name = &entry.provider.name;
        return voice.fail_dictation(VoiceProblem::Talk(tr_with(
            "voice-talk-unsupported-account",
            &[("name", Arg::Text(name))],
            || {
                format!(
                    "Talk works with a Gemini account (its Live API) or OpenAI (its Realtime API); {name} is neither. Switch this conversation to one of their models to talk."
                )
            },
        )));
    }
    let settings = match voice.settings().await {
        Ok(settings) => settings,
        Err(problem) => return voice.fail_dictation(problem),
    };
    // The agent's tools are offered; a call waiting or running stops when the talk ends.
    // They run where a turn's tools run, the `reply` chunk (loaded here if nothing was typed yet).
    let code = match crate::chat::state::code::load().await {
        Ok(code) => code,
        Err(error) => return voice.fail_dictation(VoiceProblem::Talk(error.to_string())),
    };
    let stop = AbortController::new().ok();
    let toolbox = Rc::new((code.talk_tools)(chat, stop.as_ref().map(AbortController::signal)).await);
    if !starts::is_current(id) {
        return; // Ended while the settings and tools were read.
    }
    let tools = Rc::new(TalkTools { toolbox, code, stop });
    voice.dictation.set(Dictation::Talking);
    live.talk.set(TalkView {
        with: entry.provider.name.clone(),
        connecting: true,
        hands_free: true,
        ..TalkView::default()
    });
    let account = entry.id().to_owned();
    if provider.kind == ProviderKind::Gemini {
        start_live(voice, chat, (account, &provider), &settings, (tools, id));
    } else {
        start_call(voice, chat, (account, provider), &settings, tools, id).await;
    }
}

/// The talk's model: the one chosen in the settings, or `default`.
fn model(settings: &VoiceSettings, default: &str) -> String {
    let chosen = settings.talk_model.trim();
    if chosen.is_empty() { default.to_owned() } else { chosen.to_owned() }
}

/// Opens Gemini's Live API; the microphone opens once the session is set up.
fn start_live(
    voice: VoiceContext,
    chat: ChatContext,
    (account, provider): (String, &ProviderConfig),
    settings: &VoiceSettings,
    (tools, id): (Rc<TalkTools>, u32),
) {
    let model = model(settings, live::DEFAULT_MODEL);
    let agent_voice = untrack(|| chat.agent()).voice;
    let setup =
        live::setup(&model, &chat.talk_prompt(&model, &tools.toolbox.specs), &tools.toolbox.specs, &agent_voice);
    // The conversation so far goes once the session is set up, so the model answers in its context.
    let history = live::history(&chat.talk_history()).into_iter().collect();
    let mut started = Talk::new(chat, (account, model), history, id);
    started.player = PcmPlayer::new();
    started.tools = Some(tools);
    talk::begin(started);
    let on_open = move || talk::send(&setup);
    let on_message = move |text: String| talk::on_live_message(voice, &text);
    // Ended after the socket's handler returns: ending drops the handler.
    let on_close = move |code: u16, reason: String| {
        let why = live::close_reason(code, &reason);
        spawn_local(async move { talk::end(voice, Some(why)) });
    };
    match Socket::open(&live::live_url(provider), on_open, on_message, on_close) {
        Ok(socket) => {
            talk::connect(Link::Live(socket));
        }
        Err(_) => talk::end(voice, Some(tr("This browser refused to connect to Gemini's Live API.").to_owned())),
    }
}

/// Calls OpenAI's Realtime API (see the module documentation).
async fn start_call(
    voice: VoiceContext,
    chat: ChatContext,
    (account, provider): (String, ProviderConfig),
    settings: &VoiceSettings,
    tools: Rc<TalkTools>,
    id: u32,
) {
    let model = model(settings, realtime::DEFAULT_MODEL);
    let setup = SessionSetup {
        model: model.clone(),
        instructions: chat.talk_prompt(&model, &tools.toolbox.specs),
        tools: tools.toolbox.specs.clone(),
        voice: untrack(|| chat.agent()).voice,
        transcription_model: String::new(),
        language: settings.language.clone(),
    };
    let mut started = Talk::new(chat, (account, model), realtime::history(&chat.talk_history()), id);
    started.tools = Some(tools);
    talk::begin(started);
    let ended = move || !starts::is_current(id) || !talk::is_on();
    let Some(microphone) = talk::open_microphone(voice).await else { return };
    if ended() {
        return; // Ended while the browser asked for the microphone.
    }
    let secret = match ask(&realtime::client_secret_request(&provider, &setup), &provider).await {
        Ok(body) => realtime::parse_client_secret(&body),
        Err(why) => return stop(voice, ended(), why),
    };
    let Some(secret) = secret else {
        return stop(
            voice,
            ended(),
            tr("OpenAI's answer had no session secret in it; try again in a moment.").to_owned(),
        );
    };
    if ended() {
        return;
    }
    let on_message = move |text: String| talk::on_call_message(voice, &text);
    // Why a call ended that the user did not end.
    let on_lost = move || {
        let why = tr("The call with OpenAI was lost (the network, or OpenAI ended it); what was said is kept.");
        spawn_local(async move { talk::end(voice, Some(why.to_owned())) });
    };
    let (call, offer) = match PeerCall::offer(&microphone, realtime::DATA_CHANNEL, on_message, on_lost).await {
        Ok(made) => made,
        Err(refused) => {
            let why = tr_with("voice-talk-call-refused", &[("error", Arg::Text(&refused.0))], || {
                format!("This browser could not make the call ({}); try again, or talk in another browser.", refused.0)
            });
            return stop(voice, ended(), why);
        }
    };
    if ended() {
        return; // Ended while the browser gathered its addresses: no offer goes.
    }
    let answer = ask(&realtime::call_request(&provider, &secret, &offer), &provider).await;
    if ended() {
        return; // The call is dropped with its answer.
    }
    let answered = match answer {
        Ok(answer) => call.answer(&answer).await.map_err(|refused| {
            tr_with("voice-talk-answer-unusable", &[("error", Arg::Text(&refused.0))], || {
                format!("OpenAI's answer to the call was not usable ({}); try again in a moment.", refused.0)
            })
        }),
        Err(why) => Err(why),
    };
    match answered {
        Ok(()) => {
            talk::connect(Link::Call(call));
        }
        Err(why) => stop(voice, ended(), why),
    }
}

/// Ends the starting talk saying `why`, unless it was ended meanwhile.
fn stop(voice: VoiceContext, ended: bool, why: String) {
    if !ended {
        talk::end(voice, Some(why));
    }
}

/// Sends `request` to OpenAI: the answer's body, or what went wrong, in a sentence.
async fn ask(request: &HttpRequest, provider: &ProviderConfig) -> Result<String, String> {
    let unanswered = |failure| super::dictation::unanswered(&failure, &request.url, provider.kind);
    let opened = open(request, None).await.map_err(unanswered)?;
    let (ok, status) = (opened.ok(), opened.status());
    let body = opened.text().await;
    if ok {
        return Ok(body);
    }
    let said = audio_error(provider.kind, status, &body).message;
    let args = [("answer", Arg::Text(&said))];
    Err(if status == 404 {
        tr_with("voice-talk-no-realtime", &args, || {
            format!(
                "This account offers no Realtime API (it answered: {said}). Talk works with OpenAI itself and with Gemini."
            )
        })
    } else {
        tr_with("voice-talk-call-refused-by-openai", &args, || format!("OpenAI refused the call: {said}"))
    })
}
