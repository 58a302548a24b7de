//! Tests of the newest-first walk: its order, and when it stops.

use super::{NewestWalk, WalkStep, news_time, walk_order};
use crate::agent::DEFAULT_AGENT_ID;
use crate::storage::{SessionRecord, TitleSource};

fn session(id: &str, updated_at: i64, deleted: bool) -> SessionRecord {
    SessionRecord {
        id: id.into(),
        title: format!("Chat {id}"),
        title_source: TitleSource::FirstMessage,
        agent_id: DEFAULT_AGENT_ID.into(),
        created_at: 1,
        updated_at,
        message_count: 0,
        preview: String::new(),
        pinned: false,
        deleted_at: deleted.then_some(updated_at),
        branch_of: None,
        branched_at: None,
    }
}

#[test]
fn conversations_are_read_newest_updated_first_without_the_deleted() {
    let order = walk_order(vec![
        session("old", 10, false),
        session("gone", 50, true),
        session("new", 40, false),
        session("tie-a", 20, false),
        session("tie-b", 20, false),
    ]);
    let ids: Vec<&str> = order.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["new", "tie-b", "tie-a", "old"]);
}

#[test]
fn it_stops_once_the_newest_matches_cannot_change() {
    let mut walk = NewestWalk::new(2, 1_000);
    assert_eq!(walk.step(Some(100)), WalkStep::Read);
    walk.read(3);
    walk.found(90);
    // One match is not the two asked for: an older conversation may hold the second.
    assert_eq!(walk.step(Some(80)), WalkStep::Read);
    walk.read(3);
    walk.found(70);
    walk.found(75);
    // The two newest are 90 and 75; a conversation last updated at 76 may hold one at 76.
    assert_eq!(walk.step(Some(76)), WalkStep::Read);
    walk.read(1);
    // One updated at 75 holds nothing newer than the second newest: enough.
    assert_eq!(walk.step(Some(75)), WalkStep::Enough);
    assert_eq!(walk.step(Some(10)), WalkStep::Enough);
}

#[test]
fn it_is_complete_when_no_conversation_is_left_whatever_it_found() {
    let walk = NewestWalk::new(50, 10);
    assert_eq!(walk.step(None), WalkStep::Complete);
    let mut walk = NewestWalk::new(1, 10);
    walk.found(5);
    assert_eq!(walk.step(None), WalkStep::Complete);
}

#[test]
fn it_stops_at_its_budget_unless_it_already_has_enough() {
    let mut walk = NewestWalk::new(2, 10);
    walk.read(9);
    walk.found(50);
    assert_eq!(walk.step(Some(40)), WalkStep::Read, "under the budget");
    walk.read(1);
    assert_eq!(walk.step(Some(40)), WalkStep::OverBudget, "at the budget, with one of two");
    walk.found(45);
    assert_eq!(walk.step(Some(40)), WalkStep::Enough, "what is found is the newest: not cut short");
}

#[test]
fn a_walk_for_nothing_stops_only_at_its_budget_or_end() {
    let mut walk = NewestWalk::new(0, 5);
    assert_eq!(walk.step(Some(1)), WalkStep::Read);
    walk.read(5);
    assert_eq!(walk.step(Some(1)), WalkStep::OverBudget);
}

#[test]
fn a_message_is_news_when_made_but_never_after_its_conversation_was_last_updated() {
    assert_eq!(news_time(10, 20), 10, "a message of a conversation updated since");
    assert_eq!(news_time(20, 20), 20, "the last message");
    // A summary made later by Compact, which leaves the conversation's time alone:
    // the walk, stopping at a conversation updated at 20, must not miss it.
    assert_eq!(news_time(90, 20), 20);
}

#[test]
fn a_conversation_read_newest_first_is_left_once_its_next_message_cannot_be_among_the_newest() {
    let mut walk = NewestWalk::new(2, 1_000);
    assert!(!walk.settled(100));
    walk.found(90);
    // One of two: anything may still come.
    assert!(!walk.settled(10));
    walk.found(80);
    assert!(!walk.settled(81));
    assert!(walk.settled(80));
    assert!(walk.settled(5));
    // Asked for none: never settled by finding (the walk reads to the end).
    assert!(!NewestWalk::new(0, 10).settled(0));
}
