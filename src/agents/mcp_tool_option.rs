//! One MCP tool in the agent editor: the box that lets the draft agent call
//! it, and its "Ask before running" switch, which when cleared allows the
//! tool's definition as it is now (a changed one asks again).

use hearth_core::agent::AgentRecord;
use hearth_core::mcp::listing::McpTool;
use hearth_core::tools::{definition_hash, tool_key};
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};

/// One MCP tool: its box and its "Ask before running" switch.
#[component]
pub(crate) fn McpToolOption(
    /// The agent being edited (a draft).
    draft: RwSignal<AgentRecord>,
    /// The server's id (part of the tool's key on the agent).
    server_id: String,
    /// The server's name, which tells apart tools of the same name.
    server_name: String,
    /// The tool as last listed.
    tool: McpTool,
) -> impl IntoView {
    let key = StoredValue::new(tool_key(&server_id, &tool.name));
    let hash = StoredValue::new(definition_hash(&tool));
    // Its name, as the approval prompt shows it; its title goes with the description.
    let shown = format!("{} ({server_name})", tool.name);
    let ask_label = tr_with("agents-ask-before-running-tool", &[("tool", Arg::Text(&shown))], || {
        format!("Ask before running {shown}")
    });
    let about = tool.about();
    let enabled = move || key.with_value(|key| draft.with(|agent| agent.tools.iter().any(|t| t == key)));
    let set_enabled = move |on: bool| {
        key.with_value(|key| {
            draft.update(|agent| {
                agent.tools.retain(|t| t != key);
                if on {
                    agent.tools.push(key.clone());
                }
            });
        });
    };
    let asks = move || key.with_value(|key| hash.with_value(|hash| draft.with(|agent| agent.mcp_asks(key, hash))));
    let set_asks = move |ask: bool| {
        key.with_value(|key| hash.with_value(|hash| draft.update(|agent| agent.set_mcp_asks(key, hash, ask))));
    };
    view! {
        <li class="user-tool">
            <label class="check">
                <input type="checkbox" prop:checked=enabled on:change=move |ev| set_enabled(event_target_checked(&ev)) />
                {shown.clone()}
            </label>
            <label class="check ask-before-running">
                <input
                    type="checkbox"
                    aria-label=ask_label
                    prop:checked=asks
                    on:change=move |ev| set_asks(event_target_checked(&ev))
                />
                {tr("Ask before running")}
            </label>
            <p class="hint">{about}</p>
        </li>
    }
}
