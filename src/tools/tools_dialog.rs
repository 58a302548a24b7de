//! The Tools dialog: the user's own tools and the project files the
//! read-a-file tool reads, which every agent shares. A tool that came in with an
//! import is not offered to any model until the user allows it here. Which tools
//! an agent may call, whether they ask before running and how many rounds it
//! may take are set in the agent (the Agents dialog).

use hearth_core::tools::UserTool;
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::ids::new_id;
use crate::mcp::mcp_servers::McpServers;
use crate::tools::project_files::ProjectFiles;
use crate::tools::state::ToolsContext;
use crate::tools::user_tool_editor::UserToolEditor;
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

/// The dialog; `ToolsContext::dialog_open` shows it.
#[component]
pub(crate) fn ToolsDialog() -> impl IntoView {
    let tools = ToolsContext::expect();
    let agents = tools.agents;
    let editing = RwSignal::new(None::<String>);
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
    view! {
        <ModalDialog
            open=tools.dialog_open
            on_close=Callback::new(move |()| tools.dialog_open.set(false))
            heading=tr("Tools")
            class="tools"
        >
            <p class="hint">
                {tr("Your own tools, and the project files the read-a-file tool reads, are shared by every agent. Tools run in this browser; JavaScript runs in a sandbox without access to Hearth's data. Which tools an agent may call, and which of them ask before running, is set in the agent.")}
            </p>
            <button
                type="button"
                class="action"
                on:click=move |_| {
                    tools.dialog_open.set(false);
                    agents.dialog_open.set(true);
                }
            >
                {tr("Open Agents")}
            </button>
            <fieldset>
                <legend>{tr("Your tools")}</legend>
                <Show
                    when=move || tools.user_tools.with(|list| !list.is_empty())
                    fallback=|| view! { <p class="hint">{tr("None yet. A tool is a name, a description, a JSON schema of its arguments and JavaScript that gets them as args.")}</p> }
                >
                    <ul class="tool-options">
                        <For
                            each=move || tools.user_tools.get()
                            key=|tool| (tool.id.clone(), tool.name.clone())
                            children=move |tool| {
                                let name = tool.name.trim().to_owned();
                                let shown = if name.is_empty() { tr("(unnamed)").to_owned() } else { name.clone() };
                                let id = tool.id.clone();
                                let review_id = tool.id.clone();
                                let needs_review = Memo::new(move |_| {
                                    tools
                                        .user_tools
                                        .with(|list| list.iter().any(|t| t.id == review_id && t.needs_review))
                                });
                                let allow_label = tr_with("tools-allow-imported", &[("tool", Arg::Text(&shown))], || {
                                    format!("Allow imported tool {shown}")
                                });
                                let edit_label =
                                    tr_with("tools-edit-tool", &[("tool", Arg::Text(&shown))], || format!("Edit {shown}"));
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
                                        <span class="user-tool-name">{shown.clone()}</span>
                                        <Show when=move || needs_review.get()>
                                            <p class="hint review-note">
                                                {tr("Imported: not offered to the model until you review its code (Edit) and allow it.")}
                                            </p>
                                            <button
                                                type="button"
                                                class="action"
                                                aria-label=allow_label.clone()
                                                on:click=allow.clone()
                                            >
                                                {tr("Allow")}
                                            </button>
                                        </Show>
                                        <button
                                            type="button"
                                            class="action"
                                            aria-label=edit_label
                                            on:click=move |_| editing.set(Some(id.clone()))
                                        >
                                            {tr("Edit")}
                                        </button>
                                    </li>
                                }
                            }
                        />
                    </ul>
                </Show>
                <button type="button" on:click=add>
                    {tr("New tool")}
                </button>
            </fieldset>
            {move || {
                editing
                    .get()
                    .map(|id| {
                        view! { <UserToolEditor id on_done=Callback::new(move |()| editing.set(None)) /> }
                    })
            }}
            <McpServers />
            <ProjectFiles />
        </ModalDialog>
    }
}

/// The dialog, built by code from the `dialogs` chunk, loaded when a dialog first opens
/// (`LazyOnce` in `crate::app`).
#[wasm_split(dialogs, fallible)]
pub(crate) fn tools_dialog_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <ToolsDialog  /> }.into_any())
}
