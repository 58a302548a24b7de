//! The divider where a conversation went on with another agent ("Switched to
//! Translator"): shown, searchable, never sent to a model.

use leptos::prelude::*;

use crate::i18n::{Arg, tr_with};

/// A separator named "Switched to <name>", with that text visible.
#[component]
pub(crate) fn AgentSwitchDivider(
    /// The name of the agent the conversation switched to, as the marker stores it.
    name: String,
) -> impl IntoView {
    let text = tr_with("agents-switched-to", &[("name", Arg::Text(&name))], || format!("Switched to {name}"));
    let label = text.clone();
    view! {
        <div class="agent-switch" role="separator" aria-label=label>
            <span class="agent-switch-text" aria-hidden="true">{text}</span>
        </div>
    }
}
