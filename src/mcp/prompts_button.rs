//! The composer's "Prompts and resources" button, beside Attach: shown while
//! an MCP server is on, it opens the dialog of their prompts and resources
//! (`mcp_picker`, whose code loads with the MCP client).

use leptos::prelude::*;

use crate::i18n::tr;
use crate::mcp::state::McpContext;
use crate::ui::icon::{Icon, IconName};

/// The button (nothing while no server is on).
#[component]
pub(crate) fn PromptsButton() -> impl IntoView {
    let mcp = McpContext::expect();
    let shown = move || mcp.any_on();
    view! {
        <Show when=shown>
            <button
                type="button"
                class="attach"
                aria-label=tr("Prompts and resources")
                title=tr("Prompts and resources of your MCP servers")
                aria-haspopup="dialog"
                on:click=move |_| mcp.picker_open.set(true)
            >
                <Icon name=IconName::SquareSlash />
            </button>
        </Show>
    }
}
