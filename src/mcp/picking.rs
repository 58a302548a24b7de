//! What the "Prompts and resources" dialog's parts share: what the user chose
//! to fill in ([`Chosen`]) and what is done with what they picked ([`Picking`]).

use hearth_core::mcp::listing::{McpPrompt, McpResourceTemplate};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::composer::state::ComposerDraft;
use crate::composer::state::attachments::Attachments;
use crate::i18n::{Arg, tr_with};
use crate::mcp::state::McpContext;

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
    /// Nothing chosen yet: the lists are shown.
    pub(crate) fn new(mcp: McpContext, draft: ComposerDraft, attachments: Attachments) -> Self {
        Picking {
            chosen: RwSignal::new(None),
            busy: RwSignal::new(None),
            problem: RwSignal::new(None),
            mcp,
            draft,
            attachments,
        }
    }

    /// Inserts the prompt `name` of `server` with `arguments` into the
    /// message box and closes the dialog; a failure stays open, saying why.
    pub(crate) fn insert_prompt(self, server: String, name: String, label: String, arguments: Vec<(String, String)>) {
        self.problem.set(None);
        self.busy.set(Some(tr_with("mcp-getting-prompt", &[("prompt", Arg::Text(&label))], || {
            format!("Getting the prompt {label}…")
        })));
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
                        let left_out = prompt.left_out;
                        self.attachments.problem.set(tr_with(
                            "mcp-prompt-parts-left-out",
                            &[("prompt", Arg::Text(&label)), ("count", Arg::Number(left_out as f64))],
                            || {
                                format!(
                                    "The prompt {label} also has {left_out} images, sounds or files that cannot go \
                                     into a message; they were left out."
                                )
                            },
                        ));
                    }
                }
                Err(failure) => self.problem.set(Some(failure.shown())),
            }
        });
    }

    /// Reads the resource `uri` of `server` and attaches its text to the next
    /// message, then closes the dialog; a failure stays open, saying why.
    pub(crate) fn attach_resource(self, server: String, uri: String) {
        self.problem.set(None);
        let reading = tr_with("mcp-reading-resource", &[("uri", Arg::Text(&uri))], || format!("Reading {uri}…"));
        self.busy.set(Some(reading));
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
                        tr_with(
                            "mcp-resource-parts-left-out",
                            &[("uri", Arg::Text(&uri)), ("count", Arg::Number(left_out as f64))],
                            || format!("{uri}: its {left_out} binary parts were left out (only text is attached)."),
                        )
                    } else {
                        String::new()
                    });
                    self.mcp.picker_open.set(false);
                }
                Err(failure) => self.problem.set(Some(failure.shown())),
            }
        });
    }
}
