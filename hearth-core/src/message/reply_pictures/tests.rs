//! Tests of carrying a reply's pictures to the next user message.

use super::{PICTURES_NOTE, carry_reply_pictures, pictures_only_text, reply_attachments};
use crate::message::attachment::{Attachment, AttachmentKind};
use crate::message::{ChatMessage, MessageToolResult, Role, ToolMedia};

fn stored(mime: &str, blob: &str) -> ToolMedia {
    ToolMedia::returned(mime, "").stored_as(blob)
}

fn with_pictures(text: &str, blobs: &[&str]) -> ChatMessage {
    let images: Vec<ToolMedia> = blobs.iter().map(|blob| stored("image/png", blob)).collect();
    ChatMessage { attachments: reply_attachments(&images), ..ChatMessage::new(Role::Assistant, text) }
}

#[test]
fn pictures_become_image_attachments_by_blob() {
    let images = [
        stored("image/png", "aa"),
        stored("image/svg+xml", "bb"),
        stored("image/jpeg", "cc"),
        ToolMedia::returned("image/webp", "UklGRg=="),
        stored("image/png", ""),
    ];
    let attachments = reply_attachments(&images);
    let names: Vec<&str> = attachments.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Picture 1 from your previous reply.png",
            "Picture 2 from your previous reply.jpg",
            "Picture 3 from your previous reply.webp"
        ],
        "no SVG, nothing without bytes"
    );
    assert!(attachments.iter().all(|a| a.kind == AttachmentKind::Image));
    assert_eq!((attachments[0].blob.as_str(), attachments[0].data.as_deref()), ("aa", None), "read by the shell");
    assert_eq!(attachments[2].data.as_deref(), Some("UklGRg=="), "bytes at hand are kept");
    assert_eq!(pictures_only_text(1), "[1 picture.]");
    assert_eq!(pictures_only_text(2), "[2 pictures.]");
}

#[test]
fn pictures_move_to_the_next_user_message_before_its_own() {
    let own = Attachment { blob: "own".into(), mime: "image/png".into(), name: "cat.png".into(), ..Default::default() };
    let next = ChatMessage { attachments: vec![own], ..ChatMessage::new(Role::User, "Make it blue.") };
    let history = vec![
        ChatMessage::new(Role::System, "Be brief."),
        ChatMessage::new(Role::User, "Draw a cat."),
        with_pictures("Here it is.", &["aa", "bb"]),
        next,
    ];
    let sent = carry_reply_pictures(history);
    assert_eq!(sent.len(), 4);
    assert!(sent.iter().filter(|m| m.role != Role::User).all(|m| m.attachments.is_empty()), "none on a reply");
    assert_eq!(sent[2].content, "Here it is.");
    assert_eq!(sent[3].content, format!("{PICTURES_NOTE}\n\nMake it blue."));
    let blobs: Vec<&str> = sent[3].attachments.iter().map(|a| a.blob.as_str()).collect();
    assert_eq!(blobs, ["aa", "bb", "own"]);
    assert!(sent[1].attachments.is_empty());
}

#[test]
fn tool_results_are_passed_over_and_a_trailing_reply_keeps_nothing() {
    let results = ChatMessage::tool_results(vec![MessageToolResult {
        call_id: "c1".into(),
        name: "t".into(),
        content: "ok".into(),
        is_error: false,
        media: Vec::new(),
    }]);
    let history = vec![
        ChatMessage::new(Role::User, "Draw."),
        with_pictures("", &["aa"]),
        results,
        ChatMessage::new(Role::User, ""),
        with_pictures("Again.", &["bb"]),
    ];
    let sent = carry_reply_pictures(history);
    assert!(sent[2].attachments.is_empty() && sent[2].content.is_empty(), "not on tool results");
    assert_eq!(sent[3].content, PICTURES_NOTE, "an empty message gets the note alone");
    assert_eq!(sent[3].attachments.len(), 1);
    assert!(sent[4].attachments.is_empty(), "the last reply's pictures are not sent: nothing asks about them yet");
}

#[test]
fn a_history_without_pictures_is_unchanged() {
    let history = vec![ChatMessage::new(Role::User, "Hi"), ChatMessage::new(Role::Assistant, "Hello")];
    assert_eq!(carry_reply_pictures(history.clone()), history);
}
