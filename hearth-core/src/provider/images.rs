//! OpenAI's Images API, for "Create an image": one JSON request, one JSON
//! answer (not streamed), for OpenAI, Azure OpenAI and the compatible servers
//! that offer it.
//!
//! API reference: <https://platform.openai.com/docs/api-reference/images>
//! (`createImage`, `createImageEdit`, `ImagesResponse` in
//! <https://github.com/openai/openai-openapi>).
//!
//! - A new picture: `POST {base}/images/generations` with `model`, `prompt`,
//!   `n`, and `size` and `quality` when chosen. The GPT image models
//!   (`gpt-image-1`, `gpt-image-1.5`, `gpt-image-1-mini`, …) always answer
//!   base64 and refuse `response_format`; the DALL·E models answer a URL unless
//!   asked `response_format: "b64_json"`, which they are (a URL would be a
//!   second request, to another origin, and expires after an hour).
//! - An edit of a given picture: `POST {base}/images/edits`. The reference
//!   documents two bodies: multipart (binary `image`) and, for the GPT image
//!   models, JSON with `images: [{"image_url": "data:…;base64,…"}]`. An
//!   [`HttpRequest`]'s body is a string, so the JSON form is the one built;
//!   DALL·E edits exist only as multipart, so the dispatch refuses them before
//!   anything is built (`ImageRequestError::EditNotOffered`).
//! - Azure OpenAI: the deployment URL, `{base}/images/generations?api-version=…`
//!   (or `/images/edits`), with the key in `api-key`, as for chat. Without an
//!   `api-version` on the account, the GPT image models get
//!   [`AZURE_IMAGES_API_VERSION`] (Microsoft documents them on the
//!   `2025-04-01-preview` data-plane version), the others [`AZURE_API_VERSION`].
//!
//! The answer ([`parse_image_response`]): `data[]`, each with `b64_json` and,
//! for DALL·E 3, `revised_prompt`; `output_format` (`png`, `jpeg`, `webp`) gives
//! the media type of all of them (PNG when absent). `usage` is not read. An
//! item with only a `url` is skipped (nothing is fetched from another origin);
//! an answer with no picture at all is an error. Every picture goes through
//! [`crate::message::picture::check_image`] before it is stored.

#[cfg(test)]
mod tests;

use serde::Serialize;

use super::base_url::{split_query, with_query};
use super::config::{ModelConfig, ProviderConfig, body_json};
use super::openai::{AZURE_API_VERSION, headers};
use super::parse::error_fields;
use super::preset::Preset;
use crate::contract::{HttpRequest, ImageOut, ImageRequest, ProviderError, ProviderErrorKind};

/// The Azure `api-version` the GPT image models are documented on, used when
/// the account sets none.
pub const AZURE_IMAGES_API_VERSION: &str = "2025-04-01-preview";

/// Whether `model` is one of OpenAI's GPT image models (base64 always, JSON edits).
pub fn is_gpt_image(model: &str) -> bool {
    let model = model.trim().to_ascii_lowercase();
    let model = model.rsplit('/').next().unwrap_or(&model);
    model.starts_with("gpt-image") || model.starts_with("chatgpt-image")
}

/// Whether `model` is a DALL·E model (a URL unless asked for base64; no JSON edits).
pub fn is_dall_e(model: &str) -> bool {
    let model = model.trim().to_ascii_lowercase();
    model.rsplit('/').next().unwrap_or(&model).starts_with("dall-e")
}

#[derive(Serialize)]
struct Body<'a> {
    model: &'a str,
    prompt: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    images: Vec<ImageRef>,
    n: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quality: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    response_format: Option<&'static str>,
}

#[derive(Serialize)]
struct ImageRef {
    image_url: String,
}

/// Builds the Images API request for `request` (see the module documentation),
/// the model's extra JSON merged last. The count is kept within 1 to 10, what
/// the API takes.
pub fn build_image_request(provider: &ProviderConfig, model: &ModelConfig, request: &ImageRequest) -> HttpRequest {
    let images = request
        .input
        .iter()
        .map(|(mime, data)| ImageRef { image_url: format!("data:{mime};base64,{data}") })
        .collect::<Vec<_>>();
    let path = if images.is_empty() { "images/generations" } else { "images/edits" };
    let body = Body {
        model: &model.model,
        prompt: &request.prompt,
        images,
        n: request.count.clamp(1, 10),
        size: chosen(request.size.as_deref()),
        quality: chosen(request.quality.as_deref()),
        response_format: is_dall_e(&model.model).then_some("b64_json"),
    };
    let url = if provider.preset == Preset::Azure {
        azure_images_url(&provider.base_url, &provider.api_version, &model.model, path)
    } else {
        images_url(&provider.base_url, path)
    };
    HttpRequest { method: "POST", url, headers: headers(provider, true), body: Some(body_json(&body, &model.extra)) }
}

/// A choice that says something: trimmed, `None` when blank.
fn chosen(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

/// `{base}/{path}` for an OpenAI-compatible base URL; a base given as the chat
/// endpoint (`…/chat/completions`) loses that suffix first. A query stays.
pub fn images_url(base_url: &str, path: &str) -> String {
    let (base, query) = split_query(base_url);
    let base = base.strip_suffix("/chat/completions").unwrap_or(base);
    with_query(format!("{base}/{path}"), &[query])
}

/// The Azure endpoint for a deployment URL: `{base}/{path}?api-version=…`
/// (see [`AZURE_IMAGES_API_VERSION`]); an `api-version` already on the base URL stays.
pub fn azure_images_url(base_url: &str, api_version: &str, model: &str, path: &str) -> String {
    let (base, query) = split_query(base_url);
    let url = images_url(base, path);
    if query.split('&').any(|pair| pair.starts_with("api-version=")) {
        return with_query(url, &[query]);
    }
    let version = match api_version.trim() {
        "" if is_gpt_image(model) => AZURE_IMAGES_API_VERSION,
        "" => AZURE_API_VERSION,
        version => version,
    };
    with_query(url, &[query, &format!("api-version={version}")])
}

/// Reads an Images API answer into its pictures (see the module documentation).
/// An error object, a body that is not JSON, or one with no picture is an error.
pub fn parse_image_response(body: &str) -> Result<Vec<ImageOut>, ProviderError> {
    let value: serde_json::Value = serde_json::from_str(body).map_err(|_| unreadable("The answer is not JSON"))?;
    if value.get("error").is_some_and(|error| !error.is_null()) {
        let (message, code) = error_fields(&value);
        return Err(ProviderError::in_stream(message, code));
    }
    let mime = match value.get("output_format").and_then(serde_json::Value::as_str) {
        Some("jpeg" | "jpg") => "image/jpeg",
        Some("webp") => "image/webp",
        _ => "image/png",
    };
    let items = value.get("data").and_then(serde_json::Value::as_array).into_iter().flatten();
    let text = |item: &serde_json::Value, key: &str| {
        item.get(key).and_then(serde_json::Value::as_str).filter(|text| !text.is_empty()).map(str::to_owned)
    };
    let images: Vec<ImageOut> = items
        .filter_map(|item| {
            Some(ImageOut {
                id: None,
                mime: mime.to_owned(),
                data: text(item, "b64_json")?,
                partial: false,
                revised_prompt: text(item, "revised_prompt"),
            })
        })
        .collect();
    if images.is_empty() {
        return Err(unreadable("The answer holds no picture"));
    }
    Ok(images)
}

fn unreadable(message: &str) -> ProviderError {
    ProviderError {
        kind: ProviderErrorKind::Other,
        status: None,
        message: message.to_owned(),
        code: None,
        retry_after_secs: None,
    }
}
