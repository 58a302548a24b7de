//! The "Ask before running" switch of one tool in the agent editor. Ticked, the
//! tool's calls wait for the user's Allow; unticked, they run at once. It shows
//! the draft agent's choice, else the tool's default (fetching a URL and user
//! tools that use the network ask), and is how an "Always allow" is taken back.
//! It changes the draft only; the editor's Save stores it.

use hearth_core::agent::AgentRecord;
use leptos::prelude::*;

use crate::i18n::tr;
use crate::tools::state::ToolsContext;

/// The switch of one tool, ticked while its calls ask before running.
#[component]
pub(crate) fn AskBeforeRunning(
    /// The agent being edited (a draft): the switch shows and sets its choice.
    draft: RwSignal<AgentRecord>,
    /// The tool's name: the switch shows, and sets, whether calls of the tool
    /// of this name ask before running.
    name: String,
    /// The checkbox's accessible name. It starts with the visible "Ask before
    /// running" and says which tool it is for (such as "Ask before running
    /// Fetch a URL"), so the switches of the list can be told apart.
    label: String,
) -> impl IntoView {
    let tools = ToolsContext::expect();
    let name = StoredValue::new(name);
    view! {
        <label class="check ask-before-running">
            <input
                type="checkbox"
                aria-label=label
                prop:checked=move || name.with_value(|name| draft.with(|agent| tools.asks_before_running(agent, name)))
                on:change=move |ev| {
                    let ask = event_target_checked(&ev);
                    // Cleared, it holds for a user tool's present definition only.
                    name.with_value(|name| tools.user_tools.with_untracked(|user_tools| {
                        draft.update(|agent| agent.set_asks(name, user_tools, ask))
                    }));
                }
            />
            {tr("Ask before running")}
        </label>
    }
}
