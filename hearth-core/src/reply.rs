//! Accumulates the [`StreamEvent`]s of one response into the reply they describe.
//!
//! The shell and the `replay` example both fold events through [`Reply::apply`],
//! so what the app shows and what the tool prints cannot drift apart.
//!
//! Merging rules: text and reasoning are appended; tool-call fragments are joined
//! by index (or id), and a later missing or empty id or name never overwrites a
//! known one; a later usage report fills in or updates counts but never erases
//! them; the first finish reason is kept unless a later one is more specific.
//!
//! Reasoning is also kept part by part in [`Reply::reasoning_parts`], so that
//! signatures can be sent back with the next turn: reasoning text extends the last
//! part unless that part is sealed (signed or redacted), in which case it starts a
//! new one; a signature seals the last part if it is still open, and otherwise
//! (no part yet, or the last one already sealed) arrives as a new empty part of
//! its own; a redacted block is always a new, sealed part.

#[cfg(test)]
mod tests;

use crate::message::ReasoningPart;
use crate::provider::{FinishKind, FinishReason, ProviderError, StreamEvent, Usage};

/// Everything one response said so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reply {
    /// The answer text (markdown).
    pub text: String,
    /// Reasoning ("thinking") text, all parts together.
    pub reasoning: String,
    /// The same reasoning split where the provider sealed it, with signatures and
    /// redacted blocks (see the module documentation).
    pub reasoning_parts: Vec<ReasoningPart>,
    /// Tool calls in the order they started.
    pub tool_calls: Vec<ToolCall>,
    /// Why generation stopped, once known.
    pub finish: Option<FinishReason>,
    /// Token usage, once reported.
    pub usage: Option<Usage>,
    /// The provider's error, when the response failed.
    pub error: Option<ProviderError>,
    /// Descriptions of chunks that were skipped as unreadable.
    pub malformed: Vec<String>,
    /// How many other choices the provider sent and were ignored (see
    /// [`StreamEvent::IgnoredChoice`]).
    pub ignored_choices: u32,
}

/// One tool call as assembled from its fragments.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolCall {
    /// The provider's index for the call, when it gave one.
    pub index: Option<u32>,
    /// The call id (empty until the provider sends it).
    pub id: String,
    /// The tool name (empty until the provider sends it).
    pub name: String,
    /// The JSON arguments text as streamed.
    pub arguments_raw: String,
}

impl ToolCall {
    /// The arguments parsed as JSON, or `None` when they are not valid JSON.
    pub fn arguments(&self) -> Option<serde_json::Value> {
        let raw = self.arguments_raw.trim();
        if raw.is_empty() {
            return Some(serde_json::Value::Object(serde_json::Map::new()));
        }
        serde_json::from_str(raw).ok()
    }
}

impl Reply {
    /// An empty reply.
    pub fn new() -> Self {
        Self::default()
    }

    /// Folds one event into the reply.
    pub fn apply(&mut self, event: StreamEvent) {
        match event {
            StreamEvent::TextDelta(text) => self.text.push_str(&text),
            StreamEvent::ReasoningDelta(text) => {
                self.reasoning.push_str(&text);
                match self.reasoning_parts.last_mut() {
                    Some(part) if !part.is_sealed() => part.text.push_str(&text),
                    _ => self.reasoning_parts.push(ReasoningPart { text, ..ReasoningPart::default() }),
                }
            }
            StreamEvent::ReasoningSignature(signature) => match self.reasoning_parts.last_mut() {
                Some(part) if !part.is_sealed() => part.signature = Some(signature),
                _ => {
                    self.reasoning_parts.push(ReasoningPart { signature: Some(signature), ..ReasoningPart::default() })
                }
            },
            StreamEvent::RedactedReasoning(data) => {
                self.reasoning_parts.push(ReasoningPart { redacted: Some(data), ..ReasoningPart::default() })
            }
            StreamEvent::ToolCallDelta { index, id, name, arguments } => {
                self.apply_tool_call(index, id, name, &arguments)
            }
            // Fragments already joined the call; the end lets a consumer act on a
            // call before the reply ends, but changes nothing in the reply.
            StreamEvent::ToolCallEnd { .. } => {}
            StreamEvent::Usage(usage) => {
                let merged = match self.usage {
                    Some(known) => Usage { input: usage.input.or(known.input), output: usage.output.or(known.output) },
                    None => usage,
                };
                self.usage = Some(merged);
            }
            StreamEvent::Finish(reason) => {
                let replace = match &self.finish {
                    None => true,
                    Some(known) => known.unified == FinishKind::Other && reason.unified != FinishKind::Other,
                };
                if replace {
                    self.finish = Some(reason);
                }
            }
            StreamEvent::ProviderError(error) => {
                if self.error.is_none() {
                    self.error = Some(error);
                }
            }
            StreamEvent::IgnoredChoice(_) => self.ignored_choices = self.ignored_choices.saturating_add(1),
            StreamEvent::Malformed { reason, data } => self.malformed.push(format!("{reason}: {data}")),
        }
    }

    /// Records a failure of the whole request (an HTTP error status, say).
    pub fn fail(&mut self, error: ProviderError) {
        self.error = Some(error);
    }

    /// The finish reason to report: the provider's, or `error` when the reply
    /// failed without one.
    pub fn effective_finish(&self) -> Option<FinishReason> {
        match (&self.finish, &self.error) {
            (Some(finish), _) => Some(finish.clone()),
            (None, Some(_)) => Some(FinishReason { unified: FinishKind::Error, raw: None }),
            (None, None) => None,
        }
    }

    fn apply_tool_call(&mut self, index: Option<u32>, id: Option<String>, name: Option<String>, arguments: &str) {
        let id = id.filter(|id| !id.is_empty());
        let name = name.filter(|name| !name.is_empty());
        let position = self.find_tool_call(index, id.as_deref());
        let call = match position {
            Some(position) => &mut self.tool_calls[position],
            None => {
                self.tool_calls.push(ToolCall { index, ..ToolCall::default() });
                let last = self.tool_calls.len() - 1;
                &mut self.tool_calls[last]
            }
        };
        if let Some(id) = id
            && call.id.is_empty()
        {
            call.id = id;
        }
        if let Some(name) = name
            && call.name.is_empty()
        {
            call.name = name;
        }
        call.arguments_raw.push_str(arguments);
    }

    /// Which known call a fragment continues, if any. A fragment with a new id
    /// starts a new call even when a server reuses an index; a fragment with
    /// neither index nor id continues the latest call.
    fn find_tool_call(&self, index: Option<u32>, id: Option<&str>) -> Option<usize> {
        let by_id = |id: &str| self.tool_calls.iter().rposition(|call| call.id == id);
        match (index, id) {
            (_, Some(id)) if by_id(id).is_some() => by_id(id),
            (Some(index), Some(_)) => {
                self.tool_calls.iter().rposition(|call| call.index == Some(index) && call.id.is_empty())
            }
            (Some(index), None) => self.tool_calls.iter().rposition(|call| call.index == Some(index)),
            (None, Some(_)) => None,
            (None, None) => self.tool_calls.len().checked_sub(1),
        }
    }
}

impl Reply {
    /// The reply as the `replay` example prints it: `text`, `reasoning` (or null),
    /// `tool_calls` (`id`, `name`, parsed `arguments` or null, `arguments_raw`),
    /// `finish` and `finish_raw` (or null), `usage` (`input`, `output`) or null, and
    /// `error`, the provider's message (or null), and `ignored_choices` when
    /// there were any.
    pub fn to_json(&self) -> serde_json::Value {
        let finish = self.effective_finish();
        let mut json = serde_json::json!({
            "text": self.text,
            "reasoning": (!self.reasoning.is_empty()).then_some(&self.reasoning),
            "tool_calls": self.tool_calls.iter().map(|call| serde_json::json!({
                "id": call.id,
                "name": call.name,
                "arguments": call.arguments(),
                "arguments_raw": call.arguments_raw,
            })).collect::<Vec<_>>(),
            "finish": finish.as_ref().map(|f| f.unified.as_str()),
            "finish_raw": finish.as_ref().and_then(|f| f.raw.as_deref()),
            "usage": self.usage.map(|u| serde_json::json!({ "input": u.input, "output": u.output })),
            "error": self.error.as_ref().map(|e| e.message.as_str()),
        });
        if self.ignored_choices > 0 {
            json["ignored_choices"] = serde_json::json!(self.ignored_choices);
        }
        json
    }
}
