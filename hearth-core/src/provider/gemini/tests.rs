//! Gemini parser tests on recorded bodies in `test_data/gemini/`.
//!
//! Each `*.sse` body is decoded whole, byte by byte and cut in two at every offset;
//! all must give the same events, and the folded reply must match the
//! `*.expected.json` beside it (the `replay` example's output). Error bodies are
//! named `error_<status>_*.json`. `UPDATE_EXPECT=1` rewrites expectations.

use std::path::PathBuf;

use super::{build_request, map_finish_reason, parse_error_body, stream_url};
use crate::message::{ChatMessage, Role};
use crate::provider::recorded;
use crate::provider::{FinishKind, ModelConfig, ProviderConfig, ProviderErrorKind, ProviderKind, StreamEvent};

fn test_data() -> PathBuf {
    recorded::test_data("gemini")
}

fn decode(pieces: &[&[u8]]) -> Vec<StreamEvent> {
    recorded::decode(ProviderKind::Gemini, pieces)
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    recorded::check_streams(ProviderKind::Gemini, "gemini", 5);
}

#[test]
fn recorded_error_bodies() {
    recorded::check_error_bodies("gemini", 3, |status, body| parse_error_body(status, body, None));
}

#[test]
fn error_bodies_are_classified() {
    let read = |name: &str| std::fs::read_to_string(test_data().join(name)).expect("fixture");
    let error = parse_error_body(400, &read("error_400_api_key.json"), None);
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Auth, Some("INVALID_ARGUMENT")));
    // The array-wrapped body is read through its first element.
    let error = parse_error_body(429, &read("error_429_resource_exhausted.json"), Some(38));
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::RateLimit, Some("RESOURCE_EXHAUSTED")));
    assert!(error.message.starts_with("You exceeded your current quota"), "{}", error.message);
    assert_eq!(error.retry_after_secs, Some(38));
    let error = parse_error_body(500, &read("error_500_internal.json"), None);
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Server, Some("INTERNAL")));
    let error = parse_error_body(
        400,
        r#"{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}"#,
        None,
    );
    assert_eq!(error.kind, ProviderErrorKind::ContextTooLong);
    let error =
        parse_error_body(400, r#"{"error":{"code":400,"message":"Bad thing","status":"INVALID_ARGUMENT"}}"#, None);
    assert_eq!(error.kind, ProviderErrorKind::BadRequest);
    let error = parse_error_body(502, "  <html>Bad Gateway</html> \n", None);
    assert_eq!((error.kind, error.message.as_str()), (ProviderErrorKind::Server, "<html>Bad Gateway</html>"));
}

#[test]
fn finish_reasons_are_mapped() {
    let cases = [
        ("STOP", FinishKind::Stop),
        ("MAX_TOKENS", FinishKind::Length),
        ("SAFETY", FinishKind::ContentFilter),
        ("RECITATION", FinishKind::ContentFilter),
        ("BLOCKLIST", FinishKind::ContentFilter),
        ("PROHIBITED_CONTENT", FinishKind::ContentFilter),
        ("SPII", FinishKind::ContentFilter),
        ("IMAGE_SAFETY", FinishKind::ContentFilter),
        ("MALFORMED_FUNCTION_CALL", FinishKind::Error),
        ("FINISH_REASON_UNSPECIFIED", FinishKind::Other),
        ("OTHER", FinishKind::Other),
        ("LANGUAGE", FinishKind::Other),
        ("SOMETHING_NEW", FinishKind::Other),
    ];
    for (raw, kind) in cases {
        assert_eq!(map_finish_reason(raw), kind, "{raw}");
    }
}

#[test]
fn function_calls_number_across_chunks_and_keep_given_ids() {
    let body = concat!(
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"a\",\"args\":{}}}]}}]}\r\n\r\n",
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"id\":\"fc-7\",\"name\":\"b\"}}]},\"finishReason\":\"STOP\"}]}\r\n\r\n",
    );
    let events = decode(&[body.as_bytes()]);
    let calls: Vec<(Option<u32>, Option<&str>, &str)> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::ToolCallDelta { index, id, arguments, .. } => {
                Some((*index, id.as_deref(), arguments.as_str()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(calls, [(Some(0), Some("call_0"), "{}"), (Some(1), Some("fc-7"), "{}")]);
    let reply = recorded::fold(events);
    let finish = reply.finish.as_ref().map(|f| (f.unified, f.raw.as_deref()));
    assert_eq!(finish, Some((FinishKind::ToolCalls, Some("STOP"))));
}

#[test]
fn malformed_chunks_are_skipped_and_the_stream_goes_on() {
    let body = std::fs::read(test_data().join("in_stream_error_malformed.sse")).expect("fixture");
    let reply = recorded::fold(decode(&[&body]));
    assert_eq!(reply.malformed.len(), 1, "{:?}", reply.malformed);
    assert_eq!(reply.text, "Partial answer that survived");
    let error = reply.error.expect("an error");
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Server, Some("UNAVAILABLE")));
}

#[test]
fn in_stream_errors_are_classified_by_their_code() {
    let body = "data: {\"error\":{\"code\":429,\"message\":\"Resource has been exhausted (e.g. check quota).\",\"status\":\"RESOURCE_EXHAUSTED\"}}\r\n\r\n";
    let reply = recorded::fold(decode(&[body.as_bytes()]));
    let error = reply.error.expect("an error");
    assert_eq!(
        (error.kind, error.status, error.code.as_deref()),
        (ProviderErrorKind::RateLimit, None, Some("RESOURCE_EXHAUSTED"))
    );
}

fn provider(base_url: &str, api_key: &str) -> ProviderConfig {
    ProviderConfig { kind: ProviderKind::Gemini, base_url: base_url.into(), api_key: api_key.into() }
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
    let request =
        build_request(&provider("", "AIza-secret"), &ModelConfig { model: "gemini-2.5-flash".into() }, &messages);
    let shown = format!("{request:?}");
    assert!(!shown.contains("AIza-secret"), "the key must be redacted in debug output: {shown}");
    assert_eq!(
        shown,
        r#"HttpRequest { method: "POST", url: "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", headers: [("content-type", "application/json"), ("x-goog-api-key", "<redacted>")], body: Some("{\"contents\":[{\"parts\":[{\"text\":\"Hi **there**\"}],\"role\":\"user\"},{\"parts\":[{\"text\":\"Hello!\"}],\"role\":\"model\"},{\"parts\":[{\"text\":\"Again\"}],\"role\":\"user\"}],\"systemInstruction\":{\"parts\":[{\"text\":\"Be brief.\\n\\nAnswer in French.\"}]}}") }"#
    );
    assert_eq!(request.headers[1].1, "AIza-secret");
    assert!(!request.url.contains("key="), "the key never goes in the URL");
}

#[test]
fn urls_and_no_system_instruction() {
    let expected = "https://proxy.test/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse";
    assert_eq!(stream_url(" https://proxy.test/v1beta/ ", "gemini-2.5-pro"), expected);
    assert_eq!(stream_url("https://proxy.test", "models/gemini-2.5-pro"), expected);
    let request = build_request(
        &provider("https://proxy.test/", " "),
        &ModelConfig { model: "gemini-2.5-pro".into() },
        &[ChatMessage::new(Role::User, "Hi")],
    );
    assert_eq!(request.url, expected);
    assert_eq!(request.body.as_deref(), Some(r#"{"contents":[{"parts":[{"text":"Hi"}],"role":"user"}]}"#));
    assert_eq!(request.headers.len(), 1, "no key header without a key");
}
