//! The dispatch: picks the provider family by [`ProviderKind`] so the shell need
//! not, and holds what a request is built from.
//!
//! The provider layer is split in three:
//! - [`crate::contract`], a leaf of the layer below (the model): the values
//!   every family builds or emits ([`ProviderKind`], [`HttpRequest`],
//!   [`ToolSpec`], [`StreamEvent`], [`Usage`], [`FinishReason`], [`FinishKind`],
//!   [`ProviderError`], [`ProviderErrorKind`]). That module is their home; they
//!   are re-exported here, so `hearth_core::provider::StreamEvent` and the like
//!   keep working.
//! - The families, [`openai`], [`anthropic`] and [`gemini`], with the same public
//!   surface (`build_request`, `StreamParser`, `map_finish_reason`,
//!   `parse_error_body`) so that they can be read side by side. Each builds its
//!   request body from typed serde structs in its `request` module (the shapes
//!   of its stream are in its `wire` module) and imports the shared types from
//!   [`crate::contract`], never from this module; what the families share when
//!   reading answers (the start of every `on_event`, error bodies) is in `parse`.
//! - This module: [`ProviderConfig`] and [`ModelConfig`], the user's extra JSON
//!   ([`parse_extra_json`], [`merge_extra`]), the checks every request passes
//!   ([`RequestError`]), and the functions that pick the family
//!   ([`build_request`], [`build_request_with_tools`], [`parse_error_body`],
//!   [`models_request`], [`parse_models`], [`ping_request`]).
//!
//! Request builders return an [`HttpRequest`] value; the shell performs it and
//! feeds the response bytes back through a [`ResponseDecoder`].
//!
//! Every request body is built from the messages and the [`ModelConfig`]'s fields
//! first; the user's [`ModelConfig::extra`] JSON is merged in last, so it can add or
//! override anything (see [`merge_extra`]).
//!
//! A new family is another sibling module with the same public surface, its own
//! `request` and `wire` modules, and an arm in each dispatch function.

pub mod anthropic;
mod base_url;
pub mod gemini;
pub mod openai;

mod parse;
mod preset;
mod response;
#[cfg(test)]
pub(crate) mod tests;

/// The wire contract, re-exported: [`crate::contract`] is its home.
pub use crate::contract::{
    FinishKind, FinishReason, HttpRequest, ProviderError, ProviderErrorKind, ProviderKind, StreamEvent, ToolSpec,
    Usage, is_secret_header,
};
pub use base_url::{BaseUrl, BaseUrlError, Scheme, insecure_http_warning, is_local_url, origin_of, validate_base_url};
pub use openai::AZURE_API_VERSION;
pub use preset::{InputsFrom, ModelInputs, Preset};
pub use response::ResponseDecoder;

use serde::{Deserialize, Serialize};

use crate::message::{ChatMessage, Role, with_safe_tool_ids, without_tool_use};
use parse::{error_fields, excerpt};

/// Where and how to reach one provider account.
#[derive(Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ProviderConfig {
    /// The protocol family.
    pub kind: ProviderKind,
    /// The named service, for the request details inside a family (Azure's URL and
    /// header, the token-limit field, the thinking switch).
    #[serde(default)]
    pub preset: Preset,
    /// Base URL such as `https://api.openai.com/v1` (a full `…/chat/completions` URL is accepted too).
    pub base_url: String,
    /// The API key; may be empty for local servers that need none.
    pub api_key: String,
    /// Azure's `api-version`; empty means [`AZURE_API_VERSION`]. Ignored elsewhere.
    #[serde(default)]
    pub api_version: String,
    /// The origin the key was entered for (see [`BaseUrl::origin`]); `None`
    /// binds it to the base URL's own origin. A request to any other origin is
    /// refused rather than sent with the key ([`RequestError::KeyForOtherOrigin`]).
    #[serde(default)]
    pub key_origin: Option<String>,
}

impl ProviderConfig {
    /// The base URL requests go to: the one given, or for Anthropic and Gemini
    /// their public API when none is given.
    pub fn effective_base_url(&self) -> &str {
        match (self.base_url.trim(), self.kind) {
            ("", ProviderKind::Anthropic) => anthropic::DEFAULT_BASE_URL,
            ("", ProviderKind::Gemini) => gemini::DEFAULT_BASE_URL,
            (url, _) => url,
        }
    }

    /// The [`effective_base_url`](Self::effective_base_url), checked.
    pub fn checked_base_url(&self) -> Result<BaseUrl, BaseUrlError> {
        validate_base_url(self.effective_base_url())
    }
}

impl std::fmt::Debug for ProviderConfig {
    /// Shows the configuration with the API key redacted, so that it may be logged.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let key = if self.api_key.is_empty() { "" } else { "<redacted>" };
        f.debug_struct("ProviderConfig")
            .field("kind", &self.kind)
            .field("preset", &self.preset)
            .field("base_url", &self.base_url)
            .field("api_key", &key)
            .field("api_version", &self.api_version)
            .field("key_origin", &self.key_origin)
            .finish()
    }
}

/// The model and sampling settings of one request. `None` leaves a setting to the
/// provider's default.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ModelConfig {
    /// The provider's model id (Azure: the deployment name).
    pub model: String,
    /// Sampling temperature.
    #[serde(default)]
    pub temperature: Option<f64>,
    /// Maximum output tokens.
    #[serde(default)]
    pub max_tokens: Option<u32>,
    /// Nucleus sampling.
    #[serde(default)]
    pub top_p: Option<f64>,
    /// The thinking switch: `Some(true)` asks for thinking, `Some(false)` asks for
    /// none, `None` leaves the provider's default. Only presets whose
    /// [`Preset::supports_thinking_switch`] is true act on it.
    #[serde(default)]
    pub thinking: Option<bool>,
    /// JSON merged into the request body last (see [`merge_extra`]).
    #[serde(default)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

impl ModelConfig {
    /// Settings for `model` with every option left to the provider.
    pub fn new(model: impl Into<String>) -> Self {
        Self { model: model.into(), ..Self::default() }
    }
}

/// Reads the "extra JSON" a user typed for a model: blank text is no extra, an
/// object is merged into requests, anything else is refused with a sentence that
/// can be shown under the field.
pub fn parse_extra_json(text: &str) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    if text.trim().is_empty() {
        return Ok(serde_json::Map::new());
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(_) => Err("Extra JSON must be an object, like {\"seed\": 7}.".to_owned()),
        Err(error) => {
            let full = error.to_string();
            let position = format!(" at line {} column {}", error.line(), error.column());
            let reason =
                full.strip_suffix(&position).unwrap_or(&full).replace("EOF while parsing", "the text ends inside");
            Err(format!("Extra JSON is not valid at line {}, column {}: {reason}.", error.line(), error.column()))
        }
    }
}

/// Merges the user's extra JSON into a request body, last, as a JSON Merge Patch
/// (RFC 7396): objects merge key by key, `null` removes a key (so a field Hearth
/// sends can be dropped, such as `"temperature": null`), and any other value
/// replaces what was there.
pub fn merge_extra(body: &mut serde_json::Value, extra: &serde_json::Map<String, serde_json::Value>) {
    if extra.is_empty() {
        return;
    }
    if !body.is_object() {
        *body = serde_json::Value::Object(serde_json::Map::new());
    }
    if let serde_json::Value::Object(target) = body {
        for (key, value) in extra {
            merge_value(target, key, value);
        }
    }
}

/// The JSON text of a request body: the family's typed `body` as a JSON value,
/// the model's extra JSON merged in last (see [`merge_extra`]), then written
/// compactly. Object keys come out sorted, as `serde_json` keeps them.
pub(crate) fn body_json(body: &impl Serialize, extra: &serde_json::Map<String, serde_json::Value>) -> String {
    // Cannot fail: the request structs have string keys and no custom `Serialize`.
    let mut value = serde_json::to_value(body).unwrap_or_default();
    merge_extra(&mut value, extra);
    value.to_string()
}

fn merge_value(target: &mut serde_json::Map<String, serde_json::Value>, key: &str, patch: &serde_json::Value) {
    match patch {
        serde_json::Value::Null => {
            target.remove(key);
        }
        serde_json::Value::Object(fields) => {
            let slot = target.entry(key.to_owned()).or_insert(serde_json::Value::Null);
            if !slot.is_object() {
                *slot = serde_json::Value::Object(serde_json::Map::new());
            }
            if let serde_json::Value::Object(inner) = slot {
                for (inner_key, value) in fields {
                    merge_value(inner, inner_key, value);
                }
            }
        }
        other => {
            target.insert(key.to_owned(), other.clone());
        }
    }
}

/// Why no request was built: nothing is sent until it is fixed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// The base URL is not an absolute `http(s)` URL with a host.
    #[error("The provider's base URL is not valid: {0} Fix it under Providers; nothing was sent.")]
    InvalidBaseUrl(BaseUrlError),
    /// The key was entered for another origin than the one the request goes to.
    #[error(
        "The API key was entered for {key_origin}, not for {url_origin}, so it was not sent. \
         Enter the key for the new address under Providers."
    )]
    KeyForOtherOrigin {
        /// The origin the key is bound to.
        key_origin: String,
        /// The origin of the request URL.
        url_origin: String,
    },
}

/// Checks the provider before a request is built: a valid base URL is required.
fn check_provider(provider: &ProviderConfig) -> Result<(), RequestError> {
    provider.checked_base_url().map(drop).map_err(RequestError::InvalidBaseUrl)
}

/// The second line of defence, on the built request: a request whose URL is not
/// absolute is refused, and one that carries a key goes only to the origin the
/// key is bound to (the base URL's, unless [`ProviderConfig::key_origin`] says
/// otherwise).
fn check_request(provider: &ProviderConfig, request: HttpRequest) -> Result<HttpRequest, RequestError> {
    let url_origin = origin_of(&request.url).ok_or_else(|| {
        RequestError::InvalidBaseUrl(validate_base_url(&request.url).err().unwrap_or(BaseUrlError::NotAbsolute))
    })?;
    let carries_key = request.headers.iter().any(|(name, value)| is_secret_header(name) && !value.trim().is_empty());
    if carries_key {
        let key_origin = match &provider.key_origin {
            Some(origin) => origin.clone(),
            None => provider.checked_base_url().map_err(RequestError::InvalidBaseUrl)?.origin(),
        };
        if key_origin != url_origin {
            return Err(RequestError::KeyForOtherOrigin { key_origin, url_origin });
        }
    }
    Ok(request)
}

/// Builds the streaming chat request for `messages` in the provider's family.
pub fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
) -> Result<HttpRequest, RequestError> {
    build_request_with_tools(provider, model, messages, &[])
}

/// [`build_request`] offering the model `tools`, in the family's own shape.
/// Without tools, earlier tool use is sent as text (see
/// [`without_tool_use`]); with them, call ids are made safe and unique first
/// (see [`with_safe_tool_ids`]). Refused, with nothing built, when the base URL
/// is not valid or the key belongs to another origin ([`RequestError`]).
pub fn build_request_with_tools(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
    tools: &[ToolSpec],
) -> Result<HttpRequest, RequestError> {
    check_provider(provider)?;
    let messages = if tools.is_empty() { without_tool_use(messages) } else { messages.to_vec() };
    let request = match provider.kind {
        ProviderKind::OpenAi => openai::build_request(provider, model, &with_safe_tool_ids(&messages), tools),
        ProviderKind::Anthropic => anthropic::build_request(provider, model, &with_safe_tool_ids(&messages), tools),
        // Gemini matches results by name and order; its own ids go back as they came.
        ProviderKind::Gemini => gemini::build_request(provider, model, &messages, tools),
    };
    check_request(provider, request)
}

/// The smallest real chat request, to test a connection where there is no model
/// list: the single user message "ping", at most one output token, the thinking
/// switch left to the provider.
pub fn ping_request(provider: &ProviderConfig, model: &ModelConfig) -> Result<HttpRequest, RequestError> {
    let model = ModelConfig { max_tokens: Some(1), thinking: None, ..model.clone() };
    build_request(provider, &model, &[ChatMessage::new(Role::User, "ping")])
}

/// Reads the error body of a non-2xx response the way the family writes them.
pub fn parse_error_body(kind: ProviderKind, status: u16, body: &str, retry_after_secs: Option<u64>) -> ProviderError {
    match kind {
        ProviderKind::OpenAi => openai::parse_error_body(status, body, retry_after_secs),
        ProviderKind::Anthropic => anthropic::parse_error_body(status, body, retry_after_secs),
        ProviderKind::Gemini => gemini::parse_error_body(status, body, retry_after_secs),
    }
}

/// The request that lists the provider's models, or `Ok(None)` when its preset
/// has no list (Azure, Zhipu). OpenAI family: `GET {base}/models`; Anthropic:
/// `GET {base}/v1/models?limit=1000` with the messages headers; Gemini:
/// `GET {base}/v1beta/models?pageSize=1000` with `x-goog-api-key`. The page sizes
/// are each API's maximum, so one page holds every model. Refused like
/// [`build_request_with_tools`].
pub fn models_request(provider: &ProviderConfig) -> Result<Option<HttpRequest>, RequestError> {
    check_provider(provider)?;
    let request = match provider.kind {
        ProviderKind::OpenAi => provider.preset.has_model_list().then(|| openai::build_models_request(provider)),
        ProviderKind::Anthropic => Some(anthropic::build_models_request(provider)),
        ProviderKind::Gemini => Some(gemini::build_models_request(provider)),
    };
    request.map(|request| check_request(provider, request)).transpose()
}

/// Reads a model-list response into sorted, deduplicated model ids: `data[].id`
/// (OpenAI family, Anthropic), or `models[].name` without its `models/` prefix
/// (Gemini), keeping only models that list `generateContent` among their
/// `supportedGenerationMethods` when they list any. A body that is not such a list
/// is an error with a readable reason.
pub fn parse_models(kind: ProviderKind, body: &str) -> Result<Vec<String>, String> {
    let value: serde_json::Value =
        serde_json::from_str(body).map_err(|_| format!("The model list is not JSON: {}", excerpt(body.trim(), 200)))?;
    let (field, read): (&str, fn(&serde_json::Value) -> Option<String>) = match kind {
        ProviderKind::OpenAi | ProviderKind::Anthropic => ("data", |model| model_string(model, "id")),
        ProviderKind::Gemini => ("models", gemini_model_id),
    };
    let Some(items) = value.get(field).and_then(serde_json::Value::as_array) else {
        if value.get("error").is_some() {
            let (message, _) = error_fields(&value);
            return Err(format!("The provider answered with an error instead of a model list: {message}"));
        }
        return Err(format!("The response is not a model list (no \"{field}\" array)."));
    };
    let mut ids: Vec<String> = items.iter().filter_map(read).collect();
    ids.sort();
    ids.dedup();
    Ok(ids)
}

/// What each model of a model-list response reads besides text, where the
/// list says: OpenRouter's `architecture.input_modalities` (`"image"`, and
/// `"file"` for PDFs; <https://openrouter.ai/docs/api/api-reference/models/get-models>).
/// Models without it are left out (nothing is known of them).
pub fn parse_model_inputs(body: &str) -> Vec<(String, crate::message::attachment::Accepts)> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else { return Vec::new() };
    let items = value.get("data").and_then(serde_json::Value::as_array).into_iter().flatten();
    items
        .filter_map(|model| {
            let id = model_string(model, "id")?;
            let inputs = model.get("architecture")?.get("input_modalities")?.as_array()?;
            let has = |name: &str| inputs.iter().any(|input| input.as_str() == Some(name));
            Some((id, crate::message::attachment::Accepts { images: has("image"), pdfs: has("file") }))
        })
        .collect()
}

fn model_string(model: &serde_json::Value, key: &str) -> Option<String> {
    model.get(key).and_then(serde_json::Value::as_str).map(str::trim).filter(|id| !id.is_empty()).map(str::to_owned)
}

fn gemini_model_id(model: &serde_json::Value) -> Option<String> {
    if let Some(methods) = model.get("supportedGenerationMethods").and_then(serde_json::Value::as_array)
        && !methods.iter().any(|method| method.as_str() == Some("generateContent"))
    {
        return None;
    }
    let name = model_string(model, "name")?;
    Some(name.strip_prefix("models/").map_or(name.clone(), str::to_owned))
}
