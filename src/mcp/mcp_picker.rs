//! The composer's "Prompts and resources" dialog: for every enabled MCP
//! server, its prompts (chosen, then filled in by [`PromptForm`], they go into
//! the message box) and its resources (attached to the next message like a
//! project file; a resource template is filled in by [`ResourceTemplateForm`]
//! first). Every list is asked for afresh each time the dialog opens.

use hearth_core::mcp::listing::{McpPrompt, McpResourceTemplate};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::ChatContext;
use crate::composer::state::ComposerDraft;
use crate::composer::state::attachments::Attachments;
use crate::mcp::prompt_form::PromptForm;
use crate::mcp::resource_template_form::ResourceTemplateForm;
use crate::mcp::server_offer::ServerOffer;
use crate::mcp::state::McpContext;
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

/// What the user chose to fill in.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Chosen {
    /// A prompt with arguments, of the server `server` (which completes
    /// arguments when `completions`).
    Prompt {
        /// The server's id.
        server: String,
        /// Whether it answers `completion/complete`.
        completions: bool,
        /// The prompt.
        prompt: McpPrompt,
    },
    /// A resource template of the server `server`.
    Template {
        /// The server's id.
        server: String,
        /// The template.
        template: McpResourceTemplate,
    },
}

/// What the dialog's parts do with what the user picked; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct Picking {
    /// The prompt or template being filled in (none: the lists are shown).
    pub(crate) chosen: RwSignal<Option<Chosen>>,
    /// What is being asked of a server now (shown and announced), if anything.
    pub(crate) busy: RwSignal<Option<String>>,
    /// Why the last pick failed (shown and announced), if it did.
    pub(crate) problem: RwSignal<Option<String>>,
    mcp: McpContext,
    draft: ComposerDraft,
    attachments: Attachments,
}

impl Picking {
    /// Inserts the prompt `name` of `server` with `arguments` into the
    /// message box and closes the dialog; a failure stays open, saying why.
    pub(crate) fn insert_prompt(self, server: String, name: String, label: String, arguments: Vec<(String, String)>) {
        self.problem.set(None);
        self.busy.set(Some(format!("Getting the prompt {label}…")));
        spawn_local(async move {
            let got = self.mcp.prompt_now(&server, &name, &arguments).await;
            self.busy.set(None);
            // Closed meanwhile: the user changed their mind.
            if !self.mcp.picker_open.get_untracked() {
                return;
            }
            match got {
                Ok(prompt) => {
                    self.mcp.picker_open.set(false);
                    self.draft.fill(&prompt.text);
                    if prompt.left_out > 0 {
                        self.attachments.problem.set(format!(
                            "The prompt {label} also has {} images, sounds or files that cannot go into a message; \
                             they were left out.",
                            prompt.left_out
                        ));
                    }
                }
                Err(failure) => self.problem.set(Some(failure.to_string())),
            }
        });
    }

    /// Reads the resource `uri` of `server` and attaches its text to the next
    /// message, then closes the dialog; a failure stays open, saying why.
    pub(crate) fn attach_resource(self, server: String, uri: String) {
        self.problem.set(None);
        self.busy.set(Some(format!("Reading {uri}…")));
        spawn_local(async move {
            let read = self.mcp.read_resource_now(&server, &uri).await;
            self.busy.set(None);
            if !self.mcp.picker_open.get_untracked() {
                return;
            }
            match read.map(|read| (read.left_out, self.attachments.attach_text(uri.clone(), read.text))) {
                Ok((_, Err(refused))) => self.problem.set(Some(refused.to_string())),
                Ok((left_out, Ok(()))) => {
                    self.attachments.problem.set(if left_out > 0 {
                        format!("{uri}: its {left_out} binary parts were left out (only text is attached).")
                    } else {
                        String::new()
                    });
                    self.mcp.picker_open.set(false);
                }
                Err(failure) => self.problem.set(Some(failure.to_string())),
            }
        });
    }
}

/// The dialog; `McpContext::picker_open` shows it.
#[component]
pub(crate) fn McpPicker() -> impl IntoView {
    let mcp = McpContext::expect();
    let picking = Picking {
        chosen: RwSignal::new(None),
        busy: RwSignal::new(None),
        problem: RwSignal::new(None),
        mcp,
        draft: ComposerDraft::expect(),
        attachments: ChatContext::expect().attachments,
    };
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
                "A prompt goes into the message box, to read and change before you send it. A resource is attached to your next message, as the text it has now."
            </p>
            <Show
                when=move || !servers().is_empty()
                fallback=|| view! { <p class="hint">"No MCP server is on. Add one in Tools."</p> }
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
            heading="Prompts and resources"
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
