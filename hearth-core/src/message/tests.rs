//! Attached files: the one format they are wrapped in, the string form, and
//! that they survive the rewrites a conversation goes through before a request
//! (tool use turned into text, safe tool ids). How they reach each family's
//! request is tested in `provider/tests/attached_files.rs`.

use super::*;

/// Two attached files, one of them empty.
pub(crate) fn files() -> Vec<AttachedFile> {
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
/// The turn is what a stored reply with that call unfolds into (storage's
/// tests check it against `storage::turn_messages`).
pub(crate) fn tool_conversation() -> Vec<ChatMessage> {
    let call =
        MessageToolCall { id: "call 1".into(), name: "calculator".into(), arguments: r#"{"expression":"6*7"}"#.into() };
    let result = MessageToolResult {
        call_id: "call 1".into(),
        name: "calculator".into(),
        content: "42".into(),
        is_error: false,
        media: vec![],
    };
    vec![
        ChatMessage::user_with_files("What is in my notes?", files()),
        ChatMessage { tool_calls: vec![call], ..ChatMessage::assistant_with_reasoning("", Vec::new(), None) },
        ChatMessage::tool_results(vec![result]),
        ChatMessage::assistant_with_reasoning("It says 42.", Vec::new(), None),
        ChatMessage::new(Role::User, "Thanks"),
    ]
}

#[test]
fn files_survive_the_rewrites_before_a_request() {
    let messages = tool_conversation();
    assert_eq!(without_tool_use(&messages)[0].files, files());
    assert_eq!(with_safe_tool_ids(&messages)[0].files, files());
    // Only the message that carried them has them.
    assert!(without_tool_use(&messages)[1..].iter().all(|m| m.files.is_empty()));
}
