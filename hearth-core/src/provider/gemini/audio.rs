//! Gemini's audio (<https://ai.google.dev/gemini-api/docs/audio>,
//! <https://ai.google.dev/gemini-api/docs/speech-generation>): dictation and
//! "Read aloud" through `generateContent`, not streamed.
//!
//! - Dictation: the recording goes inline, as an `inlineData` part of type
//!   `audio/wav` (base64) after a prompt that asks for the words spoken and
//!   nothing else (in the language chosen, when one is); the answer's text
//!   parts are the transcript. Inline data may be at most 20 MB with the
//!   request ([`MAX_INLINE_AUDIO`]): about seven and a half minutes of dictation.
//! - Read aloud: a speech model (`gemini-2.5-flash-preview-tts`, …) with
//!   `responseModalities: ["AUDIO"]` and the voice in
//!   `speechConfig.voiceConfig.prebuiltVoiceConfig.voiceName` (`Kore` when none
//!   is chosen). The answer's `inlineData` is raw 16-bit PCM (`audio/L16;
//!   codec=pcm; rate=24000`, spelt differently by newer models) or, from the
//!   newest, a WAV file already; PCM is wrapped in a WAV header to be played.

use serde_json::{Value, json};

use super::endpoint::{api_url, headers, model_id};
use super::errors::parse_error_body;
use crate::contract::{HttpRequest, ProviderError, ProviderErrorKind};
use crate::format::audio::wav;
use crate::format::base64;
use crate::provider::config::ProviderConfig;
use crate::provider::parse::excerpt;

/// The most bytes of audio sent inline (the API's 20 MB request limit, less
/// room for base64's growth and the rest of the request).
pub const MAX_INLINE_AUDIO: usize = 14 * 1024 * 1024;

/// The voice used when none is chosen.
pub const DEFAULT_VOICE: &str = "Kore";

/// The rate of PCM whose media type names none (Gemini's speech is 24 kHz).
const DEFAULT_RATE: u32 = 24_000;

fn generate_url(provider: &ProviderConfig, model: &str) -> String {
    api_url(&provider.base_url, &format!("models/{}:generateContent", model_id(model)), "")
}

/// The dictation request for `wav`, a recording (see the module documentation).
pub fn build_transcription_request(provider: &ProviderConfig, model: &str, language: &str, wav: &[u8]) -> HttpRequest {
    let mut prompt =
        "Generate a transcript of the speech. Write only the words spoken, with punctuation; nothing else.".to_owned();
    let language = language.trim();
    if !language.is_empty() {
        prompt.push_str(&format!(" The speech is in the language {language}."));
    }
    let body = json!({
        "contents": [{ "role": "user", "parts": [
            { "text": prompt },
            { "inlineData": { "mimeType": "audio/wav", "data": base64::encode(wav) } },
        ] }],
    });
    HttpRequest {
        method: "POST",
        url: generate_url(provider, model),
        headers: headers(provider),
        body: Some(body.to_string()),
    }
}

/// The speech request for `input` in `voice` (blank: [`DEFAULT_VOICE`]).
pub fn build_speech_request(provider: &ProviderConfig, model: &str, voice: &str, input: &str) -> HttpRequest {
    let voice = match voice.trim() {
        "" => DEFAULT_VOICE,
        voice => voice,
    };
    let body = json!({
        "contents": [{ "role": "user", "parts": [{ "text": input }] }],
        "generationConfig": {
            "responseModalities": ["AUDIO"],
            "speechConfig": { "voiceConfig": { "prebuiltVoiceConfig": { "voiceName": voice } } },
        },
    });
    HttpRequest {
        method: "POST",
        url: generate_url(provider, model),
        headers: headers(provider),
        body: Some(body.to_string()),
    }
}

/// The parts of the first candidate of an answer (a 2xx body), or why there are none.
fn parts(body: &str) -> Result<Vec<Value>, ProviderError> {
    let not_read = |why: &str| ProviderError {
        kind: ProviderErrorKind::Other,
        status: None,
        message: format!("Hearth could not read Gemini's answer ({why}): {}", excerpt(body.trim(), 200)),
        code: None,
        retry_after_secs: None,
    };
    let value: Value = serde_json::from_str(body).map_err(|_| not_read("it is not JSON"))?;
    if value.get("error").is_some_and(|error| !error.is_null()) {
        return Err(parse_error_body(200, body, None));
    }
    let candidate = value.pointer("/candidates/0").ok_or_else(|| not_read("no answer"))?;
    match candidate.pointer("/content/parts").and_then(Value::as_array) {
        Some(parts) => Ok(parts.clone()),
        None => {
            let reason = candidate.get("finishReason").and_then(Value::as_str).unwrap_or("no parts");
            Err(not_read(&format!("it stopped: {reason}")))
        }
    }
}

/// Reads a dictation's answer: its text, trimmed (empty when nothing was heard).
pub fn parse_transcription_response(body: &str) -> Result<String, ProviderError> {
    let text: String = parts(body)?
        .iter()
        .filter(|part| part.get("thought").and_then(Value::as_bool) != Some(true))
        .filter_map(|part| part.get("text").and_then(Value::as_str))
        .collect();
    Ok(text.trim().to_owned())
}

/// Reads a speech answer: the audio as a file the browser plays, and its media type.
pub fn parse_speech_response(body: &str) -> Result<(Vec<u8>, String), ProviderError> {
    let parts = parts(body)?;
    let inline = parts
        .iter()
        .find_map(|part| part.get("inlineData").or_else(|| part.get("inline_data")))
        .ok_or_else(|| unreadable("it holds no audio"))?;
    let mime = inline.get("mimeType").or_else(|| inline.get("mime_type")).and_then(Value::as_str).unwrap_or_default();
    let data = inline.get("data").and_then(Value::as_str).unwrap_or_default();
    let bytes =
        base64::decode(data).filter(|bytes| !bytes.is_empty()).ok_or_else(|| unreadable("its audio is not base64"))?;
    let lower = mime.to_ascii_lowercase();
    if bytes.starts_with(b"RIFF") || lower.starts_with("audio/wav") || lower.starts_with("audio/x-wav") {
        return Ok((bytes, "audio/wav".to_owned()));
    }
    if !lower.starts_with("audio/l16") && !lower.starts_with("audio/pcm") {
        return Err(unreadable(&format!("its audio is of a type Hearth does not play ({mime})")));
    }
    let parameter = |name: &str| {
        lower.split(';').filter_map(|p| p.trim().strip_prefix(name)).find_map(|v| v.trim().parse::<u32>().ok())
    };
    let rate = parameter("rate=").filter(|rate| (8_000..=192_000).contains(rate)).unwrap_or(DEFAULT_RATE);
    let channels =
        parameter("channels=").and_then(|c| u16::try_from(c).ok()).filter(|c| (1..=2).contains(c)).unwrap_or(1);
    Ok((wav(&bytes[..bytes.len() & !1], rate, channels), "audio/wav".to_owned()))
}

fn unreadable(why: &str) -> ProviderError {
    ProviderError {
        kind: ProviderErrorKind::Other,
        status: None,
        message: format!("Hearth could not read Gemini's speech ({why})."),
        code: None,
        retry_after_secs: None,
    }
}
