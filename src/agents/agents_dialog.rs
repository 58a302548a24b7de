//! The Agents dialog: every agent (the General Assistant first, each an
//! [`AgentRow`]) and "New agent". The editor of the agent being edited or made
//! takes the list's place until Save or Cancel; closing the dialog keeps the
//! draft, so reopening it goes on where the user was.

use hearth_core::agent::AgentRecord;
use leptos::html::Button;
use leptos::prelude::*;

use crate::agents::agent_editor::AgentEditor;
use crate::agents::agent_row::AgentRow;
use crate::agents::state::AgentsContext;
use crate::i18n::tr;
use crate::io::clock::now;
use crate::io::ids::new_id;
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

/// The dialog; `AgentsContext::dialog_open` shows it.
#[component]
pub(crate) fn AgentsDialog() -> impl IntoView {
    let agents = AgentsContext::expect();
    // The agent being edited, and whether it is new.
    let editing = RwSignal::new(None::<(AgentRecord, bool)>);
    let status = RwSignal::new(String::new());
    let new_button = NodeRef::<Button>::new();
    Effect::new(move |_| {
        if !agents.dialog_open.get() {
            status.set(String::new());
        }
    });
    let done = Callback::new(move |()| {
        editing.set(None);
        // Back to the list, the focus on its way to a new agent.
        request_animation_frame(move || {
            if let Some(button) = new_button.get_untracked() {
                let _ = button.focus();
            }
        });
    });
    let on_edit = Callback::new(move |agent: AgentRecord| {
        status.set(String::new());
        editing.set(Some((agent, false)));
    });
    let on_status = Callback::new(move |text: String| status.set(text));
    let create = move |_| {
        status.set(String::new());
        editing.set(Some((AgentRecord::new(new_id(), String::new(), now()), true)));
    };
    view! {
        <ModalDialog
            open=agents.dialog_open
            on_close=Callback::new(move |()| agents.dialog_open.set(false))
            heading=tr("Agents")
            class="agents"
        >
            {move || match editing.get() {
                Some((agent, is_new)) => view! { <AgentEditor agent is_new on_done=done /> }.into_any(),
                None => view! {
                    <p class="hint">
                        {tr("An agent is an assistant with its own instructions, model and tools. New conversations start with the one you chat with last.")}
                    </p>
                    <ul class="agent-list" aria-label=tr("Your agents")>
                        <For
                            each=move || agents.list.get()
                            key=|agent| (agent.id.clone(), agent.updated_at, agent.name.clone())
                            children=move |agent| view! { <AgentRow agent on_edit on_status /> }
                        />
                    </ul>
                    <button type="button" class="primary" node_ref=new_button on:click=create>
                        {tr("New agent")}
                    </button>
                }
                    .into_any(),
            }}
            <p class="status" role="status">{move || status.get()}</p>
        </ModalDialog>
    }
}

/// The dialog, built by code from the `dialogs` chunk, loaded when a dialog first opens
/// (`LazyOnce` in `crate::app`).
#[wasm_split(dialogs, fallible)]
pub(crate) fn agents_dialog_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <AgentsDialog  /> }.into_any())
}
