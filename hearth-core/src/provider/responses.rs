//! OpenAI Responses (`POST /responses`), streamed: OpenAI, Azure OpenAI and the
//! servers compatible with it ("Open Responses": vLLM, Ollama, LM Studio).
//!
//! API documentation: <https://platform.openai.com/docs/api-reference/responses/create>
//! and <https://platform.openai.com/docs/api-reference/responses-streaming>.
//!
//! Protocol, as streamed with `"stream": true` (each event is sent with an SSE
//! `event:` name equal to the JSON `type` field, which is preferred):
//! 1. `response.created`, `response.in_progress` (and `response.queued`): nothing to read.
//! 2. Per output item: `response.output_item.added`, the item's own events, then
//!    `response.output_item.done` with the whole item. Items are numbered by
//!    `output_index`:
//!    - `message`: `response.content_part.added`, `response.output_text.delta`s
//!      (and `response.output_text.annotation.added`), `response.output_text.done`,
//!      `response.content_part.done`; a refusal comes as `response.refusal.delta`s
//!      and `response.refusal.done` instead.
//!    - `reasoning`: `response.reasoning_summary_part.added`,
//!      `response.reasoning_summary_text.delta`s and `.done` per summary part; the
//!      item's `encrypted_content` arrives with its `output_item.done`. Compatible
//!      servers stream the raw reasoning as `response.reasoning_text.delta`.
//!    - `function_call` (`call_id`, `name`): `response.function_call_arguments.delta`s
//!      and `.done`. Several may be made in one reply.
//!    - `web_search_call`: `response.web_search_call.in_progress`, `.searching`,
//!      `.completed`; its `action` (`search` with `query` and `sources`,
//!      `open_page` with `url`, `find_in_page`) comes with the done item.
//!    - `image_generation_call`: `response.image_generation_call.in_progress`,
//!      `.generating`, `.partial_image`s (`partial_image_b64`), `.completed`; the
//!      picture is the done item's `result` (`output_format`, `revised_prompt`).
//! 3. One of `response.completed` (with `usage`), `response.incomplete`
//!    (`incomplete_details.reason`) or `response.failed` (`error`). An `error`
//!    event may come at any point.
//!
//! How they become [`StreamEvent`]s:
//! - Text deltas are text; a refusal is shown as the answer's text too, and the
//!   reply then finishes [`FinishKind::ContentFilter`] (raw `refusal`), so the
//!   view says the model declined instead of presenting it as an answer.
//! - A `url_citation` annotation is a [`StreamEvent::Citation`], placed by its
//!   `end_index` in the text streamed so far for its content part; its URL is
//!   passed as it came (the view decides whether it is a link). Any other
//!   annotation type is [`StreamEvent::Unsupported`].
//! - Summary text is reasoning; a new summary part of the same item starts
//!   after a blank line. A reasoning item done with `encrypted_content` is a
//!   [`StreamEvent::ReasoningItem`], sealing the summary streamed before it (an
//!   item without it cannot be sent back when nothing is stored, so it seals
//!   nothing).
//! - Function calls are tool calls indexed by `output_index`; each ends
//!   ([`StreamEvent::ToolCallEnd`]) with its done item, or at the latest with
//!   the response's end. `response.completed` finishes
//!   [`FinishKind::ToolCalls`] when calls were made, else [`FinishKind::Stop`].
//! - Web searches and pictures being drawn are [`StreamEvent::ServerTool`]s
//!   (an `open_page` or `find_in_page` action a [`ServerToolKind::WebFetch`]);
//!   pictures are [`StreamEvent::Image`]s, partial while drawing. An output item
//!   of any other type is a [`ServerToolKind::Other`] with its JSON (cut at 4 KB).
//! - `response.incomplete`: `max_output_tokens` finishes [`FinishKind::Length`],
//!   `content_filter` [`FinishKind::ContentFilter`]. `response.failed` and `error`
//!   are [`StreamEvent::ProviderError`]s. Unknown events are ignored, as new ones
//!   are added; data that is not JSON is [`StreamEvent::Malformed`].
//!
//! Requests (see `request`): `model`, `input`, `stream: true`, and stateless:
//! `store: false` with `include: ["reasoning.encrypted_content"]`, so the whole
//! conversation goes each time and branches, compaction, compare and sync work
//! as on Chat Completions. System messages are joined into `instructions`.
//! User and assistant messages are `message` items in the documented shorthand
//! (`{"type":"message","role","content":"…"}`); a user message with images or
//! PDFs has `input_image` (a `data:` URL, `detail: auto`) and `input_file`
//! (`filename`, `file_data`) parts before its `input_text`
//! (<https://platform.openai.com/docs/guides/images-vision>,
//! <https://platform.openai.com/docs/guides/pdf-files>). Attached files go into
//! the text, as for Chat Completions ([`ChatMessage::content_with_files`]). A
//! reply's calls are `function_call` items (`call_id`, `name`, `arguments`)
//! after its text, and each result a `function_call_output` item (error results
//! start with "Error: "). The reasoning of a reply that came from this family
//! goes back before the reply's output as `reasoning` items (`id`, `summary`,
//! `encrypted_content`), only those with an id and sealed content: nothing from
//! another family, and nothing the server could not resolve without storage.
//!
//! Tools are flat (`{"type":"function","name","description","parameters"}`)
//! with `strict: false` sent, since the schemas come as each tool wrote them and
//! strict mode refuses most. `reasoning: {"effort", "summary": "auto"}` is sent
//! when [`ModelConfig::effort`] is set, or `{"summary": "auto"}` when the
//! thinking switch is on without an effort (the model's default effort, with
//! summaries to show); otherwise nothing, since models without reasoning refuse
//! the field. [`ModelConfig::web_search`] adds the `web_search` tool, with
//! `filters.allowed_domains` when domains are allowed
//! (<https://platform.openai.com/docs/guides/tools-web-search>); OpenAI has no
//! blocked domains and no limit on the number of searches, so
//! [`WebSearch::blocked_domains`](crate::contract::WebSearch::blocked_domains)
//! and `max_uses` are not sent. [`ModelConfig::make_images`] adds
//! `{"type":"image_generation","partial_images":2}`
//! (<https://platform.openai.com/docs/guides/tools-image-generation>).
//! `max_output_tokens`, `temperature` and `top_p` as set; extra JSON last.
//!
//! Azure (<https://learn.microsoft.com/azure/ai-foundry/openai/how-to/responses>):
//! the v1 API, `https://RESOURCE.openai.azure.com/openai/v1/responses`, without
//! an `api-version` (the v1 API takes none; one on the base URL is dropped),
//! the deployment name as `model`, the key in an `api-key` header. A base URL
//! that already ends in `/responses` is used as it is.

mod request;
mod wire;

#[cfg(test)]
pub(crate) mod tests;

use serde::Deserialize;

use super::base_url::{split_query, with_query};
use super::config::{ModelConfig, ProviderConfig, body_json};
use super::parse::{error_fields, json_event, read_error_body};
use super::preset::Preset;
use crate::contract::{
    FinishKind, FinishReason, HttpRequest, ImageOut, ProviderError, ProviderKind, ServerToolCall, ServerToolKind,
    ServerToolStatus, Source, StreamEvent, ToolSpec, Unsupported, Usage,
};
use crate::message::attachment::{AttachmentKind, Withheld};
use crate::message::{ChatMessage, Role};
use crate::sse::SseEvent;

/// Builds the streaming Responses request for `messages` (see the module
/// documentation), with the model's extra JSON merged last.
pub fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
    tools: &[ToolSpec],
) -> HttpRequest {
    let system: Vec<&str> = messages
        .iter()
        .filter(|message| message.role == Role::System && !message.content.trim().is_empty())
        .map(|message| message.content.as_str())
        .collect();
    let mut offered: Vec<request::Tool<'_>> = tools.iter().map(request::Tool::function).collect();
    if let Some(search) = &model.web_search {
        let filters = (!search.allowed_domains.is_empty())
            .then(|| request::SearchFilters { allowed_domains: &search.allowed_domains });
        offered.push(request::Tool::WebSearch { filters });
    }
    if model.make_images {
        offered.push(request::Tool::ImageGeneration { partial_images: 2 });
    }
    let reasoning = (model.effort.is_some() || model.thinking == Some(true))
        .then(|| request::Reasoning { effort: model.effort.map(|effort| effort.as_str()), summary: "auto" });
    let body = request::Body {
        model: &model.model,
        instructions: (!system.is_empty()).then(|| system.join("\n\n")),
        input: messages.iter().filter(|m| m.role != Role::System).flat_map(input_items).collect(),
        stream: true,
        store: false,
        include: ["reasoning.encrypted_content"],
        max_output_tokens: model.max_tokens,
        temperature: model.temperature,
        top_p: model.top_p,
        reasoning,
        tools: offered,
    };
    let url = if provider.preset == Preset::Azure {
        azure_responses_url(&provider.base_url)
    } else {
        responses_url(&provider.base_url)
    };
    HttpRequest {
        method: "POST",
        url,
        headers: super::openai::headers(provider, true),
        body: Some(body_json(&body, &model.extra)),
    }
}

/// One user or assistant message as input items: tool results as
/// `function_call_output` items (then its text, if any); an assistant reply
/// as its sealed reasoning from this family, its text, then its calls.
fn input_items(message: &ChatMessage) -> Vec<request::Item<'_>> {
    let mut items = Vec::new();
    for result in &message.tool_results {
        items.push(request::Item::FunctionCallOutput { call_id: &result.call_id, output: result.flagged_content() });
    }
    if message.role == Role::Assistant && message.origin == Some(ProviderKind::Responses) {
        for part in &message.reasoning {
            if let (Some(id), Some(sealed)) = (&part.id, &part.signature) {
                let summary = if part.text.is_empty() {
                    Vec::new()
                } else {
                    vec![request::SummaryText { kind: "summary_text", text: &part.text }]
                };
                items.push(request::Item::Reasoning { id, summary, encrypted_content: sealed });
            }
        }
    }
    let text = message.content_with_files();
    if !message.attachments.is_empty() && message.role == Role::User {
        items.push(request::Item::Message { role: "user", content: request::Content::Parts(parts(message, &text)) });
    } else if !text.is_empty() || (message.tool_results.is_empty() && message.tool_calls.is_empty()) {
        items.push(request::Item::Message {
            role: message.role.as_str(),
            content: request::Content::Text(text.into_owned()),
        });
    }
    for call in &message.tool_calls {
        // Arguments that are not JSON go as `{}`, as on Chat Completions.
        let arguments = if serde_json::from_str::<serde_json::Value>(&call.arguments).is_ok() {
            call.arguments.clone()
        } else {
            call.arguments_object().to_string()
        };
        items.push(request::Item::FunctionCall { call_id: &call.id, name: &call.name, arguments });
    }
    items
}

/// A user message with images or PDFs as parts: each attachment, then the
/// text (with its attached files) when there is any.
fn parts(message: &ChatMessage, text: &str) -> Vec<request::Part> {
    let mut parts: Vec<request::Part> = message
        .attachments
        .iter()
        .map(|attachment| match attachment.kind {
            AttachmentKind::Image => request::Part::Image { image_url: attachment.data_url(), detail: "auto" },
            AttachmentKind::Pdf => {
                request::Part::File { filename: attachment.name.clone(), file_data: attachment.data_url() }
            }
            // Never sent here (the Responses API takes no audio): its transcript is.
            AttachmentKind::Audio => request::Part::Text { text: attachment.note(Withheld::NoAudioInput) },
        })
        .collect();
    if !text.is_empty() {
        parts.push(request::Part::Text { text: text.to_owned() });
    }
    parts
}

/// The Responses endpoint for a base URL such as `https://api.openai.com/v1`:
/// `{base}/responses`. A full `…/responses` URL is kept, and a
/// `…/chat/completions` one is turned into it. A query on the base URL stays.
pub fn responses_url(base_url: &str) -> String {
    let (base, query) = split_query(base_url);
    let base = base.strip_suffix("/chat/completions").unwrap_or(base);
    let url = if base.ends_with("/responses") { base.to_owned() } else { format!("{base}/responses") };
    with_query(url, &[query])
}

/// Azure's v1 Responses endpoint for a resource or deployment URL:
/// `https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT` (or the
/// resource alone, or `…/openai/v1`) becomes
/// `https://RESOURCE.openai.azure.com/openai/v1/responses`. Any `api-version`
/// query is dropped (the v1 API takes none); other query pairs stay. A base
/// URL that already ends in `/responses` is kept as it is.
pub fn azure_responses_url(base_url: &str) -> String {
    let (path, query) = split_query(base_url);
    if path.ends_with("/responses") {
        return with_query(path.to_owned(), &[query]);
    }
    let resource = match path.find("/openai/").or_else(|| path.strip_suffix("/openai").map(str::len)) {
        Some(end) => &path[..end],
        None => path,
    };
    let kept: Vec<&str> = query.split('&').filter(|pair| !pair.starts_with("api-version=")).collect();
    with_query(format!("{resource}/openai/v1/responses"), &kept)
}

/// Maps a `response.incomplete` reason (`incomplete_details.reason`) to the
/// unified finish reason.
pub fn map_finish_reason(raw: &str) -> FinishKind {
    match raw {
        "max_output_tokens" | "max_tokens" => FinishKind::Length,
        "content_filter" => FinishKind::ContentFilter,
        _ => FinishKind::Other,
    }
}

/// Reads the error body of a non-2xx response, written as Chat Completions
/// writes them: `{"error": {"message", "type", "param", "code"}}`.
pub fn parse_error_body(status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    let (message, code) = read_error_body(body, error_fields);
    ProviderError::from_status(status, message, code, retry_after_secs)
}

/// The most bytes of a provider's JSON kept for what Hearth cannot read.
const RAW_LIMIT: usize = 4096;

/// `text` cut to at most [`RAW_LIMIT`] bytes, on a character boundary.
fn cut_raw(text: String) -> String {
    if text.len() <= RAW_LIMIT {
        return text;
    }
    let mut end = RAW_LIMIT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

/// Turns the SSE events of one Responses stream into [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {
    /// Characters of text streamed so far per content part, by
    /// (`output_index`, `content_index`): where citations go.
    parts: Vec<((u32, u32), u32)>,
    /// The function calls seen, by `output_index`.
    calls: Vec<Call>,
    /// The summary part (item id, summary index) reasoning last streamed in,
    /// while the reasoning it belongs to is not sealed.
    summary: Option<(Option<String>, Option<u32>)>,
    /// Whether the model refused (`response.refusal.*`).
    refused: bool,
}

/// One function call of the reply.
#[derive(Debug)]
struct Call {
    index: u32,
    /// Arguments text has been sent for it.
    arguments: bool,
    ended: bool,
}

impl StreamParser {
    /// A parser at the start of a stream.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses one SSE event. Never fails: an event that cannot be read becomes
    /// [`StreamEvent::Malformed`] and the stream goes on.
    pub fn on_event(&mut self, event: &SseEvent) -> Vec<StreamEvent> {
        if event.data.trim() == "[DONE]" {
            return Vec::new();
        }
        json_event(event, |parsed| self.on_parsed(parsed, event))
    }

    /// One event's object; the SSE `event` names it when its JSON has no `type`.
    fn on_parsed(&mut self, parsed: wire::Event, event: &SseEvent) -> Vec<StreamEvent> {
        let kind = parsed.kind.clone().or_else(|| event.event.clone()).unwrap_or_default();
        let mut events = Vec::new();
        let output_index = parsed.output_index.unwrap_or(0);
        let part = (output_index, parsed.content_index.unwrap_or(0));
        match kind.as_str() {
            "response.output_text.delta" => self.text(part, parsed.delta, &mut events),
            "response.output_text.done" => self.text_done(part, parsed.text, &mut events),
            "response.refusal.delta" => {
                self.refused = true;
                self.text(part, parsed.delta, &mut events);
            }
            "response.refusal.done" => {
                self.refused = true;
                self.text_done(part, parsed.refusal, &mut events);
            }
            "response.output_text.annotation.added" => {
                if let Some(annotation) = parsed.annotation {
                    events.push(self.annotation(part, annotation));
                }
            }
            "response.reasoning_summary_text.delta" | "response.reasoning_text.delta" => {
                let at = (parsed.item_id, parsed.summary_index.or(parsed.content_index));
                self.reasoning(at, parsed.delta, &mut events);
            }
            "response.function_call_arguments.delta" => self.arguments(output_index, parsed.delta, &mut events),
            "response.function_call_arguments.done" if self.call(output_index).is_some_and(|call| !call.arguments) => {
                self.arguments(output_index, parsed.arguments, &mut events);
            }
            "response.output_item.added" | "response.output_item.done" => {
                let done = kind.ends_with(".done");
                if let Some(item) = parsed.item {
                    self.item(output_index, item, done, &mut events);
                }
            }
            "response.web_search_call.in_progress"
            | "response.web_search_call.searching"
            | "response.web_search_call.completed"
            | "response.image_generation_call.in_progress"
            | "response.image_generation_call.generating"
            | "response.image_generation_call.completed" => {
                events.push(StreamEvent::ServerTool(tool_progress(&kind, parsed.item_id, output_index)));
            }
            "response.image_generation_call.partial_image" => {
                if let Some(data) = parsed.partial_image_b64.filter(|data| !data.is_empty()) {
                    events.push(StreamEvent::Image(ImageOut {
                        id: parsed.item_id,
                        mime: image_mime(parsed.output_format.as_deref(), &data),
                        data,
                        partial: true,
                        revised_prompt: None,
                    }));
                }
            }
            "response.completed" | "response.incomplete" | "response.failed" => {
                self.end(&kind, parsed.response, &mut events);
            }
            "error" => {
                let (message, code) = match &parsed.error {
                    Some(error) if error.is_object() || error.is_string() => error_fields(error),
                    _ => (parsed.message.unwrap_or_else(|| "The provider reported an error".to_owned()), None),
                };
                events.push(StreamEvent::ProviderError(ProviderError::in_stream(message, code)));
            }
            // Lifecycle, content-part and summary-part events, the events of
            // tools Hearth does not offer, and event types added later.
            _ => {}
        }
        events
    }

    /// More answer (or refusal) text of a content part.
    fn text(&mut self, part: (u32, u32), delta: Option<String>, events: &mut Vec<StreamEvent>) {
        let Some(delta) = delta.filter(|delta| !delta.is_empty()) else { return };
        let count = u32::try_from(delta.chars().count()).unwrap_or(u32::MAX);
        match self.parts.iter_mut().find(|(key, _)| *key == part) {
            Some((_, chars)) => *chars = chars.saturating_add(count),
            None => self.parts.push((part, count)),
        }
        events.push(StreamEvent::TextDelta(delta));
    }

    /// A content part's whole text: sent only when none of it streamed (a
    /// server that sends no deltas).
    fn text_done(&mut self, part: (u32, u32), text: Option<String>, events: &mut Vec<StreamEvent>) {
        if !self.parts.iter().any(|(key, chars)| *key == part && *chars > 0) {
            self.text(part, text, events);
        }
    }

    /// A citation for `url_citation`, else the annotation kept raw.
    fn annotation(&self, part: (u32, u32), raw: serde_json::Value) -> StreamEvent {
        let annotation = wire::Annotation::deserialize(&raw).unwrap_or_default();
        match (annotation.kind.as_deref(), annotation.url) {
            (Some("url_citation"), Some(url)) => {
                let streamed = self.parts.iter().find(|(key, _)| *key == part).map_or(0, |(_, chars)| *chars);
                let back = annotation.end_index.map_or(0, |end| streamed.saturating_sub(end));
                StreamEvent::Citation {
                    source: Source { url, title: annotation.title.unwrap_or_default(), cited_text: None },
                    back,
                }
            }
            (kind, _) => StreamEvent::Unsupported(Unsupported {
                what: kind.unwrap_or("annotation").to_owned(),
                raw: cut_raw(raw.to_string()),
            }),
        }
    }

    /// More reasoning; a new summary part of unsealed reasoning starts after a
    /// blank line.
    fn reasoning(&mut self, at: (Option<String>, Option<u32>), delta: Option<String>, events: &mut Vec<StreamEvent>) {
        let Some(delta) = delta.filter(|delta| !delta.is_empty()) else { return };
        let text = match &self.summary {
            Some(known) if *known != at => format!("\n\n{delta}"),
            _ => delta,
        };
        self.summary = Some(at);
        events.push(StreamEvent::ReasoningDelta(text));
    }

    fn call(&self, index: u32) -> Option<&Call> {
        self.calls.iter().find(|call| call.index == index)
    }

    /// More arguments text of the call at `index`.
    fn arguments(&mut self, index: u32, delta: Option<String>, events: &mut Vec<StreamEvent>) {
        let Some(delta) = delta.filter(|delta| !delta.is_empty()) else { return };
        match self.calls.iter_mut().find(|call| call.index == index) {
            Some(call) => call.arguments = true,
            None => self.calls.push(Call { index, arguments: true, ended: false }),
        }
        events.push(StreamEvent::ToolCallDelta { index: Some(index), id: None, name: None, arguments: delta });
    }

    /// An output item added (`done` false) or done.
    fn item(&mut self, index: u32, raw: serde_json::Value, done: bool, events: &mut Vec<StreamEvent>) {
        let item = match wire::Item::deserialize(&raw) {
            Ok(item) => item,
            Err(error) => {
                let data = super::parse::excerpt(&raw.to_string(), 200);
                events.push(StreamEvent::Malformed { reason: error.to_string(), data });
                return;
            }
        };
        let id = item.id.clone().filter(|id| !id.is_empty()).unwrap_or_else(|| format!("item-{index}"));
        match item.kind.as_deref() {
            Some("function_call") => self.function_call(index, item, done, events),
            Some("reasoning") => {
                if let (true, Some(id), Some(sealed)) =
                    (done, item.id, item.encrypted_content.filter(|s| !s.is_empty()))
                {
                    self.summary = None;
                    events.push(StreamEvent::ReasoningItem { id, encrypted: Some(sealed) });
                }
            }
            Some("web_search_call") => events.push(StreamEvent::ServerTool(search_call(id, &item, done))),
            Some("image_generation_call") => {
                if let Some(data) = item.result.clone().filter(|data| done && !data.is_empty()) {
                    events.push(StreamEvent::Image(ImageOut {
                        id: Some(id.clone()),
                        mime: image_mime(item.output_format.as_deref(), &data),
                        data,
                        partial: false,
                        revised_prompt: item.revised_prompt.clone(),
                    }));
                }
                events.push(StreamEvent::ServerTool(ServerToolCall {
                    status: item_status(item.status.as_deref(), done),
                    ..tool_call(id, ServerToolKind::ImageGeneration)
                }));
            }
            Some("message") | None => {}
            Some(other) => events.push(StreamEvent::ServerTool(ServerToolCall {
                status: item_status(item.status.as_deref(), done),
                raw: done.then(|| cut_raw(raw.to_string())),
                ..tool_call(id, ServerToolKind::Other(other.to_owned()))
            })),
        }
    }

    /// A `function_call` item: added, it starts the call (id and name); done,
    /// it sends the arguments if none streamed, then ends the call.
    fn function_call(&mut self, index: u32, item: wire::Item, done: bool, events: &mut Vec<StreamEvent>) {
        let arguments = item.arguments.unwrap_or_default();
        let Some(call) = self.calls.iter_mut().find(|call| call.index == index) else {
            self.calls.push(Call { index, arguments: !arguments.is_empty(), ended: done });
            events.push(StreamEvent::ToolCallDelta {
                index: Some(index),
                id: item.call_id.filter(|id| !id.is_empty()),
                name: item.name.filter(|name| !name.is_empty()),
                arguments,
            });
            if done {
                events.push(StreamEvent::ToolCallEnd { index: Some(index) });
            }
            return;
        };
        if !done || call.ended {
            return;
        }
        if !call.arguments && !arguments.is_empty() {
            call.arguments = true;
            events.push(StreamEvent::ToolCallDelta { index: Some(index), id: None, name: None, arguments });
        }
        call.ended = true;
        events.push(StreamEvent::ToolCallEnd { index: Some(index) });
    }

    /// The response's end: usage, the calls still open, then the finish
    /// reason or the error.
    fn end(&mut self, kind: &str, response: Option<wire::Response>, events: &mut Vec<StreamEvent>) {
        let response = response.unwrap_or(wire::Response { error: None, incomplete_details: None, usage: None });
        if let Some(usage) = response.usage {
            events.push(StreamEvent::Usage(Usage {
                input: usage.input_tokens,
                output: usage.output_tokens,
                reasoning: usage.output_tokens_details.and_then(|details| details.reasoning_tokens),
            }));
        }
        for call in self.calls.iter_mut().filter(|call| !call.ended) {
            call.ended = true;
            events.push(StreamEvent::ToolCallEnd { index: Some(call.index) });
        }
        let finish = |unified, raw: &str| StreamEvent::Finish(FinishReason { unified, raw: Some(raw.to_owned()) });
        match kind {
            "response.completed" if self.refused => events.push(finish(FinishKind::ContentFilter, "refusal")),
            "response.completed" if !self.calls.is_empty() => events.push(finish(FinishKind::ToolCalls, "completed")),
            "response.completed" => events.push(finish(FinishKind::Stop, "completed")),
            "response.incomplete" => {
                let reason = response.incomplete_details.and_then(|details| details.reason);
                let reason = reason.as_deref().unwrap_or("incomplete");
                events.push(finish(map_finish_reason(reason), reason));
            }
            _ => {
                let (message, code) = match &response.error {
                    Some(error) if !error.is_null() => error_fields(error),
                    _ => ("The response failed".to_owned(), None),
                };
                events.push(StreamEvent::ProviderError(ProviderError::in_stream(message, code)));
            }
        }
    }
}

/// A provider tool call of `kind` with nothing known yet.
fn tool_call(id: String, kind: ServerToolKind) -> ServerToolCall {
    ServerToolCall {
        id,
        kind,
        status: ServerToolStatus::InProgress,
        query: None,
        results: None,
        error: None,
        raw: None,
    }
}

/// An item's `status` (added: in progress unless it says otherwise; done:
/// completed unless it failed).
fn item_status(status: Option<&str>, done: bool) -> ServerToolStatus {
    match status {
        Some("failed" | "incomplete") => ServerToolStatus::Failed,
        Some("searching" | "generating" | "interpreting") => ServerToolStatus::Working,
        Some("completed") => ServerToolStatus::Completed,
        _ if done => ServerToolStatus::Completed,
        _ => ServerToolStatus::InProgress,
    }
}

/// A `response.web_search_call.*` or `response.image_generation_call.*`
/// progress event as news of its call.
fn tool_progress(kind: &str, item_id: Option<String>, index: u32) -> ServerToolCall {
    let id = item_id.filter(|id| !id.is_empty()).unwrap_or_else(|| format!("item-{index}"));
    let tool = if kind.starts_with("response.web_search_call") {
        ServerToolKind::WebSearch
    } else {
        ServerToolKind::ImageGeneration
    };
    let status = match kind.rsplit('.').next() {
        Some("completed") => ServerToolStatus::Completed,
        Some("searching" | "generating") => ServerToolStatus::Working,
        _ => ServerToolStatus::InProgress,
    };
    ServerToolCall { status, ..tool_call(id, tool) }
}

/// A `web_search_call` item: a search (its query and how many sources it
/// found), or a page opened or searched (its URL).
fn search_call(id: String, item: &wire::Item, done: bool) -> ServerToolCall {
    let action = item.action.as_ref();
    let (kind, query) = match action.and_then(|action| action.kind.as_deref()) {
        Some("open_page") => (ServerToolKind::WebFetch, action.and_then(|action| action.url.clone())),
        Some("find_in_page") => {
            let url = action.and_then(|action| action.url.as_deref()).unwrap_or_default();
            let query = match action.and_then(|action| action.pattern.as_deref()) {
                Some(pattern) => format!("\"{pattern}\" in {url}"),
                None => url.to_owned(),
            };
            (ServerToolKind::WebFetch, Some(query).filter(|query| !query.is_empty()))
        }
        _ => {
            let query = action.and_then(|action| {
                action.query.clone().or_else(|| action.queries.as_ref().and_then(|queries| queries.first().cloned()))
            });
            (ServerToolKind::WebSearch, query)
        }
    };
    let results = action
        .and_then(|action| action.sources.as_ref())
        .map(|sources| u32::try_from(sources.len()).unwrap_or(u32::MAX));
    ServerToolCall {
        status: item_status(item.status.as_deref(), done),
        query: query.filter(|query| !query.is_empty()),
        results,
        ..tool_call(id, kind)
    }
}

/// The media type of a picture: its `output_format`, else what its first
/// bytes say (PNG unless they say otherwise).
fn image_mime(format: Option<&str>, data: &str) -> String {
    let mime = match format.map(str::to_ascii_lowercase).as_deref() {
        Some("png") => "image/png",
        Some("jpeg" | "jpg") => "image/jpeg",
        Some("webp") => "image/webp",
        _ if data.starts_with("/9j/") => "image/jpeg",
        _ if data.starts_with("UklGR") => "image/webp",
        _ if data.starts_with("R0lGOD") => "image/gif",
        _ => "image/png",
    };
    mime.to_owned()
}
