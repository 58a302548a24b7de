//! What Gemini's failures mean: finish reasons, error bodies (whole, or sent
//! inside the stream) and blocked prompts, each as the unified kind.

use crate::contract::{FinishKind, ProviderError, ProviderErrorKind};
use crate::provider::parse::{excerpt, read_error_body};

/// Maps Gemini's `finishReason` to the unified reason.
///
/// Gemini reports `STOP` even when the response consists of function calls; the
/// stream parser reports such a finish as [`FinishKind::ToolCalls`] (keeping the
/// raw `STOP`) so that the tool loop knows to run them. This function alone cannot
/// know that and maps `STOP` to [`FinishKind::Stop`].
///
/// See <https://ai.google.dev/api/generate-content#FinishReason>.
pub fn map_finish_reason(raw: &str) -> FinishKind {
    match raw {
        "STOP" => FinishKind::Stop,
        "MAX_TOKENS" => FinishKind::Length,
        "SAFETY"
        | "RECITATION"
        | "BLOCKLIST"
        | "PROHIBITED_CONTENT"
        | "SPII"
        | "IMAGE_SAFETY"
        | "IMAGE_PROHIBITED_CONTENT"
        | "IMAGE_RECITATION" => FinishKind::ContentFilter,
        "MALFORMED_FUNCTION_CALL" => FinishKind::Error,
        _ => FinishKind::Other,
    }
}

/// Reads the error body of a non-2xx response: `{"error": {"code", "message",
/// "status", "details"}}`, sometimes wrapped in an array, or plain text. The
/// `status` string (`INVALID_ARGUMENT`, …) becomes the code.
///
/// Gemini answers a wrong key with 400 `INVALID_ARGUMENT` "API key not valid";
/// that is classified as [`ProviderErrorKind::Auth`], not as a bad request.
pub fn parse_error_body(status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    let (message, code) = read_error_body(body, error_fields);
    let mut error = ProviderError::from_status(status, message, code, retry_after_secs);
    refine_kind(&mut error);
    error
}

/// Message and code out of an error value: the object under `error` (of the first
/// element, for an array), or the value itself. The code is the `status` string,
/// or else the numeric `code`.
fn error_fields(value: &serde_json::Value) -> (String, Option<String>) {
    let value = match value {
        serde_json::Value::Array(items) => items.first().unwrap_or(value),
        _ => value,
    };
    let inner = value.get("error").unwrap_or(value);
    if let Some(text) = inner.as_str() {
        return (text.to_owned(), None);
    }
    let message =
        inner.get("message").and_then(|v| v.as_str()).map_or_else(|| excerpt(&value.to_string(), 500), str::to_owned);
    let code = match (inner.get("status"), inner.get("code")) {
        (Some(serde_json::Value::String(status)), _) => Some(status.clone()),
        (_, Some(serde_json::Value::Number(code))) => Some(code.to_string()),
        (_, Some(serde_json::Value::String(code))) => Some(code.clone()),
        _ => None,
    };
    (message, code)
}

/// Gemini-specific classification the shared rules cannot know.
fn refine_kind(error: &mut ProviderError) {
    if error.message.contains("API key not valid") || error.code.as_deref() == Some("UNAUTHENTICATED") {
        error.kind = ProviderErrorKind::Auth;
    } else if error.message.contains("exceeds the maximum number of tokens") {
        error.kind = ProviderErrorKind::ContextTooLong;
    }
}

/// An error object sent inside the stream. Its numeric `code` is an HTTP status,
/// so it classifies the error as a response status would.
pub(crate) fn in_stream_error(value: &serde_json::Value) -> ProviderError {
    let (message, code) = error_fields(value);
    let mut error = ProviderError::in_stream(message, code);
    let status = value.get("code").and_then(serde_json::Value::as_u64).and_then(|c| u16::try_from(c).ok());
    if let Some(status) = status {
        error.kind = ProviderError::from_status(status, error.message.clone(), error.code.clone(), None).kind;
    }
    refine_kind(&mut error);
    error
}

/// The error of a prompt Gemini's safety filter blocked: the reason code
/// (`SAFETY`, `PROHIBITED_CONTENT`, `BLOCKLIST`, …) and Google's explanation when
/// it gave one.
pub(super) fn prompt_blocked(reason: &str, explanation: Option<&str>) -> ProviderError {
    let mut message = format!("Gemini's safety filter blocked the prompt (reason: {reason})");
    if let Some(explanation) = explanation.map(str::trim).filter(|e| !e.is_empty()) {
        message.push_str(". ");
        message.push_str(explanation);
    }
    ProviderError {
        kind: ProviderErrorKind::ContentFilter,
        status: None,
        message,
        code: Some(reason.to_owned()),
        retry_after_secs: None,
    }
}
