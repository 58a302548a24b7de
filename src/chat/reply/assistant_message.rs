//! A reply: its Thinking block, the provider's own tools (its searches), its
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
//! painted while the reply streams. The reply is `aria-busy` while it streams,
//! until how it ended is saved, and while its code is highlighted.

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
use crate::chat::state::{AssistantView, ChatContext, EntryKind, ReplyStatus};
use crate::tools::tool_activity::tool_activity_view;
use crate::ui::lazy::Lazy;
use reply_footer::ReplyFooter;
use reply_markdown::ReplyMarkdown;
use reply_outcome::ReplyOutcome;

/// One assistant reply.
#[component]
pub(crate) fn AssistantMessage(
    /// The id the reply is stored under. It tells whether this is the last
    /// reply shown (only that one offers Regenerate and Retry), is the reply
    /// Regenerate replaces, and is passed on to the tool widget and the
    /// version arrows.
    id: String,
    /// The reply's reactive state (rendered markdown, reasoning, tool calls,
    /// status, model and usage), which the message follows as it streams.
    reply: AssistantView,
    /// A compare turn's column: no version arrows (its siblings are the
    /// other columns), and no badge while `names_hidden` (blind mode).
    #[prop(optional)]
    in_column: bool,
    /// Whether the agent and model are hidden (a blind column not picked yet).
    #[prop(optional, into)]
    names_hidden: Signal<bool>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    reply.ensure_rendered();
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    // Set while the reply's code is highlighted (see `ReplyMarkdown`).
    let highlighting = RwSignal::new(false);
    let id = StoredValue::new(id);
    // The last message shown (earlier versions after it are hidden; an agent
    // switch or a summary after it does not count: Regenerate answers again with the new agent).
    let is_last = Memo::new(move |_| {
        chat.shown.with(|shown| {
            chat.entries.with(|entries| {
                let last =
                    entries.iter().zip(shown).rev().find(|(e, shown)| {
                        **shown && !matches!(e.kind, EntryKind::AgentSwitch(_) | EntryKind::Summary(_))
                    });
                last.is_some_and(|(e, _)| id.with_value(|id| e.id == *id))
            })
        })
    });
    let idle = Signal::derive(move || !chat.busy.get());
    // Regenerating removes this reply, which disposes this component: the work
    // runs after the click handler has returned, with the id copied out first.
    let regenerate = Callback::new(move |()| {
        let id = id.get_value();
        spawn_local(async move { chat.regenerate(&id) });
    });
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
    // Busy while it streams, until how it ended is saved (only then does the
    // conversation take a new message), and while its code is highlighted.
    let busy = move || {
        streaming() || highlighting.get() || reply.awaits_renderer.get() || id.with_value(|id| chat.working_on(id))
    };
    view! {
        <article
            class="message assistant"
            aria-label="Assistant"
            aria-busy=move || if busy() { "true" } else { "false" }
        >
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
            <ReplyOutcome reply is_last idle on_retry=regenerate on_compact_and_retry=compact_and_retry />
            <ReplyFooter id reply offer_regenerate on_regenerate=regenerate in_column names_hidden />
        </article>
    }
}
