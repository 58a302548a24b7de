//! Attached files: the one format they are wrapped in, the string form, and
//! that they survive the rewrites a conversation goes through before a request
//! (tool use turned into text, safe tool ids), and reach each family's request
//! in its own shape, with and without the user's text, tools offered or not.

use super::*;
use crate::contract::ToolSpec;
use crate::provider::tool_wire_tests::{body, provider};
use crate::provider::{ModelConfig, Preset, build_request_with_tools};
use crate::storage::{ToolCallRecord, ToolResultRecord, turn_messages};

fn files() -> Vec<AttachedFile> {
    vec![
        AttachedFile { name: "notes.md".into(), content: "# Notes\n\n<b>kept</b> & \"as is\"".into() },
        AttachedFile { name: "empty.txt".into(), content: String::new() },
    ]
}

#[test]
fn a_file_is_wrapped_in_a_file_tag_with_nothing_escaped() {
    let [notes, empty] = files().try_into().expect("two files");
    assert_eq!(notes.wrapped(), "<file name=\"notes.md\">\n# Notes\n\n<b>kept</b> & \"as is\"\n</file>");
    assert_eq!(empty.wrapped(), "<file name=\"empty.txt\">\n\n</file>");
}

#[test]
fn the_string_form_puts_the_files_before_the_text_with_blank_lines_between() {
    let plain = ChatMessage::new(Role::User, "Hi");
    assert!(matches!(plain.content_with_files(), Cow::Borrowed("Hi")));
    let message = ChatMessage::user_with_files("Summarise.", files());
    let [notes, empty] = files().try_into().expect("two files");
    assert_eq!(message.content_with_files(), format!("{}\n\n{}\n\nSummarise.", notes.wrapped(), empty.wrapped()));
    let without_text = ChatMessage::user_with_files("", files());
    assert_eq!(without_text.content_with_files(), format!("{}\n\n{}", notes.wrapped(), empty.wrapped()));
}

/// A question with files, then a turn that called a tool, then a follow-up.
fn tool_conversation() -> Vec<ChatMessage> {
    let call = ToolCallRecord {
        id: "call 1".into(),
        name: "calculator".into(),
        arguments_raw: r#"{"expression":"6*7"}"#.into(),
        commentary: String::new(),
        result: Some(ToolResultRecord { content: "42".into(), is_error: false, duration_ms: None }),
        round: 0,
    };
    let mut messages = vec![ChatMessage::user_with_files("What is in my notes?", files())];
    messages.extend(turn_messages("It says 42.", &[], None, &[call]));
    messages.push(ChatMessage::new(Role::User, "Thanks"));
    messages
}

#[test]
fn files_survive_the_rewrites_before_a_request() {
    let messages = tool_conversation();
    assert_eq!(without_tool_use(&messages)[0].files, files());
    assert_eq!(with_safe_tool_ids(&messages)[0].files, files());
    // Only the message that carried them has them.
    assert!(without_tool_use(&messages)[1..].iter().all(|m| m.files.is_empty()));
}

fn tool() -> Vec<ToolSpec> {
    vec![ToolSpec {
        name: "calculator".into(),
        description: "Evaluates arithmetic.".into(),
        parameters: serde_json::json!({"type": "object"}),
    }]
}

/// The first user message of the request built for `preset` from `messages`.
fn first_user(preset: Preset, messages: &[ChatMessage], tools: &[ToolSpec]) -> serde_json::Value {
    let json =
        body(&build_request_with_tools(&provider(preset), &ModelConfig::new("m"), messages, tools).expect("built"));
    let list = json.get("messages").or_else(|| json.get("contents")).expect("messages");
    list[0].clone()
}

#[test]
fn every_family_sends_the_files_before_the_text_with_tools_or_without() {
    let [notes, empty] = files().try_into().expect("two files");
    for tools in [tool(), Vec::new()] {
        let messages = tool_conversation();
        let openai = first_user(Preset::OpenAi, &messages, &tools);
        assert_eq!(
            openai["content"],
            format!("{}\n\n{}\n\nWhat is in my notes?", notes.wrapped(), empty.wrapped()),
            "one string"
        );
        let anthropic = first_user(Preset::Anthropic, &messages, &tools);
        assert_eq!(
            anthropic["content"],
            serde_json::json!([
                {"type": "text", "text": notes.wrapped()},
                {"type": "text", "text": empty.wrapped()},
                {"type": "text", "text": "What is in my notes?"},
            ])
        );
        let gemini = first_user(Preset::Gemini, &messages, &tools);
        assert_eq!(
            gemini["parts"],
            serde_json::json!([{"text": notes.wrapped()}, {"text": empty.wrapped()}, {"text": "What is in my notes?"}])
        );
    }
}

#[test]
fn files_without_text_send_no_empty_text_block() {
    let messages = [ChatMessage::user_with_files("", files())];
    let anthropic = first_user(Preset::Anthropic, &messages, &[]);
    assert_eq!(anthropic["content"].as_array().map(Vec::len), Some(2), "{anthropic}");
    let gemini = first_user(Preset::Gemini, &messages, &[]);
    assert_eq!(gemini["parts"].as_array().map(Vec::len), Some(2), "{gemini}");
    let openai = first_user(Preset::OpenAi, &messages, &[]);
    assert!(openai["content"].as_str().is_some_and(|text| text.ends_with("</file>")), "{openai}");
}

#[test]
fn a_message_without_files_is_sent_as_before() {
    let messages = [ChatMessage::new(Role::User, "Hi")];
    assert_eq!(first_user(Preset::OpenAi, &messages, &[])["content"], "Hi");
    assert_eq!(first_user(Preset::Anthropic, &messages, &[])["content"], "Hi");
    assert_eq!(first_user(Preset::Gemini, &messages, &[])["parts"], serde_json::json!([{"text": "Hi"}]));
    let json = serde_json::to_value(&messages[0]).expect("serialisable");
    assert!(json.get("files").is_none(), "no files, no field: {json}");
}
