//! Speech through the user's provider: dictation (speech to text) and "Read
//! aloud" (text to speech), on OpenAI's audio API and the servers that copy it
//! (Azure OpenAI, whisper.cpp's server, speaches, LocalAI, vLLM, …).
//!
//! API reference: <https://platform.openai.com/docs/api-reference/audio>
//! (`createTranscription`, `createSpeech` in
//! <https://github.com/openai/openai-openapi>).
//!
//! - Dictation: `POST {base}/audio/transcriptions`, a multipart form with the
//!   recording under `file`, `model`, and `language` (ISO-639-1) when chosen,
//!   `response_format: json`. A form's body is made by the browser (its
//!   boundary too), so the core describes it ([`FormRequest`]): the URL, the
//!   headers (no `content-type`), and the text fields; the shell adds the file.
//!   The answer is `{"text": "…"}` ([`parse_transcription`]); a GPT
//!   transcription model is asked to stream (`stream=true`), and answers
//!   server-sent events with the words as they are made ([`TranscriptionStream`]).
//! - Read aloud: `POST {base}/audio/speech`, JSON with `model`, `input`,
//!   `voice`, `speed` when not 1, and `response_format: mp3`; the answer is the
//!   audio itself. The API takes at most [`SPEECH_MAX_CHARS`] characters, so a
//!   reply is spoken in pieces (`markdown::spoken_pieces`).
//! - Azure OpenAI: the deployment URL, `{base}/audio/transcriptions?api-version=…`
//!   (or `/audio/speech`), the key in `api-key`, as for chat.
//!
//! - Gemini: both through `generateContent`, the recording inline as base64
//!   and the speech as PCM wrapped in a WAV header (see `gemini::audio`).
//!
//! Anthropic has no audio API, and OpenRouter and DeepSeek offer none of these
//! endpoints: each is refused before anything is sent ([`AudioRequestError::NotOffered`]).

mod settings;
mod stream;
#[cfg(test)]
mod tests;

pub use settings::{Listener, Reader, VoiceSettings, default_models};
pub use stream::TranscriptionStream;

use serde::Serialize;

use super::config::{ProviderConfig, body_json};
use super::gemini;
use super::images::{azure_images_url, images_url};
use super::openai::headers;
use super::parse::error_fields;
use super::preset::Preset;
use super::{ProviderKind, RequestError, check_provider, check_request};
use crate::contract::{HttpRequest, ProviderError, ProviderErrorKind};

/// The most characters OpenAI's speech API takes in one request.
pub const SPEECH_MAX_CHARS: usize = 4096;

/// A multipart form request, but for its file (see the module documentation).
#[derive(Clone, PartialEq, Eq)]
pub struct FormRequest {
    /// The absolute URL.
    pub url: String,
    /// Header names and values, authentication included; never `content-type`
    /// (the browser writes it with the form's boundary).
    pub headers: Vec<(String, String)>,
    /// The form's text fields, in order.
    pub fields: Vec<(String, String)>,
    /// The name of the file field the recording goes under.
    pub file_field: &'static str,
}

impl std::fmt::Debug for FormRequest {
    /// Shows the request with its secret header values redacted.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = HttpRequest { method: "POST", url: self.url.clone(), headers: self.headers.clone(), body: None };
        f.debug_struct("FormRequest")
            .field("request", &shown)
            .field("fields", &self.fields)
            .field("file_field", &self.file_field)
            .finish()
    }
}

/// Why no audio request was built: nothing is sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AudioRequestError {
    /// The account's base URL or key origin is wrong (see [`RequestError`]).
    #[error(transparent)]
    Request(#[from] RequestError),
    /// This provider has no speech API Hearth speaks.
    #[error(
        "This provider has no speech API Hearth can use; pick an OpenAI-compatible account (OpenAI, Azure, a local whisper or speech server) under Settings → Voice."
    )]
    NotOffered,
    /// No model is chosen for the job.
    #[error("No speech model is chosen; pick one under Settings → Voice.")]
    NoModel,
    /// The recording is longer than the provider takes in one request.
    #[error("The recording is too long for this provider to take at once (about seven minutes at the most).")]
    TooLong,
}

/// The longest dictation, in milliseconds, `provider` takes in one request:
/// ten minutes (under 20 MB of WAV, within what the audio APIs take), or
/// what fits inline in a Gemini request (about seven and a half minutes).
pub fn longest_recording_ms(provider: &ProviderConfig) -> u64 {
    const TEN_MINUTES: u64 = 600_000;
    if provider.kind == ProviderKind::Gemini {
        // 16 kHz mono 16-bit: 32 bytes a millisecond, after the 44-byte header.
        let bytes = u64::try_from(gemini::MAX_INLINE_AUDIO).unwrap_or(u64::MAX).saturating_sub(44);
        (bytes / 32).min(TEN_MINUTES)
    } else {
        TEN_MINUTES
    }
}

/// How a recording goes to the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TranscriptionRequest {
    /// A form the shell adds the recording to (OpenAI's audio API).
    Form(FormRequest),
    /// JSON carrying the recording (Gemini).
    Json(HttpRequest),
}

/// Whether `provider` speaks OpenAI's audio API (see the module documentation).
fn offers_audio(provider: &ProviderConfig) -> bool {
    provider.kind == ProviderKind::Gemini
        || matches!(provider.kind, ProviderKind::OpenAi | ProviderKind::Responses)
            && !matches!(provider.preset, Preset::OpenRouter | Preset::DeepSeek)
}

/// The URL of `path` (`audio/transcriptions`, `audio/speech`) on `provider`.
fn audio_url(provider: &ProviderConfig, model: &str, path: &str) -> String {
    if provider.preset == Preset::Azure {
        azure_images_url(&provider.base_url, &provider.api_version, model, path)
    } else {
        images_url(&provider.base_url, path)
    }
}

/// The dictation request for the recording `wav` (see the module
/// documentation): `language` is an ISO-639-1 code, or blank to let the model
/// tell. A form leaves the recording to the shell; made with no recording, the
/// request only says whether one can be made.
pub fn transcription_request(
    provider: &ProviderConfig,
    model: &str,
    language: &str,
    wav: &[u8],
) -> Result<TranscriptionRequest, AudioRequestError> {
    check_provider(provider)?;
    if !offers_audio(provider) {
        return Err(AudioRequestError::NotOffered);
    }
    let model = model.trim();
    if model.is_empty() {
        return Err(AudioRequestError::NoModel);
    }
    if provider.kind == ProviderKind::Gemini {
        if wav.len() > gemini::MAX_INLINE_AUDIO {
            return Err(AudioRequestError::TooLong);
        }
        let request = gemini::build_transcription_request(provider, model, language, wav);
        return Ok(TranscriptionRequest::Json(check_request(provider, request)?));
    }
    let mut fields = vec![("model".to_owned(), model.to_owned()), ("response_format".to_owned(), "json".to_owned())];
    let language = language.trim();
    if !language.is_empty() {
        fields.push(("language".to_owned(), language.to_owned()));
    }
    // OpenAI's GPT transcription models stream their words (`whisper-1` and
    // local servers answer JSON, which is read as well).
    if streams(model) {
        fields.push(("stream".to_owned(), "true".to_owned()));
    }
    let request = HttpRequest {
        method: "POST",
        url: audio_url(provider, model, "audio/transcriptions"),
        headers: headers(provider, false),
        body: None,
    };
    let HttpRequest { url, headers, .. } = check_request(provider, request)?;
    Ok(TranscriptionRequest::Form(FormRequest { url, headers, fields, file_field: "file" }))
}

/// Whether a transcription model streams its words (OpenAI's GPT transcription models).
fn streams(model: &str) -> bool {
    model.starts_with("gpt-") && model.contains("transcribe")
}

/// Reads a transcription's answer (a 2xx body from a provider of `kind`): its
/// text, trimmed (empty when nothing was heard). An error object or a body
/// that is not JSON is an error.
pub fn parse_transcription(kind: ProviderKind, body: &str) -> Result<String, ProviderError> {
    if kind == ProviderKind::Gemini {
        return gemini::parse_transcription_response(body);
    }
    let value: serde_json::Value = serde_json::from_str(body).map_err(|_| unreadable("The answer is not JSON"))?;
    if value.get("error").is_some_and(|error| !error.is_null()) {
        let (message, code) = error_fields(&value);
        return Err(ProviderError::in_stream(message, code));
    }
    match value.get("text").and_then(serde_json::Value::as_str) {
        Some(text) => Ok(text.trim().to_owned()),
        None => Err(unreadable("The answer holds no text")),
    }
}

#[derive(Serialize)]
struct SpeechBody<'a> {
    model: &'a str,
    input: &'a str,
    voice: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    speed: Option<f32>,
    response_format: &'static str,
}

/// What "Read aloud" asks the provider for: one piece of text in one voice.
#[derive(Debug, Clone, PartialEq)]
pub struct SpeechRequest<'a> {
    /// The speech model (`gpt-4o-mini-tts`, `tts-1`, a local server's).
    pub model: &'a str,
    /// The voice (`alloy`, `coral`, …); blank means `alloy`.
    pub voice: &'a str,
    /// How fast, 0.25 to 4 (1 is the voice's own pace).
    pub speed: f32,
    /// The text, at most [`SPEECH_MAX_CHARS`] characters (cut there if longer).
    pub input: &'a str,
}

/// The speech request for one piece of text (see the module documentation);
/// the answer's body is MP3 audio, or Gemini's JSON ([`speech_audio`]).
pub fn speech_request(provider: &ProviderConfig, speech: &SpeechRequest<'_>) -> Result<HttpRequest, AudioRequestError> {
    check_provider(provider)?;
    if !offers_audio(provider) {
        return Err(AudioRequestError::NotOffered);
    }
    let model = speech.model.trim();
    if model.is_empty() {
        return Err(AudioRequestError::NoModel);
    }
    let input = match speech.input.char_indices().nth(SPEECH_MAX_CHARS) {
        Some((cut, _)) => &speech.input[..cut],
        None => speech.input,
    };
    let voice = match speech.voice.trim() {
        "" => "alloy",
        voice => voice,
    };
    if provider.kind == ProviderKind::Gemini {
        return Ok(check_request(provider, gemini::build_speech_request(provider, model, speech.voice, input))?);
    }
    let speed = speech.speed.clamp(0.25, 4.0);
    let body = SpeechBody {
        model,
        input,
        voice,
        speed: ((speed - 1.0).abs() > f32::EPSILON).then_some(speed),
        response_format: "mp3",
    };
    let request = HttpRequest {
        method: "POST",
        url: audio_url(provider, model, "audio/speech"),
        headers: headers(provider, true),
        body: Some(body_json(&body, &serde_json::Map::new())),
    };
    Ok(check_request(provider, request)?)
}

/// The audio of a speech answer (a 2xx body from a provider of `kind`, with
/// its `content-type`) as a file the browser plays, and its media type.
pub fn speech_audio(
    kind: ProviderKind,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> Result<(Vec<u8>, String), ProviderError> {
    if kind == ProviderKind::Gemini {
        return gemini::parse_speech_response(&String::from_utf8_lossy(&body));
    }
    let mime = content_type.map(str::trim).filter(|mime| mime.starts_with("audio/")).unwrap_or("audio/mpeg");
    Ok((body, mime.to_owned()))
}

/// What an audio request's error answer (status `status`, body `body`) says.
pub fn audio_error(kind: ProviderKind, status: u16, body: &str) -> ProviderError {
    if kind == ProviderKind::Gemini {
        gemini::parse_error_body(status, body, None)
    } else {
        super::openai::parse_error_body(status, body, None)
    }
}

fn unreadable(message: &str) -> ProviderError {
    ProviderError {
        kind: ProviderErrorKind::Other,
        status: None,
        message: message.to_owned(),
        code: None,
        retry_after_secs: None,
    }
}
