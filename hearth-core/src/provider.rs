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
//! - The families, [`openai`] (Chat Completions), [`responses`] (OpenAI
//!   Responses), [`anthropic`] and [`gemini`], with the same public
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
//!   [`models_request`], [`parse_models`], [`ping_request`], and
//!   [`image_request`] for "Create an image", whose OpenAI-family form is
//!   [`images`], the Images API), and, in `capability`, whether an account and
//!   model can search or make pictures at all ([`search_support`],
//!   [`image_support`]), asked before sending.
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
pub mod audio;
mod base_url;
mod capability;
mod config;
pub mod gemini;
pub mod images;
pub mod openai;
pub mod responses;

mod parse;
mod preset;
pub mod realtime;
mod response;
#[cfg(test)]
pub(crate) mod tests;

/// The wire contract, re-exported: [`crate::contract`] is its home.
pub use crate::contract::{
    FinishKind, FinishReason, HttpRequest, ProviderError, ProviderErrorKind, ProviderKind, StreamEvent, ToolSpec,
    Usage, is_secret_header,
};
pub use base_url::{BaseUrl, BaseUrlError, Scheme, insecure_http_warning, is_local_url, origin_of, validate_base_url};
pub(crate) use base_url::{split_query, with_query};
pub use capability::{
    GEMINI_IMAGE_MODEL, ImageSupport, NoImages, NoSearch, OPENAI_IMAGE_MODEL, SearchSupport, image_model,
    image_support, is_search_model, search_support,
};
pub use config::{ApiChoice, ModelConfig, ProviderConfig, merge_extra, parse_extra_json};
pub use openai::AZURE_API_VERSION;
pub use preset::{InputsFrom, ModelInputs, Preset};
pub use response::ResponseDecoder;

use crate::contract::{ImageOut, ImageRequest};
use crate::message::{ChatMessage, Role, with_safe_tool_ids, without_tool_use};
use parse::{error_fields, excerpt};

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

    /// The wire family a request for `model` goes out in: the account's own,
    /// but for an OpenAI-family account the one its [`ApiChoice`] picks
    /// ([`ApiChoice::Auto`]: Responses only for [`needs_responses`] models).
    pub fn wire_kind(&self, model: &str) -> ProviderKind {
        match (self.kind, self.api) {
            (ProviderKind::OpenAi, ApiChoice::Responses) => ProviderKind::Responses,
            (ProviderKind::OpenAi, ApiChoice::Auto)
                if matches!(self.preset, Preset::OpenAi | Preset::Azure) && needs_responses(model) =>
            {
                ProviderKind::Responses
            }
            (kind, _) => kind,
        }
    }

    /// The [`effective_base_url`](Self::effective_base_url), checked.
    pub fn checked_base_url(&self) -> Result<BaseUrl, BaseUrlError> {
        validate_base_url(self.effective_base_url())
    }
}

/// Whether OpenAI documents `model` as answering only on the Responses API
/// (<https://platform.openai.com/docs/models>: the `-pro` reasoning models, the
/// Codex and deep-research models, computer use). Matched on the id's start, so
/// dated snapshots count too; Azure deployments named after the model as well.
pub fn needs_responses(model: &str) -> bool {
    const ONLY_RESPONSES: [&str; 7] =
        ["o1-pro", "o3-pro", "gpt-5-pro", "gpt-5-codex", "gpt-5.1-codex", "codex-mini", "computer-use-preview"];
    let model = model.trim().to_ascii_lowercase();
    let model = model.rsplit('/').next().unwrap_or(&model);
    ONLY_RESPONSES.iter().any(|prefix| model.starts_with(prefix)) || model.contains("deep-research")
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

/// Why no picture request was built: nothing is sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageRequestError {
    /// The account's base URL or key origin is wrong (see [`RequestError`]).
    #[error(transparent)]
    Request(#[from] RequestError),
    /// This provider makes no pictures through Hearth's "Create an image"
    /// (Anthropic; OpenRouter and DeepSeek, which have no Images API).
    #[error("This provider cannot make images from Hearth's \"Create an image\"; pick an OpenAI or Gemini account.")]
    NotOffered,
    /// A picture to edit was given to a model that edits only through a file
    /// upload (DALL·E), which Hearth cannot send.
    #[error("This model cannot edit a picture from Hearth; pick a GPT image model (such as gpt-image-1) to edit.")]
    EditNotOffered,
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
    let request = match provider.wire_kind(&model.model) {
        ProviderKind::OpenAi => openai::build_request(provider, model, &with_safe_tool_ids(&messages), tools),
        ProviderKind::Responses => responses::build_request(provider, model, &with_safe_tool_ids(&messages), tools),
        ProviderKind::Anthropic => anthropic::build_request(provider, model, &with_safe_tool_ids(&messages), tools),
        // Gemini matches results by name and order; its own ids go back as they came.
        ProviderKind::Gemini => gemini::build_request(provider, model, &messages, tools),
    };
    check_request(provider, request)
}

/// Builds the request for "Create an image" ([`ImageRequest`]): the Images
/// API for an OpenAI-family account (OpenAI, Azure, a compatible server; see
/// [`images`]), Gemini's image models for a Gemini one. Checked like
/// [`build_request_with_tools`]; refused, with nothing built, when the
/// provider makes no pictures this way or cannot edit the picture given
/// ([`ImageRequestError`]). The answer is read by the same family's
/// `parse_image_response`.
pub fn image_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    request: &ImageRequest,
) -> Result<HttpRequest, ImageRequestError> {
    check_provider(provider)?;
    let built = match provider.kind {
        ProviderKind::OpenAi | ProviderKind::Responses => {
            if matches!(provider.preset, Preset::OpenRouter | Preset::DeepSeek) {
                return Err(ImageRequestError::NotOffered);
            }
            if request.input.is_some() && images::is_dall_e(&model.model) {
                return Err(ImageRequestError::EditNotOffered);
            }
            images::build_image_request(provider, model, request)
        }
        ProviderKind::Gemini => gemini::build_image_request(provider, model, request),
        ProviderKind::Anthropic => return Err(ImageRequestError::NotOffered),
    };
    Ok(check_request(provider, built)?)
}

/// Reads the answer to an [`image_request`] of the `kind` family: its pictures,
/// or the provider's error when it made none.
pub fn parse_image_response(kind: ProviderKind, body: &str) -> Result<Vec<ImageOut>, ProviderError> {
    match kind {
        ProviderKind::Gemini => gemini::parse_image_response(body),
        ProviderKind::OpenAi | ProviderKind::Responses | ProviderKind::Anthropic => images::parse_image_response(body),
    }
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
        ProviderKind::Responses => responses::parse_error_body(status, body, retry_after_secs),
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
        ProviderKind::OpenAi | ProviderKind::Responses => {
            provider.preset.has_model_list().then(|| openai::build_models_request(provider))
        }
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
        ProviderKind::OpenAi | ProviderKind::Responses | ProviderKind::Anthropic => {
            ("data", |model| model_string(model, "id"))
        }
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
/// list says: OpenRouter's `architecture.input_modalities` (`"image"`,
/// `"file"` for PDFs, `"audio"`; <https://openrouter.ai/docs/api/api-reference/models/get-models>).
/// Models without it are left out (nothing is known of them).
pub fn parse_model_inputs(body: &str) -> Vec<(String, crate::message::attachment::Accepts)> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else { return Vec::new() };
    let items = value.get("data").and_then(serde_json::Value::as_array).into_iter().flatten();
    items
        .filter_map(|model| {
            let id = model_string(model, "id")?;
            let inputs = model.get("architecture")?.get("input_modalities")?.as_array()?;
            let has = |name: &str| inputs.iter().any(|input| input.as_str() == Some(name));
            Some((
                id,
                crate::message::attachment::Accepts { images: has("image"), pdfs: has("file"), audio: has("audio") },
            ))
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
