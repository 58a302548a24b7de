//! Failed requests, described so that a person can act on them.
//!
//! The shell turns every way a request can fail — an HTTP error status, an error
//! event inside the stream, a network failure — into a [`ProviderError`]: its
//! kind, status, code and the provider's message, as fields. The error card
//! composes its words from them (see `crate::failure`); the
//! [`Display`](std::fmt::Display) text is the whole explanation in one run, as
//! stored with a failed reply and shown by Test connection.

use serde::{Deserialize, Serialize};

/// A failed or refused request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderError {
    /// What kind of failure this is; decides the wording and whether retrying helps.
    pub kind: ProviderErrorKind,
    /// The HTTP status, when the server answered.
    pub status: Option<u16>,
    /// The provider's own message (or the network error's), as sent.
    pub message: String,
    /// The provider's machine-readable error code or type, when given.
    pub code: Option<String>,
    /// Seconds to wait before retrying, from a `retry-after` header.
    pub retry_after_secs: Option<u64>,
}

/// The kinds of failure, each with its own advice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderErrorKind {
    /// The API key is missing, wrong or lacks permission (401/403).
    Auth,
    /// Too many requests or quota exhausted (429).
    RateLimit,
    /// The provider failed or is overloaded (5xx, 529).
    Server,
    /// The conversation is longer than the model's context window.
    ContextTooLong,
    /// The model or endpoint does not exist (404).
    NotFound,
    /// The provider rejected the request as invalid (other 4xx).
    BadRequest,
    /// The server could not be reached at all (offline, wrong address, CORS).
    Network,
    /// The stream stopped delivering data before it ended (see [`ProviderError::stalled`]).
    Timeout,
    /// The provider's content filter or safety system refused the request
    /// (Azure OpenAI's and OpenAI's `content_filter` error code).
    ContentFilter,
    /// The provider refused an image or a PDF: the model reads none, or one
    /// was over a limit (see [`MediaRefusal`](super::MediaRefusal)).
    Attachment,
    /// The provider will not search the web for this model or account: the
    /// composer's "Search the web" switch must be turned off to go on.
    SearchRefused,
    /// The provider will not make pictures for this model or account: the
    /// "Make images" choice must be turned off (or another model picked).
    ImagesRefused,
    /// Anything else.
    Other,
}

impl ProviderErrorKind {
    /// Whether sending the same request again may succeed.
    pub fn is_retryable(self) -> bool {
        match self {
            ProviderErrorKind::RateLimit
            | ProviderErrorKind::Server
            | ProviderErrorKind::Network
            | ProviderErrorKind::Timeout
            | ProviderErrorKind::Other => true,
            // A model that reads no images is remembered, so the retry sends a
            // note in their place; after a limit, the user removes the file first.
            ProviderErrorKind::Attachment => true,
            ProviderErrorKind::Auth
            | ProviderErrorKind::ContextTooLong
            | ProviderErrorKind::NotFound
            | ProviderErrorKind::BadRequest
            | ProviderErrorKind::ContentFilter
            | ProviderErrorKind::SearchRefused
            | ProviderErrorKind::ImagesRefused => false,
        }
    }

    /// A short headline for the error card.
    pub fn title(self) -> &'static str {
        match self {
            ProviderErrorKind::Auth => "The provider rejected the API key",
            ProviderErrorKind::RateLimit => "Rate limited by the provider",
            ProviderErrorKind::Server => "The provider had a server error",
            ProviderErrorKind::ContextTooLong => "The conversation is too long for this model",
            ProviderErrorKind::NotFound => "The model or endpoint was not found",
            ProviderErrorKind::BadRequest => "The provider refused the request",
            ProviderErrorKind::Network => "Could not reach the provider",
            ProviderErrorKind::Timeout => "The provider stopped sending data",
            ProviderErrorKind::ContentFilter => "The provider's content filter refused the request",
            ProviderErrorKind::Attachment => "The provider refused an image or PDF",
            ProviderErrorKind::SearchRefused => "The provider will not search the web for this model",
            ProviderErrorKind::ImagesRefused => "The provider will not make images with this model",
            ProviderErrorKind::Other => "The request failed",
        }
    }

    /// What the user can do about a failure of this kind, if there is a general
    /// answer; `retry_after_secs` is the wait the provider asked for.
    pub fn advice(self, retry_after_secs: Option<u64>) -> Option<String> {
        match self {
            ProviderErrorKind::Auth => Some("Check the API key in the provider settings.".to_owned()),
            ProviderErrorKind::RateLimit => Some(match retry_after_secs {
                Some(secs) => format!("The provider asks to wait {secs} s before retrying."),
                None => "Wait a moment, then retry.".to_owned(),
            }),
            ProviderErrorKind::Server => Some("This is usually temporary: retry in a moment.".to_owned()),
            ProviderErrorKind::ContextTooLong => {
                Some("Compact the conversation to summarise earlier messages, or start a new one.".to_owned())
            }
            ProviderErrorKind::NotFound => Some("Check the model id and the base URL.".to_owned()),
            ProviderErrorKind::Timeout => Some(
                "The connection may have dropped or the provider stalled; retry. A slow local model may need longer."
                    .to_owned(),
            ),
            ProviderErrorKind::ContentFilter => {
                Some("Rephrase the message; retrying it unchanged will be refused again.".to_owned())
            }
            ProviderErrorKind::Attachment => {
                Some("Remove the image or PDF, or switch to a model that reads it.".to_owned())
            }
            ProviderErrorKind::SearchRefused => Some(
                "Turn off \"Search the web\" in the message box (or in the agent's settings), or pick a model that searches."
                    .to_owned(),
            ),
            ProviderErrorKind::ImagesRefused => Some(
                "Turn off \"Make images\" in the agent's settings, or pick a model that makes images.".to_owned(),
            ),
            ProviderErrorKind::BadRequest | ProviderErrorKind::Network | ProviderErrorKind::Other => None,
        }
    }

    /// The kind stored under `name` (see [`ProviderErrorKind::as_str`]).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == name)
    }

    /// Every kind.
    pub const ALL: [ProviderErrorKind; 13] = [
        ProviderErrorKind::Auth,
        ProviderErrorKind::RateLimit,
        ProviderErrorKind::Server,
        ProviderErrorKind::ContextTooLong,
        ProviderErrorKind::NotFound,
        ProviderErrorKind::BadRequest,
        ProviderErrorKind::Network,
        ProviderErrorKind::Timeout,
        ProviderErrorKind::ContentFilter,
        ProviderErrorKind::Attachment,
        ProviderErrorKind::SearchRefused,
        ProviderErrorKind::ImagesRefused,
        ProviderErrorKind::Other,
    ];

    /// The snake_case name used in JSON and stored error records (`"rate_limit"`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderErrorKind::Auth => "auth",
            ProviderErrorKind::RateLimit => "rate_limit",
            ProviderErrorKind::Server => "server",
            ProviderErrorKind::ContextTooLong => "context_too_long",
            ProviderErrorKind::NotFound => "not_found",
            ProviderErrorKind::BadRequest => "bad_request",
            ProviderErrorKind::Network => "network",
            ProviderErrorKind::Timeout => "timeout",
            ProviderErrorKind::ContentFilter => "content_filter",
            ProviderErrorKind::Attachment => "attachment",
            ProviderErrorKind::SearchRefused => "search_refused",
            ProviderErrorKind::ImagesRefused => "images_refused",
            ProviderErrorKind::Other => "other",
        }
    }
}

impl ProviderError {
    /// Classifies an HTTP error status with the provider's message and code.
    pub fn from_status(status: u16, message: String, code: Option<String>, retry_after_secs: Option<u64>) -> Self {
        let kind = classify(Some(status), code.as_deref(), &message);
        Self { kind, status: Some(status), message, code, retry_after_secs }
    }

    /// An error reported inside a stream, where no HTTP status applies.
    pub fn in_stream(message: String, code: Option<String>) -> Self {
        let kind = classify(None, code.as_deref(), &message);
        Self { kind, status: None, message, code, retry_after_secs: None }
    }

    /// The request never got an answer. `url` is where it went; `detail` is the
    /// browser's error text (usually just "Failed to fetch").
    pub fn network(url: &str, detail: String) -> Self {
        Self {
            kind: ProviderErrorKind::Network,
            status: None,
            message: network_advice(url, &detail),
            code: None,
            retry_after_secs: None,
        }
    }

    /// The server at `url` answered with a redirect. Hearth does not follow
    /// one: a request goes only to the URL it was built with, and a key only to
    /// that URL's origin.
    pub fn redirected(url: &str) -> Self {
        Self {
            kind: ProviderErrorKind::BadRequest,
            status: None,
            message: format!(
                "{url} answered with a redirect, which Hearth does not follow (your key goes only to the address \
                 you set): set the base URL to the one the provider documents"
            ),
            code: None,
            retry_after_secs: None,
        }
    }

    /// The stream went silent: no bytes for `secs` seconds although it had not
    /// ended. The shell gives up on it and reports this.
    pub fn stalled(secs: u64) -> Self {
        Self {
            kind: ProviderErrorKind::Timeout,
            status: None,
            message: format!("No data for {secs} s, so Hearth stopped waiting"),
            code: None,
            retry_after_secs: None,
        }
    }

    /// The connection broke after the answer had started: not a CORS or address
    /// problem, so the advice for a request that never got through would mislead.
    pub fn connection_lost(url: &str, detail: &str) -> Self {
        let mut error = Self::network(url, detail.to_owned());
        error.message = format!(
            "The connection broke before the answer finished ({detail}). What arrived is kept; retry to ask again."
        );
        error
    }

    /// Whether sending the same request again may succeed.
    pub fn is_retryable(&self) -> bool {
        self.kind.is_retryable()
    }

    /// A short headline for the error card.
    pub fn title(&self) -> &'static str {
        self.kind.title()
    }

    /// What the user can do about it, if there is a general answer (for an
    /// image or PDF refused, the answer for the limit its message names).
    pub fn advice(&self) -> Option<String> {
        if self.kind == ProviderErrorKind::Attachment
            && let Some(refusal) = self.media_refusal()
        {
            return Some(refusal.advice().to_owned());
        }
        self.kind.advice(self.retry_after_secs)
    }

    /// What its message says about an image or a PDF, when the provider refused one.
    pub fn media_refusal(&self) -> Option<super::media_refusal::MediaRefusal> {
        (self.kind == ProviderErrorKind::Attachment).then(|| super::media_refusal(&self.message)).flatten()
    }
}

impl std::fmt::Display for ProviderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.title())?;
        if let Some(status) = self.status {
            write!(f, " (HTTP {status})")?;
        }
        if !self.message.is_empty() {
            write!(f, ": {}", self.message)?;
            if !self.message.ends_with(['.', '!', '?']) {
                write!(f, ".")?;
            }
        } else {
            write!(f, ".")?;
        }
        if let Some(advice) = self.advice() {
            write!(f, " {advice}")?;
        }
        Ok(())
    }
}

/// Decides the kind from the status, code and message. Codes that name the cause
/// win over the status: a context-length or content-filter error arrives as a 400,
/// and Gemini's `RESOURCE_EXHAUSTED` is a rate limit whatever carries it.
fn classify(status: Option<u16>, code: Option<&str>, message: &str) -> ProviderErrorKind {
    let code = code.unwrap_or("").to_ascii_lowercase();
    let message = message.to_ascii_lowercase();
    if code.contains("context_length")
        || message.contains("context length")
        || message.contains("maximum context")
        || message.contains("prompt is too long")
        || message.contains("too many tokens")
    {
        return ProviderErrorKind::ContextTooLong;
    }
    // OpenAI and Azure OpenAI: `"code": "content_filter"` (Azure adds an inner
    // `ResponsibleAIPolicyViolation`).
    if code.contains("content_filter") || code == "responsibleaipolicyviolation" {
        return ProviderErrorKind::ContentFilter;
    }
    if code == "resource_exhausted" || code == "insufficient_quota" {
        return ProviderErrorKind::RateLimit;
    }
    if let Some(kind) = tool_refusal(&message) {
        return kind;
    }
    // Before the status: OpenRouter says it with a 404 and llama.cpp with a 500.
    if super::media_refusal(&message).is_some() {
        return ProviderErrorKind::Attachment;
    }
    // Gemini, a model that does not search: "Search Grounding is not supported."
    // (googleapis/go-genai#429), or one that cannot search beside function
    // calling: "Tool use with function calling is unsupported" (go-genai#323).
    if message.contains("search grounding is not supported")
        || message.contains("tool use with function calling is unsupported")
    {
        return ProviderErrorKind::SearchRefused;
    }
    // Gemini, a model that does not draw: "Model does not support the requested
    // response modalities: image,text" (Laisky/one-api#45, Google's message passed on).
    if message.contains("does not support the requested response modalities") && message.contains("image") {
        return ProviderErrorKind::ImagesRefused;
    }
    // OpenAI's 400 to `web_search_options` for a model that does not search:
    // "Web search options not supported with this model." (as reported in
    // cpbotha/obsidian-ai-chat-as-md#5 and LSTM-Kirigaya/openmcp-client#7).
    if message.contains("web search options not supported") {
        return ProviderErrorKind::SearchRefused;
    }
    match status {
        Some(401 | 403) => ProviderErrorKind::Auth,
        Some(429) => ProviderErrorKind::RateLimit,
        Some(404) => ProviderErrorKind::NotFound,
        Some(500..=599) => ProviderErrorKind::Server,
        Some(400..=499) => ProviderErrorKind::BadRequest,
        Some(_) => ProviderErrorKind::Other,
        None if code.contains("rate_limit") => ProviderErrorKind::RateLimit,
        None if code.contains("overloaded") || code.contains("server_error") || code.contains("api_error") => {
            ProviderErrorKind::Server
        }
        None if code.contains("auth") || code.contains("invalid_api_key") => ProviderErrorKind::Auth,
        None => ProviderErrorKind::Other,
    }
}

/// A provider that will not run its own web search or image tool for the
/// model. OpenAI Responses answers 400 with "Hosted tool 'web_search_preview'
/// is not supported with gpt-5-2025-08-07." (reported in openai/codex#4881; the
/// same words naming `image_generation` are read as a refusal to make images).
fn tool_refusal(message: &str) -> Option<ProviderErrorKind> {
    if !message.contains("not supported") || !message.contains("tool") {
        return None;
    }
    if message.contains("web_search") {
        Some(ProviderErrorKind::SearchRefused)
    } else if message.contains("image_generation") {
        Some(ProviderErrorKind::ImagesRefused)
    } else {
        None
    }
}

/// Explains a request that got no answer. Browsers hide the cause; when the target
/// is a local server the likely cause is CORS, so say how to allow it.
fn network_advice(url: &str, detail: &str) -> String {
    let host = host_of(url);
    let mut text = format!(
        "No answer from {host} ({detail}). The address may be wrong, the server down or offline, or it does not allow requests from web pages (CORS)."
    );
    if is_local_host(&host) {
        text.push_str(
            " Local servers must allow this page's origin: start Ollama with OLLAMA_ORIGINS set to this page's origin (or \"*\"), \
             enable CORS in LM Studio's server settings, and start llama.cpp's server as it is (it allows all origins).",
        );
    }
    text
}

/// The `host[:port]` part of a URL, or the URL itself when it has none.
fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().unwrap_or(rest).to_owned()
}

fn is_local_host(host: &str) -> bool {
    let name = host
        .rsplit_once(':')
        .map_or(host, |(name, port)| if port.bytes().all(|b| b.is_ascii_digit()) { name } else { host });
    matches!(name, "localhost" | "127.0.0.1" | "[::1]" | "0.0.0.0")
        || name.ends_with(".localhost")
        || name.starts_with("127.")
}

#[cfg(test)]
mod tests;
