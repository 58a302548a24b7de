//! Serde shapes of the Responses request body Hearth sends (see the family's
//! module documentation for what goes where). Optional fields are left out when
//! unset; the body is turned into a JSON value so that the model's extra JSON
//! can be merged last.

use serde::Serialize;

use crate::contract::ToolSpec;

/// The whole request body.
#[derive(Debug, Serialize)]
pub(super) struct Body<'a> {
    pub(super) model: &'a str,
    /// The system messages, joined by a blank line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) instructions: Option<String>,
    pub(super) input: Vec<Item<'a>>,
    /// Always `true`: Hearth streams every reply.
    pub(super) stream: bool,
    /// Always `false`: nothing is kept on the provider's side; the conversation
    /// is sent whole each time.
    pub(super) store: bool,
    /// `["reasoning.encrypted_content"]`: reasoning comes back sealed, to be
    /// sent with the next turn.
    pub(super) include: [&'static str; 1],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) max_output_tokens: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) temperature: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) top_p: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) reasoning: Option<Reasoning>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) tools: Vec<Tool<'a>>,
}

/// `{"effort"?, "summary": "auto"}`.
#[derive(Debug, Serialize)]
pub(super) struct Reasoning {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) effort: Option<&'static str>,
    pub(super) summary: &'static str,
}

/// One tool offered, tagged by `type`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum Tool<'a> {
    /// `{"type":"function","name","description","parameters","strict":false}`.
    Function { name: &'a str, description: &'a str, parameters: &'a serde_json::Value, strict: bool },
    /// `{"type":"web_search","filters"?:{"allowed_domains"}}`.
    WebSearch {
        #[serde(skip_serializing_if = "Option::is_none")]
        filters: Option<SearchFilters<'a>>,
    },
    /// `{"type":"image_generation","partial_images":2}`.
    ImageGeneration { partial_images: u8 },
}

impl<'a> Tool<'a> {
    /// A function the model may call, its schema as the tool wrote it.
    pub(super) fn function(spec: &'a ToolSpec) -> Self {
        Tool::Function { name: &spec.name, description: &spec.description, parameters: &spec.parameters, strict: false }
    }
}

/// The web search tool's filters.
#[derive(Debug, Serialize)]
pub(super) struct SearchFilters<'a> {
    pub(super) allowed_domains: &'a [String],
}

/// One input item, tagged by `type`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum Item<'a> {
    /// A user or assistant message.
    Message { role: &'static str, content: Content },
    /// A tool call the model made.
    FunctionCall { call_id: &'a str, name: &'a str, arguments: String },
    /// The result of one call.
    FunctionCallOutput { call_id: &'a str, output: String },
    /// Reasoning sent back as it came: its id, its summary and its sealed content.
    Reasoning { id: &'a str, summary: Vec<SummaryText<'a>>, encrypted_content: &'a str },
}

/// A message's content: the documented shorthand (one string), or parts (a
/// user message with images or PDFs).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(super) enum Content {
    /// Plain text.
    Text(String),
    /// Content parts.
    Parts(Vec<Part>),
}

/// One input content part, tagged by `type`.
#[derive(Debug, Serialize)]
#[serde(tag = "type")]
pub(super) enum Part {
    /// `{"type":"input_text","text"}`.
    #[serde(rename = "input_text")]
    Text { text: String },
    /// `{"type":"input_image","image_url":"data:…","detail":"auto"}`.
    #[serde(rename = "input_image")]
    Image { image_url: String, detail: &'static str },
    /// `{"type":"input_file","filename","file_data":"data:application/pdf;base64,…"}`.
    #[serde(rename = "input_file")]
    File { filename: String, file_data: String },
}

/// `{"type":"summary_text","text"}`.
#[derive(Debug, Serialize)]
pub(super) struct SummaryText<'a> {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    pub(super) text: &'a str,
}
