//! Anthropic parser tests on recorded bodies in `test_data/anthropic/`.
//!
//! Each `*.sse` body is decoded whole, byte by byte and cut in two at every offset;
//! all must give the same events, and the folded reply must match the
//! `*.expected.json` beside it (the `replay` example's output). Error bodies are
//! named `error_<status>_*.json`. `UPDATE_EXPECT=1` rewrites expectations.

use std::path::PathBuf;

use super::{build_request, map_finish_reason, messages_url, parse_error_body};
use crate::message::{ChatMessage, Role};
use crate::provider::recorded;
use crate::provider::{FinishKind, ModelConfig, ProviderConfig, ProviderKind, StreamEvent};

fn test_data() -> PathBuf {
    recorded::test_data("anthropic")
}

fn decode(pieces: &[&[u8]]) -> Vec<StreamEvent> {
    recorded::decode(ProviderKind::Anthropic, pieces)
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    recorded::check_streams(ProviderKind::Anthropic, "anthropic", 4);
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
    let reply = recorded::fold(decode(&[&body]));
    let error = reply.error.expect("an in-stream error");
    assert_eq!((error.status, error.code.as_deref()), (None, Some("overloaded_error")));
    assert_eq!(error.kind, crate::provider::ProviderErrorKind::Server);
    assert_eq!(reply.text, "Once upon");
}

#[test]
fn usage_from_start_survives_the_final_delta() {
    let body = std::fs::read(test_data().join("tool_use.sse")).expect("fixture");
    let reply = recorded::fold(decode(&[&body]));
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
    let reply = recorded::fold(decode(&[body.as_bytes()]));
    assert_eq!((reply.text.as_str(), reply.reasoning.as_str()), ("a", ""));
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
    ProviderConfig { kind: ProviderKind::Anthropic, base_url: base_url.into(), api_key: api_key.into() }
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
        &ModelConfig { model: "claude-sonnet-4-5".into() },
        &messages,
    );
    let shown = format!("{request:?}");
    assert!(!shown.contains("sk-ant-secret"), "the key must be redacted in debug output: {shown}");
    assert_eq!(
        shown,
        r#"HttpRequest { method: "POST", url: "https://api.anthropic.com/v1/messages", headers: [("content-type", "application/json"), ("x-api-key", "<redacted>"), ("anthropic-version", "2023-06-01"), ("anthropic-dangerous-direct-browser-access", "true")], body: Some("{\"max_tokens\":4096,\"messages\":[{\"content\":\"Hi **there**\",\"role\":\"user\"},{\"content\":\"Hello!\",\"role\":\"assistant\"},{\"content\":\"Again\",\"role\":\"user\"}],\"model\":\"claude-sonnet-4-5\",\"stream\":true,\"system\":\"Be brief.\\n\\nAnswer in French.\"}") }"#
    );
    assert_eq!(request.headers[1].1, "sk-ant-secret");
    let plain = build_request(&provider("", "k"), &ModelConfig { model: "m".into() }, &messages[1..3]);
    assert!(!plain.body.unwrap_or_default().contains("system"), "no system field without system messages");
}

#[test]
fn urls() {
    assert_eq!(messages_url(""), "https://api.anthropic.com/v1/messages");
    assert_eq!(messages_url(" https://api.anthropic.com/ "), "https://api.anthropic.com/v1/messages");
    assert_eq!(messages_url("https://proxy.test/anthropic/v1"), "https://proxy.test/anthropic/v1/messages");
    assert_eq!(messages_url("https://proxy.test/v1/messages/"), "https://proxy.test/v1/messages");
}
