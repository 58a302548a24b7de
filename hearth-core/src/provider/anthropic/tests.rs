//! Anthropic parser tests on recorded bodies in `test_data/anthropic/`.
//!
//! Each `*.sse` body is decoded whole, byte by byte and cut in two at every offset;
//! all must give the same events, and the folded reply must match the
//! `*.expected.json` beside it (the `replay` example's output). Error bodies are
//! named `error_<status>_*.json`. `UPDATE_EXPECT=1` rewrites expectations.

use std::path::PathBuf;

use super::{build_models_request, map_finish_reason, messages_url, parse_error_body, thinking_limits};
use crate::message::{ChatMessage, ReasoningPart, Role};
use crate::provider::recorded;
use crate::provider::{FinishKind, ModelConfig, Preset, ProviderConfig, ProviderKind};
use crate::reply::Reply;

/// The request without tools, as most tests want it.
fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
) -> crate::provider::HttpRequest {
    super::build_request(provider, model, messages, &[])
}

fn test_data() -> PathBuf {
    recorded::test_data("anthropic")
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    recorded::check_streams(ProviderKind::Anthropic, "anthropic", 5);
}

#[test]
fn recorded_error_bodies() {
    recorded::check_error_bodies("anthropic", 3, |status, body| parse_error_body(status, body, None));
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
fn in_stream_error_keeps_text_and_type() {
    let body = std::fs::read(test_data().join("in_stream_error.sse")).expect("fixture");
    let reply = Reply::from_chunks(ProviderKind::Anthropic, [&body]);
    let error = reply.error.expect("an in-stream error");
    assert_eq!((error.status, error.code.as_deref()), (None, Some("overloaded_error")));
    assert_eq!(error.kind, crate::provider::ProviderErrorKind::Server);
    assert_eq!(reply.text, "Once upon");
}

#[test]
fn usage_from_start_survives_the_final_delta() {
    let body = std::fs::read(test_data().join("tool_use.sse")).expect("fixture");
    let reply = Reply::from_chunks(ProviderKind::Anthropic, [&body]);
    assert_eq!(reply.usage.map(|u| (u.input, u.output)), Some((Some(472), Some(89))));
}

#[test]
fn odd_events_are_tolerated() {
    let body = concat!(
        // No JSON `type`: the SSE event name decides.
        "event: content_block_delta\ndata: {\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"a\"}}\n\n",
        "event: content_block_delta\ndata: {not json\n\n",
        // Unknown events and delta types are ignored.
        "event: future_event\ndata: {\"type\":\"future_event\",\"x\":1}\n\n",
        "data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"citations_delta\",\"citation\":{}}}\n\n",
        "data: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"redacted_thinking\",\"data\":\"EmwKAhgBEgy\"}}\n\n",
        // A server tool's input is not a call for Hearth to run.
        "data: {\"type\":\"content_block_start\",\"index\":2,\"content_block\":{\"type\":\"server_tool_use\",\"id\":\"srvtoolu_1\",\"name\":\"web_search\",\"input\":{}}}\n\n",
        "data: {\"type\":\"content_block_delta\",\"index\":2,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"query\\\":\\\"x\\\"}\"}}\n\n",
        // Two tool calls, told apart by block index.
        "data: {\"type\":\"content_block_start\",\"index\":3,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_a\",\"name\":\"f\",\"input\":{}}}\n\n",
        "data: {\"type\":\"content_block_start\",\"index\":4,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_b\",\"name\":\"g\",\"input\":{}}}\n\n",
        "data: {\"type\":\"content_block_delta\",\"index\":4,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{}\"}}\n\n",
        "data: {\"type\":\"content_block_delta\",\"index\":3,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"x\\\":1}\"}}\n\n",
        "data: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"max_tokens\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":7}}\n\n",
    );
    let reply = Reply::from_chunks(ProviderKind::Anthropic, [body.as_bytes()]);
    assert_eq!((reply.text.as_str(), reply.reasoning.as_str()), ("a", ""));
    assert_eq!(reply.reasoning_parts.len(), 1, "the redacted block is kept to be sent back");
    assert_eq!(reply.malformed.len(), 1, "{:?}", reply.malformed);
    let calls: Vec<(&str, &str, &str)> =
        reply.tool_calls.iter().map(|c| (c.id.as_str(), c.name.as_str(), c.arguments_raw.as_str())).collect();
    assert_eq!(calls, [("toolu_a", "f", "{\"x\":1}"), ("toolu_b", "g", "{}")]);
    let finish = reply.finish.as_ref().map(|f| (f.unified, f.raw.as_deref()));
    assert_eq!(finish, Some((FinishKind::Length, Some("max_tokens"))));
    assert_eq!(reply.usage.map(|u| (u.input, u.output)), Some((None, Some(7))));
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

fn provider(base_url: &str, api_key: &str) -> ProviderConfig {
    ProviderConfig {
        kind: ProviderKind::Anthropic,
        preset: Preset::Anthropic,
        base_url: base_url.into(),
        api_key: api_key.into(),
        ..Default::default()
    }
}

/// The request body as JSON, for comparing with `serde_json::json!` literals.
fn body(request: &crate::provider::HttpRequest) -> serde_json::Value {
    serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("a JSON body")
}

const SIGNATURE: &str = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds...";
const REDACTED_1: &str = "EvEBCoYBGAIiQAqN5Z4LumxzafxD2yf2zW+hVm/G2/Am05ChRXkU1Xe2wQLPLo0wnmoaVJI1WTkLpRYJAIz2UjzHblLwkJ59xeAqQNr5EWqMZkOr8yNcpbCO5PssXiUvEjhoaC0IN3qyhE3vumOOS9Qd0Ku4AYTgu8VjP4C6IJHnkuIexa0VrU/cFbISDJjPWOWQlyAx4y5FCRoMk55jLUCR8KCZrKrzIjDR8S3F/pCWlz/JA5RN0uprpWAI75HjgcY2NJkPX3sEC0Ew6fl6YEISNk1XsmzWtj4qGArQlCfAW9l8SDiKbXm0UZ4hQhh2ruPbaw==";

/// The reply recorded in `thinking_redacted.sse` (Anthropic's documented thinking
/// and redacted-thinking stream examples, joined).
fn thinking_reply() -> crate::reply::Reply {
    let body = std::fs::read(test_data().join("thinking_redacted.sse")).expect("fixture");
    Reply::from_chunks(ProviderKind::Anthropic, [&body])
}

#[test]
fn thinking_signatures_and_redacted_blocks_become_sealed_parts() {
    let reply = thinking_reply();
    let thought = "I need to find the GCD of 1071 and 462 using the Euclidean algorithm.\n\n1071 = 2 × 462 + 147\n462 = 3 × 147 + 21\n147 = 7 × 21 + 0\n\nSo GCD(1071, 462) = 21";
    assert_eq!(reply.reasoning, thought, "redacted blocks add no visible text");
    assert_eq!(reply.reasoning_parts.len(), 3, "{:?}", reply.reasoning_parts);
    assert_eq!(
        reply.reasoning_parts[0],
        ReasoningPart { text: thought.into(), signature: Some(SIGNATURE.into()), ..ReasoningPart::default() }
    );
    assert_eq!(
        reply.reasoning_parts[1],
        ReasoningPart { redacted: Some(REDACTED_1.into()), ..ReasoningPart::default() }
    );
    assert!(reply.reasoning_parts[2].redacted.as_deref().is_some_and(|data| data.starts_with("EvMBCoYB")));
    assert_eq!(reply.text, "The greatest common divisor of 1071 and 462 is **21**.");
    assert_eq!(reply.usage.map(|u| (u.input, u.output)), Some((Some(92), Some(184))));
    assert!(reply.malformed.is_empty(), "{:?}", reply.malformed);
}

#[test]
fn sealed_reasoning_goes_back_only_with_thinking_on() {
    let reply = thinking_reply();
    let mut parts = reply.reasoning_parts.clone();
    // An unsigned part (a stream cut short) is never sent.
    parts.push(ReasoningPart { text: "unfinished thought".into(), ..ReasoningPart::default() });
    let messages = [
        ChatMessage::new(Role::User, "What is the greatest common divisor of 1071 and 462?"),
        ChatMessage::assistant_with_reasoning(reply.text.clone(), parts.clone(), Some(ProviderKind::Anthropic)),
        ChatMessage::new(Role::User, "And of 1071 and 1029?"),
    ];
    let thinking = ModelConfig { thinking: Some(true), ..ModelConfig::new("claude-sonnet-4-5") };
    let request = build_request(&provider("", "sk-ant-secret"), &thinking, &messages);
    let json = body(&request);
    assert_eq!(json["thinking"], serde_json::json!({ "type": "enabled", "budget_tokens": 8000 }));
    assert_eq!(json["max_tokens"], 16000);
    assert_eq!(
        json["messages"][1],
        serde_json::json!({
            "role": "assistant",
            "content": [
                { "type": "thinking", "thinking": reply.reasoning, "signature": SIGNATURE },
                { "type": "redacted_thinking", "data": REDACTED_1 },
                { "type": "redacted_thinking", "data": parts[2].redacted },
                { "type": "text", "text": "The greatest common divisor of 1071 and 462 is **21**." },
            ],
        })
    );
    assert!(!request.body.as_deref().unwrap_or_default().contains("unfinished thought"));
    assert!(!format!("{request:?}").contains("sk-ant-secret"));

    // Without thinking, or from another family, the reply is plain text.
    let plain = body(&build_request(&provider("", "k"), &ModelConfig::new("claude-sonnet-4-5"), &messages));
    assert_eq!(plain["messages"][1], serde_json::json!({ "role": "assistant", "content": reply.text }));
    assert!(plain.get("thinking").is_none());
    let foreign = [ChatMessage::assistant_with_reasoning(reply.text.clone(), parts, Some(ProviderKind::Gemini))];
    assert_eq!(body(&build_request(&provider("", "k"), &thinking, &foreign))["messages"][0]["content"], reply.text);
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
