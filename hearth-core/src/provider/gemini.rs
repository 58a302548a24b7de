//! Google Gemini `streamGenerateContent`, streamed as server-sent events.
//!
//! API documentation: <https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent>.
//!
//! Protocol, as streamed with `?alt=sse` (events framed with CRLF):
//! 1. `data: {GenerateContentResponse}` events, each a whole response object:
//!    `candidates[0].content.parts[]` carries `{"text"}` (answer text),
//!    `{"text", "thought": true}` (reasoning summaries) and `{"functionCall":
//!    {"name", "args"}}` (a complete tool call in one chunk); `usageMetadata`
//!    carries running token counts.
//! 2. The last chunk sets `candidates[0].finishReason`.
//! 3. When the prompt itself is blocked there are no candidates, only
//!    `promptFeedback.blockReason`: that is an error (the request was refused),
//!    [`ContentFilter`](crate::contract::ProviderErrorKind::ContentFilter) with
//!    the reason.
//!
//! Streamed function-call arguments (`functionCallingConfig.
//! streamFunctionCallArguments`, Vertex AI with Gemini 3,
//! <https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling#streaming-fc>):
//! a call starts as `{"name", "willContinue": true}`, its arguments follow in
//! parts without a name whose `partialArgs` each set the value at a `jsonPath`
//! (`$.location`, `$.a.b[0]`; a `stringValue` continues the same path's string
//! while the piece before had `willContinue`), and an empty `functionCall: {}`
//! (or one without `willContinue`) ends it. The parser assembles the arguments
//! and reports the call once, whole; a path it cannot read leaves arguments that
//! are not JSON, so the tool loop refuses to run the call. A function call that
//! carries nothing (no name, arguments or pieces) is skipped.
//!
//! There is no `[DONE]` marker; the body simply ends. Assumptions: one candidate is
//! requested, so only `candidates[0]` is read; an `error` object may arrive instead
//! of a response, as a `data:` event or as bare JSON at the end of the body (see
//! [`super::ResponseDecoder`]).
//!
//! Reasoning continuity (<https://ai.google.dev/gemini-api/docs/thought-signatures>):
//! thinking models may put a `thoughtSignature` on any part (text, thought or
//! function call), and while streaming it may come on a last part whose text is
//! empty. Every signature becomes [`StreamEvent::ReasoningSignature`]; the
//! documented rule is to pass signatures back exactly as received, which
//! [`build_request`] does on the text part of a reply Gemini wrote. The thought
//! text itself is never sent back.
//!
//! Tools (<https://ai.google.dev/gemini-api/docs/function-calling>) go in
//! `tools: [{functionDeclarations: [{name, description, parametersJsonSchema}]}]`
//! (`parametersJsonSchema` takes standard JSON Schema; the older `parameters`
//! takes only an OpenAPI subset). A reply's calls go back as `functionCall`
//! parts (`name`, `args`, and `id` when Gemini gave one), its signature on the
//! first of them, and the results as a user turn of `functionResponse` parts
//! (`name`, `id`, `response: {result}` or `{error}`).
//!
//! A user message's attached files go first in its `parts`, one `{text}` part
//! each ([`AttachedFile::wrapped`](crate::message::AttachedFile::wrapped)), then
//! the part of the user's text. Images and PDFs go before them, one
//! `{"inlineData": {"mimeType", "data"}}` part each
//! (<https://ai.google.dev/gemini-api/docs/image-understanding>,
//! <https://ai.google.dev/gemini-api/docs/document-processing>; the API reads
//! `inline_data` and `inlineData` alike, and Hearth writes camelCase throughout).
//!
//! Request settings go in `generationConfig` (`temperature`, `topP`,
//! `maxOutputTokens`, <https://ai.google.dev/api/generate-content#generationconfig>).
//! The thinking switch uses `thinkingConfig`
//! (<https://ai.google.dev/gemini-api/docs/thinking>): on asks for
//! `includeThoughts: true` (thought summaries in the stream); off sends
//! `thinkingBudget: 0`, which the documentation gives as "disables thinking" for
//! the models that allow it (Gemini 2.5 Flash and Flash-Lite; 2.5 Pro cannot
//! think less than 128 tokens and refuses it).
//!
//! Effort ([`ModelConfig::effort`], only when set, and not with thinking off)
//! goes in the same `thinkingConfig`: Gemini 3 and later take `thinkingLevel`
//! (`low`, `medium`, `high`; Gemini 3 Pro lists only `low` and `high`, so
//! medium leaves it at its default, `high`), earlier models `thinkingBudget`,
//! the budgets Google's OpenAI compatibility layer maps `reasoning_effort` to
//! (<https://ai.google.dev/gemini-api/docs/openai>): 1024, 8192 and 24576
//! tokens. A request never has both (the API refuses that).
//!
//! Web search ([`ModelConfig::web_search`], <https://ai.google.dev/gemini-api/docs/google-search>,
//! <https://ai.google.dev/gemini-api/docs/url-context>) adds the tools
//! `{"google_search": {}}` and `{"url_context": {}}` after the function
//! declarations. Built-in tools beside function declarations are a preview for
//! Gemini 3 only (<https://ai.google.dev/gemini-api/docs/tool-combination>),
//! which takes them with `toolConfig.includeServerSideToolInvocations: true`
//! (without it: "Please enable tool_config.include_server_side_tool_invocations
//! to use Built-in tools with Function calling."), so that goes with them; the
//! `toolCall` and `toolResponse` parts it adds to the answer are not read nor
//! sent back. Earlier models refuse the pair ("Tool use with function calling
//! is unsupported"), a
//! [`ProviderErrorKind::SearchRefused`](crate::contract::ProviderErrorKind::SearchRefused).
//! The Gemini API takes no domain limits and no use limit (`excludeDomains` is
//! Vertex AI's only, "not supported in Gemini API" say Google's SDKs):
//! [`WebSearch`](crate::contract::WebSearch)'s limits are not sent, and the
//! composer should say so when they are set.
//!
//! The answer says what the tools did in `groundingMetadata` and
//! `urlContextMetadata` on the candidate (usually in the last chunk):
//! - each of `webSearchQueries` is a completed [`StreamEvent::ServerTool`] web
//!   search (id `google_search:` and the query), its result count the number
//!   of `groundingChunks`;
//! - each `groundingSupports[]` entry cites, for each of its
//!   `groundingChunkIndices` that names a `web` chunk, that page
//!   ([`StreamEvent::Citation`]: the chunk's `uri`, kept as given, which is a
//!   `vertexaisearch.cloud.google.com/grounding-api-redirect/…` link, its
//!   `title`, which is the site's domain, and the segment's `text` as the cited
//!   passage), placed after the segment's `endIndex`. The documentation gives
//!   the indices in bytes (of the UTF-8 text; "measured in bytes"); Hearth counts
//!   them in the candidate's answer text streamed so far (its parts joined,
//!   thoughts left out) and turns them into characters. An index out of range,
//!   a chunk that is not a web page or a segment without an end is skipped;
//!   chunks no support cites are not listed;
//! - `searchEntryPoint.renderedContent` is HTML and CSS from Google that Hearth
//!   never renders. Google's grounding terms require showing the "search
//!   suggestions": the view shows each search's query as a plain link to
//!   Google's results page ([`search_suggestion_url`]) instead;
//! - each of `urlContextMetadata.urlMetadata` is a [`StreamEvent::ServerTool`]
//!   web fetch of `retrievedUrl` (id `url_context:` and the URL), completed
//!   when `urlRetrievalStatus` is `URL_RETRIEVAL_STATUS_SUCCESS`, failed with the
//!   status otherwise.
//!
//! Pictures ([`ModelConfig::make_images`], <https://ai.google.dev/gemini-api/docs/image-generation>):
//! the request asks for `generationConfig.responseModalities: ["TEXT", "IMAGE"]`
//! (image models such as `gemini-2.5-flash-image`; others refuse it, "Model does
//! not support the requested response modalities", a
//! [`ProviderErrorKind::ImagesRefused`](crate::contract::ProviderErrorKind::ImagesRefused)).
//! The answer's `inlineData` parts become pictures, drafts while `thought` is
//! set; see `image` for them and for "Create an image"
//! ([`build_image_request`], [`parse_image_response`]).

mod audio;
mod endpoint;
mod errors;
mod grounding;
mod image;
pub mod live;
mod request;
mod settings;
mod wire;

pub use audio::{
    DEFAULT_VOICE, MAX_INLINE_AUDIO, build_speech_request, build_transcription_request, parse_speech_response,
    parse_transcription_response,
};
pub use endpoint::DEFAULT_BASE_URL;
pub(crate) use errors::in_stream_error;
pub use errors::{map_finish_reason, parse_error_body};
pub use grounding::search_suggestion_url;
pub use image::{build_image_request, parse_image_response};

use endpoint::headers;
pub(crate) use endpoint::{api_url, model_id};
use errors::prompt_blocked;
use settings::generation_config;

#[cfg(test)]
pub(crate) mod tests;

use std::borrow::Cow;

use super::config::{ModelConfig, ProviderConfig, body_json};
use super::parse::json_event;
use crate::contract::{FinishKind, FinishReason, HttpRequest, ProviderKind, StreamEvent, ToolSpec, Usage};
use crate::message::{ChatMessage, MessageToolResult, Role, ToolMedia};
use crate::sse::SseEvent;

/// The start of the ids Hearth gives function calls that came without one
/// (`gemini_call_0`, …); such ids are not sent back.
pub const SYNTHETIC_CALL_ID: &str = "gemini_call_";

/// Builds the streaming chat request for `messages`. System messages are joined
/// into `systemInstruction`; the key goes in the `x-goog-api-key` header, never in
/// the URL. Settings go in `generationConfig` (see the module documentation); a
/// reply Gemini wrote carries its last thought signature on its text part. The
/// model's extra JSON is merged last.
pub fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
    tools: &[ToolSpec],
) -> HttpRequest {
    let system: Vec<&str> = messages.iter().filter(|m| m.role == Role::System).map(|m| m.content.as_str()).collect();
    let config = generation_config(model);
    let body = request::Body {
        contents: messages.iter().filter_map(content).collect(),
        system_instruction: (!system.is_empty())
            .then(|| request::SystemInstruction { parts: [request::TextPart { text: system.join("\n\n") }] }),
        tools: request_tools(model, tools),
        tool_config: (model.web_search.is_some() && !tools.is_empty())
            .then_some(request::ToolConfig { include_server_side_tool_invocations: true }),
        generation_config: (config != request::GenerationConfig::default()).then_some(config),
    };
    HttpRequest {
        method: "POST",
        url: stream_url(&provider.base_url, &model.model),
        headers: headers(provider),
        body: Some(body_json(&body, &model.extra)),
    }
}

/// One neutral message as a `Content`, or `None` for system messages (they go in
/// `systemInstruction`). Tool results become a user turn of `functionResponse`
/// parts; an assistant message becomes a `model` turn of its text (when any) and
/// one `functionCall` part per call. A user message's images and PDFs come
/// first, one `inlineData` part each, then its attached files, one text part
/// each, then its text (left out when empty). A signature Gemini gave the reply goes back
/// on its first function call, or else on its text part.
fn content(message: &ChatMessage) -> Option<request::Content<'_>> {
    if !message.tool_results.is_empty() {
        let parts = message.tool_results.iter().map(function_response).collect();
        return Some(request::Content { role: "user", parts });
    }
    let role = match message.role {
        Role::User => "user",
        Role::Assistant => "model",
        Role::System => return None,
    };
    let signature = (message.role == Role::Assistant && message.origin == Some(ProviderKind::Gemini))
        .then(|| {
            let mut signatures = message.reasoning.iter().filter_map(|p| p.signature.as_deref());
            if message.tool_calls.is_empty() { signatures.next_back() } else { signatures.next() }
        })
        .flatten();
    let attachments = message.attachments.iter().map(|attachment| request::Part {
        inline_data: Some(request::InlineData {
            // Gemini's documentation names MP3 `audio/mp3`.
            mime_type: match attachment.sent_mime() {
                "audio/mpeg" => "audio/mp3",
                mime => mime,
            },
            data: attachment.sent_data().unwrap_or_default(),
        }),
        ..request::Part::default()
    });
    let files = message
        .files
        .iter()
        .map(|file| request::Part { text: Some(Cow::Owned(file.wrapped())), ..request::Part::default() });
    let mut parts: Vec<request::Part<'_>> = attachments.chain(files).collect();
    if !message.content.is_empty() || (message.tool_calls.is_empty() && parts.is_empty()) {
        parts.push(request::Part { text: Some(Cow::Borrowed(&message.content)), ..request::Part::default() });
    }
    parts.extend(message.tool_calls.iter().map(|call| request::Part {
        function_call: Some(request::FunctionCall {
            name: &call.name,
            args: call.arguments_object(),
            id: given_id(&call.id),
        }),
        ..request::Part::default()
    }));
    if let Some(signature) = signature {
        let at = if message.tool_calls.is_empty() { 0 } else { parts.len() - message.tool_calls.len() };
        if let Some(part) = parts.get_mut(at) {
            part.thought_signature = Some(signature);
        }
    }
    Some(request::Content { role, parts })
}

/// The request's tools: one group of every function declaration (when any),
/// then Google Search and URL context when the web may be searched.
fn request_tools<'a>(model: &ModelConfig, tools: &'a [ToolSpec]) -> Vec<request::Tool<'a>> {
    let mut list = Vec::new();
    if !tools.is_empty() {
        list.push(request::Tool {
            function_declarations: tools.iter().map(request::FunctionDeclaration::new).collect(),
            ..request::Tool::default()
        });
    }
    if model.web_search.is_some() {
        list.push(request::Tool { google_search: Some(request::Empty {}), ..request::Tool::default() });
        list.push(request::Tool { url_context: Some(request::Empty {}), ..request::Tool::default() });
    }
    list
}

/// A call id Gemini gave, or `None` for one Hearth made up (not sent back).
fn given_id(id: &str) -> Option<&str> {
    (!id.starts_with(SYNTHETIC_CALL_ID)).then_some(id)
}

/// A tool result as a `functionResponse` part. Its `response` must be an object:
/// `{"result": …}` or `{"error": …}`, holding the content as JSON when it is JSON.
/// Images the tool returned (PNG, JPEG, WebP) go in its `parts` (Gemini 3's
/// multimodal function responses).
fn function_response(result: &MessageToolResult) -> request::Part<'_> {
    let sent = |media: &ToolMedia| {
        matches!(media.mime.as_str(), "image/png" | "image/jpeg" | "image/webp") && !media.data.is_empty()
    };
    let content = result.content_noting_media(sent);
    let value = serde_json::from_str::<serde_json::Value>(&content)
        .unwrap_or_else(|_| serde_json::Value::String(content.into_owned()));
    let response = if result.is_error { request::Response::Error(value) } else { request::Response::Result(value) };
    let parts = result
        .media
        .iter()
        .filter(|media| sent(media))
        .map(|media| request::FunctionResponsePart {
            inline_data: request::InlineData { mime_type: &media.mime, data: &media.data },
        })
        .collect();
    request::Part {
        function_response: Some(request::FunctionResponse {
            name: &result.name,
            response,
            id: given_id(&result.call_id),
            parts,
        }),
        ..request::Part::default()
    }
}

/// Builds the request that lists the models: `GET {base}/v1beta/models?pageSize=1000`
/// (1000 is the largest page), with the key in `x-goog-api-key`.
pub fn build_models_request(provider: &ProviderConfig) -> HttpRequest {
    let headers = headers(provider).into_iter().filter(|(name, _)| name != "content-type").collect();
    HttpRequest { method: "GET", url: api_url(&provider.base_url, "models", "pageSize=1000"), headers, body: None }
}

/// The `streamGenerateContent` endpoint for a base URL (with or without a trailing
/// `/v1beta`; empty means [`DEFAULT_BASE_URL`]) and a model id (with or without the
/// `models/` prefix).
pub fn stream_url(base_url: &str, model: &str) -> String {
    api_url(base_url, &format!("models/{}:streamGenerateContent", model_id(model)), "alt=sse")
}

/// The deepest a streamed argument path may go, and the highest array position
/// it may name: enough for any tool, and a bad path cannot cost much.
const MAX_PATH_SEGMENTS: usize = 32;
const MAX_ARRAY_POSITION: usize = 1000;
/// How far past an array's end a streamed path may write (the gap is nulls).
const MAX_ARRAY_GAP: usize = 16;

/// Turns the SSE events of one response into [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {
    /// Function calls seen so far in this response; numbers the next one.
    calls: u32,
    /// The function call whose arguments are being streamed, if any.
    streamed: Option<StreamedCall>,
    /// The answer text streamed so far (thoughts left out), which grounding's
    /// byte offsets index.
    answer: String,
}

/// A function call whose arguments arrive in pieces (see the module documentation).
#[derive(Debug)]
struct StreamedCall {
    index: u32,
    id: String,
    name: String,
    /// The arguments assembled so far (an object).
    args: serde_json::Value,
    /// The path whose string the next piece continues.
    continuing: Option<String>,
    /// Why the arguments could not be assembled.
    problem: Option<String>,
}

/// One step of a JSON path: a key or an array position.
#[derive(Debug, PartialEq)]
enum PathStep {
    Key(String),
    Position(usize),
}

impl StreamParser {
    /// A parser at the start of a response.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses one SSE event. Never fails: a chunk that cannot be read becomes
    /// [`StreamEvent::Malformed`] and the stream goes on.
    pub fn on_event(&mut self, event: &SseEvent) -> Vec<StreamEvent> {
        json_event(event, |chunk| self.on_chunk(chunk))
    }

    fn on_chunk(&mut self, chunk: wire::Chunk) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        if let Some(error) = &chunk.error {
            events.push(StreamEvent::ProviderError(in_stream_error(error)));
        }
        if let Some(candidate) = chunk.candidates.as_deref().and_then(<[_]>::first) {
            for part in candidate.content.iter().flat_map(|c| c.parts.iter().flatten()) {
                self.push_part(part, &mut events);
            }
            if let Some(metadata) = &candidate.grounding_metadata {
                grounding::grounding_events(metadata, &self.answer, &mut events);
            }
            if let Some(metadata) = &candidate.url_context_metadata {
                grounding::url_context_events(metadata, &mut events);
            }
            if let Some(raw) = candidate.finish_reason.as_deref().filter(|raw| !raw.is_empty()) {
                // A call still waiting for more of its arguments is incomplete.
                self.cut_streamed();
                self.end_streamed(&mut events);
                let mut unified = map_finish_reason(raw);
                if unified == FinishKind::Stop && self.calls > 0 {
                    unified = FinishKind::ToolCalls;
                }
                events.push(StreamEvent::Finish(FinishReason { unified, raw: Some(raw.to_owned()) }));
            }
        }
        // A blocked prompt gets no answer at all: the request was refused, so it is
        // an error that says why, with the finish kept for the record.
        if let Some(feedback) = &chunk.prompt_feedback
            && let Some(reason) = feedback.block_reason.as_deref().filter(|r| !r.is_empty())
        {
            events.push(StreamEvent::ProviderError(prompt_blocked(reason, feedback.block_reason_message.as_deref())));
            events.push(StreamEvent::Finish(FinishReason {
                unified: FinishKind::ContentFilter,
                raw: Some(reason.to_owned()),
            }));
        }
        if let Some(usage) = chunk.usage_metadata {
            let output = match (usage.candidates_token_count, usage.thoughts_token_count) {
                (None, None) => None,
                (answer, thoughts) => Some(answer.unwrap_or(0).saturating_add(thoughts.unwrap_or(0))),
            };
            events.push(StreamEvent::Usage(Usage { input: usage.prompt_token_count, output, reasoning: None }));
        }
        events
    }

    fn push_part(&mut self, part: &wire::Part, events: &mut Vec<StreamEvent>) {
        if let Some(text) = part.text.as_ref().filter(|text| !text.is_empty()) {
            events.push(if part.thought == Some(true) {
                StreamEvent::ReasoningDelta(text.clone())
            } else {
                self.answer.push_str(text);
                StreamEvent::TextDelta(text.clone())
            });
        }
        if let Some(inline) = &part.inline_data {
            events.push(image::inline_data_event(inline, part.thought == Some(true)));
        }
        if let Some(call) = &part.function_call {
            self.push_function_call(call, events);
        }
        if let Some(signature) = part.thought_signature.as_ref().filter(|signature| !signature.is_empty()) {
            events.push(StreamEvent::ReasoningSignature(signature.clone()));
        }
    }

    /// Ends the response: a streamed call still open is reported as it stands,
    /// without its end (the reply is incomplete, so it is never run).
    pub fn finish(&mut self) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        self.cut_streamed();
        if let Some(call) = self.streamed.take() {
            events.push(call.delta());
        }
        events
    }

    /// Marks the call still being streamed (if any) as incomplete: its arguments
    /// so far may be valid JSON, but they are not the call the model meant, so
    /// they become a sentence that is not JSON and the call is never run.
    fn cut_streamed(&mut self) {
        if let Some(call) = &mut self.streamed
            && call.problem.is_none()
        {
            call.problem = Some("the stream ended before the arguments were complete".to_owned());
        }
    }

    fn push_function_call(&mut self, call: &wire::FunctionCall, events: &mut Vec<StreamEvent>) {
        let name = call.name.as_deref().filter(|name| !name.is_empty());
        let pieces = call.partial_args.as_deref().unwrap_or_default();
        let continues = call.will_continue == Some(true);
        if name.is_none()
            && let Some(streamed) = &mut self.streamed
        {
            // The next piece of the call being streamed.
            streamed.apply_all(pieces);
            if let Some(serde_json::Value::Object(args)) = &call.args {
                streamed.merge(args);
            }
            if !continues {
                self.end_streamed(events);
            }
            return;
        }
        self.end_streamed(events);
        if name.is_none() && call.args.is_none() && pieces.is_empty() {
            return; // Nothing to call.
        }
        let index = self.calls;
        self.calls = self.calls.saturating_add(1);
        let id = call.id.clone().filter(|id| !id.is_empty()).unwrap_or_else(|| format!("{SYNTHETIC_CALL_ID}{index}"));
        if let Some(name) = name
            && call.args.is_none()
            && (continues || !pieces.is_empty())
        {
            let mut streamed = StreamedCall {
                index,
                id,
                name: name.to_owned(),
                args: serde_json::Value::Object(serde_json::Map::new()),
                continuing: None,
                problem: None,
            };
            streamed.apply_all(pieces);
            self.streamed = Some(streamed);
            if !continues {
                self.end_streamed(events);
            }
            return;
        }
        // A whole call. One without a name is still reported, so that the tool
        // loop answers it with an error instead of running anything.
        let arguments = call.args.as_ref().map_or_else(|| "{}".to_owned(), serde_json::Value::to_string);
        events.push(StreamEvent::ToolCallDelta {
            index: Some(index),
            id: Some(id),
            name: name.map(str::to_owned),
            arguments,
        });
        events.push(StreamEvent::ToolCallEnd { index: Some(index) });
    }

    /// Reports the streamed call, if one is open, whole and ended.
    fn end_streamed(&mut self, events: &mut Vec<StreamEvent>) {
        if let Some(call) = self.streamed.take() {
            let index = call.index;
            if let Some(problem) = &call.problem {
                events.push(StreamEvent::Malformed { reason: problem.clone(), data: call.name.clone() });
            }
            events.push(call.delta());
            events.push(StreamEvent::ToolCallEnd { index: Some(index) });
        }
    }
}

impl StreamedCall {
    /// The call as one fragment: its assembled arguments, or (when they could
    /// not be assembled) a sentence that is not JSON, so it is never run.
    fn delta(self) -> StreamEvent {
        let arguments = match self.problem {
            Some(problem) => format!("Hearth could not assemble the streamed arguments: {problem}"),
            None => self.args.to_string(),
        };
        StreamEvent::ToolCallDelta { index: Some(self.index), id: Some(self.id), name: Some(self.name), arguments }
    }

    fn apply_all(&mut self, pieces: &[wire::PartialArg]) {
        for piece in pieces {
            self.apply(piece);
        }
    }

    /// Sets (or, for a continued string, extends) the value at the piece's path.
    fn apply(&mut self, piece: &wire::PartialArg) {
        if self.problem.is_some() {
            return;
        }
        let path = piece.json_path.as_deref().unwrap_or_default();
        let Some(steps) = parse_path(path) else {
            self.problem = Some(format!("the argument path {} is not one Hearth reads", serde_json::json!(path)));
            return;
        };
        let continued = self.continuing.as_deref() == Some(path);
        self.continuing = (piece.will_continue == Some(true)).then(|| path.to_owned());
        let value = if let Some(text) = &piece.string_value {
            serde_json::Value::String(text.clone())
        } else if let Some(number) = &piece.number_value {
            serde_json::Value::Number(number.clone())
        } else if let Some(flag) = piece.bool_value {
            serde_json::Value::Bool(flag)
        } else if piece.null_value.is_some() {
            serde_json::Value::Null
        } else {
            return; // A piece with no value yet.
        };
        let Some(slot) = slot_at(&mut self.args, &steps) else {
            self.problem = Some(format!("the argument path {} does not fit the arguments", serde_json::json!(path)));
            return;
        };
        match (slot, value) {
            (serde_json::Value::String(known), serde_json::Value::String(more)) if continued => known.push_str(&more),
            (slot, value) => *slot = value,
        }
    }

    /// Takes in whole arguments sent with a piece.
    fn merge(&mut self, args: &serde_json::Map<String, serde_json::Value>) {
        if let serde_json::Value::Object(known) = &mut self.args {
            for (key, value) in args {
                known.insert(key.clone(), value.clone());
            }
        }
    }
}

/// The steps of a JSON path in the forms Gemini sends (`$.a.b`, `$.a[0]`,
/// `$['a b']`), or `None` for anything else.
fn parse_path(path: &str) -> Option<Vec<PathStep>> {
    let mut rest = path.strip_prefix('$')?;
    let mut steps = Vec::new();
    while !rest.is_empty() {
        if steps.len() >= MAX_PATH_SEGMENTS {
            return None;
        }
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            let key = &after[..end];
            if key.is_empty() {
                return None;
            }
            steps.push(PathStep::Key(key.to_owned()));
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']')?;
            let inside = &after[..end];
            let quoted = inside
                .strip_prefix('\'')
                .and_then(|s| s.strip_suffix('\''))
                .or_else(|| inside.strip_prefix('"').and_then(|s| s.strip_suffix('"')));
            match quoted {
                Some(key) => steps.push(PathStep::Key(key.to_owned())),
                None => {
                    let position: usize = inside.parse().ok()?;
                    if position > MAX_ARRAY_POSITION {
                        return None;
                    }
                    steps.push(PathStep::Position(position));
                }
            }
            rest = &after[end + 1..];
        } else {
            return None;
        }
    }
    Some(steps)
}

/// The value at `steps` inside `root`, made (objects for keys, arrays for
/// positions, filled with nulls) where missing; `None` when a step does not fit
/// what is there, or the path is the root itself (arguments are an object).
fn slot_at<'a>(root: &'a mut serde_json::Value, steps: &[PathStep]) -> Option<&'a mut serde_json::Value> {
    if steps.is_empty() {
        return None;
    }
    let mut slot = root;
    for step in steps {
        if slot.is_null() {
            *slot = match step {
                PathStep::Key(_) => serde_json::Value::Object(serde_json::Map::new()),
                PathStep::Position(_) => serde_json::Value::Array(Vec::new()),
            };
        }
        slot = match (step, slot) {
            (PathStep::Key(key), serde_json::Value::Object(map)) => {
                map.entry(key.clone()).or_insert(serde_json::Value::Null)
            }
            (PathStep::Position(position), serde_json::Value::Array(items)) => {
                // A few places past the end are filled with nulls; further would
                // let a short piece make a huge array.
                if *position > items.len().saturating_add(MAX_ARRAY_GAP) {
                    return None;
                }
                if items.len() <= *position {
                    items.resize(position + 1, serde_json::Value::Null);
                }
                items.get_mut(*position)?
            }
            _ => return None,
        };
    }
    Some(slot)
}
