//! The agent editor's MCP tools: for each MCP server (Tools dialog), its tools
//! as last listed, each with a box that lets the draft agent call it and its
//! "Ask before running" switch. An MCP tool asks before running until the
//! switch is cleared (or "Always allow" is chosen when it asks), and then only
//! for the definition it had: a changed description or schema asks again.
//! Under each server: how many of its tools the agent offers and the tokens
//! their definitions add to every request, with a warning past a tenth of the
//! agent's context window.

use std::fmt::Write as _;

use hearth_core::agent::AgentRecord;
use hearth_core::compaction::FALLBACK_CONTEXT_WINDOW;
use hearth_core::format::grouped;
use hearth_core::tools::{McpServer, definition_hash, tool_key, tool_tokens};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::agents::mcp_tool_option::McpToolOption;
use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::state::McpContext;
use crate::providers::state::ProvidersContext;

/// The share of the context window (1 / this) past which a server's chosen
/// tools are said to take much of it.
const WARN_SHARE: u32 = 10;

/// The MCP tool choices of the agent being edited.
#[component]
pub(crate) fn AgentMcpTools(
    /// The agent being edited (a draft): the boxes show and change which MCP
    /// tools it may call and whether they ask before running.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let mcp = McpContext::expect();
    let providers = ProvidersContext::expect();
    let window = Memo::new(move |_| {
        let entry = draft.with(|agent| providers.entry_for(agent.model_config_id.as_deref()));
        entry.map_or(FALLBACK_CONTEXT_WINDOW, |entry| entry.model.effective_context_window(entry.preset()))
    });
    // Read on first use, and again after an import, a clear, or the key
    // lock opened or locked here.
    Effect::new(move |_| {
        if mcp.stale() {
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
                let legend = tr_with("agents-mcp-server-tools", &[("server", Arg::Text(&server.name))], || {
                    format!("Tools from the MCP server {}", server.name)
                });
                let off = (!server.enabled).then(|| {
                    view! { <p class="hint">{tr("Its tools are not offered: the server is switched off in the Tools dialog.")}</p> }
                });
                let empty = server.tools.is_empty().then(|| {
                    view! { <p class="hint">{tr("No tools listed yet: Check it in the Tools dialog.")}</p> }
                });
                let options = server
                    .tools
                    .iter()
                    .map(|tool| view! { <McpToolOption draft server_id=server.id.clone() server_name=server.name.clone() tool=tool.clone() /> })
                    .collect_view();
                let cost = cost(draft, server.clone(), window);
                view! {
                    <fieldset>
                        <legend>{legend}</legend>
                        {off}
                        {empty}
                        <ul class="tool-options">{options}</ul>
                        <p class="hint" class:warning=move || cost.get().1 role="status">{move || cost.get().0}</p>
                    </fieldset>
                }
            }
        />
    }
}

/// What `server`'s tools that `draft` offers cost each request, in words, and
/// whether that is past a [`WARN_SHARE`]th of `window`.
fn cost(draft: RwSignal<AgentRecord>, server: McpServer, window: Memo<u32>) -> Memo<(String, bool)> {
    Memo::new(move |_| {
        let (count, tokens) = draft.with(|agent| {
            let offered = agent.offered_tools();
            server
                .tools
                .iter()
                .filter(|tool| offered.contains(&tool_key(&server.id, &tool.name)))
                .fold((0_usize, 0_u32), |(count, tokens), tool| (count + 1, tokens.saturating_add(tool_tokens(tool))))
        });
        if count == 0 {
            return (String::new(), false);
        }
        let window = window.get();
        let heavy = tokens.saturating_mul(WARN_SHARE) > window;
        let english = || {
            let chosen = if count == 1 { "1 tool".to_owned() } else { format!("{count} tools") };
            let mut said = format!("{chosen} chosen: about {} tokens in every request", grouped(tokens.into()));
            if heavy {
                let _ = write!(
                    said,
                    ", more than a tenth of the model's {}-token context window. Choose fewer to leave room for the \
                     conversation.",
                    grouped(window.into())
                );
            } else {
                said.push('.');
            }
            said
        };
        let args = [
            ("count", Arg::Number(count as f64)),
            ("tokens", Arg::Number(f64::from(tokens))),
            ("window", Arg::Number(f64::from(window))),
        ];
        let said = if heavy {
            tr_with("agents-mcp-tools-cost-heavy", &args, english)
        } else {
            tr_with("agents-mcp-tools-cost", &args[..2], english)
        };
        (said, heavy)
    })
}
