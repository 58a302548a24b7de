//! Backups and sync classify the same settings: every key sync's table names
//! is named by the backups' table and the other way round, and what sync keeps
//! on the device stays out of backups too, but for the preferences a restored
//! device should get and the key lock that goes with sealed keys. (Storage may
//! not use replication, so the check lives outside both.)

use hearth_core::replication::doc::{SETTING_RULES, SettingSync};
use hearth_core::storage::backup::{BACKUP_SETTING_RULES, BackupSetting};

/// Settings sync keeps on the device that a backup still carries: preferences
/// a restored device should get, and the version of the search terms the
/// backup's messages carry; none a credential nor sync's state.
const DEVICE_PREFERENCES: [&str; 6] =
    ["active_provider", "last_agent", "compare_tally", "shortcut_question_mark", "voice", "search_index"];

#[test]
fn backups_classify_exactly_the_settings_sync_classifies() {
    for rule in SETTING_RULES {
        let Some(backup) = BACKUP_SETTING_RULES.iter().find(|b| b.key == rule.key && b.prefix == rule.prefix) else {
            panic!("{} (sync: {:?}) has no backup rule", rule.key, rule.sync);
        };
        let expected = match rule.sync {
            SettingSync::DeviceOnly if rule.key == "key_lock" => BackupSetting::WithApiKeys,
            SettingSync::DeviceOnly if DEVICE_PREFERENCES.contains(&rule.key) => BackupSetting::Carried,
            SettingSync::DeviceOnly => BackupSetting::DeviceOnly,
            // The hosts whose images load by themselves are a permission an
            // import never grants.
            SettingSync::WithE2e if rule.key == "image_auto_hosts" => BackupSetting::NotImported,
            SettingSync::Synced | SettingSync::WithE2e => BackupSetting::Carried,
        };
        assert_eq!(backup.backup, expected, "{}", rule.key);
    }
    for backup in BACKUP_SETTING_RULES {
        assert!(
            SETTING_RULES.iter().any(|rule| rule.key == backup.key && rule.prefix == backup.prefix),
            "{} has a backup rule but no sync rule",
            backup.key
        );
    }
    assert_eq!(BACKUP_SETTING_RULES.len(), SETTING_RULES.len());
}

#[test]
fn sync_settings_never_go_into_a_backup() {
    let sync = SETTING_RULES.iter().find(|rule| rule.key == "sync").expect("sync's own rule");
    assert!(sync.prefix && sync.sync == SettingSync::DeviceOnly);
    for key in ["sync_config", "sync", "sync_anything_later"] {
        assert_eq!(hearth_core::storage::backup::backup_setting(key), BackupSetting::DeviceOnly, "{key}");
    }
}
