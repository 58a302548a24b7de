//! Anthropic Messages, streamed.
//!
//! API documentation: <https://docs.anthropic.com/en/api/messages> and
//! <https://docs.anthropic.com/en/api/messages-streaming>.
//!
//! Protocol, as streamed with `"stream": true` (each event is sent with an SSE
//! `event:` name equal to the JSON `type` field):
//! 1. `message_start`: the message shell; `message.usage.input_tokens`.
//! 2. Per content block: `content_block_start` (`text`, `thinking`,
//!    `redacted_thinking`, `tool_use` with `id` and `name`, or a server tool's
//!    block), then `content_block_delta`s (`text_delta`, `thinking_delta`,
//!    `signature_delta`, `input_json_delta` with `partial_json` pieces,
//!    `citations_delta`), then `content_block_stop`.
//! 3. `message_delta`: `delta.stop_reason` and cumulative `usage.output_tokens`.
//! 4. `message_stop`.
//!
//! `ping` events may come at any point; an `error` event (`overloaded_error`,
//! say) may arrive instead of the rest of the stream.
//!
//! Web search (<https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool>)
//! and web fetch (<https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-fetch-tool>)
//! are server tools Anthropic runs itself: with [`ModelConfig::web_search`] set,
//! `tools` carries `web_search_20250305` and `web_fetch_20250910` after the
//! function tools (see `server_tools` for their limits), and the request the
//! `anthropic-beta: web-fetch-2025-09-10` header web fetch needs (only then).
//! Their blocks in the stream (`server_tool_use`, `web_search_tool_result`,
//! `web_fetch_tool_result`) and the text blocks' citations are read in
//! `server.rs`: they become [`StreamEvent::ServerTool`] and
//! [`StreamEvent::Citation`], never client tool calls. They are not sent back:
//! a following request carries the answer's text only, which the API accepts
//! (the search results' `encrypted_content` is only needed to cite them again).
//! Usage's `server_tool_use.web_search_requests` is not read.
//!
//! Effort ([`ModelConfig::effort`]) sets the thinking budget when thinking is on
//! (see [`effort_limits`]); without thinking it sends nothing.
//!
//! Assumptions: the JSON `type` is preferred to the SSE event name, which is only
//! used when the JSON has no `type`; unknown event and delta types are ignored, as
//! the documentation asks, since new ones may be added.
//!
//! Reasoning continuity (<https://platform.claude.com/docs/en/build-with-claude/extended-thinking>):
//! a thinking block's signature arrives as a `signature_delta` just before its
//! `content_block_stop`, and a `redacted_thinking` block arrives whole in its
//! `content_block_start` with no deltas. Both become reasoning events, and
//! [`build_request`] sends them back as `thinking` and `redacted_thinking` blocks,
//! unmodified and in their original order, but only while the request itself has
//! thinking enabled. The documentation says thinking blocks must be passed back
//! during tool use and are otherwise optional (the API strips those of earlier
//! turns, and Claude Opus 4.5 and later keep them in context); with thinking
//! disabled the final assistant turn "should not contain any thinking blocks", and
//! the API then strips them and keeps thinking off. It does not reject them, but
//! sending them without thinking buys nothing, so Hearth does not.
//!
//! Tools (<https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>)
//! go in `tools: [{name, description, input_schema}]`. A reply's calls go back
//! as `tool_use` blocks (`id`, `name`, `input` object) after its thinking and text
//! blocks, and the results as a user turn of `tool_result` blocks (`tool_use_id`,
//! `content`, `is_error: true` on errors), which must answer every `tool_use` of
//! the turn before.
//!
//! A user message's attached files go first in its content, one `text` block
//! each ([`AttachedFile::wrapped`](crate::message::AttachedFile::wrapped)), then
//! the user's text block (left out when empty, since empty text blocks are refused).
//! Images and PDFs go before them
//! (<https://platform.claude.com/docs/en/build-with-claude/vision>, "image-then-text"
//! works best; <https://platform.claude.com/docs/en/build-with-claude/pdf-support>):
//! an `image` block or a `document` block each, with a `base64` source.
//!
//! Request settings (same page, "Feature compatibility", and
//! <https://platform.claude.com/docs/en/about-claude/models/migrating-to-claude-4>):
//! `max_tokens` is required; with thinking, `budget_tokens` must be at least 1024
//! and less than `max_tokens`, `temperature` is not allowed, and `top_p` only
//! between 0.95 and 1; Claude Sonnet 4.5 and later models refuse `temperature` and
//! `top_p` together.

mod request;
mod server;
mod wire;

#[cfg(test)]
pub(crate) mod tests;

use std::borrow::Cow;

use super::base_url::{split_query, with_query};
use super::config::{ModelConfig, ProviderConfig, body_json};
use super::parse::{error_fields, excerpt, json_event, read_error_body};
use crate::contract::{
    Effort, FinishKind, FinishReason, HttpRequest, ProviderError, ProviderKind, StreamEvent, ToolSpec, Usage, WebSearch,
};
use crate::message::attachment::{AttachmentKind, Withheld};
use crate::message::{ChatMessage, MessageToolResult, Role, ToolMedia};
use crate::sse::SseEvent;

/// The default base URL, used when the configured one is empty.
pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com";

/// The API version sent in the `anthropic-version` header.
pub const API_VERSION: &str = "2023-06-01";

/// The `max_tokens` of a request without thinking when the model sets none;
/// Anthropic requires the field.
pub const MAX_TOKENS: u32 = 4096;

/// The `max_tokens` of a request with thinking when the model sets none: room for
/// a thinking budget of half of it and an answer.
pub const THINKING_MAX_TOKENS: u32 = 16_000;

/// The smallest thinking budget Anthropic accepts.
pub const MIN_THINKING_BUDGET: u32 = 1024;

/// The server tool type of Anthropic's web search
/// (<https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool>).
pub const WEB_SEARCH_TOOL: &str = "web_search_20250305";

/// The server tool type of Anthropic's web fetch
/// (<https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-fetch-tool>).
pub const WEB_FETCH_TOOL: &str = "web_fetch_20250910";

/// The `anthropic-beta` header value web fetch needs ("The web fetch tool is
/// currently in beta. To enable it, use the beta header `web-fetch-2025-09-10`"):
/// sent only with requests that carry the tool.
pub const WEB_FETCH_BETA: &str = "web-fetch-2025-09-10";

/// The thinking budget asked for each [`Effort`]: 2048 tokens for `low`, 8192
/// for `medium`, 24576 for `high`.
pub fn effort_budget(effort: Effort) -> u32 {
    match effort {
        Effort::Low => 2_048,
        Effort::Medium => 8_192,
        Effort::High => 24_576,
    }
}

/// The `max_tokens` and thinking budget of a request with thinking on and an
/// [`Effort`] chosen.
///
/// The rule: without a limit from the model, the budget is [`effort_budget`] and
/// `max_tokens` leaves room for an answer of [`MAX_TOKENS`] after it (at least
/// [`THINKING_MAX_TOKENS`]). With the model's limit (raised as in
/// [`thinking_limits`] when too small), the budget is the effort's but at most
/// three quarters of the limit and at least [`MIN_THINKING_BUDGET`], so it stays
/// below `max_tokens`, as Anthropic requires.
pub fn effort_limits(max_tokens: Option<u32>, effort: Effort) -> (u32, u32) {
    let wanted = effort_budget(effort);
    match max_tokens {
        None => (THINKING_MAX_TOKENS.max(wanted.saturating_add(MAX_TOKENS)), wanted),
        Some(_) => {
            let (max_tokens, _) = thinking_limits(max_tokens);
            (max_tokens, wanted.min(max_tokens - max_tokens / 4).max(MIN_THINKING_BUDGET))
        }
    }
}

/// The `max_tokens` and thinking budget of a request with thinking on.
///
/// The rule: `max_tokens` is the model's, or [`THINKING_MAX_TOKENS`]; a limit too
/// small to hold the smallest budget (at most [`MIN_THINKING_BUDGET`]) is raised to
/// twice that minimum. The budget is half of `max_tokens`, but at least
/// [`MIN_THINKING_BUDGET`]; either way it stays below `max_tokens`, as Anthropic
/// requires.
pub fn thinking_limits(max_tokens: Option<u32>) -> (u32, u32) {
    let max_tokens = max_tokens.unwrap_or(THINKING_MAX_TOKENS);
    let max_tokens = if max_tokens <= MIN_THINKING_BUDGET { 2 * MIN_THINKING_BUDGET } else { max_tokens };
    (max_tokens, (max_tokens / 2).max(MIN_THINKING_BUDGET))
}

/// Builds the streaming messages request for `messages`. System messages are
/// joined into the top-level `system` field, which is how Anthropic takes them.
///
/// Settings: `max_tokens` (see [`MAX_TOKENS`] and [`thinking_limits`]),
/// `temperature` and `top_p`. With `thinking: Some(true)` the request asks for
/// `{"type": "enabled", "budget_tokens": …}`, leaves out `temperature` and keeps
/// `top_p` only between 0.95 and 1; `Some(false)` and `None` send no `thinking`
/// field (off is the default, and some models refuse `"disabled"`). When both
/// `temperature` and `top_p` are set only `temperature` is sent, since current
/// models refuse the pair. The model's extra JSON is merged last.
pub fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
    tools: &[ToolSpec],
) -> HttpRequest {
    let thinking = model.thinking == Some(true);
    let system: Vec<&str> = messages.iter().filter(|m| m.role == Role::System).map(|m| m.content.as_str()).collect();
    let (max_tokens, budget) = if thinking {
        let (max_tokens, budget) = match model.effort {
            Some(effort) => effort_limits(model.max_tokens, effort),
            None => thinking_limits(model.max_tokens),
        };
        (max_tokens, Some(budget))
    } else {
        (model.max_tokens.unwrap_or(MAX_TOKENS), None)
    };
    let (temperature, top_p) = match (thinking, model.temperature) {
        (true, _) => (None, model.top_p.filter(|top_p| (0.95..=1.0).contains(top_p))),
        (false, Some(temperature)) => (Some(temperature), None),
        (false, None) => (None, model.top_p),
    };
    let body = request::Body {
        model: &model.model,
        max_tokens,
        stream: true,
        messages: messages.iter().filter(|m| m.role != Role::System).map(|m| turn(m, thinking)).collect(),
        system: (!system.is_empty()).then(|| system.join("\n\n")),
        thinking: budget.map(|budget_tokens| request::Thinking { kind: "enabled", budget_tokens }),
        temperature,
        top_p,
        tools: tools
            .iter()
            .map(|spec| request::ToolEntry::Function(request::Tool::new(spec)))
            .chain(model.web_search.iter().flat_map(server_tools))
            .collect(),
    };
    let mut headers = headers(provider, true);
    if model.web_search.is_some() {
        headers.push(("anthropic-beta".to_owned(), WEB_FETCH_BETA.to_owned()));
    }
    HttpRequest {
        method: "POST",
        url: messages_url(&provider.base_url),
        headers,
        body: Some(body_json(&body, &model.extra)),
    }
}

/// The server tools a web search asks for: `web_search` and `web_fetch`, each
/// with the search's `max_uses` and domain limit. Anthropic takes either
/// `allowed_domains` or `blocked_domains`, never both: when both are set only
/// the allowed list is sent (it is the narrower of the two: a search limited to
/// some domains already leaves the blocked ones out, unless they are sub-paths of
/// an allowed one, which Hearth accepts).
fn server_tools(search: &WebSearch) -> [request::ToolEntry<'_>; 2] {
    let blocked: &[String] = if search.allowed_domains.is_empty() { &search.blocked_domains } else { &[] };
    let tool = |kind, name| {
        request::ToolEntry::Server(request::ServerTool {
            kind,
            name,
            max_uses: search.max_uses,
            allowed_domains: &search.allowed_domains,
            blocked_domains: blocked,
        })
    };
    [tool(WEB_SEARCH_TOOL, "web_search"), tool(WEB_FETCH_TOOL, "web_fetch")]
}

/// One message as a turn. Tool results become a user turn of `tool_result`
/// blocks (`is_error` set on errors). An assistant reply becomes a content array
/// when it made tool calls or (while thinking is on) carries sealed Anthropic
/// reasoning: its signed `thinking` and `redacted_thinking` blocks in their
/// original order, its text (left out when empty, since empty text blocks are
/// refused), then one `tool_use` block per call. Unsigned reasoning is never sent.
/// A user message with images or PDFs or attached files becomes an `image`
/// or `document` block per attachment, a text block per file, then its text.
fn turn(message: &ChatMessage, thinking: bool) -> request::Turn<'_> {
    use request::{Block, ImageSource};
    let text = (!message.content.is_empty()).then(|| Block::Text { text: Cow::Borrowed(&message.content) });
    if !message.tool_results.is_empty() {
        let results = message.tool_results.iter().map(|result| Block::ToolResult {
            tool_use_id: &result.call_id,
            content: tool_result_content(result),
            is_error: result.is_error,
        });
        let content = request::Content::Blocks(results.chain(text).collect());
        return request::Turn { role: "user", content };
    }
    let role = message.role.as_str();
    let sealed = thinking && message.has_sealed_reasoning_from(ProviderKind::Anthropic);
    if (!message.files.is_empty() || !message.attachments.is_empty()) && message.tool_calls.is_empty() {
        let attachments = message.attachments.iter().map(|attachment| {
            let source = ImageSource {
                kind: "base64",
                media_type: attachment.sent_mime(),
                data: attachment.sent_data().unwrap_or_default(),
            };
            match attachment.kind {
                AttachmentKind::Image => Block::Image { source },
                AttachmentKind::Pdf => Block::Document { source },
                // Never sent here (Claude hears no audio): its transcript is.
                AttachmentKind::Audio => Block::Text { text: Cow::Owned(attachment.note(Withheld::NoAudioInput)) },
            }
        });
        let files = message.files.iter().map(|file| Block::Text { text: Cow::Owned(file.wrapped()) });
        let blocks = attachments.chain(files).chain(text).collect();
        return request::Turn { role, content: request::Content::Blocks(blocks) };
    }
    if !sealed && message.tool_calls.is_empty() {
        return request::Turn { role, content: request::Content::Text(&message.content) };
    }
    let reasoning =
        message.reasoning.iter().filter(|_| sealed).filter_map(|part| match (&part.redacted, &part.signature) {
            (Some(data), _) => Some(Block::RedactedThinking { data }),
            (None, Some(signature)) => Some(Block::Thinking { thinking: &part.text, signature }),
            (None, None) => None,
        });
    let calls = message.tool_calls.iter().map(|call| Block::ToolUse {
        id: &call.id,
        name: &call.name,
        input: call.arguments_object(),
    });
    request::Turn { role, content: request::Content::Blocks(reasoning.chain(text).chain(calls).collect()) }
}

/// A tool result's content: its text, or, when the tool returned images
/// Anthropic takes, a text block and an image block for each.
fn tool_result_content(result: &MessageToolResult) -> request::ToolResultContent<'_> {
    use request::{Block, ImageSource, ToolResultContent};
    let text = result.content_noting_media(ToolMedia::can_send);
    let images: Vec<Block<'_>> = result
        .media
        .iter()
        .filter(|media| media.can_send())
        .map(|media| Block::Image {
            source: ImageSource { kind: "base64", media_type: &media.mime, data: &media.data },
        })
        .collect();
    if images.is_empty() {
        return ToolResultContent::Text(text);
    }
    // Anthropic refuses empty text blocks.
    let text = (!text.is_empty()).then_some(Block::Text { text });
    ToolResultContent::Blocks(text.into_iter().chain(images).collect())
}

/// Builds the request that lists the account's models:
/// `GET {base}/v1/models?limit=1000` (1000 is the largest page), with the same
/// authentication headers as a messages request.
pub fn build_models_request(provider: &ProviderConfig) -> HttpRequest {
    HttpRequest {
        method: "GET",
        url: api_url(&provider.base_url, "models", "limit=1000"),
        headers: headers(provider, false),
        body: None,
    }
}

/// The messages endpoint for a base URL: `{base}/v1/messages`. A base that already
/// ends in `/v1` or `/v1/messages` is accepted; an empty one means the public API.
pub fn messages_url(base_url: &str) -> String {
    api_url(base_url, "messages", "")
}

/// `{base}/v1/{endpoint}?{query}`, for a base given with or without `/v1` or
/// `/v1/messages`; an empty base means the public API. A query on the base
/// comes first, unchanged.
fn api_url(base_url: &str, endpoint: &str, query: &str) -> String {
    let (base, base_query) = split_query(base_url);
    let base = if base.is_empty() { DEFAULT_BASE_URL } else { base };
    let base = base.strip_suffix("/messages").filter(|b| b.ends_with("/v1")).unwrap_or(base);
    let base = base.strip_suffix("/v1").unwrap_or(base);
    with_query(format!("{base}/v1/{endpoint}"), &[base_query, query])
}

fn headers(provider: &ProviderConfig, has_body: bool) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    if has_body {
        headers.push(("content-type".to_owned(), "application/json".to_owned()));
    }
    headers.extend([
        ("x-api-key".to_owned(), provider.api_key.trim().to_owned()),
        ("anthropic-version".to_owned(), API_VERSION.to_owned()),
        // Hearth calls the API from a web page with the user's own key.
        ("anthropic-dangerous-direct-browser-access".to_owned(), "true".to_owned()),
    ]);
    headers
}

/// Maps Anthropic's `stop_reason` to the unified reason.
///
/// See <https://docs.anthropic.com/en/api/messages#response-stop-reason>.
pub fn map_finish_reason(raw: &str) -> FinishKind {
    match raw {
        "end_turn" | "stop_sequence" => FinishKind::Stop,
        "max_tokens" | "model_context_window_exceeded" => FinishKind::Length,
        "tool_use" => FinishKind::ToolCalls,
        "refusal" => FinishKind::ContentFilter,
        // `pause_turn`: a long server-tool turn was paused and may be continued.
        _ => FinishKind::Other,
    }
}

/// Reads the error body of a non-2xx response:
/// `{"type": "error", "error": {"type", "message"}, "request_id"}`, or plain text.
pub fn parse_error_body(status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    let (message, code) = read_error_body(body, error_fields);
    ProviderError::from_status(status, message, code, retry_after_secs)
}

/// Turns the SSE events of one response into [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {
    /// Indexes of the `tool_use` blocks opened so far; `input_json_delta`s of
    /// other blocks (server tools, say) are not tool calls for Hearth to run.
    tool_blocks: Vec<u32>,
    /// The server tool calls and the citations held until their block ends.
    server: server::ServerBlocks,
}

impl StreamParser {
    /// A parser at the start of a response.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses one SSE event. Never fails: an event that cannot be read becomes
    /// [`StreamEvent::Malformed`] and the stream goes on.
    pub fn on_event(&mut self, event: &SseEvent) -> Vec<StreamEvent> {
        json_event(event, |parsed| self.on_parsed(parsed, event))
    }

    /// One event's object; the SSE `event` names it when its JSON has no `type`.
    fn on_parsed(&mut self, parsed: wire::Event, event: &SseEvent) -> Vec<StreamEvent> {
        let kind = parsed.kind.as_deref().or(event.event.as_deref()).unwrap_or_default();
        let mut events = Vec::new();
        match kind {
            "message_start" => {
                if let Some(input) = parsed.message.and_then(|m| m.usage).and_then(|u| u.input_tokens) {
                    events.push(StreamEvent::Usage(Usage { input: Some(input), output: None, reasoning: None }));
                }
            }
            "content_block_start" => {
                self.server.flush(&mut events);
                if let Some(block) = &parsed.content_block {
                    self.block_start(parsed.index, block, &mut events);
                }
            }
            "content_block_delta" => {
                if let Some(delta) = &parsed.delta {
                    self.block_delta(parsed.index, delta, &mut events);
                }
            }
            "message_delta" => {
                self.server.flush(&mut events);
                if let Some(raw) = parsed.delta.and_then(|d| d.stop_reason).filter(|raw| !raw.is_empty()) {
                    events.push(StreamEvent::Finish(FinishReason { unified: map_finish_reason(&raw), raw: Some(raw) }));
                }
                if let Some(usage) = parsed.usage {
                    // Counts here are cumulative; `input_tokens` is usually absent,
                    // so it stays `None` and the count from `message_start` is kept.
                    let usage = Usage { input: usage.input_tokens, output: usage.output_tokens, reasoning: None };
                    if usage.input.is_some() || usage.output.is_some() {
                        events.push(StreamEvent::Usage(usage));
                    }
                }
            }
            "error" => {
                self.server.flush(&mut events);
                let (message, code) = match &parsed.error {
                    Some(error) => error_fields(&serde_json::json!({ "error": error })),
                    None => (excerpt(event.data.trim(), 500), None),
                };
                events.push(StreamEvent::ProviderError(ProviderError::in_stream(message, code)));
            }
            "content_block_stop" => {
                if let Some(index) = parsed.index.filter(|index| self.tool_blocks.contains(index)) {
                    events.push(StreamEvent::ToolCallEnd { index: Some(index) });
                }
                self.server.block_stop(parsed.index, &mut events);
            }
            "message_stop" => self.server.flush(&mut events),
            // `ping` and unknown events.
            _ => {}
        }
        events
    }

    /// A block starts. A block whose known fields do not have their types is
    /// reported as malformed; a block without a type is skipped, as before.
    fn block_start(&mut self, index: Option<u32>, raw: &serde_json::Value, events: &mut Vec<StreamEvent>) {
        let block: wire::ContentBlock = match serde_json::from_value(raw.clone()) {
            Ok(block) => block,
            Err(error) => {
                let data = excerpt(&raw.to_string(), 200);
                events.push(StreamEvent::Malformed { reason: error.to_string(), data });
                return;
            }
        };
        match block.kind.as_deref() {
            Some("text") => {
                push_text(StreamEvent::TextDelta, block.text.as_ref(), events);
                for citation in block.citations.iter().flatten() {
                    self.server.cite(index, citation, events);
                }
            }
            Some("thinking") => {
                push_text(StreamEvent::ReasoningDelta, block.thinking.as_ref(), events);
                push_text(StreamEvent::ReasoningSignature, block.signature.as_ref(), events);
            }
            Some("redacted_thinking") => push_text(StreamEvent::RedactedReasoning, block.data.as_ref(), events),
            Some("tool_use") => {
                if let Some(index) = index {
                    self.tool_blocks.push(index);
                }
                events.push(StreamEvent::ToolCallDelta {
                    index,
                    id: block.id.clone().filter(|id| !id.is_empty()),
                    name: block.name.clone().filter(|name| !name.is_empty()),
                    arguments: String::new(),
                });
            }
            Some("server_tool_use") => self.server.call_start(index, raw, events),
            Some(kind) => self.server.other_block(kind, index, raw, events),
            None => {}
        }
    }

    fn block_delta(&mut self, index: Option<u32>, delta: &wire::Delta, events: &mut Vec<StreamEvent>) {
        match delta.kind.as_deref() {
            Some("text_delta") => push_text(StreamEvent::TextDelta, delta.text.as_ref(), events),
            Some("thinking_delta") => push_text(StreamEvent::ReasoningDelta, delta.thinking.as_ref(), events),
            Some("signature_delta") => push_text(StreamEvent::ReasoningSignature, delta.signature.as_ref(), events),
            Some("input_json_delta") => {
                let Some(partial) = delta.partial_json.as_ref() else { return };
                if self.server.is_call(index) {
                    self.server.input_delta(index, partial);
                } else if index.is_none_or(|index| self.tool_blocks.contains(&index)) {
                    events.push(StreamEvent::ToolCallDelta { index, id: None, name: None, arguments: partial.clone() });
                }
            }
            Some("citations_delta") => {
                if let Some(citation) = &delta.citation {
                    self.server.cite(index, citation, events);
                }
            }
            _ => {}
        }
    }
}

fn push_text(make: fn(String) -> StreamEvent, text: Option<&String>, events: &mut Vec<StreamEvent>) {
    if let Some(text) = text.filter(|text| !text.is_empty()) {
        events.push(make(text.clone()));
    }
}
