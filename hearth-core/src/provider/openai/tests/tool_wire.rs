//! The two-round tool turn of [`tool_wire`](crate::provider::tests::tool_wire) as OpenAI's
//! family sends it: tools, tool calls and tool messages, and DeepSeek's reasoning
//! sent back with its tool-call turns.

use crate::contract::ProviderKind;
use crate::provider::tests::tool_wire::{body, conversation, provider, tools};
use crate::provider::{ModelConfig, Preset, build_request_with_tools};

#[test]
fn openai_sends_tools_tool_calls_and_tool_messages() {
    let json = body(
        &build_request_with_tools(
            &provider(Preset::OpenAi),
            &ModelConfig::new("gpt"),
            &conversation(ProviderKind::OpenAi),
            &tools(),
        )
        .expect("built"),
    );
    assert_eq!(json["tools"][0]["type"], "function");
    assert_eq!(json["tools"][0]["function"]["name"], "calculator");
    assert_eq!(json["tools"][0]["function"]["parameters"]["required"][0], "expression");
    let messages = json["messages"].as_array().expect("messages");
    let roles: Vec<&str> = messages.iter().map(|m| m["role"].as_str().unwrap_or_default()).collect();
    assert_eq!(roles, ["user", "assistant", "tool", "tool", "assistant", "tool", "assistant", "user"]);
    assert_eq!(messages[1]["content"], "Let me compute.");
    assert_eq!(
        messages[1]["tool_calls"][1],
        serde_json::json!({ "id": "call_b", "type": "function", "function": { "name": "calculator", "arguments": "{\"expression\":\"1/0\"}" } })
    );
    assert!(messages[1].get("reasoning_content").is_none(), "only DeepSeek gets reasoning back");
    assert_eq!(messages[2], serde_json::json!({ "role": "tool", "tool_call_id": "call_a", "content": "42" }));
    assert_eq!(messages[3]["content"], "Error: division by zero", "errors say so without a flag");
    assert_eq!(messages[4]["content"], serde_json::Value::Null, "no commentary is null content");
    assert_eq!(messages[6], serde_json::json!({ "role": "assistant", "content": "42 and 1024." }));
}

#[test]
fn deepseek_gets_the_reasoning_of_tool_call_turns_back() {
    let json = body(
        &build_request_with_tools(
            &provider(Preset::DeepSeek),
            &ModelConfig::new("deepseek-reasoner"),
            &conversation(ProviderKind::OpenAi),
            &tools(),
        )
        .expect("built"),
    );
    let messages = json["messages"].as_array().expect("messages");
    assert_eq!(messages[1]["reasoning_content"], "Two sums.");
    assert_eq!(messages[4]["reasoning_content"], "One more.");
    assert!(messages[6].get("reasoning_content").is_none(), "not on the answer");
}
