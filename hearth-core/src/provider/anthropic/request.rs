//! Serde shapes of the Messages request body Hearth sends (see the family's
//! module documentation for the rules on `max_tokens`, thinking and sampling).
//! Optional fields are left out when unset; the body is turned into a JSON value
//! so that the model's extra JSON can be merged last.

use std::borrow::Cow;

use serde::Serialize;

use crate::contract::ToolSpec;

/// The whole request body.
#[derive(Debug, Serialize)]
pub(super) struct Body<'a> {
    pub(super) model: &'a str,
    /// Required by Anthropic.
    pub(super) max_tokens: u32,
    /// Always `true`: Hearth streams every reply.
    pub(super) stream: bool,
    pub(super) messages: Vec<Turn<'a>>,
    /// The system messages, joined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) system: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) thinking: Option<Thinking>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) temperature: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) top_p: Option<f64>,
    /// The function tools, then the server tools (web search and fetch).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) tools: Vec<ToolEntry<'a>>,
}

/// One entry of `tools`: a function tool Hearth runs, or a tool Anthropic runs.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(super) enum ToolEntry<'a> {
    /// `{name, description, input_schema}`.
    Function(Tool<'a>),
    /// `{type, name, max_uses?, allowed_domains? | blocked_domains?}`.
    Server(ServerTool<'a>),
}

/// A server tool: `web_search_20250305` or `web_fetch_20250910`, with its limits.
#[derive(Debug, Serialize)]
pub(super) struct ServerTool<'a> {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    pub(super) name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) max_uses: Option<u32>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub(super) allowed_domains: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub(super) blocked_domains: &'a [String],
}

/// `{"type": "enabled", "budget_tokens": …}`.
#[derive(Debug, Serialize)]
pub(super) struct Thinking {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    pub(super) budget_tokens: u32,
}

/// `{name, description, input_schema}`.
#[derive(Debug, Serialize)]
pub(super) struct Tool<'a> {
    pub(super) name: &'a str,
    pub(super) description: &'a str,
    pub(super) input_schema: &'a serde_json::Value,
}

impl<'a> Tool<'a> {
    pub(super) fn new(spec: &'a ToolSpec) -> Self {
        Self { name: &spec.name, description: &spec.description, input_schema: &spec.parameters }
    }
}

/// One turn: `{role, content}`, the content a string or an array of blocks.
#[derive(Debug, Serialize)]
pub(super) struct Turn<'a> {
    pub(super) role: &'static str,
    pub(super) content: Content<'a>,
}

/// A turn's content.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(super) enum Content<'a> {
    /// Plain text.
    Text(&'a str),
    /// Content blocks.
    Blocks(Vec<Block<'a>>),
}

/// A tool result's content: its text, or its text and images as blocks.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(super) enum ToolResultContent<'a> {
    /// The text alone.
    Text(Cow<'a, str>),
    /// A text block, then image blocks.
    Blocks(Vec<Block<'a>>),
}

/// `{"type":"base64","media_type":…,"data":…}`: an image's or a PDF's bytes.
#[derive(Debug, Serialize)]
pub(super) struct ImageSource<'a> {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    pub(super) media_type: &'a str,
    pub(super) data: &'a str,
}

/// One content block, tagged by `type`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum Block<'a> {
    /// A tool's result; `is_error` only when it failed.
    ToolResult {
        tool_use_id: &'a str,
        content: ToolResultContent<'a>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        is_error: bool,
    },
    /// An image, inside a tool result or a user message.
    Image {
        source: ImageSource<'a>,
    },
    /// A PDF, in a user message.
    Document {
        source: ImageSource<'a>,
    },
    Text {
        text: Cow<'a, str>,
    },
    /// Encrypted reasoning, sent back as it came.
    RedactedThinking {
        data: &'a str,
    },
    /// Signed reasoning, sent back as it came.
    Thinking {
        thinking: &'a str,
        signature: &'a str,
    },
    /// A call the reply made; `input` is the arguments object.
    ToolUse {
        id: &'a str,
        name: &'a str,
        input: serde_json::Value,
    },
}
