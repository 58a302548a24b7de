//! A reply's pictures sent back when the conversation goes on, from stored
//! records to every family's request: they ride on the next user message as
//! image attachments, never on an assistant message, and a model that reads
//! no images gets the withheld note instead.

use std::sync::Arc;

use crate::compaction::{HistoryItem, request_history};
use crate::contract::ProviderKind;
use crate::message::attachment::{Accepts, for_request};
use crate::message::reply_pictures::PICTURES_NOTE;
use crate::message::{ChatMessage, Role, ToolMedia};
use crate::provider::{ApiChoice, ModelConfig, Preset, ProviderConfig, build_request};
use crate::storage::MessageRecord;

/// The bytes of the picture (a PNG signature), as the shell would read them.
const DATA: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ";

fn record(id: &str, at: i64, role: Role, text: &str) -> MessageRecord {
    MessageRecord { content: text.into(), ..MessageRecord::new(id.into(), "s".into(), role, at) }
}

/// A conversation whose first reply is a picture (with `text`), then a question about it.
fn conversation(text: &str) -> Vec<ChatMessage> {
    let mut drawn = record("a1", 2, Role::Assistant, text);
    drawn.images = vec![ToolMedia::returned("image/png", DATA).stored_as("blob-a")];
    drawn.refresh_blobs();
    assert_eq!(drawn.blobs, ["blob-a"], "the blob store keeps it");
    let records = [record("u1", 1, Role::User, "Draw a cat."), drawn, record("u2", 3, Role::User, "Make it blue.")];
    let items: Vec<HistoryItem> = records.iter().filter_map(HistoryItem::of_record).collect();
    request_history(&items, None)
}

/// What the shell does before a request: the bytes read by blob, then what
/// the model cannot read noted.
fn as_sent(history: Vec<ChatMessage>, family: ProviderKind, accepts: Accepts) -> Vec<ChatMessage> {
    let read: Vec<ChatMessage> = history
        .into_iter()
        .map(|mut message| {
            for attachment in &mut message.attachments {
                if attachment.blob == "blob-a" {
                    attachment.data = Some(Arc::from(DATA));
                }
            }
            message
        })
        .collect();
    for_request(&read, family, accepts)
}

fn account(preset: Preset, api: ApiChoice) -> ProviderConfig {
    let base = match preset {
        Preset::Anthropic | Preset::Gemini => "",
        _ => "https://api.openai.com/v1",
    };
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: base.into(),
        api_key: "k".into(),
        api,
        ..Default::default()
    }
}

/// The request's messages as JSON, each with its role.
fn sent_messages(provider: &ProviderConfig, history: &[ChatMessage]) -> Vec<(String, String)> {
    let request = build_request(provider, &ModelConfig::new("m"), history).expect("built");
    let body: serde_json::Value = serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("JSON");
    let list = body.get("messages").or_else(|| body.get("contents")).or_else(|| body.get("input"));
    let list = list.and_then(serde_json::Value::as_array).expect("a message list");
    list.iter()
        .map(|message| {
            let role = message.get("role").and_then(serde_json::Value::as_str).unwrap_or_default().to_owned();
            (role, message.to_string())
        })
        .collect()
}

const FAMILIES: [(Preset, ApiChoice); 4] = [
    (Preset::OpenAi, ApiChoice::ChatCompletions),
    (Preset::OpenAi, ApiChoice::Responses),
    (Preset::Anthropic, ApiChoice::Auto),
    (Preset::Gemini, ApiChoice::Auto),
];

#[test]
fn a_replys_pictures_reach_the_next_request_on_the_user_message() {
    for (preset, api) in FAMILIES {
        let provider = account(preset, api);
        let family = provider.wire_kind("m");
        let history = as_sent(conversation("Here it is."), family, Accepts::ALL);
        let messages = sent_messages(&provider, &history);
        let with_picture: Vec<&(String, String)> = messages.iter().filter(|(_, json)| json.contains(DATA)).collect();
        assert_eq!(with_picture.len(), 1, "{preset:?} {api:?}: {messages:?}");
        assert_eq!(with_picture[0].0, "user", "{preset:?} {api:?}");
        assert!(with_picture[0].1.contains("Make it blue."), "{preset:?} {api:?}");
        assert!(with_picture[0].1.contains("previous reply are attached"), "{preset:?} {api:?}");
        let last = messages.last().expect("messages");
        assert_eq!(last, with_picture[0], "{preset:?} {api:?}: on the last message");
        assert!(messages.iter().any(|(_, json)| json.contains("Here it is.")), "the reply's text is sent as before");
    }
}

#[test]
fn a_model_that_reads_no_images_gets_the_note_and_no_bytes() {
    for (preset, api) in FAMILIES {
        let provider = account(preset, api);
        let history = as_sent(conversation("Here it is."), provider.wire_kind("m"), Accepts::TEXT);
        let messages = sent_messages(&provider, &history);
        assert!(messages.iter().all(|(_, json)| !json.contains(DATA)), "{preset:?} {api:?}: {messages:?}");
        let last = &messages.last().expect("messages").1;
        assert!(last.contains("Picture 1 from your previous reply.png"), "{preset:?}: the withheld note: {last}");
        assert!(last.contains("cannot read images"), "{preset:?}: {last}");
    }
}

#[test]
fn a_reply_that_is_only_a_picture_is_sent_with_a_stand_in_text() {
    let history = conversation("");
    assert_eq!(history.len(), 3);
    assert_eq!((history[1].role, history[1].content.as_str()), (Role::Assistant, "[1 picture.]"));
    assert!(history[1].attachments.is_empty());
    assert!(history[2].content.starts_with(PICTURES_NOTE));
    assert_eq!(history[2].attachments.len(), 1);
}
