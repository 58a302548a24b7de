//! Tests of a compare turn's columns: the newest attempt of each, merges, and
//! what a pick reveals.

use super::*;
use crate::message::Role;

fn reply(id: &str, group: &str, column: u32, at: Millis) -> MessageRecord {
    MessageRecord {
        compare_group: Some(group.to_owned()),
        compare_column: column,
        ..MessageRecord::new(id.to_owned(), "s".to_owned(), Role::Assistant, at)
    }
}

#[test]
fn each_column_shows_its_newest_attempt_and_merges_follow() {
    let mut merge = reply("m", "g", 0, 50);
    merge.merged_from = vec!["a".into(), "b2".into()];
    let records = [
        reply("b", "g", 1, 11),
        reply("a", "g", 0, 10),
        reply("other", "h", 0, 12),
        reply("b2", "g", 1, 30),
        merge,
        MessageRecord::new("plain".into(), "s".into(), Role::Assistant, 13),
    ];
    let keys: Vec<ColumnKey<'_>> = records.iter().filter_map(ColumnKey::of).collect();
    assert_eq!(keys.len(), 5, "a reply of no compare turn has no key");
    let turn = compare_turn(&keys, "g");
    assert_eq!(turn, CompareTurn { columns: vec!["a", "b2"], merges: vec!["m"], picked: false });
    assert_eq!(compare_turn(&keys, "h").columns, ["other"]);
    assert_eq!(compare_turn(&keys, "none"), CompareTurn::default());
}

#[test]
fn a_pick_reveals_the_turn_and_equal_times_keep_the_first() {
    let mut picked = reply("b", "g", 1, 10);
    picked.chosen_at = Some(20);
    let records = [reply("a", "g", 0, 10), reply("a2", "g", 0, 10), picked];
    let keys: Vec<ColumnKey<'_>> = records.iter().filter_map(ColumnKey::of).collect();
    let turn = compare_turn(&keys, "g");
    assert_eq!(turn.columns, ["a", "b"]);
    assert!(turn.picked);
}
