//! One assistant turn: a request and its streamed reply (fetch, decode, render
//! once per frame, save at most every few hundred milliseconds), and, while the
//! model asks for tools, rounds of running them in parallel and asking again
//! (`hearth_core::tools::ToolLoop` decides); then the final state is settled.
//!
//! What the turn holds is folded by `hearth_core::storage::TurnRecorder`: the
//! saves, the next request's history and the final record come from it, and the
//! view is shown what it recorded. This module does only the IO and the timing.
//!
//! While the browser says the device is offline, a request to a provider on
//! another machine is not made: the turn ends with the offline card (the user's
//! message is already stored). A provider on this machine is still asked.
//!
//! Text the model writes before its tool calls is the calls' commentary: it leaves
//! the answer area when the calls arrive, and the answer shows only the last
//! reply's text.
//!
//! Beside the network task, a watchdog aborts the request when no bytes came
//! for the stall timeout (60 s unless set), which ends as "The provider stopped
//! sending data" with the partial answer kept. A round's calls run together
//! (`join_all`), each result shown as it arrives; a call that needs approval
//! waits for it while the others run. While a reply streams, its tab holds a
//! Web Lock named after the message.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use futures::future::join_all;
use hearth_core::app::app_document;
use hearth_core::compare::{HostSlots, backoff_ms, host_of};
use hearth_core::contract::{ImageOut, ProviderErrorKind, Unsupported};
use hearth_core::failure::{ConfigProblem, Failure};
use hearth_core::markdown::{Citing, RenderMode, SafeHtml, StreamingMarkdown, render_reply_cited};
use hearth_core::message::ChatMessage;
use hearth_core::provider::{self, HttpRequest, ModelConfig, ProviderConfig, ProviderError, ProviderKind, StreamEvent};
use hearth_core::storage::{Change, MessageRecord, ReplyEnd, SessionRecord, ToolResultRecord, TurnRecorder};
use hearth_core::tools::{Invocation, LoopConfig, Step, ToolLoop, ToolResult, ToolSpec, UserTool, switched_off};
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::{AbortController, AbortSignal};

mod pictures;

use super::attachment_data::with_attachment_data;
use super::entry::AssistantView;
use super::entry::{citation_marks, render_mode};
use super::labels::LABELS;
use super::picture_order::PictureOrder;
use super::prompt::Prompt;
use super::tool_blobs::{by_reference, picture_blob};
use super::turn_knowledge;
use crate::io::clock::{elapsed_ms, now, now_ms};
use crate::io::db::NewBlob;
use crate::io::fetch_stream::{Batch, FetchFailure, fetch_events};
use crate::io::frame::on_next_frame;
use crate::io::locks::{hold, streaming_lock};
use crate::io::network::is_online;
use crate::io::timer::sleep;
use crate::store::StoreContext;
use crate::tools::state::ToolsContext;
use crate::tools::state::approval::approve;
use crate::tools::state::run::{ToolEnv, run as run_tool};
use hearth_core::message::attachment::{Accepts, over_limit};
use hearth_core::storage::ReplyStatus;

/// How often a streaming reply is written to storage, at most.
pub(crate) const SAVE_EVERY_MS: i32 = 400;

/// Everything one turn needs.
pub(super) struct TurnSetup {
    pub(super) store: StoreContext,
    pub(super) view: AssistantView,
    /// The reply's record, in the streaming state.
    pub(super) record: MessageRecord,
    pub(super) session: SessionRecord,
    /// The provider and model to ask, or the set-up problem to show instead.
    pub(super) configs: Result<(ProviderConfig, ModelConfig), ConfigProblem>,
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
    /// What the system prompt is rendered from, for each request.
    pub(super) prompt: Prompt,
    /// What the model reads besides text: images and PDFs it does not read
    /// go as notes (see `with_attachment_data`).
    pub(super) accepts: Accepts,
    /// Whether a 429 (Too Many Requests) is waited out and asked again, a
    /// few times (`hearth_core::compare::backoff_ms`): a compare turn's
    /// columns, which ask one host at once.
    pub(super) patient: bool,
    /// "Create an image": pictures of the last user message instead of a
    /// chat reply (see [`pictures`]).
    pub(super) pictures: Option<PictureOrder>,
}

/// What the network, render and save tasks share during one turn.
struct Turn {
    /// The turn's record and the reply streaming into it.
    recorder: TurnRecorder,
    markdown: StreamingMarkdown,
    /// How the reply's markdown is rendered (app code callouts for an app agent's).
    mode: RenderMode,
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
    /// Set when the current reply's network task is done; its other tasks then exit.
    closed: bool,
    /// Counts the replies of the turn: a task of an earlier reply exits.
    reply_number: u32,
    /// The bytes of the media tools returned, stored with the reply that
    /// refers to them (see `tool_blobs`).
    blobs: Vec<NewBlob>,
    /// When the first token (text, reasoning or a call) arrived.
    first_token: Option<f64>,
    /// Whether sources, the provider's tools, a picture or an unreadable part
    /// came since the last frame (shown at the next one).
    extras_changed: bool,
    /// Whole pictures the model made that are not in the blob store yet.
    pictures: Vec<ImageOut>,
}

type Shared = Rc<RefCell<Turn>>;

/// Runs the turn to its end, stores the final reply, and says how it ended.
pub(super) async fn run(setup: TurnSetup) -> ReplyStatus {
    let TurnSetup {
        store,
        view,
        record,
        session,
        configs,
        history,
        controller,
        stall_secs,
        mut tools,
        user_tools,
        max_rounds,
        tool_settings,
        mut prompt,
        accepts,
        patient,
        pictures,
    } = setup;
    let _lock = hold(&streaming_lock(&record.id));
    let started = now_ms();
    let session = store.save_message(&session, &record).await;
    let mode = render_mode(&record);
    let turn = Rc::new(RefCell::new(Turn {
        recorder: TurnRecorder::new(record, history),
        markdown: StreamingMarkdown::for_reply(mode, &LABELS),
        mode,
        unrendered: String::new(),
        unshown_reasoning: String::new(),
        thinking_since: None,
        last_activity: now_ms(),
        received: false,
        stalled: false,
        unsaved: false,
        frame_requested: false,
        closed: false,
        reply_number: 0,
        blobs: Vec::new(),
        first_token: None,
        pictures: Vec::new(),
        extras_changed: false,
    }));
    let status = match (configs, pictures) {
        (Ok((account, model)), Some(order)) => {
            let signal = controller.as_ref().map(AbortController::signal);
            match pictures::make(store, signal, (&account, &model), &order).await {
                Ok(made) => {
                    turn.borrow_mut().pictures.extend(made);
                    store_pictures(&turn, view).await;
                    ReplyStatus::Complete
                }
                Err(ended) => ended,
            }
        }
        (Ok((account, model)), None) => {
            let signal = controller.as_ref().map(AbortController::signal);
            // The agent's MCP tools join the others (and the prompt's `{tools}`).
            let mcp_tools = tool_settings.mcp_tools(&prompt.agent, &tools).await;
            tools.extend(mcp_tools.iter().map(|tool| tool.spec.clone()));
            // The agent's knowledge bases: passages for the question, and a tool to search again.
            let asked = turn.borrow().recorder.request_history();
            let knowledge = match turn_knowledge::gather_in_time(tool_settings.knowledge, &prompt.agent, &asked).await {
                Some(gathered) => {
                    if !tools.iter().any(|tool| tool.name == gathered.tool.name) {
                        tools.push(gathered.tool);
                    }
                    prompt.knowledge = gathered.context;
                    turn.borrow_mut().recorder.note_knowledge(gathered.passages);
                    publish(view, turn.borrow().recorder.record());
                    Some(gathered.turn)
                }
                None => None,
            };
            prompt.tools.clone_from(&tools);
            let env = ToolEnv {
                store,
                settings: tool_settings,
                agent_id: prompt.agent.id.clone(),
                user_tools,
                mcp_tools,
                signal,
                knowledge: knowledge.clone(),
            };
            let stream = Stream { store, view, session: &session, controller: &controller, stall_secs, patient };
            let status = ask(&turn, stream, &env, (&account, &model, accepts), (&prompt, &tools), max_rounds).await;
            // What the model's own searches found is kept with the reply too.
            if let Some(knowledge) = knowledge {
                let given = knowledge.given.borrow().clone();
                turn.borrow_mut().recorder.note_knowledge(given);
            }
            status
        }
        (Err(problem), _) => ReplyStatus::Failed(Failure::config(problem)),
    };
    let record = {
        let mut shared = turn.borrow_mut();
        let first_token = shared.first_token.map(elapsed_since(started));
        shared.recorder.note_timing(first_token, elapsed_ms(started));
        view.skipped.set(shared.recorder.skipped());
        shared.recorder.finish(status.clone(), now()).clone()
    };
    publish(view, &record);
    view.status.set(status.clone());
    let blobs = std::mem::take(&mut turn.borrow_mut().blobs);
    store.save_message_with_blobs(&session, &record, &blobs).await;
    status
}

/// Asks the model, and again after each round of tools, until it answers or
/// the turn ends otherwise; says how it ended.
async fn ask(
    turn: &Shared,
    stream: Stream<'_>,
    env: &ToolEnv,
    (account, model, accepts): (&ProviderConfig, &ModelConfig, Accepts),
    (prompt, tools): (&Prompt, &[ToolSpec]),
    max_rounds: u32,
) -> ReplyStatus {
    let view = stream.view;
    view.offers_tools.set(!tools.is_empty());
    // A call to a tool that exists but is off for this agent is told so (the
    // widget offers to switch it on), not "unknown".
    let mut tool_loop = ToolLoop::new(LoopConfig::new(max_rounds)).switched_off(switched_off(tools, &env.user_tools));
    loop {
        // The system prompt is rendered afresh for every request.
        let history: Vec<ChatMessage> =
            prompt.system_message(&model.model).into_iter().chain(turn.borrow().recorder.request_history()).collect();
        // Images and PDFs with their bytes; what the model cannot read, a note;
        // what the provider would refuse, said before anything is sent.
        // Read first (a copy is derived where a limit needs one), then checked.
        let wire = account.wire_kind(&model.model);
        let history = with_attachment_data(stream.store, history, wire, accepts).await;
        if let Some(over) = over_limit(&history, wire, accepts) {
            let problem = ConfigProblem::AttachmentOverLimit { name: over.name, reason: over.reason };
            return ReplyStatus::Failed(Failure::config(problem));
        }
        let request = match provider::build_request_with_tools(account, model, &history, tools) {
            Ok(request) => request,
            // A base URL that is not valid or a key for another origin: nothing is sent.
            Err(refused) => return ReplyStatus::Failed(Failure::config(refused.into())),
        };
        // Offline, a provider on another machine is not asked (it cannot
        // answer); one on this machine is, as it may well answer.
        if !is_online() && !provider::is_local_url(&request.url) {
            return ReplyStatus::Failed(Failure::offline());
        }
        let status = stream_patiently(turn, &stream, &request, wire, env.signal.as_ref()).await;
        if status != ReplyStatus::Complete {
            return status;
        }
        let step = tool_loop.on_reply(turn.borrow().recorder.reply(), tools);
        let invocations = match step {
            Step::Done => return status,
            Step::MaxRounds { rounds } => return ReplyStatus::Failed(Failure::tool_rounds(rounds)),
            Step::Repeated { tool, times } => return ReplyStatus::Failed(Failure::tool_repeated(tool, times)),
            Step::Run(invocations) => invocations,
        };
        run_round(turn, &stream, env, &mut tool_loop, invocations).await;
        if env.signal.as_ref().is_some_and(AbortSignal::aborted) {
            return ReplyStatus::Stopped;
        }
    }
}

/// Runs the calls of a round in parallel, showing each result as it arrives and
/// storing the round before and after (every call answered, "Stopped by the
/// user" for those Stop cut short).
async fn run_round(
    turn: &Shared,
    stream: &Stream<'_>,
    env: &ToolEnv,
    tool_loop: &mut ToolLoop,
    invocations: Vec<Invocation>,
) {
    let Stream { store, view, session, .. } = *stream;
    let (round, message_id) = {
        let mut shared = turn.borrow_mut();
        let round = shared.recorder.round();
        shared.recorder.start_round(tool_loop.call_ids(), now());
        // Calls refused at once (unknown tool, bad arguments) already have results.
        shared.recorder.record_results(&tool_loop.results(), &[], now());
        (round, shared.recorder.record().id.clone())
    };
    clear_answer(view);
    save_and_publish(turn, store, session, view).await;

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
        // Images and sounds go to the blob store; the record keeps their hashes.
        let (outcome, blobs) = by_reference(outcome).await;
        let content = outcome.clone().into_content();
        // Shown as soon as this call is done, while others still run.
        let result = ToolResultRecord {
            content: content.text,
            is_error: content.is_error,
            duration_ms: Some(duration),
            media: content.media,
            links: content.links,
            app: content.app,
        };
        let mut shared = turn.borrow_mut();
        shared.blobs.extend(blobs);
        shared.recorder.record_result(&invocation.call_id, result);
        publish(view, shared.recorder.record());
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
    let results: Vec<ToolResult> = tool_loop.results();
    turn.borrow_mut().recorder.record_results(&results, &durations, now());
    save_and_publish(turn, store, session, view).await;
}

/// Stores the record as it is now and shows it.
async fn save_and_publish(turn: &Shared, store: StoreContext, session: &SessionRecord, view: AssistantView) {
    let (record, blobs) = {
        let shared = turn.borrow();
        (shared.recorder.record().clone(), shared.blobs.clone())
    };
    publish(view, &record);
    store.save_message_with_blobs(session, &record, &blobs).await;
}

/// Empties the answer area (its text became commentary).
fn clear_answer(view: AssistantView) {
    view.blocks.clear();
    view.set_tail(SafeHtml::default());
}

/// What streaming one reply needs from the turn.
#[derive(Clone, Copy)]
struct Stream<'a> {
    store: StoreContext,
    view: AssistantView,
    session: &'a SessionRecord,
    controller: &'a Option<AbortController>,
    stall_secs: u32,
    /// See `TurnSetup::patient`.
    patient: bool,
}

/// Streams one reply as [`stream_reply`] does, once a request slot of its host
/// is free (see [`HostSlots`]); a patient turn waits out a 429 and asks again
/// (`backoff_ms`), when nothing had arrived.
async fn stream_patiently(
    turn: &Shared,
    stream: &Stream<'_>,
    request: &HttpRequest,
    kind: ProviderKind,
    signal: Option<&AbortSignal>,
) -> ReplyStatus {
    let host = host_of(&request.url).to_owned();
    let mut failures = 0;
    loop {
        let Some(slot) = take_slot(&host, signal).await else { return ReplyStatus::Stopped };
        let status = stream_reply(turn, stream, request, kind).await;
        drop(slot);
        store_pictures(turn, stream.view).await;
        let ReplyStatus::Failed(failure) = &status else { return status };
        let limited = failure.provider_error().is_some_and(|error| error.kind == ProviderErrorKind::RateLimit);
        if !stream.patient || !limited || turn.borrow().received {
            return status;
        }
        failures += 1;
        let Some(wait) = backoff_ms(failures, failure.retry_after_secs) else { return status };
        // In steps, so Stop ends the wait at once.
        let mut waited = 0;
        while waited < wait {
            if signal.is_some_and(AbortSignal::aborted) {
                return ReplyStatus::Stopped;
            }
            sleep(100).await;
            waited += 100;
        }
        if signal.is_some_and(AbortSignal::aborted) {
            return ReplyStatus::Stopped;
        }
    }
}

thread_local! {
    /// The requests this tab has running per host.
    static SLOTS: RefCell<HostSlots> = RefCell::new(HostSlots::default());
}

/// A request slot of a host, given back when dropped.
struct Slot(String);

impl Drop for Slot {
    fn drop(&mut self) {
        SLOTS.with_borrow_mut(|slots| slots.release(&self.0));
    }
}

/// Waits for a free request slot of `host`; `None` when Stop came first.
async fn take_slot(host: &str, signal: Option<&AbortSignal>) -> Option<Slot> {
    loop {
        if SLOTS.with_borrow_mut(|slots| slots.try_take(host)) {
            return Some(Slot(host.to_owned()));
        }
        if signal.is_some_and(AbortSignal::aborted) {
            return None;
        }
        sleep(100).await;
    }
}

/// Milliseconds from `started` to an instant, for [`Option::map`].
fn elapsed_since(started: f64) -> impl Fn(f64) -> u64 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    move |at| (at - started).max(0.0) as u64
}

/// Streams one reply into the turn and the view, saving it as it grows, and
/// says how it ended.
async fn stream_reply(turn: &Shared, stream: &Stream<'_>, request: &HttpRequest, kind: ProviderKind) -> ReplyStatus {
    let Stream { store, view, session, controller, stall_secs, .. } = *stream;
    {
        let mut shared = turn.borrow_mut();
        shared.markdown = StreamingMarkdown::for_reply(shared.mode, &LABELS);
        shared.last_activity = now_ms();
        shared.received = false;
        shared.stalled = false;
        shared.closed = false;
        shared.reply_number += 1;
    }
    let number = turn.borrow().reply_number;
    spawn_local(save_while_streaming(store, Rc::clone(turn), session.clone(), number));
    if let Some(controller) = controller {
        spawn_local(watch_for_stall(Rc::clone(turn), controller.clone(), stall_secs, number));
    }
    let signal = controller.as_ref().map(AbortController::signal);
    let result = fetch_events(request, kind, signal.as_ref(), |events, batch| {
        let mut shared = turn.borrow_mut();
        if batch == Batch::Chunk {
            shared.last_activity = now_ms();
            shared.received = true;
        }
        shared.absorb(events, view);
        let waiting = !shared.unrendered.is_empty() || !shared.unshown_reasoning.is_empty() || shared.extras_changed;
        if waiting && !shared.frame_requested {
            shared.frame_requested = true;
            render_at_next_frame(Rc::clone(turn), view);
        }
    })
    .await;
    let mut shared = turn.borrow_mut();
    shared.closed = true;
    let end = match result {
        Ok(()) => ReplyEnd::Finished,
        Err(FetchFailure::Aborted) if shared.stalled => ReplyEnd::Failed(ProviderError::stalled(u64::from(stall_secs))),
        // The browser went offline while it ran: say so, not "unreachable".
        Err(FetchFailure::Network(_)) if !is_online() && !provider::is_local_url(&request.url) => ReplyEnd::Offline,
        Err(failure) => match failure.into_provider_error(request, kind, shared.received) {
            Some(error) => ReplyEnd::Failed(error),
            None => ReplyEnd::Stopped,
        },
    };
    let status = shared.recorder.end_reply(end).clone();
    if shared.recorder.commentary_is_answer() {
        // Its calls will not run, so the text they cleared is the answer after all.
        shared.markdown = StreamingMarkdown::for_reply(shared.mode, &LABELS);
        shared.unrendered = shared.recorder.reply().text.clone();
    }
    shared.end_thinking(view);
    shared.flush(view);
    show_final(&mut shared.markdown, view);
    shared.show_cited(view);
    status
}

/// Gives up on a request that sent nothing for `secs` seconds: before the
/// response started, or in the middle of it. Checks about once a second.
async fn watch_for_stall(turn: Shared, controller: AbortController, secs: u32, number: u32) {
    let limit = f64::from(secs) * 1000.0;
    loop {
        sleep(1000.min(i32::try_from(secs.saturating_mul(1000)).unwrap_or(i32::MAX))).await;
        let mut turn = turn.borrow_mut();
        if turn.is_over(number) {
            return;
        }
        if now_ms() - turn.last_activity >= limit {
            turn.stalled = true;
            controller.abort();
            return;
        }
    }
}

/// Shows the end of the answer: its last block rendered as the whole document
/// renders it (one block, not the document). Only an answer whose rendering needs
/// the whole text (a link defined below its use) is rendered again whole.
fn show_final(markdown: &mut StreamingMarkdown, view: AssistantView) {
    if markdown.needs_whole() {
        view.blocks.clear();
        view.set_tail(markdown.finish());
        return;
    }
    let end = markdown.end();
    view.blocks.append(end.new_blocks);
    view.change_tail(end.tail);
}

impl Turn {
    /// Whether reply `number`'s stream is over (its tasks then exit).
    fn is_over(&self, number: u32) -> bool {
        self.closed || self.reply_number != number
    }

    /// Folds the events of a chunk into the record, and queues what they show.
    fn absorb(&mut self, events: Vec<StreamEvent>, view: AssistantView) {
        if events.is_empty() {
            return;
        }
        for event in events {
            self.extras_changed |= matches!(
                event,
                StreamEvent::Citation { .. }
                    | StreamEvent::ServerTool(_)
                    | StreamEvent::Image(_)
                    | StreamEvent::Unsupported(_)
            );
            if let StreamEvent::Image(image) = &event
                && !image.partial
            {
                self.pictures.push(image.clone());
            }
            let change = self.recorder.apply(event);
            if !matches!(change, Change::Other) {
                self.first_token.get_or_insert_with(now_ms);
            }
            match change {
                Change::Text(text) => {
                    self.end_thinking(view);
                    self.unrendered.push_str(&text);
                }
                Change::Reasoning(text) => {
                    self.thinking_since.get_or_insert_with(now_ms);
                    self.unshown_reasoning.push_str(&text);
                }
                Change::CallsStarted => {
                    self.end_thinking(view);
                    // The text so far is this call's commentary, not the answer.
                    self.markdown = StreamingMarkdown::for_reply(self.mode, &LABELS);
                    self.unrendered.clear();
                    clear_answer(view);
                }
                Change::Other => {}
            }
        }
        self.unsaved = true;
        if self.recorder.produced() && !view.produced.get_untracked() {
            // From now on this reply stands in for the version it regenerates.
            view.produced.set(true);
        }
        let ignored = self.recorder.ignored_choices();
        if view.ignored_choices.get_untracked() < ignored {
            view.ignored_choices.set(ignored);
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
        if std::mem::take(&mut self.extras_changed) {
            self.show_extras(view);
        }
        if !self.unshown_reasoning.is_empty() {
            let reasoning = std::mem::take(&mut self.unshown_reasoning);
            view.reasoning.update(|shown| shown.push_str(&reasoning));
        }
        if self.unrendered.is_empty() {
            return;
        }
        let update = self.markdown.push_delta(&std::mem::take(&mut self.unrendered));
        let finished = !update.new_blocks.is_empty();
        view.blocks.append(update.new_blocks);
        view.change_tail(update.tail);
        // An app agent's app updates the preview as soon as its code block is
        // complete, not at the end of the reply (and never per chunk).
        if finished && self.mode == RenderMode::App {
            let app = app_document(&self.recorder.reply().text).map(Arc::<str>::from);
            if view.app.with_untracked(|shown| shown.as_deref() != app.as_deref()) {
                view.app.set(app);
            }
        }
    }
}

impl Turn {
    /// Shows the reply's sources, the provider's tools, the picture being
    /// drawn and what cannot be shown, as recorded so far. Only a reply that
    /// brings them pays for this (the record is filled once per frame then).
    fn show_extras(&mut self, view: AssistantView) {
        let drawing =
            self.recorder.reply().drawing.as_ref().map(|image| format!("data:{};base64,{}", image.mime, image.data));
        if view.drawing.with_untracked(|shown| *shown != drawing) {
            view.drawing.set(drawing);
        }
        view.show_extras(self.recorder.streaming_record(now()));
    }

    /// Once a reply that cites its sources has ended, shows its answer again
    /// whole with its citation marks (a mark may come after the text it cites
    /// was shown), and no picture as still being drawn.
    fn show_cited(&mut self, view: AssistantView) {
        if view.drawing.with_untracked(Option::is_some) {
            view.drawing.set(None);
        }
        let reply = self.recorder.reply();
        let answered = reply.tool_calls.is_empty() || self.recorder.commentary_is_answer();
        if reply.citations.is_empty() || !answered {
            return;
        }
        let record = self.recorder.streaming_record(now());
        let marks = citation_marks(record);
        let html =
            render_reply_cited(&record.content, self.mode, Citing { marks: &marks, message_id: &record.id }, &LABELS);
        view.show_extras(record);
        view.blocks.clear();
        view.set_tail(html);
    }
}

/// Puts the whole pictures the reply made in the blob store and the record
/// (by reference), and shows them; a refused one is noted on the reply with
/// why, and nothing of it is stored.
async fn store_pictures(turn: &Shared, view: AssistantView) {
    let pictures = std::mem::take(&mut turn.borrow_mut().pictures);
    if pictures.is_empty() {
        return;
    }
    for picture in pictures {
        let stored = picture_blob(picture).await;
        let mut shared = turn.borrow_mut();
        match stored {
            Ok((media, blob)) => {
                shared.recorder.record_image(media);
                shared.blobs.push(blob);
            }
            Err(why) => {
                let refused = Unsupported { what: format!("A picture was refused: {why}"), raw: String::new() };
                shared.recorder.apply(StreamEvent::Unsupported(refused));
            }
        }
        shared.unsaved = true;
    }
    let record = turn.borrow_mut().recorder.streaming_record(now()).clone();
    publish(view, &record);
}

/// Renders what arrived by the next frame. Asked for only when text is waiting,
/// so a slow stream wakes the page once per chunk, a fast one once per frame, and
/// a pause not at all.
fn render_at_next_frame(turn: Shared, view: AssistantView) {
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
async fn save_while_streaming(store: StoreContext, turn: Shared, session: SessionRecord, number: u32) {
    loop {
        sleep(SAVE_EVERY_MS).await;
        let record = {
            let mut turn = turn.borrow_mut();
            if turn.is_over(number) {
                return;
            }
            if !turn.unsaved {
                continue;
            }
            turn.unsaved = false;
            turn.recorder.streaming_record(now()).clone()
        };
        store.save_message(&session, &record).await;
    }
}

/// Publishes `record` on `view` (see `AssistantView::publish`) with its app.
fn publish(view: AssistantView, record: &MessageRecord) {
    view.publish(record);
    view.show_app(app_of(record));
}

/// The app a reply record holds: the document of its complete app code, when
/// an app agent wrote it.
pub(super) fn app_of(record: &MessageRecord) -> Option<Arc<str>> {
    if !record.agent.as_ref().is_some_and(|agent| agent.is_app()) {
        return None;
    }
    app_document(&record.content).map(Arc::from)
}
