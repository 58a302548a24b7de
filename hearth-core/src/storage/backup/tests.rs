//! Backup round trips and refusals.

use super::*;
use crate::agent::{AgentKind, DEFAULT_AGENT_ID, PromptSection};
use crate::message::Role;
use crate::storage::backup_file::parse_backup;

fn sample() -> StoreContents {
    let mut message =
        MessageRecord { content: "Hello there".into(), ..MessageRecord::new("m1".into(), "s1".into(), Role::User, 10) };
    message.refresh_terms();
    StoreContents {
        providers: vec![ProviderRecord {
            api: Default::default(),
            id: "p1".into(),
            kind: crate::contract::ProviderKind::OpenAi,
            name: "OpenAI".into(),
            base_url: "https://api.openai.com/v1".into(),
            api_key: "sk-secret".into(),
            preset: Some(crate::provider::Preset::OpenAi),
            api_version: String::new(),
            key_origin: Some("https://api.openai.com".into()),
            sealed_key: None,
        }],
        agents: vec![AgentRecord::general(1)],
        sessions: vec![SessionRecord {
            id: "s1".into(),
            title: "Hello there".into(),
            title_source: TitleSource::FirstMessage,
            agent_id: DEFAULT_AGENT_ID.into(),
            created_at: 10,
            updated_at: 10,
            message_count: 1,
            preview: "Hello there".into(),
            pinned: false,
            deleted_at: None,
            branch_of: None,
            branched_at: None,
        }],
        messages: vec![message],
        settings: vec![SettingRecord { key: "auto_title".into(), value: serde_json::json!(true) }],
        ..StoreContents::default()
    }
}

/// `contents` as a backup reads back: its messages without their search
/// terms (derived, so dropped, and made again where they are written).
fn without_terms(mut contents: StoreContents) -> StoreContents {
    for message in &mut contents.messages {
        message.terms.clear();
    }
    contents
}

#[test]
fn a_backup_round_trips_exactly() {
    let backup = build_backup(sample(), true, 99);
    let json = serde_json::to_string(&backup).expect("serialisable");
    let parsed = parse_backup(&json).expect("own backup parses");
    let mut expected = without_terms(sample());
    expected.canonicalize();
    assert_eq!(parsed.contents, expected);
    assert!(parsed.includes_api_keys);
    assert_eq!(parsed.exported_at, 99);
}

#[test]
fn keys_are_left_out_unless_asked_and_never_erased_on_import() {
    let backup = build_backup(sample(), false, 99);
    let json = serde_json::to_string(&backup).expect("serialisable");
    assert!(!json.contains("sk-secret"), "the key must not be in the file");
    let imported = parse_backup(&json).expect("parses").contents.providers.remove(0);
    let stored = sample().providers.remove(0);
    let (kept, outcome) = merge_imported_provider(Some(&stored), imported.clone());
    assert_eq!((kept.api_key.as_str(), outcome), ("sk-secret", KeyOutcome::Kept));
    assert_eq!(kept.key_origin.as_deref(), Some("https://api.openai.com"));
    assert_eq!(merge_imported_provider(None, imported.clone()).0.api_key, "");
    // A backup without keys that moves the provider to another host does not
    // get the stored key.
    let moved = ProviderRecord { base_url: "https://evil.example/v1".into(), ..imported.clone() };
    let (merged, outcome) = merge_imported_provider(Some(&stored), moved.clone());
    assert_eq!((merged.api_key.as_str(), merged.key_origin, outcome), ("", None, KeyOutcome::Dropped));
    // Nor when the file claims the key was entered for the new host.
    let lying = ProviderRecord { key_origin: Some("https://evil.example".into()), ..moved };
    assert_eq!(merge_imported_provider(Some(&stored), lying).0.api_key, "");
    // A stored key from before keys were bound is judged by its own URL.
    let legacy = ProviderRecord { key_origin: None, ..stored.clone() };
    assert_eq!(merge_imported_provider(Some(&legacy), imported).0.api_key, "sk-secret");
}

#[test]
fn search_terms_are_dropped_not_trusted() {
    let mut contents = sample();
    contents.messages[0].terms = vec!["bogus".into()];
    let json = serde_json::to_string(&build_backup(contents, false, 1)).expect("serialisable");
    let parsed = parse_backup(&json).expect("parses");
    // Made again where the message is written (its postings), from what it holds.
    assert!(parsed.contents.messages[0].terms.is_empty());
    assert_eq!(parsed.contents.messages[0].search_terms(), ["hello", "there"]);
}

#[test]
fn a_user_message_with_attached_files_round_trips() {
    let mut contents = sample();
    contents.messages[0].files = vec![
        crate::message::AttachedFile { name: "notes.md".into(), content: "# Notes\r\n\nLine two".into() },
        crate::message::AttachedFile { name: "todo.txt".into(), content: String::new() },
    ];
    contents.messages[0].refresh_terms();
    let json = serde_json::to_string(&build_backup(contents.clone(), false, 1)).expect("serialisable");
    assert!(json.contains(r#""files":[{"name":"notes.md""#), "{json}");
    let parsed = parse_backup(&json).expect("parses");
    let without_terms: Vec<_> =
        contents.messages.iter().map(|message| MessageRecord { terms: Vec::new(), ..message.clone() }).collect();
    assert_eq!(parsed.contents.messages, without_terms);
    assert_eq!(parsed.contents.messages[0].search_terms(), ["hello", "md", "notes", "there", "todo", "txt"]);
}

#[test]
fn other_files_are_refused_with_a_clear_error() {
    assert!(matches!(parse_backup("not json"), Err(BackupError::NotJson(_))));
    assert_eq!(parse_backup("[]"), Err(BackupError::NotABackup));
    assert_eq!(parse_backup(r#"{"format":"other"}"#), Err(BackupError::NotABackup));
    assert_eq!(parse_backup(r#"{"format":"hearth-backup","backup_version":9}"#), Err(BackupError::NewerLayout(9)));
    assert_eq!(
        parse_backup(r#"{"format":"hearth-backup","sessions":{}}"#),
        Err(BackupError::BadStore("sessions".into()))
    );
    // Opened without parsing every record at once, a file is still refused whole where it is not JSON.
    for broken in [
        r#"{"format":"hearth-backup","sessions":[]"#,
        r#"{"format":"hearth-backup","sessions":[{"id":"x"}"#,
        r#"{"format":"hearth-backup","sessions":[],"exported_at":tru}"#,
        r#"{"format":"hearth-backup","sessions":[]} trailing"#,
        r#"{"format":"hearth-backup" "sessions":[]}"#,
    ] {
        assert!(matches!(parse_backup(broken), Err(BackupError::NotJson(_))), "{broken}");
    }
    // What the whole file's parse refused is still refused: JSON hidden under a repeated key,
    // a lone surrogate, a number out of range, deep nesting, in any field or in the top level.
    let deep = format!(r#"{{"format":"hearth-backup","x":{}1{}}}"#, "[".repeat(200), "]".repeat(200));
    for broken in [
        r#"{"format":"hearth-backup","note":tru,"note":1}"#,
        r#"{"format":"hearth-backup","sessions":[tru],"sessions":[]}"#,
        r#"{"format":"hearth-backup","x":"\ud800"}"#,
        r#"{"format":"hearth-backup","x":1e400}"#,
        r#"{"\ud800":1}"#,
        r#"["\ud800"]"#,
        &deep,
    ] {
        assert!(matches!(parse_backup(broken), Err(BackupError::NotJson(_))), "{broken}");
    }
    // A record that is not JSON: the error says which record, its position being the record's own.
    let record =
        parse_backup(r#"{"format":"hearth-backup","settings":[{"key":"a","value":1},{"key":"b","value":2,}]}"#);
    let Err(BackupError::NotJson(why)) = record else { panic!("a record that is not JSON: {record:?}") };
    assert!(why.contains("record 2 of \"settings\""), "{why}");
    let bad_record = parse_backup(r#"{"format":"hearth-backup","sessions":[{"id":"x"}]}"#).expect_err("missing fields");
    assert!(bad_record.to_string().contains("sessions record"), "{bad_record}");
    let too_new = parse_backup(r#"{"format":"hearth-backup","schema_version":99,"sessions":[{}]}"#).expect_err("newer");
    assert!(too_new.to_string().contains("newer Hearth"), "{too_new}");
}

#[test]
fn an_empty_backup_is_valid() {
    let parsed = parse_backup(r#"{"format":"hearth-backup"}"#).expect("parses");
    assert!(parsed.contents.is_empty());
}

#[test]
fn a_key_in_a_backup_belongs_to_the_backups_own_base_url() {
    let mut contents = sample();
    contents.providers[0].base_url = "https://other.example/v1".into();
    contents.providers[0].key_origin = Some("https://api.openai.com".into());
    let json = serde_json::to_string(&build_backup(contents, true, 1)).expect("serialisable");
    let parsed = parse_backup(&json).expect("parses");
    assert_eq!(parsed.contents.providers[0].key_origin.as_deref(), Some("https://other.example"));
    let keyless = serde_json::to_string(&build_backup(sample(), false, 1)).expect("serialisable");
    assert!(!keyless.contains("key_origin"), "a backup without keys names no key origin");
}

#[test]
fn agents_round_trip_with_every_field_and_old_ones_still_load() {
    let mut translator = AgentRecord::new("a-1".into(), "Translator".into(), 5);
    translator.description = "German and English".into();
    translator.sections = vec![
        PromptSection { name: "glossary".into(), text: String::new() },
        PromptSection { name: "style".into(), text: "Short\r\nsentences {literally}.".into() },
    ];
    translator.model_config_id = Some("mc-1".into());
    translator.tools = vec!["calculator".into()];
    translator.max_tool_rounds = Some(2);
    translator.ask_before_running.insert("calculator".into(), true);
    translator.kind = AgentKind::App;
    let mut edited_general = AgentRecord::general(1);
    edited_general.system_prompt = "Be brief. Today is {date}.".into();
    let contents =
        StoreContents { agents: vec![translator.clone(), edited_general.clone()], ..StoreContents::default() };
    let json = serde_json::to_string(&build_backup(contents, false, 9)).expect("serialisable");
    let parsed = parse_backup(&json).expect("own backup parses");
    assert_eq!(parsed.contents.agents, [translator, edited_general], "sorted by id, every field kept");

    // A backup written before agents had descriptions, sections and kinds.
    let old = r#"{"format":"hearth-backup","backup_version":1,"schema_version":1,"agents":[
        {"id":"general","name":"General Assistant","system_prompt":"","model_config_id":null,"tools":["calculator"],
         "max_tool_rounds":3,"created_at":1,"updated_at":2}]}"#;
    let [agent] = parse_backup(old).expect("old backup parses").contents.agents.try_into().expect("one agent");
    assert_eq!(
        agent,
        AgentRecord {
            tools: vec!["calculator".into()],
            max_tool_rounds: Some(3),
            updated_at: 2,
            ..AgentRecord::general(1)
        }
    );
    assert_eq!(agent.offered_tools(), ["calculator"], "an old agent is a chat agent");
}

#[test]
fn an_agent_switch_marker_survives_a_backup_and_its_import() {
    let translator = AgentRef { id: "a-1".into(), name: "Translator".into(), ..Default::default() };
    let mut reply = MessageRecord {
        content: "Bonjour".into(),
        ..MessageRecord::new("m3".into(), "s1".into(), Role::Assistant, 30)
    };
    reply.agent = Some(translator.clone());
    reply.model = Some("gpt-4o-mini".into());
    reply.refresh_terms();
    let marker = MessageRecord::agent_switch("m2".into(), "s1".into(), translator, 20);
    let mut contents = sample();
    contents.sessions[0].agent_id = "a-1".into();
    contents.sessions[0].message_count = 3;
    contents.messages.extend([marker.clone(), reply.clone()]);
    let json = serde_json::to_string(&build_backup(contents.clone(), false, 99)).expect("serialisable");
    let parsed = parse_backup(&json).expect("own backup parses").contents;
    let back = parsed.messages.iter().find(|m| m.id == "m2").expect("the marker is in the backup");
    let marker = MessageRecord { terms: Vec::new(), ..marker };
    assert_eq!(back, &marker, "kind, agent and content kept");
    assert!(back.is_marker());
    let reply = MessageRecord { terms: Vec::new(), ..reply };
    assert_eq!(parsed.messages.iter().find(|m| m.id == "m3"), Some(&reply), "the reply keeps its agent");

    // Imported into an empty store, the session (with its agent) and the marker are written as they are.
    let plan = crate::storage::import_plan::plan_import(&StoreContents::default(), &parsed);
    assert_eq!(plan.writes.sessions.len(), 1);
    assert_eq!(plan.writes.sessions[0].agent_id, "a-1");
    let written = plan.writes.messages.iter().find(|m| m.id == "m2").expect("the marker is written");
    assert_eq!(written, &marker);
    // Imported again over itself, nothing changes.
    let mut stored = parsed.clone();
    stored.canonicalize();
    let again = crate::storage::import_plan::plan_import(&stored, &parsed);
    assert!(again.writes.messages.is_empty(), "{:?}", again.writes.messages);
}

#[test]
fn an_import_keeps_an_apps_data_but_never_its_network_permission() {
    let mut contents = sample();
    let app = serde_json::json!({ "network_allowed": true, "items": { "todos": "[\"a\"]" } });
    contents.settings.push(SettingRecord { key: "app:s1".into(), value: app });
    let json = serde_json::to_string(&build_backup(contents, false, 1)).expect("serialisable");
    let parsed = parse_backup(&json).expect("parses");
    let setting = parsed.contents.settings.iter().find(|s| s.key == "app:s1").expect("the app's setting is imported");
    assert_eq!(setting.value, serde_json::json!({ "network_allowed": false, "items": { "todos": "[\"a\"]" } }));
    // Other settings are left as they are.
    assert!(parsed.contents.settings.iter().any(|s| s.key == "auto_title" && s.value == serde_json::json!(true)));
}

#[test]
fn attachments_bytes_travel_with_the_backup_and_bad_ones_are_refused() {
    let blob = BlobEntry { id: "ab".repeat(32), mime: "image/png".into(), data: "iVBORw0KGgo=".into() };
    let contents = StoreContents { blobs: vec![blob.clone()], ..sample() };
    let json = serde_json::to_string(&build_backup(contents, false, 1)).expect("serialisable");
    assert_eq!(parse_backup(&json).expect("parses").contents.blobs, vec![blob.clone()]);

    for bad in [
        BlobEntry { id: "AB".repeat(32), ..blob.clone() },
        BlobEntry { id: "ab".into(), ..blob.clone() },
        BlobEntry { data: "not base64!".into(), ..blob.clone() },
    ] {
        let contents = StoreContents { blobs: vec![bad], ..sample() };
        let json = serde_json::to_string(&build_backup(contents, false, 1)).expect("serialisable");
        assert_eq!(parse_backup(&json), Err(BackupError::BadStore("blobs".into())));
    }
    let no_blobs = serde_json::to_value(build_backup(sample(), false, 1)).expect("serialisable");
    assert!(no_blobs.get("blobs").is_none(), "left out when there are none");
}

/// A `sync_config` as Settings → Sync stores it while the key lock is off: the
/// server, the user and the password in plain text.
fn sync_config() -> SettingRecord {
    SettingRecord {
        key: "sync_config".into(),
        value: serde_json::json!({
            "url": "https://couch.example.org", "db": "hearth", "user": "me", "password": "hunter2", "on": true
        }),
    }
}

#[test]
fn a_backup_never_holds_sync_settings_with_or_without_keys() {
    let mut contents = sample();
    contents.settings.push(sync_config());
    contents.settings.push(SettingRecord { key: "sync_later_state".into(), value: serde_json::json!({"seq": 4}) });
    contents.settings.push(SettingRecord { key: "search_index".into(), value: serde_json::json!(3) });
    contents.settings.push(SettingRecord { key: "last_agent".into(), value: serde_json::json!("general") });
    for include_api_keys in [false, true] {
        let backup = build_backup(contents.clone(), include_api_keys, 1);
        let keys: Vec<&str> = backup.contents.settings.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(keys, ["auto_title", "last_agent", "search_index"], "with keys: {include_api_keys}");
        let json = serde_json::to_string(&backup).expect("serialisable");
        assert!(!json.contains("hunter2") && !json.contains("couch.example.org"), "{json}");
    }
}
#[test]
fn every_setting_the_shell_stores_is_classified_for_backups() {
    for key in ["sync_config", "sync"] {
        assert_eq!(backup_setting(key), BackupSetting::DeviceOnly, "{key}");
    }
    assert_eq!(backup_setting("key_lock"), BackupSetting::WithApiKeys);
    assert_eq!(backup_setting("image_auto_hosts"), BackupSetting::NotImported);
    for key in [
        "auto_title",
        "compaction",
        "stall_timeout_secs",
        "user_tool:t1",
        "mcp_server:s1",
        "app:s1",
        "active_provider",
        "last_agent",
        "compare_tally",
        "shortcut_question_mark",
        "voice",
        "search_index",
    ] {
        assert_eq!(backup_setting(key), BackupSetting::Carried, "{key}");
    }
    // A setting no rule names stays on the device until it is classified.
    assert_eq!(backup_setting("some_future_token"), BackupSetting::DeviceOnly);
}

/// A reply that searched the web and drew a picture, with something this
/// version could not read: every field issue 49 added.
pub(crate) fn searched_reply() -> MessageRecord {
    use crate::contract::{CitationMark, ServerToolCall, ServerToolKind, ServerToolStatus, Source, Unsupported};
    let mut reply = MessageRecord {
        content: "Lyon opened a tram line.".into(),
        ..MessageRecord::new("m2".into(), "s1".into(), Role::Assistant, 20)
    };
    reply.parent = Some("m1".into());
    reply.sources = vec![
        Source {
            url: "https://news.example/tram".into(),
            title: "Tram opens".into(),
            cited_text: Some("It opened.".into()),
        },
        Source { url: "ftp://old.example/x".into(), ..Source::default() },
    ]
    .into();
    reply.citations = vec![CitationMark { source: 0, at: 24 }, CitationMark { source: 1, at: 4 }].into();
    reply.server_tools = vec![
        ServerToolCall {
            id: "ws_1".into(),
            kind: ServerToolKind::WebSearch,
            status: ServerToolStatus::Completed,
            query: Some("Lyon tram".into()),
            results: Some(5),
            error: None,
            raw: None,
        },
        ServerToolCall {
            id: "x_1".into(),
            kind: ServerToolKind::Other("code_interpreter".into()),
            status: ServerToolStatus::Failed,
            query: None,
            results: None,
            error: Some("max_uses_exceeded".into()),
            raw: Some("{\"type\":\"code_interpreter_call\"}".into()),
        },
    ]
    .into();
    reply.images = vec![
        crate::message::ToolMedia::returned("image/png", "").stored_as("cd".repeat(32)),
        crate::message::ToolMedia::returned("image/webp", "").stored_as("ef".repeat(32)),
    ];
    reply.unsupported =
        vec![Unsupported { what: "file_citation".into(), raw: "{\"type\":\"file_citation\"}".into() }].into();
    reply.refresh_terms();
    reply
}

#[test]
fn a_reply_with_sources_citations_tools_pictures_and_unsupported_parts_round_trips() {
    let reply = searched_reply();
    assert_eq!(reply.blobs, ["cd".repeat(32), "ef".repeat(32)], "the blob store keeps its pictures");
    let picture = BlobEntry { id: "cd".repeat(32), mime: "image/png".into(), data: "iVBORw0KGgo=".into() };
    let contents =
        StoreContents { blobs: vec![picture], messages: vec![sample().messages[0].clone(), reply], ..sample() };
    let json = serde_json::to_string(&build_backup(contents.clone(), false, 1)).expect("serialisable");
    let parsed = parse_backup(&json).expect("parses").contents;
    let mut expected = without_terms(contents);
    expected.canonicalize();
    assert_eq!(parsed.messages, expected.messages);
    assert_eq!(parsed.blobs, expected.blobs, "the picture's bytes travel with the backup");
    let back = parsed.messages.iter().find(|message| message.id == "m2").expect("the reply");
    assert_eq!(back.blobs, ["cd".repeat(32), "ef".repeat(32)], "recomputed on import");
}

fn with_knowledge() -> StoreContents {
    use crate::knowledge::kind::FileKind;
    use crate::knowledge::records::{EmbeddingChoice, FileState};
    let base = BaseRecord {
        id: "kb1".into(),
        name: "Handbook".into(),
        created: 5,
        embedding: Some(EmbeddingChoice { account: "p1".into(), model: "embed-test".into() }),
        folder_name: Some("manuals".into()),
        folder_allowed: true,
        carry_vectors: false,
        hidden: false,
    };
    let file = FileRecord {
        id: "kf1".into(),
        num: 7,
        base: "kb1".into(),
        name: "pump.pdf".into(),
        path: "manuals/pump.pdf".into(),
        size: 3,
        hash: Some("ab".repeat(32)),
        kind: Some(FileKind::Pdf),
        modified: 1_700_000_000_000.0,
        added: 1_700_000_000_500.0,
        state: FileState::Indexed,
        passages: 40,
        pages: 40,
        embedded: 40,
        refusal: None,
        embed_error: None,
        hidden: false,
        replaces: None,
        vectors: None,
    };
    let blob = BlobEntry { id: "ab".repeat(32), mime: "application/octet-stream".into(), data: "AQID".into() };
    StoreContents { knowledge_bases: vec![base], knowledge_files: vec![file], blobs: vec![blob], ..sample() }
}

#[test]
fn knowledge_bases_go_as_they_leave_a_device_and_come_back_to_be_read_again() {
    let backup = build_backup(with_knowledge(), false, 99);
    let json = serde_json::to_string(&backup).expect("serializes");
    let value: serde_json::Value = serde_json::from_str(&json).expect("reads");
    assert_eq!(value[KNOWLEDGE_BASES][0].as_object().map(|o| o.len()), Some(4), "{}", value[KNOWLEDGE_BASES]);
    assert_eq!(value[KNOWLEDGE_FILES][0]["modified"], serde_json::json!(1_700_000_000_000_i64));
    let carried =
        |list: &str| value[list][0].as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default();
    for local in ["folderName", "num", "state", "passages", "embedded", "hidden"] {
        let local = local.to_owned();
        assert!(
            !carried(KNOWLEDGE_BASES).contains(&local) && !carried(KNOWLEDGE_FILES).contains(&local),
            "{local} stays"
        );
    }
    let back = parse_backup(&json).expect("imports");
    let base = &back.contents.knowledge_bases[0];
    assert_eq!((base.name.as_str(), base.folder_name.as_ref()), ("Handbook", None));
    let file = &back.contents.knowledge_files[0];
    assert_eq!((file.num, file.state, file.passages), (0, crate::knowledge::records::FileState::Waiting, 0));
    assert_eq!(file.hash, Some("ab".repeat(32)));
    assert_eq!(back.contents.blobs.len(), 1, "its bytes");
    // A base being removed, a file refused unread: not in a backup.
    let mut contents = with_knowledge();
    contents.knowledge_bases[0].hidden = true;
    contents.knowledge_files[0].hash = None;
    let json = serde_json::to_string(&build_backup(contents, false, 99)).expect("serializes");
    assert!(!json.contains("knowledge_"), "{json}");
}

#[test]
fn a_backup_with_an_unreadable_knowledge_file_is_refused_whole() {
    let json = serde_json::to_string(&build_backup(with_knowledge(), false, 99)).expect("serializes");
    for (from, to) in [
        (format!("\"hash\":\"{}\"", "ab".repeat(32)), "\"hash\":\"../../etc/passwd\"".to_owned()),
        ("{\"kind\":\"pdf\"}".to_owned(), "{\"kind\":\"spreadsheet\"}".to_owned()),
    ] {
        let bad = json.replacen(&from, &to, 1);
        assert_ne!(bad, json, "{from} is in the backup");
        assert_eq!(parse_backup(&bad).map(|_| ()), Err(BackupError::BadStore(KNOWLEDGE_FILES.to_owned())), "{to}");
    }
}

/// A file read a slice at a time (as the shell reads a large one between
/// frames) gives what reading it at once gives, and says how far it is.
#[test]
fn a_backup_read_in_slices_is_the_backup_read_at_once() {
    let mut contents = sample();
    let template = contents.messages[0].clone();
    for at in 0..7 {
        let mut message = template.clone();
        message.id = format!("m-extra-{at}");
        message.content = format!("Extra message {at}");
        contents.messages.push(message);
    }
    let json = serde_json::to_string(&build_backup(contents, true, 99)).expect("serialises");
    let whole = parse_backup(&json).expect("parses");
    let mut file = crate::storage::backup_file::BackupFile::open(&json).expect("opens");
    let total = file.total();
    assert_eq!(total, whole.contents.len() + whole.contents.blobs.len());
    let mut seen = Vec::new();
    while !file.read(3).expect("reads") {
        seen.push(file.done());
    }
    assert_eq!(file.done(), total);
    assert!(seen.windows(2).all(|pair| pair[1] == pair[0] + 3), "{seen:?}");
    assert!(seen.len() >= 3, "{seen:?}");
    assert_eq!(file.finish(), whole);
}
