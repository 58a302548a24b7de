//! The lean stored message: what is left out, and that reading gives it back.

use serde_json::{Map, Value};

use super::*;
use crate::contract::{FinishKind, FinishReason, Usage};
use crate::message::Role;
use crate::storage::{MessageRecord, MessageState};

/// What the shell does to a record (on the JavaScript object), done on JSON.
fn lean(record: &MessageRecord) -> Map<String, Value> {
    let Ok(Value::Object(mut fields)) = serde_json::to_value(record) else { panic!("a message is an object") };
    fields.retain(|field, value| {
        !LEFT_OUT.iter().any(|(left_out, empty)| {
            left_out == field
                && match empty {
                    Empty::Null => value.is_null(),
                    Empty::Text(text) => value.as_str() == Some(text),
                    Empty::NoItems => value.as_array().is_some_and(Vec::is_empty),
                }
        })
    });
    fields
}

fn empty() -> MessageRecord {
    MessageRecord::new(String::new(), String::new(), Role::User, 0)
}

fn message() -> MessageRecord {
    let mut message = MessageRecord::new("m1".into(), "s1".into(), Role::Assistant, 1_700_000_000_000);
    message.content = "The kettle is on.".into();
    message
}

#[test]
fn a_plain_message_keeps_only_its_key_its_place_and_its_text() {
    let fields = lean(&message());
    let mut kept: Vec<&str> = fields.keys().map(String::as_str).collect();
    kept.sort_unstable();
    assert_eq!(kept, ["content", "created_at", "id", "role", "session_id", "updated_at"]);
    let read: MessageRecord = serde_json::from_value(Value::Object(fields)).expect("a lean record reads back");
    assert_eq!(read, message());
}

#[test]
fn what_differs_from_an_empty_message_is_kept() {
    let mut record = message();
    record.state = MessageState::Streaming;
    record.model = Some("gpt-x".into());
    record.reasoning = "Thinking.".into();
    record.finish = Some(FinishReason { unified: FinishKind::Stop, raw: Some("stop".into()) });
    record.usage = Some(Usage { input: Some(3), output: Some(5), reasoning: None });
    let fields = lean(&record);
    for field in ["state", "model", "reasoning", "finish", "usage"] {
        assert!(fields.contains_key(field), "{field} is kept");
    }
    assert_eq!(fields.get("state"), Some(&Value::from("streaming")));
    let read: MessageRecord = serde_json::from_value(Value::Object(fields)).expect("a lean record reads back");
    assert_eq!(read, record);
}

#[test]
fn each_field_left_out_holds_its_empty_value_in_a_new_message_and_reads_back_so() {
    let Ok(Value::Object(whole)) = serde_json::to_value(empty()) else { panic!("a message is an object") };
    for (field, empty_value) in LEFT_OUT {
        let expected = match empty_value {
            Empty::Null => Value::Null,
            Empty::Text(text) => Value::from(text),
            Empty::NoItems => Value::Array(Vec::new()),
        };
        assert_eq!(whole.get(field), Some(&expected), "{field} of a new message");
        let mut fields = whole.clone();
        fields.remove(field);
        let read: MessageRecord =
            serde_json::from_value(Value::Object(fields)).unwrap_or_else(|error| panic!("without {field}: {error}"));
        assert_eq!(read, empty(), "{field} reads back");
    }
}

#[test]
fn every_field_a_new_message_serialises_is_kept_or_left_out() {
    // A field added to messages later is either left out when empty (in
    // LEFT_OUT, or `skip_serializing_if`) or named here as kept.
    const KEPT: [&str; 6] = ["id", "session_id", "role", "content", "created_at", "updated_at"];
    let Ok(Value::Object(whole)) = serde_json::to_value(empty()) else { panic!("a message is an object") };
    for field in whole.keys() {
        assert!(
            KEPT.contains(&field.as_str()) || LEFT_OUT.iter().any(|(left_out, _)| left_out == field),
            "{field}: leave it out when empty, or keep it"
        );
    }
    assert_eq!(lean(&empty()).len(), KEPT.len());
}
