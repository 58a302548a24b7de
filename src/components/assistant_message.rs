//! A reply: its markdown (final blocks plus the growing tail), its status, and the
//! model badge with token usage.

use hearth_core::provider::FinishKind;
use leptos::prelude::*;

use crate::chat::{AssistantEntry, ReplyStatus};

/// One assistant reply.
#[component]
pub(crate) fn AssistantMessage(reply: AssistantEntry) -> impl IntoView {
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    let usage = move || {
        reply.usage.get().map(|usage| {
            let count = |n: Option<u64>| n.map_or_else(|| "?".to_owned(), |n| n.to_string());
            format!("{} in · {} out", count(usage.input), count(usage.output))
        })
    };
    view! {
        <article class="message assistant" aria-label="Assistant" aria-busy=move || if streaming() { "true" } else { "false" }>
            <div class="markdown">
                <For each=move || reply.blocks.get().into_iter().enumerate() key=|(index, _)| *index let:block>
                    <div class="block" inner_html=block.1.as_str().to_owned()></div>
                </For>
                <div class="block" inner_html=move || reply.tail.with(|tail| tail.as_str().to_owned())></div>
                <Show when=streaming>
                    <span class="cursor" aria-hidden="true"></span>
                </Show>
            </div>
            {move || status_note(&reply.status.get())}
            <footer class="meta">
                <span class="badge" title="Model">{reply.model.get_value()}</span>
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
        ReplyStatus::Incomplete => note("The stream ended before the model finished; the answer may be incomplete."),
        ReplyStatus::Cut(FinishKind::Length) => note("The answer reached the token limit."),
        ReplyStatus::Cut(FinishKind::ContentFilter) => note("The provider's content filter stopped the answer."),
        ReplyStatus::Cut(_) => note("The provider ended the answer early."),
        ReplyStatus::Failed(text) => Some(view! { <p class="error" role="alert">{text.clone()}</p> }.into_any()),
    }
}
