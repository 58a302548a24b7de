//! Golden files of every past schema version must migrate to the current records.
//! `test_data/storage/v<N>.json` holds records of version N, store by store; the
//! test parses each through `migrate_record` and compares with
//! `test_data/storage/v<N>.expected.json` (the current shapes, re-serialised).
//! `UPDATE_EXPECT=1` rewrites the expectations after a deliberate change.

use std::path::Path;

use super::{MigrationError, migrate_record};
use crate::agent::AgentRecord;
use crate::storage::{SCHEMA_VERSION, records::*, stores};

fn migrate_store(store: &str, version: u32, records: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    fn each<T: serde::de::DeserializeOwned + serde::Serialize>(
        store: &str,
        version: u32,
        records: Vec<serde_json::Value>,
    ) -> Vec<serde_json::Value> {
        records
            .into_iter()
            .map(|record| {
                let parsed: T = migrate_record(store, version, record).expect("golden record migrates");
                serde_json::to_value(parsed).expect("serialisable")
            })
            .collect()
    }
    match store {
        stores::PROVIDERS => each::<ProviderRecord>(store, version, records),
        stores::MODEL_CONFIGS => each::<ModelConfigRecord>(store, version, records),
        stores::AGENTS => each::<AgentRecord>(store, version, records),
        stores::SESSIONS => each::<SessionRecord>(store, version, records),
        stores::MESSAGES => {
            // Messages are parsed, then brought up together (schema 3 links whole conversations).
            let mut messages: Vec<MessageRecord> = records
                .into_iter()
                .map(|record| migrate_record(store, version, record).expect("golden record migrates"))
                .collect();
            super::upgrade_messages(version, &mut messages);
            messages.iter().map(|message| serde_json::to_value(message).expect("serialisable")).collect()
        }
        stores::PROJECT_FILES => each::<ProjectFileRecord>(store, version, records),
        stores::SETTINGS => each::<SettingRecord>(store, version, records),
        other => panic!("golden file names an unknown store {other}"),
    }
}

#[test]
fn every_past_version_migrates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/storage");
    for version in 1..=SCHEMA_VERSION {
        let path = dir.join(format!("v{version}.json"));
        let text = std::fs::read_to_string(&path).expect("a golden file for every schema version");
        let golden: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).expect("golden JSON");
        let mut migrated = serde_json::Map::new();
        for store in stores::ALL {
            let records =
                golden.get(store).and_then(|v| v.as_array()).cloned().expect("every store in the golden file");
            assert!(!records.is_empty(), "v{version}.json has no {store} records");
            migrated.insert(store.to_owned(), migrate_store(store, version, records).into());
        }
        let actual = serde_json::to_string_pretty(&migrated).expect("serialisable") + "\n";
        let expected_path = dir.join(format!("v{version}.expected.json"));
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&expected_path, &actual).expect("writable");
        }
        assert_eq!(actual, std::fs::read_to_string(&expected_path).unwrap_or_default(), "v{version}");
    }
}

#[test]
fn newer_and_unknown_versions_are_refused_clearly() {
    let error =
        migrate_record::<SettingRecord>("settings", SCHEMA_VERSION + 1, serde_json::json!({})).expect_err("refused");
    assert_eq!(error, MigrationError::TooNew { found: SCHEMA_VERSION + 1 });
    assert!(error.to_string().contains("newer Hearth"));
    assert!(matches!(
        migrate_record::<SettingRecord>("settings", 0, serde_json::json!({})),
        Err(MigrationError::Unknown { .. })
    ));
    let invalid = migrate_record::<SessionRecord>("sessions", 1, serde_json::json!({"id": 1})).expect_err("refused");
    assert!(invalid.to_string().starts_with("a sessions record does not fit schema 1"), "{invalid}");
}

/// Schema 2's versions become siblings, and what was shown stays shown.
#[test]
fn a_schema_2_conversation_becomes_a_tree_showing_what_it_showed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/storage");
    let text = std::fs::read_to_string(dir.join("v2.json")).expect("golden v2");
    let golden: serde_json::Value = serde_json::from_str(&text).expect("golden JSON");
    let mut messages: Vec<MessageRecord> = golden["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .filter(|m| m["session_id"] == "s-3")
        .map(|m| migrate_record(stores::MESSAGES, 2, m.clone()).expect("migrates"))
        .collect();
    super::upgrade_messages(2, &mut messages);
    let parent = |id: &str| messages.iter().find(|m| m.id == id).and_then(|m| m.parent.clone());
    let expected = [
        ("v-u1", None),
        ("v-r1", Some("v-u1")),
        ("v-r2", Some("v-u1")),
        ("v-x1", Some("v-r1")),
        ("v-u2", Some("v-x1")),
        ("v-r3", Some("v-u2")),
        ("v-r4", Some("v-u2")),
        ("v-s1", None),
        ("v-u3", Some("v-r3")),
        ("v-r5", Some("v-u3")),
    ];
    for (id, wanted) in expected {
        assert_eq!(parent(id).as_deref(), wanted, "{id}");
    }
    let ordered: Vec<&MessageRecord> = messages.iter().collect();
    let shown: Vec<&str> = crate::storage::tree::shown_records(ordered).iter().map(|m| m.id.as_str()).collect();
    assert_eq!(shown, ["v-u1", "v-r1", "v-x1", "v-u2", "v-r3", "v-r4", "v-s1", "v-u3", "v-r5"]);
    // Running the step again changes nothing.
    let before = messages.clone();
    super::link_parents(&mut messages);
    assert_eq!(messages, before);
}
