//! The two-round tool turn of [`tool_wire`](crate::provider::tests::tool_wire) as Gemini
//! sends it: function calls and responses, the thought signature on the first call,
//! and no ids that Hearth made up.

use crate::contract::ProviderKind;
use crate::provider::tests::tool_wire::{body, conversation, provider, tools};
use crate::provider::{ModelConfig, Preset, build_request_with_tools};

#[test]
fn gemini_sends_function_calls_and_responses_with_the_signature_on_the_first_call() {
    let json = body(
        &build_request_with_tools(
            &provider(Preset::Gemini),
            &ModelConfig::new("gemini"),
            &conversation(ProviderKind::Gemini),
            &tools(),
        )
        .expect("built"),
    );
    let declaration = &json["tools"][0]["functionDeclarations"][0];
    assert_eq!(declaration["name"], "calculator");
    assert_eq!(declaration["parametersJsonSchema"]["required"][0], "expression");
    let contents = json["contents"].as_array().expect("contents");
    let roles: Vec<&str> = contents.iter().map(|c| c["role"].as_str().unwrap_or_default()).collect();
    assert_eq!(roles, ["user", "model", "user", "model", "user", "model", "user"]);
    assert_eq!(
        contents[1]["parts"],
        serde_json::json!([
            { "text": "Let me compute." },
            { "functionCall": { "name": "calculator", "args": { "expression": "6*7" }, "id": "call_a" }, "thoughtSignature": "sig-0" },
            { "functionCall": { "name": "calculator", "args": { "expression": "1/0" }, "id": "call_b" } },
        ])
    );
    assert_eq!(
        contents[2]["parts"],
        serde_json::json!([
            { "functionResponse": { "name": "calculator", "id": "call_a", "response": { "result": 42 } } },
            { "functionResponse": { "name": "calculator", "id": "call_b", "response": { "error": "division by zero" } } },
        ])
    );
    assert_eq!(contents[3]["parts"][0]["thoughtSignature"], "sig-1", "no commentary: the call is first");
}

#[test]
fn gemini_leaves_out_the_ids_hearth_made_up() {
    let mut messages = conversation(ProviderKind::Gemini);
    messages[1].tool_calls[0].id = "gemini_call_0".into();
    messages[2].tool_results[0].call_id = "gemini_call_0".into();
    let json = body(
        &build_request_with_tools(&provider(Preset::Gemini), &ModelConfig::new("g"), &messages, &tools())
            .expect("built"),
    );
    assert!(json["contents"][1]["parts"][1]["functionCall"].get("id").is_none());
    assert!(json["contents"][2]["parts"][0]["functionResponse"].get("id").is_none());
}
