//! Tests of the sidebar's order, and of its first screen read through the
//! place and branch indexes.

use super::*;
use crate::storage::TitleSource;

fn session(id: &str, updated_at: i64, from: Option<&str>) -> SessionRecord {
    SessionRecord {
        id: id.to_owned(),
        title: id.to_owned(),
        title_source: TitleSource::User,
        agent_id: "general".to_owned(),
        created_at: 0,
        updated_at,
        message_count: 0,
        preview: String::new(),
        pinned: false,
        deleted_at: None,
        branch_of: from.map(str::to_owned),
        branched_at: from.map(|_| "m".to_owned()),
    }
}

fn ids(sessions: &[SessionRecord]) -> Vec<&str> {
    sessions.iter().map(|s| s.id.as_str()).collect()
}

#[test]
fn the_sidebar_lists_a_branch_under_its_source() {
    let ordered = sidebar_order(vec![
        session("old", 1, None),
        session("new", 5, None),
        session("old-branch", 9, Some("old")),
        session("branch-of-branch", 7, Some("old-branch")),
        session("orphan", 3, Some("deleted")),
    ]);
    assert_eq!(ids(&ordered), ["new", "orphan", "old", "old-branch", "branch-of-branch"]);
}

#[test]
fn conversations_of_the_same_time_come_by_id_as_the_index_orders_them() {
    let ordered = sidebar_order(vec![session("b", 5, None), session("c", 5, None), session("a", 5, None)]);
    assert_eq!(ids(&ordered), ["a", "b", "c"]);
}

#[test]
fn the_place_sorts_pinned_then_newest_and_leaves_out_branches_and_deleted() {
    let mut pinned = session("p", 1, None);
    pinned.pinned = true;
    let mut deleted = session("d", 9, None);
    deleted.deleted_at = Some(10);
    assert_eq!(place(&pinned), Some([0, -1]));
    assert_eq!(place(&session("n", 7, None)), Some([1, -7]));
    assert!(place(&pinned) < place(&session("n", 7, None)), "pinned first");
    assert!(place(&session("n", 7, None)) < place(&session("o", 3, None)), "then newest first");
    assert_eq!(place(&session("b", 9, Some("n"))), None);
    assert_eq!(place(&deleted), None);
}

/// A small deterministic generator (no dependency for a test).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// A library of `n` conversations: some pinned, some deleted, some sharing a
/// time, some branched off others (also off branches, deleted ones and ones
/// that are gone).
fn library(random: &mut Lcg, n: usize) -> Vec<SessionRecord> {
    (0..n)
        .map(|i| {
            let from = match random.below(5) {
                0 if i > 0 => Some(format!("s{:03}", random.below(i as u64))),
                1 if i > 0 && random.below(4) == 0 => Some("gone".to_owned()),
                _ => None,
            };
            let mut record = session(&format!("s{i:03}"), random.below(40) as i64, from.as_deref());
            record.pinned = random.below(8) == 0;
            record.deleted_at = (random.below(10) == 0).then_some(100);
            record
        })
        .collect()
}

/// What the shell reads for `rows` top-level rows, as IndexedDB would give it:
/// the first `rows` by place (then by id), every branch, then their sources.
fn read_first_screen(stored: &[SessionRecord], rows: usize) -> Vec<SessionRecord> {
    let mut by_place: Vec<(&SessionRecord, [i64; 2])> =
        stored.iter().filter_map(|session| Some((session, place(session)?))).collect();
    by_place.sort_by(|(a, pa), (b, pb)| pa.cmp(pb).then_with(|| a.id.encode_utf16().cmp(b.id.encode_utf16())));
    let mut read: Vec<SessionRecord> = by_place.into_iter().take(rows).map(|(session, _)| session.clone()).collect();
    read.extend(stored.iter().filter(|session| session.branch_of.is_some()).cloned());
    let sources = sources_to_read(&read);
    read.extend(stored.iter().filter(|session| sources.contains(&session.id)).cloned());
    first_screen(read)
}

#[test]
fn the_first_screen_read_begins_as_the_whole_list_does() {
    let mut random = Lcg(0x5eed);
    for n in [1, 2, 5, 12, 40, 90] {
        for _ in 0..20 {
            let stored = library(&mut random, n);
            let listed: Vec<SessionRecord> = stored.iter().filter(|s| s.deleted_at.is_none()).cloned().collect();
            let whole = sidebar_order(listed);
            for rows in 1..=n {
                let first = sidebar_order(read_first_screen(&stored, rows));
                let shown = rows.min(whole.len());
                assert!(first.len() >= shown, "{n} conversations, {rows} rows: {} read", first.len());
                assert_eq!(ids(&first[..shown]), ids(&whole[..shown]), "{n} conversations, {rows} rows");
            }
        }
    }
}

#[test]
fn sources_are_asked_once_and_only_when_missing() {
    let read =
        vec![session("a", 1, None), session("b", 2, Some("a")), session("c", 3, Some("x")), session("d", 4, Some("x"))];
    assert_eq!(sources_to_read(&read), ["x"]);
}

#[test]
fn conversations_are_placed_again_when_the_index_holds_another_number() {
    let mut deleted = session("d", 2, None);
    deleted.deleted_at = Some(3);
    let stored = vec![session("a", 1, None), session("b", 2, Some("a")), deleted, session("c", 4, None)];
    let all = Some(vec!["a".to_owned(), "b".to_owned(), "d".to_owned(), "c".to_owned()]);
    assert_eq!(to_place(&stored, 2), None, "a and c have their places");
    assert_eq!(to_place(&stored, 0), all, "stored before version 9");
    assert_eq!(to_place(&stored, 3), all, "one that should have none has one");
}

#[test]
fn the_first_screen_is_read_alone_only_when_every_conversation_has_its_place() {
    assert!(places_complete(40, 3, 43));
    assert!(!places_complete(0, 3, 43), "stored before version 9");
    assert!(!places_complete(39, 3, 43), "one without a place, or deleted");
}

#[test]
fn ids_of_the_same_time_go_by_utf_16_as_in_indexed_db() {
    // U+FF5E is one UTF-16 unit, U+1F600 two surrogates (0xD83D…): IndexedDB puts the
    // emoji first, where UTF-8 bytes would put it last.
    let ordered = sidebar_order(vec![session("\u{ff5e}", 5, None), session("\u{1f600}", 5, None)]);
    assert_eq!(ids(&ordered), ["\u{1f600}", "\u{ff5e}"]);
}

#[test]
fn the_oldest_possible_time_has_a_place() {
    assert_eq!(place(&session("a", i64::MIN, None)), Some([1, i64::MAX]));
}
