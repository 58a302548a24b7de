//! The composer's "Prompts and resources" dialog: for every enabled MCP
//! server, its prompts (chosen, then filled in by [`PromptForm`], they go into
//! the message box) and its resources (attached to the next message like a
//! project file; a resource template is filled in by [`ResourceTemplateForm`]
//! first). Every list is asked for afresh each time the dialog opens.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::ChatContext;
use crate::composer::state::ComposerDraft;
use crate::i18n::tr;
use crate::mcp::picking::{Chosen, Picking};
use crate::mcp::prompt_form::PromptForm;
use crate::mcp::resource_template_form::ResourceTemplateForm;
use crate::mcp::server_offer::ServerOffer;
use crate::mcp::state::McpContext;
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

/// The dialog; `McpContext::picker_open` shows it.
#[component]
pub(crate) fn McpPicker() -> impl IntoView {
    let mcp = McpContext::expect();
    let picking = Picking::new(mcp, ComposerDraft::expect(), ChatContext::expect().attachments);
    // Each opening starts at the lists, asked for afresh (the servers read
    // first if they are not yet).
    Effect::new(move |_| {
        if mcp.picker_open.get() {
            picking.chosen.set(None);
            picking.problem.set(None);
            spawn_local(mcp.ensure_loaded());
        }
    });
    let servers = move || {
        mcp.servers.with(|list| {
            list.iter().filter(|server| server.enabled).map(|server| server.id.clone()).collect::<Vec<_>>()
        })
    };
    let lists = move || {
        view! {
            <p class="hint">
                {tr(
                    "A prompt goes into the message box, to read and change before you send it. A resource is attached to your next message, as the text it has now.",
                )}
            </p>
            <Show
                when=move || !servers().is_empty()
                fallback=|| view! { <p class="hint">{tr("No MCP server is on. Add one in Tools.")}</p> }
            >
                <For each=servers key=String::clone children=move |id| view! { <ServerOffer id picking /> } />
            </Show>
        }
    };
    let form = move |chosen: Chosen| match chosen {
        Chosen::Prompt { server, completions, prompt } => {
            view! { <PromptForm server completions prompt picking /> }.into_any()
        }
        Chosen::Template { server, template } => view! { <ResourceTemplateForm server template picking /> }.into_any(),
    };
    view! {
        <ModalDialog
            open=mcp.picker_open
            on_close=Callback::new(move |()| mcp.picker_open.set(false))
            heading=tr("Prompts and resources")
            class="mcp-picker"
        >
            <p class="picker-busy" role="status">{move || picking.busy.get()}</p>
            <p class="failed" role="alert">{move || picking.problem.get()}</p>
            {move || {
                if !mcp.picker_open.get() {
                    return ().into_any();
                }
                match picking.chosen.get() {
                    Some(chosen) => form(chosen),
                    None => lists().into_any(),
                }
            }}
        </ModalDialog>
    }
}

/// The dialog, built by code from the `mcp` chunk (with the client it uses),
/// loaded when it first opens (`LazyOnce` in `crate::app`).
#[wasm_split(mcp, fallible)]
pub(crate) fn mcp_picker_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <McpPicker /> }.into_any())
}
