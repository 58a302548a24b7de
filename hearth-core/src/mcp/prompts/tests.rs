//! Tests of a server's prompts: the arguments sent, the messages that become
//! the message box's text, and completion.

use serde_json::json;

use super::*;

fn args(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect()
}

#[test]
fn only_given_arguments_are_sent() {
    assert_eq!(
        get_params("args-prompt", &args(&[("city", "Paris"), ("state", "")])),
        json!({ "name": "args-prompt", "arguments": { "city": "Paris" } })
    );
    assert_eq!(get_params("simple-prompt", &[]), json!({ "name": "simple-prompt", "arguments": {} }));
}

// Answers of `@modelcontextprotocol/server-everything` 2026.8.31.
#[test]
fn a_prompts_messages_become_the_message_boxs_text() {
    let simple = prompt_text(&json!({
        "messages": [{ "role": "user", "content": { "type": "text", "text": "What's weather in Paris, TX?" } }]
    }));
    assert_eq!(simple, Ok(PromptText { text: "What's weather in Paris, TX?".into(), left_out: 0 }));
    let with_resource = prompt_text(&json!({
        "messages": [
            { "role": "user", "content": { "type": "text",
              "text": "This prompt includes the Text resource with id: 1. Please analyze the following resource:" } },
            { "role": "user", "content": { "type": "resource", "resource": {
              "uri": "demo://resource/dynamic/text/1", "mimeType": "text/plain",
              "text": "Resource 1: This is a plaintext resource" } } },
            { "role": "assistant", "content": { "type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png" } },
            { "role": "assistant", "content": [{ "type": "text", "text": "Noted." }] }
        ]
    }))
    .expect("text");
    assert_eq!(
        with_resource.text,
        "This prompt includes the Text resource with id: 1. Please analyze the following resource:\n\n\
         <file name=\"demo://resource/dynamic/text/1\">\nResource 1: This is a plaintext resource\n</file>\n\nNoted."
    );
    assert_eq!(with_resource.left_out, 1);
}

#[test]
fn a_prompt_without_text_is_refused() {
    assert_eq!(prompt_text(&json!({})), Err(PromptError::NoMessages));
    assert_eq!(
        prompt_text(
            &json!({ "messages": [{ "role": "user", "content": { "type": "image", "data": "", "mimeType": "image/png" } }] })
        ),
        Err(PromptError::NoText)
    );
}

#[test]
fn completion_asks_with_the_other_arguments_as_context() {
    assert_eq!(
        completion_params("completable-prompt", "department", "E", &args(&[("department", "E"), ("name", "")])),
        json!({ "ref": { "type": "ref/prompt", "name": "completable-prompt" },
                "argument": { "name": "department", "value": "E" } })
    );
    assert_eq!(
        completion_params("completable-prompt", "name", "", &args(&[("department", "Engineering"), ("name", "")])),
        json!({ "ref": { "type": "ref/prompt", "name": "completable-prompt" },
                "argument": { "name": "name", "value": "" },
                "context": { "arguments": { "department": "Engineering" } } })
    );
    assert_eq!(
        read_completion(&json!({ "completion": { "values": ["Engineering", 3], "total": 1, "hasMore": false } })),
        ["Engineering"]
    );
    let many: Vec<String> = (0..150).map(|n| n.to_string()).collect();
    assert_eq!(read_completion(&json!({ "completion": { "values": many } })).len(), MAX_SUGGESTIONS);
    assert!(read_completion(&json!({})).is_empty());
}
