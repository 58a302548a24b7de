//! What a reply was given from the knowledge bases, under its text, folded:
//! "From your knowledge base: 3 passages", numbered as the reply cites them,
//! each opening the viewer at its place in its file. Built by the
//! `knowledge` chunk ([`reply_knowledge_view`]) for a reply that has any.

use hearth_core::knowledge::context::{citations, locator_label};
use hearth_core::knowledge::records::Retrieved;
use leptos::prelude::*;

use crate::chat::state::AssistantView;
use crate::i18n::{Arg, tr, tr_with};
use crate::knowledge::file_row::passages_text;
use crate::knowledge::state::{Knowledge, KnowledgeContext};
use crate::ui::lazy::{ChunkError, wasm_split};

/// The passages `reply` was given.
#[component]
pub(crate) fn ReplyKnowledge(
    /// The reply whose passages are listed.
    reply: AssistantView,
) -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    let passages = move || reply.extras(|record| Retrieved::from_values(&record.knowledge));
    let cited = move || {
        reply.extras(|record| {
            let known: Vec<u32> =
                Retrieved::from_values(&record.knowledge).iter().map(|passage| passage.number).collect();
            citations(&record.content, &known)
        })
    };
    let summary = move || {
        let count = passages().len();
        tr_with("knowledge-reply-summary", &[("count", Arg::Number(count as f64))], || {
            format!("From your knowledge base: {}", passages_text(count as u64))
        })
    };
    let items = move || {
        let cited = cited();
        passages()
            .into_iter()
            .map(|passage| {
                let was_cited = cited.contains(&passage.number);
                item(knowledge, passage, was_cited)
            })
            .collect_view()
    };
    view! {
        <details class="reply-knowledge">
            <summary>{summary}</summary>
            <ol class="reply-knowledge-list">{items}</ol>
        </details>
    }
}

/// One passage: its number, file and place (a button that opens it), and
/// whether the reply cites it.
fn item(knowledge: Knowledge, passage: Retrieved, cited: bool) -> impl IntoView {
    let place = locator_label(&passage.at);
    let label = if place.is_empty() {
        format!("[{}] {}", passage.number, passage.name)
    } else {
        format!("[{}] {} — {}", passage.number, passage.name, place)
    };
    let open_label = tr_with("knowledge-open-passage", &[("passage", Arg::Text(&label))], || format!("Open {label}"));
    let excerpt: String = passage.text.chars().take(160).collect();
    view! {
        <li class="reply-knowledge-item">
            <button
                type="button"
                class="link-button"
                aria-label=open_label
                on:click=move |_| knowledge.open_passage(passage.clone())
            >
                {label}
            </button>
            {cited.then(|| view! { <span class="reply-knowledge-cited">{tr("cited")}</span> })}
            <p class="reply-knowledge-excerpt">{excerpt}</p>
        </li>
    }
}

/// The list, built by code from the `knowledge` chunk.
#[wasm_split(knowledge, fallible)]
pub(crate) fn reply_knowledge_view(reply: AssistantView) -> Result<AnyView, ChunkError> {
    Ok(view! { <ReplyKnowledge reply /> }.into_any())
}
