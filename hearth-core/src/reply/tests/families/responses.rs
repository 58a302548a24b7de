//! Responses replies: recorded bodies folded whole and cut, error bodies, and
//! what the family brings beyond text (reasoning items, parallel calls,
//! searches with citations, pictures), read into one reply.

use super::{check_error_bodies, check_streams};
use crate::contract::{FinishKind, ProviderErrorKind, ProviderKind, ServerToolKind, ServerToolStatus};
use crate::provider::responses::parse_error_body;
use crate::provider::tests::recorded;
use crate::reply::Reply;

fn reply(fixture: &str) -> Reply {
    let body = std::fs::read(recorded::test_data("responses").join(fixture)).expect("fixture");
    Reply::from_chunks(ProviderKind::Responses, [&body])
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    check_streams(ProviderKind::Responses, "responses", 8);
}

#[test]
fn recorded_error_bodies() {
    check_error_bodies("responses", 1, |status, body| parse_error_body(status, body, None));
}

#[test]
fn tool_calls_end_after_their_fragments_and_before_the_finish() {
    recorded::check_tool_call_ends(ProviderKind::Responses, "responses", "parallel_tool_calls.sse");
}

#[test]
fn parallel_calls_keep_the_ids_they_started_with() {
    let reply = reply("parallel_tool_calls.sse");
    let calls: Vec<(&str, &str, &str)> =
        reply.tool_calls.iter().map(|c| (c.id.as_str(), c.name.as_str(), c.arguments_raw.as_str())).collect();
    // The done items carry other call ids in this recording; the first one stays.
    assert_eq!(
        calls,
        [
            ("call_6KxSghkb4MVnunFH2TxPErLP", "currentLocation", "{}"),
            ("call_Dg6WUmFHNeR5JxX1s53s1G4b", "weather", "{\"location\":\"Rome\"}"),
        ]
    );
    assert_eq!(reply.finish.map(|f| f.unified), Some(FinishKind::ToolCalls));
}

#[test]
fn reasoning_summary_parts_are_sealed_by_their_encrypted_item() {
    let reply = reply("reasoning.sse");
    assert_eq!(reply.reasoning_parts.len(), 1);
    let part = &reply.reasoning_parts[0];
    assert_eq!(
        part.text,
        "**Exploring burrito origins**\n\nThe user is curious about the debate regarding Taqueria La Cumbre and \
         El Farolito.\n\n**Investigating burrito origins**\n\nThere's a fascinating debate about who created the \
         Mission burrito.",
        "a new summary part starts after a blank line"
    );
    assert_eq!(part.id.as_deref(), Some("rs_6808709f6fcc8191ad2e2fdd784017b3"));
    assert_eq!(part.signature.as_deref(), Some("encrypted_reasoning_data_final_def456"), "the done item's");
    assert_eq!(reply.text, "answer text");
}

#[test]
fn searches_and_citations() {
    let reply = reply("web_search.sse");
    let kinds: Vec<(&ServerToolKind, ServerToolStatus)> =
        reply.server_tools.iter().map(|tool| (&tool.kind, tool.status)).collect();
    assert_eq!(
        kinds,
        [
            (&ServerToolKind::WebSearch, ServerToolStatus::Completed),
            (&ServerToolKind::WebFetch, ServerToolStatus::Completed),
            (&ServerToolKind::WebFetch, ServerToolStatus::Completed),
        ]
    );
    assert_eq!(reply.server_tools[0].query.as_deref(), Some("tech news today December 5 2025"));
    assert!(reply.server_tools[0].results.is_some_and(|n| n > 0));
    assert_eq!(reply.sources.len(), 2);
    // The first mark goes where its `end_index` says: after the link, before the two spaces.
    let at = reply.citations[0].at as usize;
    let before: String = reply.text.chars().take(at).collect();
    assert!(before.ends_with("?utm_source=openai))"), "{before}");
}

#[test]
fn pictures_partial_then_final() {
    let reply = reply("image_generation.sse");
    assert_eq!(reply.images.len(), 1);
    assert_eq!((reply.images[0].mime.as_str(), reply.images[0].partial), ("image/webp", false));
    assert!(reply.drawing.is_none(), "the final picture replaces the partial one");
    assert_eq!(reply.server_tools[0].kind, ServerToolKind::ImageGeneration);
    assert_eq!(reply.server_tools[0].status, ServerToolStatus::Completed);
}

#[test]
fn incomplete_failed_and_error_events() {
    let incomplete = reply("incomplete.sse");
    assert_eq!((incomplete.text.as_str(), incomplete.finish.map(|f| f.unified)), ("Hello,", Some(FinishKind::Length)));
    let failed = reply("failed.sse");
    assert_eq!(
        failed.error.map(|e| (e.message, e.code)),
        Some(("response failed".into(), Some("server_error".into())))
    );
    let quota = reply("error_event.sse").error.expect("an error");
    assert_eq!((quota.kind, quota.code.as_deref()), (ProviderErrorKind::RateLimit, Some("insufficient_quota")));
}
