//! One agent in the Agents dialog's list: its name, description, model and
//! type, and what can be done with it. Each button's accessible name says which
//! agent it acts on ("Edit Translator"). The built-in agents (the General
//! Assistant and the App Builder) have no Delete: they are reset to their
//! default instead (after a confirmation); deleting any other agent asks first.

use hearth_core::agent::{APP_BUILDER_NAME, AgentKind, AgentRecord, GENERAL_NAME};
use leptos::prelude::*;

use crate::agents::state::{AgentsContext, shown_description, shown_name};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::dialogs::confirm;
use crate::providers::state::ProvidersContext;
use crate::sessions::state::SessionsContext;

/// The model an agent runs on, as the list shows it (tracked).
fn model_label(providers: ProvidersContext, agent: &AgentRecord) -> String {
    let Some(id) = agent.model_config_id.as_deref() else { return tr("Default model").to_owned() };
    providers.list.with(|list| {
        list.iter()
            .find(|entry| entry.model.id == id)
            .map_or_else(|| tr("Default model (its account was removed)").to_owned(), |entry| entry.label())
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
    let name = shown_name(&agent);
    let id = StoredValue::new(agent.id.clone());
    let kind = match agent.kind {
        AgentKind::Chat => tr("Chat"),
        AgentKind::App => tr("App (no tools)"),
    };
    let description = (!agent.description.trim().is_empty())
        .then(|| view! { <p class="agent-description">{shown_description(&agent)}</p> });
    // A built-in agent is reset, never deleted; the question names it as it was built.
    let builtin = agent.is_builtin();
    let builtin_name = tr(if agent.is_general() { GENERAL_NAME } else { APP_BUILDER_NAME });
    let agent = StoredValue::new(agent);
    let model = move || agent.with_value(|agent| model_label(providers, agent));
    let duplicate = move |_| {
        if let Some(copy) = id.with_value(|id| agents.duplicate(id)) {
            on_status.run(tr_with("agents-made-copy", &[("name", Arg::Text(&copy.name))], || {
                format!("Made {}.", copy.name)
            }));
        }
    };
    let delete = {
        let name = name.clone();
        move |_| {
            let question = tr_with("agents-delete-confirm", &[("name", Arg::Text(&name))], || {
                format!(
                    "Delete the agent “{name}”? Conversations that used it keep its name on their replies and go on with the General Assistant."
                )
            });
            if confirm(&question) {
                id.with_value(|id| agents.delete(id));
                on_status.run(tr_with("agents-deleted", &[("name", Arg::Text(&name))], || format!("Deleted {name}.")));
            }
        }
    };
    let reset = move |_| {
        let question = tr_with("agents-reset-confirm", &[("name", Arg::Text(builtin_name))], || {
            format!(
                "Reset the {builtin_name} to its default? Its prompt, model and tools go back to how they were at first."
            )
        });
        if confirm(&question) {
            id.with_value(|id| agents.reset_to_default(id));
            on_status.run(tr_with("agents-reset-done", &[("name", Arg::Text(builtin_name))], || {
                format!("The {builtin_name} is back to its default.")
            }));
        }
    };
    let chat = move |_| {
        id.with_value(|id| agents.choose(id));
        sessions.new_chat();
        agents.dialog_open.set(false);
    };
    let args = [("name", Arg::Text(&name))];
    let reset_label = tr_with("agents-reset-agent", &args, || format!("Reset {name} to default"));
    let delete_label = tr_with("agents-delete-agent", &args, || format!("Delete {name}"));
    let chat_label = tr_with("agents-chat-with-agent", &args, || format!("Chat with {name}"));
    let edit_label = tr_with("agents-edit-agent", &args, || format!("Edit {name}"));
    let duplicate_label = tr_with("agents-duplicate-agent", &args, || format!("Duplicate {name}"));
    let last = if builtin {
        view! {
            <button type="button" class="action" aria-label=reset_label on:click=reset>
                {tr("Reset")}
            </button>
        }
        .into_any()
    } else {
        view! {
            <button type="button" class="action danger" aria-label=delete_label on:click=delete>
                {tr("Delete")}
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
                <button type="button" class="action" aria-label=chat_label on:click=chat>
                    {tr("Chat")}
                </button>
                <button
                    type="button"
                    class="action"
                    aria-label=edit_label
                    on:click=move |_| on_edit.run(agent.get_value())
                >
                    {tr("Edit")}
                </button>
                <button type="button" class="action" aria-label=duplicate_label on:click=duplicate>
                    {tr("Duplicate")}
                </button>
                {last}
            </div>
        </li>
    }
}
