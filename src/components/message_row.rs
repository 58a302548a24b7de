//! One row of the conversation's windowed list: the spacer standing in for the
//! rows left out before it, then the summary divider (when the active summary
//! starts at this message) and the message itself. The conversation measures
//! the row (without its spacer) to keep the scrollbar honest.

use leptos::prelude::*;
use web_sys::ResizeObserver;

use crate::chat::{ChatContext, Entry, EntryKind};
use crate::components::agent_switch_divider::AgentSwitchDivider;
use crate::components::assistant_message::AssistantMessage;
use crate::components::summary_divider::SummaryDivider;
use crate::components::user_message::UserMessage;

/// A mounted message, with the spacer before it.
#[component]
pub(crate) fn MessageRow(
    /// The message shown (a summary is never given: it is shown as its divider).
    entry: Entry,
    /// The height in CSS pixels of the rows left out between the previous
    /// mounted row and this one (0 when none are).
    #[prop(into)]
    gap: Signal<f64>,
    /// The observer measuring rows: it watches this one while it is mounted.
    /// The row carries `data-row` (the message id) so the observer knows which.
    observer: StoredValue<Option<ResizeObserver>, LocalStorage>,
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
    let row = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(row) = row.get() {
            observer.with_value(|watch| {
                if let Some(watch) = watch {
                    watch.observe(&row);
                }
            });
        }
    });
    on_cleanup(move || {
        if let Some(row) = row.get_untracked() {
            let _ = observer.try_with_value(|watch| {
                if let Some(watch) = watch {
                    watch.unobserve(&row);
                }
            });
        }
    });
    let id = entry.id.clone();
    let divider = move || {
        chat.active_summary.with(|active| active.clone().filter(|summary| summary.boundary_id == id)).map(|summary| {
            view! { <SummaryDivider summary_id=summary.summary_id text=summary.text summarised=summary.summarised /> }
        })
    };
    let message = match entry.kind {
        EntryKind::User(text, files) => view! { <UserMessage text files /> }.into_any(),
        EntryKind::System(text) => view! {
            <article class="message system" aria-label="System">
                <p class="user-text">{text}</p>
            </article>
        }
        .into_any(),
        EntryKind::Assistant(reply) => view! { <AssistantMessage id=entry.id.clone() reply /> }.into_any(),
        EntryKind::AgentSwitch(name) => view! { <AgentSwitchDivider name /> }.into_any(),
        // Not listed (the conversation shows summaries as their divider).
        EntryKind::Summary(_) => ().into_any(),
    };
    view! {
        <div class="row-gap" aria-hidden="true" node_ref=spacer></div>
        <div class="row" data-row=entry.id node_ref=row>
            {divider}
            {message}
        </div>
    }
}
