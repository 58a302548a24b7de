//! Accumulates the [`StreamEvent`]s of one response into the reply they describe.
//!
//! One way leads from a response body to a reply: [`ReplyReader`] feeds the bytes
//! through a [`ResponseDecoder`] and folds every event with [`Reply::apply`]
//! ([`Reply::from_chunks`] does it for a body already in hand, and
//! [`Reply::from_events`] folds events already decoded). The shell, the tests
//! and the `replay` and `bench_stream` examples all read bodies this way, so
//! what the app shows and what the tools print cannot drift apart.
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

use crate::contract::{
    CitationMark, FinishKind, FinishReason, ImageOut, ProviderError, ProviderKind, ServerToolCall, Source, StreamEvent,
    Unsupported, Usage,
};
use crate::message::ReasoningPart;
use crate::provider::ResponseDecoder;

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
    /// The pages the text cites, each once (by URL), in the order first cited.
    pub sources: Vec<Source>,
    /// Where the text cites them.
    pub citations: Vec<CitationMark>,
    /// The tools the provider ran itself, in the order they started.
    pub server_tools: Vec<ServerToolCall>,
    /// The pictures the model made, whole.
    pub images: Vec<ImageOut>,
    /// The latest partial picture of a drawing not finished yet.
    pub drawing: Option<ImageOut>,
    /// What the family could not read, kept raw.
    pub unsupported: Vec<Unsupported>,
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

    /// The reply `events` describe, folded in order.
    pub fn from_events(events: impl IntoIterator<Item = StreamEvent>) -> Self {
        let mut reply = Self::new();
        events.into_iter().for_each(|event| reply.apply(event));
        reply
    }

    /// The reply a whole response body of the `kind` family describes, fed in
    /// `chunks` as they arrived (see [`ReplyReader`]).
    pub fn from_chunks(kind: ProviderKind, chunks: impl IntoIterator<Item = impl AsRef<[u8]>>) -> Self {
        let mut reader = ReplyReader::new(kind);
        for chunk in chunks {
            reader.push(chunk.as_ref());
        }
        reader.finish();
        reader.into_reply()
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
                    Some(known) => Usage {
                        input: usage.input.or(known.input),
                        output: usage.output.or(known.output),
                        reasoning: usage.reasoning.or(known.reasoning),
                    },
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
            StreamEvent::ReasoningItem { id, encrypted } => match self.reasoning_parts.last_mut() {
                Some(part) if !part.is_sealed() => {
                    part.id = Some(id);
                    part.signature = encrypted;
                }
                _ => self.reasoning_parts.push(ReasoningPart {
                    id: Some(id),
                    signature: encrypted,
                    ..ReasoningPart::default()
                }),
            },
            StreamEvent::Citation { source, back } => self.cite(source, back),
            StreamEvent::ServerTool(call) => match self.server_tools.iter_mut().find(|known| known.id == call.id) {
                Some(known) => known.merge(call),
                None => self.server_tools.push(call),
            },
            StreamEvent::Image(image) if image.partial => self.drawing = Some(image),
            StreamEvent::Image(image) => {
                self.drawing = None;
                self.images.push(image);
            }
            StreamEvent::Unsupported(unsupported) => self.unsupported.push(unsupported),
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

    /// Marks the text `back` characters before its end as citing `source`
    /// (listed once by URL; a later title or passage fills in a missing one).
    fn cite(&mut self, source: Source, back: u32) {
        let length = u32::try_from(self.text.chars().count()).unwrap_or(u32::MAX);
        let at = length.saturating_sub(back);
        let position = match self.sources.iter().position(|known| known.url == source.url) {
            Some(position) => {
                let known = &mut self.sources[position];
                if known.title.is_empty() {
                    known.title = source.title;
                }
                if known.cited_text.is_none() {
                    known.cited_text = source.cited_text;
                }
                position
            }
            None => {
                self.sources.push(source);
                self.sources.len() - 1
            }
        };
        let mark = CitationMark { source: u32::try_from(position).unwrap_or(u32::MAX), at };
        if !self.citations.contains(&mark) {
            self.citations.push(mark);
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

/// Reads one streamed response body into a [`Reply`], whatever pieces it
/// arrives in: the bytes go through the family's [`ResponseDecoder`] and each
/// event is folded with [`Reply::apply`] as it completes.
///
/// A caller that acts on events as they come (to render text, or to notice
/// the first tool call) uses [`push_each`](Self::push_each), which shows it
/// each event with the reply as it was before the event.
#[derive(Debug)]
pub struct ReplyReader {
    decoder: ResponseDecoder,
    reply: Reply,
}

impl ReplyReader {
    /// A reader at the start of a response of the `kind` family.
    pub fn new(kind: ProviderKind) -> Self {
        Self { decoder: ResponseDecoder::new(kind), reply: Reply::new() }
    }

    /// Feeds the next bytes of the body and folds the events they complete.
    pub fn push(&mut self, bytes: &[u8]) {
        self.push_each(bytes, |_, _| {});
    }

    /// [`push`](Self::push), showing `each` every event and the reply before
    /// the event is folded in.
    pub fn push_each(&mut self, bytes: &[u8], each: impl FnMut(&StreamEvent, &Reply)) {
        let events = self.decoder.push(bytes);
        self.fold(events, each);
    }

    /// Ends the body (see [`ResponseDecoder::finish`]) and folds what it
    /// completes.
    pub fn finish(&mut self) {
        self.finish_each(|_, _| {});
    }

    /// [`finish`](Self::finish), showing `each` every event as
    /// [`push_each`](Self::push_each) does.
    pub fn finish_each(&mut self, each: impl FnMut(&StreamEvent, &Reply)) {
        let events = self.decoder.finish();
        self.fold(events, each);
    }

    /// The reply so far.
    pub fn reply(&self) -> &Reply {
        &self.reply
    }

    /// The reply, once the body is read.
    pub fn into_reply(self) -> Reply {
        self.reply
    }

    fn fold(&mut self, events: Vec<StreamEvent>, mut each: impl FnMut(&StreamEvent, &Reply)) {
        for event in events {
            each(&event, &self.reply);
            self.reply.apply(event);
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
        self.extras_json(&mut json);
        json
    }

    /// What [`to_json`](Self::to_json) adds only when the reply has it, so the
    /// replies of families without it print as before: `usage.reasoning`,
    /// `reasoning_items` (the ids of sealed reasoning items), `sources`,
    /// `citations`, `server_tools`, `images` and `drawing` (see
    /// [`image_json`]) and `unsupported`.
    fn extras_json(&self, json: &mut serde_json::Value) {
        if let Some(reasoning) = self.usage.and_then(|usage| usage.reasoning) {
            json["usage"]["reasoning"] = serde_json::json!(reasoning);
        }
        let items: Vec<&str> = self.reasoning_parts.iter().filter_map(|part| part.id.as_deref()).collect();
        if !items.is_empty() {
            json["reasoning_items"] = serde_json::json!(items);
        }
        if !self.sources.is_empty() {
            json["sources"] = serde_json::json!(self.sources);
        }
        if !self.citations.is_empty() {
            json["citations"] = serde_json::json!(self.citations);
        }
        if !self.server_tools.is_empty() {
            json["server_tools"] = serde_json::json!(self.server_tools);
        }
        if !self.images.is_empty() {
            json["images"] = self.images.iter().map(image_json).collect();
        }
        if let Some(drawing) = &self.drawing {
            json["drawing"] = image_json(drawing);
        }
        if !self.unsupported.is_empty() {
            json["unsupported"] = serde_json::json!(self.unsupported);
        }
    }
}

/// A picture in [`Reply::to_json`]: its media type, whether it is partial, and
/// its bytes' length with their start (not all of them).
fn image_json(image: &ImageOut) -> serde_json::Value {
    serde_json::json!({
        "id": image.id,
        "mime": image.mime,
        "partial": image.partial,
        "data_len": image.data.len(),
        "data_start": image.data.chars().take(32).collect::<String>(),
        "revised_prompt": image.revised_prompt,
    })
}
