//! Tests of which object store each record kind lives in.

use super::*;

/// Every store holds exactly one record kind, and every kind has a store.
#[test]
fn each_store_has_one_record_kind() {
    let kinds = [
        ProviderRecord::STORE,
        ModelConfigRecord::STORE,
        AgentRecord::STORE,
        SessionRecord::STORE,
        MessageRecord::STORE,
        ProjectFileRecord::STORE,
        SettingRecord::STORE,
    ];
    let mut sorted = kinds.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), kinds.len(), "two record kinds share a store");
    let mut all = stores::ALL.to_vec();
    all.sort_unstable();
    assert_eq!(sorted, all);
}

#[test]
fn a_setting_is_keyed_by_its_name() {
    let setting = SettingRecord { key: "auto_title".to_owned(), value: serde_json::Value::Bool(true) };
    assert_eq!(setting.key(), "auto_title");
}
