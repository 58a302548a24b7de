use super::*;
use crate::message::Role;
use crate::storage::{SessionRecord, SummaryInfo, ToolCallRecord};

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
fn the_sidebar_lists_a_branch_under_its_source() {
    let session = |id: &str, updated_at: i64, from: Option<&str>| SessionRecord {
        id: id.to_owned(),
        title: id.to_owned(),
        title_source: crate::storage::TitleSource::User,
        agent_id: "general".to_owned(),
        created_at: 0,
        updated_at,
        message_count: 0,
        preview: String::new(),
        pinned: false,
        deleted_at: None,
        branch_of: from.map(str::to_owned),
        branched_at: from.map(|_| "m".to_owned()),
    };
    let ordered = sidebar_order(vec![
        session("old", 1, None),
        session("new", 5, None),
        session("old-branch", 9, Some("old")),
        session("branch-of-branch", 7, Some("old-branch")),
        session("orphan", 3, Some("deleted")),
    ]);
    let ids: Vec<&str> = ordered.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["new", "orphan", "old", "old-branch", "branch-of-branch"]);
}
