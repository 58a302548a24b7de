//! OpenAI parser tests on recorded bodies in `test_data/openai/`.
//!
//! Each `*.sse` body is decoded whole, byte by byte and cut in two at every offset;
//! all must give the same events, and the folded reply must match the
//! `*.expected.json` beside it (the `replay` example's output). Error bodies are
//! named `error_<status>_*.{json,html}`. `UPDATE_EXPECT=1` rewrites expectations.

use std::path::{Path, PathBuf};

use super::{build_models_request, build_request, chat_completions_url, parse_error_body};
use crate::message::{ChatMessage, Role};
use crate::provider::{ModelConfig, ProviderConfig, ProviderKind, ResponseDecoder, StreamEvent};
use crate::reply::Reply;

fn test_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/openai")
}

fn decode(pieces: &[&[u8]]) -> Vec<StreamEvent> {
    let mut decoder = ResponseDecoder::new(ProviderKind::OpenAi);
    let mut events = Vec::new();
    for piece in pieces {
        events.extend(decoder.push(piece));
    }
    events.extend(decoder.finish());
    events
}

#[track_caller]
fn check_expected(path: &Path, reply: &Reply) {
    let expected_path = path.with_extension("expected.json");
    let actual = serde_json::to_string_pretty(&reply.to_json()).expect("serialisable") + "\n";
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected_path, &actual).expect("writable expectation");
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    assert_eq!(actual, expected, "{}", path.display());
}

fn cases(extension: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(test_data())
        .expect("test_data/openai exists")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == extension) && !path.to_string_lossy().ends_with(".expected.json")
        })
        .collect();
    paths.sort();
    paths
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    let paths = cases("sse");
    assert!(paths.len() >= 6, "expected recorded streams");
    for path in paths {
        let body = std::fs::read(&path).expect("readable body");
        let whole = decode(&[&body]);
        let bytes: Vec<&[u8]> = body.chunks(1).collect();
        assert_eq!(decode(&bytes), whole, "{} fed byte by byte", path.display());
        for cut in 0..=body.len() {
            let (a, b) = body.split_at(cut);
            assert_eq!(decode(&[a, b]), whole, "{} cut at {cut}", path.display());
        }
        let mut reply = Reply::new();
        for event in whole {
            reply.apply(event);
        }
        check_expected(&path, &reply);
    }
}

#[test]
fn recorded_error_bodies() {
    let mut paths = cases("json");
    paths.extend(cases("html"));
    assert!(paths.len() >= 4);
    for path in paths {
        let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or_default();
        let status: u16 = name.split('_').nth(1).and_then(|s| s.parse().ok()).expect("error_<status>_ file name");
        let body = std::fs::read_to_string(&path).expect("readable body");
        let mut reply = Reply::new();
        reply.fail(parse_error_body(status, &body, None));
        check_expected(&path, &reply);
    }
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
