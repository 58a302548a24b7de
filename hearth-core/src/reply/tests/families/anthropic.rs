//! Anthropic replies: recorded bodies folded whole and cut, error bodies,
//! in-stream errors, usage, odd events, and thinking blocks sealed and sent back.

use super::{check_error_bodies, check_streams};
use crate::contract::{FinishKind, ProviderKind};
use crate::message::{ChatMessage, ReasoningPart, Role};
use crate::provider::ModelConfig;
use crate::provider::anthropic::parse_error_body;
use crate::provider::anthropic::tests::{body, build_request, provider, test_data};
use crate::reply::Reply;

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    check_streams(ProviderKind::Anthropic, "anthropic", 5);
}

#[test]
fn recorded_error_bodies() {
    check_error_bodies("anthropic", 3, |status, body| parse_error_body(status, body, None));
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

const SIGNATURE: &str = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds...";
const REDACTED_1: &str = "EvEBCoYBGAIiQAqN5Z4LumxzafxD2yf2zW+hVm/G2/Am05ChRXkU1Xe2wQLPLo0wnmoaVJI1WTkLpRYJAIz2UjzHblLwkJ59xeAqQNr5EWqMZkOr8yNcpbCO5PssXiUvEjhoaC0IN3qyhE3vumOOS9Qd0Ku4AYTgu8VjP4C6IJHnkuIexa0VrU/cFbISDJjPWOWQlyAx4y5FCRoMk55jLUCR8KCZrKrzIjDR8S3F/pCWlz/JA5RN0uprpWAI75HjgcY2NJkPX3sEC0Ew6fl6YEISNk1XsmzWtj4qGArQlCfAW9l8SDiKbXm0UZ4hQhh2ruPbaw==";

/// The reply recorded in `thinking_redacted.sse` (Anthropic's documented thinking
/// and redacted-thinking stream examples, joined).
fn thinking_reply() -> Reply {
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
