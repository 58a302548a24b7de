//! Gemini tests: requests (URLs, headers, bodies, the snapshot), finish
//! reasons, error bodies and the events of recorded bodies in `test_data/gemini/`.
//!
//! The replies folded from those bodies (each `*.sse` decoded whole, byte by
//! byte and cut at every offset, matching its `*.expected.json`; the error
//! bodies `error_<status>_*.json`) are checked in `reply/tests/families/gemini.rs`, with the
//! reply this module cannot use. `UPDATE_EXPECT=1` rewrites expectations.
//!
//! In `tests/`: the two-round tool turn as this family sends it (`tool_wire`),
//! its whole requests against their snapshots (`snapshots`), search grounding
//! and URL context (`grounding`), and pictures, effort and refusals (`images`).

mod grounding;
mod images;
mod snapshots;
mod tool_wire;

use std::path::PathBuf;

use super::{build_models_request, map_finish_reason, parse_error_body, stream_url};
use crate::message::{ChatMessage, Role};
use crate::provider::tests::recorded;
use crate::provider::{FinishKind, ModelConfig, Preset, ProviderConfig, ProviderErrorKind, ProviderKind};

/// The request without tools, as most tests want it.
pub(crate) fn build_request(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
) -> crate::provider::HttpRequest {
    super::build_request(provider, model, messages, &[])
}

pub(crate) fn test_data() -> PathBuf {
    recorded::test_data("gemini")
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

pub(crate) fn provider(base_url: &str, api_key: &str) -> ProviderConfig {
    ProviderConfig {
        kind: ProviderKind::Gemini,
        preset: Preset::Gemini,
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
fn extra_json_merges_into_generation_config() {
    let extra = crate::provider::parse_extra_json(
        r#"{"generationConfig": {"seed": 7, "thinkingConfig": {"thinkingBudget": 2048}}}"#,
    )
    .expect("valid");
    let model =
        ModelConfig { thinking: Some(true), temperature: Some(1.0), extra, ..ModelConfig::new("gemini-2.5-pro") };
    let json = body(&build_request(&provider("", "k"), &model, &[ChatMessage::new(Role::User, "Hi")]));
    assert_eq!(
        json["generationConfig"],
        serde_json::json!({
            "temperature": 1.0,
            "seed": 7,
            "thinkingConfig": { "includeThoughts": true, "thinkingBudget": 2048 },
        })
    );
}

#[test]
fn models_request_pages_everything_with_the_key_header() {
    let request = build_models_request(&provider("https://proxy.test/v1beta/", "AIza-secret"));
    assert_eq!((request.method, request.url.as_str()), ("GET", "https://proxy.test/v1beta/models?pageSize=1000"));
    assert_eq!(request.headers, [("x-goog-api-key".to_owned(), "AIza-secret".to_owned())]);
    assert_eq!(request.body, None);
    assert!(!request.url.contains("key="));
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
    let request = build_request(&provider("", "AIza-secret"), &ModelConfig::new("gemini-2.5-flash"), &messages);
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
        &ModelConfig::new("gemini-2.5-pro"),
        &[ChatMessage::new(Role::User, "Hi")],
    );
    assert_eq!(request.url, expected);
    assert_eq!(request.body.as_deref(), Some(r#"{"contents":[{"parts":[{"text":"Hi"}],"role":"user"}]}"#));
    assert_eq!(request.headers.len(), 1, "no key header without a key");
}

/// Where each tool call ends: after its last fragment, before the finish.
#[test]
fn tool_calls_end_after_their_last_fragment() {
    recorded::check_tool_call_ends(ProviderKind::Gemini, "gemini", "function_calls.sse");
}

#[test]
fn an_mp3_voice_note_goes_as_gemini_names_mp3() {
    use crate::message::Attachment;
    use crate::message::attachment::AttachmentKind;
    let note = Attachment {
        kind: AttachmentKind::Audio,
        blob: "a".repeat(64),
        mime: "audio/mpeg".into(),
        name: "memo.mp3".into(),
        data: Some("SUQz".into()),
        ..Attachment::default()
    };
    let mut question = ChatMessage::new(Role::User, "What is said?");
    question.attachments = vec![note];
    let json = body(&build_request(&provider("", "k"), &ModelConfig::new("gemini-2.5-flash"), &[question]));
    assert_eq!(
        json["contents"][0]["parts"][0]["inlineData"],
        serde_json::json!({ "mimeType": "audio/mp3", "data": "SUQz" })
    );
}
