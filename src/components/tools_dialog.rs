//! The Tools dialog: which built-in and user tools the General Assistant may
//! call, which of them ask before running (where "Always allow" is taken back),
//! how many rounds of calls one answer may take, the user's own tools, and
//! the project files the read-a-file tool reads. A tool that came in with an
//! import is not offered to the model until the user allows it here.

use hearth_core::storage::DEFAULT_AGENT_ID;
use hearth_core::tools::{Builtin, LoopConfig, UserTool};
use leptos::prelude::*;

use crate::components::ask_before_running::AskBeforeRunning;
use crate::components::modal_dialog::ModalDialog;
use crate::components::project_files::ProjectFiles;
use crate::components::text_field::TextField;
use crate::components::user_tool_editor::UserToolEditor;
use crate::io::ids::new_id;
use crate::tools::ToolsContext;

/// The dialog; `ToolsContext::dialog_open` shows it.
#[component]
pub(crate) fn ToolsDialog() -> impl IntoView {
    let tools = ToolsContext::expect();
    let agents = tools.agents;
    let general = move || agents.get_or_general(DEFAULT_AGENT_ID);
    let is_enabled = move |name: &str| general().tools.iter().any(|tool| tool == name);
    let editing = RwSignal::new(None::<String>);
    let rounds_problem = RwSignal::new(None::<String>);
    let add = move |_| {
        let tool = UserTool {
            id: new_id(),
            name: String::new(),
            description: String::new(),
            parameters: "{\n  \"type\": \"object\",\n  \"properties\": {}\n}".to_owned(),
            code: String::new(),
            uses_network: false,
            needs_review: false,
        };
        editing.set(Some(tool.id.clone()));
        tools.user_tools.update(|list| list.push(tool));
    };
    let builtin_list = Builtin::ALL
        .into_iter()
        .map(|builtin| {
            let name = builtin.name();
            let ask_label = format!("Ask before running {}", builtin.label());
            view! {
                <li>
                    <label class="check">
                        <input
                            type="checkbox"
                            prop:checked=move || is_enabled(name)
                            on:change=move |ev| agents.set_tool_enabled(DEFAULT_AGENT_ID, name, event_target_checked(&ev))
                        />
                        {builtin.label()}
                    </label>
                    <AskBeforeRunning agent_id=DEFAULT_AGENT_ID.to_owned() name=name.to_owned() label=ask_label />
                    <p class="hint">{builtin.description()}</p>
                </li>
            }
        })
        .collect_view();
    view! {
        <ModalDialog
            open=tools.dialog_open
            on_close=Callback::new(move |()| tools.dialog_open.set(false))
            heading="Tools"
            class="tools"
        >
            <p class="hint">
                "The assistant may call the tools checked here. They run in this browser; JavaScript runs in a sandbox without access to Hearth's data. A tool with Ask before running waits for your Allow at each call: tools that reach the network ask, so nothing leaves without you."
            </p>
            <fieldset>
                <legend>"Built-in tools"</legend>
                <ul class="tool-options">{builtin_list}</ul>
            </fieldset>
            <TextField
                label="Most tool rounds per answer"
                kind="number"
                min=LoopConfig::MIN_ROUNDS
                max=LoopConfig::MAX_ROUNDS
                value=move || general().round_limit().to_string()
                error=rounds_problem
                on_change=Callback::new(move |typed: String| match typed.trim().parse::<u32>() {
                    Ok(rounds) if (LoopConfig::MIN_ROUNDS..=LoopConfig::MAX_ROUNDS).contains(&rounds) => {
                        rounds_problem.set(None);
                        agents.update(DEFAULT_AGENT_ID, |agent| agent.max_tool_rounds = Some(rounds));
                    }
                    _ => rounds_problem.set(Some("Enter a whole number from 1 to 100.".to_owned())),
                })
            />
            <fieldset>
                <legend>"Your tools"</legend>
                <Show
                    when=move || tools.user_tools.with(|list| !list.is_empty())
                    fallback=|| view! { <p class="hint">"None yet. A tool is a name, a description, a JSON schema of its arguments and JavaScript that gets them as args."</p> }
                >
                    <ul class="tool-options">
                        <For
                            each=move || tools.user_tools.get()
                            key=|tool| (tool.id.clone(), tool.name.clone())
                            children=move |tool| {
                                let name = tool.name.trim().to_owned();
                                let shown = if name.is_empty() { "(unnamed)".to_owned() } else { name.clone() };
                                let checked = name.clone();
                                let ask_name = name.clone();
                                let named = !name.is_empty();
                                let id = tool.id.clone();
                                let review_id = tool.id.clone();
                                let needs_review = Memo::new(move |_| {
                                    tools
                                        .user_tools
                                        .with(|list| list.iter().any(|t| t.id == review_id && t.needs_review))
                                });
                                let unnamed = name.is_empty();
                                let allow_label = format!("Allow imported tool {shown}");
                                let allow_id = tool.id.clone();
                                let allow = move |_| {
                                    let tool = tools
                                        .user_tools
                                        .with_untracked(|list| list.iter().find(|t| t.id == allow_id).cloned());
                                    if let Some(tool) = tool {
                                        tools.save_user_tool(UserTool { needs_review: false, ..tool });
                                    }
                                };
                                view! {
                                    <li class="user-tool">
                                        <label class="check">
                                            <input
                                                type="checkbox"
                                                disabled=move || unnamed || needs_review.get()
                                                prop:checked=move || is_enabled(&checked) && !needs_review.get()
                                                on:change=move |ev| agents.set_tool_enabled(DEFAULT_AGENT_ID, &name, event_target_checked(&ev))
                                            />
                                            {shown.clone()}
                                        </label>
                                        <Show when=move || named>
                                            <AskBeforeRunning
                                                agent_id=DEFAULT_AGENT_ID.to_owned()
                                                name=ask_name.clone()
                                                label=format!("Ask before running {}", ask_name)
                                            />
                                        </Show>
                                        <Show when=move || needs_review.get()>
                                            <p class="hint review-note">
                                                "Imported: not offered to the model until you review its code (Edit) and allow it."
                                            </p>
                                            <button
                                                type="button"
                                                class="action"
                                                aria-label=allow_label.clone()
                                                on:click=allow.clone()
                                            >
                                                "Allow"
                                            </button>
                                        </Show>
                                        <button
                                            type="button"
                                            class="action"
                                            aria-label=format!("Edit {shown}")
                                            on:click=move |_| editing.set(Some(id.clone()))
                                        >
                                            "Edit"
                                        </button>
                                    </li>
                                }
                            }
                        />
                    </ul>
                </Show>
                <button type="button" on:click=add>
                    "New tool"
                </button>
            </fieldset>
            {move || {
                editing
                    .get()
                    .map(|id| {
                        view! { <UserToolEditor id on_done=Callback::new(move |()| editing.set(None)) /> }
                    })
            }}
            <ProjectFiles />
        </ModalDialog>
    }
}
