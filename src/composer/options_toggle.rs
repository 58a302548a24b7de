//! The composer's "More options" button, shown on a phone only (CSS): the
//! options under the message box (search, effort, pictures, compare, talk,
//! the context meter) stay folded until it opens them, so the conversation
//! keeps most of the screen.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::ui::icon::{Icon, IconName};

/// The id of the options' row, which the button controls.
pub(crate) const OPTIONS_ID: &str = "composer-options";

/// The toggle.
#[component]
pub(crate) fn OptionsToggle(
    /// Whether the options are shown (on a phone; elsewhere they always are).
    open: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="attach options-toggle"
            aria-label=tr("More options")
            title=tr("More options")
            aria-controls=OPTIONS_ID
            aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|open| *open = !*open)
        >
            <Icon name=IconName::Plus />
        </button>
    }
}
