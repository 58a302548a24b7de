//! Annotations and images in Chat Completions deltas: citations placed by
//! character, text never lost, unknown annotation types kept as unsupported,
//! and only base64 data URLs of pictures read as images.

use crate::contract::{ProviderKind, StreamEvent};
use crate::provider::openai::extras::data_image;
use crate::provider::tests::recorded::decode;

fn chunk(delta: &str) -> String {
    format!("data: {{\"choices\":[{{\"index\":0,\"delta\":{delta}}}]}}\n\n")
}

fn events(deltas: &[&str]) -> Vec<StreamEvent> {
    let body: String = deltas.iter().map(|delta| chunk(delta)).collect();
    decode(ProviderKind::OpenAi, &[body.as_bytes()])
}

#[test]
fn citations_count_characters_back_from_the_text_so_far() {
    let events = events(&[
        r#"{"content":"Café crème "}"#,
        r#"{"content":"is 3€ here. More text."}"#,
        // Cites "is 3€ here." (characters 11 to 22 of 33).
        r#"{"annotations":[{"type":"url_citation","url_citation":{"url":"https://a.example/","title":"A","start_index":11,"end_index":22}}]}"#,
        // Flat fields, no end: at the end; an end past the text: at the end too.
        r#"{"annotations":[{"type":"url_citation","url":"https://b.example/"},{"type":"url_citation","url_citation":{"url":"https://c.example/","end_index":999}}]}"#,
    ]);
    let cites: Vec<(&str, u32)> = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::Citation { source, back } => Some((source.url.as_str(), *back)),
            _ => None,
        })
        .collect();
    assert_eq!(cites, [("https://a.example/", 11), ("https://b.example/", 0), ("https://c.example/", 0)]);
}

#[test]
fn unknown_annotations_are_unsupported_and_text_is_kept() {
    let events = events(&[
        r#"{"content":"Text","annotations":[{"type":"file_citation","file_id":"f"},{"type":"url_citation","url_citation":{"title":"no url"}},"junk"]}"#,
        r#"{"content":" goes on."}"#,
    ]);
    let what: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::Unsupported(unsupported) => Some(format!("{}: {}", unsupported.what, unsupported.raw)),
            _ => None,
        })
        .collect();
    assert_eq!(
        what,
        [
            r#"file_citation: {"file_id":"f","type":"file_citation"}"#,
            r#"url_citation: {"type":"url_citation","url_citation":{"title":"no url"}}"#,
            r#"annotation: "junk""#,
        ]
    );
    let text: String = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::TextDelta(text) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(text, "Text goes on.");
}

#[test]
fn only_picture_data_urls_are_images() {
    let events = events(&[
        r#"{"images":[{"type":"image_url","image_url":{"url":"DATA:image/JPEG;BASE64,/9j/4AAQ"}}]}"#,
        r#"{"images":[{"type":"image_url","image_url":{"url":"data:text/html;base64,PHNjcmlwdD4="}}]}"#,
        r#"{"images":[{"type":"image_url","image_url":{"url":"data:image/svg+xml;base64,PHN2Zz4="}}]}"#,
        r#"{"images":[{"type":"image_url","image_url":{"url":"data:image/png,rawbytes"}}]}"#,
        r#"{"images":[{"type":"image_url","image_url":{"url":"https://img.example/a.png"}}]}"#,
        r#"{"images":[{"type":"video_url","video_url":{"url":"data:video/mp4;base64,AAAA"}}]}"#,
    ]);
    let kinds: Vec<String> = events
        .iter()
        .map(|e| match e {
            StreamEvent::Image(image) => format!("image {} {}", image.mime, image.data),
            StreamEvent::Malformed { .. } => "malformed".to_owned(),
            StreamEvent::Unsupported(unsupported) => format!("unsupported {}", unsupported.what),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "image image/jpeg /9j/4AAQ",
            "malformed",
            "malformed",
            "malformed",
            "unsupported image_url",
            "unsupported video_url",
        ]
    );
    assert_eq!(data_image("data:image/webp;base64, UklG "), Some(("image/webp".to_owned(), "UklG".to_owned())));
    assert_eq!(data_image("data:image/png;base64,"), None);
    assert_eq!(data_image("data:"), None);
    assert_eq!(data_image("dat"), None);
}
