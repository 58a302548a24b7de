//! Records to documents and back: every kind round-trips, what is derived or
//! per-device stays out, secrets never leave in plain form, change times
//! follow `stamp`'s rules, and every setting key the shell stores is
//! classified.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::json;

use super::*;
use crate::agent::AgentKind;
use crate::contract::ProviderKind;
use crate::message::{Attachment, Role};
use crate::storage::TitleSource;
use crate::tools::{McpHeader, McpServer, OAuthClientId};

const PLAIN: SyncPolicy = SyncPolicy { e2e: false, sealed_keys: false };
const E2E: SyncPolicy = SyncPolicy { e2e: true, sealed_keys: false };
const SEALED_KEYS: SyncPolicy = SyncPolicy { e2e: false, sealed_keys: true };

fn record_field<'a>(body: &'a Body, field: &str) -> Option<&'a Value> {
    body.get(RECORD).and_then(|record| record.get(field))
}

fn message() -> MessageRecord {
    let mut message = MessageRecord::new("m1".to_owned(), "s1".to_owned(), Role::User, 1_000);
    message.content = "Look at this photo of the harbour".to_owned();
    message.parent = Some("m0".to_owned());
    message.chosen_at = Some(1_500);
    message.attachments = vec![Attachment {
        blob: "ab".repeat(32),
        mime: "image/png".to_owned(),
        name: "harbour.png".to_owned(),
        bytes: 1234,
        ..Attachment::default()
    }];
    message.refresh_terms();
    message
}

fn session() -> SessionRecord {
    SessionRecord {
        id: "s1".to_owned(),
        title: "Harbour".to_owned(),
        title_source: TitleSource::User,
        agent_id: "writer".to_owned(),
        created_at: 1_000,
        updated_at: 9_000,
        message_count: 12,
        preview: "The latest reply".to_owned(),
        pinned: true,
        deleted_at: None,
        branch_of: Some("s0".to_owned()),
        branched_at: Some("m7".to_owned()),
    }
}

fn agent() -> AgentRecord {
    let mut agent = AgentRecord::new("writer".to_owned(), "Writer".to_owned(), 1_000);
    agent.tools = vec!["calc".to_owned(), "mcp:srv:search".to_owned()];
    agent.set_mcp_asks("mcp:srv:search", "hash1", false);
    agent.ask_before_running.insert("calc".to_owned(), true);
    agent
}

fn provider() -> ProviderRecord {
    let mut provider = ProviderRecord {
        api: Default::default(),
        id: "p1".to_owned(),
        kind: ProviderKind::OpenAi,
        name: "OpenAI".to_owned(),
        base_url: "https://api.openai.com/v1".to_owned(),
        api_key: String::new(),
        preset: None,
        api_version: String::new(),
        key_origin: None,
        sealed_key: None,
    };
    provider.set_key("sk-very-secret-key".to_owned());
    provider
}

fn sealed() -> crate::format::sealed::Sealed {
    crate::format::sealed::Sealed::new(&[7; 12], &[9; 40])
}

fn model() -> ModelConfigRecord {
    ModelConfigRecord {
        id: "mc1".to_owned(),
        provider_id: "p1".to_owned(),
        model: "gpt-4o".to_owned(),
        temperature: Some(0.7),
        max_tokens: Some(2048),
        top_p: None,
        extra_json: Some("{\"seed\": 1}".to_owned()),
        thinking: Some(true),
        context_window: Some(128_000),
        inputs: None,
    }
}

fn file() -> ProjectFileRecord {
    ProjectFileRecord {
        id: "f1".to_owned(),
        name: "notes.md".to_owned(),
        content: "# Notes\n".to_owned(),
        created_at: 1_000,
        updated_at: 2_000,
    }
}

fn setting(key: &str, value: Value) -> SettingRecord {
    SettingRecord { key: key.to_owned(), value }
}

fn server() -> McpServer {
    McpServer {
        id: "srv".to_owned(),
        name: "Search".to_owned(),
        url: "https://mcp.example.com/mcp".to_owned(),
        headers: vec![McpHeader { name: "X-Api-Key".to_owned(), value: "mcp-header-secret".to_owned() }],
        enabled: true,
        tools: Vec::new(),
        oauth_client: Some(OAuthClientId {
            client_id: "client".to_owned(),
            client_secret: "oauth-client-secret".to_owned(),
        }),
        sign_in: None,
        sealed: Some(sealed()),
    }
}

/// A body as it is pushed: stamped, and through JSON text.
fn pushed(body: Body, now: Millis) -> Body {
    let stamped = stamp(None, body, now);
    serde_json::from_str(&Value::Object(stamped).to_string()).expect("a body reads back")
}

// ---- ids ----

#[test]
fn ids_name_the_kind_and_the_key() {
    let cases = [
        (DocKind::Message, "m1", "message:m1"),
        (DocKind::Session, "s1", "session:s1"),
        (DocKind::Agent, "general", "agent:general"),
        (DocKind::Provider, "p1", "provider:p1"),
        (DocKind::ModelConfig, "mc1", "model:mc1"),
        (DocKind::Setting, "user_tool:t1", "setting:user_tool:t1"),
        (DocKind::ProjectFile, "f1", "file:f1"),
        (DocKind::Blob, "0f", "blob:0f"),
        (DocKind::KnowledgeBase, "kb1", "kbase:kb1"),
        (DocKind::KnowledgeFile, "kf1", "kfile:kf1"),
    ];
    for (kind, key, id) in cases {
        assert_eq!(doc_id(kind, key), id);
        assert_eq!(parse_doc_id(id), Some((kind, key)), "{id}");
        assert_eq!(DocKind::from_name(kind_name(kind)), Some(kind));
        assert!(!kind_label(kind).is_empty());
    }
    assert_eq!(DocKind::ALL.len(), cases.len());
}

#[test]
fn other_ids_are_not_ours() {
    for id in ["_design/app", "_local/abc", "_message:m1", "hearth-e2e", "e:0a1b", "message:", "thing:1", "message"] {
        assert_eq!(parse_doc_id(id), None, "{id}");
    }
}

// ---- canonical JSON ----

#[test]
fn canonical_sorts_keys_at_every_depth_without_spaces() {
    let value = json!({"b": 1, "a": {"z": [3, {"y": null, "x": true}], "c": "é\"\n"}, "A": 1.5});
    assert_eq!(canonical(&value), r#"{"A":1.5,"a":{"c":"é\"\n","z":[3,{"x":true,"y":null}]},"b":1}"#);
    // The same whatever the order the map was built in.
    let mut one = Map::new();
    one.insert("x".to_owned(), json!(1));
    one.insert("a".to_owned(), json!(2));
    let mut two = Map::new();
    two.insert("a".to_owned(), json!(2));
    two.insert("x".to_owned(), json!(1));
    assert_eq!(canonical(&Value::Object(one)), canonical(&Value::Object(two)));
}

// ---- stamp ----

fn session_body(title: &str, pinned: bool) -> Body {
    let Value::Object(body) = json!({"type": "session", "record": {"id": "s1", "title": title, "pinned": pinned}})
    else {
        unreachable!()
    };
    body
}

fn times(body: &Body) -> BTreeMap<String, i64> {
    body.get(CHANGED)
        .and_then(Value::as_object)
        .map(|times| times.iter().map(|(k, v)| (k.clone(), v.as_i64().expect("a time"))).collect())
        .unwrap_or_default()
}

fn time_map(entries: &[(&str, i64)]) -> BTreeMap<String, i64> {
    entries.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect()
}

#[test]
fn stamp_dates_every_field_now_without_a_base() {
    let stamped = stamp(None, session_body("A", false), 10);
    assert_eq!(times(&stamped), time_map(&[("id", 10), ("pinned", 10), ("title", 10)]));
    assert_eq!(stamped.get(RECORD), session_body("A", false).get(RECORD));
}

#[test]
fn stamp_keeps_the_times_of_unchanged_fields_and_dates_changes_now() {
    let first = stamp(None, session_body("A", false), 10);
    let second = stamp(Some(&first), session_body("B", false), 20);
    assert_eq!(times(&second), time_map(&[("id", 10), ("pinned", 10), ("title", 20)]));
    // A field added later, and a field removed: both dated now.
    let mut added = session_body("B", false);
    added.get_mut(RECORD).and_then(Value::as_object_mut).expect("record").insert("branch_of".to_owned(), json!("s0"));
    let third = stamp(Some(&second), added, 30);
    assert_eq!(times(&third)["branch_of"], 30);
    let fourth = stamp(Some(&third), session_body("B", false), 40);
    assert_eq!(times(&fourth)["branch_of"], 40, "the removal is recorded");
    assert_eq!(record_field(&fourth, "branch_of"), None);
    // Removed before and still absent: the removal keeps its time.
    let fifth = stamp(Some(&fourth), session_body("B", true), 50);
    assert_eq!(times(&fifth), time_map(&[("branch_of", 40), ("id", 10), ("pinned", 50), ("title", 20)]));
}

#[test]
fn stamp_of_the_same_record_is_the_same_body() {
    let first = stamp(None, session_body("A", false), 10);
    let again = stamp(Some(&first), session_body("A", false), 99);
    assert_eq!(again, first);
    assert_eq!(canonical(&Value::Object(again)), canonical(&Value::Object(first)));
}

#[test]
fn stamp_replaces_times_a_body_brings_and_dates_unknown_base_times_now() {
    let mut body = session_body("A", false);
    body.insert(CHANGED.to_owned(), json!({"title": 1}));
    let unstamped_base = session_body("A", false);
    let stamped = stamp(Some(&unstamped_base), body, 10);
    assert_eq!(times(&stamped), time_map(&[("id", 10), ("pinned", 10), ("title", 10)]));
    // No record: nothing to date.
    let Value::Object(odd) = json!({"type": "session"}) else { unreachable!() };
    assert_eq!(stamp(None, odd.clone(), 10), odd);
}

// ---- messages ----

#[test]
fn a_message_round_trips_without_its_derived_fields() {
    let original = message();
    assert!(!original.terms.is_empty() && !original.blobs.is_empty());
    let body = message_doc(&original).expect("a complete message is synced");
    assert_eq!(body.get(TYPE), Some(&json!("message")));
    assert_eq!(record_field(&body, "terms"), None);
    assert_eq!(record_field(&body, "blobs"), None);
    assert_eq!(record_field(&body, "chosen_at"), Some(&json!(1_500)));
    let back = from_doc("message:m1", &pushed(body, 5)).expect("it reads back");
    assert_eq!(back, Incoming::Message(original));
}

#[test]
fn a_streaming_reply_is_not_synced_and_one_arriving_streaming_is_interrupted() {
    let mut reply = MessageRecord::new("r1".to_owned(), "s1".to_owned(), Role::Assistant, 2_000);
    reply.state = MessageState::Streaming;
    assert_eq!(message_doc(&reply), None);
    for state in [MessageState::Complete, MessageState::Stopped, MessageState::Failed, MessageState::Interrupted] {
        reply.state = state;
        assert!(message_doc(&reply).is_some(), "{state:?}");
    }
    reply.state = MessageState::Complete;
    let mut body = message_doc(&reply).expect("body");
    body.get_mut(RECORD).and_then(Value::as_object_mut).expect("record").insert("state".to_owned(), json!("streaming"));
    let Ok(Incoming::Message(back)) = from_doc("message:r1", &body) else { panic!("a message") };
    assert_eq!(back.state, MessageState::Interrupted);
}

// ---- sessions ----

#[test]
fn a_session_leaves_its_per_device_fields_out() {
    let body = session_doc(&session()).expect("synced");
    let record = body.get(RECORD).and_then(Value::as_object).expect("record");
    let fields: BTreeSet<&str> = record.keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> =
        ["id", "title", "title_source", "agent_id", "created_at", "pinned", "branch_of", "branched_at"].into();
    assert_eq!(fields, expected);
}

#[test]
fn a_session_awaiting_undo_is_not_synced() {
    let mut pending = session();
    pending.deleted_at = Some(5_000);
    assert_eq!(session_doc(&pending), None);
}

#[test]
fn a_session_round_trips_as_new_or_on_the_local_record() {
    let original = session();
    let body = pushed(session_doc(&original).expect("synced"), 5);
    let Ok(Incoming::Session(fresh)) = from_doc("session:s1", &body) else { panic!("a session") };
    assert_eq!(
        fresh,
        SessionRecord { message_count: 0, preview: String::new(), updated_at: 1_000, ..original.clone() }
    );
    let mut local = original.clone();
    local.title = "Old title".to_owned();
    local.deleted_at = Some(8_000);
    let kept = session_from_doc(&body, Some(&local)).expect("reads");
    assert_eq!(kept, SessionRecord { deleted_at: Some(8_000), ..original });
}

// ---- agents ----

#[test]
fn an_agent_keeps_its_permissions_on_the_device_unless_end_to_end_encrypted() {
    let original = agent();
    let plain = agent_doc(&original, PLAIN);
    for field in AGENT_PERMISSIONS {
        assert_eq!(record_field(&plain, field), None, "{field}");
    }
    assert_eq!(record_field(&plain, "tools"), Some(&json!(["calc", "mcp:srv:search"])));
    let Ok(Incoming::Agent(arrived)) = from_doc("agent:writer", &pushed(plain, 5)) else { panic!("an agent") };
    assert!(arrived.ask_before_running.is_empty() && arrived.allowed_definitions.is_empty());
    // This device's permissions are kept; a new agent has none.
    let mut here = original.clone();
    here.name = "Old name".to_owned();
    here.set_mcp_asks("mcp:srv:search", "hash-here", false);
    let kept = agent_keeping_permissions(arrived.clone(), Some(&here), PLAIN);
    assert_eq!(kept.name, "Writer");
    assert_eq!(kept.allowed_definitions, here.allowed_definitions);
    assert_eq!(agent_keeping_permissions(arrived, None, PLAIN).allowed_definitions, BTreeMap::new());
    // End-to-end encrypted: the whole record.
    let sealed = agent_doc(&original, E2E);
    let Ok(Incoming::Agent(arrived)) = from_doc("agent:writer", &pushed(sealed, 5)) else { panic!("an agent") };
    assert_eq!(arrived, original);
    assert_eq!(agent_keeping_permissions(arrived, Some(&here), E2E), original);
}

#[test]
fn an_app_agent_round_trips() {
    let builder = AgentRecord::app_builder(1_000);
    assert_eq!(builder.kind, AgentKind::App);
    let body = pushed(agent_doc(&builder, PLAIN), 5);
    assert_eq!(from_doc("agent:app-builder", &body), Ok(Incoming::Agent(builder)));
}

// ---- providers ----

#[test]
fn a_provider_body_never_holds_the_plain_key() {
    let mut unlocked = provider();
    unlocked.sealed_key = Some(sealed());
    for policy in [PLAIN, E2E, SEALED_KEYS, SyncPolicy { e2e: true, sealed_keys: true }] {
        for record in [provider(), unlocked.clone()] {
            let body = provider_doc(&record, policy);
            let text = canonical(&Value::Object(body.clone()));
            assert!(!text.contains("sk-very-secret-key"), "{policy:?}: {text}");
            assert_eq!(record_field(&body, "api_key"), Some(&json!("")));
        }
    }
}

#[test]
fn a_sealed_key_goes_only_when_asked_for_and_its_origin_with_it() {
    let mut locked = provider();
    locked.api_key.clear();
    locked.sealed_key = Some(sealed());
    let plain = provider_doc(&locked, PLAIN);
    assert_eq!(record_field(&plain, "sealed_key"), None);
    assert_eq!(record_field(&plain, "key_origin"), None);
    let with_key = provider_doc(&locked, SEALED_KEYS);
    assert_eq!(record_field(&with_key, "sealed_key"), Some(&json!({"iv": sealed().iv, "data": sealed().data})));
    assert_eq!(record_field(&with_key, "key_origin"), Some(&json!("https://api.openai.com")));
    let Ok(Incoming::Provider(arrived)) = from_doc("provider:p1", &pushed(with_key, 5)) else { panic!("a provider") };
    assert_eq!(arrived, locked);
}

#[test]
fn a_provider_keeps_the_key_here_while_its_origin_stays() {
    let here = provider();
    let body = pushed(provider_doc(&here, PLAIN), 5);
    let Ok(Incoming::Provider(arrived)) = from_doc("provider:p1", &body) else { panic!("a provider") };
    assert!(!arrived.has_key());
    assert_eq!(provider_keeping_key(arrived.clone(), Some(&here), PLAIN), here);
    assert_eq!(provider_from_doc(&body, Some(&here), PLAIN), Ok(here.clone()));
    assert_eq!(provider_keeping_key(arrived, None, PLAIN).api_key, "");
    // Moved to another origin elsewhere: the key here is not sent there.
    let mut moved = here.clone();
    moved.base_url = "https://evil.example.com/v1".to_owned();
    let body = pushed(provider_doc(&moved, PLAIN), 5);
    let kept = provider_from_doc(&body, Some(&here), PLAIN).expect("reads");
    assert_eq!(
        (kept.api_key.as_str(), kept.sealed_key.as_ref(), kept.base_url.as_str()),
        ("", None, moved.base_url.as_str())
    );
}

#[test]
fn a_plain_key_in_a_body_is_never_taken() {
    let mut body = provider_doc(&provider(), PLAIN);
    let record = body.get_mut(RECORD).and_then(Value::as_object_mut).expect("record");
    record.insert("api_key".to_owned(), json!("sk-from-the-server"));
    record.insert("key_origin".to_owned(), json!("https://api.openai.com"));
    let Ok(Incoming::Provider(arrived)) = from_doc("provider:p1", &body) else { panic!("a provider") };
    assert_eq!((arrived.api_key.as_str(), arrived.key_origin), ("", None));
}

/// Finding 4 of the sync review: in plain sync a server could put any bytes
/// in a provider's sealed key (a junk `sealed_key` replaced the key here).
#[test]
fn a_sealed_key_from_a_document_is_taken_only_when_sealed_keys_are_synced() {
    let mut here = provider();
    here.api_key.clear();
    here.sealed_key = Some(sealed());
    here.key_origin = Some("https://api.openai.com".to_owned());
    let mut junk = here.clone();
    junk.sealed_key = Some(crate::format::sealed::Sealed { iv: "AAAA".to_owned(), data: "AAAA".to_owned() });
    let body = pushed(provider_doc(&junk, SEALED_KEYS), 5);
    let Ok(Incoming::Provider(arrived)) = from_doc("provider:p1", &body) else { panic!("a provider") };
    // Plain sync (sealed keys not synced): the key here stays.
    assert_eq!(provider_keeping_key(arrived.clone(), Some(&here), PLAIN).sealed_key, here.sealed_key);
    assert_eq!(provider_from_doc(&body, Some(&here), PLAIN).map(|p| p.sealed_key), Ok(here.sealed_key.clone()));
    // With no key here, none is taken either.
    assert_eq!(provider_keeping_key(arrived.clone(), None, PLAIN).sealed_key, None);
    // Synced sealed keys: the one that came is used.
    assert_eq!(provider_keeping_key(arrived, Some(&here), SEALED_KEYS).sealed_key, junk.sealed_key);
}

/// Finding 3 of the sync review: a body of a newer shape is not read (and
/// so never turned into a record that loses what it does not know).
#[test]
fn a_body_of_a_newer_shape_is_not_read_and_every_body_says_its_shape() {
    let body = pushed(session_doc(&session()).expect("a body"), 5);
    assert_eq!(body.get(SCHEMA_FIELD), Some(&json!(FIRST_SHAPE)), "a session has needed no newer shape");
    assert!(from_doc("session:s1", &body).is_ok());
    let mut newer = body.clone();
    newer.insert(SCHEMA_FIELD.to_owned(), json!(SCHEMA + 1));
    assert_eq!(from_doc("session:s1", &newer), Err(MapError::NewerSchema(SCHEMA + 1)));
    // An older body (no shape) reads.
    let mut older = body;
    older.remove(SCHEMA_FIELD);
    assert!(from_doc("session:s1", &older).is_ok());
}

// ---- model configs, files, blobs ----

#[test]
fn model_configs_and_project_files_round_trip_whole() {
    let body = pushed(model_config_doc(&model()), 5);
    assert_eq!(from_doc("model:mc1", &body), Ok(Incoming::ModelConfig(model())));
    let body = pushed(file_doc(&file()), 5);
    assert_eq!(body.get(TYPE), Some(&json!("file")));
    assert_eq!(from_doc("file:f1", &body), Ok(Incoming::ProjectFile(file())));
}

#[test]
fn a_blob_round_trips_its_bytes() {
    let hash = "0123456789abcdef".repeat(4);
    let bytes: Vec<u8> = (0..=255).collect();
    let body = blob_doc(&hash, "image/png", &bytes);
    assert_eq!(record_field(&body, "size"), Some(&json!(256)));
    assert_eq!(record_field(&body, "data"), Some(&json!(base64::encode(&bytes))));
    let back = from_doc(&doc_id(DocKind::Blob, &hash), &pushed(body.clone(), 5));
    assert_eq!(back, Ok(Incoming::Blob { hash: hash.clone(), media_type: "image/png".to_owned(), bytes }));
    // A size that is not the data's, or a hash that is no SHA-256: refused.
    let mut wrong = body.clone();
    wrong.get_mut(RECORD).and_then(Value::as_object_mut).expect("record").insert("size".to_owned(), json!(3));
    assert!(matches!(from_doc(&doc_id(DocKind::Blob, &hash), &wrong), Err(MapError::BadRecord { .. })));
    let short = blob_doc("abc", "image/png", b"x");
    assert!(matches!(from_doc("blob:abc", &short), Err(MapError::BadRecord { .. })));
}

/// Finding 5 of the sync review: an attachment of about 6 MB made one
/// document over CouchDB's 8 MB (and over Cloudant's 1 MB far sooner).
#[test]
fn a_large_attachment_goes_in_pieces_each_under_a_megabyte_sealed() {
    let hash = "0123456789abcdef".repeat(4);
    let small: Vec<u8> = vec![7; BLOB_PIECE];
    assert_eq!(blob_docs(&hash, "image/png", &small).len(), 1, "up to a piece: one document");
    let bytes: Vec<u8> = (0..(BLOB_PIECE * 2 + 10)).map(|n| (n % 251) as u8).collect();
    let docs = blob_docs(&hash, "image/jpeg", &bytes);
    let ids: Vec<&str> = docs.iter().map(|(id, _)| id.as_str()).collect();
    let head = format!("blob:{hash}");
    assert_eq!(ids, [format!("{head}.1"), format!("{head}.2"), format!("{head}.3"), head.clone()]);
    let mut got = std::collections::BTreeMap::new();
    let mut read_head = None;
    for (id, body) in &docs {
        // Sealed, a body is its JSON in base64 again (and an IV and a tag).
        let sealed = canonical(&Value::Object(body.clone())).len() * 4 / 3 + 100;
        assert!(sealed < 1_000_000, "{id} is {sealed} bytes sealed");
        match from_doc(id, &pushed(body.clone(), 5)) {
            Ok(Incoming::BlobPiece { hash: of, index, bytes }) if of == hash => {
                got.insert(index, bytes);
            }
            Ok(Incoming::BlobHead { hash: of, media_type, size, pieces }) if of == hash => {
                read_head = Some((media_type, size, pieces));
            }
            other => panic!("{id}: {other:?}"),
        }
    }
    let (media_type, size, pieces) = read_head.expect("the head");
    assert_eq!((media_type.as_str(), size, pieces), ("image/jpeg", bytes.len() as u64, 3));
    assert_eq!(join_pieces(size, pieces, &got), Some(bytes.clone()));
    got.remove(&2);
    assert_eq!(join_pieces(size, pieces, &got), None, "a missing piece");
    // A head whose number of pieces or size is not believable is refused.
    let (head_id, head_body) = docs.last().expect("the head").clone();
    for (field, value) in
        [("pieces", json!(1_000_000_000_000_u64)), ("pieces", json!(2)), ("size", json!(BLOB_MAX + 1))]
    {
        let mut forged = head_body.clone();
        forged.get_mut(RECORD).and_then(Value::as_object_mut).expect("record").insert(field.to_owned(), value);
        assert!(matches!(from_doc(&head_id, &forged), Err(MapError::BadRecord { .. })), "{field}");
    }
    // A piece under another piece's id is refused.
    let (_, first) = &docs[0];
    assert!(matches!(from_doc(&format!("{head}.2"), first), Err(MapError::IdMismatch { .. })));
}

// ---- settings ----

#[test]
fn every_setting_key_has_one_rule() {
    let keys: Vec<(&str, bool)> = SETTING_RULES.iter().map(|rule| (rule.key, rule.prefix)).collect();
    let distinct: BTreeSet<&(&str, bool)> = keys.iter().collect();
    assert_eq!(distinct.len(), keys.len(), "a key is classified twice");
    assert!(SETTING_RULES.iter().all(|rule| !rule.why.is_empty()));
}

/// Every key the shell stores, and how it syncs with and without end-to-end
/// encryption.
const SHELL_KEYS: &[(&str, bool, bool)] = &[
    ("auto_title", true, true),
    ("compaction", true, true),
    ("stall_timeout_secs", true, true),
    ("user_tool:t1", true, true),
    ("app:s1", true, true),
    ("mcp_server:srv", false, true),
    ("image_auto_hosts", false, true),
    ("key_lock", false, false),
    ("search_index", false, false),
    ("sync_config", false, false),
    ("active_provider", false, false),
    ("last_agent", false, false),
    ("compare_tally", false, false),
    ("shortcut_question_mark", false, false),
    ("voice", false, false),
    ("a_key_no_rule_names", false, false),
];

#[test]
fn settings_sync_as_their_table_says() {
    for (key, plain, e2e) in SHELL_KEYS {
        let record = setting(key, json!(true));
        assert_eq!(setting_synced(key, PLAIN), *plain, "{key} without e2e");
        assert_eq!(setting_synced(key, E2E), *e2e, "{key} with e2e");
        assert_eq!(setting_doc(&record, PLAIN).is_some(), *plain, "{key} without e2e");
        assert_eq!(setting_doc(&record, E2E).is_some(), *e2e, "{key} with e2e");
        let taken = setting_keeping_local(record.clone(), None, E2E).is_some();
        assert_eq!(taken, *e2e, "{key} taken with e2e");
        let refused = matches!(
            from_doc(&doc_id(DocKind::Setting, key), &body_of(DocKind::Setting, fields_of(&record))),
            Err(MapError::DeviceOnly(_) | MapError::UnknownSetting(_))
        );
        assert_eq!(refused, !*e2e, "{key} refused as device-only or unknown");
    }
}

/// The shell's setting keys: the string constants it passes to
/// `put_setting`, `setting` or `settings_under` (found in `src/`, with the
/// core's own constants), each covered by [`SHELL_KEYS`] or a prefix rule.
#[test]
fn every_setting_key_the_shell_uses_is_in_the_table() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    for dir in [manifest.join("../src"), manifest.join("src")] {
        collect_rust(&dir, &mut sources);
    }
    assert!(!sources.is_empty(), "no sources found");
    let texts: Vec<String> = sources.iter().filter_map(|path| std::fs::read_to_string(path).ok()).collect();
    let mut constants: BTreeMap<String, String> = BTreeMap::new();
    for text in &texts {
        for line in text.lines() {
            if let Some((name, value)) = string_constant(line) {
                constants.insert(name, value);
            }
        }
    }
    let mut used: BTreeSet<String> = BTreeSet::new();
    for text in texts.iter().filter(|text| !text.contains("#[cfg(test)]\nmod tests {")) {
        for call in ["put_setting(", ".setting(", "settings_under(", "settings_under::<serde_json::Value>("] {
            for (at, _) in text.match_indices(call) {
                let argument: String = text[at + call.len()..]
                    .trim_start_matches('&')
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                if argument.len() > 1 {
                    used.insert(argument);
                }
            }
        }
    }
    assert!(used.len() >= 10, "too few setting keys found: {used:?}");
    // Keys made at run time: `fn setting_key` writes `format!("<prefix>{…}")`.
    let mut prefixes = 0;
    for text in &texts {
        for (at, _) in text.match_indices("fn setting_key") {
            let body: String = text[at..].chars().take(300).collect();
            let Some(rest) = body.split("format!(\"").nth(1) else { continue };
            let prefix: String = rest.chars().take_while(|c| *c != '{' && *c != '"').collect();
            if !prefix.is_empty() {
                prefixes += 1;
                let rule = setting_rule(&format!("{prefix}x"));
                assert!(rule.is_some_and(|rule| rule.prefix), "the shell's settings {prefix}… have no rule");
            }
        }
    }
    assert!(prefixes >= 1, "no run-time setting keys found");
    let known: BTreeSet<&str> = SHELL_KEYS.iter().map(|(key, ..)| *key).collect();
    for name in used {
        let key = constants.get(&name).unwrap_or_else(|| panic!("the constant {name} was not found"));
        let covered = known.contains(key.as_str()) || setting_rule(key).is_some_and(|rule| rule.prefix);
        assert!(covered, "the shell's setting {name} = {key:?} is not in SHELL_KEYS");
        assert!(setting_rule(key).is_some(), "the shell's setting {name} = {key:?} has no rule");
    }
}

fn collect_rust(dir: &Path, into: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rust(&path, into);
        } else if path.extension().is_some_and(|ext| ext == "rs") && !path.ends_with("tests.rs") {
            into.push(path);
        }
    }
}

/// `NAME` and `value` of a line `… const NAME: &str = "value";`.
fn string_constant(line: &str) -> Option<(String, String)> {
    let rest = line.split("const ").nth(1)?;
    let (name, rest) = rest.split_once(": &str = \"")?;
    let (value, _) = rest.split_once('"')?;
    Some((name.trim().to_owned(), value.to_owned()))
}

#[test]
fn a_synced_setting_round_trips() {
    let record = setting("compaction", json!({"at_percent": 80, "keep_last": 6}));
    let body = pushed(setting_doc(&record, PLAIN).expect("synced"), 5);
    assert_eq!(from_doc("setting:compaction", &body), Ok(Incoming::Setting(record.clone())));
    assert_eq!(setting_keeping_local(record.clone(), None, PLAIN), Some(record));
}

#[test]
fn an_mcp_server_goes_only_end_to_end_encrypted_and_without_its_secrets() {
    let here = server();
    let record = setting(&here.setting_key(), serde_json::to_value(&here).expect("json"));
    assert_eq!(setting_doc(&record, PLAIN), None);
    let body = setting_doc(&record, SyncPolicy { e2e: true, sealed_keys: true }).expect("synced with e2e");
    let text = canonical(&Value::Object(body.clone()));
    for secret in ["mcp-header-secret", "oauth-client-secret", &sealed().data] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    assert!(text.contains("X-Api-Key"), "the header's name goes: {text}");
    // Arriving here: the secrets here are kept while the address is the same.
    let Ok(Incoming::Setting(arrived)) = from_doc("setting:mcp_server:srv", &pushed(body, 5)) else {
        panic!("a setting")
    };
    assert_eq!(setting_keeping_local(arrived.clone(), Some(&record), PLAIN), None, "not without e2e");
    let kept = setting_keeping_local(arrived.clone(), Some(&record), E2E).expect("taken");
    let kept: McpServer = serde_json::from_value(kept.value).expect("a server");
    assert_eq!(kept, here);
    // A new server arrives without secrets.
    let new = setting_keeping_local(arrived, None, E2E).expect("taken");
    let new: McpServer = serde_json::from_value(new.value).expect("a server");
    assert_eq!(new, here.without_secrets().at_rest(false));
}

#[test]
fn an_apps_network_permission_stays_on_the_device_unless_end_to_end_encrypted() {
    let record = setting("app:s1", json!({"network_allowed": true, "items": {"todo": "[1,2]"}}));
    let plain = setting_doc(&record, PLAIN).expect("synced");
    assert_eq!(record_field(&plain, "value"), Some(&json!({"items": {"todo": "[1,2]"}})));
    let Ok(Incoming::Setting(arrived)) = from_doc("setting:app:s1", &plain) else { panic!("a setting") };
    let new = setting_keeping_local(arrived.clone(), None, PLAIN).expect("taken");
    assert_eq!(new.value, json!({"network_allowed": false, "items": {"todo": "[1,2]"}}));
    assert_eq!(setting_keeping_local(arrived, Some(&record), PLAIN), Some(record.clone()));
    let sealed = setting_doc(&record, E2E).expect("synced");
    assert_eq!(record_field(&sealed, "value"), Some(&record.value));
    let Ok(Incoming::Setting(arrived)) = from_doc("setting:app:s1", &sealed) else { panic!("a setting") };
    let denied_here = setting("app:s1", json!({"network_allowed": false}));
    assert_eq!(setting_keeping_local(arrived, Some(&denied_here), E2E), Some(record));
}

// ---- errors ----

#[test]
fn bad_documents_are_typed_errors() {
    let body = model_config_doc(&model());
    assert_eq!(from_doc("_design/x", &body), Err(MapError::NotOurs("_design/x".to_owned())));
    assert!(matches!(from_doc("model:other", &body), Err(MapError::IdMismatch { .. })));
    assert!(matches!(from_doc("file:mc1", &body), Err(MapError::KindMismatch { .. })));
    let mut unknown = body.clone();
    unknown.insert(TYPE.to_owned(), json!("spaceship"));
    assert_eq!(from_doc("model:mc1", &unknown), Err(MapError::UnknownType("spaceship".to_owned())));
    let mut no_record = body.clone();
    no_record.remove(RECORD);
    assert!(matches!(from_doc("model:mc1", &no_record), Err(MapError::BadRecord { .. })));
    let mut bad = body;
    bad.get_mut(RECORD).and_then(Value::as_object_mut).expect("record").insert("max_tokens".to_owned(), json!("many"));
    let error = from_doc("model:mc1", &bad).expect_err("a bad record");
    assert!(matches!(error, MapError::BadRecord { kind: "model", .. }), "{error:?}");
    assert!(!error.to_string().is_empty());
    let setting_body = body_of(DocKind::Setting, fields_of(&setting("key_lock", json!({}))));
    assert_eq!(from_doc("setting:key_lock", &setting_body), Err(MapError::DeviceOnly("key_lock".to_owned())));
}

// ---- the wire format ----

/// The documents Hearth writes are a format other versions read: a change to
/// these shows here.
#[test]
fn the_documents_keep_their_format() {
    let at = 1_700_000_000_000_i64;
    let session_body = stamp(None, session_doc(&session()).expect("synced"), at);
    let expected = json!({
        "type": "session",
        "schema": 1,
        "record": {
            "id": "s1", "title": "Harbour", "title_source": "user", "agent_id": "writer", "created_at": 1000,
            "pinned": true, "branch_of": "s0", "branched_at": "m7"
        },
        "changed": {
            "id": at, "title": at, "title_source": at, "agent_id": at, "created_at": at, "pinned": at,
            "branch_of": at, "branched_at": at
        }
    });
    assert_eq!(Value::Object(session_body), expected);
    let mut locked = provider();
    locked.api_key.clear();
    locked.sealed_key = Some(sealed());
    let provider_body = provider_doc(&locked, SEALED_KEYS);
    let expected = json!({
        "type": "provider",
        "schema": 1,
        "record": {
            "id": "p1", "kind": "open_ai", "name": "OpenAI", "base_url": "https://api.openai.com/v1", "api_key": "",
            "preset": null, "api_version": "", "key_origin": "https://api.openai.com",
            "sealed_key": {"iv": sealed().iv, "data": sealed().data}
        }
    });
    assert_eq!(Value::Object(provider_body), expected);
    let hash = "0123456789abcdef".repeat(4);
    let blob_body = blob_doc(&hash, "image/png", b"PNG bytes");
    let expected = json!({
        "type": "blob",
        "schema": 1,
        "record": {"hash": hash, "media_type": "image/png", "size": 9, "data": "UE5HIGJ5dGVz"}
    });
    assert_eq!(Value::Object(blob_body), expected);
    let setting_body = setting_doc(&setting("auto_title", json!(false)), PLAIN).expect("synced");
    assert_eq!(
        Value::Object(setting_body),
        json!({"type": "setting", "schema": 1, "record": {"key": "auto_title", "value": false}})
    );
}

#[test]
fn a_reply_with_sources_citations_tools_pictures_and_unsupported_parts_syncs_whole() {
    let reply = crate::storage::backup::tests::searched_reply();
    let body = message_doc(&reply).expect("a complete reply is synced");
    // Shape 2: a version before these fields keeps the document unread
    // rather than drop them on its next change; this version reads it.
    assert_eq!(body.get(SCHEMA_FIELD), Some(&json!(2)));
    assert_eq!(message_doc(&message()).and_then(|body| body.get(SCHEMA_FIELD).cloned()), Some(json!(1)));
    for field in ["sources", "citations", "server_tools", "images", "unsupported"] {
        assert!(record_field(&body, field).is_some(), "{field} travels");
    }
    assert_eq!(record_field(&body, "blobs"), None, "derived, left out");
    let stamped = pushed(body, 5);
    let Ok(Incoming::Message(back)) = from_doc("message:m2", &stamped) else { panic!("it reads back") };
    assert_eq!(back.blobs, ["cd".repeat(32), "ef".repeat(32)], "its pictures' blobs are listed again");
    assert_eq!(back, reply);
    for strip in 0..5 {
        let mut plainer = reply.clone();
        match strip {
            0 => plainer.sources = Default::default(),
            1 => plainer.citations = Default::default(),
            2 => plainer.server_tools = Default::default(),
            3 => plainer.images.clear(),
            _ => plainer.unsupported = Default::default(),
        }
        assert_eq!(message_shape(&plainer), 2, "any one of them makes shape 2");
    }
}

/// An agent with reply options (search, effort, pictures) is shape 2, so a
/// version before them keeps it unread instead of dropping them; one without
/// stays shape 1, read by every version.
#[test]
fn an_agent_with_reply_options_is_shape_2() {
    let plain = AgentRecord::general(1);
    assert_eq!(agent_doc(&plain, PLAIN).get(SCHEMA_FIELD), Some(&json!(FIRST_SHAPE)));
    let mut searching = plain.clone();
    searching.options.web_search = true;
    assert_eq!(agent_doc(&searching, PLAIN).get(SCHEMA_FIELD), Some(&json!(2)));
}

/// An agent that reads aloud by itself, or has a voice of its own, is shape
/// 3 (whatever its reply options), so a version before them keeps it unread
/// instead of dropping them; the fields read back as written.
#[test]
fn an_agent_with_a_voice_is_shape_3() {
    let plain = AgentRecord::general(1);
    let mut reading = plain.clone();
    reading.auto_read = true;
    let mut voiced = plain.clone();
    voiced.voice = "verse".to_owned();
    voiced.options.web_search = true;
    for agent in [&reading, &voiced] {
        let doc = agent_doc(agent, PLAIN);
        assert_eq!(doc.get(SCHEMA_FIELD), Some(&json!(3)));
        let stamped = stamp(None, doc, 5);
        let Ok(Incoming::Agent(back)) = from_doc(&format!("agent:{}", agent.id), &stamped) else {
            panic!("it reads back")
        };
        assert_eq!(back, *agent);
    }
    assert!(!agent_doc(&plain, PLAIN).contains_key("auto_read"), "left out when off");
    assert!(!agent_doc(&plain, PLAIN).contains_key("voice"), "left out when blank");
}

#[test]
fn a_message_with_a_voice_note_and_a_model_said_to_hear_are_shape_4() {
    use crate::message::attachment::{Accepts, AttachmentKind};
    use crate::provider::{InputsFrom, ModelInputs};
    let mut message = MessageRecord::new("m1".to_owned(), "s1".to_owned(), Role::User, 1_000);
    assert_eq!(message_shape(&message), FIRST_SHAPE);
    message.attachments.push(Attachment {
        kind: AttachmentKind::Audio,
        blob: "a".repeat(64),
        mime: "audio/wav".into(),
        name: "Voice note.wav".into(),
        transcript: Some("Hello".into()),
        ..Attachment::default()
    });
    let body = message_doc(&message).expect("a body");
    assert_eq!(body.get(SCHEMA_FIELD), Some(&Value::from(4)));
    let mut model = ModelConfigRecord { model: "gpt-audio".into(), ..model() };
    assert_eq!(model_config_doc(&model).get(SCHEMA_FIELD), Some(&Value::from(FIRST_SHAPE)));
    model.inputs = Some(ModelInputs { model: "gpt-audio".into(), accepts: Accepts::ALL, from: InputsFrom::User });
    assert_eq!(model_config_doc(&model).get(SCHEMA_FIELD), Some(&Value::from(4)));
    model.inputs = Some(ModelInputs { model: "gpt-audio".into(), accepts: Accepts::VISUAL, from: InputsFrom::User });
    assert_eq!(model_config_doc(&model).get(SCHEMA_FIELD), Some(&Value::from(FIRST_SHAPE)));
}

#[test]
fn a_message_whose_call_showed_an_mcp_apps_view_is_shape_5() {
    use crate::storage::{ToolCallRecord, ToolResultRecord};
    let mut message = MessageRecord::new("m1".to_owned(), "s1".to_owned(), Role::Assistant, 1_000);
    let call = ToolCallRecord {
        id: "c".into(),
        name: "basic__get-time".into(),
        arguments_raw: "{}".into(),
        commentary: String::new(),
        result: Some(ToolResultRecord { content: "12:00".into(), ..ToolResultRecord::default() }),
        round: 0,
    };
    message.tool_calls.push(call);
    assert_eq!(message_shape(&message), FIRST_SHAPE, "a call without a view");
    if let Some(result) = message.tool_calls[0].result.as_mut() {
        result.app = Some(json!({ "server_id": "s", "tool": "get-time", "uri": "ui://x", "blob": "a".repeat(64) }));
    }
    assert_eq!(message_shape(&message), 5, "a version before it would drop the view");
}

#[test]
fn a_reply_given_knowledge_passages_and_an_agent_with_bases_are_shape_6() {
    use crate::knowledge::records::Retrieved;
    let mut message = MessageRecord::new("m1".to_owned(), "s1".to_owned(), Role::Assistant, 1_000);
    assert_eq!(message_shape(&message), FIRST_SHAPE);
    let passage = Retrieved {
        number: 1,
        file: "f1".into(),
        name: "manual.pdf".into(),
        passage: 3,
        at: crate::knowledge::Locator { page: Some(31), ..Default::default() },
        text: "The valve opens at 47 kPa.".into(),
        pdf: true,
    };
    message.knowledge.push(passage.to_value());
    assert_eq!(Retrieved::from_values(&message.knowledge), vec![passage], "kept as JSON, read back whole");
    assert_eq!(message_shape(&message), 6, "a version before it would drop the passages");
    let body = message_doc(&message).expect("a body");
    assert_eq!(body.get(SCHEMA_FIELD), Some(&Value::from(6)));
    let mut agent = AgentRecord::general(0);
    assert_eq!(agent_shape(&agent), FIRST_SHAPE);
    agent.knowledge.push("base-1".into());
    assert_eq!(agent_shape(&agent), 6, "a version before it would drop the bases");
    agent.knowledge.clear();
    agent.knowledge_budget = Some(4_000);
    assert_eq!(agent_shape(&agent), 6, "and the budget");
    assert_eq!(SCHEMA, 7, "shape 7: carried embeddings");
}

// ---- knowledge bases ----

fn knowledge_base() -> BaseRecord {
    BaseRecord {
        id: "kb1".to_owned(),
        name: "Pump manuals".to_owned(),
        created: 1_000,
        embedding: Some(crate::knowledge::records::EmbeddingChoice {
            account: "p1".to_owned(),
            model: "text-embedding-3-small".to_owned(),
        }),
        folder_name: None,
        folder_allowed: false,
        carry_vectors: false,
        hidden: false,
    }
}

fn knowledge_file() -> FileRecord {
    FileRecord {
        id: "kf1".to_owned(),
        num: 0,
        base: "kb1".to_owned(),
        name: "pump-manual.pdf".to_owned(),
        path: "manuals/pump-manual.pdf".to_owned(),
        size: 48_213,
        hash: Some("ab".repeat(32)),
        kind: Some(crate::knowledge::kind::FileKind::Pdf),
        modified: 1_700_000_000_000.0,
        added: 1_700_000_100_000.0,
        state: crate::knowledge::records::FileState::Waiting,
        passages: 0,
        pages: 0,
        embedded: 0,
        refusal: None,
        embed_error: None,
        hidden: false,
        replaces: None,
        vectors: None,
    }
}

#[test]
fn a_knowledge_base_round_trips_without_this_devices_folder() {
    let linked = BaseRecord { folder_name: Some("manuals".to_owned()), folder_allowed: true, ..knowledge_base() };
    let body = knowledge_base_doc(&linked).expect("a base is synced");
    assert_eq!(body.get(TYPE), Some(&json!("kbase")));
    assert_eq!(record_field(&body, "folderName"), None, "a folder is this device's");
    assert_eq!(record_field(&body, "hidden"), None);
    assert_eq!(from_doc("kbase:kb1", &pushed(body, 5)), Ok(Incoming::KnowledgeBase(knowledge_base())));
    // A base whose removal can still be undone is not synced now.
    assert_eq!(knowledge_base_doc(&BaseRecord { hidden: true, ..knowledge_base() }), None);
    // Its deletion goes after its files'.
    assert_eq!(parse_doc_id("kbase:kb1"), Some((DocKind::KnowledgeBase, "kb1")));
}

#[test]
fn a_knowledge_file_carries_what_it_is_and_the_receiver_reads_it_again() {
    let read = FileRecord {
        num: 42,
        state: crate::knowledge::records::FileState::Indexed,
        passages: 31,
        pages: 40,
        embedded: 31,
        embed_error: Some("HTTP 500".to_owned()),
        ..knowledge_file()
    };
    let body = knowledge_file_doc(&read).expect("a read file is synced");
    assert_eq!(body.get(TYPE), Some(&json!("kfile")));
    let carried: BTreeSet<&str> =
        body[RECORD].as_object().map(|r| r.keys().map(String::as_str).collect()).unwrap_or_default();
    let without_vectors = records::FILE_CARRIED.into_iter().filter(|field| *field != "vectors").collect();
    assert_eq!(
        carried, without_vectors,
        "what this device made of it stays here (and no embeddings: none are carried)"
    );
    // Times go as whole milliseconds, which read back the same from any JSON
    // (a float would come back as an integer, and its revision not match).
    assert_eq!(record_field(&body, "modified").map(canonical), Some("1700000000000".to_owned()));
    // Back as a file waiting to be read, its bytes to come as a blob.
    assert_eq!(from_doc("kfile:kf1", &pushed(body, 5)), Ok(Incoming::KnowledgeFile(knowledge_file())));
    // Refused unread, being undone, or a new version not yet read: not synced now.
    assert_eq!(knowledge_file_doc(&FileRecord { hash: None, ..knowledge_file() }), None);
    assert_eq!(knowledge_file_doc(&FileRecord { hidden: true, ..knowledge_file() }), None);
    assert_eq!(knowledge_file_doc(&FileRecord { replaces: Some("kf0".to_owned()), ..knowledge_file() }), None);
}

#[test]
fn a_knowledge_file_that_does_not_say_what_it_is_is_held() {
    let body = pushed(knowledge_file_doc(&knowledge_file()).expect("synced"), 5);
    let with = |field: &str, value: Value| {
        let mut body = body.clone();
        if let Some(record) = body.get_mut(RECORD).and_then(Value::as_object_mut) {
            record.insert(field.to_owned(), value);
        }
        body
    };
    let bad = |result: Result<Incoming, MapError>| matches!(result, Err(MapError::BadRecord { kind: "kfile", .. }));
    assert!(bad(from_doc("kfile:kf1", &with("hash", json!("../../etc/passwd")))));
    assert!(bad(from_doc("kfile:kf1", &with("hash", Value::Null))));
    assert!(bad(from_doc("kfile:kf1", &with("kind", json!("spreadsheet")))), "a newer version's kind");
    assert!(bad(from_doc("kfile:kf1", &with("kind", Value::Null))));
    assert!(bad(from_doc("kfile:kf1", &with("base", json!("")))));
    assert!(matches!(from_doc("kfile:kf2", &body), Err(MapError::IdMismatch { .. })));
    // What a device keeps to itself is never taken from a document.
    let Ok(Incoming::KnowledgeFile(file)) = from_doc("kfile:kf1", &with("state", json!("indexed"))) else {
        panic!("reads")
    };
    assert_eq!(file.state, crate::knowledge::records::FileState::Waiting);
}

#[test]
fn a_knowledge_files_embeddings_travel_when_its_base_carries_them_and_a_bad_description_is_dropped() {
    use crate::knowledge::records::CarriedVectors;
    let vectors = CarriedVectors {
        hash: "cd".repeat(32),
        model: "p1|text-embedding-3-small".to_owned(),
        dims: 1536,
        passages: "ef".repeat(32),
    };
    let carrying = BaseRecord { carry_vectors: true, ..knowledge_base() };
    let body = knowledge_base_doc(&carrying).expect("synced");
    assert_eq!(record_field(&body, "carry_vectors"), Some(&json!(true)));
    assert_eq!(from_doc("kbase:kb1", &pushed(body, 5)), Ok(Incoming::KnowledgeBase(carrying)));
    // A base that does not carry them says nothing of it (its document is as before).
    assert_eq!(record_field(&knowledge_base_doc(&knowledge_base()).expect("synced"), "carry_vectors"), None);

    let embedded = FileRecord { vectors: Some(vectors.clone()), ..knowledge_file() };
    let body = pushed(knowledge_file_doc(&embedded).expect("synced"), 5);
    // Shape 7: a version before it keeps the document as it is instead of dropping the field.
    assert_eq!(body.get(SCHEMA_FIELD), Some(&json!(7)));
    assert_eq!(knowledge_file_doc(&knowledge_file()).and_then(|b| b.get(SCHEMA_FIELD).cloned()), Some(json!(1)));
    assert_eq!(
        knowledge_base_doc(&BaseRecord { carry_vectors: true, ..knowledge_base() })
            .and_then(|b| b.get(SCHEMA_FIELD).cloned()),
        Some(json!(7))
    );
    assert_eq!(from_doc("kfile:kf1", &body), Ok(Incoming::KnowledgeFile(embedded)));
    for bad in [
        CarriedVectors { hash: "../x".to_owned(), ..vectors.clone() },
        CarriedVectors { passages: "AB".repeat(32), ..vectors.clone() },
        CarriedVectors { dims: 0, ..vectors.clone() },
        CarriedVectors { model: String::new(), ..vectors.clone() },
    ] {
        let body =
            pushed(knowledge_file_doc(&FileRecord { vectors: Some(bad), ..knowledge_file() }).expect("synced"), 5);
        // The file still comes; its embeddings are made here.
        assert_eq!(from_doc("kfile:kf1", &body), Ok(Incoming::KnowledgeFile(knowledge_file())));
    }
    let mut body = pushed(knowledge_file_doc(&knowledge_file()).expect("synced"), 5);
    if let Some(record) = body.get_mut(RECORD).and_then(Value::as_object_mut) {
        record.insert("vectors".to_owned(), json!("not a description"));
    }
    assert!(
        matches!(from_doc("kfile:kf1", &body), Err(MapError::BadRecord { kind: "kfile", .. })),
        "a shape no version wrote is held, like any unreadable field"
    );
}
