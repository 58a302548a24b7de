//! ChatGPT import tests. Each export in `test_data/chatgpt/*.json` is imported and
//! rendered as text, which must match the `*.expected.txt` beside it
//! (`UPDATE_EXPECT=1` rewrites them). `check` also asserts the invariants every
//! import keeps: ids unique and stable, times strictly increasing, search terms
//! and blobs derived, session counts and previews matching the messages.
//! The images of an export are tested on `images.json`, alone and inside the
//! small export `test_data/zip/chatgpt_export.zip` (see `make_fixtures.py` there).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use serde_json::json;

use super::{
    ChatGptExport, ChatGptImport, ChatGptImportError, FoundImage, ImageRef, file_id_of_entry, file_id_of_pointer,
    find_conversations, import_chatgpt, locate_images, strip_citation_markers,
};
use crate::format::zip;
use crate::message::Role;
use crate::storage::records::{MessageState, TitleSource, blob_refs};

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
            for a in &m.attachments {
                out.push_str(&format!(
                    "    @ {:?} {} {} B {}x{} blob={}\n",
                    a.name, a.mime, a.bytes, a.width, a.height, a.blob
                ));
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
            let mut derived = message.clone();
            derived.refresh_terms();
            assert_eq!(message.terms, derived.terms, "terms of {}", message.id);
            assert_eq!(message.blobs, blob_refs(&message.attachments), "blobs of {}", message.id);
            assert!(last < Some(message.created_at), "{} is not after the message before it", message.id);
            assert!(
                !message.content.trim().is_empty()
                    || !message.reasoning.trim().is_empty()
                    || !message.attachments.is_empty(),
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

    assert_matches_file(&show(&imported), &path.with_extension("expected.txt"));
    imported
}

/// Compares `actual` with the file at `expected_path` (`UPDATE_EXPECT=1` rewrites it).
#[track_caller]
fn assert_matches_file(actual: &str, expected_path: &Path) {
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(expected_path, actual).expect("writable expectation");
    }
    let expected = std::fs::read_to_string(expected_path).unwrap_or_default();
    assert_eq!(actual, expected, "{}", expected_path.display());
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
    // The main branch first: the question (its image named where it was), the
    // tool call with the thinking before it, the tool output and the plot it
    // drew, the answer, the edited follow-up and its answer.
    assert_eq!(
        messages[0].content,
        "[Image not included in this import: file-9XyZ8wVu7TsR6qP5oN4mL3 (1024 × 768)]\n\n\
         Here is my sketch and the data. Plot sin(x) from 0 to 2π like this."
    );
    let code = &messages[1];
    assert!(code.content.starts_with("**Tool call (python):**\n\n```\nimport numpy"), "{}", code.content);
    assert!(code.reasoning.starts_with("**Reading the sketch**"));
    assert!(code.reasoning.ends_with("Thought for 7 seconds"));
    assert_eq!(
        messages[3].content,
        "**Tool output (python):**\n\n[Image not included in this import: file-PlOt123 (640 × 480)]"
    );
    assert_eq!(messages[6].content, "Same code with `np.cos`:\n\n```python\nnp.round(np.cos(x), 3)\n```");
    // Then each alternative branch, following the message it forks from.
    assert_eq!(messages[7].content, "I can't see images yet, sorry.");
    assert_eq!(messages[7].parent.as_deref(), Some(messages[0].id.as_str()), "a version of the first answer");
    assert!(messages.iter().all(|m| m.role != Role::System), "no marker messages");
    assert_eq!(messages.len(), 10);
    // The branch shown last in ChatGPT is the one shown here.
    let keys: Vec<_> = messages.iter().map(|m| m.node_key()).collect();
    let shown: Vec<usize> = crate::storage::tree::path(&keys);
    assert_eq!(shown, (0..7).collect::<Vec<_>>());
    // The image is not an attached file too; the CSV is.
    assert_eq!(imported.report.skipped, ["1 attached file (not imported)"]);
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
fn branches_inside_branches_stay_a_tree_showing_the_current_node() {
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
    let messages = &imported.conversations[0].messages;
    let name = |id: &str| id.rsplit('-').next().unwrap_or("?").to_owned();
    let order: Vec<(String, Option<String>)> =
        messages.iter().map(|m| (m.content.replace("text ", ""), m.parent.as_deref().map(name))).collect();
    let expected = [
        ("u1", None),
        ("a1", Some("u1")),
        ("u2", Some("a1")),
        ("a2", Some("u2")),
        ("a1b", Some("u1")),
        ("u2b", Some("a1b")),
        ("a2b", Some("u2b")),
        ("a2c", Some("u2b")),
        ("a1c", Some("u1")),
    ];
    let expected: Vec<(String, Option<String>)> =
        expected.iter().map(|(id, parent)| ((*id).to_owned(), parent.map(str::to_owned))).collect();
    assert_eq!(order, expected);
    let keys: Vec<_> = messages.iter().map(|m| m.node_key()).collect();
    let shown: Vec<String> = crate::storage::tree::path(&keys).iter().map(|&at| order[at].0.clone()).collect();
    assert_eq!(shown, ["u1", "a1", "u2", "a2"], "the current node's branch is shown");
    assert_eq!(
        imported.report.notes,
        [
            "5 messages on 3 alternative branches (edits or regenerations in ChatGPT) were kept as versions beside the messages they replace"
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
    assert!(text.contains("the .zip as it was downloaded, or conversations.json from it"), "{text}");
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

// ---- Images ----

const PHOTO: &str = "file-AbC123xYz";
const LIGHTHOUSE: &str = "file-Gen456qRs";
const HARBOUR: &str = "file_00000000aa11bb22cc33dd44ee55ff66";
const SKETCH: &str = "file_00000000deadbeef00000000deadbeef";

fn images_json() -> String {
    std::fs::read_to_string(test_data().join("images.json")).expect("readable fixture")
}

/// A stand-in for the SHA-256 the shell computes: 64 hex digits from `seed`.
fn fake_blob(seed: &str) -> String {
    format!("{:064x}", crate::format::zip::crc32(seed.as_bytes()))
}

/// A PNG header of `width` by `height` (enough for sniffing).
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend_from_slice(&width.to_be_bytes());
    png.extend_from_slice(&height.to_be_bytes());
    png.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
    png
}

#[test]
fn without_their_files_images_are_named_where_they_were() {
    let imported = check("images");
    let messages = &imported.conversations[0].messages;
    assert!(messages.iter().all(|m| m.attachments.is_empty() && m.blobs.is_empty()));
    // The upload says what it was called; a newer pointer gives its file id.
    assert_eq!(
        messages[0].content,
        "[Image not included in this import: “red square.png”, file-AbC123xYz (3 × 2)]\n\nWhat colour is this photo?"
    );
    let generated = &messages[4];
    assert_eq!(generated.role, Role::Assistant);
    assert_eq!(
        generated.content,
        "**Tool output (dalle.text2im):**\n\n[Image not included in this import: file-Gen456qRs (4 × 4)]"
    );
    assert!(messages[7].content.contains(&format!("[Image not included in this import: {HARBOUR} (5 × 3)]")));
    assert!(messages[8].content.starts_with(&format!("[Image not included in this import: {SKETCH} (800 × 600)]")));
    // The hint says how to bring them along; the CSV upload is the only file.
    assert_eq!(
        imported.report.notes[0],
        "4 images were not among the files imported, so each is named in its message's text instead \
         (choose the export's .zip rather than conversations.json to bring them along)"
    );
    assert_eq!(imported.report.skipped, ["1 attached file (not imported)"]);
}

#[test]
fn the_images_an_export_refers_to_are_listed_once_each() {
    let export = ChatGptExport::parse(&images_json()).expect("parses");
    let images = export.images();
    let ids: Vec<&str> = images.iter().map(|image| image.file_id.as_str()).collect();
    assert_eq!(ids.len(), 4);
    for id in [PHOTO, LIGHTHOUSE, HARBOUR, SKETCH] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    let photo = images.iter().find(|image| image.file_id == PHOTO).expect("listed");
    assert_eq!(
        photo,
        &ImageRef {
            file_id: PHOTO.to_owned(),
            pointer: format!("file-service://{PHOTO}"),
            size_bytes: Some(101),
            width: 3,
            height: 2,
            name: Some("red square.png".to_owned()),
        }
    );

    // The same image twice, one in a hidden message, one in a conversation
    // listed twice, and a pointer without a file id.
    let part = |pointer: &str| json!({ "content_type": "image_asset_pointer", "asset_pointer": pointer });
    let message = |parts: serde_json::Value, hidden: bool| {
        json!({ "message": { "author": { "role": "user" },
            "content": { "content_type": "multimodal_text", "parts": parts },
            "metadata": { "is_visually_hidden_from_conversation": hidden } } })
    };
    let conversation = json!({ "id": "c1", "mapping": {
        "a": message(json!([part("file-service://file-One"), part("sediment://file_0002?x=1")]), false),
        "b": message(json!([part("file-service://file-One"), part("https://example.com/x.png"), part("")]), false),
        "c": message(json!([part("file-service://file-Hidden")]), true),
    } });
    let twice = json!({ "id": "c1", "mapping": { "d": message(json!([part("file-service://file-Twice")]), false) } });
    let export = ChatGptExport::parse(&json!([conversation, twice]).to_string()).expect("parses");
    let ids: Vec<String> = export.images().into_iter().map(|image| image.file_id).collect();
    assert_eq!(ids, ["file-One", "file_0002"]);
    // The pointers without a file id are named by what they are.
    let imported = export.import(&mut || "unused".to_owned(), NOW, &BTreeMap::new());
    let messages = &imported.conversations[0].messages;
    let b = messages.iter().find(|m| m.id == "chatgpt-c1-b").expect("imported");
    assert_eq!(
        b.content,
        "[Image not included in this import: file-One]\n\n\
         [Image not included in this import: https://example.com/x.png]\n\n\
         [Image not included in this import]"
    );
}

#[test]
fn images_found_are_attached_with_their_blob_and_the_others_named() {
    let export = ChatGptExport::parse(&images_json()).expect("parses");
    let mut found = BTreeMap::new();
    found.insert(
        PHOTO.to_owned(),
        FoundImage::sniffed(fake_blob(PHOTO), "file-AbC123xYz-red square.png", &png_header(3, 2)).expect("a PNG"),
    );
    // The bytes give no size: the export's stands.
    found.insert(
        HARBOUR.to_owned(),
        FoundImage {
            blob: fake_blob(HARBOUR),
            mime: "image/webp".to_owned(),
            bytes: 4096,
            width: 0,
            height: 0,
            name: "harbour.webp".to_owned(),
        },
    );
    let mut new_id = || "unused".to_owned();
    let imported = export.import(&mut new_id, NOW, &found);
    assert_invariants(&imported);
    let messages = &imported.conversations[0].messages;

    let photo = &messages[0];
    assert_eq!(photo.content, "What colour is this photo?", "attached, so not named in the text");
    let [attachment] = &photo.attachments[..] else { panic!("one attachment: {photo:?}") };
    assert_eq!(attachment.name, "red square.png", "the name it was uploaded as");
    assert_eq!((attachment.mime.as_str(), attachment.bytes), ("image/png", 33));
    assert_eq!((attachment.width, attachment.height), (3, 2));
    assert!(attachment.is_image());
    assert_eq!(photo.blobs, [fake_blob(PHOTO)]);
    assert!(photo.terms.contains(&"square".to_owned()), "{:?}", photo.terms);

    let harbour = &messages[7];
    assert_eq!(harbour.content, "**Tool output (t2uay3k.sj1i4kz):**");
    assert_eq!(harbour.attachments[0].name, "harbour.webp", "no upload name: the file's");
    assert_eq!((harbour.attachments[0].width, harbour.attachments[0].height), (5, 3));
    assert_eq!(harbour.blobs, [fake_blob(HARBOUR)]);

    assert!(messages[4].attachments.is_empty());
    assert!(messages[4].content.contains("[Image not included in this import: file-Gen456qRs (4 × 4)]"));
    let notes = &imported.report.notes;
    assert_eq!(notes[0], "2 images were attached from the export's files");
    assert_eq!(notes[1], "2 images were not among the files imported, so each is named in its message's text instead");

    // Records keep the attachments and the derived blobs through JSON.
    let stored = serde_json::to_string(photo).expect("serializes");
    let loaded: crate::storage::records::MessageRecord = serde_json::from_str(&stored).expect("loads");
    assert_eq!(&loaded, photo);
}

#[test]
fn an_export_zip_brings_its_images_along() {
    let bytes = std::fs::read(test_data().join("../zip/chatgpt_export.zip")).expect("readable fixture");
    let archive = zip::read(&bytes).expect("a zip");
    // What the shell does: inflate (here with miniz_oxide), check, hash, describe.
    let contents = |entry: &zip::Entry| {
        let stored = &bytes[entry.range.clone()];
        let data = match entry.method {
            zip::Method::Stored => stored.to_vec(),
            zip::Method::Deflated => miniz_oxide::inflate::decompress_to_vec(stored).expect("inflates"),
            zip::Method::Other(method) => panic!("method {method}"),
        };
        assert!(zip::check(entry, &data), "{}", entry.name);
        data
    };
    let conversations = find_conversations(&archive.entries).expect("in the export");
    let json = String::from_utf8(contents(conversations)).expect("UTF-8");
    let export = ChatGptExport::parse(&json).expect("parses");
    let wanted = export.images();
    let located = locate_images(&wanted, archive.entries.iter().map(|entry| (entry.name.as_str(), entry.size)));
    let at = |id: &str| located.get(id).map(|&index| archive.entries[index].name.as_str());
    assert_eq!(at(PHOTO), Some("file-AbC123xYz-red square.png"));
    assert_eq!(at(LIGHTHOUSE), Some("dalle-generations/68df2bfe-98a2-4495-9679-f0a4fb69eb61.png"), "by its size");
    assert_eq!(at(HARBOUR), Some(format!("user-u123/{HARBOUR}-0c9e7f1a-2b3c-4d5e-8f90-a1b2c3d4e5f6.png").as_str()));
    assert_eq!(at(SKETCH), None);

    let found: BTreeMap<String, FoundImage> = located
        .iter()
        .filter_map(|(id, &index)| {
            let entry = &archive.entries[index];
            let image = FoundImage::sniffed(fake_blob(id), &entry.name, &contents(entry))?;
            Some((id.clone(), image))
        })
        .collect();
    let imported = export.import(&mut || "unused".to_owned(), NOW, &found);
    assert_invariants(&imported);
    let attached: Vec<&str> =
        imported.conversations[0].messages.iter().flat_map(|m| &m.attachments).map(|a| a.name.as_str()).collect();
    assert_eq!(
        attached,
        [
            "red square.png",
            "68df2bfe-98a2-4495-9679-f0a4fb69eb61.png",
            "file_00000000aa11bb22cc33dd44ee55ff66-0c9e7f1a-2b3c-4d5e-8f90-a1b2c3d4e5f6.png"
        ]
    );
    assert_matches_file(&show(&imported), &test_data().join("images.zip.expected.txt"));
}

#[test]
fn file_ids_come_from_pointers_and_from_file_names() {
    for (pointer, id) in [
        ("file-service://file-AbC123", Some("file-AbC123")),
        ("sediment://file_00000000c8008207b0e86e736b64663b", Some("file_00000000c8008207b0e86e736b64663b")),
        ("sediment://file_0000abc?shared_conversation_id=6a7f", Some("file_0000abc")),
        (" file-service://file-AbC123 ", Some("file-AbC123")),
        ("file-service://file-", None),
        ("file-service://file-Ab C", None),
        ("file-service://notafile", None),
        ("https://files.example/file-AbC123", None),
        ("file-AbC123", None),
        ("", None),
    ] {
        assert_eq!(file_id_of_pointer(pointer), id, "{pointer:?}");
    }
    for (path, id) in [
        ("file-AbC123-photo.jpg", Some("file-AbC123")),
        ("file-AbC123.png", Some("file-AbC123")),
        ("file-AbC123", Some("file-AbC123")),
        ("dalle-generations/file-MwiGI2eK_68df2bfe-98a2.webp", Some("file-MwiGI2eK")),
        ("export/user-u1/file_0000abc-3f2e.png", Some("file_0000abc")),
        ("a\\b\\file-X1.dat", Some("file-X1")),
        ("dalle-generations/68df2bfe-98a2-4495-9679-f0a4fb69eb61.webp", None),
        ("conversations.json", None),
        ("profile-file-AbC123.png", None),
        ("file-AbC123 copy.png", None),
        ("file-.png", None),
    ] {
        assert_eq!(file_id_of_entry(path), id, "{path:?}");
    }
}

#[test]
fn locating_prefers_image_files_near_the_root_and_needs_a_unique_size() {
    let image = |id: &str, size: Option<u64>| ImageRef {
        file_id: id.to_owned(),
        pointer: format!("file-service://{id}"),
        size_bytes: size,
        width: 0,
        height: 0,
        name: None,
    };
    let files = [
        ("export/deep/file-A-copy.png", 10),          // 0
        ("file-A-photo.json", 10),                    // 1: not an image extension
        ("export/file-A-photo.png", 10),              // 2: the shallowest image
        ("file-AB-other.png", 10),                    // 3: another id, not a prefix match
        ("dalle-generations/one.webp", 500),          // 4: unnamed, unique size
        ("dalle-generations/two.webp", 600),          // 5: unnamed, size shared with 6
        ("x/dalle-generations/three.webp", 600),      // 6
        ("elsewhere/four.webp", 700),                 // 7: not in dalle-generations
        ("dalle-generations/file-N-named.webp", 800), // 8: named, so never taken by size
    ];
    let images = [
        image("file-A", Some(10)),
        image("file-Size", Some(500)),
        image("file-Shared", Some(600)),
        image("file-Elsewhere", Some(700)),
        image("file-Claimed", Some(800)),
        image("file-NoSize", None),
        image("file-Twin1", Some(900)),
        image("file-Twin2", Some(900)),
    ];
    let mut files = files.to_vec();
    files.push(("dalle-generations/twin.webp", 900)); // 9: two images of this size
    let located = locate_images(&images, files.iter().copied());
    let expected: BTreeMap<String, usize> = [("file-A".to_owned(), 2), ("file-Size".to_owned(), 4)].into();
    assert_eq!(located, expected);
    // The order of the files does not change the choice.
    let reversed: Vec<(&str, u64)> = files.iter().rev().copied().collect();
    let located = locate_images(&images, reversed.iter().copied());
    assert_eq!(located.get("file-A").map(|&i| reversed[i].0), Some("export/file-A-photo.png"));
}

#[test]
fn only_image_bytes_are_found_images() {
    let png = png_header(640, 480);
    let found = FoundImage::sniffed("b".repeat(64), "dalle-generations/x.dat", &png).expect("a PNG");
    assert_eq!(
        found,
        FoundImage {
            blob: "b".repeat(64),
            mime: "image/png".to_owned(),
            bytes: png.len() as u64,
            width: 640,
            height: 480,
            name: "x.dat".to_owned(),
        }
    );
    assert_eq!(FoundImage::sniffed(String::new(), "notes.txt", b"plain text"), None);
    assert_eq!(FoundImage::sniffed(String::new(), "file-P.pdf", b"%PDF-1.7\n1 0 obj\n"), None);
}

#[test]
fn conversations_json_is_found_at_the_shallowest_depth() {
    let entry =
        |name: &str| zip::Entry { name: name.to_owned(), method: zip::Method::Stored, range: 0..0, size: 0, crc32: 0 };
    let entries = [entry("export/conversations.json"), entry("a/b/conversations.json"), entry("my-conversations.json")];
    assert_eq!(find_conversations(&entries).map(|e| e.name.as_str()), Some("export/conversations.json"));
    assert_eq!(find_conversations(&entries[2..]), None);
}
