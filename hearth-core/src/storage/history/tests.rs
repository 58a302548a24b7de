//! Compaction on many conversation shapes, from stored records: plain turns,
//! replies with several tool rounds, agent switches, failed replies, several
//! compactions in a row, summaries that are too long, conversations too short
//! to compact. (They start from [`MessageRecord`]s, which compaction never
//! reads, so they live here, with [`HistoryItem::of_record`] and
//! [`active_summary`].)

mod pictures;

use crate::compaction::*;
use crate::message::{ChatMessage, Role};
use crate::storage::{AgentRef, MessageRecord, MessageState, SummaryInfo, ToolCallRecord, ToolResultRecord};

const SESSION: &str = "s";

/// [`super::active_summary`] of records written as a linear conversation
/// (each following the one shown before it, as schema 2 stored them).
fn active_summary(records: &[MessageRecord]) -> Option<ActiveSummary> {
    let mut linked = records.to_vec();
    crate::storage::migrate::link_parents(&mut linked);
    super::active_summary(&linked)
}

fn user(id: &str, at: i64, text: &str) -> MessageRecord {
    MessageRecord { content: text.into(), ..MessageRecord::new(id.into(), SESSION.into(), Role::User, at) }
}

fn reply(id: &str, at: i64, text: &str) -> MessageRecord {
    MessageRecord { content: text.into(), ..MessageRecord::new(id.into(), SESSION.into(), Role::Assistant, at) }
}

fn call(id: &str, round: u32, result: &str) -> ToolCallRecord {
    ToolCallRecord {
        id: id.into(),
        name: "calculator".into(),
        arguments_raw: format!("{{\"expression\":\"{id}\"}}"),
        commentary: format!("Computing {id}."),
        result: Some(ToolResultRecord {
            content: result.into(),
            is_error: false,
            duration_ms: Some(1),
            media: vec![],
            links: vec![],
            app: None,
        }),
        round,
    }
}

/// A reply with two rounds of tool calls (two parallel calls, then one) and an answer.
fn tool_reply(id: &str, at: i64, result: &str) -> MessageRecord {
    MessageRecord {
        tool_calls: vec![
            call(&format!("{id}_a"), 0, result),
            call(&format!("{id}_b"), 0, result),
            call(&format!("{id}_c"), 1, result),
        ],
        ..reply(id, at, "All computed.")
    }
}

fn switch(id: &str, at: i64) -> MessageRecord {
    MessageRecord::agent_switch(
        id.into(),
        SESSION.into(),
        AgentRef { id: "t".into(), name: "Translator".into(), ..Default::default() },
        at,
    )
}

fn summary(id: &str, at: i64, boundary: &str, summarised: u32, text: &str) -> MessageRecord {
    MessageRecord::summary(
        id.into(),
        SESSION.into(),
        at,
        SummaryInfo { boundary_id: boundary.into(), summarised, model: Some("gpt-4o-mini".into()) },
        text.into(),
    )
}

fn items(records: &[MessageRecord]) -> Vec<HistoryItem> {
    records.iter().filter_map(HistoryItem::of_record).collect()
}

/// `n` turns of plain questions and answers: q0, a0, q1, a1, …
fn plain(n: usize) -> Vec<MessageRecord> {
    (0..n)
        .flat_map(|i| {
            let at = i as i64 * 10;
            [
                user(&format!("q{i}"), at, &format!("Question {i}?")),
                reply(&format!("a{i}"), at + 1, &format!("Answer {i}.")),
            ]
        })
        .collect()
}

fn settings(keep: u32) -> CompactionSettings {
    CompactionSettings { keep_last_turns: keep, ..CompactionSettings::default() }
}

fn active(boundary: &str, text: &str) -> ActiveSummary {
    ActiveSummary { summary_id: "sum".into(), boundary_id: boundary.into(), text: text.into(), summarised: 3 }
}

/// Every tool call in `messages` is directly followed by the message answering
/// all of its calls, and every result answers the calls just before it.
fn assert_tool_rounds_whole(messages: &[ChatMessage]) {
    for (i, message) in messages.iter().enumerate() {
        if !message.tool_calls.is_empty() {
            let next = messages.get(i + 1).expect("a results message after the calls");
            let calls: Vec<&str> = message.tool_calls.iter().map(|c| c.id.as_str()).collect();
            let answered: Vec<&str> = next.tool_results.iter().map(|r| r.call_id.as_str()).collect();
            assert_eq!(calls, answered, "the calls at {i} are answered right after");
        }
        if !message.tool_results.is_empty() {
            let before = i.checked_sub(1).map(|j| &messages[j]).expect("calls before the results");
            assert!(!before.tool_calls.is_empty(), "the results at {i} follow their calls");
        }
    }
}

/// User and assistant alternate, starting with the user; nothing is empty.
fn assert_alternates(messages: &[ChatMessage]) {
    assert_eq!(messages.first().map(|m| m.role), Some(Role::User));
    for pair in messages.windows(2) {
        assert_ne!(pair[0].role, pair[1].role, "roles alternate: {pair:?}");
    }
    for message in messages {
        assert!(
            !message.content.trim().is_empty() || !message.tool_calls.is_empty() || !message.tool_results.is_empty(),
            "no empty message: {message:?}"
        );
    }
}

#[test]
fn without_a_summary_the_history_is_every_item() {
    let records = [plain(2), vec![switch("sw", 25), user("q9", 30, "Next?"), tool_reply("a9", 31, "1")]].concat();
    let items = items(&records);
    let all: Vec<ChatMessage> = items.iter().flat_map(|item| item.messages.clone()).collect();
    assert_eq!(request_history(&items, None), all);
    assert_eq!(items.len(), 6, "the marker is no item");
    assert_eq!(all.len(), 4 + 1 + 5, "the tool reply sends its two rounds and its answer");
}

#[test]
fn a_summary_stands_in_for_the_turns_before_its_boundary() {
    let records = plain(5);
    let items = items(&records);
    let history = request_history(&items, Some(&active("q3", "They asked three questions.")));
    let texts: Vec<&str> = history.iter().map(|m| m.content.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Question 0?",
            "<conversation-summary>\nThey asked three questions.\n</conversation-summary>",
            "Question 3?",
            "Answer 3.",
            "Question 4?",
            "Answer 4."
        ]
    );
    assert_alternates(&history);
}

#[test]
fn a_plan_keeps_the_first_message_and_the_last_turns() {
    let items = items(&plain(6));
    let plan = plan(&items, None, &settings(2)).expect("a plan");
    assert_eq!((plan.boundary_id.as_str(), plan.start, plan.end, plan.summarised), ("q4", 1, 8, 7));
    assert!(!plan.folds_summary);
}

#[test]
fn too_short_or_keeping_more_turns_than_there_are_plans_nothing() {
    assert_eq!(plan(&items(&plain(1)), None, &settings(1)), None, "one turn: nothing to summarise");
    assert_eq!(plan(&items(&plain(3)), None, &settings(3)), None, "every turn kept");
    assert_eq!(plan(&items(&plain(3)), None, &settings(10)), None, "more kept than there are");
    assert_eq!(plan(&[], None, &settings(1)), None);
    let two = plan(&items(&plain(2)), None, &settings(1)).expect("the first answer can go");
    assert_eq!((two.start, two.end, two.summarised), (1, 2, 1));
}

#[test]
fn tool_rounds_are_never_split() {
    let records: Vec<MessageRecord> = (0..5)
        .flat_map(|i| {
            let at = i * 10;
            [user(&format!("q{i}"), at, "Compute."), tool_reply(&format!("r{i}"), at + 1, "42")]
        })
        .collect();
    let items = items(&records);
    assert_eq!(items[1].messages.len(), 5, "two rounds (calls and results each) and the answer are one item");
    for keep in 1..=5 {
        let Some(plan) = plan(&items, None, &settings(keep)) else { continue };
        assert!(items[plan.end].is_user_message(), "the boundary is a user message");
        let summary = ActiveSummary {
            summary_id: "sum".into(),
            boundary_id: plan.boundary_id.clone(),
            text: "Sums.".into(),
            summarised: plan.summarised,
        };
        let history = request_history(&items, Some(&summary));
        assert_tool_rounds_whole(&history);
        assert_alternates(&crate::message::without_tool_use(&history));
    }
}

#[test]
fn a_boundary_on_a_marker_or_a_failed_reply_moves_to_the_next_item() {
    let mut failed = reply("bad", 12, "");
    failed.state = MessageState::Failed;
    let records = [plain(2), vec![failed, switch("sw", 13)], plain(4)[4..].to_vec()].concat();
    let on_marker = [records.clone(), vec![summary("sum", 100, "sw", 3, "Earlier.")]].concat();
    let found = active_summary(&on_marker).expect("applies");
    assert_eq!(found.boundary_id, "q2");
    let on_failed = [records, vec![summary("sum", 100, "bad", 3, "Earlier.")]].concat();
    assert_eq!(active_summary(&on_failed).map(|s| s.boundary_id), Some("q2".into()));
}

#[test]
fn the_newest_summary_applies_and_undoing_it_brings_the_previous_back() {
    let records = [
        plain(6),
        vec![summary("first", 100, "q2", 3, "Turns 0 and 1."), summary("second", 200, "q4", 7, "Turns 0 to 3.")],
    ]
    .concat();
    let newest = active_summary(&records).expect("one applies");
    assert_eq!((newest.summary_id.as_str(), newest.boundary_id.as_str()), ("second", "q4"));
    let undone: Vec<MessageRecord> = records.iter().filter(|r| r.id != "second").cloned().collect();
    assert_eq!(active_summary(&undone).map(|s| s.summary_id), Some("first".into()));
    let deleted_boundary: Vec<MessageRecord> = records.iter().filter(|r| r.id != "q4").cloned().collect();
    assert_eq!(
        active_summary(&deleted_boundary).map(|s| s.summary_id),
        Some("first".into()),
        "a summary whose boundary was deleted does not apply"
    );
}

#[test]
fn a_second_compaction_folds_the_first_summary_in() {
    let items = items(&plain(8));
    let first = active("q3", "Turns 0 to 2.");
    let plan = plan(&items, Some(&first), &settings(2)).expect("a plan");
    assert_eq!((plan.boundary_id.as_str(), plan.start, plan.end), ("q6", 6, 12));
    assert!(plan.folds_summary);
    assert_eq!(plan.summarised, 3 + 6);
    let request = summary_request(&plan, &items, Some(&first), 10_000);
    assert_eq!(request[0].role, Role::System);
    assert!(request[1].content.contains("Turns 0 to 2."), "the old summary is folded in");
    assert!(request[1].content.contains("Question 3?") && request[1].content.contains("Answer 5."));
    assert!(!request[1].content.contains("Question 6?"), "the kept turns are not summarised");
    assert_eq!(
        crate::compaction::plan(&items, Some(&active("q6", "x")), &settings(2)),
        None,
        "nothing new to summarise"
    );
}

#[test]
fn old_tool_output_is_trimmed_for_the_summariser() {
    let long = "x".repeat(TOOL_OUTPUT_CHARS * 3);
    let records = [vec![user("q0", 0, "Go."), tool_reply("r0", 1, &long)], plain(3)[2..].to_vec()].concat();
    let items = items(&records);
    let plan = plan(&items, None, &settings(1)).expect("a plan");
    let request = summary_request(&plan, &items, None, 100_000);
    assert!(request[1].content.contains(&format!("[{} more characters trimmed]", TOOL_OUTPUT_CHARS * 2)));
    assert!(!request[1].content.contains(&"x".repeat(TOOL_OUTPUT_CHARS + 1)), "no result goes whole");
}

#[test]
fn a_summary_request_fits_its_budget() {
    let records: Vec<MessageRecord> = (0..20)
        .flat_map(|i| {
            let at = i * 10;
            [user(&format!("q{i}"), at, &"word ".repeat(400)), reply(&format!("a{i}"), at + 1, &"text ".repeat(800))]
        })
        .collect();
    let items = items(&records);
    let plan = plan(&items, None, &settings(2)).expect("a plan");
    let long: Vec<MessageRecord> = (0..500)
        .flat_map(|i| {
            let at = i * 10;
            [
                user(&format!("q{i}"), at, &"word ".repeat(1_000)),
                reply(&format!("a{i}"), at + 1, &"text ".repeat(1_000)),
            ]
        })
        .collect();
    let long_items = self::items(&long);
    let long_plan = crate::compaction::plan(&long_items, None, &settings(2)).expect("a plan");
    let request = summary_request(&long_plan, &long_items, None, 4_000);
    assert!(estimate_request(&request, &[]) <= 4_000, "a thousand long messages fit too");
    for budget in [500, 2_000, 8_000] {
        let request = summary_request(&plan, &items, None, budget);
        assert!(estimate_request(&request, &[]) <= budget, "fits {budget}");
        assert!(request[1].content.contains("Summarise"));
    }
}

#[test]
fn a_summary_record_round_trips_and_is_no_reply() {
    let record = summary("sum", 5, "q3", 4, "The user wants a to-do app.");
    assert!(record.is_marker() && record.is_summary());
    assert_eq!(record.node_key(), None, "no node of the conversation's tree");
    assert!(record.terms.contains(&"to-do".to_owned()) || record.terms.contains(&"app".to_owned()));
    let json = serde_json::to_value(&record).expect("serialises");
    assert_eq!(json["kind"], "summary");
    assert_eq!(json["summary"], serde_json::json!({ "boundary_id": "q3", "summarised": 4, "model": "gpt-4o-mini" }));
    let back: MessageRecord = serde_json::from_value(json).expect("loads");
    assert_eq!(back, record);
    assert_eq!(HistoryItem::of_record(&record), None, "never sent as a message");
    let plain = serde_json::to_value(user("q", 1, "Hi")).expect("serialises");
    assert!(plain.get("summary").is_none(), "left out of other records");
}

#[test]
fn plan_to_fit_keeps_fewer_turns_when_the_kept_ones_are_too_big() {
    let mut records = plain(6);
    records[9].content = "long ".repeat(2_000); // a4, in the last two turns
    let long = items(&records);
    let wide = plan_to_fit(&long, None, &settings(3), 100_000).expect("a plan");
    assert_eq!(wide.boundary_id, "q3", "three turns kept when they fit");
    let narrow = plan_to_fit(&long, None, &settings(3), 1_000).expect("a plan");
    assert_eq!(narrow.boundary_id, "q5", "only the last turn fits");
    let tiny = plan_to_fit(&long, None, &settings(3), 10).expect("the smallest plan");
    assert_eq!(tiny.boundary_id, "q5");
    let few = plan_to_fit(&items(&plain(2)), None, &settings(4), 100_000).expect("fewer turns than asked");
    assert_eq!(few.boundary_id, "q1");
    assert_eq!(plan_to_fit(&items(&plain(1)), None, &settings(4), 10), None);
}

/// Conversations of many shapes (plain turns, tool turns, failed replies,
/// agent switches, a first message with files), compacted once and then again:
/// every request keeps the first user message and every item from the
/// boundary verbatim, never splits a tool round, and alternates once tool use
/// is written as text; the second summary folds in the first.
#[test]
fn compaction_holds_on_many_shapes() {
    let mut seed: u64 = 7;
    let mut next = move |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let mut compacted = 0;
    for shape in 0..200 {
        let turns = 1 + next(9) as i64;
        let mut records = Vec::new();
        for t in 0..turns {
            let at = t * 10;
            let mut question = user(&format!("q{t}"), at, &format!("Question {t} of shape {shape}?"));
            if t == 0 && next(2) == 0 {
                question.files =
                    vec![crate::message::AttachedFile { name: "notes.md".into(), content: "Notes.".into() }];
            }
            records.push(question);
            match next(5) {
                0 => records.push(tool_reply(&format!("a{t}"), at + 1, "42")),
                1 => {
                    let mut failed = reply(&format!("f{t}"), at + 1, "");
                    failed.state = MessageState::Failed;
                    records.push(failed);
                    records.push(reply(&format!("a{t}"), at + 2, "Answer after a retry."));
                }
                2 => {
                    records.push(reply(&format!("a{t}"), at + 1, "Answer."));
                    records.push(switch(&format!("sw{t}"), at + 3));
                }
                _ => records.push(reply(&format!("a{t}"), at + 1, "Answer.")),
            }
        }
        let first_items = items(&records);
        let settings = settings(1 + next(4) as u32);
        let Some(first_plan) = plan(&first_items, None, &settings) else {
            assert!(turns <= i64::from(settings.keep_last_turns), "shape {shape}: a plan when turns remain");
            continue;
        };
        let stored_first = summary("sum1", 1_000, &first_plan.boundary_id, first_plan.summarised, "First.");
        let mut with_first = records.clone();
        with_first.push(stored_first);
        let active_first = active_summary(&with_first).expect("applies");
        check_request(shape, &first_items, &active_first);

        // More turns, then a second compaction that folds the first in.
        let mut more = with_first.clone();
        for t in turns..turns + 3 {
            more.push(user(&format!("q{t}"), t * 10 + 2_000, "Later question?"));
            more.push(tool_reply(&format!("a{t}"), t * 10 + 2_001, "7"));
        }
        let later_items = items(&more);
        let second = plan(&later_items, Some(&active_first), &settings).expect("the later turns can be summarised");
        assert!(second.folds_summary);
        let request = summary_request(&second, &later_items, Some(&active_first), 50_000);
        assert!(request[1].content.contains("First."), "shape {shape}: the first summary is folded in");
        more.push(summary("sum2", 9_000, &second.boundary_id, second.summarised, "Second."));
        let active_second = active_summary(&more).expect("applies");
        assert_eq!(active_second.summary_id, "sum2");
        check_request(shape, &later_items, &active_second);
        more.retain(|record| record.id != "sum2");
        assert_eq!(active_summary(&more).map(|s| s.summary_id), Some("sum1".into()), "Undo brings the first back");
        compacted += 1;
    }
    assert!(compacted >= 100, "most shapes were compacted twice: {compacted}");
}

fn check_request(shape: usize, items: &[HistoryItem], summary: &ActiveSummary) {
    let history = request_history(items, Some(summary));
    let first = items.iter().find(|item| item.is_user_message()).expect("a first question");
    assert_eq!(history[0], first.messages[0], "shape {shape}: the first user message goes verbatim");
    let boundary = items.iter().position(|item| item.id == summary.boundary_id).expect("the boundary is an item");
    let tail: Vec<ChatMessage> = items[boundary..].iter().flat_map(|item| item.messages.clone()).collect();
    assert!(history.ends_with(&tail), "shape {shape}: everything from the boundary goes verbatim");
    assert_eq!(history.len(), tail.len() + 2, "shape {shape}: the first message, the summary, the rest");
    assert!(history[1].content.starts_with("<conversation-summary>\n"));
    assert_tool_rounds_whole(&history);
    assert_alternates(&crate::message::without_tool_use(&history));
}

#[test]
fn a_summary_in_another_branch_does_not_apply() {
    let mut records = plain(4);
    // a1 was regenerated: its new version a1b is its sibling, shown in its place.
    let mut again = reply("a1b", 12, "A better answer 1.");
    again.variant_of = Some("a1".into());
    records.push(again);
    records.push(summary("sum", 100, "a1", 2, "Earlier."));
    assert_eq!(active_summary(&records), None, "its boundary is in the branch not shown");
    // Back on a1's branch, it applies again.
    records[3].chosen_at = Some(200);
    assert_eq!(active_summary(&records).map(|s| s.boundary_id), Some("a1".into()));
}

#[test]
fn a_tight_budget_trims_the_transcript_before_the_folded_summary() {
    let records: Vec<MessageRecord> = (0..12)
        .flat_map(|i| {
            let at = i * 10;
            [user(&format!("q{i}"), at, &"ask ".repeat(300)), reply(&format!("a{i}"), at + 1, &"tell ".repeat(300))]
        })
        .collect();
    let items = items(&records);
    let earlier = ActiveSummary { text: "Decisions so far: ".to_owned() + &"keep ".repeat(150), ..active("q2", "") };
    let plan = plan(&items, Some(&earlier), &settings(2)).expect("a plan");
    let request = summary_request(&plan, &items, Some(&earlier), 1_500);
    assert!(estimate_request(&request, &[]) <= 1_500);
    assert!(request[1].content.contains(earlier.text.trim()), "the folded summary is whole");
    assert!(request[1].content.contains("more characters trimmed"), "the transcript was cut");
}

#[test]
fn a_boundary_on_a_reply_moves_back_to_its_question() {
    let items = items(&plain(5));
    let history = request_history(&items, Some(&active("a3", "Earlier.")));
    let texts: Vec<&str> = history.iter().map(|m| m.content.as_str()).collect();
    assert_eq!(texts[2..], ["Question 3?", "Answer 3.", "Question 4?", "Answer 4."]);
    assert_alternates(&history);
    assert_eq!(request_history(&items, Some(&active("a0", "x"))).len(), 10, "nothing left to replace");
    assert_eq!(request_history(&items, Some(&active("gone", "x"))).len(), 10, "a deleted boundary: no summary");
}

#[test]
fn the_history_with_a_summary_is_never_larger_than_without() {
    let long = "A very long summary sentence that goes on. ".repeat(400);
    for turns in 2..8 {
        let records = plain(turns);
        let items = items(&records);
        for keep in 1..3 {
            let Some(plan) = plan(&items, None, &settings(keep)) else { continue };
            let limit = summary_limit(&plan, &items, None, 4_096);
            let text = fit_summary(&long, limit);
            let without = estimate_request(&request_history(&items, None), &[]);
            if text.is_empty() {
                assert!(limit < estimate_tokens(SUMMARY_CUT_NOTE) + 1, "only an empty room refuses");
                continue;
            }
            let summary = ActiveSummary { text, ..active(&plan.boundary_id, "") };
            let with = estimate_request(&request_history(&items, Some(&summary)), &[]);
            assert!(with <= without, "{turns} turns, keep {keep}: {with} > {without}");
        }
    }
    // Folding: the new summary is never larger than the old one with the turns it adds.
    let items = items(&plain(8));
    let first = active("q3", &"Earlier facts. ".repeat(50));
    let plan = plan(&items, Some(&first), &settings(2)).expect("a plan");
    let limit = summary_limit(&plan, &items, Some(&first), 4_096);
    let summary = ActiveSummary { text: fit_summary(&long, limit), ..active(&plan.boundary_id, "") };
    let before = estimate_request(&request_history(&items, Some(&first)), &[]);
    let after = estimate_request(&request_history(&items, Some(&summary)), &[]);
    assert!(after <= before, "{after} > {before}");
    assert!(limit < 4_096, "capped by what it replaces, not the room: {limit}");
}

#[test]
fn kept_estimates_are_the_head_and_the_tail() {
    let items = items(&plain(5));
    let plan = plan(&items, None, &settings(1)).expect("a plan");
    let (head, tail) = kept_estimates(&items, &plan);
    let cost = |part: &[HistoryItem]| {
        let messages: Vec<ChatMessage> = part.iter().flat_map(|item| item.messages.clone()).collect();
        estimate_request(&messages, &[]) - 3
    };
    assert_eq!(head, cost(&items[..1]));
    assert_eq!(tail, cost(&items[plan.end..]));
    assert_eq!(head + tail + 3, estimate_request(&request_history(&items[..1], None), &[]) + tail);
}
