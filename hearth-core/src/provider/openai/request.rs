//! Serde shapes of the Chat Completions request body Hearth sends (see the
//! family's module documentation for which fields go to which server). Optional
//! fields are left out when unset; the body is turned into a JSON value so that
//! the model's extra JSON can be merged last.

use serde::Serialize;

use crate::contract::{Effort, ToolSpec};

/// The whole request body.
#[derive(Debug, Serialize)]
pub(super) struct Body<'a> {
    pub(super) model: &'a str,
    pub(super) messages: Vec<Message<'a>>,
    /// Always `true`: Hearth streams every reply.
    pub(super) stream: bool,
    pub(super) stream_options: StreamOptions,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) temperature: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) top_p: Option<f64>,
    /// OpenAI and Azure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) max_completion_tokens: Option<u32>,
    /// Every other server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) max_tokens: Option<u32>,
    /// Zhipu GLM's thinking switch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) thinking: Option<ZhipuThinking>,
    /// OpenRouter's thinking switch and effort.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) reasoning: Option<OpenRouterReasoning>,
    /// OpenAI's and Azure's effort for reasoning models (`low`, `medium`, `high`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) reasoning_effort: Option<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) tools: Vec<Tool<'a>>,
    /// OpenAI's search models: `{}` (no `user_location`, no context size).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) web_search_options: Option<Empty>,
    /// OpenRouter's plugins: the web search one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) plugins: Vec<Plugin>,
    /// OpenRouter's image output: `["image", "text"]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) modalities: Option<[&'static str; 2]>,
}

/// `{}`.
#[derive(Debug, Serialize)]
pub(super) struct Empty {}

/// `{"id": "web", "max_results": …}`: OpenRouter's web search plugin.
#[derive(Debug, Serialize)]
pub(super) struct Plugin {
    pub(super) id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) max_results: Option<u32>,
}

/// `{"include_usage": true}`: the usage chunk at the end of the stream.
#[derive(Debug, Serialize)]
pub(super) struct StreamOptions {
    pub(super) include_usage: bool,
}

/// `{"type": "enabled" | "disabled"}`.
#[derive(Debug, Serialize)]
pub(super) struct ZhipuThinking {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
}

impl ZhipuThinking {
    pub(super) fn new(on: bool) -> Self {
        Self { kind: if on { "enabled" } else { "disabled" } }
    }
}

/// `{"enabled": true}` asks for reasoning, `{"effort": "none"}` turns it off,
/// `{"effort": "high"}` (with or without `enabled`) sets how hard it thinks.
#[derive(Debug, Serialize)]
pub(super) struct OpenRouterReasoning {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) effort: Option<&'static str>,
}

impl OpenRouterReasoning {
    /// The switch (`None`: the model's default) and the effort; nothing when
    /// neither is set. Off wins over an effort.
    pub(super) fn new(on: Option<bool>, effort: Option<Effort>) -> Option<Self> {
        let effort = effort.map(Effort::as_str);
        match on {
            Some(false) => Some(Self { enabled: None, effort: Some("none") }),
            Some(true) => Some(Self { enabled: Some(true), effort }),
            None => effort.map(|effort| Self { enabled: None, effort: Some(effort) }),
        }
    }
}

/// `{"type": "function", "function": {name, description, parameters}}`.
#[derive(Debug, Serialize)]
pub(super) struct Tool<'a> {
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    pub(super) function: Function<'a>,
}

impl<'a> Tool<'a> {
    pub(super) fn new(spec: &'a ToolSpec) -> Self {
        Self {
            kind: "function",
            function: Function { name: &spec.name, description: &spec.description, parameters: &spec.parameters },
        }
    }
}

#[derive(Debug, Serialize)]
pub(super) struct Function<'a> {
    pub(super) name: &'a str,
    pub(super) description: &'a str,
    pub(super) parameters: &'a serde_json::Value,
}

/// One message: `{role, content}`; a tool result adds `tool_call_id`; an
/// assistant message with calls adds `tool_calls` (its `content` is then `null`
/// when it wrote nothing) and, for DeepSeek, `reasoning_content`.
#[derive(Debug, Serialize)]
pub(super) struct Message<'a> {
    pub(super) role: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) tool_call_id: Option<&'a str>,
    /// Written even when `None`, as `null`.
    pub(super) content: Option<Content>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) tool_calls: Vec<ToolCall<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) reasoning_content: Option<String>,
}

impl<'a> Message<'a> {
    /// `{role, content}`.
    pub(super) fn text(role: &'static str, content: &str) -> Self {
        Self {
            role,
            tool_call_id: None,
            content: Some(Content::Text(content.to_owned())),
            tool_calls: Vec::new(),
            reasoning_content: None,
        }
    }
}

/// `{id, type: "function", function: {name, arguments}}`.
#[derive(Debug, Serialize)]
pub(super) struct ToolCall<'a> {
    pub(super) id: &'a str,
    #[serde(rename = "type")]
    pub(super) kind: &'static str,
    pub(super) function: CallFunction<'a>,
}

#[derive(Debug, Serialize)]
pub(super) struct CallFunction<'a> {
    pub(super) name: &'a str,
    /// The arguments as JSON text.
    pub(super) arguments: String,
}

/// A message's content: one string, or an array of parts (a user message with
/// images or PDFs).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(super) enum Content {
    /// Plain text.
    Text(String),
    /// Content parts.
    Parts(Vec<Part>),
}

/// One content part, tagged by `type`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum Part {
    /// `{"type":"text","text":…}`.
    Text { text: String },
    /// `{"type":"image_url","image_url":{"url":"data:…","detail":"auto"}}`.
    ImageUrl { image_url: ImageUrl },
    /// `{"type":"file","file":{"filename":…,"file_data":"data:application/pdf;base64,…"}}`.
    File { file: FileData },
    /// `{"type":"input_audio","input_audio":{"data":"<base64>","format":"wav"}}`.
    InputAudio { input_audio: InputAudio },
}

/// An audio part's sound: its bytes, base64 (no `data:` URL), and `wav` or `mp3`.
#[derive(Debug, Serialize)]
pub(super) struct InputAudio {
    pub(super) data: String,
    pub(super) format: &'static str,
}

/// An image part's image: a `data:` URL and the detail the model looks at it with.
#[derive(Debug, Serialize)]
pub(super) struct ImageUrl {
    pub(super) url: String,
    pub(super) detail: &'static str,
}

/// A file part's file: its name and a `data:` URL of its bytes.
#[derive(Debug, Serialize)]
pub(super) struct FileData {
    pub(super) filename: String,
    pub(super) file_data: String,
}
