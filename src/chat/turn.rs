//! One assistant turn: a request and its streamed reply (fetch, decode, render
//! once per frame, save at most every few hundred milliseconds), and, while the
//! model asks for tools, rounds of running them in parallel and asking again
//! (`hearth_core::tools::ToolLoop` decides); then the final state is settled.
//!
//! Text the model writes before its tool calls is the calls' commentary: it leaves
//! the answer area when the calls arrive, and the answer shows only the last
//! reply's text.

use std::cell::RefCell;
use std::rc::Rc;

use futures::future::join_all;
use hearth_core::markdown::{SafeHtml, StreamingMarkdown};
use hearth_core::message::{ChatMessage, MessageToolCall, MessageToolResult, ReasoningPart};
use hearth_core::provider::{
    self, FinishKind, HttpRequest, ModelConfig, ProviderConfig, ProviderError, ResponseDecoder, StreamEvent, Usage,
};
use hearth_core::reply::Reply;
use hearth_core::storage::{MessageRecord, SessionRecord, ToolCallRecord, ToolResultRecord};
use hearth_core::tools::{Invocation, LoopConfig, Step, ToolLoop, ToolResult, ToolSpec, UserTool};
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::{AbortController, AbortSignal};

use super::entry::state_of_status;
use super::{AssistantView, Failure, ReplyStatus, SAVE_EVERY_MS};
use crate::io::clock::{elapsed_ms, now, now_ms};
use crate::io::fetch_stream::{FetchFailure, fetch_stream};
use crate::io::frame::on_next_frame;
use crate::io::locks::{hold, streaming_lock};
use crate::io::timer::sleep;
use crate::store::StoreContext;
use crate::tools::ToolsContext;
use crate::tools::approval::approve;
use crate::tools::run::{ToolEnv, run as run_tool};

/// Everything one turn needs.
pub(super) struct TurnSetup {
    pub(super) store: StoreContext,
    pub(super) view: AssistantView,
    /// The reply's record, in the streaming state.
    pub(super) record: MessageRecord,
    pub(super) session: SessionRecord,
    /// The provider and model to ask, or the set-up problem to show instead.
    pub(super) configs: Result<(ProviderConfig, ModelConfig), String>,
    pub(super) history: Vec<ChatMessage>,
    /// `None` when the browser has no AbortController (Stop then does nothing).
    pub(super) controller: Option<AbortController>,
    /// Seconds without any data after which the request is given up.
    pub(super) stall_secs: u32,
    /// The tools offered to the model (none: a plain reply).
    pub(super) tools: Vec<ToolSpec>,
    /// The user's tools, whose code the runner needs.
    pub(super) user_tools: Vec<UserTool>,
    /// The most rounds of tool calls.
    pub(super) max_rounds: u32,
    /// The tool settings, for calls that ask before running.
    pub(super) tool_settings: ToolsContext,
}

/// What earlier rounds of the turn left, kept in the record with the current round.
#[derive(Default, Clone)]
struct Earlier {
    /// Their reasoning text.
    reasoning: String,
    /// Their reasoning parts, each with its round.
    parts: Vec<ReasoningPart>,
    /// Their token usage, summed.
    usage: Option<Usage>,
}

/// What the network, render and save tasks share during one turn.
struct Turn {
    decoder: ResponseDecoder,
    reply: Reply,
    markdown: StreamingMarkdown,
    /// Answer text received since the last frame.
    unrendered: String,
    /// Reasoning text received since the last frame.
    unshown_reasoning: String,
    /// When the first reasoning arrived, until the model moves on to answering.
    thinking_since: Option<f64>,
    /// When the last bytes (or the request) went by, for the stall watchdog.
    last_activity: f64,
    /// Whether any response bytes arrived.
    received: bool,
    /// Set by the watchdog when it gave up on a silent stream.
    stalled: bool,
    /// Whether the reply changed since the last save.
    unsaved: bool,
    /// Whether a render is already asked for at the next frame.
    frame_requested: bool,
    /// Set when the network task is done; the other tasks then exit.
    closed: bool,
    /// The round this reply is (0 for the first request of the turn).
    round: u32,
    /// What earlier rounds left.
    earlier: Earlier,
}

/// Runs the turn to its end and stores the final reply.
pub(super) async fn run(setup: TurnSetup) {
    let TurnSetup {
        store,
        view,
        mut record,
        session,
        configs,
        mut history,
        controller,
        stall_secs,
        tools,
        user_tools,
        max_rounds,
        tool_settings,
    } = setup;
    let _lock = hold(&streaming_lock(&record.id));
    let session = store.save_message(&session, &record).await;
    let (account, model) = match configs {
        Ok(configs) => configs,
        Err(problem) => {
            view.status.set(ReplyStatus::Failed(Failure::config(problem)));
            settle(&mut record, &Reply::new(), 0, &Earlier::default(), &view);
            store.save_message(&session, &record).await;
            return;
        }
    };
    view.origin.set_value(Some(account.kind));
    view.offers_tools.set(!tools.is_empty());
    let signal = controller.as_ref().map(AbortController::signal);
    let env = ToolEnv { store, settings: tool_settings, user_tools, signal: signal.clone() };
    let mut tool_loop = ToolLoop::new(LoopConfig::new(max_rounds));
    let mut earlier = Earlier::default();
    let (reply, status) = loop {
        let round = tool_loop.rounds();
        let request = match provider::build_request_with_tools(&account, &model, &history, &tools) {
            Ok(request) => request,
            // A base URL that is not valid or a key for another origin: nothing is sent.
            Err(refused) => break (Reply::new(), ReplyStatus::Failed(Failure::config(refused.to_string()))),
        };
        let stream = Stream { store, view, record: &record, session: &session, controller: &controller, stall_secs };
        let (reply, status) = stream_reply(stream, &request, account.kind, round, earlier.clone()).await;
        if status != ReplyStatus::Complete {
            break (reply, status);
        }
        let invocations = match tool_loop.on_reply(&reply, &tools) {
            Step::Done => break (reply, status),
            Step::MaxRounds { rounds } => break (reply, ReplyStatus::Failed(Failure::tool_rounds(rounds))),
            Step::Run(invocations) => invocations,
        };
        // The reply asked for tools: its text is the calls' commentary.
        earlier.absorb(&reply, round);
        let round_turn = RoundTurn { store, view, session: &session, env: &env, round };
        let results = run_round(round_turn, &mut record, &mut tool_loop, &reply, invocations, &earlier).await;
        if signal.as_ref().is_some_and(AbortSignal::aborted) {
            break (Reply::new(), ReplyStatus::Stopped);
        }
        history.push(view.calls.with_untracked(|calls| round_message(&reply, calls, round, account.kind)));
        history.push(ChatMessage::tool_results(results.into_iter().map(MessageToolResult::from).collect()));
    };
    view.text.set_value(reply.text.clone());
    view.skipped.set(reply.malformed.len());
    view.status.set(status);
    settle(&mut record, &reply, tool_loop.rounds(), &earlier, &view);
    // The whole turn's reasoning and usage, as stored.
    view.reasoning_parts.set_value(record.reasoning_parts.clone());
    view.usage.set(record.usage);
    store.save_message(&session, &record).await;
}

/// What running one round of tools needs from the turn.
struct RoundTurn<'a> {
    store: StoreContext,
    view: AssistantView,
    session: &'a SessionRecord,
    env: &'a ToolEnv,
    round: u32,
}

/// Runs the calls of a round in parallel, showing each result as it arrives and
/// storing the round before and after; returns the results for the model (every
/// call answered, "Stopped by the user" for those Stop cut short).
async fn run_round(
    turn: RoundTurn<'_>,
    record: &mut MessageRecord,
    tool_loop: &mut ToolLoop,
    reply: &Reply,
    invocations: Vec<Invocation>,
    earlier: &Earlier,
) -> Vec<ToolResult> {
    let RoundTurn { store, view, session, env, round } = turn;
    let calls = reply.tool_calls.iter().zip(tool_loop.call_ids()).enumerate().map(|(at, (call, id))| ToolCallRecord {
        id,
        name: call.name.clone(),
        arguments_raw: call.arguments_raw.clone(),
        commentary: if at == 0 { reply.text.trim().to_owned() } else { String::new() },
        result: None,
        round,
    });
    view.calls.update(|all| all.extend(calls));
    // Calls refused at once (unknown tool, bad arguments) already have results.
    record_results(view, round, &tool_loop.results(), &[]);
    clear_answer(view);
    settle_progress(record, earlier, &view);
    store.save_message(session, record).await;

    let message_id = record.id.clone();
    let message_id = message_id.as_str();
    let runs = invocations.iter().map(|invocation| async move {
        // A call that needs the user's approval waits for it (the others run
        // meanwhile); a denied or stopped one gets its error result instead.
        let approved = approve(invocation, env, message_id, round).await;
        let started = now_ms();
        let outcome = match approved {
            Ok(()) => run_tool(invocation, env).await,
            Err(refused) => refused,
        };
        let duration = elapsed_ms(started);
        let (content, is_error) = outcome.clone().into_content();
        // Shown as soon as this call is done, while others still run.
        set_result(
            view,
            round,
            &invocation.call_id,
            ToolResultRecord { content, is_error, duration_ms: Some(duration) },
        );
        (invocation.call_id.clone(), outcome, duration)
    });
    let outcomes = join_all(runs).await;
    let durations: Vec<(String, u64)> = outcomes.iter().map(|(id, _, ms)| (id.clone(), *ms)).collect();
    for (call_id, outcome, _) in outcomes {
        tool_loop.on_result(&call_id, outcome);
    }
    if env.signal.as_ref().is_some_and(AbortSignal::aborted) {
        tool_loop.cancel();
    }
    let results = tool_loop.results();
    record_results(view, round, &results, &durations);
    settle_progress(record, earlier, &view);
    store.save_message(session, record).await;
    results
}

/// Reasoning parts of the reply of `round`, marked with it.
fn in_round(parts: &[ReasoningPart], round: u32) -> impl Iterator<Item = ReasoningPart> + '_ {
    parts.iter().map(move |part| ReasoningPart { round, ..part.clone() })
}

/// The assistant message of a round that asked for tools, as sent back; `calls`
/// are the turn's calls so far, of which those of `round` are sent.
fn round_message(
    reply: &Reply,
    calls: &[ToolCallRecord],
    round: u32,
    origin: hearth_core::provider::ProviderKind,
) -> ChatMessage {
    let parts = in_round(&reply.reasoning_parts, round).collect();
    let mut message = ChatMessage::assistant_with_reasoning(reply.text.trim(), parts, Some(origin));
    message.tool_calls = calls
        .iter()
        .filter(|call| call.round == round)
        .map(|call| MessageToolCall {
            id: call.id.clone(),
            name: call.name.clone(),
            arguments: call.arguments_raw.clone(),
        })
        .collect();
    message
}

/// Puts the loop's results into the round's calls (keeping durations already
/// measured, or taking them from `durations`).
fn record_results(view: AssistantView, round: u32, results: &[ToolResult], durations: &[(String, u64)]) {
    view.calls.update(|calls| {
        for result in results {
            let Some(call) = calls.iter_mut().find(|c| c.round == round && c.id == result.call_id) else { continue };
            let measured = call.result.as_ref().and_then(|r| r.duration_ms);
            let duration =
                measured.or_else(|| durations.iter().find(|(id, _)| *id == result.call_id).map(|(_, ms)| *ms));
            call.result = Some(ToolResultRecord {
                content: result.content.clone(),
                is_error: result.is_error,
                duration_ms: duration,
            });
        }
    });
}

fn set_result(view: AssistantView, round: u32, call_id: &str, result: ToolResultRecord) {
    view.calls.update(|calls| {
        if let Some(call) = calls.iter_mut().find(|c| c.round == round && c.id == call_id) {
            call.result = Some(result);
        }
    });
}

/// Empties the answer area (its text became commentary).
fn clear_answer(view: AssistantView) {
    view.blocks.clear();
    view.tail.set(SafeHtml::default());
}

fn sum_usage(a: Option<Usage>, b: Option<Usage>) -> Option<Usage> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Usage { input: add(a.input, b.input), output: add(a.output, b.output) }),
        (a, b) => a.or(b),
    }
}

fn add(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.saturating_add(b)),
        (a, b) => a.or(b),
    }
}

impl Earlier {
    /// Takes in a finished round's reasoning and usage.
    fn absorb(&mut self, reply: &Reply, round: u32) {
        if !reply.reasoning.is_empty() {
            if !self.reasoning.is_empty() {
                self.reasoning.push_str("\n\n");
            }
            self.reasoning.push_str(&reply.reasoning);
        }
        self.parts.extend(in_round(&reply.reasoning_parts, round));
        self.usage = sum_usage(self.usage, reply.usage);
    }
}

/// What streaming one reply needs from the turn.
struct Stream<'a> {
    store: StoreContext,
    view: AssistantView,
    record: &'a MessageRecord,
    session: &'a SessionRecord,
    controller: &'a Option<AbortController>,
    stall_secs: u32,
}

/// Streams one reply into the view, saving it as it grows, and says how it ended.
async fn stream_reply(
    stream: Stream<'_>,
    request: &HttpRequest,
    kind: hearth_core::provider::ProviderKind,
    round: u32,
    earlier: Earlier,
) -> (Reply, ReplyStatus) {
    let Stream { store, view, record, session, controller, stall_secs } = stream;
    let turn = Rc::new(RefCell::new(Turn {
        decoder: ResponseDecoder::new(kind),
        reply: Reply::new(),
        markdown: StreamingMarkdown::new(),
        unrendered: String::new(),
        unshown_reasoning: String::new(),
        thinking_since: None,
        last_activity: now_ms(),
        received: false,
        stalled: false,
        unsaved: false,
        frame_requested: false,
        closed: false,
        round,
        earlier,
    }));
    spawn_local(save_while_streaming(store, Rc::clone(&turn), record.clone(), session.clone(), view));
    if let Some(controller) = controller {
        spawn_local(watch_for_stall(Rc::clone(&turn), controller.clone(), stall_secs));
    }
    let signal = controller.as_ref().map(AbortController::signal);
    let result = fetch_stream(request, signal.as_ref(), |bytes| {
        let mut guard = turn.borrow_mut();
        guard.last_activity = now_ms();
        guard.received = true;
        let events = guard.decoder.push(bytes);
        guard.absorb(events, view);
        let waiting = !guard.unrendered.is_empty() || !guard.unshown_reasoning.is_empty();
        if waiting && !guard.frame_requested {
            guard.frame_requested = true;
            render_at_next_frame(Rc::clone(&turn), view);
        }
    })
    .await;
    let mut turn = turn.borrow_mut();
    let events = turn.decoder.finish();
    turn.absorb(events, view);
    turn.closed = true;
    let failed = |error: &ProviderError| ReplyStatus::Failed(Failure::from_error(error));
    let status = match result {
        Ok(()) => status_of(&turn.reply),
        Err(FetchFailure::Aborted) if turn.stalled => failed(&ProviderError::stalled(u64::from(stall_secs))),
        Err(FetchFailure::Aborted) => ReplyStatus::Stopped,
        Err(FetchFailure::Network(detail)) if turn.received => failed(&connection_lost(&request.url, &detail)),
        Err(FetchFailure::Network(detail)) => failed(&ProviderError::network(&request.url, detail)),
        Err(FetchFailure::Status { status, body, retry_after_secs }) => {
            failed(&provider::parse_error_body(kind, status, &body, retry_after_secs))
        }
    };
    if !turn.reply.tool_calls.is_empty() && status != ReplyStatus::Complete {
        // Its calls will not run (cut by the token limit, failed, stopped), so
        // the text they cleared is the answer after all, not commentary.
        turn.markdown = StreamingMarkdown::new();
        turn.unrendered = turn.reply.text.clone();
    }
    turn.end_thinking(view);
    turn.flush(view);
    show_final(&turn.markdown, view);
    (std::mem::take(&mut turn.reply), status)
}

/// A connection that broke after the answer had started: not a CORS or address
/// problem, so the advice for a request that never got through would mislead.
fn connection_lost(url: &str, detail: &str) -> ProviderError {
    let mut error = ProviderError::network(url, detail.to_owned());
    error.message = format!(
        "The connection broke before the answer finished ({detail}). What arrived is kept; retry to ask again."
    );
    error
}

/// Gives up on a request that sent nothing for `secs` seconds: before the
/// response started, or in the middle of it. Checks about once a second.
async fn watch_for_stall(turn: Rc<RefCell<Turn>>, controller: AbortController, secs: u32) {
    let limit = f64::from(secs) * 1000.0;
    loop {
        sleep(1000.min(i32::try_from(secs.saturating_mul(1000)).unwrap_or(i32::MAX))).await;
        let mut turn = turn.borrow_mut();
        if turn.closed {
            return;
        }
        if now_ms() - turn.last_activity >= limit {
            turn.stalled = true;
            controller.abort();
            return;
        }
    }
}

/// Replaces the streamed pieces by one whole rendering when that differs: what
/// only the whole document knows (a link defined at its end) changes the result.
fn show_final(markdown: &StreamingMarkdown, view: AssistantView) {
    let finished = markdown.finish();
    let mut streamed = view.blocks.concat();
    view.tail.with_untracked(|tail| streamed.push_str(tail.as_str()));
    if streamed != finished.as_str() {
        view.blocks.clear();
        view.tail.set(finished);
    }
}

/// Copies the reply (of `round`) and its final status into the record, with its
/// search terms.
fn settle(record: &mut MessageRecord, reply: &Reply, round: u32, earlier: &Earlier, view: &AssistantView) {
    fill(record, reply, round, earlier, view);
    record.refresh_terms();
    let (state, error) = view.status.with_untracked(state_of_status);
    record.state = state;
    record.error = error;
}

/// Copies the calls and earlier rounds into the record between rounds (the
/// answer so far is commentary, so the content is empty).
fn settle_progress(record: &mut MessageRecord, earlier: &Earlier, view: &AssistantView) {
    fill(record, &Reply::new(), 0, earlier, view);
}

/// Copies what the turn holds so far into the record: the current reply (of
/// `round`), the earlier rounds' reasoning and usage, and the tool calls. Search terms are left
/// for the final write: recomputing them for the whole text on every save while
/// it streams would make each save cost more as the answer grows.
fn fill(record: &mut MessageRecord, reply: &Reply, round: u32, earlier: &Earlier, view: &AssistantView) {
    record.content.clone_from(&reply.text);
    record.reasoning.clone_from(&earlier.reasoning);
    if !reply.reasoning.is_empty() {
        if !record.reasoning.is_empty() {
            record.reasoning.push_str("\n\n");
        }
        record.reasoning.push_str(&reply.reasoning);
    }
    record.reasoning_parts.clone_from(&earlier.parts);
    record.reasoning_parts.extend(in_round(&reply.reasoning_parts, round));
    record.usage = sum_usage(earlier.usage, reply.usage);
    record.finish.clone_from(&reply.finish);
    // Kept across the rounds of a turn: a later round's fresh reply has none yet.
    record.ignored_choices = record.ignored_choices.max(reply.ignored_choices);
    view.calls.with_untracked(|calls| record.tool_calls.clone_from(calls));
    record.updated_at = now().max(record.created_at);
}

impl Turn {
    fn absorb(&mut self, events: Vec<StreamEvent>, view: AssistantView) {
        for event in events {
            let substantial = match &event {
                StreamEvent::TextDelta(text) | StreamEvent::ReasoningDelta(text) => !text.trim().is_empty(),
                StreamEvent::ToolCallDelta { .. } => true,
                _ => false,
            };
            if substantial && !view.produced.get_untracked() {
                // From now on this reply stands in for the version it regenerates.
                view.produced.set(true);
            }
            match &event {
                StreamEvent::TextDelta(text) => {
                    self.end_thinking(view);
                    self.unrendered.push_str(text);
                }
                StreamEvent::ReasoningDelta(text) => {
                    if self.reply.reasoning.is_empty() && !self.earlier.reasoning.is_empty() {
                        // A later round's reasoning starts a new paragraph, as stored.
                        self.unshown_reasoning.push_str("\n\n");
                    }
                    self.thinking_since.get_or_insert_with(now_ms);
                    self.unshown_reasoning.push_str(text);
                }
                StreamEvent::IgnoredChoice(_) => {
                    let ignored = self.reply.ignored_choices.saturating_add(1);
                    view.ignored_choices.update(|shown| *shown = (*shown).max(ignored));
                }
                StreamEvent::ToolCallDelta { .. } => {
                    self.end_thinking(view);
                    if self.reply.tool_calls.is_empty() {
                        // The text so far is this call's commentary, not the answer.
                        self.markdown = StreamingMarkdown::new();
                        self.unrendered.clear();
                        clear_answer(view);
                    }
                }
                _ => {}
            }
            self.reply.apply(event);
            self.unsaved = true;
        }
    }

    /// Notes how long the model thought, once it moves on.
    fn end_thinking(&mut self, view: AssistantView) {
        if let Some(since) = self.thinking_since.take() {
            view.thinking_ms.set(Some(elapsed_ms(since)));
        }
    }

    /// Shows the text and reasoning that arrived since the last flush.
    fn flush(&mut self, view: AssistantView) {
        if !self.unshown_reasoning.is_empty() {
            let reasoning = std::mem::take(&mut self.unshown_reasoning);
            view.reasoning.update(|shown| shown.push_str(&reasoning));
        }
        if self.unrendered.is_empty() {
            return;
        }
        let update = self.markdown.push(&std::mem::take(&mut self.unrendered));
        view.blocks.append(update.new_blocks);
        view.tail.set(update.tail);
    }
}

/// Renders what arrived by the next frame. Asked for only when text is waiting,
/// so a slow stream wakes the page once per chunk, a fast one once per frame, and
/// a pause not at all.
fn render_at_next_frame(turn: Rc<RefCell<Turn>>, view: AssistantView) {
    on_next_frame(move || {
        let mut turn = turn.borrow_mut();
        turn.frame_requested = false;
        if !turn.closed {
            turn.flush(view);
        }
    });
}

/// Writes the growing reply every [`SAVE_EVERY_MS`] while it changes. Each write
/// is one message record plus the session's metadata.
async fn save_while_streaming(
    store: StoreContext,
    turn: Rc<RefCell<Turn>>,
    mut record: MessageRecord,
    session: SessionRecord,
    view: AssistantView,
) {
    loop {
        sleep(SAVE_EVERY_MS).await;
        {
            let mut turn = turn.borrow_mut();
            if turn.closed {
                return;
            }
            if !turn.unsaved {
                continue;
            }
            turn.unsaved = false;
            fill(&mut record, &turn.reply, turn.round, &turn.earlier, &view);
        }
        store.save_message(&session, &record).await;
    }
}

/// The status of a reply whose stream ended on its own.
fn status_of(reply: &Reply) -> ReplyStatus {
    if let Some(error) = &reply.error {
        return ReplyStatus::Failed(Failure::from_error(error));
    }
    match reply.finish.as_ref().map(|finish| finish.unified) {
        None => ReplyStatus::Incomplete,
        Some(FinishKind::Stop | FinishKind::ToolCalls | FinishKind::Other) => ReplyStatus::Complete,
        Some(kind @ (FinishKind::Length | FinishKind::ContentFilter | FinishKind::Error)) => ReplyStatus::Cut(kind),
    }
}
