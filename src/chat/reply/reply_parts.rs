//! A reply's parts, in the `reply` chunk (`AssistantMessage` is their frame in
//! the first load): its Thinking block, the provider's own tools (its searches), its
//! markdown (final blocks plus the growing tail; its code is highlighted once
//! the reply has ended), the pictures the model made, the "Still writing"
//! dots while it streams (`still_writing`), its sources, a note on what it
//! holds that cannot be shown yet, its status or error card,
//! and a footer with the badge naming its agent and model, token usage, the
//! version arrows of a regenerated reply, and the icon row: Copy, Regenerate (on
//! the last reply) and Save as file.
//!
//! Finished blocks go into pages of about 16 KB of markup, each
//! `content-visibility: auto`, so pages off screen are neither laid out nor
//! painted while the reply streams.

mod reply_footer;
mod reply_markdown;
mod reply_outcome;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::reply::reply_images::reply_images_view;
use crate::chat::reply::reply_sources::reply_sources_view;
use crate::chat::reply::server_tool_list::server_tool_list_view;
use crate::chat::reply::still_writing::StillWriting;
use crate::chat::reply::thinking_block::ThinkingBlock;
use crate::chat::reply::unsupported_note::unsupported_note_view;
use crate::chat::sent_media::sent_media_view;
use crate::chat::state::{AssistantView, ChatContext, ReplyStatus};
use crate::knowledge::reply_knowledge::reply_knowledge_view;
use crate::tools::tool_activity::tool_activity_view;
use crate::ui::lazy::{ChunkError, Lazy, wasm_split};
use reply_footer::ReplyFooter;
use reply_markdown::ReplyMarkdown;
use reply_outcome::ReplyOutcome;

/// The parts of the reply `id`, built in the `reply` chunk.
#[wasm_split(reply, fallible)]
pub(crate) fn reply_parts_view(parts: PartsOf) -> Result<AnyView, ChunkError> {
    let PartsOf { id, reply, highlighting, built, is_last, regenerate, in_column, names_hidden } = parts;
    built.set(true);
    Ok(view! { <ReplyParts id reply highlighting is_last regenerate in_column names_hidden /> }.into_any())
}

/// What [`reply_parts_view`] is given: `AssistantMessage`'s props and what it
/// shares with the parts.
pub(crate) struct PartsOf {
    /// The id the reply is stored under.
    pub(crate) id: String,
    /// The reply's reactive state.
    pub(crate) reply: AssistantView,
    /// Set while the reply's code is highlighted (the frame is busy then).
    pub(crate) highlighting: RwSignal<bool>,
    /// Set once the parts are built (the frame is busy until then).
    pub(crate) built: RwSignal<bool>,
    /// Whether this is the last message shown.
    pub(crate) is_last: Memo<bool>,
    /// Answers again in place of this reply.
    pub(crate) regenerate: Callback<()>,
    /// Whether the reply is a compare turn's column.
    pub(crate) in_column: bool,
    /// Whether the agent and model are hidden (a blind column not picked yet).
    pub(crate) names_hidden: Signal<bool>,
}

/// One assistant reply's parts.
#[component]
fn ReplyParts(
    /// The id the reply is stored under. It tells whether this is the last
    /// reply shown (only that one offers Regenerate and Retry), is the reply
    /// Regenerate replaces, and is passed on to the tool widget and the
    /// version arrows.
    id: String,
    /// The reply's reactive state (rendered markdown, reasoning, tool calls,
    /// status, model and usage), which the message follows as it streams.
    reply: AssistantView,
    /// Set while the reply's code is highlighted (see `ReplyMarkdown`).
    highlighting: RwSignal<bool>,
    /// Whether this is the last message shown (only that one offers
    /// Regenerate and Retry).
    is_last: Memo<bool>,
    /// Answers again in place of this reply (Regenerate, Retry).
    regenerate: Callback<()>,
    /// A compare turn's column: no version arrows (its siblings are the
    /// other columns), and no badge while `names_hidden` (blind mode).
    in_column: bool,
    /// Whether the agent and model are hidden (a blind column not picked yet).
    names_hidden: Signal<bool>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    let id = StoredValue::new(id);
    let idle = Signal::derive(move || !chat.busy.get());
    let compact_and_retry = Callback::new(move |()| {
        let id = id.get_value();
        spawn_local(async move { chat.compact_and_retry(&id) });
    });
    let failed = move || reply.status.with(|status| matches!(status, ReplyStatus::Failed(_)));
    // A reply of pictures only ("Create an image") is made again from its
    // dialog: Regenerate would ask the chat model.
    let pictures_only = move || reply.extras(|record| !record.images.is_empty() && record.content.trim().is_empty());
    let offer_regenerate =
        Signal::derive(move || is_last.get() && idle.get() && !streaming() && !failed() && !pictures_only());
    view! {
            <Show when=move || reply.reasoning.with(|r| !r.is_empty())>
                <ThinkingBlock reply />
            </Show>
            <Show when=move || {
                reply.calls.with(|calls| !calls.is_empty())
                    || (streaming() && reply.offers_tools.get() && reply.tail.with(|t| t.as_str().is_empty())
                        && reply.blocks.version().1 == 0)
            }>
                <Lazy load=move || tool_activity_view(reply, id.get_value()) />
            </Show>
            // The provider's own tools (its searches…), beside the tool widget.
            <Show when=move || reply.extras(|record| !record.server_tools.is_empty())>
                <Lazy load=move || server_tool_list_view(reply) />
            </Show>
            // Images a ChatGPT import placed on a reply (generated ones).
            {Some(reply.record.with_value(|record| record.attachments.clone()))
                .filter(|attachments| !attachments.is_empty())
                .map(|attachments| view! { <Lazy load=move || sent_media_view(attachments.clone()) /> })}
            <ReplyMarkdown reply highlighting />
            // The pictures the model made, and the one it is drawing.
            <Show when=move || {
                reply.extras(|record| !record.images.is_empty()) || reply.drawing.with(Option::is_some)
            }>
                <Lazy load=move || reply_images_view(reply) />
            </Show>
            <Show when=streaming>
                <StillWriting reply />
            </Show>
            <Show when=move || reply.extras(|record| !record.sources.is_empty())>
                <Lazy load=move || reply_sources_view(reply, id.get_value()) />
            </Show>
            <Show when=move || reply.extras(|record| !record.unsupported.is_empty())>
                <Lazy load=move || unsupported_note_view(reply) />
            </Show>
            // What the knowledge bases gave it, folded.
            <Show when=move || reply.extras(|record| !record.knowledge.is_empty())>
                <Lazy load=move || reply_knowledge_view(reply) />
            </Show>
            <ReplyOutcome reply is_last idle on_retry=regenerate on_compact_and_retry=compact_and_retry />
            <ReplyFooter id reply offer_regenerate on_regenerate=regenerate in_column names_hidden />
    }
}
