//! Serde shapes of the Chat Completions request body Hearth sends (see the
//! family's module documentation for which fields go to which server). Optional
//! fields are left out when unset; the body is turned into a JSON value so that
//! the model's extra JSON can be merged last.

use serde::Serialize;

use crate::contract::ToolSpec;

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
    /// OpenRouter's thinking switch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) reasoning: Option<OpenRouterReasoning>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) tools: Vec<Tool<'a>>,
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

/// `{"enabled": true}` asks for reasoning, `{"effort": "none"}` turns it off.
#[derive(Debug, Serialize)]
pub(super) struct OpenRouterReasoning {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) effort: Option<&'static str>,
}

impl OpenRouterReasoning {
    pub(super) fn new(on: bool) -> Self {
        if on { Self { enabled: Some(true), effort: None } } else { Self { enabled: None, effort: Some("none") } }
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
    pub(super) content: Option<String>,
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
            content: Some(content.to_owned()),
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
