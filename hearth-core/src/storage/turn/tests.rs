//! Tests of a stored reply as the messages a model reads back: rounds of tool
//! calls and results, in order, with nothing empty.

use super::{NOT_RUN, turn_messages};
use crate::contract::ProviderKind;
use crate::message::{ChatMessage, MessageToolCall, MessageToolResult, ReasoningPart, Role};
use crate::storage::{ToolCallRecord, ToolResultRecord};

fn call(id: &str, round: u32, commentary: &str, result: Option<(&str, bool)>) -> ToolCallRecord {
    ToolCallRecord {
        id: id.into(),
        name: "calculator".into(),
        arguments_raw: format!("{{\"expression\":\"{id}\"}}"),
        commentary: commentary.into(),
        result: result.map(|(content, is_error)| ToolResultRecord {
            content: content.into(),
            is_error,
            duration_ms: Some(3),
            media: vec![],
            links: vec![],
            app: None,
        }),
        round,
    }
}

fn part(text: &str, round: u32) -> ReasoningPart {
    ReasoningPart { text: text.into(), signature: Some(format!("sig-{round}")), round, ..ReasoningPart::default() }
}

#[test]
fn a_turn_without_tools_is_one_message() {
    let parts = [part("hmm", 0)];
    let messages = turn_messages("Hello.", &parts, Some(ProviderKind::Anthropic), &[]);
    assert_eq!(
        messages,
        [ChatMessage::assistant_with_reasoning("Hello.", parts.to_vec(), Some(ProviderKind::Anthropic))]
    );
    assert!(turn_messages("", &parts, None, &[]).is_empty(), "an empty answer is not sent");
}

#[test]
fn each_round_is_a_call_message_and_a_results_message_then_the_answer() {
    let calls = [
        call("a", 0, "Let me compute.", Some(("4", false))),
        call("b", 0, "", Some(("boom", true))),
        call("c", 1, "One more.", Some(("9", false))),
    ];
    let parts = [part("first", 0), part("second", 1), part("last", 2)];
    let messages = turn_messages("It is 9.", &parts, Some(ProviderKind::Gemini), &calls);
    assert_eq!(messages.len(), 5);

    let first = &messages[0];
    assert_eq!((first.role, first.content.as_str()), (Role::Assistant, "Let me compute."));
    assert_eq!(first.reasoning, [part("first", 0)]);
    assert_eq!(first.origin, Some(ProviderKind::Gemini));
    assert_eq!(
        first.tool_calls,
        [
            MessageToolCall { id: "a".into(), name: "calculator".into(), arguments: "{\"expression\":\"a\"}".into() },
            MessageToolCall { id: "b".into(), name: "calculator".into(), arguments: "{\"expression\":\"b\"}".into() },
        ]
    );
    assert_eq!(messages[1].role, Role::User);
    assert_eq!(
        messages[1].tool_results,
        [
            MessageToolResult {
                call_id: "a".into(),
                name: "calculator".into(),
                content: "4".into(),
                is_error: false,
                media: vec![]
            },
            MessageToolResult {
                call_id: "b".into(),
                name: "calculator".into(),
                content: "boom".into(),
                is_error: true,
                media: vec![]
            },
        ]
    );
    assert_eq!(messages[2].content, "One more.");
    assert_eq!(messages[2].reasoning, [part("second", 1)]);
    assert_eq!(messages[3].tool_results[0].content, "9");
    assert_eq!((messages[4].content.as_str(), messages[4].reasoning.as_slice()), ("It is 9.", &[part("last", 2)][..]));
}

#[test]
fn a_call_without_a_result_is_answered_with_an_error_and_no_empty_answer_follows() {
    let calls = [call("a", 0, "", None)];
    let messages = turn_messages("", &[], Some(ProviderKind::OpenAi), &calls);
    assert_eq!(messages.len(), 2, "the stopped turn ends with the results");
    assert_eq!(messages[0].content, "");
    assert_eq!(
        messages[1].tool_results,
        [MessageToolResult {
            call_id: "a".into(),
            name: "calculator".into(),
            content: NOT_RUN.into(),
            is_error: true,
            media: vec![]
        }]
    );
}

#[test]
fn rounds_are_taken_in_order_whatever_the_stored_order() {
    let calls = [call("late", 1, "", Some(("2", false))), call("early", 0, "", Some(("1", false)))];
    let messages = turn_messages("Done.", &[], None, &calls);
    assert_eq!(messages[0].tool_calls[0].id, "early");
    assert_eq!(messages[2].tool_calls[0].id, "late");
}

/// The stored turn the provider tool-wire tests and request snapshots send
/// (`provider::tool_wire::conversation`): two rounds, the first with two
/// parallel calls (one failed) after commentary, the reasoning signed per
/// round, then the answer. Its record unfolds into exactly those messages.
#[test]
fn the_tool_wire_turn_is_a_stored_turn_unfolded() {
    let stored = |id: &str, round: u32, expression: &str, commentary: &str, result: (&str, bool)| ToolCallRecord {
        id: id.into(),
        name: "calculator".into(),
        arguments_raw: format!("{{\"expression\":\"{expression}\"}}"),
        commentary: commentary.into(),
        result: Some(ToolResultRecord {
            content: result.0.into(),
            is_error: result.1,
            duration_ms: Some(1),
            media: vec![],
            links: vec![],
            app: None,
        }),
        round,
    };
    let calls = [
        stored("call_a", 0, "6*7", "Let me compute.", ("42", false)),
        stored("call_b", 0, "1/0", "", ("division by zero", true)),
        stored("call_c", 1, "2^10", "", ("1024", false)),
    ];
    let parts = [
        ReasoningPart { text: "Two sums.".into(), signature: Some("sig-0".into()), ..ReasoningPart::default() },
        ReasoningPart {
            text: "One more.".into(),
            signature: Some("sig-1".into()),
            round: 1,
            ..ReasoningPart::default()
        },
    ];
    for origin in [ProviderKind::OpenAi, ProviderKind::Anthropic, ProviderKind::Gemini] {
        let conversation = crate::provider::tests::tool_wire::conversation(origin);
        let turn = &conversation[1..conversation.len() - 1];
        assert_eq!(turn_messages("42 and 1024.", &parts, Some(origin), &calls), turn, "{origin:?}");
    }
}

/// The turn of the attached-file tests (`message::tests::tool_conversation`):
/// a stored reply whose one call ran, without commentary or reasoning,
/// unfolds into exactly those messages.
#[test]
fn the_attached_file_tests_turn_is_a_stored_turn_unfolded() {
    let call = ToolCallRecord {
        id: "call 1".into(),
        name: "calculator".into(),
        arguments_raw: r#"{"expression":"6*7"}"#.into(),
        commentary: String::new(),
        result: Some(ToolResultRecord {
            content: "42".into(),
            is_error: false,
            duration_ms: None,
            media: vec![],
            links: vec![],
            app: None,
        }),
        round: 0,
    };
    let conversation = crate::message::tests::tool_conversation();
    assert_eq!(turn_messages("It says 42.", &[], None, &[call]), &conversation[1..conversation.len() - 1]);
}
