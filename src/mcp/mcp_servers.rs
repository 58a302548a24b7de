//! The Tools dialog's MCP section: the servers the user added, each with its
//! status and tools, and the form that adds one. Which of their tools an
//! agent may call is chosen in the agent (every MCP tool asks before running
//! until the user allows it there or in the approval prompt).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::mcp::add_mcp_server::AddMcpServer;
use crate::mcp::mcp_server_row::McpServerRow;
use crate::mcp::state::McpContext;

/// The section.
#[component]
pub(crate) fn McpServers() -> impl IntoView {
    let mcp = McpContext::expect();
    // Read on first use, and again after an import, a clear, or the key
    // lock opened or locked here.
    Effect::new(move |_| {
        if mcp.stale() {
            spawn_local(mcp.ensure_loaded());
        }
    });
    view! {
        <fieldset class="mcp-servers">
            <legend>{tr("MCP servers")}</legend>
            <p class="hint">
                {tr(
                    "Tools from servers that speak the Model Context Protocol over HTTP. This browser connects to them directly, so a server must allow this page's origin (CORS). An agent offers their tools once you choose them in the agent, and each call asks first until you allow it.",
                )}
            </p>
            <Show
                when=move || mcp.servers.with(|list| !list.is_empty())
                fallback=|| view! { <p class="hint">{tr("None yet.")}</p> }
            >
                <ul class="tool-options">
                    <For
                        each=move || mcp.servers.with(|list| list.iter().map(|s| s.id.clone()).collect::<Vec<_>>())
                        key=String::clone
                        children=move |id| view! { <McpServerRow id /> }
                    />
                </ul>
            </Show>
            <AddMcpServer />
        </fieldset>
    }
}
