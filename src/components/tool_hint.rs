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
    let agent_name = agent.name;
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
    view! {
        <div class="tool-hint" role="status">
            {move || {
                let agent_name = agent_name.clone();
                match (switched_on.get(), off.get()) {
                    (Some(label), _) => {
                        Some(
                            view! {
                                <div class="tool-hint-body">
                                    <p>
                                        {format!(
                                            "{label} is on for {agent_name} now. Regenerate the reply or send again to use it.",
                                        )}
                                    </p>
                                </div>
                            }
                                .into_any(),
                        )
                    }
                    (None, Some(label)) => {
                        Some(
                            view! {
                                <div class="tool-hint-body">
                                    <p>
                                        {format!(
                                            "The model called {}, which is switched off for {agent_name}, so it did not run.",
                                            name.get_value(),
                                        )}
                                    </p>
                                    <button type="button" on:click=switch_on>
                                        {format!("Switch on {label} for this agent")}
                                    </button>
                                </div>
                            }
                                .into_any(),
                        )
                    }
                    (None, None) => None,
                }
            }}
        </div>
    }
}
