//! Record shapes: records written before a field existed still load, and stored
//! records turn into request configurations. The agent's stored shape is
//! checked here too (the agent itself is `crate::agent`'s).

use super::*;
use crate::agent::tests::translator;
use crate::storage::stores;

#[test]
fn records_without_the_new_fields_load() {
    let provider: ProviderRecord = serde_json::from_value(serde_json::json!({
        "id": "p", "kind": "open_ai", "name": "Ollama", "base_url": "http://localhost:11434/v1"
    }))
    .expect("an old provider loads");
    assert_eq!((provider.preset, provider.api_version.as_str()), (None, ""));
    let model: ModelConfigRecord =
        serde_json::from_value(serde_json::json!({ "id": "m", "provider_id": "p", "model": "llama3.2" }))
            .expect("an old model config loads");
    assert_eq!(model.thinking, None);
    let message: MessageRecord = serde_json::from_value(serde_json::json!({
        "id": "m-1", "session_id": "s", "role": "assistant", "content": "Hi", "reasoning": "Thinking.",
        "created_at": 1, "updated_at": 2
    }))
    .expect("an old message loads");
    assert!(message.reasoning_parts.is_empty());
    assert_eq!((message.provider_kind, message.reasoning.as_str()), (None, "Thinking."));
    assert_eq!(message.ignored_choices, 0);
    assert!(message.files.is_empty());
}

#[test]
fn a_user_message_keeps_its_attached_files_and_their_names_are_searchable() {
    let mut message = MessageRecord::new("m".into(), "s".into(), Role::User, 5);
    message.content = "Summarise".into();
    message.refresh_terms();
    let json = serde_json::to_value(&message).expect("serialisable");
    assert!(json.get("files").is_none(), "no files, no field: {json}");
    message.files = vec![AttachedFile { name: "Meeting-notes.md".into(), content: "secret budget".into() }];
    message.refresh_terms();
    assert_eq!(message.terms, ["md", "meeting", "notes", "summarise"], "names, not contents");
    let json = serde_json::to_value(&message).expect("serialisable");
    assert_eq!(json["files"], serde_json::json!([{ "name": "Meeting-notes.md", "content": "secret budget" }]));
    let back: MessageRecord = serde_json::from_value(json).expect("loads");
    assert_eq!(back, message);
    let sent = back.user_chat_message();
    assert_eq!((sent.role, sent.content.as_str(), sent.files), (Role::User, "Summarise", message.files.clone()));
}

#[test]
fn ignored_choices_round_trip_and_are_left_out_when_none() {
    let mut message = MessageRecord::new("m".into(), "s".into(), Role::Assistant, 5);
    let json = serde_json::to_value(&message).expect("serialisable");
    assert!(json.get("ignored_choices").is_none(), "{json}");
    message.ignored_choices = 2;
    let json = serde_json::to_value(&message).expect("serialisable");
    assert_eq!(json["ignored_choices"], 2);
    let back: MessageRecord = serde_json::from_value(json).expect("loads");
    assert_eq!(back, message);
}

#[test]
fn an_agent_keeps_its_approval_choices_and_old_agents_load_without_them() {
    let old: AgentRecord = serde_json::from_value(serde_json::json!({
        "id": "general", "name": "General Assistant", "tools": ["fetch_url"], "created_at": 1, "updated_at": 2
    }))
    .expect("an old agent loads");
    assert!(old.ask_before_running.is_empty());
    let json = serde_json::to_value(&old).expect("serialisable");
    assert!(json.get("ask_before_running").is_none(), "nothing new is written for no choice: {json}");
    let mut agent = old;
    agent.ask_before_running.insert("fetch_url".into(), false);
    let json = serde_json::to_value(&agent).expect("serialisable");
    assert_eq!(json["ask_before_running"], serde_json::json!({ "fetch_url": false }));
    let back: AgentRecord = serde_json::from_value(json).expect("it loads back");
    assert_eq!(back, agent);
}

#[test]
fn reasoning_parts_round_trip_and_are_left_out_when_empty() {
    let mut message = MessageRecord::new("m".into(), "s".into(), Role::Assistant, 5);
    let json = serde_json::to_value(&message).expect("serialisable");
    assert!(json.get("reasoning_parts").is_none(), "{json}");
    assert_eq!(json["provider_kind"], serde_json::Value::Null);
    message.reasoning_parts = vec![
        ReasoningPart { text: "Hmm.".into(), signature: Some("sig".into()), ..ReasoningPart::default() },
        ReasoningPart { redacted: Some("enc".into()), ..ReasoningPart::default() },
    ];
    message.provider_kind = Some(ProviderKind::Anthropic);
    let json = serde_json::to_value(&message).expect("serialisable");
    assert_eq!(
        json["reasoning_parts"],
        serde_json::json!([{ "text": "Hmm.", "signature": "sig" }, { "text": "", "redacted": "enc" }])
    );
    assert_eq!(json["provider_kind"], "anthropic");
    let back: MessageRecord = serde_json::from_value(json).expect("loads");
    assert_eq!(back, message);
}

#[test]
fn provider_records_become_configs() {
    let record = ProviderRecord {
        api: Default::default(),
        id: "p".into(),
        kind: ProviderKind::OpenAi,
        name: "Azure".into(),
        base_url: "https://r.openai.azure.com/openai/deployments/d".into(),
        api_key: "k".into(),
        preset: Some(Preset::Azure),
        api_version: "2024-06-01".into(),
        key_origin: Some("https://r.openai.azure.com".into()),
        sealed_key: None,
    };
    assert_eq!(
        record.config(),
        ProviderConfig {
            api: Default::default(),
            kind: ProviderKind::OpenAi,
            preset: Preset::Azure,
            base_url: record.base_url.clone(),
            api_key: "k".into(),
            api_version: "2024-06-01".into(),
            key_origin: Some("https://r.openai.azure.com".into()),
        }
    );
    // No preset: derived from the kind and URL.
    let old = ProviderRecord { preset: None, base_url: "http://localhost:11434/v1".into(), ..record.clone() };
    assert_eq!(old.config().preset, Preset::Ollama);
    // A preset of another family is not trusted.
    let mixed = ProviderRecord { preset: Some(Preset::Gemini), base_url: "https://api.deepseek.com".into(), ..record };
    assert_eq!((mixed.config().kind, mixed.config().preset), (ProviderKind::OpenAi, Preset::DeepSeek));
}

#[test]
fn model_config_records_become_configs_or_say_why_not() {
    let record = ModelConfigRecord {
        id: "m".into(),
        provider_id: "p".into(),
        model: "glm-4.5".into(),
        temperature: Some(0.6),
        max_tokens: Some(2048),
        top_p: None,
        extra_json: Some(r#"{"seed": 7}"#.into()),
        thinking: Some(false),
        context_window: None,
        inputs: None,
    };
    let config = record.config().expect("valid");
    assert_eq!(
        (config.model.as_str(), config.temperature, config.max_tokens, config.top_p, config.thinking),
        ("glm-4.5", Some(0.6), Some(2048), None, Some(false))
    );
    assert_eq!(serde_json::Value::Object(config.extra), serde_json::json!({ "seed": 7 }));
    let blank = ModelConfigRecord { extra_json: None, ..record.clone() };
    assert!(blank.config().expect("valid").extra.is_empty());
    let broken = ModelConfigRecord { extra_json: Some("[7]".into()), ..record };
    assert_eq!(broken.config(), Err("Extra JSON must be an object, like {\"seed\": 7}.".to_owned()));
}

#[test]
fn a_key_is_bound_to_the_origin_it_was_entered_for() {
    let mut record = ProviderRecord {
        api: Default::default(),
        id: "p".into(),
        kind: ProviderKind::OpenAi,
        name: "OpenAI".into(),
        base_url: "https://api.openai.com/v1".into(),
        api_key: "sk-real".into(),
        preset: Some(Preset::OpenAi),
        api_version: String::new(),
        key_origin: None,
        sealed_key: None,
    };
    // A record stored before keys were bound is bound to its URL's origin.
    assert!(record.bind_key_origin());
    assert_eq!(record.key_origin.as_deref(), Some("https://api.openai.com"));
    assert!(!record.bind_key_origin(), "binding twice changes nothing");
    // Another path on the same origin keeps the key.
    assert!(!record.with_base_url("https://API.openai.com:443/v2".into()));
    assert_eq!(record.api_key, "sk-real");
    // Another origin removes it.
    assert!(record.with_base_url("https://evil.example/v1".into()));
    assert_eq!((record.api_key.as_str(), record.key_origin.as_deref()), ("", None));
    // A key entered now belongs to the new origin.
    record.set_key("sk-new".into());
    assert_eq!(record.key_origin.as_deref(), Some("https://evil.example"));
    // An unbound legacy key is judged by the URL it had before the edit.
    let mut legacy = ProviderRecord { key_origin: None, api_key: "sk-old".into(), ..record.clone() };
    assert!(legacy.with_base_url("not a url".into()));
    assert!(legacy.api_key.is_empty());
    // No key: nothing to remove.
    let mut keyless = ProviderRecord { api_key: String::new(), key_origin: None, ..record };
    assert!(!keyless.with_base_url("https://other.example".into()));
}

#[test]
fn an_agent_switch_marker_is_searchable_round_trips_and_is_a_marker() {
    let agent = AgentRef { id: "a1".into(), name: "Translator".into(), ..Default::default() };
    let marker = MessageRecord::agent_switch("m1".into(), "s1".into(), agent.clone(), 5);
    assert_eq!(marker.content, "Switched to Translator");
    assert_eq!(marker.role, Role::System);
    assert!(marker.is_marker());
    assert!(marker.terms.contains(&"translator".to_owned()), "{:?}", marker.terms);
    let json = serde_json::to_value(&marker).expect("serialisable");
    assert_eq!(json["kind"], "agent_switch");
    assert_eq!(json["agent"]["name"], "Translator");
    let back: MessageRecord = serde_json::from_value(json).expect("it loads back");
    assert_eq!(back, marker);
}

#[test]
fn an_ordinary_message_leaves_kind_and_agent_out_and_old_records_load_as_messages() {
    let message = MessageRecord::new("m1".into(), "s1".into(), Role::User, 5);
    let json = serde_json::to_value(&message).expect("serialisable");
    assert!(json.get("kind").is_none() && json.get("agent").is_none(), "{json}");
    let back: MessageRecord = serde_json::from_value(json).expect("it loads back");
    assert!(!back.is_marker());
    assert_eq!(back.agent, None);
}

/// A summary record is a new value in the schema-1 store: it loads through the
/// migration like any message (the step to schema 2 changes nothing); records
/// without the new fields keep loading and are written back without them.
#[test]
fn summary_records_and_context_windows_need_no_migration() {
    let stored = serde_json::json!({
        "id": "sum", "session_id": "s", "role": "system", "content": "Earlier: a trip to Lisbon.",
        "kind": "summary", "summary": { "boundary_id": "m4", "summarised": 3 },
        "created_at": 5, "updated_at": 5,
    });
    let record: MessageRecord = crate::storage::migrate::migrate_record(crate::storage::stores::MESSAGES, 1, stored)
        .expect("a schema-1 record");
    assert!(record.is_summary() && record.is_marker());
    assert_eq!(record.summary, Some(SummaryInfo { boundary_id: "m4".into(), summarised: 3, model: None }));
    let plain = serde_json::json!({ "id": "m", "session_id": "s", "role": "user", "created_at": 1, "updated_at": 1 });
    let message: MessageRecord = serde_json::from_value(plain).expect("loads");
    assert_eq!(message.summary, None);
    assert!(serde_json::to_value(&message).expect("serialises").get("summary").is_none());
    let config = serde_json::json!({ "id": "c", "provider_id": "p", "model": "gpt-4o" });
    let config: ModelConfigRecord = serde_json::from_value(config).expect("loads");
    assert_eq!(config.context_window, None);
    let windowed = ModelConfigRecord { context_window: Some(32_000), ..config };
    let back: ModelConfigRecord =
        serde_json::from_value(serde_json::to_value(&windowed).expect("json")).expect("loads");
    assert_eq!(back.context_window, Some(32_000));
}

/// The preview reads only the words it can show, and is what flattening the
/// whole text and cutting it gives: short and long texts, long words, runs of
/// white space and multi-byte characters around the cut.
#[test]
fn a_preview_is_the_flattened_text_cut() {
    let whole = |text: &str| cut(&text.split_whitespace().collect::<Vec<_>>().join(" "), PREVIEW_CHARS);
    let mut texts = vec![
        String::new(),
        "  \n\t ".to_owned(),
        "Hello,\n\nworld.".to_owned(),
        "x".repeat(PREVIEW_CHARS),
        "x".repeat(PREVIEW_CHARS + 1),
        "x".repeat(10 * PREVIEW_CHARS),
        format!("{} {}", "a".repeat(PREVIEW_CHARS - 1), "tail words"),
    ];
    for width in 1..=12 {
        let word = "é".repeat(width);
        for count in [PREVIEW_CHARS / (width + 1), PREVIEW_CHARS / (width + 1) + 1, 40] {
            texts.push(vec![word.as_str(); count].join(if width % 2 == 0 { "  \n " } else { " " }));
        }
    }
    texts.push("word ".repeat(20_000));
    for text in &texts {
        assert_eq!(preview_of(text), whole(text), "{text:.40?}");
    }
}

#[test]
fn records_stored_before_agents_had_templates_still_load() {
    let stored = serde_json::json!({
        "id": "general", "name": "General Assistant", "system_prompt": "", "model_config_id": null,
        "tools": [], "created_at": 1, "updated_at": 1
    });
    let agent: AgentRecord =
        crate::storage::migrate::migrate_record(stores::AGENTS, 1, stored.clone()).expect("an old record loads");
    assert_eq!(agent, AgentRecord::general(1));
    assert_eq!(serde_json::to_value(&agent).expect("serialisable"), stored, "an unchanged record keeps its shape");
    // The new fields are written only when set, under stable names.
    let value = serde_json::to_value(AgentRecord { kind: AgentKind::App, ..translator() }).expect("serialisable");
    assert_eq!(value["kind"], "app");
    assert_eq!(value["description"], "German ↔ English");
    assert_eq!(value["sections"][1], serde_json::json!({"name": "style", "text": ""}));
    let back: AgentRecord = serde_json::from_value(value).expect("round trip");
    assert_eq!(back, AgentRecord { kind: AgentKind::App, ..translator() });
}

#[test]
fn an_unknown_kind_is_refused_clearly() {
    let stored = serde_json::json!({"id": "x", "name": "X", "kind": "robot", "created_at": 1, "updated_at": 1});
    let error = crate::storage::migrate::migrate_record::<AgentRecord>(stores::AGENTS, 1, stored).expect_err("refused");
    assert!(error.to_string().starts_with("a agents record does not fit schema 1"), "{error}");
}

#[test]
fn an_agent_ref_remembers_the_kind_and_leaves_chat_out() {
    let app = AgentRef::of(&AgentRecord::app_builder(1));
    assert!(app.is_app());
    assert_eq!(serde_json::to_value(&app).expect("json")["kind"], "app");
    let chat = AgentRef::of(&AgentRecord::general(1));
    assert!(!chat.is_app());
    let json = serde_json::to_value(&chat).expect("json");
    assert_eq!(json, serde_json::json!({ "id": "general", "name": "General Assistant" }));
    assert_eq!(serde_json::from_value::<AgentRef>(json).expect("loads"), chat);
}

#[test]
fn context_windows_come_from_the_user_the_model_or_the_fallback() {
    use crate::compaction::FALLBACK_CONTEXT_WINDOW;
    use crate::provider::Preset;
    let record = |model: &str, window: Option<u32>| ModelConfigRecord {
        id: "m".into(),
        provider_id: "p".into(),
        model: model.into(),
        temperature: None,
        max_tokens: None,
        top_p: None,
        extra_json: None,
        thinking: None,
        context_window: window,
        inputs: None,
    };
    let cases = [
        (Preset::OpenAi, "gpt-4o-mini", 128_000),
        (Preset::OpenAi, "gpt-4.1-nano", 1_047_576),
        (Preset::OpenAi, "gpt-4", 8_192),
        (Preset::OpenAi, "o4-mini", 200_000),
        (Preset::OpenAi, "gpt-5-mini", 400_000),
        (Preset::Anthropic, "claude-sonnet-4-20250514", 200_000),
        (Preset::Gemini, "gemini-2.5-flash", 1_048_576),
        (Preset::OpenRouter, "anthropic/claude-3.5-sonnet", 200_000),
        (Preset::DeepSeek, "deepseek-chat", 128_000),
        (Preset::Ollama, "llama3.1:8b", 4_096),
        (Preset::LmStudio, "qwen2.5-7b-instruct", FALLBACK_CONTEXT_WINDOW),
        (Preset::Custom, "my-model", FALLBACK_CONTEXT_WINDOW),
    ];
    for (preset, model, window) in cases {
        assert_eq!(record(model, None).effective_context_window(preset), window, "{preset:?} {model}");
    }
    assert_eq!(record("gpt-4o", Some(32_000)).effective_context_window(Preset::OpenAi), 32_000, "the user's wins");
    assert_eq!(record("gpt-4o", Some(0)).effective_context_window(Preset::OpenAi), 128_000, "zero means unset");
    let json = serde_json::to_value(record("gpt-4o", None)).expect("serialises");
    assert!(json.get("context_window").is_none(), "left out when unset");
}

/// A user message refers to its images and PDFs by blob, once each however
/// often they are attached, never holding their bytes; their names are
/// searchable, and the model gets them with the text.
#[test]
fn attachments_are_referred_to_by_blob() {
    use crate::message::attachment::{Attachment, AttachmentKind};
    let photo = Attachment {
        kind: AttachmentKind::Image,
        blob: "ab".repeat(32),
        mime: "image/jpeg".into(),
        name: "Harbour.jpg".into(),
        bytes: 10,
        data: Some("AAAA".into()),
        ..Attachment::default()
    };
    let menu =
        Attachment { kind: AttachmentKind::Pdf, blob: "cd".repeat(32), name: "menu.pdf".into(), ..photo.clone() };
    let mut record = MessageRecord::new("m".into(), "s".into(), Role::User, 1);
    record.content = "Which boat?".into();
    record.attachments = vec![photo.clone(), menu, photo];
    record.refresh_terms();
    assert_eq!(record.blobs, vec!["ab".repeat(32), "cd".repeat(32)]);
    assert!(
        record.terms.contains(&"harbour".to_owned()) && record.terms.contains(&"menu".to_owned()),
        "{:?}",
        record.terms
    );
    let json = serde_json::to_string(&record).expect("serialises");
    assert!(!json.contains("AAAA"), "no bytes in the record: {json}");
    let message = record.user_chat_message();
    assert_eq!(message.attachments.len(), 3);
    assert_eq!(message.content, "Which boat?");
    assert!(crate::storage::blob_refs(&[]).is_empty());
}

/// A tool's image is kept by reference like an attachment: the record lists
/// its blob (once, beside the attachments') and holds no base64; a record
/// stored before tool media moved to the blob store still reads, with its
/// bytes, and refers to no blob.
#[test]
fn tool_media_is_referred_to_by_blob_and_older_records_keep_their_bytes() {
    use crate::message::ToolMedia;
    let png = ToolMedia::returned("image/png", "iVBORw0KGgo=");
    let stored = png.stored_as("ef".repeat(32));
    assert!(stored.needs_data() && !stored.can_send(), "{stored:?}");
    assert!(png.can_send() && !png.needs_data());
    let call = |id: &str, media: Vec<ToolMedia>| ToolCallRecord {
        id: id.into(),
        name: "everything__get-tiny-image".into(),
        arguments_raw: "{}".into(),
        commentary: String::new(),
        result: Some(ToolResultRecord {
            content: "[The tool returned an image (image/png, 8 B).]".into(),
            is_error: false,
            duration_ms: Some(3),
            media,
            links: Vec::new(),
            app: None,
        }),
        round: 0,
    };
    let mut record = MessageRecord::new("r".into(), "s".into(), Role::Assistant, 1);
    record.tool_calls = vec![call("a", vec![stored.clone(), stored.clone()]), call("b", vec![png.clone()])];
    record.refresh_terms();
    assert_eq!(record.blobs, vec!["ef".repeat(32)], "one reference; the older bytes refer to none");
    let json = serde_json::to_value(&record.tool_calls[0]).expect("serialises");
    assert_eq!(
        json["result"]["media"][0],
        serde_json::json!({ "mime": "image/png", "blob": "ef".repeat(32) }),
        "no bytes in the record"
    );
    let older: ToolCallRecord = serde_json::from_value(serde_json::json!({
        "id": "b", "name": "t", "arguments_raw": "{}",
        "result": { "content": "x", "media": [{ "mime": "image/png", "data": "iVBORw0KGgo=" }] }
    }))
    .expect("an older record reads");
    assert_eq!(older.result.map(|result| result.media), Some(vec![png]));
}

#[test]
fn an_mcp_apps_view_is_kept_by_blob_with_its_result_and_older_records_have_none() {
    use crate::mcp::apps::{AppCsp, AppResource, Permission, ToolApp};
    let resource = AppResource {
        uri: "ui://get-time/mcp-app.html".into(),
        html: "<!doctype html><p>time</p>".into(),
        csp: AppCsp { connect: vec!["https://api.example.com".into()], ..AppCsp::default() },
        permissions: vec![Permission::ClipboardWrite],
        prefers_border: Some(true),
    };
    let result = serde_json::json!({ "content": [{ "type": "text", "text": "12:00" }], "structuredContent": { "time": "12:00" } });
    let shown = ToolApp::shown("srv", "get-time", resource, Some(&result));
    assert_eq!(shown.call_result(), Some(result.clone()), "the result verbatim, structuredContent too");
    let stored = shown.stored_as("ab".repeat(32));
    assert!(stored.html.is_empty());
    let call = ToolCallRecord {
        id: "c".into(),
        name: "basic__get-time".into(),
        arguments_raw: "{}".into(),
        commentary: String::new(),
        result: Some(ToolResultRecord {
            content: "12:00".into(),
            app: Some(stored.to_value()),
            ..ToolResultRecord::default()
        }),
        round: 0,
    };
    let mut record = MessageRecord::new("r".into(), "s".into(), Role::Assistant, 1);
    record.tool_calls = vec![call.clone(), ToolCallRecord { id: "d".into(), ..call }];
    record.refresh_terms();
    assert_eq!(record.blobs, vec!["ab".repeat(32)], "the view's HTML once, by reference");
    let json = serde_json::to_value(&record.tool_calls[0]).expect("serialises");
    assert_eq!(json["result"]["app"]["csp"], serde_json::json!({ "connect": ["https://api.example.com"] }));
    assert_eq!(json["result"]["app"]["permissions"], serde_json::json!(["clipboardWrite"]));
    assert!(json["result"]["app"].get("html").is_none(), "no HTML in the record");
    let back: ToolCallRecord = serde_json::from_value(json).expect("reads back");
    assert_eq!(back.result.and_then(|result| result.app).as_ref().and_then(ToolApp::from_value), Some(stored));
    // The HTML taken out to be stored, as the shell does.
    let mut kept = shown.to_value();
    assert_eq!(crate::mcp::apps::take_view_html(&mut kept).as_deref(), Some("<!doctype html><p>time</p>"));
    crate::mcp::apps::store_view_blob(&mut kept, &"ab".repeat(32));
    assert_eq!(ToolApp::from_value(&kept), Some(shown.stored_as("ab".repeat(32))));
    assert_eq!(crate::mcp::apps::take_view_html(&mut kept), None);
    let unshown = ToolApp::unshown("srv", "t", "ui://x", "the resource is of type text/plain".into(), None);
    assert_eq!(unshown.call_result(), None);
    assert!(unshown.blob.is_empty() && !unshown.problem.is_empty());
    let older: ToolCallRecord = serde_json::from_value(serde_json::json!({
        "id": "b", "name": "t", "arguments_raw": "{}", "result": { "content": "x" }
    }))
    .expect("an older record reads");
    assert_eq!(older.result.and_then(|result| result.app), None);
}

#[test]
fn what_a_model_reads_is_documented_then_listed_refused_or_said() {
    use crate::message::attachment::Accepts;
    use crate::provider::{InputsFrom, Preset};
    let mut record = ModelConfigRecord {
        id: "m".into(),
        provider_id: "p".into(),
        model: "qwen/qwen3-32b".into(),
        temperature: None,
        max_tokens: None,
        top_p: None,
        extra_json: None,
        thinking: None,
        context_window: None,
        inputs: None,
    };
    let preset = Preset::OpenRouter;
    assert_eq!(record.accepts(preset), (Accepts::IMAGES, InputsFrom::Documentation));
    // The model list says text only.
    assert!(record.learn_inputs(Accepts::TEXT, InputsFrom::ModelList, preset));
    assert_eq!(record.accepts(preset), (Accepts::TEXT, InputsFrom::ModelList));
    // The user knows better.
    assert!(record.learn_inputs(Accepts::IMAGES, InputsFrom::User, preset));
    assert!(!record.learn_inputs(Accepts::ALL, InputsFrom::ModelList, preset), "a list does not override the user");
    // Then the provider refuses an image: only images turn off.
    assert!(record.learn_inputs(Accepts { images: false, pdfs: true, audio: false }, InputsFrom::Refusal, preset));
    assert_eq!(record.accepts(preset), (Accepts::TEXT, InputsFrom::Refusal));
    // Another model id on the same settings starts from what is documented.
    record.model = "openai/gpt-4o".into();
    assert_eq!(record.accepts(preset), (Accepts::IMAGES, InputsFrom::Documentation));
    // A refusal from a documented default keeps the rest documented.
    let mut claude = ModelConfigRecord { model: "claude-sonnet-4-5".into(), inputs: None, ..record };
    assert!(claude.learn_inputs(Accepts::IMAGES, InputsFrom::Refusal, Preset::Anthropic));
    assert_eq!(claude.accepts(Preset::Anthropic), (Accepts::IMAGES, InputsFrom::Refusal));
    // Stored and read back as it was.
    let json = serde_json::to_string(&claude).expect("serialises");
    let back: ModelConfigRecord = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, claude);
}

#[test]
fn a_plain_preview_leaves_out_the_marks_of_markdown() {
    let reply = "## The answer\n\nIt is **42**, because:\n\n- six times seven\n- `0x2a` in hex\n> quoted\n";
    assert_eq!(plain_preview_of(reply), "The answer It is 42, because: six times seven 0x2a in hex quoted");
    assert_eq!(plain_preview_of("a - b * c"), "a b c", "a lone mark is no word");
    assert_eq!(plain_preview_of("snake_case x*y"), "snake_case x*y", "marks inside a word stay");
    assert_eq!(plain_preview_of(""), "");
}
