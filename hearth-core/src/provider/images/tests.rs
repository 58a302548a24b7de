//! Tests of the Images API: the requests (snapshots in `test_data/images/`,
//! checked by [`check_requests`]), the dispatch's refusals, and the answers
//! read from OpenAI's documented examples (`*.json`, each with its
//! `.source.md` and `.expected.json`; `UPDATE_EXPECT=1` rewrites those).

use super::{build_image_request, is_dall_e, is_gpt_image, parse_image_response};
use crate::contract::{ImageOut, ImageRequest, ProviderErrorKind};
use crate::provider::tests::recorded::{cases, check_requests, file_name, test_data};
use crate::provider::{ImageRequestError, ModelConfig, Preset, ProviderConfig, RequestError, image_request};

fn account(preset: Preset, base_url: &str) -> ProviderConfig {
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: base_url.into(),
        api_key: "sk-test".into(),
        ..Default::default()
    }
}

fn otter(count: u32) -> ImageRequest {
    ImageRequest {
        prompt: "A cute baby sea otter".into(),
        size: Some("1024x1024".into()),
        quality: Some("high".into()),
        count,
        input: None,
    }
}

#[test]
fn requests_match_their_snapshots() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    let azure = account(Preset::Azure, "https://res.openai.azure.com/openai/deployments/pictures");
    let ollama = account(Preset::Custom, "http://localhost:8080/v1/chat/completions");
    let edit = ImageRequest {
        prompt: "Add a watercolor effect to this image".into(),
        size: None,
        quality: Some("  ".into()),
        count: 1,
        input: Some(("image/png".into(), "iVBORw0KGgo=".into())),
    };
    let mut extra = ModelConfig::new("gpt-image-1");
    extra.extra.insert("output_format".into(), serde_json::json!("webp"));
    check_requests(
        "images",
        &[
            ("generation", build_image_request(&openai, &ModelConfig::new("gpt-image-1"), &otter(1))),
            ("generation_dall_e", build_image_request(&openai, &ModelConfig::new("dall-e-3"), &otter(1))),
            ("generation_extra", build_image_request(&openai, &extra, &otter(2))),
            ("edit", build_image_request(&openai, &ModelConfig::new("gpt-image-1"), &edit)),
            ("generation_azure", build_image_request(&azure, &ModelConfig::new("gpt-image-1"), &otter(1))),
            ("edit_azure", build_image_request(&azure, &ModelConfig::new("gpt-image-1"), &edit)),
            ("generation_compatible", build_image_request(&ollama, &ModelConfig::new("sd-turbo"), &otter(40))),
        ],
    );
}

#[test]
fn azure_keeps_the_accounts_api_version_and_defaults_by_model() {
    let mut azure = account(Preset::Azure, "https://res.openai.azure.com/openai/deployments/d");
    let url = |azure: &ProviderConfig, model: &str| build_image_request(azure, &ModelConfig::new(model), &otter(1)).url;
    assert_eq!(
        url(&azure, "dall-e-3"),
        "https://res.openai.azure.com/openai/deployments/d/images/generations?api-version=2024-10-21"
    );
    azure.api_version = "2025-06-01-preview".into();
    assert!(url(&azure, "gpt-image-1").ends_with("?api-version=2025-06-01-preview"));
    azure.base_url = "https://res.openai.azure.com/openai/deployments/d?api-version=2025-04-01-preview".into();
    assert_eq!(
        url(&azure, "gpt-image-1"),
        "https://res.openai.azure.com/openai/deployments/d/images/generations?api-version=2025-04-01-preview"
    );
}

#[test]
fn models_are_told_apart() {
    assert!(is_gpt_image("gpt-image-1") && is_gpt_image("GPT-Image-1.5") && is_gpt_image("openai/gpt-image-1-mini"));
    assert!(is_gpt_image("chatgpt-image-latest") && !is_gpt_image("gpt-4o"));
    assert!(is_dall_e("dall-e-2") && is_dall_e("dall-e-3") && !is_dall_e("gpt-image-1"));
}

#[test]
fn the_dispatch_refuses_what_cannot_be_made() {
    let model = ModelConfig::new("gpt-image-1");
    let ok = image_request(&account(Preset::OpenAi, "https://api.openai.com/v1"), &model, &otter(1));
    assert_eq!(ok.map(|request| request.url), Ok("https://api.openai.com/v1/images/generations".to_owned()));
    for preset in [Preset::Anthropic, Preset::OpenRouter, Preset::DeepSeek] {
        let provider = account(preset, "https://example.com/v1");
        assert_eq!(image_request(&provider, &model, &otter(1)), Err(ImageRequestError::NotOffered), "{preset:?}");
    }
    // Gemini draws with its image models, one generateContent request.
    let gemini = account(Preset::Gemini, "https://generativelanguage.googleapis.com");
    let drawn = image_request(&gemini, &ModelConfig::new("gemini-2.5-flash-image"), &otter(1));
    assert!(drawn.is_ok_and(|request| request.url.contains("gemini-2.5-flash-image:generateContent")));
    let edit = ImageRequest { input: Some(("image/png".into(), "AAAA".into())), ..otter(1) };
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    assert_eq!(image_request(&openai, &ModelConfig::new("dall-e-2"), &edit), Err(ImageRequestError::EditNotOffered));
    assert!(image_request(&openai, &model, &edit).is_ok_and(|request| request.url.ends_with("/images/edits")));
    let broken = account(Preset::OpenAi, "not a url");
    assert!(matches!(
        image_request(&broken, &model, &otter(1)),
        Err(ImageRequestError::Request(RequestError::InvalidBaseUrl(_)))
    ));
    let mut elsewhere = account(Preset::OpenAi, "https://api.openai.com/v1");
    elsewhere.key_origin = Some("https://other.example".into());
    assert!(matches!(
        image_request(&elsewhere, &model, &otter(1)),
        Err(ImageRequestError::Request(RequestError::KeyForOtherOrigin { .. }))
    ));
}

fn as_json(images: &[ImageOut]) -> serde_json::Value {
    images
        .iter()
        .map(|image| {
            serde_json::json!({
                "id": image.id,
                "mime": image.mime,
                "data": image.data,
                "partial": image.partial,
                "revised_prompt": image.revised_prompt,
            })
        })
        .collect()
}

/// Every documented answer reads to its `.expected.json`.
#[test]
fn documented_answers_read_to_their_expectations() {
    let bodies: Vec<_> =
        cases("images", &["json"]).into_iter().filter(|path| !file_name(path).starts_with("request_")).collect();
    assert_eq!(bodies.len(), 2, "{bodies:?}");
    for path in bodies {
        let body = std::fs::read_to_string(&path).expect("readable");
        let actual = serde_json::to_string_pretty(&as_json(&parse_image_response(&body).expect("pictures")))
            .expect("JSON")
            + "\n";
        let expected_path = test_data("images").join(file_name(&path).replace(".json", ".expected.json"));
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&expected_path, &actual).expect("writable");
        }
        assert_eq!(actual, std::fs::read_to_string(&expected_path).unwrap_or_default(), "{}", path.display());
    }
}

#[test]
fn answers_give_their_format_and_revised_prompt() {
    let body = r#"{"created": 1, "output_format": "webp", "data": [
        {"b64_json": "UklGRg==", "revised_prompt": "An otter, floating"},
        {"url": "https://files.example/1.png"},
        {"b64_json": ""}
    ]}"#;
    let images = parse_image_response(body).expect("one picture");
    assert_eq!(images.len(), 1, "URL-only and empty items are skipped");
    assert_eq!(images[0].mime, "image/webp");
    assert_eq!(images[0].revised_prompt.as_deref(), Some("An otter, floating"));
    assert!(!images[0].partial);
    let jpeg = parse_image_response(r#"{"output_format": "jpeg", "data": [{"b64_json": "/9j/"}]}"#).expect("one");
    assert_eq!(jpeg[0].mime, "image/jpeg");
}

#[test]
fn bad_answers_are_errors_not_panics() {
    let refused = parse_image_response(
        r#"{"error": {"message": "Your request was rejected by the safety system.", "type": "image_generation_user_error", "code": "moderation_blocked"}}"#,
    )
    .expect_err("an error");
    assert_eq!(refused.message, "Your request was rejected by the safety system.");
    assert_eq!(refused.code.as_deref(), Some("moderation_blocked"));
    for body in ["", "not json", "[]", "{}", r#"{"data": []}"#, r#"{"data": [{"url": "https://x.example/a.png"}]}"#] {
        let error = parse_image_response(body).expect_err(body);
        assert_eq!(error.kind, ProviderErrorKind::Other, "{body}");
    }
}
