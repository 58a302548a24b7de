//! Whole requests, snapshotted per family in `test_data/<family>/request_*.json`
//! (see [`check_requests`](super::recorded::check_requests)): plain text with a system prompt and
//! sampling settings, the thinking switch, tools offered with the two-round tool
//! turn of [`tool_wire`](super::tool_wire), a user message carrying two attached files (in
//! the tool turn, so the files are seen in a request after tool rounds), and
//! extra JSON overriding fields, and a compacted conversation (the first
//! question, the summary standing in for two turns, then the tool turn and a
//! follow-up verbatim, as `compaction::request_history` sends it; compaction's
//! tests check that it does). They are built
//! through the dispatch ([`build_request_with_tools`]), as the app builds them,
//! so a change to any body shows up here as a diff (`UPDATE_EXPECT=1` rewrites
//! the snapshots). These are the cases; each family checks its own in
//! `<family>/tests/snapshots.rs`, and a compacted conversation is checked here
//! for every family.

use super::tool_wire::{conversation, tools};
use crate::contract::ProviderKind;
use crate::message::attachment::{Accepts, Attachment, AttachmentKind, for_request};
use crate::message::{AttachedFile, ChatMessage, ReasoningPart, Role};
use crate::provider::{HttpRequest, ModelConfig, Preset, ProviderConfig, build_request_with_tools};

pub(crate) fn provider(preset: Preset, base_url: &str) -> ProviderConfig {
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: base_url.into(),
        api_key: "test-key".into(),
        ..Default::default()
    }
}

/// The sampling settings of the plain requests.
pub(crate) fn sampled(model: &str) -> ModelConfig {
    ModelConfig { temperature: Some(0.7), top_p: Some(0.9), max_tokens: Some(1000), ..ModelConfig::new(model) }
}

pub(crate) fn thinking(model: ModelConfig, on: bool) -> ModelConfig {
    ModelConfig { thinking: Some(on), ..model }
}

/// Extra JSON that adds a field, replaces one, removes one and merges into a
/// nested object.
pub(crate) fn with_extra(model: ModelConfig, extra: serde_json::Value) -> ModelConfig {
    ModelConfig { extra: extra.as_object().cloned().unwrap_or_default(), ..model }
}

/// A system prompt, a question, an answer `origin` wrote (with reasoning, signed
/// where the family signs it) and a follow-up.
pub(crate) fn chat(origin: ProviderKind) -> Vec<ChatMessage> {
    let mut answer = ChatMessage::new(Role::Assistant, "Hello! How can I help?");
    answer.origin = Some(origin);
    answer.reasoning = vec![
        ReasoningPart { text: "A greeting.".into(), signature: Some("sig-a".into()), ..ReasoningPart::default() },
        ReasoningPart { redacted: Some("redacted-data".into()), ..ReasoningPart::default() },
    ];
    vec![
        ChatMessage::new(Role::System, "You are terse."),
        ChatMessage::new(Role::User, "Hi"),
        answer,
        ChatMessage::new(Role::User, "What is 6*7?"),
    ]
}

/// The two-round tool turn of [`conversation`], its question carrying two
/// attached files.
pub(crate) fn with_files(origin: ProviderKind) -> Vec<ChatMessage> {
    let mut messages = conversation(origin);
    messages[0].files = vec![
        AttachedFile { name: "notes.md".into(), content: "# Notes\n\nThe answer is 42.".into() },
        AttachedFile { name: "todo.txt".into(), content: "- compute\n- check".into() },
    ];
    messages
}

/// A 1×1 PNG, base64 (the bytes of a real image).
const PIXEL_PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/// A question carrying a photo (stored as a JPEG master, whose bytes stand
/// here as the PNG's), a PDF and an attached file, an answer, and a follow-up
/// carrying an iPhone photo kept as HEIC (sent as is to Gemini only) and a
/// voice note (a WAV with its transcript: heard by a model that takes audio,
/// read as its transcript by the others), each with its bytes read (as the shell reads them for a request), passed
/// through [`for_request`] for a model that reads `accepts`.
pub(crate) fn with_attachments(family: ProviderKind, accepts: Accepts) -> Vec<ChatMessage> {
    let read = |attachment: Attachment, data: &str| Attachment { data: Some(data.into()), ..attachment };
    let photo = Attachment {
        kind: AttachmentKind::Image,
        blob: "a".repeat(64),
        mime: "image/png".into(),
        name: "receipt.png".into(),
        bytes: 70,
        width: 1,
        height: 1,
        ..Attachment::default()
    };
    let pdf = Attachment {
        kind: AttachmentKind::Pdf,
        blob: "b".repeat(64),
        mime: "application/pdf".into(),
        name: "invoice.pdf".into(),
        bytes: 24,
        pages: Some(1),
        ..Attachment::default()
    };
    let heic = Attachment {
        kind: AttachmentKind::Image,
        blob: "c".repeat(64),
        mime: "image/heic".into(),
        name: "IMG_0001.HEIC".into(),
        bytes: 12,
        ..Attachment::default()
    };
    let voice_note = Attachment {
        kind: AttachmentKind::Audio,
        blob: "d".repeat(64),
        mime: "audio/wav".into(),
        name: "Voice note.wav".into(),
        bytes: 52,
        duration_ms: 1,
        transcript: Some("It came on the fourth, not the third.".into()),
        ..Attachment::default()
    };
    let wav = crate::format::audio::wav(&[0; 8], 16_000, 1);
    let pdf_data = crate::format::base64::encode(b"%PDF-1.7\n%%EOF\n");
    let mut question = ChatMessage::user_with_files(
        "Do these match?",
        vec![AttachedFile { name: "notes.md".into(), content: "Paid on 3 May.".into() }],
    );
    question.attachments = vec![read(photo, PIXEL_PNG), read(pdf, &pdf_data)];
    let mut follow_up = ChatMessage::new(Role::User, "And this one?");
    follow_up.attachments =
        vec![read(heic, "AAAAGGZ0eXBoZWlj"), read(voice_note, &crate::format::base64::encode(&wav))];
    let mut answer = ChatMessage::new(Role::Assistant, "Yes: both say 42 euros.");
    answer.origin = Some(family);
    let messages = vec![ChatMessage::new(Role::System, "You are terse."), question, answer, follow_up];
    for_request(&messages, family, accepts)
}

/// A conversation compacted by `compaction::request_history`: a system
/// prompt, the first question ("Plan a trip to Lisbon."), the summary of the
/// two turns after it (wrapped in `<conversation-summary>`, as an assistant
/// message), then the two-round tool turn of [`conversation`] (its question is
/// the boundary) and its follow-up. Compaction's tests build it from the items
/// and the summary and check that it is this.
pub(crate) fn compacted(origin: ProviderKind) -> Vec<ChatMessage> {
    let summary = "The user plans a trip to Lisbon in May; the budget is about 900 euros.";
    let mut messages = vec![
        ChatMessage::new(Role::System, "You are terse."),
        ChatMessage::new(Role::User, "Plan a trip to Lisbon."),
        ChatMessage::new(Role::Assistant, format!("<conversation-summary>\n{summary}\n</conversation-summary>")),
    ];
    messages.extend(conversation(origin));
    messages
}

pub(crate) fn build(
    provider: &ProviderConfig,
    model: &ModelConfig,
    messages: &[ChatMessage],
    with_tools: bool,
) -> HttpRequest {
    let tools = if with_tools { tools() } else { Vec::new() };
    build_request_with_tools(provider, model, messages, &tools).expect("built")
}

/// A compacted conversation is one every family accepts, with and without
/// tools: the roles alternate, starting with the user, and no message or
/// block is empty.
#[test]
fn compacted_requests_alternate_and_have_no_empty_content() {
    for with_tools in [true, false] {
        let openai = super::tool_wire::body(&build(
            &provider(Preset::OpenAi, "https://api.openai.com/v1"),
            &ModelConfig::new("gpt-4o"),
            &compacted(ProviderKind::OpenAi),
            with_tools,
        ));
        let messages = openai["messages"].as_array().expect("messages");
        let roles: Vec<&str> = messages.iter().filter_map(|m| m["role"].as_str()).collect();
        let expected: &[&str] = if with_tools {
            &[
                "system",
                "user",
                "assistant",
                "user",
                "assistant",
                "tool",
                "tool",
                "assistant",
                "tool",
                "assistant",
                "user",
            ]
        } else {
            &["system", "user", "assistant", "user", "assistant", "user", "assistant", "user", "assistant", "user"]
        };
        assert_eq!(roles, expected, "tools: {with_tools}");
        assert!(messages[2]["content"].as_str().is_some_and(|c| c.starts_with("<conversation-summary>\n")));
        for message in messages {
            let has_calls = message["tool_calls"].as_array().is_some_and(|calls| !calls.is_empty());
            let text = message["content"].as_str().unwrap_or_default();
            assert!(has_calls || !text.trim().is_empty(), "no empty message: {message}");
        }

        let anthropic = super::tool_wire::body(&build(
            &provider(Preset::Anthropic, ""),
            &ModelConfig::new("claude-sonnet-4-5"),
            &compacted(ProviderKind::Anthropic),
            with_tools,
        ));
        let messages = anthropic["messages"].as_array().expect("messages");
        assert_alternating(messages.iter().map(|m| m["role"].as_str().unwrap_or_default()), ["user", "assistant"]);
        for message in messages {
            if let Some(text) = message["content"].as_str() {
                assert!(!text.trim().is_empty(), "no empty message: {message}");
                continue;
            }
            let blocks = message["content"].as_array().expect("text or content blocks");
            assert!(!blocks.is_empty(), "no empty message: {message}");
            for block in blocks.iter().filter(|b| b["type"] == "text") {
                assert!(!block["text"].as_str().unwrap_or_default().trim().is_empty(), "no empty text: {message}");
            }
        }

        let gemini = super::tool_wire::body(&build(
            &provider(Preset::Gemini, ""),
            &ModelConfig::new("gemini-2.5-flash"),
            &compacted(ProviderKind::Gemini),
            with_tools,
        ));
        let contents = gemini["contents"].as_array().expect("contents");
        assert_alternating(contents.iter().map(|c| c["role"].as_str().unwrap_or_default()), ["user", "model"]);
        for content in contents {
            let parts = content["parts"].as_array().expect("parts");
            assert!(!parts.is_empty(), "no empty content: {content}");
            for part in parts {
                let text = part.get("text").and_then(|t| t.as_str());
                assert!(text.is_none_or(|t| !t.trim().is_empty()), "no empty text part: {content}");
            }
        }
    }
}

/// The roles alternate between the two of `pair`, starting with the first.
fn assert_alternating<'a>(roles: impl Iterator<Item = &'a str>, pair: [&str; 2]) {
    let roles: Vec<&str> = roles.collect();
    assert!(!roles.is_empty());
    for (i, role) in roles.iter().enumerate() {
        assert_eq!(*role, pair[i % 2], "roles alternate: {roles:?}");
    }
}
