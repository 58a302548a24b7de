//! What a Chat Completions delta carries beyond text and tool calls: the
//! `annotations` of OpenAI's search models and OpenRouter's web plugin, and the
//! `images` of OpenRouter's image output.
//!
//! - An annotation `{"type": "url_citation", "url_citation": {url, title,
//!   start_index, end_index}}` (OpenAI, <https://platform.openai.com/docs/guides/tools-web-search?api-mode=chat>;
//!   OpenRouter adds `content`, the result's text,
//!   <https://openrouter.ai/docs/guides/features/plugins/web-search>) is a
//!   [`StreamEvent::Citation`] after the cited span: `back` is the number of
//!   characters of the message text streamed so far after `end_index`
//!   (indices count the characters of the message content). The same fields
//!   directly on the annotation are read too. Annotations often come in the last
//!   chunk, after all the text. Any other type, or one without a URL, is
//!   [`StreamEvent::Unsupported`], kept raw.
//! - An image `{"type": "image_url", "image_url": {"url": "data:image/png;base64,…"}}`
//!   (<https://openrouter.ai/docs/guides/overview/multimodal/image-generation>) is a
//!   whole [`StreamEvent::Image`] with the data URL's media type, when that is a
//!   PNG, JPEG, WebP or GIF and the URL says base64 (the bytes are checked where
//!   they are decoded, before anything is stored). Any other data URL is
//!   [`StreamEvent::Malformed`] (never an image); an image given by address,
//!   or of another part type, is [`StreamEvent::Unsupported`] (nothing is fetched).

use serde_json::Value;

use crate::contract::{ImageOut, Source, StreamEvent, Unsupported};
use crate::provider::parse::{excerpt, raw_json};

/// The media types a data URL may carry to be an image.
const IMAGE_TYPES: [&str; 4] = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/// One annotation, `text_chars` characters of text streamed so far.
pub(super) fn annotation(value: &Value, text_chars: u64) -> StreamEvent {
    let kind = value.get("type").and_then(Value::as_str).unwrap_or_default();
    let citation = value.get("url_citation").filter(|inner| inner.is_object()).unwrap_or(value);
    let url = citation.get("url").and_then(Value::as_str).filter(|url| !url.is_empty());
    match (kind, url) {
        ("url_citation", Some(url)) => {
            let end = citation.get("end_index").and_then(Value::as_u64).map_or(text_chars, |end| end.min(text_chars));
            let source = Source {
                url: url.to_owned(),
                title: citation.get("title").and_then(Value::as_str).unwrap_or_default().to_owned(),
                cited_text: citation
                    .get("content")
                    .and_then(Value::as_str)
                    .filter(|text| !text.trim().is_empty())
                    .map(|text| excerpt(text.trim(), 500)),
            };
            StreamEvent::Citation { source, back: u32::try_from(text_chars - end).unwrap_or(u32::MAX) }
        }
        _ => unsupported(kind, "annotation", value),
    }
}

/// One image of the delta.
pub(super) fn image(value: &Value) -> StreamEvent {
    let kind = value.get("type").and_then(Value::as_str).unwrap_or("image_url");
    let url = value.get("image_url").map(|image| image.get("url").unwrap_or(image)).and_then(Value::as_str);
    match url {
        Some(url) if kind == "image_url" && url.get(..5).is_some_and(|start| start.eq_ignore_ascii_case("data:")) => {
            match data_image(url) {
                Some((mime, data)) => {
                    StreamEvent::Image(ImageOut { id: None, mime, data, partial: false, revised_prompt: None })
                }
                None => StreamEvent::Malformed {
                    reason: "an image that is not a base64 data: URL of a PNG, JPEG, WebP or GIF image".to_owned(),
                    data: excerpt(url, 100),
                },
            }
        }
        _ => unsupported(kind, "image", value),
    }
}

/// The media type and (undecoded) base64 data of a `data:image/…;base64,…`
/// URL of a picture Hearth shows, or `None`.
pub(super) fn data_image(url: &str) -> Option<(String, String)> {
    let (header, data) = url.get(5..)?.split_once(',')?;
    let header = header.trim().to_ascii_lowercase();
    let mime = header.strip_suffix(";base64")?;
    let data = data.trim();
    (IMAGE_TYPES.contains(&mime) && !data.is_empty()).then(|| (mime.to_owned(), data.to_owned()))
}

fn unsupported(kind: &str, fallback: &str, value: &Value) -> StreamEvent {
    let what = if kind.is_empty() { fallback } else { kind };
    StreamEvent::Unsupported(Unsupported { what: what.to_owned(), raw: raw_json(value) })
}
