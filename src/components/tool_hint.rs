//! The hint under a tool widget when the model called a tool that exists but
//! is switched off for the agent: it says so, with a button that switches it
//! on for that agent; once on, it says how to use it.

use hearth_core::storage::{AgentKind, AgentRef};
use hearth_core::tools::switchable;
use leptos::prelude::*;

use crate::tools::ToolsContext;

/// One switched-off tool of a reply.
#[component]
pub(crate) fn ToolHint(
    /// The tool's name as the model called it.
    name: String,
    /// The agent that wrote the reply: the one the tool is switched on for.
    agent: AgentRef,
) -> impl IntoView {
    let tools = ToolsContext::expect();
    let agents = tools.agents;
    let name = StoredValue::new(name);
    let agent_id = StoredValue::new(agent.id);
    let agent_name = StoredValue::new(agent.name);
    // The tool's label once the user switched it on here.
    let switched_on: RwSignal<Option<String>> = RwSignal::new(None);
    // The tool's label while it is off for the agent and could be switched on
    // (tracked: the agent's tools and the user's tools); never for an app agent.
    let off = Memo::new(move |_| {
        let enabled = agents.list.with(|list| {
            let agent = list.iter().find(|agent| agent_id.with_value(|id| agent.id == *id))?;
            (agent.kind == AgentKind::Chat).then(|| agent.tools.clone())
        })?;
        tools.user_tools.with(|user_tools| name.with_value(|name| switchable(name, &enabled, user_tools)))
    });
    let switch_on = move |_| {
        let tool = name.get_value();
        let label = off.get_untracked().unwrap_or_else(|| tool.clone());
        agents.update(&agent_id.get_value(), |agent| {
            if !agent.tools.contains(&tool) {
                agent.tools.push(tool);
            }
        });
        switched_on.set(Some(label));
    };
    let text = move || match (switched_on.get(), off.get()) {
        (Some(label), _) => agent_name.with_value(|agent| {
            format!("{label} is on for {agent} now. Regenerate the reply or send again to use it.")
        }),
        (None, Some(_)) => agent_name.with_value(|agent| {
            name.with_value(|name| {
                format!("The model called {name}, which is switched off for {agent}, so it did not run.")
            })
        }),
        (None, None) => String::new(),
    };
    let offered = move || switched_on.with(Option::is_none) && off.with(Option::is_some);
    view! {
        <div class="tool-hint" role="status">
            <div class="tool-hint-body" hidden=move || switched_on.with(Option::is_none) && off.with(Option::is_none)>
                <p>{text}</p>
                <button type="button" on:click=switch_on hidden=move || !offered()>
                    {move || off.get().map(|label| format!("Switch on {label} for this agent")).unwrap_or_default()}
                </button>
            </div>
        </div>
    }
}
