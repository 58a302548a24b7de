//! OpenAI replies: recorded bodies folded whole and cut, error bodies, the
//! first choice only, and tool-call fragments.

use super::{check_error_bodies, check_streams};
use crate::contract::{ProviderKind, StreamEvent};
use crate::provider::openai::parse_error_body;
use crate::provider::openai::tests::test_data;
use crate::provider::tests::recorded;
use crate::reply::Reply;

fn decode(pieces: &[&[u8]]) -> Vec<StreamEvent> {
    recorded::decode(ProviderKind::OpenAi, pieces)
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    check_streams(ProviderKind::OpenAi, "openai", 6);
}

#[test]
fn recorded_error_bodies() {
    check_error_bodies("openai", 4, |status, body| parse_error_body(status, body, None));
}

#[test]
fn only_the_first_choice_is_read_and_the_others_are_counted() {
    let body = std::fs::read(test_data().join("multiple_choices.sse")).expect("fixture");
    let events = decode(&[&body]);
    let ignored: Vec<u32> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::IgnoredChoice(index) => Some(*index),
            _ => None,
        })
        .collect();
    assert_eq!(ignored, [1, 2], "each other choice once");
    let reply = Reply::from_events(events);
    assert_eq!(reply.text, r#"{"city":"San Francisco","temperature":65,"units":"f"}"#);
    assert_eq!(reply.ignored_choices, 2);
    // Choice 0 is read wherever it stands in a chunk; a choice without an index is choice 0.
    let body = concat!(
        r#"data: {"choices":[{"index":1,"delta":{"content":"WRONG"}},{"index":0,"delta":{"content":"right"}}]}"#,
        "\n\n",
        r#"data: {"choices":[{"delta":{"content":" too"},"finish_reason":"stop"}]}"#,
        "\n\n",
    );
    let reply = Reply::from_chunks(ProviderKind::OpenAi, [body.as_bytes()]);
    assert_eq!((reply.text.as_str(), reply.ignored_choices), ("right too", 1));
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
    let reply = Reply::from_chunks(ProviderKind::OpenAi, [body]);
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
