//! Tests of this device's side of each document: the revisions its changes
//! make, and what a fetched revision changes.

use serde_json::{Map, Value, json};

use super::*;

fn body(title: &str, pinned: bool) -> Map<String, Value> {
    let Value::Object(map) = json!({"type": "session", "record": {"id": "s1", "title": title, "pinned": pinned}})
    else {
        unreachable!()
    };
    map
}

fn fresh() -> DocMeta {
    DocMeta::new("session:s1", "session:s1", "session", Some("s1"))
}

#[test]
fn a_new_record_makes_a_first_revision_and_the_same_record_none() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("a revision");
    let (rev, deleted) = first.winner().expect("a winner");
    assert_eq!((rev.generation, deleted, first.seq), (1, false, 1));
    assert!(local_change(Some(&first), fresh(), LocalState::Present(body("A", false)), 20, 2, "").is_none());
    assert!(local_change(Some(&first), fresh(), LocalState::Hold, 20, 2, "").is_none());
}

#[test]
fn a_change_extends_the_winner_and_a_deletion_is_a_tombstone_on_it() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let second = local_change(Some(&first), fresh(), LocalState::Present(body("B", false)), 20, 2, "").expect("second");
    let (rev, _) = second.winner().expect("winner");
    assert_eq!(rev.generation, 2);
    assert!(second.tree.is_ancestor(&first.winner().expect("first").0, &rev));
    let gone = local_change(Some(&second), fresh(), LocalState::Absent, 30, 3, "").expect("a tombstone");
    assert!(gone.is_deleted());
    // Deleted here: the body it held leaves the bookkeeping too.
    assert_eq!(gone.last_live_body(), None);
    // Absent again, or never known: nothing.
    assert!(local_change(Some(&gone), fresh(), LocalState::Absent, 40, 4, "").is_none());
    assert!(local_change(None, fresh(), LocalState::Absent, 40, 4, "").is_none());
}

#[test]
fn the_same_edit_on_two_devices_makes_the_same_revision() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let here = local_change(Some(&first), fresh(), LocalState::Present(body("B", false)), 20, 2, "").expect("here");
    let there = local_change(Some(&first), fresh(), LocalState::Present(body("B", false)), 20, 7, "").expect("there");
    assert_eq!(here.winner(), there.winner());
}

use super::fetched_winner as fetched_from;

#[test]
fn a_fetched_newer_revision_is_shown_and_an_old_one_changes_nothing() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let theirs = local_change(Some(&first), fresh(), LocalState::Present(body("B", false)), 20, 1, "").expect("theirs");
    let applied = apply_fetched(first.clone(), vec![fetched_from(&theirs)], 2, "");
    assert!(matches!(&applied.effect, Effect::Put(b) if b["record"]["title"] == json!("B")));
    assert!(!applied.revised && applied.contested.is_empty());
    // The record written back has the synced fingerprint: no new revision.
    assert!(local_change(Some(&applied.meta), fresh(), LocalState::Present(body("B", false)), 30, 3, "").is_none());
    let again = apply_fetched(applied.meta.clone(), vec![fetched_from(&first)], 3, "");
    assert_eq!(again.effect, Effect::Nothing);
}

#[test]
fn concurrent_edits_of_different_fields_merge_and_close_the_losing_leaf() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let here =
        local_change(Some(&first), fresh(), LocalState::Present(body("A", true)), 20, 2, "").expect("pinned here");
    let there = local_change(Some(&first), fresh(), LocalState::Present(body("B", false)), 21, 1, "").expect("renamed");
    let applied = apply_fetched(here, vec![fetched_from(&there)], 3, "");
    assert!(applied.revised, "a merge is a revision to push");
    assert!(applied.contested.is_empty(), "{:?}", applied.contested);
    let Effect::Put(merged) = &applied.effect else { panic!("{:?}", applied.effect) };
    assert_eq!((&merged["record"]["title"], &merged["record"]["pinned"]), (&json!("B"), &json!(true)));
    assert!(applied.meta.tree.conflicts().is_empty(), "the losing leaf is closed");
    assert_eq!(applied.meta.seq, 3);
}

#[test]
fn the_same_field_changed_on_both_is_contested_with_both_values() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let here = local_change(Some(&first), fresh(), LocalState::Present(body("Mine", false)), 20, 2, "").expect("here");
    let there =
        local_change(Some(&first), fresh(), LocalState::Present(body("Theirs", false)), 21, 1, "").expect("there");
    let applied = apply_fetched(here, vec![fetched_from(&there)], 3, "");
    assert_eq!(applied.contested.len(), 1);
    let contested = &applied.contested[0];
    let mut both = [contested.winner.clone(), contested.loser.clone()];
    both.sort_by_key(Value::to_string);
    assert_eq!(both, [json!("Mine"), json!("Theirs")]);
}

#[test]
fn a_deletion_fetched_deletes_and_keeps_no_body_of_a_conversation() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let gone = local_change(Some(&first), fresh(), LocalState::Absent, 20, 1, "").expect("deleted there");
    let applied = apply_fetched(first, vec![fetched_from(&gone)], 2, "");
    assert_eq!(applied.effect, Effect::Delete);
    // Only a message keeps its last body (`pull::restorable_messages`).
    assert!(applied.meta.last_live_body().is_none());
    // Present here again later: a live child of the tombstone, which wins.
    let back =
        local_change(Some(&applied.meta), fresh(), LocalState::Present(body("A", false)), 30, 3, "").expect("back");
    assert!(!back.is_deleted());
}

#[test]
fn a_salt_makes_other_revision_ids_for_the_same_body() {
    let plain = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("plain");
    let salted = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "secret").expect("salted");
    let again = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 2, "secret").expect("again");
    assert_ne!(plain.winner(), salted.winner());
    assert_eq!(salted.winner(), again.winner(), "the same salt and body make the same revision on every device");
}

/// Finding 3 of the sync review: a document this version could not read was
/// kept with no record here, and the next sync point took the missing record
/// for a deletion (a tombstone on every device), or put the older record
/// here back over it.
#[test]
fn a_document_this_version_cannot_read_is_never_deleted_or_overwritten_from_here() {
    let there = local_change(None, fresh(), LocalState::Present(body("Newer", true)), 10, 1, "").expect("there");
    let arrived = apply_fetched(fresh(), vec![fetched_from(&there)], 2, "");
    let mut held = arrived.meta;
    held.unreadable = Some("written by a newer version".to_owned());
    assert!(local_change(Some(&held), fresh(), LocalState::Absent, 20, 3, "").is_none(), "no tombstone");
    assert!(
        local_change(Some(&held), fresh(), LocalState::Present(body("Older", false)), 20, 3, "").is_none(),
        "the older record here is not pushed over it"
    );
    // Once read (after an update), it syncs as before.
    held.unreadable = None;
    assert!(local_change(Some(&held), fresh(), LocalState::Absent, 20, 3, "").is_some());
}

#[test]
fn the_shape_number_is_no_change() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let mut shaped = body("A", false);
    shaped.insert(crate::replication::doc::SCHEMA_FIELD.to_owned(), json!(1));
    assert!(local_change(Some(&first), fresh(), LocalState::Present(shaped), 20, 2, "").is_none());
}

/// Finding 7 of the sync review: under end-to-end encryption the server
/// could replay an older sealed body as the new winner (an "Always allow"
/// revoked came back): revision ids were not checked against their bodies.
#[test]
fn a_revision_whose_id_its_body_does_not_make_is_told_apart() {
    let salt = "a secret only devices with the passphrase derive";
    let first = local_change(None, fresh(), LocalState::Present(body("Allowed", true)), 10, 1, salt).expect("first");
    let second =
        local_change(Some(&first), fresh(), LocalState::Present(body("Revoked", false)), 20, 2, salt).expect("second");
    assert!(rev_matches(&fetched_from(&first), salt));
    assert!(rev_matches(&fetched_from(&second), salt));
    // The server replays the first body as a child of the second, with a
    // revision id of its own making.
    let mut replayed = fetched_from(&second);
    replayed.body = fetched_from(&first).body;
    let forged = Rev::parse("3-0123456789abcdef0123456789abcdef").expect("a rev");
    replayed.revisions =
        Revisions { start: 3, ids: std::iter::once(forged.hash.clone()).chain(replayed.revisions.ids).collect() };
    replayed.rev = forged;
    assert!(!rev_matches(&replayed, salt));
    // Or as the second's own revision: its body does not make that id.
    let mut swapped = fetched_from(&second);
    swapped.body = fetched_from(&first).body;
    assert!(!rev_matches(&swapped, salt));
    // A deletion it invents: the same.
    let mut invented = fetched_from(&second);
    invented.deleted = true;
    invented.body = Map::new();
    assert!(!rev_matches(&invented, salt));
    // A deletion made by a device with the salt matches.
    let gone = local_change(Some(&second), fresh(), LocalState::Absent, 30, 3, salt).expect("deleted");
    assert!(rev_matches(&fetched_from(&gone), salt));
    // Without the salt, nothing matches what was made with it.
    assert!(!rev_matches(&fetched_from(&second), ""));
}

/// Review of the fixes: a conflict with a leaf of a newer record shape was
/// merged into a body of this version's shape, and that leaf closed.
#[test]
fn a_conflict_with_a_newer_shape_is_not_merged_here() {
    let first = local_change(None, fresh(), LocalState::Present(body("A", false)), 10, 1, "").expect("first");
    let here =
        local_change(Some(&first), fresh(), LocalState::Present(body("A", true)), 20, 2, "").expect("pinned here");
    let mut newer = body("B", false);
    newer.insert(crate::replication::doc::SCHEMA_FIELD.to_owned(), json!(crate::replication::doc::SCHEMA + 1));
    let there = local_change(Some(&first), fresh(), LocalState::Present(newer), 21, 1, "").expect("renamed there");
    let applied = apply_fetched(here, vec![fetched_from(&there)], 3, "");
    assert!(!applied.revised, "no merge revision");
    assert!(applied.contested.is_empty());
    assert_eq!(applied.meta.tree.conflicts().len(), 1, "both leaves stay for a device that reads both");
}
