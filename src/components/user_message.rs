//! A message the user sent, shown as plain text: never parsed as HTML or markdown.

use leptos::prelude::*;

/// One user message.
#[component]
pub(crate) fn UserMessage(text: String) -> impl IntoView {
    view! {
        <article class="message user" aria-label="You">
            <p class="user-text">{text}</p>
        </article>
    }
}
