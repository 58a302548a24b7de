//! One request and its streamed reply: fetch, decode, render once per frame, save
//! at most every few hundred milliseconds, and settle the final state.

use std::cell::RefCell;
use std::rc::Rc;

use hearth_core::markdown::StreamingMarkdown;
use hearth_core::message::ChatMessage;
use hearth_core::provider::{
    FinishKind, ModelConfig, ProviderConfig, ProviderError, ProviderErrorKind, ResponseDecoder, StreamEvent, openai,
};
use hearth_core::reply::Reply;
use hearth_core::storage::{MessageRecord, SessionRecord};
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::AbortController;

use super::entry::state_of_status;
use super::{AssistantView, ReplyStatus, SAVE_EVERY_MS};
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
    pub(super) provider: ProviderConfig,
    pub(super) model: ModelConfig,
    pub(super) history: Vec<ChatMessage>,
    /// `None` when the browser has no AbortController (Stop then does nothing).
    pub(super) controller: Option<AbortController>,
}

/// What the network, render and save tasks share during one turn.
struct Turn {
    decoder: ResponseDecoder,
    reply: Reply,
    markdown: StreamingMarkdown,
    /// Answer text received since the last frame.
    unrendered: String,
    /// Whether the reply changed since the last save.
    unsaved: bool,
    /// Whether a render is already asked for at the next frame.
    frame_requested: bool,
    /// Set when the network task is done; the other tasks then exit.
    closed: bool,
}

/// Runs the turn to its end and stores the final reply.
pub(super) async fn run(setup: TurnSetup) {
    let TurnSetup { sessions, view, mut record, session, provider, model, history, controller } = setup;
    let _lock = hold(&streaming_lock(&record.id));
    let session = sessions.save(&session, &record).await;
    if let Some(problem) = missing_settings(&provider, &model) {
        view.status.set(ReplyStatus::Failed(problem.to_owned()));
        settle(&mut record, &Reply::new(), &view, "config");
        sessions.save(&session, &record).await;
        return;
    }
    let request = openai::build_request(&provider, &model, &history);
    let turn = Rc::new(RefCell::new(Turn {
        decoder: ResponseDecoder::new(provider.kind),
        reply: Reply::new(),
        markdown: StreamingMarkdown::new(),
        unrendered: String::new(),
        unsaved: false,
        frame_requested: false,
        closed: false,
    }));
    spawn_local(save_while_streaming(sessions, Rc::clone(&turn), record.clone(), session.clone()));
    let signal = controller.as_ref().map(AbortController::signal);
    let result = fetch_stream(&request, signal.as_ref(), |bytes| {
        let mut guard = turn.borrow_mut();
        let events = guard.decoder.push(bytes);
        guard.absorb(events);
        if !guard.unrendered.is_empty() && !guard.frame_requested {
            guard.frame_requested = true;
            render_at_next_frame(Rc::clone(&turn), view);
        }
    })
    .await;
    let (reply, status, error_kind) = {
        let mut turn = turn.borrow_mut();
        let events = turn.decoder.finish();
        turn.absorb(events);
        turn.closed = true;
        let (status, error_kind) = match result {
            Ok(()) => (status_of(&turn.reply), turn.reply.error.as_ref().map_or("provider", |e| kind_name(e.kind))),
            Err(FetchFailure::Aborted) => (ReplyStatus::Stopped, ""),
            Err(FetchFailure::Network(detail)) => {
                (ReplyStatus::Failed(ProviderError::network(&request.url, detail).to_string()), "network")
            }
            Err(FetchFailure::Status { status, body, retry_after_secs }) => {
                let error = openai::parse_error_body(status, &body, retry_after_secs);
                (ReplyStatus::Failed(error.to_string()), kind_name(error.kind))
            }
        };
        turn.flush(view);
        show_final(&turn.markdown, view);
        (std::mem::take(&mut turn.reply), status, error_kind)
    };
    view.text.set_value(reply.text.clone());
    view.usage.set(reply.usage);
    view.status.set(status);
    settle(&mut record, &reply, &view, error_kind);
    sessions.save(&session, &record).await;
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
fn settle(record: &mut MessageRecord, reply: &Reply, view: &AssistantView, error_kind: &str) {
    fill(record, reply);
    record.refresh_terms();
    let (state, error) = view.status.with_untracked(|status| state_of_status(status, error_kind));
    record.state = state;
    record.error = error;
}

/// Copies what the reply holds so far into the record. Search terms are left for
/// the final write: recomputing them for the whole text on every save while it
/// streams would make each save cost more as the answer grows.
fn fill(record: &mut MessageRecord, reply: &Reply) {
    record.content.clone_from(&reply.text);
    record.reasoning.clone_from(&reply.reasoning);
    record.usage = reply.usage;
    record.finish.clone_from(&reply.finish);
    record.updated_at = now().max(record.created_at);
}

impl Turn {
    fn absorb(&mut self, events: Vec<StreamEvent>) {
        for event in events {
            if let StreamEvent::TextDelta(text) = &event {
                self.unrendered.push_str(text);
            }
            self.reply.apply(event);
            self.unsaved = true;
        }
    }

    /// Renders the text that arrived since the last flush.
    fn flush(&mut self, view: AssistantView) {
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

fn missing_settings(provider: &ProviderConfig, model: &ModelConfig) -> Option<&'static str> {
    if provider.base_url.trim().is_empty() {
        Some("Set the provider's base URL first (for example https://api.openai.com/v1).")
    } else if model.model.is_empty() {
        Some("Set a model id first (for example gpt-4o-mini).")
    } else {
        None
    }
}

/// The status of a reply whose stream ended on its own.
fn status_of(reply: &Reply) -> ReplyStatus {
    if let Some(error) = &reply.error {
        return ReplyStatus::Failed(error.to_string());
    }
    match reply.finish.as_ref().map(|finish| finish.unified) {
        None => ReplyStatus::Incomplete,
        Some(FinishKind::Stop | FinishKind::ToolCalls | FinishKind::Other) => ReplyStatus::Complete,
        Some(kind @ (FinishKind::Length | FinishKind::ContentFilter | FinishKind::Error)) => ReplyStatus::Cut(kind),
    }
}

fn kind_name(kind: ProviderErrorKind) -> &'static str {
    match kind {
        ProviderErrorKind::Auth => "auth",
        ProviderErrorKind::RateLimit => "rate_limit",
        ProviderErrorKind::Server => "server",
        ProviderErrorKind::ContextTooLong => "context_too_long",
        ProviderErrorKind::NotFound => "not_found",
        ProviderErrorKind::BadRequest => "bad_request",
        ProviderErrorKind::Network => "network",
        ProviderErrorKind::Other => "other",
    }
}
