//! The tools an MCP server listed when last checked, in a disclosure named by
//! their count, with what they add to every request of an agent that offers
//! them.

use hearth_core::format::grouped;
use hearth_core::tools::{McpServer, tool_tokens};
use leptos::prelude::*;

use crate::i18n::{Arg, tr_with};

/// The tool list of one server's row.
#[component]
pub(crate) fn ServerTools(
    /// The server as stored now (`None` once removed).
    server: Memo<Option<McpServer>>,
) -> impl IntoView {
    let tool_list = move || {
        server.with(|server| {
            server
                .iter()
                .flat_map(|server| server.tools.iter())
                .map(|tool| {
                    let label = tool.name.clone();
                    let description = tool.about();
                    view! {
                        <li>
                            <span class="tool-name">{label}</span>
                            " "
                            <span class="hint">{description}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let tool_count = move || {
        let count = server.with(|server| server.as_ref().map_or(0, |s| s.tools.len()));
        tr_with("mcp-tool-count", &[("count", Arg::Number(count as f64))], || {
            if count == 1 { "1 tool".to_owned() } else { format!("{count} tools") }
        })
    };
    let all_tokens = move || {
        let tokens = server.with(|server| {
            server.iter().flat_map(|s| s.tools.iter()).fold(0_u32, |sum, tool| sum.saturating_add(tool_tokens(tool)))
        });
        tr_with("mcp-tools-tokens", &[("tokens", Arg::Number(f64::from(tokens)))], || {
            format!(
                "All of them add about {} tokens to every request of an agent that offers them.",
                grouped(tokens.into())
            )
        })
    };
    view! {
        <details>
            <summary>{tool_count}</summary>
            <p class="hint">{all_tokens}</p>
            <ul class="mcp-tool-list">{tool_list}</ul>
        </details>
    }
}
