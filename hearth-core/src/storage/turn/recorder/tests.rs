//! The recorder driven by recorded provider streams (`test_data/<family>/*.sse`),
//! round by round as the shell drives it.

use std::path::Path;

use super::{Change, TurnRecorder};
use crate::contract::{FinishKind, ProviderError, ProviderErrorKind, ProviderKind, StreamEvent, Usage};
use crate::failure::{ConfigProblem, Failure, FailureKind};
use crate::message::{ChatMessage, MessageToolCall, MessageToolResult, ReasoningPart, Role};
use crate::provider::ResponseDecoder;
use crate::storage::{MessageRecord, MessageState, ReplyEnd, ReplyStatus, ToolResultRecord, turn_messages};
use crate::tools::ToolResult;

/// The events of a recorded body, as the decoder gives them.
fn events(kind: ProviderKind, fixture: &str) -> Vec<StreamEvent> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data").join(fixture);
    let body = std::fs::read(&path).expect("recorded body");
    let mut decoder = ResponseDecoder::new(kind);
    let mut events = decoder.push(&body);
    events.extend(decoder.finish());
    events
}

fn recorder(kind: ProviderKind, question: &str) -> TurnRecorder {
    let mut record = MessageRecord::new("r-1".into(), "s-1".into(), Role::Assistant, 1_000);
    record.provider_kind = Some(kind);
    TurnRecorder::new(record, vec![ChatMessage::new(Role::User, question)])
}

/// Streams a recorded reply into the recorder, returning what a view was told.
fn stream(recorder: &mut TurnRecorder, kind: ProviderKind, fixture: &str) -> Vec<Change> {
    events(kind, fixture).into_iter().map(|event| recorder.apply(event)).collect()
}

fn result(call_id: &str, content: &str) -> ToolResult {
    ToolResult {
        call_id: call_id.into(),
        name: "get_weather".into(),
        content: content.into(),
        is_error: false,
        media: vec![],
        links: vec![],
    }
}

#[test]
fn a_two_round_anthropic_turn() {
    let kind = ProviderKind::Anthropic;
    let mut turn = recorder(kind, "What's the weather in San Francisco?");
    assert_eq!(turn.record().state, MessageState::Streaming);
    assert!(!turn.produced());

    // Round 0: text, then a call; the text turns into the call's commentary.
    let changes = stream(&mut turn, kind, "anthropic/tool_use.sse");
    assert_eq!(changes.iter().filter(|c| **c == Change::CallsStarted).count(), 1, "{changes:?}");
    let first_call = changes.iter().position(|c| *c == Change::CallsStarted).expect("calls");
    let text: String = changes[..first_call]
        .iter()
        .filter_map(|c| if let Change::Text(t) = c { Some(t.as_str()) } else { None })
        .collect();
    assert_eq!(text, "Okay, let's check the weather for San Francisco, CA:");
    assert!(turn.produced());

    let saved = turn.streaming_record(1_500).clone();
    assert_eq!(saved.content, "Okay, let's check the weather for San Francisco, CA:");
    assert_eq!((saved.state, saved.updated_at), (MessageState::Streaming, 1_500));
    assert!(saved.terms.is_empty(), "no search terms while streaming");
    assert_eq!(turn.end_reply(ReplyEnd::Finished), &ReplyStatus::Complete);
    assert!(!turn.commentary_is_answer());

    let id = turn.reply().tool_calls[0].id.clone();
    let between = turn.start_round(vec![id.clone()], 2_000).clone();
    assert_eq!(between.content, "", "the answer so far is commentary");
    assert_eq!(between.tool_calls.len(), 1);
    assert_eq!(between.tool_calls[0].commentary, "Okay, let's check the weather for San Francisco, CA:");
    assert_eq!((between.tool_calls[0].round, between.tool_calls[0].result.as_ref()), (0, None));
    assert_eq!(between.usage, Some(Usage { input: Some(472), output: Some(89), reasoning: None }));
    assert_eq!(turn.round(), 1);

    // The result arrives with its duration; the loop's results keep it.
    turn.record_result(
        &id,
        ToolResultRecord {
            content: "68°F".into(),
            is_error: false,
            duration_ms: Some(12),
            media: vec![crate::message::ToolMedia::returned("image/png", "").stored_as("ab".repeat(32))],
            links: vec![],
            app: None,
        },
    );
    assert_eq!(turn.record().blobs, vec!["ab".repeat(32)], "its image's blob is saved with the record from now on");
    // With a link to a resource (an MCP tool's), kept in the record for the user.
    let link = crate::message::ToolLink { server_id: "s1".into(), uri: "demo://t/2".into(), name: "Text 2".into() };
    let linked = ToolResult { links: vec![link.clone()], ..result(&id, "68°F") };
    let after = turn.record_results(&[linked], &[(id.clone(), 99)], 2_100).clone();
    assert!(after.blobs.is_empty(), "the loop's result has no image: the record refers to no blob");
    assert_eq!(after.tool_calls[0].result.as_ref().and_then(|r| r.duration_ms), Some(12));
    assert_eq!(after.tool_calls[0].result.as_ref().map(|r| r.links.clone()), Some(vec![link]));

    // The next request: the question, the round's call message and its results.
    let history = turn.request_history();
    let expected_call = MessageToolCall {
        id: id.clone(),
        name: "get_weather".into(),
        arguments: "{\"location\": \"San Francisco, CA\", \"unit\": \"fahrenheit\"}".into(),
    };
    let mut call_message = ChatMessage::assistant_with_reasoning(
        "Okay, let's check the weather for San Francisco, CA:",
        Vec::new(),
        Some(kind),
    );
    call_message.tool_calls = vec![expected_call];
    let results = ChatMessage::tool_results(vec![MessageToolResult {
        call_id: id.clone(),
        name: "get_weather".into(),
        content: "68°F".into(),
        is_error: false,
        media: vec![],
    }]);
    assert_eq!(history, [ChatMessage::new(Role::User, "What's the weather in San Francisco?"), call_message, results]);
    assert_eq!(history[1..], after.chat_messages(), "the same as the stored record read back");

    // Round 1: the answer, with reasoning.
    let changes = stream(&mut turn, kind, "anthropic/extended_thinking.sse");
    let reasoning: String =
        changes.iter().filter_map(|c| if let Change::Reasoning(t) = c { Some(t.as_str()) } else { None }).collect();
    assert!(reasoning.starts_with("I need to find the GCD"), "no paragraph break before the first reasoning");
    assert_eq!(turn.end_reply(ReplyEnd::Finished), &ReplyStatus::Complete);
    let status = turn.status().clone();
    let last = turn.finish(status, 3_000).clone();
    assert_eq!(last.content, "The greatest common divisor of 1071 and 462 is **21**.");
    assert_eq!((last.state, last.error.as_ref(), last.updated_at), (MessageState::Complete, None, 3_000));
    assert!(last.terms.contains(&"divisor".to_owned()), "search terms are refreshed: {:?}", last.terms);
    assert_eq!(
        last.usage,
        Some(Usage { input: Some(472), output: Some(89), reasoning: None }),
        "round 1 reported none"
    );
    assert_eq!(last.finish.as_ref().map(|f| f.unified), Some(FinishKind::Stop));
    assert!(last.reasoning_parts.iter().all(|part| part.round == 1) && !last.reasoning_parts.is_empty());
    assert_eq!(last.tool_calls, after.tool_calls, "the calls stay");
    // Read back, the whole turn is the rounds sent, then the answer with its reasoning.
    let read_back = last.chat_messages();
    assert_eq!(read_back[..2], history[1..]);
    assert_eq!(read_back[2].content, last.content);
    assert_eq!(read_back[2].reasoning, last.reasoning_parts);
    assert_eq!(ReplyStatus::of_record(&last), ReplyStatus::Complete);
}

#[test]
fn gemini_rounds_sum_their_usage_and_keep_reasoning_with_its_round() {
    let kind = ProviderKind::Gemini;
    let mut turn = recorder(kind, "Weather in Boston and San Francisco?");
    stream(&mut turn, kind, "gemini/function_calls.sse");
    turn.end_reply(ReplyEnd::Finished);
    let ids: Vec<String> = turn.reply().tool_calls.iter().map(|c| c.id.clone()).collect();
    assert_eq!(ids.len(), 2);
    turn.start_round(ids.clone(), 2_000);
    let results: Vec<_> = ids.iter().map(|id| result(id, "{\"temp\":20}")).collect();
    let between = turn.record_results(&results, &[(ids[0].clone(), 5), (ids[1].clone(), 7)], 2_100).clone();
    let commentary: Vec<&str> = between.tool_calls.iter().map(|c| c.commentary.as_str()).collect();
    assert_eq!(commentary, ["Checking both cities.", ""], "the text is the first call's commentary");
    let durations: Vec<_> = between.tool_calls.iter().map(|c| c.result.as_ref().and_then(|r| r.duration_ms)).collect();
    assert_eq!(durations, [Some(5), Some(7)]);
    assert_eq!(
        turn.request_history()[1..],
        turn_messages("", &between.reasoning_parts, Some(kind), &between.tool_calls)
    );
    let signed: Vec<_> = between.reasoning_parts.iter().map(|p| (p.round, p.signature.is_some())).collect();
    assert_eq!(signed, [(0, true)], "the calls' thought signature is kept with round 0");

    stream(&mut turn, kind, "gemini/thinking.sse");
    let status = turn.end_reply(ReplyEnd::Finished).clone();
    let last = turn.finish(status, 3_000).clone();
    assert_eq!(last.usage, Some(Usage { input: Some(71 + 12), output: Some(34 + 98), reasoning: None }));
    assert_eq!(last.reasoning, "**Analyzing the question**\n\nThe user asks for the sum of 17 and 25. 17 + 25 = 42.");
    let rounds: Vec<u32> = last.reasoning_parts.iter().map(|part| part.round).collect();
    assert_eq!(rounds.first(), Some(&0));
    assert!(rounds[1..].iter().all(|round| *round == 1) && rounds.len() > 1, "{rounds:?}");
    let messages = last.chat_messages();
    assert_eq!(messages.len(), 3);
    assert_eq!(messages[0].reasoning, between.reasoning_parts, "round 0's signature goes back with its calls");
    assert_eq!(messages[2].reasoning, last.reasoning_parts[1..], "the answer carries round 1's reasoning");
}

#[test]
fn reasoning_of_a_later_round_starts_a_new_paragraph() {
    let kind = ProviderKind::Anthropic;
    let mut turn = recorder(kind, "Two steps.");
    turn.apply(StreamEvent::ReasoningDelta("First I look it up.".into()));
    turn.apply(StreamEvent::ReasoningSignature("sig-0".into()));
    turn.apply(StreamEvent::ToolCallDelta {
        index: Some(0),
        id: Some("toolu_1".into()),
        name: Some("lookup".into()),
        arguments: "{}".into(),
    });
    turn.end_reply(ReplyEnd::Finished);
    turn.start_round(vec!["toolu_1".into()], 2_000);
    turn.record_results(&[result("toolu_1", "found")], &[], 2_100);
    assert_eq!(
        turn.apply(StreamEvent::ReasoningDelta("Now I answer.".into())),
        Change::Reasoning("\n\nNow I answer.".into())
    );
    let saved = turn.streaming_record(2_200).clone();
    assert_eq!(saved.reasoning, "First I look it up.\n\nNow I answer.");
    let rounds: Vec<u32> = saved.reasoning_parts.iter().map(|part| part.round).collect();
    assert_eq!(rounds, [0, 1]);
    let history = turn.request_history();
    assert_eq!(
        history[1].reasoning,
        [ReasoningPart {
            text: "First I look it up.".into(),
            signature: Some("sig-0".into()),
            ..ReasoningPart::default()
        }],
        "round 0's reasoning goes back with its calls"
    );
}

#[test]
fn a_turn_stopped_while_tools_run_keeps_its_calls() {
    let kind = ProviderKind::OpenAi;
    let mut turn = recorder(kind, "Weather in Paris and Bogotá?");
    let changes = stream(&mut turn, kind, "openai/tool_calls.sse");
    assert_eq!(changes.iter().filter(|c| **c == Change::CallsStarted).count(), 1);
    turn.end_reply(ReplyEnd::Finished);
    let ids: Vec<String> = turn.reply().tool_calls.iter().map(|c| c.id.clone()).collect();
    turn.start_round(ids.clone(), 2_000);
    turn.record_result(
        &ids[0],
        ToolResultRecord {
            content: "sunny".into(),
            is_error: false,
            duration_ms: Some(3),
            media: vec![],
            links: vec![],
            app: None,
        },
    );
    let stopped = turn.finish(ReplyStatus::Stopped, 2_500).clone();
    assert_eq!((stopped.state, stopped.content.as_str()), (MessageState::Stopped, ""));
    assert_eq!(stopped.tool_calls.len(), 2);
    assert!(stopped.tool_calls[1].result.is_none(), "the second call was still running");
    assert_eq!(stopped.tool_calls.iter().map(|c| c.commentary.as_str()).collect::<Vec<_>>(), ["", ""]);
    assert_eq!(ReplyStatus::of_record(&stopped), ReplyStatus::Stopped);
}

#[test]
fn a_reply_cut_in_its_call_keeps_its_text_as_the_answer() {
    let kind = ProviderKind::Anthropic;
    let mut turn = recorder(kind, "Write a tax guide to taxes.txt.");
    stream(&mut turn, kind, "anthropic/max_tokens_in_tool_call.sse");
    assert_eq!(turn.end_reply(ReplyEnd::Finished), &ReplyStatus::Cut(FinishKind::Length));
    assert!(turn.commentary_is_answer(), "its call will not run, so its text is the answer");
    let status = turn.status().clone();
    let last = turn.finish(status, 2_000).clone();
    assert!(last.content.starts_with("I'll create a comprehensive tax guide"));
    assert!(last.tool_calls.is_empty(), "a call that did not run is not recorded");
    assert_eq!(last.state, MessageState::Complete);
    assert_eq!(ReplyStatus::of_record(&last), ReplyStatus::Cut(FinishKind::Length));
    assert_eq!(turn.request_history().len(), 1, "no round to send");
}

#[test]
fn failed_replies_store_their_failure() {
    // An error inside the stream, after some text.
    let kind = ProviderKind::Anthropic;
    let mut turn = recorder(kind, "Tell me a story.");
    stream(&mut turn, kind, "anthropic/in_stream_error.sse");
    let status = turn.end_reply(ReplyEnd::Finished).clone();
    let ReplyStatus::Failed(failure) = &status else { panic!("failed, not {status:?}") };
    assert_eq!(failure.kind, FailureKind::Provider(ProviderErrorKind::Server));
    let last = turn.finish(status.clone(), 2_000).clone();
    assert_eq!(last.state, MessageState::Failed);
    let error = last.error.clone().expect("an error record");
    assert_eq!(error.kind, "server");
    assert_eq!(ReplyStatus::of_record(&last), status, "read back as it was");

    // An HTTP error: status and wait are kept.
    let mut turn = recorder(kind, "Hello?");
    let limited = ProviderError::from_status(429, "Slow down".into(), Some("rate_limit_error".into()), Some(7));
    let status = turn.end_reply(ReplyEnd::Failed(limited)).clone();
    let last = turn.finish(status, 2_000).clone();
    let error = last.error.clone().expect("an error record");
    assert_eq!((error.kind.as_str(), error.status, error.retry_after_secs), ("rate_limit", Some(429), Some(7)));
    assert_eq!(error.code.as_deref(), Some("rate_limit_error"));

    // A set-up problem before any request.
    let mut turn = recorder(kind, "Hello?");
    let problem = ConfigProblem::MissingModel { provider: "Anthropic".into() };
    let last = turn.finish(ReplyStatus::Failed(Failure::config(problem.clone())), 1_000).clone();
    assert_eq!((last.state, last.content.as_str()), (MessageState::Failed, ""));
    assert_eq!(last.error.as_ref().and_then(|e| e.config.clone()), Some(problem));

    // Stopped before anything arrived.
    let mut turn = recorder(kind, "Hello?");
    assert_eq!(turn.end_reply(ReplyEnd::Stopped), &ReplyStatus::Stopped);
}

#[test]
fn statuses_map_to_stored_states_and_back() {
    let statuses = [
        ReplyStatus::Streaming,
        ReplyStatus::Complete,
        ReplyStatus::Stopped,
        ReplyStatus::Incomplete,
        ReplyStatus::Interrupted,
        ReplyStatus::Failed(Failure::tool_rounds(3)),
    ];
    for status in statuses {
        let mut record = MessageRecord::new("r".into(), "s".into(), Role::Assistant, 1);
        record.state = status.state();
        record.error = status.error_record();
        assert_eq!(ReplyStatus::of_record(&record), status);
    }
    let finished = |unified| ReplyStatus::of_finish(&crate::contract::FinishReason { unified, raw: None });
    assert_eq!(finished(FinishKind::Stop), ReplyStatus::Complete);
    assert_eq!(finished(FinishKind::ToolCalls), ReplyStatus::Complete);
    assert_eq!(finished(FinishKind::Other), ReplyStatus::Complete);
    for kind in [FinishKind::Length, FinishKind::ContentFilter, FinishKind::Error] {
        assert_eq!(finished(kind), ReplyStatus::Cut(kind));
    }
    // A reply whose stream ended without a finish reason may be incomplete.
    let mut turn = recorder(ProviderKind::OpenAi, "Hi");
    turn.apply(StreamEvent::TextDelta("Hel".into()));
    assert_eq!(turn.end_reply(ReplyEnd::Finished), &ReplyStatus::Incomplete);
}

#[test]
fn ignored_choices_are_kept_across_rounds_and_skipped_chunks_counted() {
    let kind = ProviderKind::OpenAi;
    let mut turn = recorder(kind, "Weather?");
    stream(&mut turn, kind, "openai/multiple_choices.sse");
    assert_eq!(turn.ignored_choices(), 2);
    turn.end_reply(ReplyEnd::Finished);
    // Were that reply a round, a later reply without extra choices keeps the count.
    turn.start_round(Vec::new(), 2_000);
    stream(&mut turn, kind, "openai/openrouter_crlf_malformed.sse");
    assert_eq!(turn.ignored_choices(), 2);
    assert_eq!(turn.skipped(), 1, "the current reply's unreadable chunk");
    let status = turn.end_reply(ReplyEnd::Finished).clone();
    assert_eq!(turn.finish(status, 3_000).ignored_choices, 2);
}

#[test]
fn the_question_s_attached_files_reach_every_round_of_a_tool_turn() {
    let files = vec![crate::message::AttachedFile { name: "notes.md".into(), content: "Paris: rain.".into() }];
    let question = MessageRecord {
        content: "Weather?".into(),
        files: files.clone(),
        ..MessageRecord::new("u-1".into(), "s-1".into(), Role::User, 900)
    };
    let mut record = MessageRecord::new("r-1".into(), "s-1".into(), Role::Assistant, 1_000);
    record.provider_kind = Some(ProviderKind::Anthropic);
    let mut turn = TurnRecorder::new(record, vec![question.user_chat_message()]);
    assert_eq!(turn.request_history()[0].files, files, "the first request");
    for round in 0..2u32 {
        let id = format!("toolu_{round}");
        turn.apply(StreamEvent::ToolCallDelta {
            index: Some(0),
            id: Some(id.clone()),
            name: Some("lookup".into()),
            arguments: "{}".into(),
        });
        turn.end_reply(ReplyEnd::Finished);
        turn.start_round(vec![id.clone()], 2_000);
        turn.record_results(&[result(&id, "found")], &[], 2_100);
        let history = turn.request_history();
        assert_eq!(history[0].files, files, "round {round}");
        assert_eq!(history[0].content, "Weather?");
        assert!(history[1..].iter().all(|message| message.files.is_empty()));
    }
}

/// An Anthropic answer that searched the web keeps its search, sources and
/// citation marks in the record, and the next request, built from the record
/// with search still on, sends the answer's text only (no server tool blocks).
#[test]
fn a_searched_answer_is_sent_back_as_text() {
    use crate::compaction::HistoryItem;
    use crate::contract::WebSearch;
    use crate::provider::{ModelConfig, Preset, ProviderConfig, build_request};
    let mut recorder = recorder(ProviderKind::Anthropic, "When was Claude Shannon born?");
    stream(&mut recorder, ProviderKind::Anthropic, "anthropic/web_search_citations.sse");
    let record = recorder.finish(ReplyStatus::Complete, 2_000).clone();
    assert_eq!(record.sources.len(), 1);
    assert_eq!(record.server_tools.len(), 1);
    assert_eq!(record.citations.len(), 1);
    let mut messages = vec![ChatMessage::new(Role::User, "When was Claude Shannon born?")];
    messages.extend(HistoryItem::of_record(&record).map(|item| item.messages).unwrap_or_default());
    messages.push(ChatMessage::new(Role::User, "Where did he study?"));
    let provider = ProviderConfig { kind: ProviderKind::Anthropic, preset: Preset::Anthropic, ..Default::default() };
    let model = ModelConfig { web_search: Some(WebSearch::default()), ..ModelConfig::new("claude-sonnet-4-5") };
    let request = build_request(&provider, &model, &messages).expect("built");
    let body: serde_json::Value = serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("JSON");
    assert_eq!(body["messages"][1], serde_json::json!({ "role": "assistant", "content": record.content }));
    assert_eq!(body["messages"].as_array().map(Vec::len), Some(3));
}
