//! One request and its streamed reply: fetch, decode, render once per frame, save
//! at most every few hundred milliseconds, and settle the final state.

use std::cell::RefCell;
use std::rc::Rc;

use hearth_core::markdown::StreamingMarkdown;
use hearth_core::message::ChatMessage;
use hearth_core::provider::{
    self, FinishKind, ModelConfig, ProviderConfig, ProviderError, ResponseDecoder, StreamEvent,
};
use hearth_core::reply::Reply;
use hearth_core::storage::{MessageRecord, SessionRecord};
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::AbortController;

use super::entry::state_of_status;
use super::{AssistantView, Failure, ReplyStatus, SAVE_EVERY_MS};
use crate::io::fetch_stream::{FetchFailure, fetch_stream};
use crate::io::frame::on_next_frame;
use crate::io::ids::now;
use crate::io::locks::{hold, streaming_lock};
use crate::io::timer::sleep;
use crate::sessions::SessionsContext;

/// Everything one turn needs.
pub(super) struct TurnSetup {
    pub(super) sessions: SessionsContext,
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
}

/// Runs the turn to its end and stores the final reply.
pub(super) async fn run(setup: TurnSetup) {
    let TurnSetup { sessions, view, mut record, session, configs, history, controller, stall_secs } = setup;
    let _lock = hold(&streaming_lock(&record.id));
    let session = sessions.save(&session, &record).await;
    let (account, model) = match configs {
        Ok(configs) => configs,
        Err(problem) => {
            view.status.set(ReplyStatus::Failed(Failure::config(problem)));
            settle(&mut record, &Reply::new(), &view);
            sessions.save(&session, &record).await;
            return;
        }
    };
    view.origin.set_value(Some(account.kind));
    let request = provider::build_request(&account, &model, &history);
    let turn = Rc::new(RefCell::new(Turn {
        decoder: ResponseDecoder::new(account.kind),
        reply: Reply::new(),
        markdown: StreamingMarkdown::new(),
        unrendered: String::new(),
        unshown_reasoning: String::new(),
        thinking_since: None,
        last_activity: clock(),
        received: false,
        stalled: false,
        unsaved: false,
        frame_requested: false,
        closed: false,
    }));
    spawn_local(save_while_streaming(sessions, Rc::clone(&turn), record.clone(), session.clone()));
    if let Some(controller) = &controller {
        spawn_local(watch_for_stall(Rc::clone(&turn), controller.clone(), stall_secs));
    }
    let signal = controller.as_ref().map(AbortController::signal);
    let result = fetch_stream(&request, signal.as_ref(), |bytes| {
        let mut guard = turn.borrow_mut();
        guard.last_activity = clock();
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
    let (reply, status) = {
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
                failed(&provider::parse_error_body(account.kind, status, &body, retry_after_secs))
            }
        };
        turn.end_thinking(view);
        turn.flush(view);
        show_final(&turn.markdown, view);
        (std::mem::take(&mut turn.reply), status)
    };
    view.text.set_value(reply.text.clone());
    view.reasoning_parts.set_value(reply.reasoning_parts.clone());
    view.usage.set(reply.usage);
    view.skipped.set(reply.malformed.len());
    view.status.set(status);
    settle(&mut record, &reply, &view);
    sessions.save(&session, &record).await;
}

/// The browser's clock in milliseconds.
fn clock() -> f64 {
    js_sys::Date::now()
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
        if clock() - turn.last_activity >= limit {
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

/// Copies the reply and its final status into the record, with its search terms.
fn settle(record: &mut MessageRecord, reply: &Reply, view: &AssistantView) {
    fill(record, reply);
    record.refresh_terms();
    let (state, error) = view.status.with_untracked(state_of_status);
    record.state = state;
    record.error = error;
}

/// Copies what the reply holds so far into the record. Search terms are left for
/// the final write: recomputing them for the whole text on every save while it
/// streams would make each save cost more as the answer grows.
fn fill(record: &mut MessageRecord, reply: &Reply) {
    record.content.clone_from(&reply.text);
    record.reasoning.clone_from(&reply.reasoning);
    record.reasoning_parts.clone_from(&reply.reasoning_parts);
    record.usage = reply.usage;
    record.finish.clone_from(&reply.finish);
    record.updated_at = now().max(record.created_at);
}

impl Turn {
    fn absorb(&mut self, events: Vec<StreamEvent>, view: AssistantView) {
        for event in events {
            match &event {
                StreamEvent::TextDelta(text) => {
                    self.end_thinking(view);
                    self.unrendered.push_str(text);
                }
                StreamEvent::ReasoningDelta(text) => {
                    self.thinking_since.get_or_insert_with(clock);
                    self.unshown_reasoning.push_str(text);
                }
                StreamEvent::ToolCallDelta { .. } => self.end_thinking(view),
                _ => {}
            }
            self.reply.apply(event);
            self.unsaved = true;
        }
    }

    /// Notes how long the model thought, once it moves on.
    fn end_thinking(&mut self, view: AssistantView) {
        if let Some(since) = self.thinking_since.take() {
            // Whole milliseconds of a duration measured by the browser's clock.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            view.thinking_ms.set(Some((clock() - since).max(0.0) as u64));
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
    sessions: SessionsContext,
    turn: Rc<RefCell<Turn>>,
    mut record: MessageRecord,
    session: SessionRecord,
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
            fill(&mut record, &turn.reply);
        }
        sessions.save(&session, &record).await;
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
