//! OpenAI's Realtime API, generally available version
//! (<https://platform.openai.com/docs/guides/realtime-webrtc>), over WebRTC:
//! the microphone and the model's voice are the peer connection's audio
//! tracks, and JSON events go over its `oai-events` data channel.
//!
//! The connection is made in two documented steps, so the account's key only
//! ever goes to OpenAI's origin in an ordinary request: `POST
//! {base}/realtime/client_secrets` with the key and the session (`type:
//! "realtime"`, the model, the agent's system prompt as `instructions`, its
//! tools as `function`s, the user's words transcribed, server voice activity
//! detection that answers and lets the user interrupt, the voice) returns a
//! short-lived secret (`value`); then `POST {base}/realtime/calls` with that
//! secret and the browser's SDP offer (`application/sdp`) returns the answer.
//!
//! Server events read ([`parse`]): `session.created`/`session.updated`,
//! `input_audio_buffer.speech_started`, the user's transcription
//! (`conversation.item.input_audio_transcription.delta`/`.completed`), the
//! answer's (`response.output_audio_transcript.delta`/`.done`),
//! `response.done` (cancelled when the user spoke over it; its completed
//! function calls) and `error`. Client events written: the conversation so
//! far ([`history`]), `conversation.item.create` of a `function_call_output`
//! per call ([`function_output`]) then one `response.create`.

use serde_json::{Value, json};

use crate::contract::{HttpRequest, ToolSpec};
use crate::provider::config::ProviderConfig;
use crate::provider::images::images_url;
use crate::provider::realtime::TalkEvent;

/// The model used when none is chosen.
pub const DEFAULT_MODEL: &str = "gpt-realtime";

/// The model that transcribes the user's words when none is chosen.
pub const DEFAULT_TRANSCRIPTION_MODEL: &str = "gpt-4o-mini-transcribe";

/// The data channel the events go over.
pub const DATA_CHANNEL: &str = "oai-events";

/// The voices OpenAI's realtime models speak with; a session naming another
/// would be refused, so one not among them is left out (the model's own).
pub const VOICES: [&str; 10] =
    ["alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar"];

/// What a session is set up with.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SessionSetup {
    /// The model (blank: [`DEFAULT_MODEL`]).
    pub model: String,
    /// The agent's system prompt.
    pub instructions: String,
    /// The agent's tools.
    pub tools: Vec<ToolSpec>,
    /// The voice (blank, or not one of [`VOICES`]: the model's own).
    pub voice: String,
    /// The model transcribing the user (blank: [`DEFAULT_TRANSCRIPTION_MODEL`]).
    pub transcription_model: String,
    /// The language the user speaks (ISO-639-1), or blank to let it tell.
    pub language: String,
}

/// The session object of `setup` (see the module documentation).
pub fn session(setup: &SessionSetup) -> Value {
    let or =
        |value: &str, default: &str| if value.trim().is_empty() { default.to_owned() } else { value.trim().to_owned() };
    let mut transcription = json!({ "model": or(&setup.transcription_model, DEFAULT_TRANSCRIPTION_MODEL) });
    if !setup.language.trim().is_empty() {
        transcription["language"] = json!(setup.language.trim());
    }
    let mut session = json!({
        "type": "realtime",
        "model": or(&setup.model, DEFAULT_MODEL),
        "audio": {
            "input": {
                "transcription": transcription,
                "turn_detection": { "type": "server_vad", "create_response": true, "interrupt_response": true },
            },
        },
    });
    if let Some(voice) = VOICES.iter().find(|known| known.eq_ignore_ascii_case(setup.voice.trim())) {
        session["audio"]["output"] = json!({ "voice": voice });
    }
    if !setup.instructions.trim().is_empty() {
        session["instructions"] = json!(setup.instructions);
    }
    if !setup.tools.is_empty() {
        let tools: Vec<Value> = setup
            .tools
            .iter()
            .map(|tool| json!({ "type": "function", "name": tool.name, "description": tool.description, "parameters": tool.parameters }))
            .collect();
        session["tools"] = json!(tools);
        session["tool_choice"] = json!("auto");
    }
    session
}

/// The request for a short-lived secret for a session set up with `setup`,
/// made with the account's key.
pub fn client_secret_request(provider: &ProviderConfig, setup: &SessionSetup) -> HttpRequest {
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    let key = provider.api_key.trim();
    if !key.is_empty() {
        headers.push(("authorization".to_owned(), format!("Bearer {key}")));
    }
    HttpRequest {
        method: "POST",
        url: images_url(&provider.base_url, "realtime/client_secrets"),
        headers,
        body: Some(json!({ "session": session(setup) }).to_string()),
    }
}

/// The secret in a client-secret response (`value`), if it has one.
pub fn parse_client_secret(body: &str) -> Option<String> {
    let value: Value = serde_json::from_str(body).ok()?;
    value.get("value").and_then(Value::as_str).map(str::trim).filter(|secret| !secret.is_empty()).map(str::to_owned)
}

/// The request that answers the browser's SDP `offer`, made with the secret.
pub fn call_request(provider: &ProviderConfig, secret: &str, offer: &str) -> HttpRequest {
    HttpRequest {
        method: "POST",
        url: images_url(&provider.base_url, "realtime/calls"),
        headers: vec![
            ("content-type".to_owned(), "application/sdp".to_owned()),
            ("authorization".to_owned(), format!("Bearer {secret}")),
        ],
        body: Some(offer.to_owned()),
    }
}

/// The conversation so far as `conversation.item.create` events (its text,
/// `true` for the user's turns), so the model answers in its context; sent
/// once the session is created, before the user speaks.
pub fn history(turns: &[(bool, String)]) -> Vec<String> {
    turns
        .iter()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(user, text)| {
            let (role, part) = if *user { ("user", "input_text") } else { ("assistant", "output_text") };
            let item = json!({ "type": "message", "role": role, "content": [{ "type": part, "text": text }] });
            json!({ "type": "conversation.item.create", "item": item }).to_string()
        })
        .collect()
}

/// The client event that hands the result of the call `call_id` back (its
/// `output` text); once every call of a response has its result,
/// [`RESPONSE_CREATE`] asks for the answer that follows (one for them all:
/// a second while the first answers would be refused).
pub fn function_output(call_id: &str, output: &str) -> String {
    json!({ "type": "conversation.item.create", "item": { "type": "function_call_output", "call_id": call_id, "output": output } })
        .to_string()
}

/// The client event that asks for a response (after a response's calls have their results).
pub const RESPONSE_CREATE: &str = r#"{"type":"response.create"}"#;

/// The events of one server event (the data channel's JSON text); one that
/// is not JSON is an error event; ones Hearth does not act on are none.
pub fn parse(message: &str) -> Vec<TalkEvent> {
    let Ok(event) = serde_json::from_str::<Value>(message) else {
        return vec![TalkEvent::Error("OpenAI sent an event that is not JSON.".to_owned())];
    };
    let text = |key: &str| event.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    match event.get("type").and_then(Value::as_str).unwrap_or_default() {
        "session.created" => vec![TalkEvent::Ready],
        "input_audio_buffer.speech_started" => vec![TalkEvent::UserSpeaking],
        "conversation.item.input_audio_transcription.delta" => vec![TalkEvent::UserWords(text("delta"))],
        "conversation.item.input_audio_transcription.completed" => vec![TalkEvent::UserSaid(text("transcript"))],
        "response.output_audio_transcript.delta" | "response.output_text.delta" => {
            vec![TalkEvent::ModelWords(text("delta"))]
        }
        "response.output_audio_transcript.done" => vec![TalkEvent::ModelSaid(text("transcript"))],
        "response.output_text.done" => vec![TalkEvent::ModelSaid(text("text"))],
        "response.done" => response_done(&event),
        "error" => {
            let message = event.pointer("/error/message").and_then(Value::as_str).unwrap_or("an unknown error");
            vec![TalkEvent::Error(message.to_owned())]
        }
        _ => Vec::new(),
    }
}

/// A finished response: cut short when cancelled (the user spoke over it);
/// else its completed function calls, taken from its output items (where
/// each has its name and whole arguments; a call of a cancelled or cut
/// response never runs), or, when it called none, the end of the turn (a
/// response that called tools goes on once their results are in).
fn response_done(event: &Value) -> Vec<TalkEvent> {
    let response = event.get("response");
    let status = response.and_then(|r| r.get("status")).and_then(Value::as_str).unwrap_or_default();
    if status == "cancelled" {
        return vec![TalkEvent::Interrupted, TalkEvent::TurnDone];
    }
    let items = response.and_then(|r| r.get("output")).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let text = |item: &Value, key: &str| item.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    let calls: Vec<TalkEvent> = items
        .iter()
        .filter(|item| item.get("type").and_then(Value::as_str) == Some("function_call"))
        .filter(|item| item.get("status").and_then(Value::as_str).is_none_or(|status| status == "completed"))
        .map(|item| TalkEvent::ToolCall {
            id: text(item, "call_id"),
            name: text(item, "name"),
            arguments: text(item, "arguments"),
        })
        .collect();
    if calls.is_empty() || status != "completed" { vec![TalkEvent::TurnDone] } else { calls }
}
