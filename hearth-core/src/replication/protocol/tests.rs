//! The protocol's bodies against the examples of CouchDB's documentation and
//! pouchdb-server's shapes (`test_data/replication/`, sources in its
//! README), plus every prefix and random corruptions of each (none may panic).

use std::path::Path;

use serde_json::json;

use super::*;
use crate::format::tests::support::XorShift;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/replication").join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn rev(text: &str) -> Rev {
    Rev::parse(text).expect("a valid revision in the test")
}

// ---- _changes ----

#[test]
fn changes_with_string_seqs_from_couchdb_docs() {
    let page = parse_changes(&fixture("changes_all_docs.json")).expect("as the test sets up");
    assert_eq!(page.received, 3);
    assert_eq!(page.changes.len(), 3);
    assert_eq!(page.pending, Some(0));
    assert!(page.last_seq.as_str().expect("as the test sets up").starts_with("5-g1AAAAIreJyVkEsKwjAURZ-toI5cgq5A0sQ0OrI70XyppcaRY92J7kR3ojupaSPUUgotgRd4yTlwbw4A0zRUMLdnpaMkwmyF3Ily9xBwEIuiKLI05KOTW0wkV4rruP29UyGWbordzwKVxWBNOGMKZhertDlarbr5pOT3DV4gudUC9"));
    let first = &page.changes[0];
    assert_eq!(first.id, "6478c2ae800dfc387396d14e1fc39626");
    assert_eq!(first.revs, vec![rev("2-7051cbe5c8faecd085a3fa619e6e6337")]);
    assert!(first.seq.as_str().expect("as the test sets up").starts_with("3-g1AAAAG3"));
    assert!(!first.deleted);
    assert!(page.changes[1].deleted);
    assert_eq!(
        page.changes[2].revs,
        vec![rev("6-460637e73a6288cb24d532bf91f32969"), rev("5-eeaa298781f60b7bcae0c91bdedd1b87")]
    );
    assert!(!page.has_more(3), "pending 0");
}

#[test]
fn changes_with_integer_seqs_from_the_protocol_docs() {
    let page = parse_changes(&fixture("changes_integer_seqs.json")).expect("as the test sets up");
    assert_eq!(page.received, 23);
    assert_eq!(page.changes.len(), 23);
    assert_eq!(page.last_seq, json!(78));
    assert_eq!(page.pending, None);
    assert_eq!(page.changes[0].seq, json!(14));
    assert!(page.changes[0].deleted);
    assert_eq!(page.changes[21].revs, vec![rev("9-CDE"), rev("3-00e7"), rev("1-ABC")]);
    // No `pending`: a full page may have more.
    assert!(page.has_more(23));
    assert!(!page.has_more(100));
}

#[test]
fn changes_of_a_pouchdb_server_longpoll() {
    let page = parse_changes(&fixture("changes_longpoll_pouchdb_server.json")).expect("as the test sets up");
    assert_eq!(page.last_seq, json!(7));
    assert_eq!(page.changes.len(), 1);
    assert_eq!(page.changes[0].id, "session:1");
    // Heartbeat newlines before the body are whitespace too.
    let mut body = b"\n\n\n".to_vec();
    body.extend(fixture("changes_all_docs.json"));
    assert_eq!(parse_changes(&body).expect("as the test sets up").changes.len(), 3);
}

#[test]
fn design_and_local_documents_are_left_out_and_malformed_entries_skipped() {
    let body = json!({
        "results": [
            {"seq": 1, "id": "_design/app", "changes": [{"rev": "1-a"}]},
            {"seq": 2, "id": "message:1", "changes": [{"rev": "1-b"}]},
            {"seq": 3, "id": "message:2", "changes": [{"rev": "x-1"}]},
            {"seq": 4, "changes": [{"rev": "1-c"}]},
            {"seq": 5, "id": "message:3", "changes": []},
            {"seq": 6, "id": "_local/x", "changes": [{"rev": "0-1"}]},
            "not an entry",
            {"id": "message:4", "changes": [{"rev": "2-d"}], "deleted": true}
        ],
        "last_seq": 8
    });
    let page = parse_changes(body.to_string().as_bytes()).expect("as the test sets up");
    assert_eq!(page.received, 8);
    assert_eq!(page.ignored, 1, "the design document (the _local entry's revision is no revision)");
    assert_eq!(page.malformed, 5);
    assert_eq!(page.changes.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), vec!["message:1", "message:4"]);
    assert_eq!(page.changes[1].seq, Value::Null, "a seq left out (seq_interval) is null, not an error");
    assert!(page.changes[1].deleted);
    assert_eq!(page.last_seq, json!(8));
    assert!(is_ignored_id("_design/app") && is_ignored_id("_local/x") && !is_ignored_id("design/x"));
}

#[test]
fn changes_without_last_seq_take_the_last_entrys() {
    let body = json!({"results": [{"seq": "9-x", "id": "a", "changes": [{"rev": "1-a"}]}]});
    assert_eq!(parse_changes(body.to_string().as_bytes()).expect("as the test sets up").last_seq, json!("9-x"));
    let empty = json!({"results": []});
    assert!(matches!(parse_changes(empty.to_string().as_bytes()), Err(ProtocolError::WrongShape(_))));
    let empty = json!({"results": [], "last_seq": "0"});
    assert_eq!(parse_changes(empty.to_string().as_bytes()).expect("as the test sets up").changes, vec![]);
}

#[test]
fn malformed_changes_bodies_are_errors() {
    assert!(matches!(parse_changes(b""), Err(ProtocolError::NotJson(_))));
    assert!(matches!(parse_changes(b"{\"results\":["), Err(ProtocolError::NotJson(_))));
    assert!(matches!(parse_changes(b"[]"), Err(ProtocolError::WrongShape(_))));
    assert!(matches!(parse_changes(b"{\"last_seq\":1}"), Err(ProtocolError::WrongShape(_))));
    // CouchDB's error object (protocol docs, "Resource Not Found").
    let error = parse_changes(br#"{"error":"not_found","reason":"Database does not exist."}"#).expect_err("an error");
    assert_eq!(error, ProtocolError::Server { error: "not_found".into(), reason: "Database does not exist.".into() });
    assert_eq!(error.to_string(), "the server refused: not_found (Database does not exist.)");
}

#[test]
fn the_changes_query() {
    assert_eq!(changes_query(None, 100, None), "style=all_docs&limit=100");
    assert_eq!(changes_query(Some(&Value::Null), 0, None), "style=all_docs&limit=1");
    assert_eq!(changes_query(Some(&json!(78)), 50, None), "style=all_docs&limit=50&since=78");
    // A CouchDB 2+ seq goes in as its text, percent-encoded (from the changes docs).
    let seq = json!("4-g1AAAAHXeJzLYWBg4MhgTmHgz8tPSTV0MDQy1zMAQsMcoARTIkOS_P___7MymBMZc4EC7MmJ");
    assert_eq!(
        changes_query(Some(&seq), 10, None),
        "style=all_docs&limit=10&since=4-g1AAAAHXeJzLYWBg4MhgTmHgz8tPSTV0MDQy1zMAQsMcoARTIkOS_P___7MymBMZc4EC7MmJ"
    );
    assert_eq!(changes_query(Some(&json!("a b/c+d")), 10, None), "style=all_docs&limit=10&since=a%20b%2Fc%2Bd");
    // An array seq (BigCouch, Cloudant) goes in as its JSON.
    assert_eq!(changes_query(Some(&json!([1, "x"])), 10, None), "style=all_docs&limit=10&since=%5B1%2C%22x%22%5D");
    assert_eq!(
        changes_query(Some(&json!("5-x")), 10, Some(Live { timeout_ms: 25_000, heartbeat_ms: 10_000 })),
        "style=all_docs&limit=10&since=5-x&feed=longpoll&timeout=25000&heartbeat=10000"
    );
    assert_eq!(
        changes_query(None, 10, Some(Live { timeout_ms: 0, heartbeat_ms: 0 })),
        "style=all_docs&limit=10&feed=longpoll"
    );
}

// ---- _revs_diff ----

#[test]
fn revs_diff_request_and_answer_of_the_protocol_docs() {
    let body = revs_diff_body(&[
        ("baz".into(), vec![rev("2-7051cbe5c8faecd085a3fa619e6e6337")]),
        ("foo".into(), vec![rev("3-6a540f3d701ac518d3b9733d673c5484")]),
        ("bar".into(), vec![rev("1-d4e501ab47de6b2000fc8a02f84a0c77"), rev("1-967a00dff5e02add41819138abb3284d")]),
    ]);
    let expected: Value = serde_json::from_slice(&fixture("revs_diff_request.json")).expect("JSON");
    assert_eq!(serde_json::from_str::<Value>(&body).expect("as the test sets up"), expected);
    let missing = parse_revs_diff(&fixture("revs_diff_response.json")).expect("as the test sets up");
    assert_eq!(missing.len(), 2);
    assert_eq!(missing["baz"], vec![rev("2-7051cbe5c8faecd085a3fa619e6e6337")]);
    assert_eq!(missing["bar"], vec![rev("1-d4e501ab47de6b2000fc8a02f84a0c77")]);
    assert!(parse_revs_diff(b"{}").expect("as the test sets up").is_empty(), "nothing missing");
}

#[test]
fn revs_diff_ignores_possible_ancestors() {
    let missing = parse_revs_diff(&fixture("revs_diff_possible_ancestors.json")).expect("as the test sets up");
    assert_eq!(
        missing["190f721ca3411be7aa9477db5f948bbb"],
        vec![rev("3-bb72a7682290f94a985f7afac8b27137"), rev("5-067a00dff5e02add41819138abb3284d")]
    );
}

#[test]
fn revs_diff_joins_an_id_given_twice_and_skips_bad_entries() {
    let body = revs_diff_body(&[("a".into(), vec![rev("1-x")]), ("a".into(), vec![rev("1-x"), rev("2-y")])]);
    assert_eq!(body, r#"{"a":["1-x","2-y"]}"#);
    let missing = parse_revs_diff(br#"{"a":{"missing":["1-x","nope"]},"b":{"missing":"1-y"},"c":3,"d":{}}"#)
        .expect("as the test sets up");
    assert_eq!(missing.len(), 1);
    assert_eq!(missing["a"], vec![rev("1-x")]);
    assert!(matches!(parse_revs_diff(b"[]"), Err(ProtocolError::WrongShape(_))));
    assert!(matches!(parse_revs_diff(br#"{"error":"forbidden","reason":"no"}"#), Err(ProtocolError::Server { .. })));
}

// ---- _bulk_get ----

#[test]
fn bulk_get_request() {
    let body = bulk_get_body(&[("foo".into(), rev("4-753875d51501a6b1883a9d62b4d33f91")), ("bar".into(), rev("1-a"))]);
    assert_eq!(
        serde_json::from_str::<Value>(&body).expect("as the test sets up"),
        json!({"docs": [{"id": "foo", "rev": "4-753875d51501a6b1883a9d62b4d33f91"}, {"id": "bar", "rev": "1-a"}]})
    );
}

#[test]
fn bulk_get_answer_of_the_couchdb_docs() {
    let fetched = parse_bulk_get(&fixture("bulk_get_response.json")).expect("as the test sets up");
    assert_eq!(fetched.len(), 4);
    let Fetched::Doc(foo) = &fetched[0] else { panic!("foo is a document: {:?}", fetched[0]) };
    assert_eq!(foo.id, "foo");
    assert_eq!(foo.rev, rev("4-753875d51501a6b1883a9d62b4d33f91"));
    assert!(!foo.deleted);
    assert_eq!(foo.revisions.revs().len(), 4);
    assert_eq!(foo.revisions.revs()[3], rev("1-4a7e4ae49c4366eaed8edeaea8f784ad"));
    assert_eq!(Value::Object(foo.body.clone()), json!({"value": "this is foo"}));
    assert!(!foo.had_attachments);
    let Fetched::Doc(bar) = &fetched[2] else { panic!("bar is a document") };
    assert_eq!(Value::Object(bar.body.clone()), json!({"baz": true}));
    assert_eq!(
        fetched[3],
        Fetched::Missing { id: "baz".into(), rev: None, error: "not_found".into(), reason: "missing".into() },
        "\"rev\": \"undefined\" names no revision"
    );
}

#[test]
fn bulk_get_of_a_conflicted_document_gives_each_leaf() {
    let fetched = parse_bulk_get(&fixture("bulk_get_conflicted.json")).expect("as the test sets up");
    let revs: Vec<(Rev, Revisions)> = fetched
        .iter()
        .map(|f| match f {
            Fetched::Doc(doc) => (doc.rev.clone(), doc.revisions.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(revs[0].0, rev("1-23202479633c2b380f79507a776743d5"));
    assert_eq!(revs[1].0, rev("1-967a00dff5e02add41819138abb3284d"));
    // No `_revisions` (no revs=true): the revision alone.
    assert_eq!(revs[0].1, Revisions { start: 1, ids: vec!["23202479633c2b380f79507a776743d5".into()] });
}

#[test]
fn bulk_get_answers_of_pouchdb_server() {
    let fetched = parse_bulk_get(&fixture("bulk_get_pouchdb_server.json")).expect("as the test sets up");
    assert_eq!(fetched.len(), 4);
    assert!(matches!(&fetched[0], Fetched::Doc(doc) if doc.id == "kept" && doc.revisions.start == 2));
    assert!(matches!(&fetched[1], Fetched::Missing { id, rev: None, .. } if id == "gone"), "{{}} is missing");
    assert_eq!(
        fetched[2],
        Fetched::Missing { id: "refused".into(), rev: None, error: "not_found".into(), reason: "missing".into() }
    );
    assert!(matches!(&fetched[3], Fetched::Missing { id, rev: Some(r), .. } if id == "compacted" && r.generation == 1));
}

#[test]
fn bulk_get_documents_lose_their_special_fields() {
    let body = json!({"results": [{"id": "d", "docs": [{"ok": {
        "_id": "d", "_rev": "3-c", "_deleted": true,
        "_revisions": {"start": 3, "ids": ["c", "b", "a"]},
        "_conflicts": ["3-z"], "_attachments": {"a.txt": {"stub": true}},
        "_other": 1, "text": "kept"
    }}]}]});
    let fetched = parse_bulk_get(body.to_string().as_bytes()).expect("as the test sets up");
    let Fetched::Doc(doc) = &fetched[0] else { panic!("{:?}", fetched[0]) };
    assert!(doc.deleted);
    assert!(doc.had_attachments);
    assert_eq!(Value::Object(doc.body.clone()), json!({"_other": 1, "text": "kept"}));
    assert_eq!(doc.revisions.revs(), vec![rev("3-c"), rev("2-b"), rev("1-a")]);
}

#[test]
fn bulk_get_documents_that_cannot_be_read_are_missing() {
    let body = json!({"results": [
        {"id": "a", "docs": [{"ok": {"_id": "a"}}]},
        {"id": "b", "docs": [{"ok": {"_id": "b", "_rev": "2-x", "_revisions": {"start": 2, "ids": ["y", "w"]}}}]},
        {"id": "c", "docs": [{"ok": {"_id": "c", "_rev": "2-x", "_revisions": {"start": 1, "ids": ["x", "w"]}}}]},
        {"id": "d", "docs": [{"ok": {"_id": "d", "_rev": "2-x", "_revisions": "no"}}]},
        {"id": "e"},
        {"docs": "none"},
        7
    ]});
    let fetched = parse_bulk_get(body.to_string().as_bytes()).expect("as the test sets up");
    assert_eq!(fetched.len(), 5);
    for entry in &fetched {
        assert!(matches!(entry, Fetched::Missing { .. }), "{entry:?}");
    }
    assert!(matches!(&fetched[1], Fetched::Missing { error, rev: Some(_), .. } if error == "bad_document"));
    assert!(matches!(parse_bulk_get(b"[]"), Err(ProtocolError::WrongShape(_))));
    assert!(matches!(
        parse_bulk_get(br#"{"error":"bad_request","reason":"Missing JSON list of 'docs'"}"#),
        Err(ProtocolError::Server { .. })
    ));
}

// ---- _bulk_docs ----

fn outgoing(id: &str, rev_text: &str, body: Value) -> OutgoingDoc {
    let rev = rev(rev_text);
    let Value::Object(body) = body else { panic!("an object") };
    OutgoingDoc {
        id: id.into(),
        revisions: Revisions { start: rev.generation, ids: vec![rev.hash.clone()] },
        rev,
        deleted: false,
        body,
    }
}

#[test]
fn bulk_docs_request_of_the_protocol_docs() {
    let docs = [
        outgoing(
            "SpaghettiWithMeatballs",
            "1-917fa2381192822767f010b95b45325b",
            json!({"description": "An Italian-American delicious dish", "ingredients": ["spaghetti", "tomato sauce", "meatballs"], "name": "Spaghetti with meatballs"}),
        ),
        outgoing(
            "LambStew",
            "1-34c318924a8f327223eed702ddfdc66d",
            json!({"servings": 6, "subtitle": "Delicious with scone topping", "title": "Lamb Stew"}),
        ),
        outgoing(
            "FishStew",
            "1-9c65296036141e575d32ba9c034dd3ee",
            json!({"servings": 4, "subtitle": "Delicious with fresh bread", "title": "Fish Stew"}),
        ),
    ];
    let expected: Value = serde_json::from_slice(&fixture("bulk_docs_request.json")).expect("JSON");
    assert_eq!(serde_json::from_str::<Value>(&bulk_docs_body(&docs)).expect("as the test sets up"), expected);
}

#[test]
fn bulk_docs_marks_deletions_and_overrides_special_fields() {
    let mut doc = outgoing("a", "2-b", json!({"_id": "wrong", "_deleted": true, "text": "x"}));
    doc.revisions = Revisions { start: 2, ids: vec!["b".into(), "a".into()] };
    assert_eq!(
        serde_json::from_str::<Value>(&bulk_docs_body(&[doc.clone()])).expect("as the test sets up"),
        json!({"docs": [{"_id": "a", "_rev": "2-b", "_revisions": {"start": 2, "ids": ["b", "a"]}, "text": "x"}], "new_edits": false})
    );
    doc.deleted = true;
    let body: Value = serde_json::from_str(&bulk_docs_body(&[doc])).expect("JSON");
    assert_eq!(body["docs"][0]["_deleted"], json!(true));
    assert_eq!(bulk_docs_body(&[]), r#"{"docs":[],"new_edits":false}"#);
}

#[test]
fn bulk_docs_answers() {
    let results = parse_bulk_docs(&fixture("bulk_docs_response.json")).expect("as the test sets up");
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok());
    assert_eq!(results[0].rev, Some(rev("1-917fa2381192822767f010b95b45325b")), "the documented leading space");
    assert_eq!(
        results[2],
        DocWriteResult {
            id: "LambStew".into(),
            rev: Some(rev("1-34c318924a8f327223eed702ddfdc66d")),
            error: Some("forbidden".into()),
            reason: Some("sorry".into()),
        }
    );
    let conflicts = parse_bulk_docs(&fixture("bulk_docs_conflicts.json")).expect("as the test sets up");
    assert_eq!(conflicts.len(), 3);
    assert!(conflicts.iter().all(|r| r.error.as_deref() == Some("conflict") && r.rev.is_none()));
    assert_eq!(parse_bulk_docs(b"[]").expect("as the test sets up"), vec![], "new_edits: false and all written");
    assert_eq!(parse_bulk_docs(br#"[{"ok":true},3,{"id":"x","ok":true}]"#).expect("as the test sets up").len(), 1);
    assert!(matches!(parse_bulk_docs(b"{}"), Err(ProtocolError::WrongShape(_))));
    assert!(matches!(
        parse_bulk_docs(br#"{"error":"unauthorized","reason":"You are not authorized to access this db."}"#),
        Err(ProtocolError::Server { .. })
    ));
}

// ---- Batches ----

#[test]
fn batches_by_count_and_bytes() {
    let sizes = |items: &[Vec<usize>]| items.iter().map(Vec::len).collect::<Vec<_>>();
    let items: Vec<usize> = vec![10; 7];
    assert_eq!(sizes(&batches(items.clone(), 3, 1000, |n| *n)), vec![3, 3, 1]);
    assert_eq!(sizes(&batches(items.clone(), 100, 25, |n| *n)), vec![2, 2, 2, 1]);
    assert_eq!(sizes(&batches(items, 0, 1000, |n| *n)), vec![1; 7], "a count of 0 is 1");
    // An item larger than max_bytes goes alone, in its place.
    let items = vec![5, 100, 5, 5];
    assert_eq!(batches(items, 10, 20, |n| *n), vec![vec![5], vec![100], vec![5, 5]]);
    assert!(batches(Vec::<usize>::new(), 10, 10, |n| *n).is_empty());
    let many: Vec<usize> = (0..1000).collect();
    let cut = batches(many.clone(), 7, 50, |n| n % 13);
    assert!(cut.iter().all(|batch| !batch.is_empty() && batch.len() <= 7));
    assert_eq!(cut.concat(), many, "order and items kept");
}

// ---- Paths and URLs ----

#[test]
fn document_paths() {
    assert_eq!(encode_id("message:abc"), "message%3Aabc");
    assert_eq!(encode_id("a/b c"), "a%2Fb%20c");
    assert_eq!(encode_id("_local/8f3b"), "_local/8f3b");
    assert_eq!(encode_id("_local/a/b"), "_local/a%2Fb");
    assert_eq!(encode_id("_design/app"), "_design/app");
    assert_eq!(encode_id("é"), "%C3%A9");
    assert_eq!(doc_path("https://couch.example.com/hearth/", "_local/x"), "https://couch.example.com/hearth/_local/x");
    assert_eq!(doc_path("http://127.0.0.1:5984/db", "a b"), "http://127.0.0.1:5984/db/a%20b");
}

#[test]
fn urls_split_and_lose_their_credentials() {
    let parts = split_url("HTTPS://Alice:secret@Couch.Example.com:6984/hearth?x=1").expect("as the test sets up");
    assert_eq!(parts.scheme, "https");
    assert!(parts.has_credentials);
    assert_eq!(parts.host, "couch.example.com");
    assert_eq!(parts.path, "/hearth?x=1");
    assert_eq!(split_url("http://[::1]:5984").expect("as the test sets up").host, "[::1]");
    assert_eq!(split_url("http://localhost").expect("as the test sets up").path, "");
    assert_eq!(split_url("couch.example.com/db"), None);
    assert_eq!(split_url("http:///db"), None);
    assert_eq!(split_url("http://user@/db"), None);
    assert_eq!(strip_credentials("https://alice:secret@couch.example.com/hearth"), "https://couch.example.com/hearth");
    assert_eq!(strip_credentials("https://a:b@c@host/db"), "https://host/db", "the last @ ends the user part");
    assert_eq!(strip_credentials("https://couch.example.com/hearth"), "https://couch.example.com/hearth");
    assert_eq!(strip_credentials("not a url"), "not a url");
}

// ---- Server, database, session, security ----

#[test]
fn server_info_of_couchdb_and_pouchdb_server() {
    let couch = parse_server_info(&fixture("server_root.json")).expect("as the test sets up");
    assert_eq!(couch.couchdb.as_deref(), Some("Welcome"));
    assert_eq!(couch.version, "3.4.2");
    assert_eq!(couch.major_version(), Some(3));
    assert_eq!(couch.vendor_name.as_deref(), Some("The Apache Software Foundation"));
    assert!(!couch.pouchdb_server);
    let pouch = parse_server_info(&fixture("server_root_pouchdb_server.json")).expect("as the test sets up");
    assert!(pouch.pouchdb_server);
    assert_eq!(pouch.couchdb, None);
    assert_eq!(pouch.version, "4.2.0");
    assert_eq!(pouch.vendor_name.as_deref(), Some("PouchDB authors"));
    assert_eq!(ServerInfo { version: "1.7.2".into(), ..ServerInfo::default() }.major_version(), Some(1));
    assert_eq!(ServerInfo { version: "dev".into(), ..ServerInfo::default() }.major_version(), None);
    assert!(matches!(parse_server_info(b"<html>"), Err(ProtocolError::NotJson(_))));
    assert!(matches!(parse_server_info(b"{}"), Err(ProtocolError::WrongShape(_))));
    assert!(matches!(
        parse_server_info(br#"{"error":"unauthorized","reason":"Authentication required."}"#),
        Err(ProtocolError::Server { .. })
    ));
}

#[test]
fn db_info_with_string_and_integer_seqs() {
    let info = parse_db_info(&fixture("db_info_receipts.json")).expect("as the test sets up");
    assert_eq!(info.db_name, "receipts");
    assert_eq!(info.doc_count, 6146);
    assert_eq!(info.update_seq, json!("292786-g1AAAAF..."));
    assert_eq!(info.instance_start_time.as_deref(), Some("0"));
    let source = parse_db_info(&fixture("db_info_source.json")).expect("as the test sets up");
    assert_eq!(source.update_seq, json!(61772));
    let target = parse_db_info(&fixture("db_info_target.json")).expect("as the test sets up");
    assert!(target.update_seq.is_string());
    assert_eq!(
        parse_db_info(b"{}").expect("as the test sets up"),
        DbInfo { update_seq: Value::Null, ..DbInfo::default() }
    );
    assert!(matches!(
        parse_db_info(br#"{"error":"not_found","reason":"Database does not exist."}"#),
        Err(ProtocolError::Server { .. })
    ));
}

#[test]
fn sessions() {
    let admin = parse_session(&fixture("session_admin.json")).expect("as the test sets up");
    assert_eq!(admin, SessionInfo { name: Some("root".into()), roles: vec!["_admin".into()] });
    assert!(admin.is_admin());
    let user = parse_session(&fixture("session_user.json")).expect("as the test sets up");
    assert_eq!(user.name.as_deref(), Some("foo"));
    assert_eq!(user.roles, vec!["users", "blogger"]);
    assert!(!user.is_admin());
    // Signed in as nobody.
    let nobody = parse_session(br#"{"ok":true,"userCtx":{"name":null,"roles":[]}}"#).expect("as the test sets up");
    assert_eq!(nobody, SessionInfo::default());
    assert!(matches!(parse_session(b"{}"), Err(ProtocolError::WrongShape(_))));
    assert!(matches!(
        parse_session(br#"{"error":"unauthorized","reason":"Name or password is incorrect."}"#),
        Err(ProtocolError::Server { .. })
    ));
}

#[test]
fn security_objects() {
    let security = parse_security(&fixture("security.json")).expect("as the test sets up");
    assert_eq!(security.admins.names, vec!["superuser"]);
    assert_eq!(security.members.names, vec!["user1", "user2"]);
    assert_eq!(security.members.roles, vec!["developers"]);
    assert!(security.members.admits("user1", &[]));
    assert!(security.members.admits("other", &["developers".into()]));
    assert!(!security.members.admits("other", &["users".into()]));
    let never_set = parse_security(b"{}").expect("as the test sets up");
    assert!(never_set.members.is_empty() && never_set.admins.is_empty());
    let odd = parse_security(br#"{"members":{"names":"alice","roles":[1,"r"]}}"#).expect("as the test sets up");
    assert_eq!(odd.members, SecurityGroup { names: vec![], roles: vec!["r".into()] });
}

// ---- Retries ----

#[test]
fn retries() {
    for status in [401, 403, 404, 409, 412, 400, 405, 413, 415, 200, 302] {
        assert_eq!(retry_after(Some(status), 0), Retry::Never, "{status}");
    }
    for status in [None, Some(408), Some(429), Some(500), Some(502), Some(503), Some(599)] {
        assert_eq!(retry_after(status, 0), Retry::After(1000), "{status:?}");
    }
    let waits: Vec<Retry> = (0..9).map(|attempt| retry_after(None, attempt)).collect();
    assert_eq!(waits, [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000].map(Retry::After).to_vec());
    assert_eq!(retry_after(Some(503), u32::MAX), Retry::After(MAX_BACKOFF_MS));
}

// ---- Robustness ----

#[test]
fn no_parser_panics_on_prefixes_or_corruptions() {
    let parsers: [fn(&[u8]) -> bool; 8] = [
        |b| parse_changes(b).is_ok(),
        |b| parse_revs_diff(b).is_ok(),
        |b| parse_bulk_get(b).is_ok(),
        |b| parse_bulk_docs(b).is_ok(),
        |b| parse_server_info(b).is_ok(),
        |b| parse_db_info(b).is_ok(),
        |b| parse_session(b).is_ok(),
        |b| parse_security(b).is_ok(),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/replication");
    let mut random = XorShift(0x5eed_cafe);
    for entry in std::fs::read_dir(dir).expect("as the test sets up").flatten() {
        let bytes = std::fs::read(entry.path()).expect("as the test sets up");
        for end in 0..=bytes.len() {
            for parse in parsers {
                parse(&bytes[..end]);
            }
        }
        for _ in 0..200 {
            let mut corrupt = bytes.clone();
            for _ in 0..1 + random.below(4) {
                let at = random.below(corrupt.len());
                if let Some(byte) = corrupt.get_mut(at) {
                    *byte = random.next() as u8;
                }
            }
            for parse in parsers {
                parse(&corrupt);
            }
        }
    }
}

#[test]
fn an_error_objects_reason_is_read_and_anything_else_is_none() {
    let body = br#"{"error":"too_large","reason":"Document exceeds the maximum document size"}"#;
    assert_eq!(error_reason(body), "Document exceeds the maximum document size");
    assert_eq!(error_reason(b"<html>413</html>"), "");
    assert_eq!(error_reason(b"[]"), "");
}

#[test]
fn a_configuration_number_reads_from_couchdbs_string() {
    assert_eq!(parse_config_number(br#""8000000""#), Some(8_000_000));
    assert_eq!(parse_config_number(b"1048576"), Some(1_048_576));
    assert_eq!(parse_config_number(br#"{"error":"unauthorized"}"#), None);
    assert_eq!(parse_config_number(br#""unlimited""#), None);
}
