//! The pull's rules, each with the scenario of the sync review's finding it
//! closes.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value, json};

use super::*;
use crate::replication::local::{apply_fetched, fetched_winner as fetched};

const PLAIN: SyncPolicy = SyncPolicy { e2e: false, sealed_keys: false };
const E2E: SyncPolicy = SyncPolicy { e2e: true, sealed_keys: false };

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn message_body(id: &str, text: &str) -> Map<String, Value> {
    object(json!({"type": "message", "record": {"id": id, "session_id": "s1", "content": text}}))
}

/// A message of conversation `s1` as synced (one revision, its fingerprint).
fn synced_message(id: &str, text: &str) -> DocMeta {
    let plain = format!("message:{id}");
    let fresh = DocMeta::new(&plain, &plain, "message", Some("s1"));
    local_change(None, fresh, LocalState::Present(message_body(id, text)), 10, 1, "").expect("a revision")
}

/// The winning revision of `meta`, as a deletion names it.
fn winner(meta: &DocMeta) -> String {
    meta.winner().map(|(rev, _)| rev.to_string()).unwrap_or_default()
}

fn synced_session() -> DocMeta {
    let fresh = DocMeta::new("session:s1", "session:s1", "session", Some("s1"));
    let body = object(json!({"type": "session", "record": {"id": "s1", "title": "Trip"}}));
    local_change(None, fresh, LocalState::Present(body), 10, 1, "").expect("a revision")
}

/// What a device receiving `meta`'s winner from the server knows after it.
fn received(meta: &DocMeta) -> DocMeta {
    let fetched = fetched(meta);
    let fresh = DocMeta::new(&meta.id, &meta.plain, &meta.kind, meta.session.as_deref());
    apply_fetched(fresh, vec![fetched], 5, "").meta
}

/// Finding 4: a deletion the server invents of what never leaves the device.
#[test]
fn deletions_of_what_is_not_synced_in_this_mode_are_not_taken() {
    assert!(!takes_deletion(DocKind::Setting, "key_lock", PLAIN));
    assert!(!takes_deletion(DocKind::Setting, "key_lock", E2E));
    assert!(!takes_deletion(DocKind::Setting, "sync_config", E2E));
    assert!(!takes_deletion(DocKind::Setting, "a_setting_no_rule_names", E2E));
    assert!(!takes_deletion(DocKind::Setting, "mcp_server:srv", PLAIN));
    assert!(takes_deletion(DocKind::Setting, "mcp_server:srv", E2E));
    assert!(takes_deletion(DocKind::Setting, "auto_title", PLAIN));
    assert!(takes_deletion(DocKind::Agent, "a1", PLAIN));
    assert!(takes_deletion(DocKind::Message, "m1", PLAIN));
    assert!(!takes_deletion(DocKind::Blob, "ab", PLAIN));
}

/// Finding 6: deletions went out in a hash map's order, so a conversation's
/// could reach the server before its messages'.
#[test]
fn a_conversations_deletion_goes_after_its_messages_and_names_them() {
    let m1 = synced_message("m1", "one");
    let m2 = synced_message("m2", "two");
    let pruned =
        local_change(Some(&synced_message("m0", "pruned")), synced_message("m0", "x"), LocalState::Absent, 11, 2, "")
            .expect("deleted earlier");
    let session = synced_session();
    let known = vec![session.clone(), m2.clone(), pruned.clone(), m1.clone()];
    let mut seq = 10;
    let out = deletions(vec![session, m2, m1], &live_messages(&known), 20, &mut seq, "");
    let order: Vec<&str> = out.iter().map(|meta| meta.plain.as_str()).collect();
    assert_eq!(order, ["message:m1", "message:m2", "session:s1"]);
    assert_eq!(out.iter().map(|meta| meta.seq).collect::<Vec<_>>(), [11, 12, 13]);
    assert!(out.iter().all(DocMeta::is_deleted));
    let last = out.last().expect("the conversation's");
    let (rev, _) = last.winner().expect("a winner");
    let tombstone = last.body(&rev).expect("its body");
    let rev = |meta: &DocMeta| meta.winner().map(|(rev, _)| rev.to_string()).unwrap_or_default();
    let named = covered(tombstone).expect("it names its messages");
    assert_eq!(named, HashMap::from([("m1".to_owned(), rev(&known[3])), ("m2".to_owned(), rev(&known[1]))]));
}

/// Finding 10: a deletion made here kept the deleted record's body in the
/// bookkeeping.
#[test]
fn a_deletion_made_here_keeps_no_body() {
    let m1 = synced_message("m1", "a secret");
    let mut seq = 1;
    let out = deletions(vec![m1], &HashMap::new(), 20, &mut seq, "");
    let gone = out.first().expect("a deletion");
    assert!(gone.bodies.values().all(Map::is_empty), "{:?}", gone.bodies);
    assert_eq!(gone.last_live_body(), None);
}

/// Finding 6: the conversation's deletion reached this device before its
/// messages' did, and the messages still here (all seen by the device that
/// deleted it) brought it back, empty, everywhere.
#[test]
fn a_conversation_whose_messages_were_all_seen_is_deleted_whatever_the_order() {
    let here = [synced_message("m1", "one"), synced_message("m2", "two")];
    let bodies = [message_body("m1", "one"), message_body("m2", "two")];
    let remaining: Vec<Remaining<'_>> = here
        .iter()
        .zip(&bodies)
        .map(|(meta, body)| Remaining { id: &meta.plain[8..], meta: Some(meta), body: Some(body) })
        .collect();
    let names_them = session_tombstone(&[("m1".to_owned(), winner(&here[0])), ("m2".to_owned(), winner(&here[1]))]);
    assert!(!conversation_stays(&names_them, &remaining, false));
    // A deletion that names nothing (an older Hearth's): the same.
    assert!(!conversation_stays(&Map::new(), &remaining, false));
    // A message arriving with it keeps it.
    assert!(conversation_stays(&names_them, &remaining, true));
}

#[test]
fn a_conversation_stays_for_a_message_the_deleting_device_cannot_have_seen() {
    let seen = synced_message("m1", "one");
    let seen_body = message_body("m1", "one");
    let names_m1 = session_tombstone(&[("m1".to_owned(), winner(&seen))]);
    // Never synced.
    let new_body = message_body("m9", "added here");
    let fresh = [
        Remaining { id: "m1", meta: Some(&seen), body: Some(&seen_body) },
        Remaining { id: "m9", meta: None, body: Some(&new_body) },
    ];
    assert!(conversation_stays(&names_m1, &fresh, false));
    assert!(conversation_stays(&Map::new(), &fresh, false));
    // Synced (pushed before the deletion arrived) but not named by it.
    let pushed = synced_message("m9", "added here");
    let not_named = [
        Remaining { id: "m1", meta: Some(&seen), body: Some(&seen_body) },
        Remaining { id: "m9", meta: Some(&pushed), body: Some(&new_body) },
    ];
    assert!(conversation_stays(&names_m1, &not_named, false));
    // Changed here since it was synced.
    let edited = message_body("m1", "one, edited");
    assert!(conversation_stays(&names_m1, &[Remaining { id: "m1", meta: Some(&seen), body: Some(&edited) }], false));
    // Edited on a third device after the deleting device saw it: a later
    // revision here than the one the deletion names.
    let edited_there = local_change(
        Some(&seen),
        seen.clone(),
        LocalState::Present(message_body("m1", "one, edited elsewhere")),
        20,
        2,
        "",
    )
    .expect("an edit");
    let edited_body = message_body("m1", "one, edited elsewhere");
    assert!(conversation_stays(
        &names_m1,
        &[Remaining { id: "m1", meta: Some(&edited_there), body: Some(&edited_body) }],
        false
    ));
    // A reply still streaming here.
    assert!(conversation_stays(&names_m1, &[Remaining { id: "m1", meta: Some(&seen), body: None }], false));
}

/// Finding 11: a conversation deleted on one device while the other added a
/// message came back there with only the new message.
#[test]
fn a_conversation_that_stays_gets_back_the_messages_its_deletion_took() {
    let m1 = synced_message("m1", "one");
    let m0 = synced_message("m0", "pruned long ago");
    // The other device deleted m1 with the conversation, and m0 before.
    let mut seq = 3;
    let elsewhere_m1 = deletions(vec![m1.clone()], &HashMap::new(), 30, &mut seq, "").pop().expect("deleted");
    let elsewhere_m0 = deletions(vec![m0.clone()], &HashMap::new(), 30, &mut seq, "").pop().expect("deleted");
    let mut here_m1 = received(&m1);
    here_m1 = apply_fetched(here_m1, vec![fetched(&elsewhere_m1)], 6, "").meta;
    let mut here_m0 = received(&m0);
    here_m0 = apply_fetched(here_m0, vec![fetched(&elsewhere_m0)], 6, "").meta;
    assert!(here_m1.is_deleted() && here_m0.is_deleted());
    let tombstone = session_tombstone(&[("m1".to_owned(), winner(&m1))]);
    let metas = [here_m1, here_m0, synced_session()];
    let back = restorable_messages(&tombstone, &metas, &HashSet::from(["m9".to_owned()]));
    let back: Vec<(&str, Option<&Value>)> = back.iter().map(|(id, body)| (id.as_str(), body.get("record"))).collect();
    assert_eq!(back, vec![("m1", message_body("m1", "one").get("record"))]);
    // Present already: nothing to restore; a deletion naming none: nothing.
    assert!(restorable_messages(&tombstone, &metas, &HashSet::from(["m1".to_owned()])).is_empty());
    assert!(restorable_messages(&Map::new(), &metas, &HashSet::new()).is_empty());
}

#[test]
fn what_reads_an_unreadable_document_is_said() {
    assert!(unreadable_hint(&MapError::NewerSchema(2)).contains("a newer version reads it"));
    assert!(unreadable_hint(&MapError::DeviceOnly("key_lock".to_owned())).contains("another device"));
    assert!(unreadable_hint(&MapError::UnknownSetting("a_new_one".to_owned())).contains("a newer version reads it"));
}
