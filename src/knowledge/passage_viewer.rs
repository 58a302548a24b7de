//! The viewer a cited passage opens in: its file's name and place, the file's
//! text as it was read (a PDF's page, a document's sections) with the passage
//! marked and scrolled to, and for a PDF a link that opens the file itself
//! at that page in the browser's viewer. Nothing opens by itself.

use hearth_core::knowledge::context::locator_label;
use leptos::prelude::*;

use crate::knowledge::file_text::FileText;
use crate::knowledge::state::KnowledgeContext;
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

/// The viewer of `knowledge.viewing`.
#[component]
pub(crate) fn PassageViewer() -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    let open = knowledge.viewer_open;
    let heading = Signal::derive(move || {
        knowledge.viewing.with(|viewing| {
            viewing.as_ref().map_or_else(String::new, |passage| {
                let place = locator_label(&passage.at);
                if place.is_empty() { passage.name.clone() } else { format!("{} — {}", passage.name, place) }
            })
        })
    });
    view! {
        <ModalDialog
            open
            on_close=Callback::new(move |()| knowledge.close_viewer())
            heading
            class="passage-viewer"
        >
            {move || knowledge.viewing.get().map(|passage| view! { <FileText passage /> })}
        </ModalDialog>
    }
}

/// The viewer, built by code from the `knowledge` chunk.
#[wasm_split(knowledge, fallible)]
pub(crate) fn passage_viewer_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <PassageViewer /> }.into_any())
}
