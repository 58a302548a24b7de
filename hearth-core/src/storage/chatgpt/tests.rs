//! ChatGPT import tests. Each export in `test_data/chatgpt/*.json` is imported and
//! rendered as text, which must match the `*.expected.txt` beside it
//! (`UPDATE_EXPECT=1` rewrites them). `check` also asserts the invariants every
//! import keeps: ids unique and stable, times strictly increasing, search terms
//! filled, session counts and previews matching the messages.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde_json::json;

use super::{ChatGptImport, ChatGptImportError, import_chatgpt, strip_citation_markers};
use crate::message::Role;
use crate::storage::records::{MessageState, TitleSource};
use crate::storage::search;

const NOW: i64 = 1_800_000_000_000;

fn test_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/chatgpt")
}

/// Imports `json` with ids `new-1`, `new-2`, … for conversations without one.
fn import(json: &str, now: i64) -> Result<ChatGptImport, ChatGptImportError> {
    let mut next = 0;
    let mut new_id = || {
        next += 1;
        format!("new-{next}")
    };
    import_chatgpt(json, &mut new_id, now)
}

/// The import as text: sessions, their messages (content and reasoning indented),
/// then the report.
fn show(import: &ChatGptImport) -> String {
    let mut out = String::new();
    for conversation in &import.conversations {
        let s = &conversation.session;
        out.push_str(&format!(
            "session {} {:?} ({:?}) created={} updated={} count={} pinned={} agent={}\n  preview: {}\n",
            s.id, s.title, s.title_source, s.created_at, s.updated_at, s.message_count, s.pinned, s.agent_id, s.preview
        ));
        for m in &conversation.messages {
            let model = m.model.as_deref().unwrap_or("-");
            out.push_str(&format!("  [{}] {} {model} @{}\n", m.id, m.role.as_str(), m.created_at));
            // Lines are trimmed at the end so the expectation files have no trailing spaces.
            for line in m.reasoning.lines() {
                out.push_str(format!("    ~ {line}").trim_end());
                out.push('\n');
            }
            for line in m.content.lines() {
                out.push_str(format!("    | {line}").trim_end());
                out.push('\n');
            }
        }
    }
    let report = &import.report;
    out.push_str(&format!("report: {} conversations, {} messages\n", report.conversations, report.messages));
    for line in &report.skipped {
        out.push_str(&format!("skipped: {line}\n"));
    }
    for line in &report.notes {
        out.push_str(&format!("note: {line}\n"));
    }
    out
}

#[track_caller]
fn assert_invariants(import: &ChatGptImport) {
    let mut ids = HashSet::new();
    for conversation in &import.conversations {
        let session = &conversation.session;
        assert!(ids.insert(session.id.clone()), "duplicate session id {}", session.id);
        assert_eq!(session.message_count as usize, conversation.messages.len());
        assert!(!conversation.messages.is_empty(), "empty session {}", session.id);
        let mut last = None;
        for message in &conversation.messages {
            assert!(ids.insert(message.id.clone()), "duplicate message id {}", message.id);
            assert_eq!(message.session_id, session.id);
            assert_eq!(message.state, MessageState::Complete);
            assert_eq!(message.terms, search::terms(&message.content), "terms of {}", message.id);
            assert!(last < Some(message.created_at), "{} is not after the message before it", message.id);
            assert!(
                !message.content.trim().is_empty() || !message.reasoning.trim().is_empty(),
                "{} is empty",
                message.id
            );
            last = Some(message.created_at);
        }
        assert!(session.updated_at >= last.unwrap_or_default());
    }
    let count: usize = import.conversations.iter().map(|c| c.messages.len()).sum();
    assert_eq!(import.report.messages, count);
    assert_eq!(import.report.conversations, import.conversations.len());
}

/// Imports the fixture `name`.json, checks the invariants and that a second
/// import is identical, and compares the rendering with `name`.expected.txt.
#[track_caller]
fn check(name: &str) -> ChatGptImport {
    let path = test_data().join(format!("{name}.json"));
    let json = std::fs::read_to_string(&path).expect("readable fixture");
    let imported = import(&json, NOW).expect("fixture imports");
    assert_invariants(&imported);
    assert_eq!(import(&json, NOW).expect("fixture imports"), imported, "a second import differs");

    let actual = show(&imported);
    let expected_path = path.with_extension("expected.txt");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected_path, &actual).expect("writable expectation");
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    assert_eq!(actual, expected, "{}", path.display());
    imported
}

#[test]
fn a_simple_export_maps_titles_roles_times_and_models() {
    let imported = check("simple");
    let [sourdough, haiku] = &imported.conversations[..] else { panic!("two conversations") };
    assert_eq!(sourdough.session.id, "chatgpt-6633a1b0-7f2e-8003-9c1d-1a2b3c4d5e6f");
    assert_eq!(sourdough.session.title_source, TitleSource::User);
    assert_eq!(sourdough.session.created_at, 1_714_557_600_123);
    let roles: Vec<Role> = sourdough.messages.iter().map(|m| m.role).collect();
    assert_eq!(roles, [Role::User, Role::Assistant, Role::User, Role::Assistant]);
    assert_eq!(sourdough.messages[1].model.as_deref(), Some("gpt-4o"));
    assert_eq!(sourdough.messages[1].created_at, 1_714_557_609_988);
    // The starred conversation is pinned; its hidden custom instructions are reported.
    assert!(haiku.session.pinned);
    assert_eq!(haiku.messages.len(), 2);
}

#[test]
fn branches_tools_images_and_thoughts_are_all_accounted_for() {
    let imported = check("branches_and_tools");
    let messages = &imported.conversations[0].messages;
    // The main branch first: the question, the tool call with the thinking before
    // it, the tool output, the answer, the edited follow-up and its answer.
    let code = &messages[1];
    assert!(code.content.starts_with("**Tool call (python):**\n\n```\nimport numpy"), "{}", code.content);
    assert!(code.reasoning.starts_with("**Reading the sketch**"));
    assert!(code.reasoning.ends_with("Thought for 7 seconds"));
    assert_eq!(messages[5].content, "Same code with `np.cos`:\n\n```python\nnp.round(np.cos(x), 3)\n```");
    // Then each alternative branch after a marker naming its fork point.
    assert_eq!(messages[6].role, Role::System);
    assert!(
        messages[6]
            .content
            .ends_with("It continues after: “Here is my sketch and the data. Plot sin(x) from 0 to 2π like this.”")
    );
    assert_eq!(messages[7].content, "I can't see images yet, sorry.");
    assert!(
        messages[8]
            .content
            .ends_with("It continues after: “Here is the plot of `sin(x)`: it crosses zero at 0, π and 2π.”")
    );
    assert_eq!(messages.len(), 11);
}

#[test]
fn missing_fields_nulls_and_odd_entries_do_not_stop_the_import() {
    let imported = check("nulls_and_gaps");
    let first = &imported.conversations[0];
    // No times anywhere: the first message takes `now`, the next ones follow by 1 ms.
    assert_eq!(first.messages[0].created_at, NOW);
    assert_eq!(first.messages[1].created_at, NOW + 1);
    assert_eq!(first.session.title, "Hello from an export without any times.");
    assert_eq!(first.session.title_source, TitleSource::FirstMessage);
    // A conversation without an id gets one from `new_id`.
    assert!(imported.conversations.iter().any(|c| c.session.id.starts_with("new-")));
}

#[test]
fn importing_twice_gives_the_same_ids_whatever_new_id_and_now_say() {
    let json = std::fs::read_to_string(test_data().join("branches_and_tools.json")).expect("readable fixture");
    let first = import(&json, NOW).expect("imports");
    let mut other_ids = || "unused".to_owned();
    let second = import_chatgpt(&json, &mut other_ids, NOW + 99_999).expect("imports");
    assert_eq!(first, second);
}

#[test]
fn branches_inside_branches_come_in_tree_order_each_after_a_marker() {
    // root ─ u1 ─ a1 ─ u2 ─ a2 (current)
    //          ├ a1b ─ u2b ─ a2b
    //          │           └ a2c
    //          └ a1c
    let node = |id: &str, parent: Option<&str>, children: &[&str], role: &str, t: f64| {
        json!({ "id": id, "parent": parent, "children": children, "message": {
            "author": { "role": role }, "create_time": t,
            "content": { "content_type": "text", "parts": [format!("text {id}")] } } })
    };
    let export = json!([{ "id": "c", "title": "Tree", "current_node": "a2", "mapping": {
        "root": { "id": "root", "parent": null, "children": ["u1"], "message": null },
        "u1": node("u1", Some("root"), &["a1", "a1b", "a1c"], "user", 1.0),
        "a1": node("a1", Some("u1"), &["u2"], "assistant", 2.0),
        "u2": node("u2", Some("a1"), &["a2"], "user", 3.0),
        "a2": node("a2", Some("u2"), &[], "assistant", 4.0),
        "a1b": node("a1b", Some("u1"), &["u2b"], "assistant", 2.5),
        "u2b": node("u2b", Some("a1b"), &["a2b", "a2c"], "user", 3.5),
        "a2b": node("a2b", Some("u2b"), &[], "assistant", 4.5),
        "a2c": node("a2c", Some("u2b"), &[], "assistant", 4.6),
        "a1c": node("a1c", Some("u1"), &[], "assistant", 2.6),
    } }]);
    let imported = import(&export.to_string(), NOW).expect("imports");
    assert_invariants(&imported);
    let order: Vec<String> = imported.conversations[0]
        .messages
        .iter()
        .map(|m| {
            if m.role == Role::System {
                format!("marker after {}", m.content.rsplit(' ').next().unwrap_or("?"))
            } else {
                m.content.replace("text ", "")
            }
        })
        .collect();
    assert_eq!(
        order,
        [
            "u1",
            "a1",
            "u2",
            "a2",
            "marker after u1”",
            "a1b",
            "u2b",
            "a2b",
            "marker after u2b”",
            "a2c",
            "marker after u1”",
            "a1c"
        ]
    );
    assert_eq!(
        imported.report.notes,
        [
            "5 messages on 3 alternative branches (edits or regenerations in ChatGPT) were added after the main conversation, each branch after a marker message"
        ]
    );
    // The preview is the end of the branch the user saw last.
    assert_eq!(imported.conversations[0].session.preview, "text a2");
}

#[test]
fn a_cycle_in_the_tree_neither_loops_nor_loses_messages() {
    let export = json!([{ "id": "loop", "mapping": {
        "x": { "parent": "y", "children": ["y"], "message": { "author": { "role": "user" }, "content": { "parts": ["x"] } } },
        "y": { "parent": "x", "children": ["x"], "message": { "author": { "role": "assistant" }, "content": { "parts": ["y"] } } },
    } }]);
    let imported = import(&export.to_string(), NOW).expect("imports");
    assert_invariants(&imported);
    let contents: Vec<&str> = imported.conversations[0].messages.iter().map(|m| m.content.as_str()).collect();
    assert_eq!(contents, ["x", "y"]);
}

#[test]
fn text_that_is_not_json_is_refused_with_a_hint() {
    let error = import("PK\u{3}\u{4} zip bytes", NOW).expect_err("not JSON");
    assert!(matches!(error, ChatGptImportError::NotJson(_)));
    let text = error.to_string();
    assert!(text.starts_with("This file is not valid JSON (expected value at line 1 column 1)."), "{text}");
    assert!(text.contains("unzip the export and choose that file"), "{text}");
}

#[test]
fn json_of_the_wrong_shape_is_refused_saying_what_was_expected() {
    let error = import(r#"{"user": "me"}"#, NOW).expect_err("an object");
    assert_eq!(
        error.to_string(),
        "This is not ChatGPT's conversations.json: expected a JSON array of conversations, but the file holds an object."
    );
    assert_eq!(import(r#""text""#, NOW), Err(ChatGptImportError::NotAnArray("a string")));
    let error = import("[1, 2, {\"title\": \"x\"}]", NOW).expect_err("no conversations");
    assert_eq!(
        error.to_string(),
        "This is not ChatGPT's conversations.json: expected an array of conversations, each with a \"mapping\" of messages, but none of its 3 entries has one."
    );
}

#[test]
fn an_empty_export_and_a_lone_conversation_are_accepted() {
    let empty = import("[]", NOW).expect("imports");
    assert!(empty.conversations.is_empty());
    assert_eq!(empty.report.conversations, 0);
    let lone = json!({ "id": "one", "title": "Lone", "mapping": {
        "m": { "message": { "author": { "role": "user" }, "content": { "parts": ["hi"] } } } } });
    let imported = import(&lone.to_string(), NOW).expect("imports");
    assert_eq!(imported.conversations[0].session.id, "chatgpt-one");
    assert_eq!(imported.conversations[0].messages[0].id, "chatgpt-one-m");
}

#[test]
fn citation_markers_are_removed_with_their_space() {
    for (text, expected) in [
        ("Fact \u{e200}cite\u{e202}turn0search0\u{e201}.", "Fact."),
        ("A \u{e200}cite\u{e202}turn0search0\u{e202}turn0news1\u{e201} and B", "A and B"),
        ("Start\u{e200}navlist\u{e202}x\u{e201}end", "Startend"),
        ("Unclosed \u{e200}cite stays readable", "Unclosed cite stays readable"),
        ("Lone \u{e203}marks\u{e204} go", "Lone marks go"),
        ("Plain text", "Plain text"),
    ] {
        assert_eq!(strip_citation_markers(text), expected, "{text:?}");
    }
}
