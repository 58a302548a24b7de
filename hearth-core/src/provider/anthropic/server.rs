//! What Anthropic's stream says beyond text and client tool calls: the tools it
//! runs itself (web search, web fetch, and any it may add), their results, and
//! the citations of text blocks.
//!
//! - A `server_tool_use` block (`id`, `name`, an `input` filled by
//!   `input_json_delta`s such as `{"query": …}` or `{"url": …}`) is a
//!   [`StreamEvent::ServerTool`] as it starts (status `Working`) and again at its
//!   `content_block_stop`, with the query or URL. It is never a client tool call.
//! - A `web_search_tool_result` or `web_fetch_tool_result` block (whole in its
//!   `content_block_start`, keyed by `tool_use_id`) completes the call: an array
//!   of results gives their count, an object with an `error_code`
//!   (`web_search_tool_result_error`, `web_fetch_tool_error`) marks it failed with
//!   that code, a `web_fetch_result` counts one page.
//! - Any other block type is a provider tool Hearth does not know: a
//!   `ServerTool` of kind `Other(type)` with the block's JSON (cut at 4 KB).
//! - A text block's citations (`citations_delta`, or a `citations` array in its
//!   start) are held until the block ends, then sent as
//!   [`StreamEvent::Citation`] with `back: 0`, so each mark follows the text it
//!   cites. `web_search_result_location` (`url`, `title`, `cited_text`) and
//!   `search_result_location` (`source`) name pages; the document locations
//!   (`char_location`, `page_location`, `content_block_location`) name a document,
//!   by title, which is shown as text. Any other type is
//!   [`StreamEvent::Unsupported`], kept raw.
//!
//! See <https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool>,
//! <https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-fetch-tool> and
//! <https://platform.claude.com/docs/en/build-with-claude/citations>.

use serde_json::Value;

use crate::contract::{ServerToolCall, ServerToolKind, ServerToolStatus, Source, StreamEvent, Unsupported};
use crate::provider::parse::{excerpt, raw_json};

/// The most input JSON kept for one server tool call (a query or a URL).
const MAX_INPUT: usize = 16 * 1024;

/// The server tool calls and citations of one response, as far as streamed.
#[derive(Debug, Default)]
pub(super) struct ServerBlocks {
    /// The `server_tool_use` blocks not ended yet.
    calls: Vec<OpenCall>,
    /// The citations of text blocks not ended yet, by block index.
    citations: Vec<(Option<u32>, Source)>,
}

#[derive(Debug)]
struct OpenCall {
    index: Option<u32>,
    id: String,
    kind: ServerToolKind,
    /// The `input_json_delta` pieces so far.
    input: String,
    /// What the block's own `input` said, when it was not empty.
    query: Option<String>,
}

impl ServerBlocks {
    /// Whether block `index` is a server tool call (its input is not a call for
    /// Hearth to run).
    pub(super) fn is_call(&self, index: Option<u32>) -> bool {
        index.is_some() && self.calls.iter().any(|call| call.index == index)
    }

    /// A `server_tool_use` block starts.
    pub(super) fn call_start(&mut self, index: Option<u32>, block: &Value, events: &mut Vec<StreamEvent>) {
        let name = text(block, "name").unwrap_or_default();
        let kind = match name.as_str() {
            "web_search" => ServerToolKind::WebSearch,
            "web_fetch" => ServerToolKind::WebFetch,
            _ => ServerToolKind::Other(name),
        };
        let id = text(block, "id").unwrap_or_else(|| block_id(index));
        let query = block.get("input").and_then(query_of);
        let raw = matches!(kind, ServerToolKind::Other(_)).then(|| raw_json(block));
        events.push(StreamEvent::ServerTool(ServerToolCall {
            id: id.clone(),
            kind: kind.clone(),
            status: ServerToolStatus::Working,
            query: query.clone(),
            results: None,
            error: None,
            raw,
        }));
        self.calls.push(OpenCall { index, id, kind, input: String::new(), query });
    }

    /// A piece of a server tool call's input.
    pub(super) fn input_delta(&mut self, index: Option<u32>, partial: &str) {
        if let Some(call) = self.calls.iter_mut().find(|call| call.index == index)
            && call.input.len() + partial.len() <= MAX_INPUT
        {
            call.input.push_str(partial);
        }
    }

    /// A result block (`web_search_tool_result`, `web_fetch_tool_result`) or any
    /// block type this parser does not know.
    pub(super) fn other_block(&mut self, kind: &str, index: Option<u32>, block: &Value, events: &mut Vec<StreamEvent>) {
        let id = text(block, "tool_use_id").or_else(|| text(block, "id")).unwrap_or_else(|| block_id(index));
        let known = match kind {
            "web_search_tool_result" => Some(ServerToolKind::WebSearch),
            "web_fetch_tool_result" => Some(ServerToolKind::WebFetch),
            _ => None,
        };
        let Some(tool) = known else {
            events.push(StreamEvent::ServerTool(ServerToolCall {
                id,
                kind: ServerToolKind::Other(kind.to_owned()),
                status: ServerToolStatus::Completed,
                query: None,
                results: None,
                error: None,
                raw: Some(raw_json(block)),
            }));
            return;
        };
        let mut call = ServerToolCall {
            id,
            kind: tool,
            status: ServerToolStatus::Completed,
            query: None,
            results: None,
            error: None,
            raw: None,
        };
        match block.get("content") {
            Some(Value::Array(results)) => call.results = Some(u32::try_from(results.len()).unwrap_or(u32::MAX)),
            Some(content @ Value::Object(_)) => match text(content, "error_code") {
                Some(code) => {
                    call.status = ServerToolStatus::Failed;
                    call.error = Some(code);
                }
                None => {
                    call.results = Some(1);
                    call.query = text(content, "url");
                }
            },
            _ => {}
        }
        events.push(StreamEvent::ServerTool(call));
    }

    /// A text block's citation: held until the block ends; an unknown type is
    /// reported at once as unsupported.
    pub(super) fn cite(&mut self, index: Option<u32>, citation: &Value, events: &mut Vec<StreamEvent>) {
        match source_of(citation) {
            Some(source) => self.citations.push((index, source)),
            None => events.push(StreamEvent::Unsupported(Unsupported {
                what: text(citation, "type").unwrap_or_else(|| "citation".to_owned()),
                raw: raw_json(citation),
            })),
        }
    }

    /// Block `index` ends: a server tool call reports its query, and the block's
    /// citations are placed at the end of the text so far.
    pub(super) fn block_stop(&mut self, index: Option<u32>, events: &mut Vec<StreamEvent>) {
        if let Some(position) = self.calls.iter().position(|call| call.index == index) {
            end_call(self.calls.remove(position), events);
        }
        let (ended, open): (Vec<_>, Vec<_>) = self.citations.drain(..).partition(|(at, _)| *at == index);
        self.citations = open;
        events.extend(ended.into_iter().map(|(_, source)| StreamEvent::Citation { source, back: 0 }));
    }

    /// Ends every open call and places every held citation at the end of the
    /// text so far (a new block starts, or the message ends, without the block's
    /// own stop: blocks stream one after the other).
    pub(super) fn flush(&mut self, events: &mut Vec<StreamEvent>) {
        for call in std::mem::take(&mut self.calls) {
            end_call(call, events);
        }
        events.extend(self.citations.drain(..).map(|(_, source)| StreamEvent::Citation { source, back: 0 }));
    }
}

/// A server tool call's block ends: it reports what it asked (the streamed
/// input's query or URL, else the block's own), when it asked anything.
fn end_call(call: OpenCall, events: &mut Vec<StreamEvent>) {
    let streamed = serde_json::from_str::<Value>(&call.input).ok().as_ref().and_then(query_of);
    if let Some(query) = streamed.or(call.query) {
        events.push(StreamEvent::ServerTool(ServerToolCall {
            id: call.id,
            kind: call.kind,
            status: ServerToolStatus::Working,
            query: Some(query),
            results: None,
            error: None,
            raw: None,
        }));
    }
}

/// The page or document a citation names, or `None` for a type Hearth does not
/// know (or a page citation without its URL).
fn source_of(citation: &Value) -> Option<Source> {
    let cited_text = text(citation, "cited_text").filter(|cited| !cited.is_empty());
    let title = text(citation, "title").unwrap_or_default();
    match citation.get("type").and_then(Value::as_str)? {
        "web_search_result_location" => Some(Source { url: text(citation, "url")?, title, cited_text }),
        "search_result_location" => Some(Source { url: text(citation, "source")?, title, cited_text }),
        "char_location" | "page_location" | "content_block_location" => {
            let label = text(citation, "document_title").filter(|title| !title.is_empty()).unwrap_or_else(|| {
                let number = citation.get("document_index").and_then(Value::as_u64).unwrap_or(0);
                format!("document {}", number.saturating_add(1))
            });
            Some(Source { url: label, title: String::new(), cited_text })
        }
        _ => None,
    }
}

/// What a server tool's input asks: its `query`, else its `url`.
fn query_of(input: &Value) -> Option<String> {
    text(input, "query").or_else(|| text(input, "url")).map(|query| excerpt(&query, 2_000))
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// The id made up for a block without one.
fn block_id(index: Option<u32>) -> String {
    index.map_or_else(|| "block".to_owned(), |index| format!("block-{index}"))
}
