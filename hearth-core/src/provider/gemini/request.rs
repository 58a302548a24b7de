//! Serde shapes of the `streamGenerateContent` request body Hearth sends (see
//! the family's module documentation for the settings and the thought
//! signatures). Optional fields are left out when unset; the body is turned into
//! a JSON value so that the model's extra JSON can be merged last.

use std::borrow::Cow;

use serde::Serialize;

use crate::contract::ToolSpec;

/// The whole request body.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Body<'a> {
    pub(super) contents: Vec<Content<'a>>,
    /// The system messages, joined, as one text part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) system_instruction: Option<SystemInstruction>,
    /// One group holding every declaration, when tools are offered, then
    /// Google Search and URL context, when the web may be searched.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) tools: Vec<Tool<'a>>,
    /// Only when built-in tools go with function declarations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) tool_config: Option<ToolConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) generation_config: Option<GenerationConfig>,
}

/// `{"includeServerSideToolInvocations": true}`: Gemini 3 takes built-in tools
/// beside function declarations only with it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ToolConfig {
    pub(super) include_server_side_tool_invocations: bool,
}

/// `{"parts": [{"text": …}]}`.
#[derive(Debug, Serialize)]
pub(super) struct SystemInstruction {
    pub(super) parts: [TextPart; 1],
}

#[derive(Debug, Serialize)]
pub(super) struct TextPart {
    pub(super) text: String,
}

/// One tool: `{"functionDeclarations": [...]}`, `{"google_search": {}}` or
/// `{"url_context": {}}` (spelled as the documentation's REST examples do).
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Tool<'a> {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) function_declarations: Vec<FunctionDeclaration<'a>>,
    #[serde(rename = "google_search", skip_serializing_if = "Option::is_none")]
    pub(super) google_search: Option<Empty>,
    #[serde(rename = "url_context", skip_serializing_if = "Option::is_none")]
    pub(super) url_context: Option<Empty>,
}

/// `{}`: a built-in tool with its defaults.
#[derive(Debug, Serialize)]
pub(super) struct Empty {}

/// `{name, description, parametersJsonSchema}` (standard JSON Schema).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct FunctionDeclaration<'a> {
    pub(super) name: &'a str,
    pub(super) description: &'a str,
    pub(super) parameters_json_schema: &'a serde_json::Value,
}

impl<'a> FunctionDeclaration<'a> {
    pub(super) fn new(spec: &'a ToolSpec) -> Self {
        Self { name: &spec.name, description: &spec.description, parameters_json_schema: &spec.parameters }
    }
}

/// `temperature`, `topP`, `maxOutputTokens`, `thinkingConfig`,
/// `responseModalities` and `imageConfig`, each only when set.
#[derive(Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct GenerationConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) temperature: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) top_p: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) max_output_tokens: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) thinking_config: Option<ThinkingConfig>,
    /// `["TEXT", "IMAGE"]` when the model may answer with pictures, `["IMAGE"]`
    /// for "Create an image".
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) response_modalities: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) image_config: Option<ImageConfig>,
}

/// `{"includeThoughts": true}` (on) or `{"thinkingBudget": 0}` (off), and the
/// effort as `thinkingLevel` (Gemini 3) or `thinkingBudget` (earlier models).
#[derive(Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ThinkingConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) include_thoughts: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) thinking_budget: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) thinking_level: Option<&'static str>,
}

/// `{"aspectRatio", "imageSize"}` of the pictures asked for.
#[derive(Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ImageConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) aspect_ratio: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) image_size: Option<&'static str>,
}

/// One turn: `{role, parts}`.
#[derive(Debug, Serialize)]
pub(super) struct Content<'a> {
    pub(super) role: &'static str,
    pub(super) parts: Vec<Part<'a>>,
}

/// One part: text, an image or PDF, a function call or a function response,
/// with the thought signature it carries back.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Part<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) text: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) inline_data: Option<InlineData<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) function_call: Option<FunctionCall<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) function_response: Option<FunctionResponse<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) thought_signature: Option<&'a str>,
}

/// `{name, args, id}`; the id only when Gemini gave it.
#[derive(Debug, Serialize)]
pub(super) struct FunctionCall<'a> {
    pub(super) name: &'a str,
    pub(super) args: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) id: Option<&'a str>,
}

/// `{name, response, id, parts}`; the id only when Gemini gave it, the parts
/// (images) only when there are any.
#[derive(Debug, Serialize)]
pub(super) struct FunctionResponse<'a> {
    pub(super) name: &'a str,
    pub(super) response: Response,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) id: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) parts: Vec<FunctionResponsePart<'a>>,
}

/// `{"inlineData": {"mimeType": …, "data": …}}`: an image in a function response.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct FunctionResponsePart<'a> {
    pub(super) inline_data: InlineData<'a>,
}

/// Base64 bytes with their media type: an image or a PDF.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct InlineData<'a> {
    pub(super) mime_type: &'a str,
    pub(super) data: &'a str,
}

/// `{"result": …}` or `{"error": …}`: Gemini wants an object.
#[derive(Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Response {
    Result(serde_json::Value),
    Error(serde_json::Value),
}
