//! What one provider account and one model are ([`ProviderConfig`],
//! [`ModelConfig`]), and the model's extra JSON: checked when typed
//! ([`parse_extra_json`]) and merged into every request body last ([`merge_extra`]).

use serde::{Deserialize, Serialize};

use super::preset::Preset;
use crate::contract::{Effort, ProviderKind, WebSearch};

/// Which of OpenAI's two chat APIs an OpenAI-family account speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApiChoice {
    /// Chat Completions, but Responses for the models OpenAI documents as
    /// answering only there (see `ProviderConfig::wire_kind`).
    #[default]
    Auto,
    /// Always Chat Completions (`POST /chat/completions`).
    ChatCompletions,
    /// Always Responses (`POST /responses`).
    Responses,
}

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
    /// For an OpenAI-family account, which API it speaks; ignored by the others.
    /// Left out when [`ApiChoice::Auto`], so older versions read the record as before.
    #[serde(default, skip_serializing_if = "ApiChoice::is_auto")]
    pub api: ApiChoice,
}

impl ApiChoice {
    /// Whether it is [`ApiChoice::Auto`] (for `skip_serializing_if`).
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
    pub fn is_auto(&self) -> bool {
        *self == ApiChoice::Auto
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
            .field("api", &self.api)
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
    /// How hard a reasoning model thinks (`None`: the provider's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<Effort>,
    /// The provider's own web search, when asked for this request (`None`: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_search: Option<WebSearch>,
    /// Whether the model may answer with pictures (OpenAI Responses'
    /// `image_generation` tool, Gemini's and OpenRouter's image output).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub make_images: bool,
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
