//! OpenAI parser tests on recorded bodies in `test_data/openai/`.
//!
//! Each `*.sse` body is decoded whole, byte by byte and cut in two at every offset;
//! all must give the same events, and the folded reply must match the
//! `*.expected.json` beside it (the `replay` example's output). Error bodies are
//! named `error_<status>_*.{json,html}`. `UPDATE_EXPECT=1` rewrites expectations.

use std::path::PathBuf;

use super::{build_models_request, build_request, chat_completions_url, parse_error_body};
use crate::message::{ChatMessage, Role};
use crate::provider::recorded;
use crate::provider::{ModelConfig, ProviderConfig, ProviderKind, StreamEvent};
use crate::reply::Reply;

fn test_data() -> PathBuf {
    recorded::test_data("openai")
}

fn decode(pieces: &[&[u8]]) -> Vec<StreamEvent> {
    recorded::decode(ProviderKind::OpenAi, pieces)
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    recorded::check_streams(ProviderKind::OpenAi, "openai", 6);
}

#[test]
fn recorded_error_bodies() {
    recorded::check_error_bodies("openai", 4, |status, body| parse_error_body(status, body, None));
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

#[test]
fn tool_call_fragments_never_lose_ids_or_names() {
    // Later fragments with null or empty id and name, and a server that numbers
    // calls from 1, must still assemble two complete calls.
    let body = concat!(
        "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"a\",\"function\":{\"name\":\"f\",\"arguments\":\"{\\\"x\\\"\"}}]}}]}\n\n",
        "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"\",\"function\":{\"name\":\"\",\"arguments\":\":1}\"}}]}}]}\n\n",
        "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":2,\"id\":\"b\",\"function\":{\"name\":\"g\",\"arguments\":\"{}\"}}]}}]}\n\n",
        "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":2,\"id\":null,\"function\":{\"name\":null,\"arguments\":\"\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\n",
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4}}\n\n",
        "data: {\"choices\":[{\"delta\":{},\"finish_reason\":null}],\"usage\":null}\n\n",
    );
    let mut reply = Reply::new();
    for event in decode(&[body.as_bytes()]) {
        reply.apply(event);
    }
    let calls: Vec<(&str, &str, &str)> =
        reply.tool_calls.iter().map(|c| (c.id.as_str(), c.name.as_str(), c.arguments_raw.as_str())).collect();
    assert_eq!(calls, [("a", "f", "{\"x\":1}"), ("b", "g", "{}")]);
    let finish = reply.finish.as_ref().map(|f| f.raw.as_deref());
    assert_eq!(finish, Some(Some("tool_calls")), "a later chunk must not reset the finish reason");
    assert_eq!(
        reply.usage.map(|u| (u.input, u.output)),
        Some((Some(3), Some(4))),
        "a later null usage must not reset usage"
    );
}

fn provider(base_url: &str, api_key: &str) -> ProviderConfig {
    ProviderConfig { kind: ProviderKind::OpenAi, base_url: base_url.into(), api_key: api_key.into() }
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
        &ModelConfig { model: "gpt-4o-mini".into() },
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
