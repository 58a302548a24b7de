//! One agent in the Agents dialog's list: its name, description, model and
//! type, and what can be done with it. Each button's accessible name says which
//! agent it acts on ("Edit Translator"). The built-in agents (the General
//! Assistant and the App Builder) have no Delete: they are reset to their
//! default instead (after a confirmation); deleting any other agent asks first.

use hearth_core::agent::{APP_BUILDER_NAME, AgentKind, AgentRecord, GENERAL_NAME};
use leptos::prelude::*;

use crate::agents::state::AgentsContext;
use crate::io::dialogs::confirm;
use crate::providers::state::ProvidersContext;
use crate::sessions::state::SessionsContext;

/// The model an agent runs on, as the list shows it (tracked).
fn model_label(providers: ProvidersContext, agent: &AgentRecord) -> String {
    let Some(id) = agent.model_config_id.as_deref() else { return "Default model".to_owned() };
    providers.list.with(|list| {
        list.iter()
            .find(|entry| entry.model.id == id)
            .map_or_else(|| "Default model (its account was removed)".to_owned(), |entry| entry.label())
    })
}

/// The row of one agent.
#[component]
pub(crate) fn AgentRow(
    /// The agent as listed.
    agent: AgentRecord,
    /// Called with the agent when the user asks to edit it.
    on_edit: Callback<AgentRecord>,
    /// Called with what to announce after an action (a copy made, a deletion,
    /// a reset), for the dialog's status line.
    on_status: Callback<String>,
) -> impl IntoView {
    let agents = AgentsContext::expect();
    let providers = ProvidersContext::expect();
    let sessions = SessionsContext::expect();
    let name = agent.name.clone();
    let id = StoredValue::new(agent.id.clone());
    let kind = match agent.kind {
        AgentKind::Chat => "Chat",
        AgentKind::App => "App (no tools)",
    };
    let description = (!agent.description.trim().is_empty())
        .then(|| view! { <p class="agent-description">{agent.description.clone()}</p> });
    // A built-in agent is reset, never deleted; the question names it as it was built.
    let builtin = agent.is_builtin();
    let builtin_name = if agent.is_general() { GENERAL_NAME } else { APP_BUILDER_NAME };
    let agent = StoredValue::new(agent);
    let model = move || agent.with_value(|agent| model_label(providers, agent));
    let duplicate = move |_| {
        if let Some(copy) = id.with_value(|id| agents.duplicate(id)) {
            on_status.run(format!("Made {}.", copy.name));
        }
    };
    let delete = {
        let name = name.clone();
        move |_| {
            let question = format!(
                "Delete the agent “{name}”? Conversations that used it keep its name on their replies and go on with the General Assistant."
            );
            if confirm(&question) {
                id.with_value(|id| agents.delete(id));
                on_status.run(format!("Deleted {name}."));
            }
        }
    };
    let reset = move |_| {
        if confirm(&format!(
            "Reset the {builtin_name} to its default? Its prompt, model and tools go back to how they were at first."
        )) {
            id.with_value(|id| agents.reset_to_default(id));
            on_status.run(format!("The {builtin_name} is back to its default."));
        }
    };
    let chat = move |_| {
        id.with_value(|id| agents.choose(id));
        sessions.new_chat();
        agents.dialog_open.set(false);
    };
    let last = if builtin {
        view! {
            <button type="button" class="action" aria-label=format!("Reset {name} to default") on:click=reset>
                "Reset"
            </button>
        }
        .into_any()
    } else {
        view! {
            <button type="button" class="action danger" aria-label=format!("Delete {name}") on:click=delete>
                "Delete"
            </button>
        }
        .into_any()
    };
    view! {
        <li class="agent-row">
            <h3>{name.clone()}</h3>
            {description}
            <p class="hint agent-facts">{model} " · " {kind}</p>
            <div class="agent-actions">
                <button type="button" class="action" aria-label=format!("Chat with {name}") on:click=chat>
                    "Chat"
                </button>
                <button
                    type="button"
                    class="action"
                    aria-label=format!("Edit {name}")
                    on:click=move |_| on_edit.run(agent.get_value())
                >
                    "Edit"
                </button>
                <button type="button" class="action" aria-label=format!("Duplicate {name}") on:click=duplicate>
                    "Duplicate"
                </button>
                {last}
            </div>
        </li>
    }
}
