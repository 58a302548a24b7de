//! "Compare": opens the Compare panel, with which the next message goes to
//! several models at once (see `chat::state::comparing`); pressed again, it
//! closes it and Send goes back to one answer.

use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::i18n::tr;

/// The toggle, named "Compare models" (pressed while the panel is open).
#[component]
pub(crate) fn CompareButton() -> impl IntoView {
    let chat = ChatContext::expect();
    view! {
        <button
            type="button"
            class="compact"
            aria-label=tr("Compare models")
            title=tr("Send the next message to several models and see their answers side by side")
            aria-pressed=move || if chat.compare_open.get() { "true" } else { "false" }
            on:click=move |_| chat.compare_open.update(|open| *open = !*open)
        >
            {tr("Compare")}
        </button>
    }
}
