//! The two-round tool turn of [`tool_wire`](crate::provider::tests::tool_wire) as Anthropic
//! sends it: `tool_use` and `tool_result` blocks, after the signed thinking.

use crate::contract::ProviderKind;
use crate::provider::tests::tool_wire::{body, conversation, provider, tools};
use crate::provider::{ModelConfig, Preset, build_request_with_tools};

#[test]
fn anthropic_sends_tool_use_and_tool_result_blocks_after_the_thinking() {
    let thinking = ModelConfig { thinking: Some(true), ..ModelConfig::new("claude") };
    let json = body(
        &build_request_with_tools(
            &provider(Preset::Anthropic),
            &thinking,
            &conversation(ProviderKind::Anthropic),
            &tools(),
        )
        .expect("built"),
    );
    assert_eq!(json["tools"][0]["name"], "calculator");
    assert_eq!(json["tools"][0]["input_schema"]["type"], "object");
    let messages = json["messages"].as_array().expect("messages");
    let roles: Vec<&str> = messages.iter().map(|m| m["role"].as_str().unwrap_or_default()).collect();
    assert_eq!(roles, ["user", "assistant", "user", "assistant", "user", "assistant", "user"]);
    assert_eq!(
        messages[1]["content"],
        serde_json::json!([
            { "type": "thinking", "thinking": "Two sums.", "signature": "sig-0" },
            { "type": "text", "text": "Let me compute." },
            { "type": "tool_use", "id": "call_a", "name": "calculator", "input": { "expression": "6*7" } },
            { "type": "tool_use", "id": "call_b", "name": "calculator", "input": { "expression": "1/0" } },
        ])
    );
    assert_eq!(
        messages[2]["content"],
        serde_json::json!([
            { "type": "tool_result", "tool_use_id": "call_a", "content": "42" },
            { "type": "tool_result", "tool_use_id": "call_b", "content": "division by zero", "is_error": true },
        ])
    );
    assert_eq!(messages[3]["content"][0]["signature"], "sig-1");
    assert_eq!(messages[3]["content"][1]["type"], "tool_use", "no empty text block");
    // Without thinking, the calls still go as blocks, without the thinking.
    let json = body(
        &build_request_with_tools(
            &provider(Preset::Anthropic),
            &ModelConfig::new("claude"),
            &conversation(ProviderKind::Anthropic),
            &tools(),
        )
        .expect("built"),
    );
    assert_eq!(json["messages"][1]["content"][0], serde_json::json!({ "type": "text", "text": "Let me compute." }));
}
