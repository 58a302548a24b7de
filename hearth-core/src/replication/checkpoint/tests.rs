//! Replication ids and checkpoints: finding where to resume after a failure
//! on one side, with no checkpoint, and with string and integer sequences.
//! The comparison cases follow the replication protocol's "Compare
//! Replication Logs" and PouchDB's checkpointer tests (#3999: "should not
//! start over if common session is found", "should start over if no common
//! session is found").

use std::path::Path;

use serde_json::json;

use super::*;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/replication").join(name))
        .expect("as the test sets up")
}

/// Writes a checkpoint for `session` at `seq` on each side given, as a
/// replication does after each batch (target first, then source).
fn write(sides: &mut [&mut Option<Checkpoint>], session: &str, seq: Value) {
    for side in sides.iter_mut() {
        **side = Some(advance(side.as_ref(), session, seq.clone()));
    }
}

#[test]
fn replication_ids_are_stable_and_distinct() {
    let push = replication_id("device-1", "https://couch.example.com/hearth", Direction::Push);
    assert_eq!(push.len(), 32);
    assert!(push.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    assert_eq!(push, replication_id("device-1", "https://couch.example.com/hearth", Direction::Push));
    assert_eq!(push, replication_id("device-1", "https://couch.example.com/hearth/", Direction::Push));
    assert_eq!(push, replication_id("device-1", "https://alice:pw@couch.example.com/hearth", Direction::Push));
    assert_ne!(push, replication_id("device-1", "https://couch.example.com/hearth", Direction::Pull));
    assert_ne!(push, replication_id("device-2", "https://couch.example.com/hearth", Direction::Push));
    assert_ne!(push, replication_id("device-1", "https://couch.example.com/other", Direction::Push));
    // The input is versioned JSON, so its parts cannot run into each other.
    assert_eq!(
        push,
        md5::digest_hex(br#"["hearth-replication",1,"device-1","https://couch.example.com/hearth","push"]"#)
    );
    assert_eq!(checkpoint_doc_id(&push), format!("_local/{push}"));
}

#[test]
fn advancing_keeps_the_newest_five_sessions() {
    let mut checkpoint: Option<Checkpoint> = None;
    for (n, session) in ["s1", "s2", "s3", "s4", "s5", "s6"].iter().enumerate() {
        checkpoint = Some(advance(checkpoint.as_ref(), session, json!(n * 10)));
    }
    // The same session again moves to the front with its new seq.
    let checkpoint = advance(checkpoint.as_ref(), "s6", json!(61));
    let sessions: Vec<&str> = checkpoint.history.iter().map(|entry| entry.session_id.as_str()).collect();
    assert_eq!(sessions, vec!["s6", "s5", "s4", "s3", "s2"]);
    assert_eq!(checkpoint.history[0].last_seq, json!(61));
    assert_eq!(checkpoint.session_id, "s6");
    assert_eq!(checkpoint.last_seq, json!(61));
    assert_eq!(checkpoint.replicator, REPLICATOR);
    assert_eq!(checkpoint.version, VERSION);
}

#[test]
fn advancing_keeps_the_local_documents_rev() {
    let read: Checkpoint = serde_json::from_slice(&fixture("checkpoint_pouchdb.json")).expect("JSON");
    assert_eq!(read.rev.as_deref(), Some("0-3"));
    let next = advance(Some(&read), "new-session", json!("50-g1"));
    assert_eq!(next.rev.as_deref(), Some("0-3"));
    assert_eq!(next.history.len(), 3);
    let written = serde_json::to_value(&next).expect("JSON");
    assert_eq!(written["_rev"], json!("0-3"));
    assert_eq!(written["history"][0], json!({"session_id": "new-session", "last_seq": "50-g1"}));
    assert!(serde_json::to_value(advance(None, "s", json!(1))).expect("JSON").get("_rev").is_none());
}

#[test]
fn the_same_session_on_both_sides_resumes_at_its_seq() {
    let (mut source, mut target) = (None, None);
    write(&mut [&mut target, &mut source], "s1", json!("12-g1AAAA"));
    assert_eq!(start_seq(source.as_ref(), target.as_ref()), Some(json!("12-g1AAAA")));
}

#[test]
fn a_failure_on_one_side_falls_back_to_the_common_session() {
    // Session s1 finished on both sides, with integer seqs (pouchdb-server).
    let (mut source, mut target) = (None, None);
    write(&mut [&mut target, &mut source], "s1", json!(40));
    // Session s2 wrote its checkpoint on the target, then failed before the source.
    write(&mut [&mut target], "s2", json!(55));
    assert_eq!(target.as_ref().expect("as the test sets up").session_id, "s2");
    assert_eq!(start_seq(source.as_ref(), target.as_ref()), Some(json!(40)), "s1 is the newest common session");
    // The other way round: only the source was written.
    let (mut source, mut target) = (None, None);
    write(&mut [&mut target, &mut source], "s1", json!(40));
    write(&mut [&mut source], "s2", json!(55));
    assert_eq!(start_seq(source.as_ref(), target.as_ref()), Some(json!(40)));
}

#[test]
fn within_one_session_a_failed_write_resumes_at_the_sources_seq() {
    // Session s1 checkpointed at 40 on both sides, then at 55 on the target
    // only: same session, and the source's seq is never ahead.
    let (mut source, mut target) = (None, None);
    write(&mut [&mut target, &mut source], "s1", json!(40));
    write(&mut [&mut target], "s1", json!(55));
    assert_eq!(start_seq(source.as_ref(), target.as_ref()), Some(json!(40)));
}

#[test]
fn the_newest_common_session_wins_whichever_side_holds_it_first() {
    let entry = |session: &str, seq: i64| HistoryEntry { session_id: session.into(), last_seq: json!(seq) };
    let checkpoint = |history: Vec<HistoryEntry>| Checkpoint {
        rev: None,
        session_id: history[0].session_id.clone(),
        last_seq: history[0].last_seq.clone(),
        history,
        replicator: REPLICATOR.into(),
        version: VERSION,
    };
    // The source's newest common entry comes first.
    let source = checkpoint(vec![entry("a", 9), entry("c", 5), entry("d", 3)]);
    let target = checkpoint(vec![entry("b", 8), entry("x", 7), entry("c", 5), entry("d", 3)]);
    assert_eq!(start_seq(Some(&source), Some(&target)), Some(json!(5)));
    // The target's newest entry is in the source's older history.
    let source = checkpoint(vec![entry("a", 9), entry("b", 6), entry("d", 3)]);
    let target = checkpoint(vec![entry("b", 6), entry("d", 3)]);
    assert_eq!(start_seq(Some(&source), Some(&target)), Some(json!(6)));
    // No session in common: from the start.
    let source = checkpoint(vec![entry("a", 9), entry("b", 6)]);
    let target = checkpoint(vec![entry("c", 9), entry("d", 6)]);
    assert_eq!(start_seq(Some(&source), Some(&target)), None);
}

#[test]
fn no_checkpoint_starts_from_the_beginning() {
    // A fresh server, or another one: the checkpoint is on one side only, or neither.
    let (mut source, mut target) = (None, None);
    write(&mut [&mut target, &mut source], "s1", json!("3-g1"));
    assert_eq!(start_seq(source.as_ref(), None), None);
    assert_eq!(start_seq(None, target.as_ref()), None);
    assert_eq!(start_seq(None, None), None);
}

#[test]
fn another_checkpoint_version_starts_from_the_beginning() {
    // CouchDB's replicator keeps a differently shaped log (protocol docs); it
    // reads with defaults (version 0) and is not resumed from.
    let couch: Checkpoint = serde_json::from_slice(&fixture("replication_log_couchdb.json")).expect("JSON");
    assert_eq!(couch.version, 0);
    assert_eq!(couch.session_id, "d5a34cbbdafa70e0db5cb57d02a6b955");
    assert_eq!(couch.history.len(), 3);
    assert_eq!(start_seq(Some(&couch), Some(&couch)), None);
    let ours = advance(Some(&couch), "s1", json!(5));
    assert_eq!(ours.history.len(), 1, "an old version's history is dropped");
    assert_eq!(ours.rev.as_deref(), Some("0-8"));
}

#[test]
fn pouchdbs_checkpoint_reads_and_resumes() {
    let source: Checkpoint = serde_json::from_slice(&fixture("checkpoint_pouchdb.json")).expect("JSON");
    assert_eq!(source.replicator, "pouchdb");
    assert_eq!(source.version, 1);
    assert_eq!(source.history.len(), 2);
    // Its target failed after the older session.
    let mut target = source.clone();
    target.session_id = source.history[1].session_id.clone();
    target.last_seq = source.history[1].last_seq.clone();
    target.history.remove(0);
    assert_eq!(start_seq(Some(&source), Some(&target)), Some(json!("31-g1AAAAJbeJyd0D0OgjAUB_AKJp7A")));
}

#[test]
fn seqs_are_compared_only_as_sessions() {
    // Equal-looking seqs of different sessions do not make a common ancestry.
    let (mut source, mut target) = (None, None);
    write(&mut [&mut source], "s1", json!(10));
    write(&mut [&mut target], "s2", json!(10));
    assert_eq!(start_seq(source.as_ref(), target.as_ref()), None);
    // A null seq is no place to resume from.
    let (mut source, mut target) = (None, None);
    write(&mut [&mut target, &mut source], "s1", Value::Null);
    assert_eq!(start_seq(source.as_ref(), target.as_ref()), None);
}
