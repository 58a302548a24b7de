//! Attached files reach each family's request in its own shape, with and
//! without the user's text, tools offered or not (the message tests' files and
//! conversation, `message::tests`).

use super::tool_wire::{body, provider};
use crate::contract::ToolSpec;
use crate::message::tests::{files, tool_conversation};
use crate::message::{ChatMessage, Role};
use crate::provider::{ModelConfig, Preset, build_request_with_tools};

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
