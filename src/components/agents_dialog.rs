//! The Agents dialog: every agent (the General Assistant first) with its
//! description, model and type, and what can be done with each: edit,
//! duplicate, delete (not the General Assistant, which is reset to its default
//! instead), and start a new conversation with it. The editor of the agent
//! being edited or made takes the list's place until Save or Cancel.

use hearth_core::storage::{AgentKind, AgentRecord};
use leptos::html::Button;
use leptos::prelude::*;

use crate::agents::AgentsContext;
use crate::components::agent_editor::AgentEditor;
use crate::components::modal_dialog::ModalDialog;
use crate::io::clock::now;
use crate::io::dialogs::confirm;
use crate::io::ids::new_id;
use crate::providers::ProvidersContext;
use crate::sessions::SessionsContext;

/// The model an agent runs on, as the list shows it (tracked).
fn model_label(providers: ProvidersContext, agent: &AgentRecord) -> String {
    let Some(id) = agent.model_config_id.as_deref() else { return "Default model".to_owned() };
    providers.list.with(|list| {
        list.iter()
            .find(|entry| entry.model.id == id)
            .map_or_else(|| "Default model (its account was removed)".to_owned(), |entry| entry.label())
    })
}

/// The dialog; `AgentsContext::dialog_open` shows it.
#[component]
pub(crate) fn AgentsDialog() -> impl IntoView {
    let agents = AgentsContext::expect();
    let providers = ProvidersContext::expect();
    let sessions = SessionsContext::expect();
    // The agent being edited, and whether it is new.
    let editing = RwSignal::new(None::<(AgentRecord, bool)>);
    let status = RwSignal::new(String::new());
    let new_button = NodeRef::<Button>::new();
    Effect::new(move |_| {
        if !agents.dialog_open.get() {
            editing.set(None);
            status.set(String::new());
        }
    });
    let done = Callback::new(move |()| {
        editing.set(None);
        // Back to the list, the focus on its first way in.
        request_animation_frame(move || {
            if let Some(button) = new_button.get_untracked() {
                let _ = button.focus();
            }
        });
    });
    let create = move |_| {
        status.set(String::new());
        editing.set(Some((AgentRecord::new(new_id(), String::new(), now()), true)));
    };
    let row = move |agent: AgentRecord| {
        let name = agent.name.clone();
        let id = StoredValue::new(agent.id.clone());
        let general = agent.is_general();
        let kind = match agent.kind {
            AgentKind::Chat => "Chat",
            AgentKind::App => "App (no tools)",
        };
        let model = {
            let agent = agent.clone();
            move || model_label(providers, &agent)
        };
        let edit = {
            let agent = agent.clone();
            move |_| {
                status.set(String::new());
                editing.set(Some((agent.clone(), false)));
            }
        };
        let duplicate = move |_| {
            if let Some(copy) = id.with_value(|id| agents.duplicate(id)) {
                status.set(format!("Made {}.", copy.name));
            }
        };
        let remove = {
            let name = name.clone();
            move |_| {
                let question = format!(
                    "Delete the agent “{name}”? Conversations that used it keep its name on their replies and go on with the General Assistant."
                );
                if confirm(&question) {
                    id.with_value(|id| agents.delete(id));
                    status.set(format!("Deleted {name}."));
                }
            }
        };
        let reset = move |_| {
            if confirm(
                "Reset the General Assistant to its default? Its prompt, model and tools go back to how they were at first.",
            ) {
                id.with_value(|id| agents.reset_to_default(id));
                status.set("The General Assistant is back to its default.".to_owned());
            }
        };
        let chat = move |_| {
            id.with_value(|id| agents.choose(id));
            sessions.new_chat();
            agents.dialog_open.set(false);
        };
        let description = (!agent.description.trim().is_empty())
            .then(|| view! { <p class="agent-description">{agent.description.clone()}</p> });
        view! {
            <li class="agent-row">
                <h3>{name.clone()}</h3>
                {description}
                <p class="hint agent-facts">{model} " · " {kind}</p>
                <div class="agent-actions">
                    <button type="button" class="action" aria-label=format!("Chat with {name}") on:click=chat>
                        "Chat"
                    </button>
                    <button type="button" class="action" aria-label=format!("Edit {name}") on:click=edit>
                        "Edit"
                    </button>
                    <button type="button" class="action" aria-label=format!("Duplicate {name}") on:click=duplicate>
                        "Duplicate"
                    </button>
                    {if general {
                        view! {
                            <button type="button" class="action" aria-label=format!("Reset {name} to default") on:click=reset>
                                "Reset to default"
                            </button>
                        }
                            .into_any()
                    } else {
                        view! {
                            <button type="button" class="action danger" aria-label=format!("Delete {name}") on:click=remove>
                                "Delete"
                            </button>
                        }
                            .into_any()
                    }}
                </div>
            </li>
        }
    };
    view! {
        <ModalDialog
            open=agents.dialog_open
            on_close=Callback::new(move |()| agents.dialog_open.set(false))
            heading="Agents"
            class="agents"
        >
            {move || match editing.get() {
                Some((agent, is_new)) => view! { <AgentEditor agent is_new on_done=done /> }.into_any(),
                None => view! {
                    <p class="hint">
                        "An agent is an assistant with its own instructions, model and tools. New conversations start with the one you chat with last."
                    </p>
                    <ul class="agent-list" aria-label="Your agents">
                        <For
                            each=move || agents.list.get()
                            key=|agent| (agent.id.clone(), agent.updated_at, agent.name.clone())
                            children=row
                        />
                    </ul>
                    <button type="button" class="primary" node_ref=new_button on:click=create>
                        "New agent"
                    </button>
                }
                    .into_any(),
            }}
            <p class="status" role="status">{move || status.get()}</p>
        </ModalDialog>
    }
}
