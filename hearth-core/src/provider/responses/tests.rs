//! Responses tests: requests (URLs, headers, bodies), the stream's events
//! event by event, and error bodies.
//!
//! The replies folded from the recorded bodies in `test_data/responses/` (each
//! `*.sse` decoded whole, byte by byte and cut at every offset, matching its
//! `*.expected.json`) are checked in `reply/tests/families/responses.rs`, with
//! the reply this module cannot use. `UPDATE_EXPECT=1` rewrites expectations.
//!
//! In `tests/`: the whole requests against their snapshots (`snapshots`).

mod snapshots;

use super::{StreamParser, azure_responses_url, map_finish_reason, parse_error_body, responses_url};
use crate::contract::{
    FinishKind, FinishReason, ProviderErrorKind, ProviderKind, ServerToolKind, ServerToolStatus, Source, StreamEvent,
};
use crate::message::{ChatMessage, ReasoningPart, Role};
use crate::provider::tests::tool_wire::{body, conversation, tools};
use crate::provider::{ApiChoice, ModelConfig, Preset, ProviderConfig, build_request_with_tools, needs_responses};
use crate::sse::SseEvent;

/// An account of `preset` whose API choice is Responses.
pub(crate) fn responses_provider(preset: Preset, base_url: &str) -> ProviderConfig {
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: base_url.into(),
        api_key: "test-key".into(),
        api: ApiChoice::Responses,
        ..Default::default()
    }
}

/// The two-round tool turn of [`conversation`] as Responses wrote it: each
/// round's reasoning an item of its own (`rs_0`, `rs_1`) sealed by its
/// encrypted content.
pub(crate) fn sealed_turn() -> Vec<ChatMessage> {
    let mut messages = conversation(ProviderKind::Responses);
    for message in &mut messages {
        for part in &mut message.reasoning {
            part.id = Some(format!("rs_{}", part.round));
        }
    }
    messages
}

fn events(lines: &[&str]) -> Vec<StreamEvent> {
    let mut parser = StreamParser::new();
    lines
        .iter()
        .flat_map(|data| parser.on_event(&SseEvent { data: (*data).to_owned(), ..SseEvent::default() }))
        .collect()
}

fn built(provider: &ProviderConfig, messages: &[ChatMessage]) -> serde_json::Value {
    body(&build_request_with_tools(provider, &ModelConfig::new("gpt-5"), messages, &tools()).expect("built"))
}

#[test]
fn urls_for_openai_compatible_servers_and_azure() {
    assert_eq!(responses_url("https://api.openai.com/v1"), "https://api.openai.com/v1/responses");
    assert_eq!(responses_url("https://api.openai.com/v1/"), "https://api.openai.com/v1/responses");
    assert_eq!(responses_url("http://localhost:8000/v1/chat/completions"), "http://localhost:8000/v1/responses");
    assert_eq!(responses_url("http://h/v1/responses?tenant=a"), "http://h/v1/responses?tenant=a");
    let v1 = "https://res.openai.azure.com/openai/v1/responses";
    assert_eq!(azure_responses_url("https://res.openai.azure.com/openai/deployments/gpt5"), v1);
    assert_eq!(azure_responses_url("https://res.openai.azure.com/openai/deployments/gpt5?api-version=2024-10-21"), v1);
    assert_eq!(azure_responses_url("https://res.openai.azure.com"), v1);
    assert_eq!(azure_responses_url("https://res.openai.azure.com/openai"), v1);
    assert_eq!(azure_responses_url("https://res.openai.azure.com/openai/v1/"), v1);
    assert_eq!(
        azure_responses_url("https://res.openai.azure.com/openai/responses?api-version=2025-04-01-preview"),
        "https://res.openai.azure.com/openai/responses?api-version=2025-04-01-preview",
        "a full Responses URL is used as it is"
    );
}

#[test]
fn the_key_goes_as_on_chat_completions() {
    let request = |preset, url| {
        build_request_with_tools(&responses_provider(preset, url), &ModelConfig::new("m"), &[], &[]).expect("built")
    };
    let openai = request(Preset::OpenAi, "https://api.openai.com/v1");
    assert!(openai.headers.contains(&("authorization".into(), "Bearer test-key".into())));
    let azure = request(Preset::Azure, "https://res.openai.azure.com/openai/deployments/d");
    assert!(azure.headers.contains(&("api-key".into(), "test-key".into())));
    assert!(!azure.headers.iter().any(|(name, _)| name == "authorization"));
}

#[test]
fn the_api_choice_picks_the_wire() {
    let account = |preset: Preset, api| ProviderConfig { api, ..responses_provider(preset, "https://h/v1") };
    for model in ["o3-pro", "o3-pro-2025-06-10", "gpt-5-codex", "o3-deep-research", "openai/o4-mini-deep-research"] {
        assert!(needs_responses(model), "{model}");
        assert_eq!(account(Preset::OpenAi, ApiChoice::Auto).wire_kind(model), ProviderKind::Responses, "{model}");
        assert_eq!(account(Preset::Azure, ApiChoice::Auto).wire_kind(model), ProviderKind::Responses, "{model}");
    }
    for model in ["gpt-4o", "gpt-5", "o3", ""] {
        assert!(!needs_responses(model), "{model}");
        assert_eq!(account(Preset::OpenAi, ApiChoice::Auto).wire_kind(model), ProviderKind::OpenAi, "{model}");
    }
    // A custom server says nothing about OpenAI's models: Auto stays on Chat Completions.
    assert_eq!(account(Preset::Custom, ApiChoice::Auto).wire_kind("o3-pro"), ProviderKind::OpenAi);
    assert_eq!(account(Preset::OpenAi, ApiChoice::ChatCompletions).wire_kind("o3-pro"), ProviderKind::OpenAi);
    for preset in [Preset::OpenAi, Preset::Azure, Preset::Custom, Preset::Ollama, Preset::OpenRouter] {
        assert_eq!(account(preset, ApiChoice::Responses).wire_kind("gpt-4o"), ProviderKind::Responses, "{preset:?}");
    }
    // Other families ignore the choice.
    assert_eq!(account(Preset::Anthropic, ApiChoice::Responses).wire_kind("m"), ProviderKind::Anthropic);
    assert_eq!(account(Preset::Gemini, ApiChoice::Responses).wire_kind("m"), ProviderKind::Gemini);
    // The dispatch sends a Responses request to `/responses`.
    let request = build_request_with_tools(
        &account(Preset::OpenAi, ApiChoice::Auto),
        &ModelConfig::new("o3-pro"),
        &[ChatMessage::new(Role::User, "Hi")],
        &[],
    )
    .expect("built");
    assert_eq!(request.url, "https://h/v1/responses");
}

#[test]
fn reasoning_goes_back_only_to_this_family_and_only_sealed_items() {
    let openai = responses_provider(Preset::OpenAi, "https://api.openai.com/v1");
    let json = built(&openai, &sealed_turn());
    let input = json["input"].as_array().expect("input");
    let kinds: Vec<&str> = input.iter().map(|item| item["type"].as_str().unwrap_or_default()).collect();
    assert_eq!(
        kinds,
        [
            "message",
            "reasoning",
            "message",
            "function_call",
            "function_call",
            "function_call_output",
            "function_call_output",
            "reasoning",
            "function_call",
            "function_call_output",
            "message",
            "message"
        ]
    );
    assert_eq!(
        input[1],
        serde_json::json!({ "type": "reasoning", "id": "rs_0", "summary": [{ "type": "summary_text", "text": "Two sums." }], "encrypted_content": "sig-0" })
    );
    assert_eq!(input[6]["output"], "Error: division by zero");
    // From another family, or without an id or sealed content: never sent.
    let text = built(&openai, &conversation(ProviderKind::Anthropic)).to_string();
    assert!(!text.contains("\"reasoning\"") && !text.contains("sig-0"), "{text}");
    let mut foreign = sealed_turn();
    for message in &mut foreign {
        message.origin = message.origin.map(|_| ProviderKind::OpenAi);
    }
    assert!(!built(&openai, &foreign).to_string().contains("rs_0"));
    let mut unsealed = sealed_turn();
    unsealed[1].reasoning =
        vec![ReasoningPart { id: Some("rs_x".into()), text: "t".into(), ..ReasoningPart::default() }];
    assert!(!built(&openai, &unsealed).to_string().contains("rs_x"), "an item without its sealed content");
}

#[test]
fn a_malformed_event_keeps_what_came_before() {
    let got = events(&[
        r#"{"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"Kept"}"#,
        // The API reference's own example of this event, verbatim: a comma is missing.
        "{\n  \"type\": \"response.function_call_arguments.delta\",\n  \"item_id\": \"item-abc\",\n  \"output_index\": 0,\n  \"delta\": \"{ \\\"arg\\\":\"\n  \"sequence_number\": 1\n}",
        r#"{"type":"response.output_item.added","output_index":1,"item":{"type":"function_call","id":7}}"#,
        r#"{"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":" too"}"#,
        "[DONE]",
    ]);
    assert_eq!(got[0], StreamEvent::TextDelta("Kept".into()));
    assert!(matches!(got[1], StreamEvent::Malformed { .. }), "{got:?}");
    assert!(matches!(got[2], StreamEvent::Malformed { .. }), "an item whose id is a number: {got:?}");
    assert_eq!(got[3], StreamEvent::TextDelta(" too".into()));
    assert_eq!(got.len(), 4);
}

#[test]
fn citations_count_back_from_the_text_of_their_part() {
    let got = events(&[
        r#"{"type":"response.output_text.delta","output_index":1,"content_index":0,"delta":"Über [a](ftp://x)  "}"#,
        r#"{"type":"response.output_text.annotation.added","output_index":1,"content_index":0,"annotation":{"type":"url_citation","url":"ftp://x","title":"X","start_index":5,"end_index":17}}"#,
        r#"{"type":"response.output_text.annotation.added","output_index":1,"content_index":0,"annotation":{"type":"file_citation","file_id":"file-abc","filename":"a.txt","index":3}}"#,
        r#"{"type":"response.output_text.annotation.added","output_index":1,"content_index":0,"annotation":{"type":"url_citation","url":"https://late.example","end_index":99}}"#,
    ]);
    assert_eq!(
        got[1],
        StreamEvent::Citation {
            source: Source { url: "ftp://x".into(), title: "X".into(), cited_text: None },
            back: 2
        },
        "the URL is passed as it came; the view decides"
    );
    match &got[2] {
        StreamEvent::Unsupported(unsupported) => {
            assert_eq!(unsupported.what, "file_citation");
            assert!(unsupported.raw.contains("file-abc"));
        }
        other => panic!("an unknown annotation is kept raw: {other:?}"),
    }
    assert!(matches!(&got[3], StreamEvent::Citation { back: 0, .. }), "an end past the text marks its end");
}

#[test]
fn a_refusal_is_shown_and_finishes_as_filtered() {
    let got = events(&[
        r#"{"type":"response.refusal.delta","output_index":0,"content_index":0,"delta":"I can't help with that."}"#,
        r#"{"type":"response.refusal.done","output_index":0,"content_index":0,"refusal":"I can't help with that."}"#,
        r#"{"type":"response.completed","response":{"usage":{"input_tokens":5,"output_tokens":6}}}"#,
    ]);
    assert_eq!(got[0], StreamEvent::TextDelta("I can't help with that.".into()));
    assert_eq!(
        got.last(),
        Some(&StreamEvent::Finish(FinishReason { unified: FinishKind::ContentFilter, raw: Some("refusal".into()) }))
    );
    assert_eq!(got.len(), 3, "the done event repeats nothing: {got:?}");
}

#[test]
fn errors_incomplete_reasons_and_failures() {
    // The API reference's `error` event: message and code at the top level.
    let got = events(&[r#"{"type":"error","code":"ERR_SOMETHING","message":"Something went wrong","param":null}"#]);
    match &got[0] {
        StreamEvent::ProviderError(error) => assert_eq!(error.message, "Something went wrong"),
        other => panic!("{other:?}"),
    }
    let got =
        events(&[r#"{"type":"response.incomplete","response":{"incomplete_details":{"reason":"content_filter"}}}"#]);
    assert_eq!(
        got,
        [StreamEvent::Finish(FinishReason { unified: FinishKind::ContentFilter, raw: Some("content_filter".into()) })]
    );
    assert_eq!(map_finish_reason("max_output_tokens"), FinishKind::Length);
    let got = events(&[r#"{"type":"response.failed","response":{"error":null}}"#]);
    assert!(matches!(&got[0], StreamEvent::ProviderError(error) if error.message == "The response failed"));
    let refused = parse_error_body(
        400,
        r#"{"error":{"message":"Hosted tool 'image_generation' is not supported with gpt-4.1-nano.","type":"invalid_request_error","param":"tools","code":null}}"#,
        None,
    );
    assert_eq!(refused.kind, ProviderErrorKind::ImagesRefused);
}

#[test]
fn calls_without_deltas_unknown_items_and_unsealed_reasoning() {
    let big = "x".repeat(5000);
    let unknown = format!(
        r#"{{"type":"response.output_item.done","output_index":2,"item":{{"type":"code_interpreter_call","id":"ci_1","status":"completed","code":"{big}"}}}}"#
    );
    let got = events(&[
        r#"{"type":"response.output_item.done","output_index":0,"item":{"type":"reasoning","id":"rs_1","summary":[]}}"#,
        r#"{"type":"response.output_item.done","output_index":1,"item":{"type":"function_call","call_id":"c1","name":"f","arguments":"{\"a\":1}"}}"#,
        &unknown,
        r#"{"type":"response.image_generation_call.partial_image","output_index":3,"item_id":"ig_1","partial_image_b64":"/9j/4AAQ"}"#,
        r#"{"type":"response.completed","response":{}}"#,
    ]);
    assert_eq!(
        got[0],
        StreamEvent::ToolCallDelta {
            index: Some(1),
            id: Some("c1".into()),
            name: Some("f".into()),
            arguments: "{\"a\":1}".into()
        },
        "no reasoning item without sealed content; a call sent whole"
    );
    assert_eq!(got[1], StreamEvent::ToolCallEnd { index: Some(1) });
    match &got[2] {
        StreamEvent::ServerTool(tool) => {
            assert_eq!(
                (&tool.id, &tool.kind, tool.status),
                (
                    &"ci_1".to_owned(),
                    &ServerToolKind::Other("code_interpreter_call".into()),
                    ServerToolStatus::Completed
                )
            );
            assert_eq!(tool.raw.as_ref().map(String::len), Some(4096), "cut at 4 KB");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(&got[3], StreamEvent::Image(image) if image.partial && image.mime == "image/jpeg"));
    assert_eq!(
        got[4],
        StreamEvent::Finish(FinishReason { unified: FinishKind::ToolCalls, raw: Some("completed".into()) })
    );
}

#[test]
fn web_search_and_images_are_offered_as_documented() {
    use crate::contract::WebSearch;
    let openai = responses_provider(Preset::OpenAi, "https://api.openai.com/v1");
    let model = ModelConfig {
        web_search: Some(WebSearch { blocked_domains: vec!["x.com".into()], ..WebSearch::default() }),
        make_images: true,
        ..ModelConfig::new("gpt-5")
    };
    let json =
        body(&build_request_with_tools(&openai, &model, &[ChatMessage::new(Role::User, "Hi")], &[]).expect("built"));
    assert_eq!(
        json["tools"],
        serde_json::json!([{ "type": "web_search" }, { "type": "image_generation", "partial_images": 2 }]),
        "no filters without allowed domains; blocked domains are not supported"
    );
    assert_eq!((json["store"].clone(), json["stream"].clone()), (serde_json::json!(false), serde_json::json!(true)));
    assert!(json.get("reasoning").is_none(), "no reasoning field unless asked");
}

#[test]
fn an_error_body_after_the_events_ends_the_stream_with_it() {
    let mut decoder = crate::provider::ResponseDecoder::new(ProviderKind::Responses);
    let mut got = decoder.push(
        b"event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"delta\":\"Half\"}\n\n",
    );
    got.extend(decoder.push(b"{\"error\":{\"message\":\"The server had an error\",\"type\":\"server_error\"}}"));
    got.extend(decoder.finish());
    assert_eq!(got[0], StreamEvent::TextDelta("Half".into()));
    assert!(matches!(&got[1], StreamEvent::ProviderError(error) if error.kind == ProviderErrorKind::Server), "{got:?}");
    // The SSE event name stands in for a missing JSON type.
    let mut decoder = crate::provider::ResponseDecoder::new(ProviderKind::Responses);
    let got = decoder.push(b"event: response.output_text.delta\ndata: {\"delta\":\"named\"}\n\n");
    assert_eq!(got, [StreamEvent::TextDelta("named".into())]);
}
