//! Tests of the tool loop: rounds, dedupe, immediate errors, results and cancellation.

use serde_json::json;

use super::{
    Invocation, LoopConfig, REPEAT_LIMIT, STOPPED_BY_USER, Step, ToolLoop, ToolOutcome, ToolResult, single_call,
};
use crate::contract::{FinishKind, FinishReason, ProviderError};
use crate::reply::{Reply, ToolCall};
use crate::tools::ToolSpec;

fn tools() -> Vec<ToolSpec> {
    vec![
        ToolSpec {
            name: "weather".into(),
            description: "Forecast for a city.".into(),
            parameters: json!({
                "type": "object",
                "properties": { "city": { "type": "string" }, "days": { "type": "integer", "minimum": 1 } },
                "required": ["city"],
                "additionalProperties": false,
            }),
        },
        ToolSpec { name: "time".into(), description: "The current time.".into(), parameters: json!({}) },
    ]
}

fn reply(calls: &[(&str, &str, &str)], finish: FinishKind) -> Reply {
    Reply {
        tool_calls: calls
            .iter()
            .enumerate()
            .map(|(index, (id, name, arguments))| ToolCall {
                index: u32::try_from(index).ok(),
                id: (*id).into(),
                name: (*name).into(),
                arguments_raw: (*arguments).into(),
            })
            .collect(),
        finish: Some(FinishReason { unified: finish, raw: None }),
        ..Reply::default()
    }
}

fn calls(calls: &[(&str, &str, &str)]) -> Reply {
    reply(calls, FinishKind::ToolCalls)
}

fn answer() -> Reply {
    Reply { text: "It is sunny.".into(), ..reply(&[], FinishKind::Stop) }
}

#[track_caller]
fn run(step: Step) -> Vec<Invocation> {
    match step {
        Step::Run(invocations) => invocations,
        other => panic!("expected Run, got {other:?}"),
    }
}

fn ids(invocations: &[Invocation]) -> Vec<&str> {
    invocations.iter().map(|invocation| invocation.call_id.as_str()).collect()
}

fn result(call_id: &str, name: &str, content: &str, is_error: bool) -> ToolResult {
    ToolResult {
        call_id: call_id.into(),
        name: name.into(),
        content: content.into(),
        is_error,
        media: vec![],
        links: vec![],
    }
}

const OSLO: &str = r#"{"city":"Oslo"}"#;

#[test]
fn a_plain_answer_is_done() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    assert_eq!(tool_loop.on_reply(&answer(), &tools()), Step::Done);
    assert!(tool_loop.is_finished());
    assert_eq!(tool_loop.rounds(), 0);
}

#[test]
fn a_round_runs_its_calls_and_collects_results_in_call_order() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let invocations = run(tool_loop.on_reply(&calls(&[("a", "weather", OSLO), ("b", "time", "")]), &tools()));
    assert_eq!(
        invocations,
        [
            Invocation { call_id: "a".into(), name: "weather".into(), arguments: json!({ "city": "Oslo" }) },
            Invocation { call_id: "b".into(), name: "time".into(), arguments: json!({}) },
        ]
    );
    assert!(!tool_loop.round_complete());
    tool_loop.on_result("b", ToolOutcome::Ok("12:00".into()));
    assert!(!tool_loop.round_complete());
    assert_eq!(tool_loop.results(), [result("b", "time", "12:00", false)]);
    tool_loop.on_result("a", ToolOutcome::Ok("sunny".into()));
    assert!(tool_loop.round_complete());
    assert_eq!(tool_loop.results(), [result("a", "weather", "sunny", false), result("b", "time", "12:00", false)]);
    assert!(!tool_loop.is_finished());
    assert_eq!(tool_loop.rounds(), 1);
    assert_eq!(tool_loop.on_reply(&answer(), &tools()), Step::Done);
    assert!(tool_loop.is_finished());
}

#[test]
fn rounds_stop_at_the_default_limit_of_ten() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    assert_eq!(tool_loop.max_rounds(), 10);
    for round in 1..=10 {
        let id = format!("call-{round}");
        let invocations = run(tool_loop.on_reply(&calls(&[(&id, "time", "")]), &tools()));
        assert_eq!(ids(&invocations), [id.as_str()]);
        tool_loop.on_result(&id, ToolOutcome::Ok("now".into()));
        assert_eq!(tool_loop.rounds(), round);
    }
    assert_eq!(tool_loop.on_reply(&calls(&[("call-11", "time", "")]), &tools()), Step::MaxRounds { rounds: 10 });
    assert!(tool_loop.is_finished());
}

#[test]
fn the_limit_is_clamped() {
    assert_eq!(ToolLoop::new(LoopConfig { max_rounds: 0 }).max_rounds(), 1);
    assert_eq!(ToolLoop::new(LoopConfig { max_rounds: 1000 }).max_rounds(), 100);
    assert_eq!(ToolLoop::new(LoopConfig { max_rounds: 7 }).max_rounds(), 7);
    assert_eq!(LoopConfig::new(0), LoopConfig { max_rounds: 1 });
    assert_eq!(LoopConfig::new(101), LoopConfig { max_rounds: 100 });

    let mut tool_loop = ToolLoop::new(LoopConfig { max_rounds: 0 });
    assert_eq!(run(tool_loop.on_reply(&calls(&[("a", "time", "")]), &tools())).len(), 1);
    assert_eq!(tool_loop.on_reply(&calls(&[("b", "time", "")]), &tools()), Step::MaxRounds { rounds: 1 });
}

#[test]
fn an_answer_after_the_last_allowed_round_is_done() {
    let mut tool_loop = ToolLoop::new(LoopConfig::new(1));
    run(tool_loop.on_reply(&calls(&[("a", "time", "")]), &tools()));
    assert_eq!(tool_loop.on_reply(&answer(), &tools()), Step::Done);
}

#[test]
fn identical_calls_in_a_round_run_once_and_share_the_outcome() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let same_keys_other_order = r#"{ "days": 2, "city": "Oslo" }"#;
    let invocations = run(tool_loop.on_reply(
        &calls(&[
            ("a", "weather", r#"{"city":"Oslo","days":2}"#),
            ("b", "weather", OSLO),
            ("c", "weather", same_keys_other_order),
            ("d", "time", OSLO),
        ]),
        &tools(),
    ));
    assert_eq!(ids(&invocations), ["a", "b", "d"]);
    tool_loop.on_result("a", ToolOutcome::Ok("rain".into()));
    tool_loop.on_result("b", ToolOutcome::Ok("sun".into()));
    assert!(!tool_loop.round_complete(), "d still runs");
    assert_eq!(
        tool_loop.results(),
        [
            result("a", "weather", "rain", false),
            result("b", "weather", "sun", false),
            result("c", "weather", "rain", false),
        ]
    );
    tool_loop.on_result("c", ToolOutcome::Ok("ignored: c was not run".into()));
    tool_loop.on_result("d", ToolOutcome::Err("no clock".into()));
    assert!(tool_loop.round_complete());
    assert_eq!(tool_loop.results()[2], result("c", "weather", "rain", false));
    assert_eq!(tool_loop.results()[3], result("d", "time", "no clock", true));
}

#[test]
fn dedupe_does_not_cross_rounds() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    assert_eq!(ids(&run(tool_loop.on_reply(&calls(&[("a", "weather", OSLO)]), &tools()))), ["a"]);
    tool_loop.on_result("a", ToolOutcome::Ok("sun".into()));
    assert_eq!(ids(&run(tool_loop.on_reply(&calls(&[("b", "weather", OSLO)]), &tools()))), ["b"]);
    assert!(!tool_loop.round_complete());
    assert!(tool_loop.results().is_empty(), "the first round's results are gone");
}

#[test]
fn an_unknown_tool_gets_an_error_without_running() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let invocations = run(tool_loop.on_reply(&calls(&[("a", "search", "{}"), ("b", "time", "")]), &tools()));
    assert_eq!(ids(&invocations), ["b"]);
    assert_eq!(
        tool_loop.results(),
        [result("a", "search", r#"Unknown tool "search". Available tools: weather, time."#, true)]
    );
    assert_eq!(
        run(ToolLoop::new(LoopConfig::default()).on_reply(&calls(&[("a", "time", "")]), &[])),
        [],
        "no tools at all"
    );
}

#[test]
fn arguments_that_are_not_json_get_an_error() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    assert_eq!(run(tool_loop.on_reply(&calls(&[("a", "weather", r#"{"city":"Os"#)]), &tools())), []);
    assert!(tool_loop.round_complete(), "nothing left to run");
    assert_eq!(tool_loop.results(), [result("a", "weather", "The arguments are not valid JSON.", true)]);
    assert!(!tool_loop.is_finished(), "the error goes back to the model");
}

#[test]
fn arguments_failing_the_schema_get_every_error() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let step = tool_loop.on_reply(&calls(&[("a", "weather", r#"{"days":"2","country":"NO"}"#)]), &tools());
    assert_eq!(run(step), []);
    let expected = "The arguments do not match the tool's schema: $.city: required property is missing; \
                    $.country: property is not allowed; $.days: expected integer, got string.";
    assert_eq!(tool_loop.results(), [result("a", "weather", expected, true)]);
}

#[test]
fn invalid_duplicates_each_get_their_error() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    assert_eq!(run(tool_loop.on_reply(&calls(&[("a", "weather", "{}"), ("b", "weather", "{}")]), &tools())), []);
    let results = tool_loop.results();
    assert_eq!(ids_of(&results), ["a", "b"]);
    assert!(results.iter().all(|result| result.is_error && result.content.contains("$.city")));
}

fn ids_of(results: &[ToolResult]) -> Vec<&str> {
    results.iter().map(|result| result.call_id.as_str()).collect()
}

#[test]
fn failures_and_timeouts_go_back_as_errors_and_the_loop_goes_on() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    run(tool_loop.on_reply(&calls(&[("a", "weather", OSLO), ("b", "time", "")]), &tools()));
    tool_loop.on_result("a", ToolOutcome::Err("service unavailable".into()));
    tool_loop.on_result("b", ToolOutcome::TimedOut { after_ms: 30_000 });
    tool_loop.on_result("b", ToolOutcome::Ok("too late".into()));
    assert!(tool_loop.round_complete());
    assert_eq!(
        tool_loop.results(),
        [
            result("a", "weather", "service unavailable", true),
            result("b", "time", "The tool did not answer within 30000 ms", true),
        ]
    );
    assert!(!tool_loop.is_finished());
    assert_eq!(ids(&run(tool_loop.on_reply(&calls(&[("c", "time", "")]), &tools()))), ["c"]);
}

#[test]
fn results_for_unknown_ids_are_ignored() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    run(tool_loop.on_reply(&calls(&[("a", "time", "")]), &tools()));
    tool_loop.on_result("zzz", ToolOutcome::Ok("?".into()));
    assert!(tool_loop.results().is_empty());
    assert!(!tool_loop.round_complete());
}

#[test]
fn cancelling_mid_round_stops_the_unfinished_calls() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    run(tool_loop.on_reply(
        &calls(&[("a", "weather", OSLO), ("b", "time", ""), ("c", "weather", OSLO), ("d", "nope", "")]),
        &tools(),
    ));
    tool_loop.on_result("b", ToolOutcome::Ok("12:00".into()));
    tool_loop.cancel();
    assert!(tool_loop.is_finished());
    assert!(tool_loop.round_complete());
    let results = tool_loop.results();
    assert_eq!(results[0], result("a", "weather", STOPPED_BY_USER, true));
    assert_eq!(results[1], result("b", "time", "12:00", false));
    assert_eq!(results[2], result("c", "weather", STOPPED_BY_USER, true));
    assert!(results[3].content.starts_with("Unknown tool"));
    tool_loop.on_result("a", ToolOutcome::Ok("late".into()));
    assert_eq!(tool_loop.results()[0].content, STOPPED_BY_USER);
    assert_eq!(tool_loop.on_reply(&calls(&[("e", "time", "")]), &tools()), Step::Done);
}

#[test]
fn tool_calls_finish_without_calls_is_done() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    assert_eq!(tool_loop.on_reply(&calls(&[]), &tools()), Step::Done);
    assert_eq!(tool_loop.rounds(), 0);
}

#[test]
fn calls_win_over_a_stop_finish() {
    for finish in [FinishKind::Stop, FinishKind::Other] {
        let mut tool_loop = ToolLoop::new(LoopConfig::default());
        assert_eq!(ids(&run(tool_loop.on_reply(&reply(&[("a", "time", "")], finish), &tools()))), ["a"]);
    }
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let no_finish = Reply { finish: None, ..calls(&[("a", "time", "")]) };
    assert_eq!(ids(&run(tool_loop.on_reply(&no_finish, &tools()))), ["a"]);
}

#[test]
fn a_reply_cut_by_the_token_limit_runs_nothing() {
    // Its last call's arguments may be half written (Anthropic cut in a tool_use
    // block): no call of it runs, even one whose arguments happen to be JSON.
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let cut = reply(&[("a", "time", "{}"), ("b", "weather", r#"{"city": "Par"#)], FinishKind::Length);
    assert_eq!(tool_loop.on_reply(&cut, &tools()), Step::Done);
    assert_eq!(tool_loop.rounds(), 0);
    assert!(tool_loop.results().is_empty());
}

#[test]
fn a_call_without_a_name_gets_an_error_and_never_runs() {
    // `time` takes any arguments, so only the missing name can stop these.
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let nameless = calls(&[("a", "", "{}"), ("b", "  ", "{}"), ("c", "time", "{}")]);
    assert_eq!(ids(&run(tool_loop.on_reply(&nameless, &tools()))), ["c"]);
    let results = tool_loop.results();
    assert_eq!(results.len(), 2);
    for result in &results {
        assert!(result.is_error);
        assert!(result.content.contains("no tool name"), "{}", result.content);
    }
    assert_eq!(results.iter().map(|r| r.call_id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
}

#[test]
fn a_failed_reply_runs_nothing() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let failed =
        Reply { error: Some(ProviderError::in_stream("overloaded".into(), None)), ..calls(&[("a", "time", "")]) };
    assert_eq!(tool_loop.on_reply(&failed, &tools()), Step::Done);
    assert!(tool_loop.is_finished());
}

#[test]
fn empty_and_repeated_ids_are_replaced() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let invocations = run(tool_loop.on_reply(
        &calls(&[("", "time", ""), ("x", "weather", OSLO), ("x", "weather", r#"{"city":"Rome"}"#)]),
        &tools(),
    ));
    assert_eq!(ids(&invocations), ["hearth-call-1-0", "x", "hearth-call-1-2"]);
    tool_loop.on_result("x", ToolOutcome::Ok("sun".into()));
    tool_loop.on_result("hearth-call-1-2", ToolOutcome::Ok("hot".into()));
    tool_loop.on_result("hearth-call-1-0", ToolOutcome::Ok("noon".into()));
    assert_eq!(
        tool_loop.results(),
        [
            result("hearth-call-1-0", "time", "noon", false),
            result("x", "weather", "sun", false),
            result("hearth-call-1-2", "weather", "hot", false),
        ]
    );
}

/// Runs one round of `reply` whose calls all fail with `error` (those that run),
/// and returns the round's results.
fn failing_round(tool_loop: &mut ToolLoop, reply: &Reply, error: &str) -> Vec<ToolResult> {
    for invocation in run(tool_loop.on_reply(reply, &tools())) {
        tool_loop.on_result(&invocation.call_id, ToolOutcome::Err(error.into()));
    }
    assert!(tool_loop.round_complete());
    tool_loop.results()
}

#[test]
fn a_switched_off_tool_is_named_as_such_not_unknown() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default()).switched_off(vec!["fetch_url".into()]);
    let reply = calls(&[("a", "fetch_url", r#"{"url":"https://example.com"}"#), ("b", "nothing_here", "{}")]);
    assert_eq!(run(tool_loop.on_reply(&reply, &tools())), []);
    let results = tool_loop.results();
    assert_eq!(
        results[0].content,
        "The tool \"fetch_url\" is switched off for this agent, so it was not run. Do not call it again; answer \
         without it (the user can switch it on). Available tools: weather, time."
    );
    assert!(results[0].is_error);
    assert_eq!(results[1].content, r#"Unknown tool "nothing_here". Available tools: weather, time."#);
}

#[test]
fn a_call_that_failed_in_each_of_the_last_rounds_ends_the_loop_when_asked_again() {
    assert_eq!(REPEAT_LIMIT, 2);
    let mut tool_loop = ToolLoop::new(LoopConfig::default()).switched_off(vec!["fetch_url".into()]);
    let off = |id: &str| calls(&[(id, "fetch_url", r#"{"url":"https://example.com","n":1}"#)]);
    // Keys in another order are the same arguments.
    let same = calls(&[("c", "fetch_url", r#"{"n":1,"url":"https://example.com"}"#)]);
    failing_round(&mut tool_loop, &off("a"), "");
    failing_round(&mut tool_loop, &off("b"), "");
    assert_eq!(tool_loop.rounds(), 2);
    assert_eq!(tool_loop.on_reply(&same, &tools()), Step::Repeated { tool: "fetch_url".into(), times: 3 });
    assert!(tool_loop.is_finished());
    assert_eq!(tool_loop.rounds(), 2, "the repeated call is not a round: nothing ran");
    assert_eq!(tool_loop.on_reply(&off("d"), &tools()), Step::Done);
}

#[test]
fn a_tool_that_keeps_failing_when_run_ends_the_loop_too() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let oslo = |id: &str| calls(&[(id, "weather", OSLO)]);
    let results = failing_round(&mut tool_loop, &oslo("a"), "no network");
    assert_eq!(results, [result("a", "weather", "no network", true)]);
    failing_round(&mut tool_loop, &oslo("b"), "no network");
    assert_eq!(tool_loop.on_reply(&oslo("c"), &tools()), Step::Repeated { tool: "weather".into(), times: 3 });
}

#[test]
fn different_arguments_a_success_or_a_new_call_keep_the_loop_going() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let city = |id: &str, city: &str| calls(&[(id, "weather", &format!(r#"{{"city":"{city}"}}"#))]);
    failing_round(&mut tool_loop, &city("a", "Oslo"), "no");
    failing_round(&mut tool_loop, &city("b", "Bergen"), "no");
    failing_round(&mut tool_loop, &city("c", "Oslo"), "no");
    failing_round(&mut tool_loop, &city("d", "Oslo"), "no");
    // Two failures in a row now: a third request ends it, unless something else is asked too.
    let mixed = calls(&[("e", "weather", OSLO), ("f", "time", "")]);
    assert_eq!(run(tool_loop.on_reply(&mixed, &tools())).len(), 2, "a new call comes along: the round runs");
    tool_loop.on_result("e", ToolOutcome::Ok("sunny".into()));
    tool_loop.on_result("f", ToolOutcome::Err("broken clock".into()));
    // Oslo worked at last: its streak is over.
    assert_eq!(run(tool_loop.on_reply(&calls(&[("g", "weather", OSLO)]), &tools())).len(), 1);
    tool_loop.on_result("g", ToolOutcome::Err("no".into()));
    assert_eq!(run(tool_loop.on_reply(&calls(&[("h", "weather", OSLO)]), &tools())).len(), 1);
    tool_loop.on_result("h", ToolOutcome::Err("no".into()));
    assert_eq!(
        tool_loop.on_reply(&calls(&[("i", "weather", OSLO)]), &tools()),
        Step::Repeated { tool: "weather".into(), times: 3 }
    );
}

#[test]
fn repeated_bad_arguments_and_unknown_tools_end_the_loop() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    let bad = |id: &str| calls(&[(id, "weather", "{\"city\": "), (id, "ghost", "{}")]);
    failing_round(&mut tool_loop, &bad("a"), "");
    failing_round(&mut tool_loop, &bad("b"), "");
    assert_eq!(tool_loop.on_reply(&bad("c"), &tools()), Step::Repeated { tool: "weather".into(), times: 3 });
}

#[test]
fn a_call_stopped_by_the_user_is_not_counted_after_the_loop_ends() {
    let mut tool_loop = ToolLoop::new(LoopConfig::default());
    assert_eq!(run(tool_loop.on_reply(&calls(&[("a", "time", "")]), &tools())).len(), 1);
    tool_loop.cancel();
    assert_eq!(tool_loop.on_reply(&calls(&[("b", "time", "")]), &tools()), Step::Done);
}

#[test]
fn a_single_call_runs_only_a_known_tool_with_arguments_its_schema_takes() {
    let call = single_call("c1", "weather", r#"{"city":"Oslo"}"#, &tools());
    assert_eq!(
        call,
        Ok(Invocation { call_id: "c1".into(), name: "weather".into(), arguments: json!({ "city": "Oslo" }) })
    );
    let bare = single_call("c2", "time", "", &tools()).map(|call| call.arguments);
    assert_eq!(bare, Ok(json!({})), "no arguments written: an empty object");
    let unknown = single_call("c3", "shell", "{}", &tools()).expect_err("not offered");
    assert!(unknown.starts_with("Unknown tool \"shell\". Available tools: weather, time."), "{unknown}");
    assert_eq!(single_call("c4", "weather", "{city:", &tools()), Err("The arguments are not valid JSON.".to_owned()));
    let wrong = single_call("c5", "weather", r#"{"days":0}"#, &tools()).expect_err("no city");
    assert!(wrong.starts_with("The arguments do not match the tool's schema"), "{wrong}");
}
