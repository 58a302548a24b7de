//! Tests of branches as whole pieces: copying a path, what pruning deletes,
//! and what is refused.

use super::*;
use crate::message::Role;
use crate::storage::{SummaryInfo, ToolCallRecord};

fn record(id: &str, parent: Option<&str>, role: Role, at: i64) -> MessageRecord {
    let mut record = MessageRecord::new(id.to_owned(), "s".to_owned(), role, at);
    record.parent = parent.map(str::to_owned);
    record.content = format!("text of {id}");
    record.refresh_terms();
    record
}

/// u1 → a1 → u2 → {a2, a2b}; u2b (an edit of u2) → a3; a summary at u2.
fn conversation() -> Vec<MessageRecord> {
    let mut summary = MessageRecord::summary(
        "sum".into(),
        "s".into(),
        20,
        SummaryInfo { boundary_id: "u2".into(), summarised: 2, model: None },
        "Earlier.".into(),
    );
    summary.parent = None;
    vec![
        record("u1", None, Role::User, 1),
        record("a1", Some("u1"), Role::Assistant, 2),
        record("u2", Some("a1"), Role::User, 3),
        record("a2", Some("u2"), Role::Assistant, 4),
        record("a2b", Some("u2"), Role::Assistant, 5),
        record("u2b", Some("a1"), Role::User, 6),
        record("a3", Some("u2b"), Role::Assistant, 7),
        summary,
    ]
}

fn counter() -> impl FnMut() -> String {
    let mut next = 0;
    move || {
        next += 1;
        format!("n{next}")
    }
}

#[test]
fn a_copy_holds_the_path_up_to_the_message_linked_anew() {
    let copies = copy_path(&conversation(), "a2", "t", counter()).expect("copied");
    let ids: Vec<(&str, Option<&str>, &str)> =
        copies.iter().map(|c| (c.id.as_str(), c.parent.as_deref(), c.content.as_str())).collect();
    assert_eq!(
        ids,
        [
            ("n1", None, "text of u1"),
            ("n2", Some("n1"), "text of a1"),
            ("n3", Some("n2"), "text of u2"),
            ("n4", Some("n3"), "text of a2"),
            ("n5", None, "Earlier."),
        ],
        "the path, then the summary whose boundary is on it"
    );
    assert!(copies.iter().all(|c| c.session_id == "t" && c.chosen_at.is_none()));
    assert_eq!(copies[4].summary.as_ref().map(|s| s.boundary_id.as_str()), Some("n3"), "at its boundary's copy");
    assert_eq!(copies[0].created_at, 1, "times are the originals'");
    // The other branch has no summary on it.
    let other = copy_path(&conversation(), "a3", "t", counter()).expect("copied");
    assert_eq!(other.len(), 4);
    assert!(other.iter().all(|c| !c.is_summary()));
}

#[test]
fn attachments_are_shared_not_copied() {
    let mut records = conversation();
    records[0].attachments =
        vec![crate::message::Attachment { blob: "ab".repeat(32), ..crate::message::Attachment::default() }];
    records[0].refresh_terms();
    let copies = copy_path(&records, "u1", "t", counter()).expect("copied");
    assert_eq!(copies[0].blobs, vec!["ab".repeat(32)], "the copy refers to the same blob");
}

#[test]
fn an_unfinished_turn_or_unknown_message_is_refused() {
    let mut records = conversation();
    records[3].tool_calls = vec![ToolCallRecord {
        id: "c1".into(),
        name: "calc".into(),
        arguments_raw: "{}".into(),
        commentary: String::new(),
        result: None,
        round: 0,
    }];
    assert_eq!(copy_path(&records, "a2", "t", counter()), Err(BranchRefusal::Unfinished));
    assert!(copy_path(&records, "a3", "t", counter()).is_ok(), "another branch is not held up");
    records[6].state = MessageState::Streaming;
    assert_eq!(copy_path(&records, "a3", "t", counter()), Err(BranchRefusal::Unfinished));
    assert_eq!(copy_path(&records, "gone", "t", counter()), Err(BranchRefusal::NotFound));
    assert!(BranchRefusal::Unfinished.to_string().contains("once it has ended"));
}

#[test]
fn deleting_a_version_takes_what_is_below_it_and_its_summaries() {
    assert_eq!(branch_ids(&conversation(), "u2"), ["u2", "a2", "a2b", "sum"]);
    assert_eq!(branch_ids(&conversation(), "a2b"), ["a2b"]);
    assert!(branch_ids(&conversation(), "gone").is_empty());
}

#[test]
fn keeping_only_the_path_takes_every_other_branch() {
    // Shown: u1, a1, u2b (the newest edit), a3.
    assert_eq!(off_path_ids(&conversation()), ["u2", "a2", "a2b", "sum"]);
    let mut records = conversation();
    records[2].chosen_at = Some(100);
    assert_eq!(off_path_ids(&records), ["a2", "u2b", "a3"], "u2's branch with its newest answer a2b stays");
}

#[test]
fn a_compare_column_branched_off_is_a_plain_reply() {
    let mut records = conversation();
    for (id, column) in [("a2", 0), ("a2b", 1)] {
        let reply = records.iter_mut().find(|r| r.id == id).expect("in the conversation");
        reply.compare_group = Some("g".into());
        reply.compare_column = column;
        reply.blind = true;
        reply.model_config_id = Some("m2".into());
    }
    let copies = copy_path(&records, "a2b", "new", counter()).expect("a finished path");
    let last = copies.iter().find(|c| c.content == "text of a2b").expect("the column is copied");
    assert_eq!((last.compare_group.as_deref(), last.compare_column, last.blind), (None, 0, false));
    assert_eq!(last.model_config_id.as_deref(), Some("m2"), "the model it was asked with stays");
    assert!(!copies.iter().any(|c| c.content == "text of a2"), "the other column stays behind");
}

/// A reply of Anthropic's with signed and redacted thinking.
fn thought_reply() -> MessageRecord {
    use crate::contract::ProviderKind;
    use crate::message::ReasoningPart;
    let mut reply = record("a1", Some("u1"), Role::Assistant, 2);
    reply.provider_kind = Some(ProviderKind::Anthropic);
    reply.reasoning = "Let me think.".into();
    reply.reasoning_parts = vec![
        ReasoningPart { text: "Let me think.".into(), signature: Some("sig".into()), ..ReasoningPart::default() },
        ReasoningPart { redacted: Some("opaque".into()), ..ReasoningPart::default() },
    ];
    reply.model = Some("claude-sonnet-4".into());
    reply.usage = Some(crate::contract::Usage { input: Some(10), output: Some(20), reasoning: None });
    reply
}

/// The body Anthropic would be sent, thinking on, for `u1` and the reply `reply`, then "Next".
fn anthropic_body(reply: &MessageRecord) -> serde_json::Value {
    use crate::message::ChatMessage;
    use crate::provider::{ModelConfig, Preset, ProviderConfig, build_request};
    let provider = ProviderConfig {
        kind: Preset::Anthropic.kind(),
        preset: Preset::Anthropic,
        base_url: "https://api.anthropic.com/v1".into(),
        api_key: "sk-ant".into(),
        ..ProviderConfig::default()
    };
    let mut messages = vec![ChatMessage::user_with_files("text of u1", Vec::new())];
    messages.extend(reply.chat_messages());
    messages.push(ChatMessage::user_with_files("Next", Vec::new()));
    let model = ModelConfig { thinking: Some(true), ..ModelConfig::new("claude-sonnet-4") };
    let request = build_request(&provider, &model, &messages).expect("a request");
    serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("a JSON body")
}

#[test]
fn a_reply_fixed_in_place_is_marked_edited_and_drops_its_signed_thinking() {
    let mut reply = thought_reply();
    let before = anthropic_body(&reply);
    let blocks = &before["messages"][1]["content"];
    assert_eq!(blocks[0]["type"], "thinking", "as written, the signed thinking goes back: {before}");
    assert_eq!(blocks[1]["type"], "redacted_thinking");

    edit_reply(&mut reply, "A better answer, fixed.", 50);
    assert_eq!(reply.content, "A better answer, fixed.");
    assert_eq!((reply.edited_at, reply.updated_at), (Some(50), 50));
    assert!(reply.terms.contains(&"fixed".to_owned()), "search finds the new words");
    assert!(!reply.terms.contains(&"text".to_owned()), "and not the old ones");
    assert_eq!(reply.reasoning_parts.len(), 1, "the redacted part goes");
    assert_eq!(
        (reply.reasoning_parts[0].text.as_str(), reply.reasoning_parts[0].signature.as_ref()),
        ("Let me think.", None)
    );
    let after = anthropic_body(&reply);
    assert_eq!(
        after["messages"][1],
        serde_json::json!({ "role": "assistant", "content": "A better answer, fixed." }),
        "no thinking goes back with an edited reply"
    );
}

#[test]
fn a_reply_saved_as_a_new_version_is_a_sibling_the_conversation_goes_on_from() {
    let mut records = conversation();
    let mut original = thought_reply();
    original.id = "a2".into();
    original.parent = Some("u2".into());
    original.created_at = 4;
    original.compare_group = Some("g".into());
    original.compare_column = 1;
    let before = original.clone();
    let copy = edited_version(&original, "a2e".into(), "Edited.", 30);
    assert_eq!((copy.id.as_str(), copy.parent.as_deref(), copy.created_at), ("a2e", Some("u2"), 30));
    assert_eq!((copy.content.as_str(), copy.edited_at), ("Edited.", Some(30)));
    assert_eq!(copy.model.as_deref(), Some("claude-sonnet-4"), "it says which model wrote what it was edited from");
    assert_eq!((copy.usage, copy.compare_group.as_deref(), copy.chosen_at), (None, None, None));
    assert!(copy.reasoning_parts.iter().all(|part| part.signature.is_none() && part.redacted.is_none()));
    assert_eq!(original, before, "the original is untouched");
    assert_ne!(copy.id, original.id);
    // The original stays; the edit is what the fork under u2 now follows.
    records.retain(|r| r.id != "a2");
    records.push(original);
    records.push(copy);
    let ordered = ordered(&records);
    let keys: Vec<_> = ordered.iter().map(|r| r.node_key()).collect();
    let tree = Tree::new(&keys);
    let at = |id: &str| ordered.iter().position(|r| r.id == id).expect("a record");
    assert_eq!(tree.siblings(at("a2e")).map(|(_, all)| all.len()), Some(3), "a2, a2b and the edit");
    let mut shown_u2 = keys.clone();
    let u2 = at("u2");
    shown_u2[u2] = shown_u2[u2].map(|mut key| {
        key.chosen_at = Some(40);
        key
    });
    let path: Vec<&str> = Tree::new(&shown_u2).path().into_iter().map(|at| ordered[at].id.as_str()).collect();
    assert_eq!(path, ["u1", "a1", "u2", "a2e"]);
}

#[test]
fn the_columns_of_a_compare_turn_shown_are_on_screen() {
    // u2's replies a2 and a2b as two columns of a turn; u2b (an edit) is shown.
    let mut records = conversation();
    for (id, column) in [("a2", 0), ("a2b", 1)] {
        let reply = records.iter_mut().find(|r| r.id == id).expect("in the conversation");
        reply.compare_group = Some("g".into());
        reply.compare_column = column;
    }
    let mut off = off_screen_ids(&records);
    off.sort();
    assert_eq!(off, ["a2", "a2b", "sum", "u2"], "the whole branch of u2 is off screen");
    // Showing u2: a2b (newest) is on the path, and a2 beside it in the turn.
    records.iter_mut().find(|r| r.id == "u2").expect("u2").chosen_at = Some(30);
    let mut off = off_screen_ids(&records);
    off.sort();
    assert_eq!(off, ["a3", "u2b"]);
    assert!(off_path_ids(&records).contains(&"a2".to_owned()), "a2 is off the path all the same");
}
