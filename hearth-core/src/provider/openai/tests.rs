//! OpenAI tests: requests (URLs, headers, bodies, the snapshot), finish
//! reasons, error bodies and the events of recorded bodies in `test_data/openai/`.
//!
//! The replies folded from those bodies (each `*.sse` decoded whole, byte by
//! byte and cut at every offset, matching its `*.expected.json`; the error
//! bodies `error_<status>_*.{json,html}`) are checked in `reply/tests/families/openai.rs`, with the
//! reply this module cannot use. `UPDATE_EXPECT=1` rewrites expectations.
//!
//! In `tests/`: the two-round tool turn as this family sends it (`tool_wire`)
//! and its whole requests against their snapshots (`snapshots`); annotations
//! and images in deltas (`extras`).

mod extras;
mod shapes;
mod snapshots;
mod tool_wire;

use std::path::PathBuf;

use super::{AZURE_API_VERSION, azure_chat_url, build_models_request, chat_completions_url, parse_error_body};
use crate::message::{ChatMessage, ReasoningPart, Role};
use crate::provider::tests::recorded;
use crate::provider::{ModelConfig, Preset, ProviderConfig, ProviderErrorKind, ProviderKind};

/// The request without tools, as most tests want it.
fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
) -> crate::provider::HttpRequest {
    super::build_request(provider, model, messages, &[])
}

pub(crate) fn test_data() -> PathBuf {
    recorded::test_data("openai")
}

#[test]
fn error_bodies_are_classified() {
    use crate::provider::ProviderErrorKind;
    let body = std::fs::read_to_string(test_data().join("error_400_context.json")).expect("fixture");
    assert_eq!(parse_error_body(400, &body, None).kind, ProviderErrorKind::ContextTooLong);
    let body = std::fs::read_to_string(test_data().join("error_401.json")).expect("fixture");
    let error = parse_error_body(401, &body, None);
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Auth, Some("invalid_api_key")));
    // Looser shapes of compatible servers.
    assert_eq!(
        parse_error_body(404, r#"{"error":"model 'llama9' not found"}"#, None).message,
        "model 'llama9' not found"
    );
    assert_eq!(parse_error_body(422, r#"{"detail":"Field required"}"#, None).message, "Field required");
    assert_eq!(parse_error_body(500, "  upstream exploded \n", None).message, "upstream exploded");
}

fn provider(base_url: &str, api_key: &str) -> ProviderConfig {
    preset_provider(Preset::OpenAi, base_url, api_key)
}

fn preset_provider(preset: Preset, base_url: &str, api_key: &str) -> ProviderConfig {
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: base_url.into(),
        api_key: api_key.into(),
        ..Default::default()
    }
}

/// The request body as JSON, for comparing with `serde_json::json!` literals.
fn body(request: &crate::provider::HttpRequest) -> serde_json::Value {
    serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("a JSON body")
}

fn hi() -> [ChatMessage; 1] {
    [ChatMessage::new(Role::User, "Hi")]
}

#[test]
fn request_snapshot() {
    let messages = [
        ChatMessage::new(Role::User, "Hi **there**"),
        ChatMessage::new(Role::Assistant, "Hello!"),
        ChatMessage::new(Role::User, "Again"),
    ];
    let request = build_request(
        &provider("https://api.openai.com/v1/", "sk-secret"),
        &ModelConfig::new("gpt-4o-mini"),
        &messages,
    );
    let shown = format!("{request:?}");
    assert!(!shown.contains("sk-secret"), "the key must be redacted in debug output: {shown}");
    assert_eq!(
        shown,
        r#"HttpRequest { method: "POST", url: "https://api.openai.com/v1/chat/completions", headers: [("content-type", "application/json"), ("authorization", "<redacted>")], body: Some("{\"messages\":[{\"content\":\"Hi **there**\",\"role\":\"user\"},{\"content\":\"Hello!\",\"role\":\"assistant\"},{\"content\":\"Again\",\"role\":\"user\"}],\"model\":\"gpt-4o-mini\",\"stream\":true,\"stream_options\":{\"include_usage\":true}}") }"#
    );
    assert_eq!(request.headers[1].1, "Bearer sk-secret");
}

#[test]
fn urls_and_keyless_servers() {
    assert_eq!(chat_completions_url(" http://localhost:11434/v1 "), "http://localhost:11434/v1/chat/completions");
    assert_eq!(chat_completions_url("https://x.test/api/chat/completions/"), "https://x.test/api/chat/completions");
    let request = build_models_request(&provider("http://127.0.0.1:1234/v1/chat/completions", " "));
    assert_eq!((request.method, request.url.as_str()), ("GET", "http://127.0.0.1:1234/v1/models"));
    assert!(request.headers.is_empty(), "no authorization header without a key");
}

#[test]
fn openai_sends_sampling_and_max_completion_tokens() {
    let model = ModelConfig {
        temperature: Some(0.3),
        top_p: Some(0.9),
        max_tokens: Some(512),
        thinking: Some(true),
        ..ModelConfig::new("gpt-4o-mini")
    };
    let request = build_request(&provider("https://api.openai.com/v1", "sk-secret"), &model, &hi());
    assert_eq!(
        body(&request),
        serde_json::json!({
            "model": "gpt-4o-mini",
            "messages": [{ "role": "user", "content": "Hi" }],
            "stream": true,
            "stream_options": { "include_usage": true },
            "temperature": 0.3,
            "top_p": 0.9,
            "max_completion_tokens": 512,
        }),
        "OpenAI takes max_completion_tokens and has no thinking switch"
    );
}

#[test]
fn deepseek_takes_max_tokens_and_gets_no_reasoning_back() {
    let model = ModelConfig { max_tokens: Some(2048), ..ModelConfig::new("deepseek-reasoner") };
    let messages = [
        ChatMessage::new(Role::User, "Hi"),
        ChatMessage::assistant_with_reasoning(
            "Hello!",
            vec![ReasoningPart { text: "The user greets me.".into(), ..ReasoningPart::default() }],
            Some(ProviderKind::OpenAi),
        ),
        ChatMessage::new(Role::User, "Again"),
    ];
    let request =
        build_request(&preset_provider(Preset::DeepSeek, "https://api.deepseek.com", "sk-ds"), &model, &messages);
    assert_eq!(request.url, "https://api.deepseek.com/chat/completions");
    let json = body(&request);
    assert_eq!(json["max_tokens"], 2048);
    assert!(json.get("max_completion_tokens").is_none());
    assert_eq!(json["messages"][1], serde_json::json!({ "role": "assistant", "content": "Hello!" }));
    assert!(!request.body.unwrap_or_default().contains("The user greets me"), "reasoning is never sent back");
}

#[test]
fn azure_uses_deployment_url_api_version_and_api_key_header() {
    let azure = ProviderConfig {
        api_version: String::new(),
        ..preset_provider(Preset::Azure, "https://my-res.openai.azure.com/openai/deployments/gpt4o/", "az-secret")
    };
    let model = ModelConfig { max_tokens: Some(100), ..ModelConfig::new("gpt4o") };
    let request = build_request(&azure, &model, &hi());
    let shown = format!("{request:?}");
    assert!(!shown.contains("az-secret"), "the key must be redacted in debug output: {shown}");
    assert_eq!(
        shown,
        r#"HttpRequest { method: "POST", url: "https://my-res.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21", headers: [("content-type", "application/json"), ("api-key", "<redacted>")], body: Some("{\"max_completion_tokens\":100,\"messages\":[{\"content\":\"Hi\",\"role\":\"user\"}],\"model\":\"gpt4o\",\"stream\":true,\"stream_options\":{\"include_usage\":true}}") }"#
    );
    assert_eq!(request.headers[1], ("api-key".to_owned(), "az-secret".to_owned()));
    assert!(!request.headers.iter().any(|(name, _)| name == "authorization"), "Azure takes api-key, not a bearer");
    let pinned = ProviderConfig { api_version: " 2025-01-01-preview ".into(), ..azure.clone() };
    assert!(build_request(&pinned, &model, &hi()).url.ends_with("/chat/completions?api-version=2025-01-01-preview"));
}

#[test]
fn azure_urls_keep_what_the_user_gave() {
    let deployment = "https://r.openai.azure.com/openai/deployments/d";
    assert_eq!(
        azure_chat_url(deployment, ""),
        format!("{deployment}/chat/completions?api-version={AZURE_API_VERSION}")
    );
    assert_eq!(
        azure_chat_url(&format!("{deployment}/chat/completions"), "2024-06-01"),
        format!("{deployment}/chat/completions?api-version=2024-06-01")
    );
    assert_eq!(
        azure_chat_url(&format!(" {deployment}/chat/completions?api-version=2024-02-01 "), "2024-10-21"),
        format!("{deployment}/chat/completions?api-version=2024-02-01"),
        "an api-version in the URL wins"
    );
    assert_eq!(
        azure_chat_url(&format!("{deployment}?api-version=2024-02-01"), ""),
        format!("{deployment}/chat/completions?api-version=2024-02-01")
    );
    assert_eq!(
        azure_chat_url(&format!("{deployment}?x=1"), "v"),
        format!("{deployment}/chat/completions?x=1&api-version=v")
    );
}

#[test]
fn zhipu_and_openrouter_thinking_switches() {
    let zhipu = preset_provider(Preset::Zhipu, "https://open.bigmodel.cn/api/paas/v4", "zk");
    let on = ModelConfig { thinking: Some(true), max_tokens: Some(4096), ..ModelConfig::new("glm-4.5") };
    let json = body(&build_request(&zhipu, &on, &hi()));
    assert_eq!(json["thinking"], serde_json::json!({ "type": "enabled" }));
    assert_eq!(json["max_tokens"], 4096);
    let off = ModelConfig { thinking: Some(false), ..ModelConfig::new("glm-4.5") };
    assert_eq!(body(&build_request(&zhipu, &off, &hi()))["thinking"], serde_json::json!({ "type": "disabled" }));
    assert!(body(&build_request(&zhipu, &ModelConfig::new("glm-4.5"), &hi())).get("thinking").is_none());
    assert_eq!(build_request(&zhipu, &on, &hi()).url, "https://open.bigmodel.cn/api/paas/v4/chat/completions");

    let router = preset_provider(Preset::OpenRouter, "https://openrouter.ai/api/v1", "or");
    let json = body(&build_request(&router, &ModelConfig { thinking: Some(true), ..ModelConfig::new("x/y") }, &hi()));
    assert_eq!(json["reasoning"], serde_json::json!({ "enabled": true }));
    let json = body(&build_request(&router, &ModelConfig { thinking: Some(false), ..ModelConfig::new("x/y") }, &hi()));
    assert_eq!(json["reasoning"], serde_json::json!({ "effort": "none" }));

    let ollama = preset_provider(Preset::Ollama, "http://localhost:11434/v1", "");
    let json = body(&build_request(&ollama, &ModelConfig { thinking: Some(true), ..ModelConfig::new("qwen3") }, &hi()));
    assert!(json.get("thinking").is_none() && json.get("reasoning").is_none(), "no switch where none is known");
}

#[test]
fn extra_json_is_merged_last_and_can_override_anything() {
    let extra = crate::provider::parse_extra_json(
        r#"{"temperature": 1.2, "top_p": null, "stream_options": {"include_usage": false, "x": 1}, "seed": 7,
            "thinking": {"type": "enabled", "clear_thinking": false}}"#,
    )
    .expect("valid extra");
    let model = ModelConfig {
        temperature: Some(0.2),
        top_p: Some(0.5),
        thinking: Some(false),
        extra,
        ..ModelConfig::new("glm-4.5")
    };
    let json = body(&build_request(
        &preset_provider(Preset::Zhipu, "https://open.bigmodel.cn/api/paas/v4", "k"),
        &model,
        &hi(),
    ));
    assert_eq!(json["temperature"], 1.2, "a value replaces Hearth's");
    assert!(json.get("top_p").is_none(), "null removes a field");
    assert_eq!(json["stream_options"], serde_json::json!({ "include_usage": false, "x": 1 }), "objects merge");
    assert_eq!(json["thinking"], serde_json::json!({ "type": "enabled", "clear_thinking": false }));
    assert_eq!(json["seed"], 7);
    assert_eq!(json["stream"], true);
}

#[test]
fn content_filter_errors_are_not_bad_requests() {
    let body = r#"{"error":{"message":"The response was filtered due to the prompt triggering Azure OpenAI's content management policy.","type":null,"param":"prompt","code":"content_filter","status":400,"innererror":{"code":"ResponsibleAIPolicyViolation"}}}"#;
    let error = parse_error_body(400, body, None);
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::ContentFilter, Some("content_filter")));
    assert!(!error.is_retryable());
}

#[test]
fn azure_models_are_not_listed_and_keys_stay_in_headers() {
    let azure = preset_provider(Preset::Azure, "https://r.openai.azure.com/openai/deployments/d", "k");
    assert_eq!(crate::provider::models_request(&azure), Ok(None));
    let request = build_models_request(&preset_provider(Preset::OpenRouter, "https://openrouter.ai/api/v1/", "or-key"));
    assert_eq!(request.url, "https://openrouter.ai/api/v1/models");
    assert_eq!(request.headers, [("authorization".to_owned(), "Bearer or-key".to_owned())]);
}

/// Where each tool call ends: after its last fragment, before the finish.
#[test]
fn tool_calls_end_after_their_last_fragment() {
    recorded::check_tool_call_ends(ProviderKind::OpenAi, "openai", "tool_calls.sse");
}
