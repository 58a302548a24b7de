//! Compaction's rules on their own inputs: summaries cut to fit, the threshold,
//! the settings, the token estimate against real counts, and the summary that
//! applies among a conversation's slots. The tests that start from stored
//! conversations (plain turns, replies with several tool rounds, agent
//! switches, failed replies, several compactions in a row, conversations too
//! short to compact) are in `storage/history/tests.rs`.

use super::*;
use crate::message::{ChatMessage, Role};

#[test]
fn a_summary_that_is_too_long_is_cut_at_a_paragraph_with_a_note() {
    let text = (0..40).map(|i| format!("Point {i} was settled. It matters.")).collect::<Vec<_>>().join("\n\n");
    assert_eq!(fit_summary(&text, 10_000), text, "a summary that fits is kept");
    for max in [30, 100, 250] {
        let cut = fit_summary(&text, max);
        assert!(estimate_tokens(&cut) <= max, "{max}: {cut}");
        assert!(cut.ends_with(SUMMARY_CUT_NOTE));
        let body = cut.trim_end_matches(SUMMARY_CUT_NOTE).trim_end();
        assert!(body.ends_with("It matters."), "cut at a paragraph: {body}");
        assert!(text.starts_with(body));
    }
    assert_eq!(fit_summary(&text, 3), "", "not even the note fits");
}

#[test]
fn should_compact_at_the_threshold() {
    let s = CompactionSettings::default();
    assert!(!should_compact(7_999, 10_000, &s));
    assert!(should_compact(8_000, 10_000, &s));
    assert!(!should_compact(0, 0, &s));
    assert_eq!(usage(4_000, 8_000).percent, 50);
    assert_eq!(usage(9_000, 8_000).meter_percent(), 100);
}

#[test]
fn settings_parse_and_default() {
    assert_eq!(CompactionSettings::default().threshold(), 80);
    assert_eq!(parse_threshold(" 75 % "), Ok(75));
    assert!(parse_threshold("5").is_err() && parse_threshold("101").is_err() && parse_threshold("").is_err());
    assert_eq!(parse_keep_last("3"), Ok(3));
    assert!(parse_keep_last("0").is_err() && parse_keep_last("x").is_err());
    assert_eq!(parse_context_window(""), Ok(None));
    assert_eq!(parse_context_window("128k"), Ok(Some(128_000)));
    assert_eq!(parse_context_window("32,768"), Ok(Some(32_768)));
    assert!(parse_context_window("12").is_err());
    let stored: CompactionSettings = serde_json::from_str(r#"{"threshold_percent":60}"#).expect("loads");
    assert_eq!((stored.threshold(), stored.keep_last_turns), (60, 4));
}

/// The estimate against real counts published by OpenAI and Google (see
/// `test_data/tokens/real_counts.source.md`). Bounds: against the tokenizer of
/// the current OpenAI models (`o200k_base`), Gemini's, and the older
/// `cl100k_base` for the cookbook's English texts, a text of 20 tokens or more
/// is estimated within −35 % and +50 % (erring high only makes compaction come
/// early; low is the side that fails requests); a shorter one within 4 tokens.
/// The older tokenizer's counts of the 20-language table are printed, not
/// bounded: it spent up to 4.4 times the tokens GPT-4o's does on them.
#[test]
fn estimate_error_on_real_texts() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../../test_data/tokens/real_counts.json")).expect("valid JSON");
    let mut checked = 0;
    for entry in data["texts"].as_array().expect("texts") {
        let id = entry["id"].as_str().expect("id");
        let text = entry["text"].as_str().expect("text");
        let estimate = estimate_tokens(text);
        for (tokenizer, count) in entry["counts"].as_object().expect("counts") {
            let real = count.as_u64().expect("a count") as u32;
            let error = (f64::from(estimate) - f64::from(real)) / f64::from(real) * 100.0;
            println!("{id:40} {tokenizer:12} real {real:4} estimate {estimate:4} error {error:+4.0} %");
            // The table's older counts show what GPT-4 Turbo spent; they are
            // printed, not bounded.
            if tokenizer == "cl100k_base" && entry["source"] == "hello-gpt-4o" {
                continue;
            }
            checked += 1;
            if real >= 20 {
                assert!((-35.0..=50.0).contains(&error), "{id} ({tokenizer}): {error:+.0} %");
            } else {
                assert!(estimate.abs_diff(real) <= 4, "{id} ({tokenizer}): {estimate} for {real}");
            }
        }
    }
    assert!(checked >= 25, "the data was read: {checked}");
    for chat in data["chats"].as_array().expect("chats") {
        let messages: Vec<ChatMessage> = chat["messages"]
            .as_array()
            .expect("messages")
            .iter()
            .map(|m| {
                let role = if m["role"] == "user" { Role::User } else { Role::System };
                ChatMessage::new(role, m["content"].as_str().expect("content"))
            })
            .collect();
        let estimate = estimate_request(&messages, &[]);
        for (model, count) in chat["prompt_tokens"].as_object().expect("prompt tokens") {
            let real = count.as_u64().expect("a count") as u32;
            let error = (f64::from(estimate) - f64::from(real)) / f64::from(real) * 100.0;
            println!("{:40} {model:12} real {real:4} estimate {estimate:4} error {error:+4.0} %", chat["id"]);
            assert!((-35.0..=50.0).contains(&error), "{model}: {error:+.0} %");
        }
    }
}

#[test]
fn a_copied_summary_wrapper_is_stripped_so_tags_never_nest() {
    let copied = "<conversation-summary>\nThe user likes roses.\n</conversation-summary>\n";
    assert_eq!(clean_summary(copied), "The user likes roses.");
    assert_eq!(fit_summary(copied, 100), "The user likes roses.");
    let sent = summary_message(&fit_summary(copied, 100)).content;
    assert_eq!(sent.matches("<conversation-summary>").count(), 1);
    assert_eq!(sent.matches("</conversation-summary>").count(), 1);
    assert_eq!(clean_summary("Plain notes."), "Plain notes.");
}

#[test]
fn the_shown_conversation_and_the_stored_records_agree_on_the_summary() {
    let slot = |id, sent| Slot { id, sent, summary: None };
    let sum = |id, created_at, boundary_id| Slot {
        id,
        sent: false,
        summary: Some(SlotSummary { created_at, boundary_id, text: id, summarised: 2 }),
    };
    // Newest by created_at, then id, not by position.
    let slots = [slot("q0", true), sum("b", 300, "q1"), slot("q1", true), sum("a", 300, "q1"), sum("old", 100, "q1")];
    assert_eq!(active_summary_of(&slots).map(|s| s.summary_id), Some("b".into()));
    // A boundary that sends nothing moves to the next sent; a missing one falls back.
    let slots = [slot("q0", true), slot("m", false), slot("q1", true), sum("x", 2, "m"), sum("y", 3, "gone")];
    let applies = active_summary_of(&slots).expect("x applies");
    assert_eq!((applies.summary_id.as_str(), applies.boundary_id.as_str()), ("x", "q1"));
    assert_eq!(active_summary_of(&[slot("q0", true)]), None);
}

#[test]
fn a_summary_cut_off_by_its_token_limit_ends_at_a_sentence_with_the_note() {
    let cut_off = "The user likes roses. They want a pond.\n\nOpen questions: where the bench";
    let fitted = fit_cut_summary(cut_off, 1_000);
    assert!(fitted.ends_with(SUMMARY_CUT_NOTE), "{fitted}");
    assert!(!fitted.contains("where the bench"), "the unfinished end is dropped: {fitted}");
    assert!(fitted.starts_with("The user likes roses. They want a pond."));
    assert_eq!(fitted.matches(SUMMARY_CUT_NOTE).count(), 1);
    assert_eq!(fit_cut_summary("Tiny", 1_000), "", "too little left to keep");
}

#[test]
fn stored_settings_are_read_field_by_field_and_clamped() {
    let stored = serde_json::json!({ "threshold_percent": 300, "keep_last_turns": 2, "summary_model_config_id": "m1" });
    let settings = CompactionSettings::from_stored(&stored);
    assert_eq!(
        settings,
        CompactionSettings { threshold_percent: 100, keep_last_turns: 2, summary_model_config_id: Some("m1".into()) },
        "an out-of-range threshold is clamped; the other fields stay"
    );
    let stored = serde_json::json!({ "threshold_percent": 5, "keep_last_turns": 0, "summary_model_config_id": 7 });
    let settings = CompactionSettings::from_stored(&stored);
    assert_eq!((settings.threshold_percent, settings.keep_last_turns), (10, 1));
    assert_eq!(settings.summary_model_config_id, None);
    let stored = serde_json::json!({ "threshold_percent": "high", "keep_last_turns": 1_000 });
    let settings = CompactionSettings::from_stored(&stored);
    assert_eq!((settings.threshold_percent, settings.keep_last_turns), (80, 100));
    assert_eq!(CompactionSettings::from_stored(&serde_json::json!("nonsense")), CompactionSettings::default());
    let round_trip = CompactionSettings { threshold_percent: 65, keep_last_turns: 3, summary_model_config_id: None };
    let value = serde_json::to_value(&round_trip).expect("plain data");
    assert_eq!(CompactionSettings::from_stored(&value), round_trip);
}

/// The compacted conversation the request snapshots send
/// (`provider::snapshots::compacted`) is what [`request_history`]
/// makes of a conversation whose first two turns a summary stands for: the
/// first question, the summary, then the two-round tool turn of
/// `provider::tool_wire::conversation` (its question is the boundary)
/// and its follow-up.
#[test]
fn the_request_snapshots_send_the_history_of_a_compacted_conversation() {
    use crate::contract::ProviderKind;
    use crate::provider::tests::{snapshots, tool_wire};
    for origin in [ProviderKind::OpenAi, ProviderKind::Anthropic, ProviderKind::Gemini] {
        let item = |id: &str, messages: Vec<ChatMessage>| HistoryItem { id: id.into(), messages };
        let text = |role: Role, text: &str| vec![ChatMessage::new(role, text)];
        let mut earlier = ChatMessage::new(Role::Assistant, "Lisbon in May: mild, few crowds.");
        earlier.origin = Some(origin);
        let turn = tool_wire::conversation(origin);
        let last = turn.len() - 1;
        let items = [
            item("q0", text(Role::User, "Plan a trip to Lisbon.")),
            item("a0", vec![earlier]),
            item("q1", text(Role::User, "And the budget?")),
            item("a1", text(Role::Assistant, "About 900 euros.")),
            item("q2", turn[..1].to_vec()),
            item("a2", turn[1..last].to_vec()),
            item("q3", turn[last..].to_vec()),
        ];
        let summary = ActiveSummary {
            summary_id: "sum".into(),
            boundary_id: "q2".into(),
            text: "The user plans a trip to Lisbon in May; the budget is about 900 euros.".into(),
            summarised: 3,
        };
        let mut messages = vec![ChatMessage::new(Role::System, "You are terse.")];
        messages.extend(request_history(&items, Some(&summary)));
        assert_eq!(messages, snapshots::compacted(origin), "{origin:?}");
    }
}
