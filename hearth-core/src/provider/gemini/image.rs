//! Pictures from Gemini's image models (<https://ai.google.dev/gemini-api/docs/image-generation>):
//! the `inlineData` parts of an answer as events, and the one-off request of the
//! "Create an image" action with the reading of its answer.
//!
//! A part `{"inlineData": {"mimeType", "data"}}` whose media type is an image is a
//! picture ([`StreamEvent::Image`]); with `"thought": true` it is one of the drafts
//! an image model that thinks shows while it works, so a partial one. Anything
//! else sent that way (audio, a PDF, no media type) is never shown as a picture:
//! it becomes [`StreamEvent::Unsupported`], kept (cut at 4 KB).
//!
//! "Create an image" ([`build_image_request`]) is one non-streamed
//! `generateContent` request to an image model (`gemini-2.5-flash-image`,
//! `gemini-3-pro-image-preview`, …): the prompt, then the picture to edit as an
//! `inlineData` part when there is one, and `generationConfig.responseModalities:
//! ["IMAGE"]` (the documented way to get pictures without text). The size goes in
//! `generationConfig.imageConfig`: an aspect ratio the API lists (`1:1`, `2:3`,
//! `3:2`, `3:4`, `4:3`, `4:5`, `5:4`, `9:16`, `16:9`, `21:9`), given as such or as
//! pixels (`1536x1024` is `3:2`), or a resolution (`1K`, `2K`, `4K`, Gemini 3 Pro
//! Image); any other size is left to the model, and so is the quality, which
//! Gemini does not take. One request makes one picture: image models do not take
//! `candidateCount`, so for `count` pictures the shell sends `count` requests.

use std::borrow::Cow;

use super::endpoint::{api_url, headers, model_id};
use super::errors::{in_stream_error, map_finish_reason, prompt_blocked};
use super::request;
use super::settings::generation_config;
use super::wire;
use crate::contract::{
    FinishKind, HttpRequest, ImageOut, ImageRequest, ProviderError, ProviderErrorKind, StreamEvent, Unsupported,
};
use crate::provider::config::{ModelConfig, ProviderConfig, body_json};
use crate::provider::parse::excerpt;

/// The aspect ratios `imageConfig.aspectRatio` takes.
const ASPECT_RATIOS: [&str; 10] = ["1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9"];
/// The resolutions `imageConfig.imageSize` takes.
const IMAGE_SIZES: [&str; 3] = ["1K", "2K", "4K"];
/// How much of something unreadable is kept.
const KEPT_CHARS: usize = 4096;

/// The event of one `inlineData` part of an answer: a picture (partial when
/// the part is a thought), or, for bytes that are not an image, unsupported.
pub(super) fn inline_data_event(inline: &wire::InlineData, thought: bool) -> StreamEvent {
    let mime = inline.mime_type.as_deref().unwrap_or_default().trim().to_ascii_lowercase();
    let data = inline.data.as_deref().unwrap_or_default();
    if mime.starts_with("image/") && !data.is_empty() {
        return StreamEvent::Image(ImageOut {
            id: None,
            mime,
            data: data.to_owned(),
            partial: thought,
            revised_prompt: None,
        });
    }
    let what = if mime.is_empty() { "inlineData".to_owned() } else { format!("inlineData {mime}") };
    let raw = serde_json::json!({ "inlineData": { "mimeType": mime, "data": excerpt(data, KEPT_CHARS) } });
    StreamEvent::Unsupported(Unsupported { what, raw: excerpt(&raw.to_string(), KEPT_CHARS) })
}

/// Builds the "Create an image" request: `POST {base}/v1beta/models/{model}:generateContent`
/// (not streamed) with the prompt, the picture to edit when given, pictures
/// only, and the size when it is one Gemini takes (see the module
/// documentation). The model's settings and extra JSON apply as in a chat.
pub fn build_image_request(provider: &ProviderConfig, model: &ModelConfig, image: &ImageRequest) -> HttpRequest {
    let mut parts = vec![request::Part { text: Some(Cow::Borrowed(&image.prompt)), ..request::Part::default() }];
    if let Some((mime, data)) = &image.input {
        parts.push(request::Part {
            inline_data: Some(request::InlineData { mime_type: mime, data }),
            ..request::Part::default()
        });
    }
    let config = request::GenerationConfig {
        response_modalities: vec!["IMAGE"],
        image_config: image.size.as_deref().and_then(image_config),
        ..generation_config(model)
    };
    let body = request::Body {
        contents: vec![request::Content { role: "user", parts }],
        system_instruction: None,
        tools: Vec::new(),
        tool_config: None,
        generation_config: Some(config),
    };
    HttpRequest {
        method: "POST",
        url: api_url(&provider.base_url, &format!("models/{}:generateContent", model_id(&model.model)), ""),
        headers: headers(provider),
        body: Some(body_json(&body, &model.extra)),
    }
}

/// `imageConfig` for a size as the composer gives it: an aspect ratio, pixels
/// whose ratio is one of those, or a resolution; `None` for any other.
fn image_config(size: &str) -> Option<request::ImageConfig> {
    let size = size.trim();
    if let Some(resolution) = IMAGE_SIZES.iter().find(|known| known.eq_ignore_ascii_case(size)) {
        return Some(request::ImageConfig { aspect_ratio: None, image_size: Some(*resolution) });
    }
    let ratio = match size.split_once(['x', 'X', '×']) {
        Some((width, height)) => {
            let (width, height): (u32, u32) = (width.trim().parse().ok()?, height.trim().parse().ok()?);
            let divisor = gcd(width, height);
            if divisor == 0 {
                return None;
            }
            format!("{}:{}", width / divisor, height / divisor)
        }
        None => size.to_owned(),
    };
    let aspect_ratio = ASPECT_RATIOS.into_iter().find(|known| *known == ratio)?;
    Some(request::ImageConfig { aspect_ratio: Some(aspect_ratio), image_size: None })
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Reads the answer to [`build_image_request`] (a 2xx body): its pictures, in
/// order (drafts left out). An error object, a blocked prompt, or an answer
/// without a picture (`finishReason` `NO_IMAGE`, a safety stop, or only text)
/// is an error that says why, with the model's text when it wrote some.
pub fn parse_image_response(body: &str) -> Result<Vec<ImageOut>, ProviderError> {
    let not_read = |reason: String| ProviderError {
        kind: ProviderErrorKind::Other,
        status: None,
        message: format!("Hearth could not read Gemini's answer ({reason}): {}", excerpt(body.trim(), 200)),
        code: None,
        retry_after_secs: None,
    };
    let value: serde_json::Value = serde_json::from_str(body.trim()).map_err(|error| not_read(error.to_string()))?;
    if let Some(error) = value.get("error") {
        return Err(in_stream_error(error));
    }
    let chunk: wire::Chunk = serde_json::from_value(value).map_err(|error| not_read(error.to_string()))?;
    if let Some(feedback) = &chunk.prompt_feedback
        && let Some(reason) = feedback.block_reason.as_deref().filter(|reason| !reason.is_empty())
    {
        return Err(prompt_blocked(reason, feedback.block_reason_message.as_deref()));
    }
    let candidate = chunk.candidates.as_deref().and_then(<[_]>::first);
    let parts = candidate.and_then(|c| c.content.as_ref()).and_then(|c| c.parts.as_deref()).unwrap_or_default();
    let images: Vec<ImageOut> = parts
        .iter()
        .filter(|part| part.thought != Some(true))
        .filter_map(|part| match inline_data_event(part.inline_data.as_ref()?, false) {
            StreamEvent::Image(image) => Some(image),
            _ => None,
        })
        .collect();
    if !images.is_empty() {
        return Ok(images);
    }
    let finish = candidate.and_then(|c| c.finish_reason.as_deref()).filter(|raw| !raw.is_empty());
    let text: String =
        parts.iter().filter(|part| part.thought != Some(true)).filter_map(|p| p.text.as_deref()).collect();
    let mut message = String::from("Gemini made no picture");
    if let Some(finish) = finish {
        message.push_str(&format!(" (finish reason: {finish})"));
    }
    if !text.trim().is_empty() {
        message.push_str(": ");
        message.push_str(&excerpt(text.trim(), 500));
    }
    let filtered = finish.is_some_and(|raw| map_finish_reason(raw) == FinishKind::ContentFilter);
    Err(ProviderError {
        kind: if filtered { ProviderErrorKind::ContentFilter } else { ProviderErrorKind::Other },
        status: None,
        message,
        code: finish.map(str::to_owned),
        retry_after_secs: None,
    })
}
