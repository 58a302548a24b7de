//! A message the user sent, shown as plain text: never parsed as HTML or markdown.

use leptos::prelude::*;

use crate::components::copy_button::CopyButton;

/// One user message.
#[component]
pub(crate) fn UserMessage(text: String) -> impl IntoView {
    let copied = text.clone();
    view! {
        <article class="message user" aria-label="You">
            <p class="user-text">{text}</p>
            <footer class="meta">
                <CopyButton text=move || copied.clone() />
            </footer>
        </article>
    }
}
