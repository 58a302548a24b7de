//! Tests of reading what an MCP tool returns: every kind of part, structured
//! content, errors and empty results.

use serde_json::json;

use super::*;

#[test]
fn every_part_is_read() {
    let result = read_call_result(&json!({
        "content": [
            { "type": "text", "text": "The sum of 2 and 3 is 5." },
            { "type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png" },
            { "type": "audio", "data": "UklGRg==", "mimeType": "audio/wav" },
            { "type": "resource_link", "uri": "demo://resource/static/document/a.md", "name": "a.md",
              "title": "Doc A", "description": "A document", "mimeType": "text/markdown" },
            { "type": "resource", "resource": { "uri": "demo://t/1", "mimeType": "text/plain", "text": "hello" } },
            { "type": "resource", "resource": { "uri": "demo://b/1", "mimeType": "application/octet-stream", "blob": "AAEC" } },
            { "type": "video", "data": "x" }
        ],
        "structuredContent": { "ignored": true }
    }));
    assert!(!result.is_error);
    assert_eq!(result.parts.len(), 7, "structuredContent is not read when content has parts");
    assert_eq!(result.parts[0], Part::Text("The sum of 2 and 3 is 5.".into()));
    assert_eq!(result.parts[1], Part::Image { mime: "image/png".into(), data: "iVBORw0KGgo=".into() });
    assert_eq!(
        result.parts[3],
        Part::Link {
            uri: "demo://resource/static/document/a.md".into(),
            name: "Doc A".into(),
            description: Some("A document".into()),
            mime: Some("text/markdown".into())
        }
    );
    assert_eq!(links(&result), [("demo://resource/static/document/a.md".to_owned(), "Doc A".to_owned())]);
    let unnamed = read_call_result(&json!({ "content": [
        { "type": "resource_link", "uri": "demo://x", "name": "" },
        { "type": "resource_link", "uri": " ", "name": "no address" }
    ] }));
    assert_eq!(
        links(&unnamed),
        [("demo://x".to_owned(), "demo://x".to_owned())],
        "named by its address; none without one"
    );
    assert_eq!(
        result.parts[5],
        Part::Resource {
            uri: "demo://b/1".into(),
            mime: Some("application/octet-stream".into()),
            text: None,
            bytes: 3
        }
    );
    let (text, media) = model_content(&result);
    assert!(
        text.starts_with(
            "The sum of 2 and 3 is 5.\n\n[The tool returned an image (image/png, 8 B).]\n\n\
             [The tool returned a sound (audio/wav, 4 B).]"
        ),
        "{text}"
    );
    assert_eq!(
        media,
        vec![ToolMedia::returned("image/png", "iVBORw0KGgo="), ToolMedia::returned("audio/wav", "UklGRg=="),]
    );
    assert!(text.contains("Resource link: Doc A <demo://resource/static/document/a.md>: A document"), "{text}");
    assert!(text.contains("Resource <demo://t/1>:\nhello"), "{text}");
    assert!(text.contains(
        "[The tool returned a binary resource <demo://b/1> (application/octet-stream, 3 B); it is not passed on.]"
    ));
    assert!(text.contains("type \"video\""), "{text}");
}

#[test]
fn structured_content_is_read_when_content_is_empty() {
    let result = read_call_result(&json!({ "content": [], "structuredContent": { "temperature": 22.5 } }));
    assert_eq!(result.parts, vec![Part::Json(json!({ "temperature": 22.5 }))]);
    assert_eq!(model_content(&result), (r#"{"temperature":22.5}"#.to_owned(), vec![]));
}

#[test]
fn an_error_and_an_empty_result() {
    let result = read_call_result(&json!({ "content": [{ "type": "text", "text": "No such city" }], "isError": true }));
    assert!(result.is_error);
    assert_eq!(model_content(&result).0, "No such city");
    let empty = read_call_result(&json!({}));
    assert_eq!(model_content(&empty).0, "(The tool returned nothing.)");
    assert!(!empty.is_error);
}

#[test]
fn base64_lengths() {
    assert_eq!(base64_len(""), 0);
    assert_eq!(base64_len("AA=="), 1);
    assert_eq!(base64_len("AAA="), 2);
    assert_eq!(base64_len("AAAA"), 3);
    assert_eq!(base64_len("AAAA\nAA=="), 4);
}

#[test]
fn media_too_large_to_keep_is_described_and_left_out() {
    let big = "A".repeat(MEDIA_PART_LIMIT + 4);
    let half = "A".repeat(MEDIA_RESULT_LIMIT / 2);
    let result = read_call_result(&json!({ "content": [
        { "type": "image", "data": big, "mimeType": "image/png" },
        { "type": "image", "data": half, "mimeType": "image/jpeg" },
        { "type": "audio", "data": half, "mimeType": "audio/wav" },
        { "type": "image", "data": "AAAA", "mimeType": "image/gif" }
    ] }));
    let (text, media) = model_content(&result);
    let kept: Vec<&str> = media.iter().map(|m| m.mime.as_str()).collect();
    assert_eq!(kept, ["image/jpeg", "audio/wav"], "the first is too large, the last passes the result's limit");
    let lines: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(lines[0], "[The tool returned an image (image/png, 1464.8 KB), too large to keep; it was left out.]");
    assert_eq!(lines[1], "[The tool returned an image (image/jpeg, 1464.8 KB).]");
    assert_eq!(lines[3], "[The tool returned an image (image/gif, 3 B), past what one result keeps; it was left out.]");
}
