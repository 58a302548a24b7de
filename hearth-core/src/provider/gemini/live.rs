//! Gemini's Live API (<https://ai.google.dev/api/live>): a WebSocket to
//! `wss://…/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent`
//! with the key in its `key` query parameter (a browser's WebSocket sends no
//! headers; the key goes to Google's origin only, as every request's does).
//!
//! The first message is `setup`: the model (`models/…`), audio answers
//! (`responseModalities: ["AUDIO"]`, the voice in `speechConfig`), the agent's
//! system prompt (`systemInstruction`), its tools (`functionDeclarations`),
//! and both sides transcribed (`inputAudioTranscription`,
//! `outputAudioTranscription`); the server answers `setupComplete`. Then the
//! microphone goes as `realtimeInput.audio` (16-bit PCM at 16 kHz, base64),
//! and the server's own voice activity detection takes turns: its
//! `serverContent` carries the user's words (`inputTranscription`), the
//! answer's audio (`modelTurn` parts of `audio/pcm`, 24 kHz) and words
//! (`outputTranscription`), `interrupted` when the user spoke over it,
//! `generationComplete` and `turnComplete`; `toolCall` asks for tools, answered
//! with `toolResponse`; `goAway` warns of the session's end. Errors come as the
//! WebSocket's close code and reason.

use serde_json::{Value, json};

use super::endpoint::{DEFAULT_BASE_URL, model_id};
use crate::contract::ToolSpec;
use crate::format::base64;
use crate::provider::base_url::split_query;
use crate::provider::config::ProviderConfig;
use crate::provider::realtime::TalkEvent;

/// The rate of the microphone's samples sent, per second.
pub const INPUT_RATE: u32 = 16_000;

/// The rate of the answer's samples when its type names none (Gemini speaks at 24 kHz).
pub const OUTPUT_RATE: u32 = 24_000;

/// The model used when none is chosen.
pub const DEFAULT_MODEL: &str = "gemini-2.5-flash-native-audio-preview-12-2025";

/// The WebSocket URL of `provider`'s Live API, with its key: the base URL's
/// scheme made `wss` (`ws` for a plain-HTTP local server) and its version
/// (`v1beta` unless the base names another) in the endpoint's path.
pub fn live_url(provider: &ProviderConfig) -> String {
    let (base, _) = split_query(&provider.base_url);
    let base = if base.trim().is_empty() { DEFAULT_BASE_URL } else { base.trim() };
    let (base, version) = match base.rsplit_once('/') {
        Some((rest, version)) if version.starts_with("v1") => (rest, version),
        _ => (base, "v1beta"),
    };
    let base = if let Some(rest) = base.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        base.to_owned()
    };
    format!(
        "{base}/ws/google.ai.generativelanguage.{version}.GenerativeService.BidiGenerateContent?key={}",
        query_value(provider.api_key.trim())
    )
}

/// `text` as a query value: letters, digits and `-._~` as they are, the rest percent-encoded.
fn query_value(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => char::from(byte).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// Gemini's prebuilt voices (<https://ai.google.dev/gemini-api/docs/speech-generation#voices>).
pub const VOICES: [&str; 30] = [
    "Zephyr",
    "Puck",
    "Charon",
    "Kore",
    "Fenrir",
    "Leda",
    "Orus",
    "Aoede",
    "Callirrhoe",
    "Autonoe",
    "Enceladus",
    "Iapetus",
    "Umbriel",
    "Algieba",
    "Despina",
    "Erinome",
    "Algenib",
    "Rasalgethi",
    "Laomedeia",
    "Achernar",
    "Alnilam",
    "Schedar",
    "Gacrux",
    "Pulcherrima",
    "Achird",
    "Zubenelgenubi",
    "Vindemiatrix",
    "Sadachbia",
    "Sadaltager",
    "Sulafat",
];

/// The `setup` message: `model` (blank: [`DEFAULT_MODEL`]), the system prompt
/// `instructions`, `tools`, and `voice` (blank, or not one of [`VOICES`]: the
/// model's own; Google refuses a setup naming another).
pub fn setup(model: &str, instructions: &str, tools: &[ToolSpec], voice: &str) -> String {
    let model = model_id(model);
    let model = if model.is_empty() { DEFAULT_MODEL } else { model };
    let mut generation = json!({ "responseModalities": ["AUDIO"] });
    if let Some(voice) = VOICES.iter().find(|known| known.eq_ignore_ascii_case(voice.trim())) {
        generation["speechConfig"] = json!({ "voiceConfig": { "prebuiltVoiceConfig": { "voiceName": voice.trim() } } });
    }
    let mut setup = json!({
        "model": format!("models/{model}"),
        "generationConfig": generation,
        "inputAudioTranscription": {},
        "outputAudioTranscription": {},
    });
    if !instructions.trim().is_empty() {
        setup["systemInstruction"] = json!({ "parts": [{ "text": instructions }] });
    }
    if !tools.is_empty() {
        let declarations: Vec<Value> = tools
            .iter()
            .map(|tool| json!({ "name": tool.name, "description": tool.description, "parametersJsonSchema": tool.parameters }))
            .collect();
        setup["tools"] = json!([{ "functionDeclarations": declarations }]);
    }
    json!({ "setup": setup }).to_string()
}

/// The conversation so far as a `clientContent` message (its text, `true` for
/// the user's turns), so the model answers in its context; `None` when there
/// is none. Sent once, after `setupComplete`, with `turnComplete: false` (the
/// user speaks next).
pub fn history(turns: &[(bool, String)]) -> Option<String> {
    let turns: Vec<Value> = turns
        .iter()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(user, text)| json!({ "role": if *user { "user" } else { "model" }, "parts": [{ "text": text }] }))
        .collect();
    (!turns.is_empty()).then(|| json!({ "clientContent": { "turns": turns, "turnComplete": false } }).to_string())
}

/// A `realtimeInput` message carrying `pcm`, 16-bit little-endian mono samples at [`INPUT_RATE`].
pub fn audio(pcm: &[u8]) -> String {
    json!({ "realtimeInput": { "audio": { "data": base64::encode(pcm), "mimeType": format!("audio/pcm;rate={INPUT_RATE}") } } })
        .to_string()
}

/// The `toolResponse` message for the call `id` of `name`: its `result` text,
/// or, when it failed, its error.
pub fn tool_response(id: &str, name: &str, result: &str, failed: bool) -> String {
    let response = if failed { json!({ "error": result }) } else { json!({ "output": result }) };
    json!({ "toolResponse": { "functionResponses": [{ "id": id, "name": name, "response": response }] } }).to_string()
}

/// The events of one server message (a text or binary frame's JSON); one
/// that is not JSON is an error event.
pub fn parse(message: &str) -> Vec<TalkEvent> {
    let Ok(value) = serde_json::from_str::<Value>(message) else {
        return vec![TalkEvent::Error("Gemini sent a message that is not JSON.".to_owned())];
    };
    let mut events = Vec::new();
    if value.get("setupComplete").is_some() {
        events.push(TalkEvent::Ready);
    }
    if let Some(content) = value.get("serverContent") {
        content_events(content, &mut events);
    }
    let calls = value.pointer("/toolCall/functionCalls").and_then(Value::as_array).into_iter().flatten();
    for call in calls {
        let text = |key: &str| call.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
        let arguments = call.get("args").map_or_else(|| "{}".to_owned(), Value::to_string);
        events.push(TalkEvent::ToolCall { id: text("id"), name: text("name"), arguments });
    }
    if let Some(left) = value.pointer("/goAway/timeLeft").and_then(Value::as_str) {
        events.push(TalkEvent::Ending(left.to_owned()));
    }
    if let Some(error) = value.get("error") {
        let message = error.get("message").and_then(Value::as_str).map_or_else(|| error.to_string(), str::to_owned);
        events.push(TalkEvent::Error(message));
    }
    events
}

/// The events of a `serverContent`, in the order a client acts on them.
fn content_events(content: &Value, events: &mut Vec<TalkEvent>) {
    let text = |key: &str| content.get(key).and_then(|t| t.get("text")).and_then(Value::as_str);
    if content.get("interrupted").and_then(Value::as_bool) == Some(true) {
        events.push(TalkEvent::Interrupted);
    }
    if let Some(words) = text("inputTranscription") {
        events.push(TalkEvent::UserWords(words.to_owned()));
    }
    let parts = content.pointer("/modelTurn/parts").and_then(Value::as_array).into_iter().flatten();
    for data in parts.filter_map(|part| part.get("inlineData")) {
        let mime = data.get("mimeType").and_then(Value::as_str).unwrap_or_default();
        let Some(rate) = pcm_rate(mime) else { continue };
        if let Some(pcm) = data.get("data").and_then(Value::as_str).and_then(base64::decode) {
            events.push(TalkEvent::ModelAudio { pcm, rate });
        }
    }
    if let Some(words) = text("outputTranscription") {
        events.push(TalkEvent::ModelWords(words.to_owned()));
    }
    if content.get("turnComplete").and_then(Value::as_bool) == Some(true) {
        events.push(TalkEvent::TurnDone);
    }
}

/// The sample rate of a PCM media type (`audio/pcm;rate=24000`, or
/// [`OUTPUT_RATE`] when it names none); `None` for any other type.
fn pcm_rate(mime: &str) -> Option<u32> {
    let mut parts = mime.split(';').map(str::trim);
    let kind = parts.next()?.to_ascii_lowercase();
    if kind != "audio/pcm" && kind != "audio/l16" {
        return None;
    }
    let rate = parts.find_map(|part| part.strip_prefix("rate=")).and_then(|rate| rate.trim().parse().ok());
    Some(rate.unwrap_or(OUTPUT_RATE))
}

/// What a close of the Live WebSocket means, in words: its `reason` when the
/// server gave one (Google's words), else what the code says.
pub fn close_reason(code: u16, reason: &str) -> String {
    let reason = reason.trim();
    if !reason.is_empty() {
        return format!("Gemini ended the session: {reason} (code {code}).");
    }
    match code {
        1000 => "Gemini ended the session.".to_owned(),
        1006 => "The connection to Gemini dropped (no reason given): check the network, then talk again.".to_owned(),
        _ => format!("Gemini ended the session (code {code})."),
    }
}
