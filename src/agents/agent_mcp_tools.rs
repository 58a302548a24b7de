//! The agent editor's MCP tools: for each MCP server (Tools dialog), its tools
//! as last listed, each with a box that lets the draft agent call it and its
//! "Ask before running" switch. An MCP tool asks before running until the
//! switch is cleared (or "Always allow" is chosen when it asks), and then only
//! for the definition it had: a changed description or schema asks again.

use hearth_core::agent::AgentRecord;
use hearth_core::tools::definition_hash;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::agents::mcp_tool_option::McpToolOption;
use crate::mcp::state::McpContext;

/// The MCP tool choices of the agent being edited.
#[component]
pub(crate) fn AgentMcpTools(
    /// The agent being edited (a draft): the boxes show and change which MCP
    /// tools it may call and whether they ask before running.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let mcp = McpContext::expect();
    // Read on first use, and again after an import or a clear.
    Effect::new(move |_| {
        if !mcp.loaded.get() {
            spawn_local(mcp.ensure_loaded());
        }
    });
    view! {
        <For
            each=move || mcp.servers.get()
            key=|server| {
                let definitions: Vec<String> = server.tools.iter().map(definition_hash).collect();
                (server.id.clone(), server.name.clone(), server.enabled, definitions)
            }
            children=move |server| {
                let legend = format!("Tools from the MCP server {}", server.name);
                let off = (!server.enabled).then(|| {
                    view! { <p class="hint">"Its tools are not offered: the server is switched off in the Tools dialog."</p> }
                });
                let empty = server.tools.is_empty().then(|| {
                    view! { <p class="hint">"No tools listed yet: Check it in the Tools dialog."</p> }
                });
                let options = server
                    .tools
                    .iter()
                    .map(|tool| view! { <McpToolOption draft server_id=server.id.clone() server_name=server.name.clone() tool=tool.clone() /> })
                    .collect_view();
                view! {
                    <fieldset>
                        <legend>{legend}</legend>
                        {off}
                        {empty}
                        <ul class="tool-options">{options}</ul>
                    </fieldset>
                }
            }
        />
    }
}
