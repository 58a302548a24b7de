//! A streamed transcription's answer (OpenAI's `stream=true`, models such as
//! `gpt-4o-mini-transcribe`): server-sent events, `transcript.text.delta`
//! with the next words, then `transcript.text.done` with the whole text. An
//! `error` object ends it. `data: [DONE]`, `event:` lines and events of other
//! types (segments, for diarisation) are let be.

use serde_json::Value;

use super::unreadable;
use crate::contract::ProviderError;
use crate::provider::parse::error_fields;
use crate::sse::SseEvent;

/// The text so far of a streamed transcription.
#[derive(Debug, Default)]
pub struct TranscriptionStream {
    heard: String,
    done: Option<String>,
    error: Option<ProviderError>,
}

impl TranscriptionStream {
    /// Nothing heard yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads one event; whether the words so far changed.
    pub fn on_event(&mut self, event: &SseEvent) -> bool {
        if self.error.is_some() || event.data.trim() == "[DONE]" {
            return false;
        }
        let Ok(value) = serde_json::from_str::<Value>(&event.data) else { return false };
        if value.get("error").is_some_and(|error| !error.is_null()) {
            let (message, code) = error_fields(&value);
            self.error = Some(ProviderError::in_stream(message, code));
            return false;
        }
        match value.get("type").and_then(Value::as_str) {
            Some("transcript.text.delta") => {
                let delta = value.get("delta").and_then(Value::as_str).unwrap_or_default();
                self.heard.push_str(delta);
                !delta.is_empty()
            }
            Some("transcript.text.done") => {
                let text = value.get("text").and_then(Value::as_str).unwrap_or_default();
                self.done = Some(text.to_owned());
                self.heard = text.to_owned();
                true
            }
            _ => false,
        }
    }

    /// The words so far.
    pub fn heard(&self) -> &str {
        self.heard.trim()
    }

    /// The transcript, trimmed, once the stream has ended: the done event's
    /// text, or the words of the deltas when it never came; an error event is
    /// the error.
    pub fn finish(self) -> Result<String, ProviderError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        match self.done {
            Some(text) => Ok(text.trim().to_owned()),
            None if !self.heard.trim().is_empty() => Ok(self.heard.trim().to_owned()),
            None => Err(unreadable("The answer ended before any text")),
        }
    }
}
