//! The conversation on screen and what Send and Stop do.
//!
//! [`ChatContext`] is provided by the app and read by the components. A turn runs
//! as two local tasks sharing one [`Turn`]: the network task feeds response bytes
//! through `hearth-core`'s decoder into the reply, and the render task, woken once
//! per animation frame, pushes only the text that arrived since the last frame
//! into the streaming markdown renderer. Finished markdown blocks are rendered
//! once; only the tail is re-rendered, so a chunk costs the same at the end of a
//! long answer as at its start.

use std::cell::RefCell;
use std::rc::Rc;

use hearth_core::markdown::{SafeHtml, StreamingMarkdown};
use hearth_core::message::{ChatMessage, Role};
use hearth_core::provider::{
    FinishKind, ModelConfig, ProviderConfig, ProviderError, ProviderKind, ResponseDecoder, StreamEvent, Usage, openai,
};
use hearth_core::reply::Reply;
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::AbortController;

use crate::io::fetch_stream::{FetchFailure, fetch_stream};
use crate::io::frame::next_frame;

/// The provider form's values (kept in memory for now).
#[derive(Clone, Copy)]
pub(crate) struct ProviderSettings {
    /// Base URL of an OpenAI-compatible API.
    pub(crate) base_url: RwSignal<String>,
    /// The API key; sent only to `base_url`.
    pub(crate) api_key: RwSignal<String>,
    /// The model id.
    pub(crate) model: RwSignal<String>,
}

/// One message on screen.
#[derive(Clone)]
pub(crate) enum Entry {
    /// What the user sent; shown as plain text.
    User {
        /// Stable id for keyed rendering.
        id: u64,
        /// The text as typed.
        text: String,
    },
    /// A reply, possibly still streaming.
    Assistant(AssistantEntry),
}

impl Entry {
    /// The entry's stable id.
    pub(crate) fn id(&self) -> u64 {
        match self {
            Entry::User { id, .. } => *id,
            Entry::Assistant(entry) => entry.id,
        }
    }
}

/// The reactive state of one assistant reply.
#[derive(Clone, Copy)]
pub(crate) struct AssistantEntry {
    /// Stable id for keyed rendering.
    pub(crate) id: u64,
    /// The model that answered, for the badge.
    pub(crate) model: StoredValue<String>,
    /// Rendered markdown blocks that will not change any more.
    pub(crate) blocks: RwSignal<Vec<SafeHtml>>,
    /// The rendered, still growing end of the answer.
    pub(crate) tail: RwSignal<SafeHtml>,
    /// Where the reply stands.
    pub(crate) status: RwSignal<ReplyStatus>,
    /// Token usage, once reported.
    pub(crate) usage: RwSignal<Option<Usage>>,
    /// The answer's markdown source, for the next request's history.
    pub(crate) text: StoredValue<String>,
}

/// Where a reply stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ReplyStatus {
    /// Text is still arriving.
    Streaming,
    /// The model finished normally.
    Complete,
    /// The model stopped for a reason worth telling (token limit, content filter).
    Cut(FinishKind),
    /// The user pressed Stop; the partial answer is kept.
    Stopped,
    /// The stream ended without the model saying it had finished.
    Incomplete,
    /// The request failed; the text says why in words a person can act on.
    Failed(String),
}

/// The chat's shared state and actions; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct ChatContext {
    /// The provider form.
    pub(crate) settings: ProviderSettings,
    /// The conversation in order.
    pub(crate) entries: RwSignal<Vec<Entry>>,
    /// Whether a reply is streaming (Send becomes Stop).
    pub(crate) busy: RwSignal<bool>,
    abort: StoredValue<Option<AbortController>, LocalStorage>,
    next_id: StoredValue<u64>,
}

impl ChatContext {
    /// Fresh state with OpenAI's base URL prefilled.
    pub(crate) fn new() -> Self {
        Self {
            settings: ProviderSettings {
                base_url: RwSignal::new("https://api.openai.com/v1".to_owned()),
                api_key: RwSignal::new(String::new()),
                model: RwSignal::new(String::new()),
            },
            entries: RwSignal::new(Vec::new()),
            busy: RwSignal::new(false),
            abort: StoredValue::new_local(None),
            next_id: StoredValue::new(0),
        }
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Sends `text` as the next user message and streams the reply. Returns
    /// whether it was sent (not while another reply streams, not when empty).
    pub(crate) fn send(self, text: String) -> bool {
        if self.busy.get_untracked() || text.trim().is_empty() {
            return false;
        }
        let mut history = self.history();
        history.push(ChatMessage::new(Role::User, text.clone()));
        let provider = ProviderConfig {
            kind: ProviderKind::OpenAi,
            base_url: self.settings.base_url.get_untracked(),
            api_key: self.settings.api_key.get_untracked(),
        };
        let model = ModelConfig { model: self.settings.model.get_untracked().trim().to_owned() };
        let entry = AssistantEntry {
            id: self.fresh_id(),
            model: StoredValue::new(model.model.clone()),
            blocks: RwSignal::new(Vec::new()),
            tail: RwSignal::new(SafeHtml::default()),
            status: RwSignal::new(ReplyStatus::Streaming),
            usage: RwSignal::new(None),
            text: StoredValue::new(String::new()),
        };
        let user = Entry::User { id: self.fresh_id(), text };
        self.entries.update(|entries| entries.extend([user, Entry::Assistant(entry)]));
        if let Some(problem) = missing_settings(&provider, &model) {
            entry.status.set(ReplyStatus::Failed(problem.to_owned()));
            return true;
        }
        let Ok(controller) = AbortController::new() else {
            entry.status.set(ReplyStatus::Failed("This browser cannot cancel requests (no AbortController).".into()));
            return true;
        };
        self.abort.set_value(Some(controller.clone()));
        self.busy.set(true);
        spawn_local(async move {
            run_turn(entry, provider, model, history, controller).await;
            self.abort.set_value(None);
            self.busy.set(false);
        });
        true
    }

    /// Stops the streaming reply, keeping what arrived.
    pub(crate) fn stop(self) {
        self.abort.with_value(|controller| {
            if let Some(controller) = controller {
                controller.abort();
            }
        });
    }

    /// The conversation so far as provider-neutral messages. Failed replies are
    /// left out; stopped ones are sent as far as they got.
    fn history(self) -> Vec<ChatMessage> {
        self.entries.with_untracked(|entries| {
            entries
                .iter()
                .filter_map(|entry| match entry {
                    Entry::User { text, .. } => Some(ChatMessage::new(Role::User, text.clone())),
                    Entry::Assistant(reply) => {
                        let text = reply.text.get_value();
                        (!text.is_empty()).then(|| ChatMessage::new(Role::Assistant, text))
                    }
                })
                .collect()
        })
    }

    fn fresh_id(self) -> u64 {
        self.next_id.update_value(|id| *id += 1);
        self.next_id.get_value()
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

/// What the network task and the render task share during one turn.
struct Turn {
    decoder: ResponseDecoder,
    reply: Reply,
    markdown: StreamingMarkdown,
    /// Answer text received since the last frame.
    unrendered: String,
    /// Set when the network task is done; the render task then exits.
    closed: bool,
}

async fn run_turn(
    entry: AssistantEntry,
    provider: ProviderConfig,
    model: ModelConfig,
    history: Vec<ChatMessage>,
    controller: AbortController,
) {
    let request = openai::build_request(&provider, &model, &history);
    let turn = Rc::new(RefCell::new(Turn {
        decoder: ResponseDecoder::new(provider.kind),
        reply: Reply::new(),
        markdown: StreamingMarkdown::new(),
        unrendered: String::new(),
        closed: false,
    }));
    spawn_local(render_each_frame(Rc::clone(&turn), entry));
    let result = fetch_stream(&request, &controller.signal(), |bytes| {
        let mut turn = turn.borrow_mut();
        let events = turn.decoder.push(bytes);
        turn.absorb(events);
    })
    .await;
    let mut turn = turn.borrow_mut();
    let events = turn.decoder.finish();
    turn.absorb(events);
    turn.closed = true;
    let status = match result {
        Ok(()) => status_of(&turn.reply),
        Err(FetchFailure::Aborted) => ReplyStatus::Stopped,
        Err(FetchFailure::Network(detail)) => {
            ReplyStatus::Failed(ProviderError::network(&request.url, detail).to_string())
        }
        Err(FetchFailure::Status { status, body, retry_after_secs }) => {
            ReplyStatus::Failed(openai::parse_error_body(status, &body, retry_after_secs).to_string())
        }
    };
    turn.flush(entry);
    let finished = turn.markdown.finish();
    let streamed = entry.blocks.with_untracked(|blocks| {
        let mut html: String = blocks.iter().map(SafeHtml::as_str).collect();
        entry.tail.with_untracked(|tail| html.push_str(tail.as_str()));
        html
    });
    if streamed != finished.as_str() {
        // What only the whole document knows (a link defined at its end) changed
        // the rendering: replace the pieces by one whole rendering, once.
        entry.blocks.set(Vec::new());
        entry.tail.set(finished);
    }
    entry.text.set_value(turn.reply.text.clone());
    entry.usage.set(turn.reply.usage);
    entry.status.set(status);
}

impl Turn {
    fn absorb(&mut self, events: Vec<StreamEvent>) {
        for event in events {
            if let StreamEvent::TextDelta(text) = &event {
                self.unrendered.push_str(text);
            }
            self.reply.apply(event);
        }
    }

    /// Renders the text that arrived since the last flush.
    fn flush(&mut self, entry: AssistantEntry) {
        if self.unrendered.is_empty() {
            return;
        }
        let update = self.markdown.push(&std::mem::take(&mut self.unrendered));
        if !update.new_blocks.is_empty() {
            entry.blocks.update(|blocks| blocks.extend(update.new_blocks));
        }
        entry.tail.set(update.tail);
    }
}

async fn render_each_frame(turn: Rc<RefCell<Turn>>, entry: AssistantEntry) {
    loop {
        next_frame().await;
        let mut turn = turn.borrow_mut();
        if turn.closed {
            return;
        }
        turn.flush(entry);
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
