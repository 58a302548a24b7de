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
//!   The answer is `{"text": "…"}` ([`parse_transcription`]).
//! - Read aloud: `POST {base}/audio/speech`, JSON with `model`, `input`,
//!   `voice`, `speed` when not 1, and `response_format: mp3`; the answer is the
//!   audio itself. The API takes at most [`SPEECH_MAX_CHARS`] characters, so a
//!   reply is spoken in pieces (`markdown::spoken_pieces`).
//! - Azure OpenAI: the deployment URL, `{base}/audio/transcriptions?api-version=…`
//!   (or `/audio/speech`), the key in `api-key`, as for chat.
//!
//! Anthropic has no audio API; OpenRouter and DeepSeek offer none of these
//! endpoints; Gemini's audio goes through `generateContent`, not built yet:
//! each is refused before anything is sent ([`AudioRequestError::NotOffered`]).

mod settings;
#[cfg(test)]
mod tests;

pub use settings::{Reader, VoiceSettings};

use serde::Serialize;

use super::config::{ProviderConfig, body_json};
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
}

/// Whether `provider` speaks OpenAI's audio API (see the module documentation).
fn offers_audio(provider: &ProviderConfig) -> bool {
    matches!(provider.kind, ProviderKind::OpenAi | ProviderKind::Responses)
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

/// The dictation request for a recording (see the module documentation):
/// `language` is an ISO-639-1 code, or blank to let the model tell.
pub fn transcription_request(
    provider: &ProviderConfig,
    model: &str,
    language: &str,
) -> Result<FormRequest, AudioRequestError> {
    check_provider(provider)?;
    if !offers_audio(provider) {
        return Err(AudioRequestError::NotOffered);
    }
    let model = model.trim();
    if model.is_empty() {
        return Err(AudioRequestError::NoModel);
    }
    let mut fields = vec![("model".to_owned(), model.to_owned()), ("response_format".to_owned(), "json".to_owned())];
    let language = language.trim();
    if !language.is_empty() {
        fields.push(("language".to_owned(), language.to_owned()));
    }
    let request = HttpRequest {
        method: "POST",
        url: audio_url(provider, model, "audio/transcriptions"),
        headers: headers(provider, false),
        body: None,
    };
    let HttpRequest { url, headers, .. } = check_request(provider, request)?;
    Ok(FormRequest { url, headers, fields, file_field: "file" })
}

/// Reads a transcription's answer: its text, trimmed (empty when nothing was
/// heard). An error object or a body that is not JSON is an error.
pub fn parse_transcription(body: &str) -> Result<String, ProviderError> {
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
/// the answer's body is MP3 audio.
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

fn unreadable(message: &str) -> ProviderError {
    ProviderError {
        kind: ProviderErrorKind::Other,
        status: None,
        message: message.to_owned(),
        code: None,
        retry_after_secs: None,
    }
}
