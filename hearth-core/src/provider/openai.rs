//! OpenAI Chat Completions, streamed, and the compatible family (Ollama, LM Studio,
//! llama.cpp, DeepSeek, OpenRouter, any custom base URL).
//!
//! API documentation: <https://platform.openai.com/docs/api-reference/chat/create>
//! and <https://platform.openai.com/docs/api-reference/chat-streaming>.
//!
//! Protocol, as streamed with `"stream": true`:
//! 1. `data: {chat.completion.chunk}` events; `choices[0].delta` carries `role`
//!    (first chunk), `content`, `tool_calls` fragments (`index`, then `id`,
//!    `function.name` and `function.arguments` pieces), and, for compatible
//!    servers, `reasoning_content` or `reasoning`; search models and OpenRouter
//!    add `annotations`, OpenRouter's image output `images`.
//! 2. A chunk whose `finish_reason` is set.
//! 3. With `stream_options.include_usage`, a chunk with `choices: []` and `usage`.
//! 4. `data: [DONE]`.
//!
//! Assumptions: one choice is requested. A server may still send several (`n`
//! set in the extra JSON, or by a proxy), interleaving their chunks; only the
//! choice whose `index` is 0 (or has no index) is read, and each other index is
//! reported once as [`StreamEvent::IgnoredChoice`]. Chunks may omit or null any
//! field; an `error` object may arrive instead of a chunk.
//!
//! Request differences by [`Preset`]:
//! - Token limit: OpenAI and Azure take `max_completion_tokens` (`max_tokens` is
//!   deprecated there and refused by reasoning models; the Azure `2024-10-21`
//!   GA spec lists both); every other server gets the widely supported `max_tokens`.
//! - Azure (<https://learn.microsoft.com/azure/ai-services/openai/reference>): the
//!   URL is `{base}/chat/completions?api-version=…` on a deployment URL, and the key
//!   goes in an `api-key` header instead of `Authorization`.
//! - Thinking switch: Zhipu GLM takes `"thinking": {"type": "enabled" | "disabled"}`
//!   (<https://docs.bigmodel.cn/cn/guide/models/text/glm-4.5>); OpenRouter takes
//!   `"reasoning": {"enabled": true}` and `{"effort": "none"}` ("disables reasoning
//!   entirely", <https://openrouter.ai/docs/use-cases/reasoning-tokens>). Other
//!   servers get nothing: their reasoning is chosen by the model.
//!
//! - Effort ([`ModelConfig::effort`]): OpenAI and Azure take `reasoning_effort`
//!   (`low`, `medium`, `high`; for reasoning models,
//!   <https://platform.openai.com/docs/api-reference/chat/create#chat-create-reasoning_effort>);
//!   OpenRouter takes `"reasoning": {"effort": …}` (beside `enabled: true` when
//!   thinking is switched on; switched off, `"none"` wins). Other servers get nothing.
//! - Web search ([`ModelConfig::web_search`]): OpenAI's search models
//!   (`gpt-4o-search-preview`, `gpt-4o-mini-search-preview`, `gpt-5-search-api`)
//!   take `"web_search_options": {}` (no `user_location`: Hearth does not guess
//!   where the user is; <https://platform.openai.com/docs/guides/tools-web-search?api-mode=chat>),
//!   sent for any OpenAI model, since OpenAI answers a model without search with a
//!   400 that is shown as [`ProviderErrorKind::SearchRefused`](crate::contract::ProviderErrorKind::SearchRefused)
//!   (the shell asks [`search_support`](super::search_support) first). Its limits
//!   do not apply there. OpenRouter takes its web plugin, `"plugins": [{"id":
//!   "web", "max_results": …}]`, `max_results` being `max_uses` within 1 to 10
//!   (<https://openrouter.ai/docs/guides/features/plugins/web-search>; the plugin
//!   is documented as superseded by the `openrouter:web_search` server tool, and
//!   still served). Both answer with `url_citation` annotations, read in `extras.rs`.
//! - Pictures ([`ModelConfig::make_images`]): OpenRouter takes
//!   `"modalities": ["image", "text"]` and answers with `images` in the delta
//!   (<https://openrouter.ai/docs/guides/overview/multimodal/image-generation>),
//!   read in `extras.rs`. OpenAI's and Azure's chat models make none (their
//!   pictures come from the Images API).
//!
//! Tools (<https://platform.openai.com/docs/guides/function-calling>) go in
//! `tools: [{type: "function", function: {name, description, parameters}}]`; a
//! reply's calls go back as the assistant message's `tool_calls` (`id`,
//! `type: "function"`, `function: {name, arguments}` with the arguments text as
//! the model wrote it), and each result as a `role: "tool"` message with its
//! `tool_call_id`. There is no error flag: error results start with "Error: ".
//!
//! A user message's attached files go into its one string `content`, before the
//! text (see [`ChatMessage::content_with_files`]): many compatible servers
//! (DeepSeek, older Ollama, some presets) refuse an array of content parts, and a
//! string is the form every one accepts. Only a message with images or PDFs
//! (<https://platform.openai.com/docs/guides/images-vision>,
//! <https://platform.openai.com/docs/guides/pdf-files>) becomes an array: each
//! image an `image_url` part with a `data:` URL and `"detail": "auto"`, each PDF
//! a `file` part (`filename`, `file_data` as a `data:` URL), then the text.
//!
//! Reasoning is sent back in one case only. DeepSeek's original reasoning
//! guide answered 400 to `reasoning_content` in input messages
//! (<https://api-docs.deepseek.com/guides/reasoning_model>); its current thinking
//! mode wants it back for assistant messages that made tool calls and ignores it
//! elsewhere (<https://api-docs.deepseek.com/guides/thinking_mode>), so DeepSeek
//! gets `reasoning_content` on those messages only. Other servers get none, and
//! OpenAI's models keep their reasoning server-side anyway.

mod extras;
pub mod realtime;
mod request;
mod template;
mod wire;

#[cfg(test)]
pub(crate) mod tests;

use super::base_url::{split_query, with_query};
use super::config::{ModelConfig, ProviderConfig, body_json};
use super::parse::{error_fields, json_event, read_error_body};
use super::preset::Preset;
use crate::contract::{
    Effort, FinishKind, FinishReason, HttpRequest, ProviderError, ProviderKind, StreamEvent, ToolSpec, Usage,
};
use crate::message::ChatMessage;
use crate::message::attachment::AttachmentKind;
use crate::sse::SseEvent;

/// The Azure `api-version` used when the provider sets none: the latest GA
/// version of the Azure OpenAI data-plane inference API.
pub const AZURE_API_VERSION: &str = "2024-10-21";

/// Builds the streaming chat request for `messages`, with the model's settings (see
/// the module documentation for the preset differences) and its extra JSON merged
/// last.
pub fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
    tools: &[ToolSpec],
) -> HttpRequest {
    let reasoning_back = provider.preset == Preset::DeepSeek;
    let completion_field = matches!(provider.preset, Preset::OpenAi | Preset::Azure);
    let body = request::Body {
        model: &model.model,
        messages: messages.iter().flat_map(|m| wire_messages(m, reasoning_back)).collect(),
        stream: true,
        stream_options: request::StreamOptions { include_usage: true },
        temperature: model.temperature,
        top_p: model.top_p,
        max_completion_tokens: model.max_tokens.filter(|_| completion_field),
        max_tokens: model.max_tokens.filter(|_| !completion_field),
        thinking: match (provider.preset, model.thinking) {
            (Preset::Zhipu, Some(on)) => Some(request::ZhipuThinking::new(on)),
            _ => None,
        },
        reasoning: match provider.preset {
            Preset::OpenRouter => request::OpenRouterReasoning::new(model.thinking, model.effort),
            _ => None,
        },
        reasoning_effort: model.effort.filter(|_| completion_field).map(Effort::as_str),
        tools: tools.iter().map(request::Tool::new).collect(),
        web_search_options: (provider.preset == Preset::OpenAi && model.web_search.is_some())
            .then_some(request::Empty {}),
        plugins: match (provider.preset, &model.web_search) {
            (Preset::OpenRouter, Some(search)) => {
                vec![request::Plugin { id: "web", max_results: search.max_uses.map(|uses| uses.clamp(1, 10)) }]
            }
            _ => Vec::new(),
        },
        modalities: (provider.preset == Preset::OpenRouter && model.make_images).then_some(["image", "text"]),
    };
    let url = if provider.preset == Preset::Azure {
        azure_chat_url(&provider.base_url, &provider.api_version)
    } else {
        chat_completions_url(&provider.base_url)
    };
    HttpRequest { method: "POST", url, headers: headers(provider, true), body: Some(body_json(&body, &model.extra)) }
}

/// One neutral message as Chat Completions messages: tool results become one
/// `role: "tool"` message per result; an assistant message with tool calls
/// carries them as `tool_calls` (content `null` when it wrote nothing before
/// them), plus its reasoning as `reasoning_content` when `reasoning_back`.
fn wire_messages(message: &ChatMessage, reasoning_back: bool) -> Vec<request::Message<'_>> {
    if !message.tool_results.is_empty() {
        let mut out: Vec<request::Message<'_>> = message
            .tool_results
            .iter()
            .map(|result| request::Message {
                tool_call_id: Some(&result.call_id),
                ..request::Message::text("tool", &result.flagged_content())
            })
            .collect();
        if !message.content.is_empty() {
            out.push(request::Message::text(message.role.as_str(), &message.content));
        }
        return out;
    }
    if message.tool_calls.is_empty() {
        // Attached files go into the one string, before the text: many compatible
        // servers (DeepSeek, older Ollama) refuse an array of content parts.
        let text = message.content_with_files();
        if message.attachments.is_empty() {
            return vec![request::Message::text(message.role.as_str(), &text)];
        }
        return vec![request::Message {
            content: Some(request::Content::Parts(content_parts(message, &text))),
            ..request::Message::text(message.role.as_str(), "")
        }];
    }
    let tool_calls = message
        .tool_calls
        .iter()
        .map(|call| request::ToolCall {
            id: &call.id,
            kind: "function",
            // Strict servers parse the arguments: invalid text goes as `{}`.
            function: request::CallFunction { name: &call.name, arguments: valid_arguments(&call.arguments, call) },
        })
        .collect();
    let reasoning: String = message.reasoning.iter().map(|part| part.text.as_str()).collect();
    let reasoning_back = reasoning_back && message.origin == Some(ProviderKind::OpenAi) && !reasoning.is_empty();
    vec![request::Message {
        role: message.role.as_str(),
        tool_call_id: None,
        content: (!message.content.is_empty()).then(|| request::Content::Text(message.content.clone())),
        tool_calls,
        reasoning_content: reasoning_back.then_some(reasoning),
    }]
}

/// A user message with images, PDFs or voice notes as parts: each attachment
/// (an image as `image_url` with `detail: auto`, a PDF as a `file`, a voice
/// note as `input_audio` in its format, `wav` or `mp3`), then the text (with
/// its attached files) when there is any.
fn content_parts(message: &ChatMessage, text: &str) -> Vec<request::Part> {
    let mut parts: Vec<request::Part> = message
        .attachments
        .iter()
        .map(|attachment| match attachment.kind {
            AttachmentKind::Image => {
                request::Part::ImageUrl { image_url: request::ImageUrl { url: attachment.data_url(), detail: "auto" } }
            }
            AttachmentKind::Pdf => request::Part::File {
                file: request::FileData { filename: attachment.name.clone(), file_data: attachment.data_url() },
            },
            AttachmentKind::Audio => request::Part::InputAudio {
                input_audio: request::InputAudio {
                    data: attachment.sent_data().unwrap_or_default().to_owned(),
                    format: if attachment.sent_mime() == "audio/mpeg" { "mp3" } else { "wav" },
                },
            },
        })
        .collect();
    if !text.is_empty() {
        parts.push(request::Part::Text { text: text.to_owned() });
    }
    parts
}

/// The arguments text as the model wrote it when it is JSON, else `{}`.
fn valid_arguments(text: &str, call: &crate::message::MessageToolCall) -> String {
    if serde_json::from_str::<serde_json::Value>(text).is_ok() {
        text.to_owned()
    } else {
        call.arguments_object().to_string()
    }
}

/// Builds the request that lists the provider's models (`GET {base}/models`).
pub fn build_models_request(provider: &ProviderConfig) -> HttpRequest {
    let (base, query) = split_query(&provider.base_url);
    let base = base.strip_suffix("/chat/completions").unwrap_or(base);
    let url = with_query(format!("{base}/models"), &[query]);
    HttpRequest { method: "GET", url, headers: headers(provider, false), body: None }
}

/// The chat completions endpoint for a base URL; a full endpoint URL is kept as
/// is. A query on the base URL stays, after the path.
pub fn chat_completions_url(base_url: &str) -> String {
    let (base, query) = split_query(base_url);
    let url = if base.ends_with("/chat/completions") { base.to_owned() } else { format!("{base}/chat/completions") };
    with_query(url, &[query])
}

/// The Azure chat endpoint for a deployment URL such as
/// `https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT`:
/// `{base}/chat/completions?api-version={version}`. A base that already ends in
/// `/chat/completions` or already has an `api-version` query keeps it; an empty
/// `api_version` means [`AZURE_API_VERSION`].
pub fn azure_chat_url(base_url: &str, api_version: &str) -> String {
    let (path, query) = split_query(base_url);
    let url = chat_completions_url(path);
    if query.split('&').any(|pair| pair.starts_with("api-version=")) {
        return with_query(url, &[query]);
    }
    let version = api_version.trim();
    let version = if version.is_empty() { AZURE_API_VERSION } else { version };
    with_query(url, &[query, &format!("api-version={version}")])
}

pub(crate) fn headers(provider: &ProviderConfig, has_body: bool) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    if has_body {
        headers.push(("content-type".to_owned(), "application/json".to_owned()));
    }
    let key = provider.api_key.trim();
    if !key.is_empty() {
        if provider.preset == Preset::Azure {
            headers.push(("api-key".to_owned(), key.to_owned()));
        } else {
            headers.push(("authorization".to_owned(), format!("Bearer {key}")));
        }
    }
    headers
}

/// Maps OpenAI's `finish_reason` to the unified reason.
///
/// See <https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices>.
pub fn map_finish_reason(raw: &str) -> FinishKind {
    match raw {
        "stop" | "eos" | "end_turn" | "stop_sequence" => FinishKind::Stop,
        "length" | "max_tokens" => FinishKind::Length,
        "tool_calls" | "function_call" => FinishKind::ToolCalls,
        "content_filter" | "safety" => FinishKind::ContentFilter,
        "error" => FinishKind::Error,
        _ => FinishKind::Other,
    }
}

/// Reads the error body of a non-2xx response: `{"error": {"message", "type", "code"}}`
/// from OpenAI, or the looser shapes of compatible servers, or plain text.
pub fn parse_error_body(status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    let (message, code) = read_error_body(body, error_fields);
    ProviderError::from_status(status, message, code, retry_after_secs)
}

/// The most other choices reported by one response.
const MAX_IGNORED_CHOICES: usize = 64;

/// Turns the SSE events of one response into [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {
    done: bool,
    /// The tool calls (by index) that started and have not ended; the finish
    /// reason ends them.
    open_calls: Vec<Option<u32>>,
    /// The indexes of other choices seen so far (each is reported once).
    ignored_choices: Vec<u32>,
    /// How many characters of text the first choice has streamed (annotations
    /// place their citations by character index).
    text_chars: u64,
    /// The shapes of the chunks that carry one piece of text or reasoning.
    shapes: template::Shapes,
}

impl StreamParser {
    /// A parser at the start of a response.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses one SSE event. Never fails: a chunk that cannot be read becomes
    /// [`StreamEvent::Malformed`] and the stream goes on.
    pub fn on_event(&mut self, event: &SseEvent) -> Vec<StreamEvent> {
        if self.done {
            return Vec::new();
        }
        let data = event.data.trim();
        if data == "[DONE]" {
            self.done = true;
            return Vec::new();
        }
        if let Some((piece, text)) = self.shapes.read(data) {
            return self.on_piece(piece, text);
        }
        let events = json_event(event, |chunk| self.on_chunk(chunk));
        self.shapes.learn(data, &events, &|data| {
            serde_json::from_str(data).map(|chunk| Self::new().on_chunk(chunk)).unwrap_or_default()
        });
        events
    }

    /// What [`Self::on_chunk`] gives for a chunk that carries `text` alone.
    fn on_piece(&mut self, piece: template::Piece, text: String) -> Vec<StreamEvent> {
        if text.is_empty() {
            return Vec::new();
        }
        match piece {
            template::Piece::Text => {
                self.text_chars += text.chars().count() as u64;
                vec![StreamEvent::TextDelta(text)]
            }
            template::Piece::Reasoning => vec![StreamEvent::ReasoningDelta(text)],
        }
    }

    fn on_chunk(&mut self, mut chunk: wire::Chunk) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        if let Some(error) = &chunk.error {
            let (message, code) = error_fields(error);
            events.push(StreamEvent::ProviderError(ProviderError::in_stream(message, code)));
        }
        for choice in chunk.choices.iter_mut().flatten() {
            let index = choice.index.unwrap_or(0);
            if index != 0 {
                // At most a few dozen are told apart, so a server sending endless
                // indexes costs nothing.
                if self.ignored_choices.len() < MAX_IGNORED_CHOICES && !self.ignored_choices.contains(&index) {
                    self.ignored_choices.push(index);
                    events.push(StreamEvent::IgnoredChoice(index));
                }
                continue;
            }
            if let Some(delta) = &mut choice.delta {
                if let Some(text) = &delta.content {
                    self.text_chars += text.chars().count() as u64;
                }
                push_delta(delta, &mut events);
                for annotation in delta.annotations.iter().flatten() {
                    events.push(extras::annotation(annotation, self.text_chars));
                }
                events.extend(delta.images.iter().flatten().map(extras::image));
                for call in delta.tool_calls.iter().flatten() {
                    if !self.open_calls.contains(&call.index) {
                        self.open_calls.push(call.index);
                    }
                }
            }
            if let Some(raw) = choice.finish_reason.as_deref().filter(|raw| !raw.is_empty()) {
                events.extend(self.open_calls.drain(..).map(|index| StreamEvent::ToolCallEnd { index }));
                events.push(StreamEvent::Finish(FinishReason {
                    unified: map_finish_reason(raw),
                    raw: Some(raw.to_owned()),
                }));
            }
        }
        if let Some(usage) = chunk.usage {
            events.push(StreamEvent::Usage(Usage {
                input: usage.prompt_tokens,
                output: usage.completion_tokens,
                reasoning: None,
            }));
        }
        events
    }
}

/// The delta's reasoning, text and tool calls as events; its strings are moved
/// into them (a fast stream has thousands of deltas).
fn push_delta(delta: &mut wire::Delta, events: &mut Vec<StreamEvent>) {
    for reasoning in [delta.reasoning_content.take(), delta.reasoning.take()].into_iter().flatten() {
        if !reasoning.is_empty() {
            events.push(StreamEvent::ReasoningDelta(reasoning));
        }
    }
    if let Some(text) = delta.content.take().filter(|text| !text.is_empty()) {
        events.push(StreamEvent::TextDelta(text));
    }
    for call in delta.tool_calls.iter().flatten() {
        let function = call.function.as_ref();
        events.push(StreamEvent::ToolCallDelta {
            index: call.index,
            id: call.id.clone().filter(|id| !id.is_empty()),
            name: function.and_then(|f| f.name.clone()).filter(|name| !name.is_empty()),
            arguments: function.and_then(|f| f.arguments.clone()).unwrap_or_default(),
        });
    }
}
