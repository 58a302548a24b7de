//! Tests of the knowledge records: what a base that comes by sync is checked
//! against (its guard), as the worker compares it.

use serde_json::json;

use super::*;

fn base() -> BaseRecord {
    serde_json::from_value(json!({
        "id": "b1",
        "name": "Handbook",
        "created": 1_700_000_000_000_i64,
        "embedding": { "account": "acct", "model": "embed-test" },
        "folderName": "docs",
        "folderAllowed": true,
    }))
    .expect("a base reads")
}

#[test]
fn a_base_guard_is_its_name_model_and_carrying_as_the_worker_compares_them() {
    // The worker compares JSON.stringify of the same array (guardOf in knowledge-worker.js).
    assert_eq!(base_guard(&base()).to_string(), r#"["Handbook","acct","embed-test",false]"#);
    let words_only = BaseRecord { embedding: None, carry_vectors: true, ..base() };
    assert_eq!(base_guard(&words_only).to_string(), r#"["Handbook",null,null,true]"#);
}

#[test]
fn a_base_guard_changes_with_what_a_person_changes_here_only() {
    let guard = base_guard(&base());
    for changed in [
        BaseRecord { name: "Manuals".into(), ..base() },
        BaseRecord {
            embedding: Some(EmbeddingChoice { account: "acct".into(), model: "embed-other".into() }),
            ..base()
        },
        BaseRecord { embedding: None, ..base() },
        BaseRecord { carry_vectors: true, ..base() },
    ] {
        assert_ne!(base_guard(&changed), guard, "{changed:?}");
    }
    // This device's own fields (the linked folder) are not compared.
    let relinked = BaseRecord { folder_name: None, folder_allowed: false, ..base() };
    assert_eq!(base_guard(&relinked), guard);
}
