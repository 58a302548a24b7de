//! Anthropic tests: requests (URLs, headers, bodies, the snapshot), finish
//! reasons, error bodies and the events of recorded bodies in `test_data/anthropic/`.
//!
//! The replies folded from those bodies (each `*.sse` decoded whole, byte by
//! byte and cut at every offset, matching its `*.expected.json`; the error
//! bodies `error_<status>_*.json`) are checked in `reply/tests/families/anthropic.rs`, with the
//! reply this module cannot use. `UPDATE_EXPECT=1` rewrites expectations.
//!
//! In `tests/`: the two-round tool turn as this family sends it (`tool_wire`)
//! and its whole requests against their snapshots (`snapshots`); web search,
//! web fetch, citations and effort (`web`).

mod snapshots;
mod tool_wire;
mod web;

use std::path::PathBuf;

use super::{build_models_request, map_finish_reason, messages_url, parse_error_body, thinking_limits};
use crate::message::{ChatMessage, Role};
use crate::provider::tests::recorded;
use crate::provider::{FinishKind, ModelConfig, Preset, ProviderConfig, ProviderKind};

/// The request without tools, as most tests want it.
pub(crate) fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
) -> crate::provider::HttpRequest {
    super::build_request(provider, model, messages, &[])
}

pub(crate) fn test_data() -> PathBuf {
    recorded::test_data("anthropic")
}

#[test]
fn error_bodies_are_classified() {
    use crate::provider::ProviderErrorKind;
    let read = |name: &str| std::fs::read_to_string(test_data().join(name)).expect("fixture");
    let error = parse_error_body(401, &read("error_401_auth.json"), None);
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Auth, Some("authentication_error")));
    assert_eq!(error.message, "invalid x-api-key");
    let error = parse_error_body(429, &read("error_429_rate_limit.json"), Some(20));
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::RateLimit, Some("rate_limit_error")));
    assert_eq!(error.retry_after_secs, Some(20));
    let error = parse_error_body(529, &read("error_529_overloaded.json"), None);
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Server, Some("overloaded_error")));
    assert!(error.is_retryable());
    let error = parse_error_body(502, "  <html>Bad Gateway</html> \n", None);
    assert_eq!(
        (error.kind, error.message.as_str(), error.code),
        (ProviderErrorKind::Server, "<html>Bad Gateway</html>", None)
    );
}

#[test]
fn finish_reasons() {
    for (raw, kind) in [
        ("end_turn", FinishKind::Stop),
        ("stop_sequence", FinishKind::Stop),
        ("max_tokens", FinishKind::Length),
        ("model_context_window_exceeded", FinishKind::Length),
        ("tool_use", FinishKind::ToolCalls),
        ("refusal", FinishKind::ContentFilter),
        ("pause_turn", FinishKind::Other),
        ("something_new", FinishKind::Other),
    ] {
        assert_eq!(map_finish_reason(raw), kind, "{raw}");
    }
}

pub(crate) fn provider(base_url: &str, api_key: &str) -> ProviderConfig {
    ProviderConfig {
        kind: ProviderKind::Anthropic,
        preset: Preset::Anthropic,
        base_url: base_url.into(),
        api_key: api_key.into(),
        ..Default::default()
    }
}

/// The request body as JSON, for comparing with `serde_json::json!` literals.
pub(crate) fn body(request: &crate::provider::HttpRequest) -> serde_json::Value {
    serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("a JSON body")
}

#[test]
fn sampling_settings_follow_anthropics_rules() {
    let p = provider("", "k");
    let hi = [ChatMessage::new(Role::User, "Hi")];
    let both =
        ModelConfig { temperature: Some(0.7), top_p: Some(0.9), max_tokens: Some(1000), ..ModelConfig::new("m") };
    let json = body(&build_request(&p, &both, &hi));
    assert_eq!(
        (json["temperature"].as_f64(), json.get("top_p"), json["max_tokens"].as_u64()),
        (Some(0.7), None, Some(1000))
    );
    let only_top_p = ModelConfig { top_p: Some(0.9), ..ModelConfig::new("m") };
    assert_eq!(body(&build_request(&p, &only_top_p, &hi))["top_p"], 0.9);
    let thinking = ModelConfig { thinking: Some(true), ..both.clone() };
    let json = body(&build_request(&p, &thinking, &hi));
    assert!(json.get("temperature").is_none() && json.get("top_p").is_none(), "{json}");
    assert_eq!(json["max_tokens"], 2048, "1000 cannot hold the smallest budget, so it is raised");
    assert_eq!(json["thinking"]["budget_tokens"], 1024);
    let thinking = ModelConfig { top_p: Some(0.95), ..thinking };
    assert_eq!(body(&build_request(&p, &thinking, &hi))["top_p"], 0.95);
    let off = ModelConfig { thinking: Some(false), ..ModelConfig::new("m") };
    let json = body(&build_request(&p, &off, &hi));
    assert!(json.get("thinking").is_none());
    assert_eq!(json["max_tokens"], 4096);
}

#[test]
fn thinking_budget_rule() {
    assert_eq!(thinking_limits(None), (16_000, 8_000));
    assert_eq!(thinking_limits(Some(40_000)), (40_000, 20_000));
    assert_eq!(thinking_limits(Some(1_500)), (1_500, 1_024));
    assert_eq!(thinking_limits(Some(1_025)), (1_025, 1_024));
    assert_eq!(thinking_limits(Some(1_024)), (2_048, 1_024));
    assert_eq!(thinking_limits(Some(1)), (2_048, 1_024));
    for max in [1, 100, 1_024, 1_025, 2_047, 2_048, 4_096, 64_000, u32::MAX] {
        let (max_tokens, budget) = thinking_limits(Some(max));
        assert!(budget >= 1_024 && budget < max_tokens, "{max}: {max_tokens} / {budget}");
    }
}

#[test]
fn models_request_uses_the_messages_headers() {
    let request = build_models_request(&provider("https://proxy.test/v1/messages", "sk-ant-secret"));
    assert_eq!((request.method, request.url.as_str()), ("GET", "https://proxy.test/v1/models?limit=1000"));
    assert_eq!(
        request.headers,
        [
            ("x-api-key".to_owned(), "sk-ant-secret".to_owned()),
            ("anthropic-version".to_owned(), "2023-06-01".to_owned()),
            ("anthropic-dangerous-direct-browser-access".to_owned(), "true".to_owned()),
        ]
    );
    assert_eq!(build_models_request(&provider("", "k")).url, "https://api.anthropic.com/v1/models?limit=1000");
    assert!(!format!("{request:?}").contains("sk-ant-secret"));
}

#[test]
fn request_snapshot() {
    let messages = [
        ChatMessage::new(Role::System, "Be brief."),
        ChatMessage::new(Role::User, "Hi **there**"),
        ChatMessage::new(Role::Assistant, "Hello!"),
        ChatMessage::new(Role::System, "Answer in French."),
        ChatMessage::new(Role::User, "Again"),
    ];
    let request = build_request(
        &provider("https://api.anthropic.com", "sk-ant-secret"),
        &ModelConfig::new("claude-sonnet-4-5"),
        &messages,
    );
    let shown = format!("{request:?}");
    assert!(!shown.contains("sk-ant-secret"), "the key must be redacted in debug output: {shown}");
    assert_eq!(
        shown,
        r#"HttpRequest { method: "POST", url: "https://api.anthropic.com/v1/messages", headers: [("content-type", "application/json"), ("x-api-key", "<redacted>"), ("anthropic-version", "2023-06-01"), ("anthropic-dangerous-direct-browser-access", "true")], body: Some("{\"max_tokens\":4096,\"messages\":[{\"content\":\"Hi **there**\",\"role\":\"user\"},{\"content\":\"Hello!\",\"role\":\"assistant\"},{\"content\":\"Again\",\"role\":\"user\"}],\"model\":\"claude-sonnet-4-5\",\"stream\":true,\"system\":\"Be brief.\\n\\nAnswer in French.\"}") }"#
    );
    assert_eq!(request.headers[1].1, "sk-ant-secret");
    let plain = build_request(&provider("", "k"), &ModelConfig::new("m"), &messages[1..3]);
    assert!(!plain.body.unwrap_or_default().contains("system"), "no system field without system messages");
}

#[test]
fn urls() {
    assert_eq!(messages_url(""), "https://api.anthropic.com/v1/messages");
    assert_eq!(messages_url(" https://api.anthropic.com/ "), "https://api.anthropic.com/v1/messages");
    assert_eq!(messages_url("https://proxy.test/anthropic/v1"), "https://proxy.test/anthropic/v1/messages");
    assert_eq!(messages_url("https://proxy.test/v1/messages/"), "https://proxy.test/v1/messages");
}

/// Where each tool call ends: after its last fragment, before the finish.
#[test]
fn tool_calls_end_after_their_last_fragment() {
    recorded::check_tool_call_ends(ProviderKind::Anthropic, "anthropic", "tool_use.sse");
}
