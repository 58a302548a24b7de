//! Anthropic's web search and web fetch: the server tools and the beta header
//! in requests, the effort's thinking budget, and what the stream says of them
//! (server tool blocks never reach the tool loop, results, citations placed at
//! the end of their block, unknown blocks and citation types kept raw).

use super::{body, build_request, provider};
use crate::contract::{Effort, ServerToolKind, ServerToolStatus, StreamEvent, WebSearch};
use crate::message::{ChatMessage, Role};
use crate::provider::anthropic::{effort_limits, thinking_limits};
use crate::provider::tests::recorded::decode;
use crate::provider::{ModelConfig, ProviderKind};

/// A question, an answer that searched the web (its sources are not part of
/// the message: a following request sends its text only) and a follow-up.
pub(crate) fn searched_then_asked() -> Vec<ChatMessage> {
    let mut answer =
        ChatMessage::new(Role::Assistant, "Claude Shannon was born on April 30, 1916, in Petoskey, Michigan");
    answer.origin = Some(ProviderKind::Anthropic);
    vec![
        ChatMessage::new(Role::User, "When was Claude Shannon born?"),
        answer,
        ChatMessage::new(Role::User, "And where did he study?"),
    ]
}

fn searching(search: WebSearch) -> ModelConfig {
    ModelConfig { web_search: Some(search), ..ModelConfig::new("claude-sonnet-4-5") }
}

fn beta(request: &crate::provider::HttpRequest) -> Option<&str> {
    request.headers.iter().find(|(name, _)| name == "anthropic-beta").map(|(_, value)| value.as_str())
}

#[test]
fn web_search_sends_both_server_tools_and_the_fetch_beta() {
    let p = provider("", "k");
    let request = build_request(&p, &searching(WebSearch::default()), &searched_then_asked());
    assert_eq!(beta(&request), Some("web-fetch-2025-09-10"));
    assert_eq!(
        body(&request)["tools"],
        serde_json::json!([
            { "type": "web_search_20250305", "name": "web_search" },
            { "type": "web_fetch_20250910", "name": "web_fetch" },
        ])
    );
    let plain = build_request(&p, &ModelConfig::new("claude-sonnet-4-5"), &searched_then_asked());
    assert_eq!(beta(&plain), None, "no beta header without the tool");
    assert!(body(&plain).get("tools").is_none());
    let messages = &body(&request)["messages"];
    assert_eq!(messages[1], serde_json::json!({ "role": "assistant", "content": searched_then_asked()[1].content }));
}

#[test]
fn only_one_domain_list_is_sent() {
    let p = provider("", "k");
    let both = WebSearch {
        max_uses: Some(3),
        allowed_domains: vec!["wikipedia.org".into()],
        blocked_domains: vec!["example.com".into()],
    };
    let tools = body(&build_request(&p, &searching(both), &searched_then_asked()))["tools"].clone();
    for tool in tools.as_array().into_iter().flatten() {
        assert_eq!(tool["max_uses"], 3);
        assert_eq!(tool["allowed_domains"], serde_json::json!(["wikipedia.org"]));
        assert!(tool.get("blocked_domains").is_none(), "{tool}");
    }
    let blocked = WebSearch { blocked_domains: vec!["example.com".into()], ..WebSearch::default() };
    let tools = body(&build_request(&p, &searching(blocked), &searched_then_asked()))["tools"].clone();
    assert_eq!(tools[0]["blocked_domains"], serde_json::json!(["example.com"]));
    assert!(tools[0].get("allowed_domains").is_none() && tools[0].get("max_uses").is_none());
}

#[test]
fn effort_sets_the_thinking_budget() {
    assert_eq!(effort_limits(None, Effort::Low), (16_000, 2_048));
    assert_eq!(effort_limits(None, Effort::Medium), (16_000, 8_192));
    assert_eq!(effort_limits(None, Effort::High), (28_672, 24_576));
    assert_eq!(effort_limits(Some(64_000), Effort::High), (64_000, 24_576));
    assert_eq!(effort_limits(Some(10_000), Effort::High), (10_000, 7_500));
    assert_eq!(effort_limits(Some(100), Effort::Low), (2_048, 1_536));
    for max in [1, 1_024, 2_048, 4_096, 20_000, u32::MAX] {
        for effort in [Effort::Low, Effort::Medium, Effort::High] {
            let (max_tokens, budget) = effort_limits(Some(max), effort);
            assert!(budget >= 1_024 && budget < max_tokens, "{max} {effort:?}: {max_tokens} / {budget}");
        }
    }
    let p = provider("", "k");
    let model = ModelConfig { thinking: Some(true), effort: Some(Effort::High), ..ModelConfig::new("m") };
    let json = body(&build_request(&p, &model, &searched_then_asked()));
    assert_eq!((json["max_tokens"].as_u64(), json["thinking"]["budget_tokens"].as_u64()), (Some(28_672), Some(24_576)));
    let off = ModelConfig { thinking: None, ..model };
    let json = body(&build_request(&p, &off, &searched_then_asked()));
    assert!(json.get("thinking").is_none(), "effort without thinking sends no budget");
    assert_eq!(thinking_limits(None), (16_000, 8_000), "no effort: the old rule");
}

fn events(body: &str) -> Vec<StreamEvent> {
    decode(ProviderKind::Anthropic, &[body.as_bytes()])
}

fn data(json: &str) -> String {
    format!("data: {json}\n\n")
}

#[test]
fn server_tool_blocks_never_reach_the_tool_loop() {
    let body = [
        r#"{"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\":\"rust 2026\"}"}}"#,
        r#"{"type":"content_block_stop","index":0}"#,
        r#"{"type":"message_delta","delta":{"stop_reason":"pause_turn"}}"#,
    ]
    .map(data)
    .concat();
    let events = events(&body);
    assert!(
        !events.iter().any(|e| matches!(e, StreamEvent::ToolCallDelta { .. } | StreamEvent::ToolCallEnd { .. })),
        "{events:?}"
    );
    let calls: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::ServerTool(call) => Some((call.kind.clone(), call.status, call.query.as_deref())),
            _ => None,
        })
        .collect();
    assert_eq!(
        calls,
        [
            (ServerToolKind::WebSearch, ServerToolStatus::Working, None),
            (ServerToolKind::WebSearch, ServerToolStatus::Working, Some("rust 2026")),
        ]
    );
}

#[test]
fn unknown_blocks_are_other_tools_kept_raw_and_cut() {
    let big = "x".repeat(10_000);
    let block = format!(
        r#"{{"type":"content_block_start","index":2,"content_block":{{"type":"code_execution_tool_result","tool_use_id":"srvtoolu_9","content":{{"stdout":"{big}"}}}}}}"#
    );
    let events = events(&data(&block));
    let [StreamEvent::ServerTool(call)] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!(call.kind, ServerToolKind::Other("code_execution_tool_result".into()));
    assert_eq!(call.id, "srvtoolu_9");
    let raw = call.raw.as_deref().unwrap_or_default();
    assert!(raw.starts_with(r#"{"content":{"stdout":"xxx"#) && raw.len() == 4096, "{}", raw.len());
}

#[test]
fn citations_follow_their_block_and_never_lose_text() {
    let body = [
        r#"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"web_search_result_location","url":"https://a.example/","title":"A","cited_text":"a"}}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Cited."}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"future_location","where":1}}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"web_search_result_location","url":7}}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"c","document_index":1,"document_title":null}}}"#,
        r#"{"type":"content_block_stop","index":0}"#,
        r#"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":" More"}}"#,
        r#"{"type":"content_block_delta","index":1,"delta":{"type":"citations_delta","citation":{"type":"search_result_location","source":"https://b.example/","title":"B"}}}"#,
        // The stream is cut before the block's stop: the message's end places it.
        r#"{"type":"message_delta","delta":{"stop_reason":"end_turn"}}"#,
    ]
    .map(data)
    .concat();
    let events = events(&body);
    let text: String = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::TextDelta(text) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(text, "Cited. More");
    let order: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            StreamEvent::TextDelta(text) => Some(format!("text {text}")),
            StreamEvent::Citation { source, back } => Some(format!("cite {} {back}", source.url)),
            StreamEvent::Unsupported(unsupported) => Some(unsupported.what.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        [
            "text Cited.",
            "future_location",
            "web_search_result_location",
            "cite https://a.example/ 0",
            "cite document 2 0",
            "text  More",
            "cite https://b.example/ 0",
        ]
    );
}
