//! The "Jump to latest" button over the conversation, shown while the view is
//! away from the bottom of a conversation that grew or is still streaming.

use leptos::prelude::*;

use crate::i18n::tr;

/// A floating button that brings the conversation back to its newest text.
#[component]
pub(crate) fn JumpToLatest(
    /// Whether the button is shown.
    #[prop(into)]
    shown: Signal<bool>,
    /// What pressing it does: scroll to the bottom and follow again.
    on_jump: Callback<()>,
) -> impl IntoView {
    view! {
        <Show when=move || shown.get()>
            <button type="button" class="jump-to-latest" on:click=move |_| on_jump.run(())>
                <span aria-hidden="true">"↓ "</span>
                {tr("Jump to latest")}
            </button>
        </Show>
    }
}
