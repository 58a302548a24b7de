//! The tool-call shapes each family's request builder writes, from one stored
//! turn with two rounds (the first with two parallel calls, one failed), so a
//! conversation can move between families. The turn is written here as the
//! messages a stored reply unfolds into; storage's tests check that its record
//! unfolds into exactly these (`storage::turn_messages`). Here: what every
//! family does with it; each family's own shapes are checked in
//! `<family>/tests/tool_wire.rs`.

use crate::contract::{ProviderKind, ToolSpec};
use crate::message::{ChatMessage, MessageToolCall, MessageToolResult, ReasoningPart, Role};
use crate::provider::{HttpRequest, ModelConfig, Preset, ProviderConfig, build_request_with_tools};

/// A mock account of `preset` (also the message tests' account).
pub(crate) fn provider(preset: Preset) -> ProviderConfig {
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: "http://mock".into(),
        api_key: "k".into(),
        ..Default::default()
    }
}

/// A request's JSON body.
pub(crate) fn body(request: &HttpRequest) -> serde_json::Value {
    serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("a JSON body")
}

pub(crate) fn tools() -> Vec<ToolSpec> {
    vec![ToolSpec {
        name: "calculator".into(),
        description: "Evaluates arithmetic.".into(),
        parameters: serde_json::json!({
            "type": "object",
            "properties": { "expression": { "type": "string" } },
            "required": ["expression"],
        }),
    }]
}

/// A calculator call of the turn, as the model wrote it.
fn call(id: &str, expression: &str) -> MessageToolCall {
    MessageToolCall {
        id: id.into(),
        name: "calculator".into(),
        arguments: format!("{{\"expression\":\"{expression}\"}}"),
    }
}

/// The result of the calculator call `id`, as sent back.
fn result(id: &str, content: &str, is_error: bool) -> MessageToolResult {
    MessageToolResult {
        call_id: id.into(),
        name: "calculator".into(),
        content: content.into(),
        is_error,
        media: vec![],
    }
}

/// The question, a turn written by `origin`, and a follow-up question. The
/// turn: the first round (commentary, signed reasoning, calls `call_a` and
/// `call_b`) and its results (`call_b` failed), the second round (signed
/// reasoning, no commentary, `call_c`) and its result, then the answer, as the
/// stored reply of `storage/turn/tests.rs` unfolds.
pub(crate) fn conversation(origin: ProviderKind) -> Vec<ChatMessage> {
    let reasoning = |text: &str, round: u32| ReasoningPart {
        text: text.into(),
        signature: Some(format!("sig-{round}")),
        round,
        ..ReasoningPart::default()
    };
    let round = |commentary: &str, part: ReasoningPart, calls: Vec<MessageToolCall>| ChatMessage {
        tool_calls: calls,
        ..ChatMessage::assistant_with_reasoning(commentary, vec![part], Some(origin))
    };
    vec![
        ChatMessage::new(Role::User, "Compute things."),
        round("Let me compute.", reasoning("Two sums.", 0), vec![call("call_a", "6*7"), call("call_b", "1/0")]),
        ChatMessage::tool_results(vec![result("call_a", "42", false), result("call_b", "division by zero", true)]),
        round("", reasoning("One more.", 1), vec![call("call_c", "2^10")]),
        ChatMessage::tool_results(vec![result("call_c", "1024", false)]),
        ChatMessage::assistant_with_reasoning("42 and 1024.", Vec::new(), Some(origin)),
        ChatMessage::new(Role::User, "Thanks!"),
    ]
}

#[test]
fn a_turn_from_another_family_carries_its_calls_but_not_its_signatures() {
    for preset in [Preset::OpenAi, Preset::Anthropic, Preset::Gemini] {
        let thinking = ModelConfig { thinking: Some(true), ..ModelConfig::new("m") };
        let origin = if preset == Preset::OpenAi { ProviderKind::Gemini } else { ProviderKind::OpenAi };
        let text = body(
            &build_request_with_tools(&provider(preset), &thinking, &conversation(origin), &tools()).expect("built"),
        )
        .to_string();
        assert!(text.contains("call_c"), "{preset:?}: the calls go across");
        assert!(!text.contains("sig-0") && !text.contains("sig-1"), "{preset:?}: no foreign signatures");
    }
}

#[test]
fn no_tools_means_no_tools_field() {
    let plain = [ChatMessage::new(Role::User, "Hi")];
    for preset in [Preset::OpenAi, Preset::Anthropic, Preset::Gemini] {
        let json =
            body(&build_request_with_tools(&provider(preset), &ModelConfig::new("m"), &plain, &[]).expect("built"));
        assert!(json.get("tools").is_none(), "{preset:?}");
    }
}

#[test]
fn without_tools_earlier_tool_use_goes_as_text() {
    for preset in [Preset::OpenAi, Preset::Anthropic, Preset::Gemini] {
        let json = body(
            &build_request_with_tools(&provider(preset), &ModelConfig::new("m"), &conversation(preset.kind()), &[])
                .expect("built"),
        );
        let text = json.to_string();
        assert!(json.get("tools").is_none(), "{preset:?}");
        for shape in ["tool_calls", "tool_use", "tool_result", "functionCall", "functionResponse", "\"tool\""] {
            assert!(!text.contains(shape), "{preset:?} still has {shape}: {text}");
        }
        assert!(
            text.contains("[Called the tool calculator with {\\\"expression\\\":\\\"6*7\\\"}]"),
            "{preset:?}: {text}"
        );
        assert!(text.contains("[Error from the tool calculator: division by zero]"), "{preset:?}");
    }
}

#[test]
fn call_ids_are_made_safe_and_unique_for_openai_and_anthropic() {
    let mut messages = conversation(ProviderKind::Anthropic);
    // Two turns whose calls came with the same made-up id, and an id with odd characters.
    messages[1].tool_calls[0].id = "functions.calc:0".into();
    messages[2].tool_results[0].call_id = "functions.calc:0".into();
    messages[3].tool_calls[0].id = "call_a".into();
    messages[4].tool_results[0].call_id = "call_a".into();
    let thinking = ModelConfig { thinking: Some(true), ..ModelConfig::new("claude") };
    let json =
        body(&build_request_with_tools(&provider(Preset::Anthropic), &thinking, &messages, &tools()).expect("built"));
    let turns = &json["messages"];
    assert_eq!(turns[1]["content"][2]["id"], "functions_calc_0");
    assert_eq!(turns[2]["content"][0]["tool_use_id"], "functions_calc_0");
    assert_eq!(turns[3]["content"][1]["id"], "call_a");
    assert_eq!(turns[4]["content"][0]["tool_use_id"], "call_a");

    messages[1].tool_calls[0].id = "call_a".into();
    messages[2].tool_results[0].call_id = "call_a".into();
    let json = body(
        &build_request_with_tools(&provider(Preset::OpenAi), &ModelConfig::new("m"), &messages, &tools())
            .expect("built"),
    );
    let sent = &json["messages"];
    assert_eq!(sent[1]["tool_calls"][0]["id"], "call_a");
    assert_eq!(sent[2]["tool_call_id"], "call_a");
    assert_eq!(sent[4]["tool_calls"][0]["id"], "call_a_2", "a repeated id is renamed");
    assert_eq!(sent[5]["tool_call_id"], "call_a_2", "and its result follows");
}

/// A turn whose one tool result carries a PNG, a sound and an SVG.
fn image_turn(origin: ProviderKind) -> Vec<ChatMessage> {
    use crate::message::ToolMedia;
    let media = |mime: &str, data: &str| ToolMedia::returned(mime, data);
    let mut with_media = result("call_i", "[The tool returned an image (image/png, 8 B).]", false);
    with_media.media =
        vec![media("image/png", "iVBORw0KGgo="), media("audio/wav", "UklGRg=="), media("image/svg+xml", "PHN2Zz4=")];
    vec![
        ChatMessage::new(Role::User, "Show me."),
        ChatMessage {
            tool_calls: vec![call("call_i", "image")],
            ..ChatMessage::assistant_with_reasoning("", Vec::new(), Some(origin))
        },
        ChatMessage::tool_results(vec![with_media]),
    ]
}

#[test]
fn a_tool_image_reaches_anthropic_and_gemini_as_an_image_and_openai_as_a_note() {
    let build = |preset: Preset| {
        let kind = preset.kind();
        body(
            &build_request_with_tools(&provider(preset), &ModelConfig::new("m"), &image_turn(kind), &tools())
                .expect("built"),
        )
    };

    let anthropic = build(Preset::Anthropic);
    let block = &anthropic["messages"][2]["content"][0];
    assert_eq!(block["type"], "tool_result");
    assert_eq!(
        block["content"],
        serde_json::json!([
            { "type": "text", "text": "[The tool returned an image (image/png, 8 B).]\n\n[The user sees the image and the sound the tool returned; they are not passed on to you.]" },
            { "type": "image", "source": { "type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo=" } }
        ])
    );

    let gemini = build(Preset::Gemini);
    let response = &gemini["contents"][2]["parts"][0]["functionResponse"];
    assert_eq!(
        response["parts"],
        serde_json::json!([{ "inlineData": { "mimeType": "image/png", "data": "iVBORw0KGgo=" } }])
    );
    assert_eq!(
        response["response"]["result"].as_str().map(|t| t.ends_with("they are not passed on to you.]")),
        Some(true)
    );

    let openai = build(Preset::OpenAi);
    let tool = &openai["messages"][2];
    assert_eq!(tool["role"], "tool");
    assert_eq!(
        tool["content"],
        "[The tool returned an image (image/png, 8 B).]\n\n[The user sees the 2 images and the sound the tool returned; they are not passed on to you.]"
    );
}

/// A tool image whose bytes could not be read back from the blob store (it is
/// no longer stored) goes as a note, never as an empty image a provider refuses.
#[test]
fn a_tool_image_without_its_bytes_is_noted_not_sent_empty() {
    use crate::message::ToolMedia;
    let mut turn = image_turn(ProviderKind::Anthropic);
    if let Some(result) = turn[2].tool_results.first_mut() {
        result.media = vec![ToolMedia::returned("image/png", "iVBORw0KGgo=").stored_as("ab".repeat(32))];
    }
    for preset in [Preset::Anthropic, Preset::Gemini] {
        let json =
            body(&build_request_with_tools(&provider(preset), &ModelConfig::new("m"), &turn, &tools()).expect("built"));
        let text = json.to_string();
        assert!(!text.contains("\"type\":\"image\"") && !text.contains("inlineData"), "{preset:?}: {text}");
        assert!(text.contains("[The user sees the image the tool returned; it is not passed on to you.]"), "{text}");
    }
}
