//! The Knowledge dialog: the knowledge bases, each with its files and what
//! became of them, a form to make one, and the last removal with Undo.
//! Built by the `knowledge` chunk ([`knowledge_dialog_view`]) the first time
//! it opens; opening it starts the worker and reads the list.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{Arg, tr, tr_with};
use crate::knowledge::base_section::BaseSection;
use crate::knowledge::new_base_form::NewBaseForm;
use crate::knowledge::state::{KnowledgeContext, Removal};
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

/// The dialog; `KnowledgeContext::dialog_open` shows it.
#[component]
pub(crate) fn KnowledgeDialog() -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    Effect::new(move |_| {
        if knowledge.dialog_open.get() {
            spawn_local(async move {
                knowledge.ensure_connected().await;
                knowledge.refresh().await;
            });
        }
    });
    let problem = move || {
        knowledge.problem.get().map(|problem| {
            let detail = problem.to_string();
            let text = tr_with("knowledge-problem", &[("detail", Arg::Text(&detail))], || {
                format!("Something went wrong with the knowledge bases: {detail}")
            });
            view! { <p class="form-error" role="alert">{text}</p> }
        })
    };
    let removal = move || {
        knowledge.removal.get().map(|removal| {
            let text = match &removal {
                Removal::Files { ids, name } => {
                    let count = ids.len();
                    let number = count as f64;
                    tr_with(
                        "knowledge-removed-files",
                        &[("name", Arg::Text(name)), ("count", Arg::Number(number))],
                        || {
                            if ids.len() == 1 { format!("Removed {name}") } else { format!("Removed {count} files") }
                        },
                    )
                }
                Removal::Base { name, .. } => {
                    tr_with("knowledge-removed-base", &[("name", Arg::Text(name))], || format!("Removed {name}"))
                }
            };
            view! {
                <div class="toast knowledge-undo">
                    <span>{text}</span>
                    <button type="button" on:click=move |_| spawn_local(knowledge.undo_removal())>
                        {tr("Undo")}
                    </button>
                </div>
            }
        })
    };
    let bases = move || knowledge.bases.get();
    view! {
        <ModalDialog
            open=knowledge.dialog_open
            on_close=Callback::new(move |()| knowledge.dialog_open.set(false))
            heading=tr("Knowledge")
            class="knowledge"
        >
            <p class="hint">
                {tr("Knowledge bases are your files, read and searched in this browser. An agent with a base gets the passages that best match each question, with their sources, and can search again. Only those passages go with your question; a base that embeds also sends its passages to the embedding model you choose.")}
            </p>
            {problem}
            <div role="status" aria-live="polite">{removal}</div>
            <NewBaseForm />
            <Show when=move || knowledge.loaded.get() && knowledge.bases.with(Vec::is_empty)>
                <p class="hint">{tr("No knowledge base yet.")}</p>
            </Show>
            <For
                each=bases
                key=|base| (base.id.clone(), base.name.clone(), base.embedding.clone(), base.folder_name.clone(), base.folder_allowed)
                let:base
            >
                <BaseSection base />
            </For>
        </ModalDialog>
    }
}

/// The dialog, built by code from the `knowledge` chunk, loaded when it first
/// opens (`LazyOnce` in `crate::app`).
#[wasm_split(knowledge, fallible)]
pub(crate) fn knowledge_dialog_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <KnowledgeDialog /> }.into_any())
}
