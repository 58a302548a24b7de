//! One row of the conversation's windowed list: the spacer standing in for the
//! rows left out before it, then the summary divider (when the active summary
//! starts at this message) and the message itself, all children of the list (no
//! wrapper, so messages stay siblings). The spacer carries `data-row` (the
//! message id): the conversation measures a row from its spacer to the next.

use leptos::prelude::*;

use crate::agents::agent_switch_divider::AgentSwitchDivider;
use crate::chat::compare::compare_turn::compare_turn_view;
use crate::chat::reply::assistant_message::AssistantMessage;
use crate::chat::state::{ChatContext, Entry, EntryKind};
use crate::chat::summary_divider::SummaryDivider;
use crate::chat::user_message::UserMessage;
use crate::i18n::tr;
use crate::ui::lazy::Lazy;

/// A mounted message, with the spacer before it.
#[component]
pub(crate) fn MessageRow(
    /// The message shown (a summary is never given: it is shown as its divider).
    entry: Entry,
    /// The height in CSS pixels of the rows left out between the previous
    /// mounted row and this one (0 when none are).
    #[prop(into)]
    gap: Signal<f64>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let spacer = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let height = gap.get();
        if let Some(spacer) = spacer.get() {
            // Through the CSS object model, which the page's CSP allows (a style attribute it would refuse).
            let _ = web_sys::HtmlElement::style(&spacer).set_property("height", &format!("{height}px"));
        }
    });
    let id = entry.id.clone();
    let divider = move || {
        chat.active_summary.with(|active| active.clone().filter(|summary| summary.boundary_id == id)).map(|summary| {
            view! { <SummaryDivider summary_id=summary.summary_id text=summary.text summarised=summary.summarised /> }
        })
    };
    let message = match entry.kind {
        EntryKind::User(text, files, attachments) => {
            view! { <UserMessage id=entry.id.clone() text files attachments /> }.into_any()
        }
        EntryKind::System(text) => view! {
            <article class="message system" aria-label=tr("System")>
                <p class="user-text">{text}</p>
            </article>
        }
        .into_any(),
        // A compare turn's columns (and merges) are shown together, in the row of the first listed.
        EntryKind::Assistant(_) if let Some(group) = entry.node.as_ref().and_then(|node| node.group.clone()) => {
            view! { <Lazy load=move || compare_turn_view(group.clone()) /> }.into_any()
        }
        EntryKind::Assistant(reply) => view! { <AssistantMessage id=entry.id.clone() reply /> }.into_any(),
        EntryKind::AgentSwitch(name) => view! { <AgentSwitchDivider name /> }.into_any(),
        // Not listed (the conversation shows summaries as their divider).
        EntryKind::Summary(_) => ().into_any(),
    };
    view! {
        <div class="row-gap" aria-hidden="true" data-row=entry.id.clone() node_ref=spacer></div>
        {divider}
        {message}
    }
}
