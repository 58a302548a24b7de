//! Pictures from Gemini: `inlineData` parts in a stream (final, draft, or not a
//! picture at all), "Create an image" (its sizes and its answers), the effort
//! mapping and the errors that refuse search or pictures.

use super::{body, build_request, provider, test_data};
use crate::contract::{Effort, ImageRequest, ProviderErrorKind, StreamEvent};
use crate::message::{ChatMessage, Role};
use crate::provider::gemini::{build_image_request, parse_error_body, parse_image_response};
use crate::provider::tests::recorded;
use crate::provider::{ModelConfig, ProviderKind};

fn decode(body: &str) -> Vec<StreamEvent> {
    recorded::decode(ProviderKind::Gemini, &[body.as_bytes()])
}

#[test]
fn thought_pictures_are_partial_and_other_bytes_are_never_pictures() {
    let body = concat!(
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"inlineData\":{\"mimeType\":\"image/png\",\"data\":\"ZHJhZnQ=\"},\"thought\":true}]}}]}\r\n\r\n",
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"inlineData\":{\"mimeType\":\"audio/wav\",\"data\":\"UklGRg==\"}},",
        "{\"inlineData\":{\"data\":\"AAAA\"}},{\"inlineData\":{\"mimeType\":\"image/png\"}},",
        "{\"inlineData\":{\"mimeType\":\"IMAGE/PNG\",\"data\":\"ZmluYWw=\"}}]},\"finishReason\":\"STOP\"}]}\r\n\r\n",
    );
    let events = decode(body);
    let pictures: Vec<(&str, &str, bool)> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::Image(image) => Some((image.mime.as_str(), image.data.as_str(), image.partial)),
            _ => None,
        })
        .collect();
    assert_eq!(pictures, [("image/png", "ZHJhZnQ=", true), ("image/png", "ZmluYWw=", false)]);
    let unsupported: Vec<&str> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::Unsupported(unsupported) => Some(unsupported.what.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(unsupported, ["inlineData audio/wav", "inlineData", "inlineData image/png"]);
}

#[test]
fn a_text_only_reply_is_unchanged() {
    let body = std::fs::read(test_data().join("text.sse")).expect("fixture");
    let events = recorded::decode(ProviderKind::Gemini, &[&body]);
    assert!(
        events
            .iter()
            .all(|event| matches!(event, StreamEvent::TextDelta(_) | StreamEvent::Usage(_) | StreamEvent::Finish(_))),
        "{events:?}"
    );
    // And a request without search, pictures or effort is the one it was.
    let json = body_of(ModelConfig::new("gemini-2.5-flash"));
    assert_eq!(json.get("tools"), None);
    assert_eq!(json.get("toolConfig"), None);
    assert_eq!(json.get("generationConfig"), None);
}

fn body_of(model: ModelConfig) -> serde_json::Value {
    body(&build_request(&provider("", "k"), &model, &[ChatMessage::new(Role::User, "Hi")]))
}

#[test]
fn effort_maps_to_levels_or_budgets_and_thinking_off_wins() {
    let config = |model: &str, effort: Effort, thinking: Option<bool>| {
        body_of(ModelConfig { effort: Some(effort), thinking, ..ModelConfig::new(model) })["generationConfig"]
            ["thinkingConfig"]
            .clone()
    };
    assert_eq!(config("gemini-2.5-pro", Effort::Low, None), serde_json::json!({ "thinkingBudget": 1024 }));
    assert_eq!(config("models/gemini-2.5-flash", Effort::High, None), serde_json::json!({ "thinkingBudget": 24576 }));
    assert_eq!(config("gemini-3.1-flash", Effort::Medium, None), serde_json::json!({ "thinkingLevel": "medium" }));
    assert_eq!(
        config("gemini-3-pro-preview", Effort::High, Some(true)),
        serde_json::json!({ "includeThoughts": true, "thinkingLevel": "high" })
    );
    // Gemini 3 Pro lists no medium: its default is kept.
    assert_eq!(config("gemini-3-pro-preview", Effort::Medium, None), serde_json::Value::Null);
    assert_eq!(config("gemini-2.5-flash", Effort::High, Some(false)), serde_json::json!({ "thinkingBudget": 0 }));
}

#[test]
fn sizes_become_aspect_ratios_or_resolutions() {
    let image_config = |size: Option<&str>| {
        let request =
            ImageRequest { prompt: "A fox".into(), size: size.map(str::to_owned), count: 1, ..ImageRequest::default() };
        body(&build_image_request(&provider("", "k"), &ModelConfig::new("gemini-3-pro-image-preview"), &request))
            ["generationConfig"]["imageConfig"]
            .clone()
    };
    assert_eq!(image_config(Some("1024x1024")), serde_json::json!({ "aspectRatio": "1:1" }));
    assert_eq!(image_config(Some("1024x1536")), serde_json::json!({ "aspectRatio": "2:3" }));
    assert_eq!(image_config(Some(" 16:9 ")), serde_json::json!({ "aspectRatio": "16:9" }));
    assert_eq!(image_config(Some("2k")), serde_json::json!({ "imageSize": "2K" }));
    for other in [Some("auto"), Some("0x0"), Some("1000x333"), Some("x"), None] {
        assert_eq!(image_config(other), serde_json::Value::Null, "{other:?}");
    }
}

#[test]
fn image_answers_are_read() {
    let read = |name: &str| std::fs::read_to_string(test_data().join("images").join(name)).expect("fixture");
    let images = parse_image_response(&read("generate_content.json")).expect("a picture");
    assert_eq!(images.len(), 1);
    assert_eq!((images[0].mime.as_str(), images[0].partial), ("image/jpeg", false));
    let error = parse_image_response(&read("no_image.json")).expect_err("no picture");
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Other, Some("NO_IMAGE")));
    assert!(error.message.contains("NO_IMAGE"), "{}", error.message);
    let error = parse_image_response(
        r#"{"candidates":[{"content":{"parts":[{"text":"I can't draw that."}]},"finishReason":"IMAGE_SAFETY"}]}"#,
    )
    .expect_err("refused");
    assert_eq!(error.kind, ProviderErrorKind::ContentFilter);
    assert!(error.message.ends_with("I can't draw that."), "{}", error.message);
    let error = parse_image_response(r#"{"error":{"code":429,"message":"Quota","status":"RESOURCE_EXHAUSTED"}}"#)
        .expect_err("an error");
    assert_eq!(error.kind, ProviderErrorKind::RateLimit);
    let error =
        parse_image_response(r#"{"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"}}"#).expect_err("blocked");
    assert_eq!(error.kind, ProviderErrorKind::ContentFilter);
    assert_eq!(parse_image_response("<html>").expect_err("not JSON").kind, ProviderErrorKind::Other);
    // A draft alone is no picture.
    let draft = r#"{"candidates":[{"content":{"parts":[{"inlineData":{"mimeType":"image/png","data":"AA=="},"thought":true}]},"finishReason":"STOP"}]}"#;
    assert!(parse_image_response(draft).is_err());
}

#[test]
fn refusals_of_search_and_pictures_have_their_own_kinds() {
    let read = |name: &str| std::fs::read_to_string(test_data().join(name)).expect("fixture");
    for (name, kind) in [
        ("error_400_search_grounding_unsupported.json", ProviderErrorKind::SearchRefused),
        ("error_400_tool_use_with_function_calling.json", ProviderErrorKind::SearchRefused),
        ("error_400_response_modalities.json", ProviderErrorKind::ImagesRefused),
    ] {
        assert_eq!(parse_error_body(400, &read(name), None).kind, kind, "{name}");
    }
}
