//! The key lock's formats and rules: base64, the lock record's checks, what is
//! stored with the lock on and off, "forgot passphrase", backups and imports.

use super::*;
use crate::contract::ProviderKind;
use crate::provider::Preset;
use crate::storage::backup::{StoreContents, build_backup};
use crate::storage::backup_file::parse_backup;
use crate::storage::import_plan::plan_import;
use crate::storage::migrate::migrate_record;
use crate::storage::stores;

fn sealed(n: u8) -> Sealed {
    Sealed::new(&[n; IV_LEN], &[n; 24])
}

fn lock(n: u8) -> KeyLock {
    KeyLock::new(&[n; SALT_LEN], DEFAULT_ITERATIONS, sealed(n))
}

fn provider(id: &str, key: &str) -> ProviderRecord {
    ProviderRecord {
        api: Default::default(),
        id: id.into(),
        kind: ProviderKind::OpenAi,
        name: format!("Provider {id}"),
        base_url: "https://api.openai.com/v1".into(),
        api_key: key.into(),
        preset: Some(Preset::OpenAi),
        api_version: String::new(),
        key_origin: (!key.is_empty()).then(|| "https://api.openai.com".to_owned()),
        sealed_key: None,
    }
}

fn sealed_provider(id: &str, n: u8) -> ProviderRecord {
    ProviderRecord {
        sealed_key: Some(sealed(n)),
        key_origin: Some("https://api.openai.com".into()),
        ..provider(id, "")
    }
}

#[test]
fn base64_matches_rfc_4648_and_is_strict() {
    // RFC 4648, section 10.
    for (plain, encoded) in [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64_encode(plain.as_bytes()), encoded);
        assert_eq!(base64_decode(encoded).as_deref(), Some(plain.as_bytes()));
    }
    let all: Vec<u8> = (0..=255).collect();
    assert_eq!(base64_decode(&base64_encode(&all)), Some(all));
    for bad in ["Zg=", "Zh==", "Z===", "Zg==Zg==", "Zm9v!A==", "Zm 9v", "Zm9-"] {
        assert_eq!(base64_decode(bad), None, "{bad:?} is refused");
    }
}

#[test]
fn a_sealed_value_checks_its_iv_and_tag() {
    let value = Sealed::new(&[7; IV_LEN], &[1; 30]);
    assert_eq!(value.iv(), Ok([7; IV_LEN]));
    assert_eq!(value.data().map(|d| d.len()), Ok(30));
    let short_iv = Sealed { iv: base64_encode(&[1; 8]), ..value.clone() };
    assert_eq!(short_iv.iv().map_err(KeyLockError::from), Err(KeyLockError::Damaged("IV")));
    let no_tag = Sealed { data: base64_encode(&[1; TAG_LEN - 1]), ..value };
    assert_eq!(no_tag.data().map_err(KeyLockError::from), Err(KeyLockError::Damaged("sealed data")));
}

#[test]
fn the_lock_record_has_a_stable_shape_and_refuses_weak_or_unknown_settings() {
    let record = lock(3);
    let json = serde_json::to_value(&record).expect("serialisable");
    assert_eq!(
        json,
        serde_json::json!({
            "kdf": "PBKDF2-SHA-256",
            "iterations": 600_000,
            "salt": "AwMDAwMDAwMDAwMDAwMDAw==",
            "check": { "iv": "AwMDAwMDAwMDAwMD", "data": "AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMD" }
        })
    );
    assert_eq!(KeyLock::from_value(&json), Ok(record.clone()));
    assert_eq!(record.params(), Ok(KdfParams { salt: vec![3; SALT_LEN], iterations: 600_000 }));
    let setting = record.to_setting();
    assert_eq!(setting.key, KEY_LOCK_SETTING);
    assert_eq!(KeyLock::find(&[setting]), Some(Ok(record.clone())));
    assert_eq!(KeyLock::find(&[]), None);

    let weak = KeyLock { iterations: 1_000, ..record.clone() };
    assert_eq!(weak.params(), Err(KeyLockError::Iterations(1_000)));
    let other = KeyLock { kdf: "scrypt".into(), ..record.clone() };
    assert_eq!(other.params(), Err(KeyLockError::UnknownKdf("scrypt".into())));
    let short_salt = KeyLock { salt: base64_encode(&[1; 4]), ..record.clone() };
    assert_eq!(short_salt.params(), Err(KeyLockError::Damaged("salt")));
    assert!(matches!(KeyLock::from_value(&serde_json::json!({"kdf": 1})), Err(KeyLockError::Unreadable(_))));
    assert!(check_matches(CHECK_TEXT.as_bytes()));
    assert!(!check_matches(b"something else"));
}

#[test]
fn with_the_lock_on_no_plain_key_is_at_rest_and_off_no_sealed_one() {
    let unlocked = ProviderRecord { sealed_key: Some(sealed(1)), ..provider("p1", "sk-plain") };
    let locked_form = at_rest(&unlocked, true);
    assert_eq!(locked_form.api_key, "");
    assert_eq!(locked_form.sealed_key, Some(sealed(1)));
    assert_eq!(locked_form.key_origin.as_deref(), Some("https://api.openai.com"));
    assert!(!serde_json::to_string(&locked_form).expect("json").contains("sk-plain"));
    let plain_form = at_rest(&unlocked, false);
    assert_eq!((plain_form.api_key.as_str(), plain_form.sealed_key), ("sk-plain", None));
    // A key not sealed yet is left out rather than stored plain.
    let unsealed = at_rest(&provider("p2", "sk-new"), true);
    assert_eq!((unsealed.api_key.as_str(), unsealed.sealed_key.as_ref(), unsealed.key_origin), ("", None, None));
    assert_eq!(plain_keys_at_rest(&[provider("a", "k"), provider("b", ""), sealed_provider("c", 1)]), vec!["a"]);
}

#[test]
fn a_new_key_clears_its_old_sealed_copy_and_moving_origin_drops_a_sealed_key() {
    let mut record = ProviderRecord { sealed_key: Some(sealed(1)), ..provider("p1", "sk-old") };
    record.set_key("sk-new".into());
    assert_eq!(record.sealed_key, None, "the sealed copy of the old key is not kept beside the new one");
    let mut locked = sealed_provider("p1", 2);
    assert!(locked.key_is_locked() && locked.has_key());
    assert!(!locked.with_base_url("https://api.openai.com/v2".into()), "same origin keeps the key");
    assert!(locked.with_base_url("https://elsewhere.example/v1".into()), "another origin drops it");
    assert_eq!((locked.sealed_key, locked.key_origin), (None, None));
}

#[test]
fn turning_the_lock_on_seals_every_key_in_one_write_or_writes_nothing() {
    let records = vec![provider("a", "sk-a"), provider("b", ""), provider("c", "sk-c")];
    let seals = vec![("a".to_owned(), sealed(1)), ("c".to_owned(), sealed(2))];
    let write = lock_write(&records, &seals, lock(9)).expect("every key sealed");
    assert_eq!(write.lock, Some(lock(9)));
    assert_eq!(write.providers.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["a", "c"]);
    for written in &write.providers {
        assert_eq!(written.api_key, "");
        assert!(written.sealed_key.is_some());
        assert_eq!(written.key_origin.as_deref(), Some("https://api.openai.com"));
    }
    assert_eq!(lock_write(&records, &seals[..1], lock(9)), None, "a key without its sealed copy stops the write");
    // Changing the passphrase reseals keys held unlocked in memory.
    let in_memory = vec![ProviderRecord { sealed_key: Some(sealed(1)), ..provider("a", "sk-a") }];
    let changed = lock_write(&in_memory, &[("a".into(), sealed(5))], lock(6)).expect("sealed");
    assert_eq!(changed.providers[0].sealed_key, Some(sealed(5)));
}

#[test]
fn turning_the_lock_off_needs_every_key_unlocked() {
    let unlocked = vec![ProviderRecord { sealed_key: Some(sealed(1)), ..provider("a", "sk-a") }, provider("b", "")];
    let write = unlock_write(&unlocked).expect("all unlocked");
    assert_eq!(write.lock, None);
    assert_eq!(write.providers.len(), 1);
    assert_eq!((write.providers[0].api_key.as_str(), write.providers[0].sealed_key.as_ref()), ("sk-a", None));
    assert_eq!(unlock_write(&[sealed_provider("a", 1)]), None, "a still-locked key would be lost");
}

#[test]
fn forgetting_the_passphrase_removes_the_keys_and_the_lock_only() {
    let records = vec![sealed_provider("a", 1), provider("b", ""), sealed_provider("c", 2)];
    let write = forget_keys(&records);
    assert_eq!(write.lock, None);
    assert_eq!(write.providers.len(), 2);
    for (written, before) in write.providers.iter().zip([&records[0], &records[2]]) {
        assert!(!written.has_key());
        assert_eq!(written.key_origin, None);
        let expected =
            ProviderRecord { sealed_key: None, key_origin: None, api_key: String::new(), ..(*before).clone() };
        assert_eq!(*written, expected, "name, base URL, preset and the rest stay");
    }
}

fn locked_store() -> StoreContents {
    StoreContents {
        providers: vec![sealed_provider("p1", 1), provider("p2", "")],
        settings: vec![lock(4).to_setting(), SettingRecord { key: "auto_title".into(), value: true.into() }],
        ..StoreContents::default()
    }
}

#[test]
fn a_backup_with_the_lock_on_carries_keys_only_sealed_with_the_lock() {
    let mut store = locked_store();
    // Even a plain key left by accident is not written to the file.
    store.providers.push(provider("p3", "sk-leftover"));
    let json = serde_json::to_string(&build_backup(store.clone(), true, 5)).expect("json");
    assert!(!json.contains("sk-leftover"));
    let parsed = parse_backup(&json).expect("parses").contents;
    assert_eq!(parsed.providers[0].sealed_key, Some(sealed(1)));
    assert_eq!(parsed.providers[0].key_origin.as_deref(), Some("https://api.openai.com"));
    assert_eq!(KeyLock::find(&parsed.settings), Some(Ok(lock(4))), "the lock goes along to open them");

    let keyless = build_backup(store, false, 5);
    assert!(keyless.contents.providers.iter().all(|p| !p.has_key() && p.key_origin.is_none()));
    assert_eq!(KeyLock::find(&keyless.contents.settings), None, "no lock without keys");
    assert_eq!(keyless.contents.settings.len(), 1);
}

#[test]
fn a_backup_without_the_lock_carries_plain_keys_only_when_asked_and_never_a_stale_seal() {
    let store = StoreContents {
        providers: vec![ProviderRecord { sealed_key: Some(sealed(1)), ..provider("p1", "sk-plain") }],
        ..StoreContents::default()
    };
    let with = build_backup(store.clone(), true, 1);
    assert_eq!(
        (with.contents.providers[0].api_key.as_str(), with.contents.providers[0].sealed_key.as_ref()),
        ("sk-plain", None)
    );
    let without = build_backup(store, false, 1);
    assert!(!without.contents.providers[0].has_key());
}

#[test]
fn an_import_into_an_unlocked_store_brings_the_lock_with_the_sealed_keys() {
    let file = build_backup(locked_store(), true, 1).contents;
    let fresh = StoreContents::default();
    let plan = plan_import(&fresh, &file);
    assert!(plan.adopts_key_lock);
    assert_eq!(KeyLock::find(&plan.writes.settings), Some(Ok(lock(4))));
    assert_eq!(plan.writes.providers[0].sealed_key, Some(sealed(1)));
    assert_eq!(plan.keys_from_file, vec!["Provider p1"]);
    assert!(plan.summary().iter().any(|line| line.contains("ask for the backup's passphrase")));
    // The same file again, now that its lock is stored: nothing to write.
    let mut after = fresh;
    after.providers = plan.writes.providers.clone();
    after.settings = plan.writes.settings.clone();
    assert!(plan_import(&after, &file).is_empty());
}

#[test]
fn an_import_never_replaces_the_stored_lock_nor_stores_plain_keys_under_it() {
    let stored = locked_store();
    let mut other = locked_store();
    other.settings[0] = lock(8).to_setting();
    other.providers[0].sealed_key = Some(sealed(8));
    other.providers[0].name = "Renamed".into();
    let plan = plan_import(&stored, &other);
    assert!(!plan.adopts_key_lock);
    assert!(plan.writes.settings.iter().all(|s| s.key != KEY_LOCK_SETTING), "the stored lock stays");
    assert_eq!(plan.writes.providers[0].sealed_key, Some(sealed(1)), "the stored sealed key is kept");
    assert_eq!(plan.writes.providers[0].name, "Renamed", "the rest of the record comes in");
    assert!(plan.skipped.iter().any(|s| s.contains("another passphrase")), "{:?}", plan.skipped);

    let plain = StoreContents { providers: vec![provider("p2", "sk-from-file")], ..StoreContents::default() };
    let plan = plan_import(&stored, &plain);
    assert!(plan.writes.providers.iter().all(|p| p.api_key.is_empty()));
    assert!(plan.skipped.iter().any(|s| s.contains("unlocked API keys of Provider p2")), "{:?}", plan.skipped);

    let broken = StoreContents {
        settings: vec![SettingRecord { key: KEY_LOCK_SETTING.into(), value: serde_json::json!({"kdf": "none"}) }],
        providers: vec![sealed_provider("p9", 1)],
        ..StoreContents::default()
    };
    let plan = plan_import(&StoreContents::default(), &broken);
    assert!(plan.writes.settings.is_empty() && plan.writes.providers.iter().all(|p| !p.has_key()));
}

#[test]
fn a_provider_record_stored_before_the_lock_reads_the_same_and_a_sealed_one_round_trips() {
    let old = serde_json::json!({
        "id": "p1", "kind": "open_ai", "name": "OpenAI", "base_url": "https://api.openai.com/v1",
        "api_key": "sk-old", "key_origin": "https://api.openai.com"
    });
    let read: ProviderRecord = migrate_record(stores::PROVIDERS, 1, old).expect("reads");
    assert_eq!(read.sealed_key, None);
    assert!(serde_json::to_value(&read).expect("json").get("sealed_key").is_none(), "written as before");
    let sealed_record = sealed_provider("p1", 1);
    let json = serde_json::to_value(&sealed_record).expect("json");
    assert_eq!(
        json["sealed_key"],
        serde_json::json!({"iv": "AQEBAQEBAQEBAQEB", "data": "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEB"})
    );
    assert_eq!(json["api_key"], "");
    let back: ProviderRecord = migrate_record(stores::PROVIDERS, 1, json).expect("reads");
    assert_eq!(back, sealed_record);
}

#[test]
fn the_import_rule_table() {
    assert_eq!(import_rule(None, None), ImportKeys::Keep);
    assert_eq!(import_rule(Some(&lock(1)), None), ImportKeys::Keep);
    assert_eq!(import_rule(None, Some(Ok(lock(1)))), ImportKeys::AdoptLock);
    assert_eq!(import_rule(Some(&lock(1)), Some(Ok(lock(1)))), ImportKeys::Keep);
    assert!(matches!(import_rule(Some(&lock(1)), Some(Ok(lock(2)))), ImportKeys::DropSealed(_)));
    assert!(matches!(import_rule(None, Some(Err(KeyLockError::Iterations(5)))), ImportKeys::DropSealed(_)));
}

#[test]
fn a_locked_key_is_its_own_set_up_problem_that_says_to_unlock() {
    let problem = crate::failure::ConfigProblem::KeysLocked { provider: "OpenAI".into() };
    assert_eq!(
        problem.to_string(),
        "The API key of “OpenAI” is locked with your passphrase. Unlock your API keys, then send again; nothing was sent."
    );
    let record = crate::failure::Failure::config(problem.clone()).to_record();
    let back = crate::failure::Failure::from_record(&record);
    assert_eq!(back.kind, crate::failure::FailureKind::Config(problem));
}

#[test]
fn an_import_with_a_lock_into_a_store_with_plain_keys_keeps_them_plain_and_drops_the_sealed_ones() {
    let file = build_backup(locked_store(), true, 1).contents;
    let stored = StoreContents { providers: vec![provider("p7", "sk-here")], ..StoreContents::default() };
    let plan = plan_import(&stored, &file);
    assert!(!plan.adopts_key_lock);
    assert!(plan.writes.settings.iter().all(|s| s.key != KEY_LOCK_SETTING), "no lock over plain keys");
    assert!(plan.writes.providers.iter().all(|p| p.sealed_key.is_none() && p.api_key.is_empty()));
    assert!(plan.writes.providers.iter().all(|p| p.id != "p7"), "the plain key here is not touched");
    assert!(plan.summary().iter().any(|l| l.contains("not locked")), "{:?}", plan.summary());
    // A store with no key at all still adopts the file's lock.
    let keyless = StoreContents { providers: vec![provider("p7", "")], ..StoreContents::default() };
    assert!(plan_import(&keyless, &file).adopts_key_lock);
    // An MCP server's plain header value here counts as a plain key.
    let server = mcp_server("m1", "secret-m");
    let with_server = StoreContents {
        settings: vec![SettingRecord {
            key: server.setting_key(),
            value: serde_json::to_value(&server).unwrap_or_default(),
        }],
        ..keyless.clone()
    };
    assert!(!plan_import(&with_server, &file).adopts_key_lock, "no lock over a plain MCP secret");
}

#[test]
fn adopting_a_lock_over_a_damaged_one_drops_the_sealed_keys_that_can_never_open() {
    let file = build_backup(locked_store(), true, 1).contents;
    let stored = StoreContents {
        settings: vec![SettingRecord { key: KEY_LOCK_SETTING.into(), value: serde_json::json!({"kdf": "none"}) }],
        providers: vec![sealed_provider("old", 9)],
        ..StoreContents::default()
    };
    let plan = plan_import(&stored, &file);
    assert!(plan.adopts_key_lock);
    assert_eq!(KeyLock::find(&plan.writes.settings), Some(Ok(lock(4))));
    let old = plan.writes.providers.iter().find(|p| p.id == "old").map(|p| (p.has_key(), p.key_origin.clone()));
    assert_eq!(old, Some((false, None)));
    assert_eq!(plan.writes.providers.iter().find(|p| p.id == "p1").and_then(|p| p.sealed_key.clone()), Some(sealed(1)));
}

#[test]
fn a_write_checks_the_lock_and_the_keys_at_rest_against_what_the_tab_saw() {
    assert_eq!(lock_at_rest(None), None);
    assert_eq!(lock_at_rest(Some(&lock(1).to_setting().value)), Some(Some(lock(1))));
    assert_eq!(lock_at_rest(Some(&serde_json::json!({"kdf": "none"}))), Some(None));
    assert_ne!(lock_at_rest(Some(&lock(2).to_setting().value)), Some(Some(lock(1))), "another passphrase");

    // Memory holds p1 plain (the lock off here); another tab locked it since.
    let memory = vec![provider("p1", "sk-1")];
    assert!(keys_match(&memory, &memory, false));
    assert!(!keys_match(&[sealed_provider("p1", 3)], &memory, false));
    // A key at rest that memory does not hold is never overwritten by nothing.
    assert!(!keys_match(&[provider("p1", "sk-1"), provider("p2", "sk-2")], &memory, false));
    assert!(keys_match(&[provider("p1", "sk-1"), provider("p2", "")], &memory, false));
    // Unlocked: memory holds the plain key and its sealed copy; at rest only the seal.
    let open = vec![ProviderRecord { api_key: "sk-1".into(), ..sealed_provider("p1", 3) }];
    assert!(keys_match(&[sealed_provider("p1", 3)], &open, true));
    assert!(!keys_match(&[sealed_provider("p1", 5)], &open, true), "another tab typed a new key");
}

fn mcp_server(id: &str, header: &str) -> crate::tools::McpServer {
    crate::tools::McpServer {
        id: id.into(),
        name: format!("server {id}"),
        url: "https://mcp.example/mcp".into(),
        headers: vec![crate::tools::McpHeader { name: "X-Api-Key".into(), value: header.into() }],
        enabled: true,
        tools: Vec::new(),
        oauth_client: None,
        sign_in: None,
        sealed: None,
    }
}

#[test]
fn mcp_secrets_are_sealed_with_the_lock_or_nothing_is_written() {
    let servers = [mcp_server("a", "secret-a"), mcp_server("b", "")];
    let records = servers_lock_write(&servers, &[("a".into(), sealed(3))]).expect("every secret sealed");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].key, "mcp_server:a");
    let text = serde_json::to_string(&records).unwrap_or_default();
    assert!(!text.contains("secret-a"), "{text}");
    let a: crate::tools::McpServer = serde_json::from_value(records[0].value.clone()).expect("a server");
    assert_eq!(a.sealed, Some(sealed(3)));
    let b: crate::tools::McpServer = serde_json::from_value(records[1].value.clone()).expect("a server");
    assert_eq!(b.sealed, None, "no secret, no seal");
    assert_eq!(servers_lock_write(&servers, &[]), None, "a secret without its sealed copy stops the write");
    let unopened = crate::tools::McpServer { sealed: Some(sealed(1)), ..mcp_server("c", "") };
    assert_eq!(
        servers_lock_write(std::slice::from_ref(&unopened), &[("c".into(), sealed(4))]),
        None,
        "an unopened seal is kept"
    );
    assert_eq!(servers_unlock_write(std::slice::from_ref(&unopened)), None, "an unopened seal would be lost");
}

#[test]
fn removing_the_lock_stores_mcp_secrets_plain_and_forgetting_drops_only_them() {
    let opened = crate::tools::McpServer { sealed: Some(sealed(1)), ..mcp_server("a", "secret-a") };
    let plain = servers_unlock_write(std::slice::from_ref(&opened)).expect("opened");
    let a: crate::tools::McpServer = serde_json::from_value(plain[0].value.clone()).expect("a server");
    assert_eq!((a.sealed, a.headers[0].value.as_str()), (None, "secret-a"));
    let locked = crate::tools::McpServer { sealed: Some(sealed(1)), ..mcp_server("a", "") };
    let setting = |server: &crate::tools::McpServer| SettingRecord {
        key: server.setting_key(),
        value: serde_json::to_value(server).unwrap_or_default(),
    };
    let other = SettingRecord { key: "theme".into(), value: serde_json::json!({ "sealed": 1 }) };
    let forgotten = servers_forget(&[setting(&locked), setting(&mcp_server("b", "")), other]);
    assert_eq!(forgotten.len(), 1, "a server with nothing secret (and any other setting) is not written");
    let a: crate::tools::McpServer = serde_json::from_value(forgotten[0].value.clone()).expect("a server");
    assert_eq!(a, crate::tools::McpServer { sealed: None, ..mcp_server("a", "") }, "every other field stays");
}
