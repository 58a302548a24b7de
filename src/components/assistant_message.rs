//! A reply: its markdown (final blocks plus the growing tail), its status, and the
//! model badge with token usage.

use hearth_core::provider::FinishKind;
use leptos::prelude::*;

use crate::chat::{AssistantView, ReplyStatus};

/// One assistant reply.
#[component]
pub(crate) fn AssistantMessage(reply: AssistantView) -> impl IntoView {
    reply.ensure_rendered();
    let blocks = NodeRef::<leptos::html::Div>::new();
    // Finished blocks go into the page once each: only those added since the last
    // run are inserted; a new generation (the reply was re-rendered whole) starts over.
    Effect::new(move |previous: Option<(u32, usize)>| {
        let (generation, len) = reply.blocks.version();
        let Some(container) = blocks.get() else { return (u32::MAX, 0) };
        let from = match previous {
            Some((known, shown)) if known == generation && shown <= len => shown,
            _ => {
                container.set_inner_html("");
                0
            }
        };
        reply.blocks.each_from(from, |html| {
            let _ = container.insert_adjacent_html("beforeend", html.as_str());
        });
        (generation, len)
    });
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    let usage = move || {
        reply.usage.get().map(|usage| {
            let count = |n: Option<u64>| n.map_or_else(|| "?".to_owned(), |n| n.to_string());
            format!("{} in · {} out", count(usage.input), count(usage.output))
        })
    };
    view! {
        <article class="message assistant" aria-label="Assistant" aria-busy=move || if streaming() { "true" } else { "false" }>
            <div class="markdown" class:streaming=streaming>
                <div class="blocks" node_ref=blocks></div>
                <div class="block" inner_html=move || reply.tail.with(|tail| tail.as_str().to_owned())></div>
            </div>
            {move || status_note(&reply.status.get())}
            <footer class="meta">
                <span class="badge" title="Model">{move || reply.model.get()}</span>
                {move || usage().map(|text| view! { <span class="usage" title="Tokens">{text}</span> })}
            </footer>
        </article>
    }
}

fn status_note(status: &ReplyStatus) -> Option<AnyView> {
    let note = |text: &'static str| Some(view! { <p class="note">{text}</p> }.into_any());
    match status {
        ReplyStatus::Streaming | ReplyStatus::Complete => None,
        ReplyStatus::Stopped => note("Stopped"),
        ReplyStatus::Interrupted => {
            note("Interrupted: the page was closed or reloaded while this answer was streaming.")
        }
        ReplyStatus::Incomplete => note("The stream ended before the model finished; the answer may be incomplete."),
        ReplyStatus::Cut(FinishKind::Length) => note("The answer reached the token limit."),
        ReplyStatus::Cut(FinishKind::ContentFilter) => note("The provider's content filter stopped the answer."),
        ReplyStatus::Cut(_) => note("The provider ended the answer early."),
        ReplyStatus::Failed(text) => Some(view! { <p class="error" role="alert">{text.clone()}</p> }.into_any()),
    }
}
