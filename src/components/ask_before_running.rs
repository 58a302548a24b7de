//! The "Ask before running" switch of one tool in the Tools dialog. Ticked, the
//! tool's calls wait for the user's Allow; unticked, they run at once. It shows
//! the agent's choice, else the tool's default (fetching a URL and user tools
//! that use the network ask), and is how an "Always allow" is taken back.

use leptos::prelude::*;

use crate::tools::ToolsContext;

/// The switch of one tool, ticked while its calls ask before running.
#[component]
pub(crate) fn AskBeforeRunning(
    /// The agent whose choice it shows and sets.
    agent_id: String,
    /// The tool's name: the switch shows, and sets, whether calls of the tool
    /// of this name ask before running.
    name: String,
    /// The checkbox's accessible name. It starts with the visible "Ask before
    /// running" and says which tool it is for (such as "Ask before running
    /// fetch_url"), so the switches of the list can be told apart.
    label: String,
) -> impl IntoView {
    let tools = ToolsContext::expect();
    let name = StoredValue::new(name);
    let agent_id = StoredValue::new(agent_id);
    let agent = move || agent_id.with_value(|id| tools.agents.get_or_general(id));
    view! {
        <label class="check ask-before-running">
            <input
                type="checkbox"
                aria-label=label
                prop:checked=move || name.with_value(|name| tools.asks_before_running(&agent(), name))
                on:change=move |ev| {
                    let ask = event_target_checked(&ev);
                    agent_id.with_value(|id| name.with_value(|name| tools.agents.set_ask_before_running(id, name, ask)));
                }
            />
            "Ask before running"
        </label>
    }
}
