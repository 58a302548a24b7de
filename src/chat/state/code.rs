//! The send path and the renderer, in the `reply` chunk of the wasm (see
//! `crate::io::chunks`): a turn (request, decoders, tool loop, streaming
//! markdown), compaction's summaries, generated titles, and the markdown
//! renderer and highlighter for stored replies. The first screen does not run
//! them, so they stay out of the first load; the app fetches the chunk once
//! there is something to send or a stored reply to show ([`preload`]), so a
//! visit that does neither never pays for it, and pressing Enter after typing
//! does not wait for it.
//!
//! Only [`ReplyCode`]'s functions lead there: a call from anywhere else of
//! what they reach (`turn::run`, `hearth_core::markdown::render_reply`, …)
//! would pull that code back into the first load. The ways in are in the
//! first load: [`load`], [`loaded`], and rendering a stored reply with the
//! chunk's renderer once it is there (`AssistantView::ensure_rendered`).

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;

use hearth_core::agent::AgentRecord;
use hearth_core::markdown::{Citing, RenderMode, SafeHtml};
use hearth_core::message::ChatMessage;
use hearth_core::storage::MessageRecord;
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::AbortSignal;

use super::compaction::Job;
use super::context::{Answer, ChatContext};
use super::context_size::ContextInputs;
use super::entry::{AssistantView, citation_marks, render_mode};
use super::labels::LABELS;
use super::prompt::Prompt;
use super::talk_tools::{self, Calling, Offering, TalkCallAsk, TalkToolbox};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::providers::state::ProviderEntry;

/// A task of the chat, boxed (its future is the chunk's code).
pub(crate) type Task = Pin<Box<dyn Future<Output = ()>>>;

/// What the `reply` chunk offers; one `static`, reached through [`load`].
pub(crate) struct ReplyCode {
    /// Compacts when due, runs the turn, then offers a title: a reply's work
    /// after its user message is stored.
    pub(super) answer: fn(ChatContext, Answer) -> Task,
    /// Compacts now, without a request (the Compact button).
    pub(super) compact: fn(ChatContext, Job) -> Task,
    /// A stored reply's markdown, rendered whole (code blocks dressed).
    pub(crate) render_reply: fn(&str, RenderMode) -> SafeHtml,
    /// A stored reply's markdown with its citation marks linked to its
    /// sources (the marks are read here, in the chunk).
    pub(crate) render_cited: fn(&MessageRecord, RenderMode) -> SafeHtml,
    /// The highlighted markup of one code block, when the language is known.
    pub(crate) highlight_code: fn(&str, &str) -> Option<SafeHtml>,
    /// The app a reply record holds, when an app agent wrote it (read here:
    /// the first load does not carry the reader).
    pub(crate) app_of: fn(&MessageRecord) -> Option<Arc<str>>,
    /// The tools a talk starting now offers (`talk_tools`).
    pub(crate) talk_tools: fn(ChatContext, Option<AbortSignal>) -> Offering,
    /// Runs a call a talk's model made.
    pub(crate) talk_call: fn(Rc<TalkToolbox>, TalkCallAsk) -> Calling,
    /// The context meter's figure (`context_size`).
    pub(super) context_size: fn(ContextInputs) -> (u32, u32),
    /// The prompt, tools and system message a request sends
    /// (`ChatContext::prompt_and_tools`).
    pub(super) prompt_and_tools: PromptAndTools,
}

/// What [`ReplyCode::prompt_and_tools`] is.
pub(super) type PromptAndTools =
    fn(ChatContext, AgentRecord, Option<&ProviderEntry>) -> (Prompt, Vec<ToolSpec>, Option<ChatMessage>);

#[wasm_split(reply, fallible, preload(preload_reply_code))]
fn reply_code() -> Result<&'static ReplyCode, ChunkError> {
    static CODE: ReplyCode = ReplyCode {
        answer: |chat, answer| Box::pin(chat.answer(answer)),
        compact: |chat, job| Box::pin(chat.compact_only(job)),
        render_reply: |markdown, mode| hearth_core::markdown::render_reply(markdown, mode, &LABELS),
        render_cited,
        highlight_code: hearth_core::markdown::highlight_code,
        app_of: super::turn::app_of,
        talk_tools: talk_tools::offer,
        talk_call: talk_tools::call,
        context_size: super::context_size::context_size,
        prompt_and_tools: ChatContext::prompt_and_tools,
    };
    Ok(&CODE)
}

/// `record`'s markdown with its citation marks linked to its sources.
fn render_cited(record: &MessageRecord, mode: RenderMode) -> SafeHtml {
    let marks = citation_marks(record);
    hearth_core::markdown::render_reply_cited(
        &record.content,
        mode,
        Citing { marks: &marks, message_id: &record.id },
        &LABELS,
    )
}

thread_local! {
    static LOADED: Cell<Option<&'static ReplyCode>> = const { Cell::new(None) };
    /// Whether [`preload`] has started (and not failed).
    static PRELOADING: Cell<bool> = const { Cell::new(false) };
    /// What runs once the chunk is loaded ([`on_loaded`]).
    static WAITING: RefCell<Vec<Box<dyn FnOnce()>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `then` once the chunk is loaded: now if it is, else when [`load`]
/// has it (nothing starts loading it).
pub(crate) fn on_loaded(then: impl FnOnce() + 'static) {
    if loaded().is_some() {
        then();
    } else {
        WAITING.with_borrow_mut(|waiting| waiting.push(Box::new(then)));
    }
}

/// The chunk's code, when it is loaded already.
pub(crate) fn loaded() -> Option<&'static ReplyCode> {
    LOADED.get()
}

/// The chunk's code, loaded first if need be (from the service worker's
/// precache once installed, so offline too).
pub(crate) async fn load() -> Result<&'static ReplyCode, ChunkError> {
    if let Some(code) = loaded() {
        return Ok(code);
    }
    let code = reply_code().await?;
    LOADED.set(Some(code));
    for then in WAITING.with_borrow_mut(std::mem::take) {
        then();
    }
    Ok(code)
}

/// Loads the chunk once `draft` has something to send (typed, or kept from
/// before the app started), while the rest is written.
pub(crate) fn preload_when_written(draft: RwSignal<String>) {
    Effect::new(move |_| {
        if draft.with(|text| !text.is_empty()) {
            preload();
        }
    });
}

/// Starts loading the chunk (once there is text to send), so that the send
/// never waits for the network; later calls do nothing.
pub(crate) fn preload() {
    if PRELOADING.replace(true) {
        return;
    }
    spawn_local(async {
        if loaded().is_some() {
            return;
        }
        if preload_reply_code().await.is_ok() && load().await.is_ok() {
            return;
        }
        // Offline without the service worker, say: later typing tries again.
        PRELOADING.set(false);
    });
}

impl AssistantView {
    /// Renders a stored reply's markdown if that has not happened yet. The
    /// renderer is in the `reply` chunk (this file's): until it has
    /// loaded the reply shows nothing (a stored reply asks for it), and if
    /// it cannot load, the reply's text as it is, so nothing is hidden.
    pub(crate) fn ensure_rendered(&self) {
        if self.rendered.get_value() {
            return;
        }
        self.rendered.set_value(true);
        self.render_record();
    }

    /// Reads the stored reply's app (`record`): now when the chunk is
    /// loaded, else once it is (and the reply is still there).
    pub(super) fn read_app(&self) {
        let view = *self;
        let read = move |code: &ReplyCode| {
            if let Some(app) = view.record.try_with_value(|record| (code.app_of)(record)) {
                view.show_app(app);
            }
        };
        match loaded() {
            Some(code) => read(code),
            None => spawn_local(async move {
                if let Ok(code) = load().await {
                    read(code);
                }
            }),
        }
    }

    /// Renders the stored reply's markdown (`record`) into the tail, now when
    /// the renderer is loaded, else once it is.
    pub(super) fn render_record(&self) {
        let view = *self;
        let render = move |code: &ReplyCode| {
            let html = view.record.with_value(|record| {
                if record.citations.is_empty() {
                    return (code.render_reply)(&record.content, render_mode(record));
                }
                (code.render_cited)(record, render_mode(record))
            });
            view.set_tail(html);
        };
        match loaded() {
            Some(code) => render(code),
            None => spawn_local(async move {
                view.awaits_renderer.set(true);
                let loaded = load().await;
                // The reply may have left the page meanwhile.
                if view.awaits_renderer.try_set(false).is_some() {
                    return;
                }
                match loaded {
                    Ok(code) => render(code),
                    Err(_) => view.set_tail(view.record.with_value(|record| SafeHtml::text(&record.content))),
                }
            }),
        }
    }
}
