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
        stores::MESSAGES => each::<MessageRecord>(store, version, records),
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
