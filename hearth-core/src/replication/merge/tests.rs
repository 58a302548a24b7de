//! Field-by-field merges of real record bodies: what merges cleanly, what
//! is asked about, the fields decided by their times, and the user's pick.

use serde_json::json;

use super::*;
use crate::agent::AgentRecord;
use crate::message::Role;
use crate::replication::doc::{SyncPolicy, agent_doc, message_doc, session_doc, stamp};
use crate::storage::{MessageRecord, SessionRecord, TitleSource};

fn session(title: &str, pinned: bool) -> SessionRecord {
    SessionRecord {
        id: "s1".to_owned(),
        title: title.to_owned(),
        title_source: TitleSource::User,
        agent_id: "general".to_owned(),
        created_at: 1_000,
        updated_at: 1_000,
        message_count: 0,
        preview: String::new(),
        pinned,
        deleted_at: None,
        branch_of: None,
        branched_at: None,
    }
}

fn session_body(title: &str, pinned: bool) -> Body {
    session_doc(&session(title, pinned)).expect("synced")
}

fn record(body: &Body) -> &Map<String, Value> {
    body.get(RECORD).and_then(Value::as_object).expect("a record")
}

fn time(body: &Body, name: &str) -> Option<i64> {
    body.get(CHANGED).and_then(|times| times.get(name)).and_then(Value::as_i64)
}

/// The base stamped at 10, and each side's edit of it stamped at its time.
fn sides(base: Body, winner: (Body, Millis), loser: (Body, Millis)) -> (Body, Body, Body) {
    let base = stamp(None, base, 10);
    let winner = stamp(Some(&base), winner.0, winner.1);
    let loser = stamp(Some(&base), loser.0, loser.1);
    (base, winner, loser)
}

#[test]
fn equal_sides_merge_to_the_same_record() {
    let (base, winner, loser) =
        sides(session_body("A", false), (session_body("B", false), 20), (session_body("B", false), 30));
    let merged = merge(Some(&base), &winner, &loser);
    assert!(merged.is_clean());
    assert_eq!(merged.body.get(RECORD), winner.get(RECORD));
    assert_eq!(time(&merged.body, "title"), Some(30), "the later of equal changes");
    assert_eq!(time(&merged.body, "pinned"), Some(10));
}

#[test]
fn a_title_renamed_on_both_devices_is_contested() {
    let (base, winner, loser) = sides(
        session_body("Trip", false),
        (session_body("Trip to Oslo", false), 20),
        (session_body("Oslo plans", false), 30),
    );
    let merged = merge(Some(&base), &winner, &loser);
    assert_eq!(
        merged.contested,
        vec![Contested {
            field: "title".to_owned(),
            winner: json!("Trip to Oslo"),
            loser: json!("Oslo plans"),
            winner_changed: Some(20),
            loser_changed: Some(30),
        }]
    );
    assert!(!merged.is_clean());
    assert_eq!(record(&merged.body)["title"], json!("Trip to Oslo"), "the winner's value is shown meanwhile");
    assert_eq!(time(&merged.body, "title"), Some(20));
}

#[test]
fn pinned_on_one_device_and_renamed_on_the_other_merges_cleanly() {
    let (base, winner, loser) =
        sides(session_body("Trip", false), (session_body("Trip", true), 20), (session_body("Oslo", false), 30));
    let merged = merge(Some(&base), &winner, &loser);
    assert!(merged.is_clean(), "{:?}", merged.contested);
    assert_eq!(merged.body, stamp(Some(&winner), session_body("Oslo", true), 30));
    assert_eq!((time(&merged.body, "title"), time(&merged.body, "pinned")), (Some(30), Some(20)));
    // The same whichever side wins.
    let other = merge(Some(&base), &loser, &winner);
    assert_eq!(other.body.get(RECORD), merged.body.get(RECORD));
    assert_eq!(other.body.get(CHANGED), merged.body.get(CHANGED));
}

fn agent(name: &str, prompt: &str, updated_at: Millis) -> Body {
    let mut agent = AgentRecord::new("writer".to_owned(), name.to_owned(), 1_000);
    agent.system_prompt = prompt.to_owned();
    agent.updated_at = updated_at;
    agent_doc(&agent, SyncPolicy::default())
}

#[test]
fn an_agent_prompt_edited_on_both_is_contested_while_its_name_merges() {
    let (base, winner, loser) = sides(
        agent("Writer", "Be brief.", 1_000),
        (agent("Writer", "Be brief and kind.", 2_000), 20),
        (agent("Editor", "Be brief, cite sources.", 3_000), 30),
    );
    let merged = merge(Some(&base), &winner, &loser);
    let fields: Vec<&str> = merged.contested.iter().map(|c| c.field.as_str()).collect();
    assert_eq!(fields, ["system_prompt"]);
    let record = record(&merged.body);
    assert_eq!(record["name"], json!("Editor"));
    assert_eq!(record["system_prompt"], json!("Be brief and kind."));
    assert_eq!(record["updated_at"], json!(3_000), "the latest change time, not asked about");
}

fn message(chosen_at: Option<Millis>, content: &str) -> Body {
    let mut message = MessageRecord::new("m1".to_owned(), "s1".to_owned(), Role::Assistant, 1_000);
    message.content = content.to_owned();
    message.chosen_at = chosen_at;
    message_doc(&message).expect("synced")
}

#[test]
fn a_message_chosen_on_both_sides_takes_the_later_pick_without_asking() {
    let (base, winner, loser) =
        sides(message(Some(100), "Hi"), (message(Some(500), "Hi"), 20), (message(Some(300), "Hi"), 30));
    let merged = merge(Some(&base), &winner, &loser);
    assert!(merged.is_clean());
    assert_eq!(record(&merged.body)["chosen_at"], json!(500));
    assert_eq!(time(&merged.body, "chosen_at"), Some(20), "the time of the side taken");
    let merged = merge(Some(&base), &loser, &winner);
    assert_eq!(record(&merged.body)["chosen_at"], json!(500));
    // A pick beats no pick, with no base either.
    let merged = merge(None, &stamp(None, message(None, "Hi"), 5), &stamp(None, message(Some(7), "Hi"), 6));
    assert!(merged.is_clean());
    assert_eq!(record(&merged.body)["chosen_at"], json!(7));
}

#[test]
fn a_reply_edited_on_both_sides_asks_for_its_text_only() {
    let edited = |content: &str, at: Millis| {
        let mut body = message(None, content);
        let record = body.get_mut(RECORD).and_then(Value::as_object_mut).expect("record");
        record.insert("edited_at".to_owned(), json!(at));
        record.insert("updated_at".to_owned(), json!(at));
        body
    };
    let (base, winner, loser) = sides(message(None, "Draft"), (edited("Mine", 400), 20), (edited("Theirs", 600), 30));
    let merged = merge(Some(&base), &winner, &loser);
    let fields: Vec<&str> = merged.contested.iter().map(|c| c.field.as_str()).collect();
    assert_eq!(fields, ["content"]);
    assert_eq!(record(&merged.body)["edited_at"], json!(600));
    assert_eq!(record(&merged.body)["updated_at"], json!(600));
}

#[test]
fn without_a_base_every_difference_is_contested_but_creation_takes_the_earliest() {
    // The same built-in agent made on two devices, one renamed.
    let mut here = AgentRecord::general(1_000);
    let mut there = AgentRecord::general(2_000);
    there.name = "Helper".to_owned();
    here.updated_at = 1_500;
    let policy = SyncPolicy::default();
    let winner = stamp(None, agent_doc(&here, policy), 10);
    let loser = stamp(None, agent_doc(&there, policy), 20);
    let merged = merge(None, &winner, &loser);
    let fields: Vec<&str> = merged.contested.iter().map(|c| c.field.as_str()).collect();
    assert_eq!(fields, ["name"]);
    assert_eq!(record(&merged.body)["created_at"], json!(1_000));
    assert_eq!(record(&merged.body)["updated_at"], json!(2_000));
}

#[test]
fn a_field_on_one_side_only_follows_the_same_rules() {
    let with_branch = |branch: Option<&str>| {
        let mut session = session("A", false);
        session.branch_of = branch.map(str::to_owned);
        session_doc(&session).expect("synced")
    };
    // Added on one side: taken.
    let (base, winner, loser) = sides(with_branch(None), (with_branch(None), 20), (with_branch(Some("s0")), 30));
    let merged = merge(Some(&base), &winner, &loser);
    assert!(merged.is_clean());
    assert_eq!(record(&merged.body)["branch_of"], json!("s0"));
    // Removed on one side: the removal is taken, and dated.
    let (base, winner, loser) = sides(with_branch(Some("s0")), (with_branch(None), 20), (with_branch(Some("s0")), 30));
    let merged = merge(Some(&base), &winner, &loser);
    assert!(merged.is_clean());
    assert_eq!(record(&merged.body).get("branch_of"), None);
    assert_eq!(time(&merged.body, "branch_of"), Some(20));
    // Removed on one side and changed on the other: asked, shown as null.
    let (base, winner, loser) = sides(with_branch(Some("s0")), (with_branch(None), 20), (with_branch(Some("s9")), 30));
    let merged = merge(Some(&base), &winner, &loser);
    assert_eq!(merged.contested.len(), 1);
    assert_eq!((&merged.contested[0].winner, &merged.contested[0].loser), (&Value::Null, &json!("s9")));
}

#[test]
fn unstamped_bodies_merge_with_unknown_times() {
    let merged = merge(None, &session_body("A", false), &session_body("B", false));
    assert_eq!(merged.contested.len(), 1);
    assert_eq!((merged.contested[0].winner_changed, merged.contested[0].loser_changed), (None, None));
    assert_eq!(merged.body.get(CHANGED), Some(&json!({})));
}

#[test]
fn the_users_pick_is_applied_and_dated_now() {
    let (base, winner, loser) = sides(
        session_body("Trip", false),
        (session_body("Trip to Oslo", false), 20),
        (session_body("Oslo plans", false), 30),
    );
    let merged = merge(Some(&base), &winner, &loser);
    let theirs = resolve(&merged, "title", Choice::Loser, 99);
    assert_eq!(theirs.get(RECORD), session_body("Oslo plans", false).get(RECORD));
    assert_eq!(time(&theirs, "title"), Some(99));
    let ours = resolve(&merged, "title", Choice::Winner, 99);
    assert_eq!(ours.get(RECORD), session_body("Trip to Oslo", false).get(RECORD));
    assert_eq!(time(&ours, "title"), Some(99));
    let own = resolve(&merged, "title", Choice::Value(json!("Oslo")), 99);
    assert_eq!(own.get(RECORD), session_body("Oslo", false).get(RECORD));
    // A null pick removes the field (the record's default).
    let cleared = resolve(&merged, "branch_of", Choice::Value(Value::Null), 99);
    assert_eq!(record(&cleared).get("branch_of"), None);
    assert_eq!(time(&cleared, "branch_of"), Some(99));
    // A side picked for a field no one contested keeps its merged value.
    let pinned = resolve(&merged, "pinned", Choice::Loser, 99);
    assert_eq!(record(&pinned)["pinned"], json!(false));
}

#[test]
fn a_knowledge_file_embedded_on_both_devices_keeps_the_winners_embeddings_without_asking() {
    let file = |vectors: Value, name: &str| {
        let mut body = Map::new();
        body.insert(crate::replication::doc::TYPE.to_owned(), json!("kfile"));
        body.insert(RECORD.to_owned(), json!({ "id": "kf1", "name": name, "vectors": vectors }));
        body
    };
    let base = file(Value::Null, "pump.pdf");
    let ours = file(json!({ "hash": "aa", "model": "p1|m", "dims": 3, "passages": "cc" }), "pump.pdf");
    let theirs = file(json!({ "hash": "bb", "model": "p1|m", "dims": 3, "passages": "cc" }), "pump manual.pdf");
    let merged = merge(Some(&base), &ours, &theirs);
    assert!(merged.is_clean(), "{:?}", merged.contested);
    assert_eq!(record(&merged.body)["vectors"], record(&ours)["vectors"]);
    assert_eq!(record(&merged.body)["name"], json!("pump manual.pdf"), "the other fields merge as ever");
    // Without a common base the same holds.
    assert!(merge(None, &ours, &theirs).contested.iter().all(|contested| contested.field != "vectors"));
}

#[test]
fn a_field_named_vectors_in_another_kind_of_record_is_asked_about_as_any_other() {
    let other = |vectors: Value| {
        let mut body = Map::new();
        body.insert(crate::replication::doc::TYPE.to_owned(), json!("setting"));
        body.insert(RECORD.to_owned(), json!({ "key": "k", "vectors": vectors }));
        body
    };
    let merged = merge(None, &other(json!(1)), &other(json!(2)));
    assert_eq!(merged.contested.iter().map(|c| c.field.as_str()).collect::<Vec<_>>(), ["vectors"]);
}
