//! The review of an import: what the file adds and changes, as a list, with
//! Import and Cancel. Nothing is written until Import is pressed; Cancel (or
//! Escape) changes nothing.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::store::data::PreparedImport;
use crate::ui::modal_dialog::ModalDialog;

/// The review dialog, with its heading and list made from the planned import.
#[component]
pub(crate) fn ImportReview(
    /// The planned import; the dialog is open while it is `Some`. Deciding
    /// takes it out (leaving `None`), which closes the dialog.
    pending: RwSignal<Option<PreparedImport>>,
    /// Called once per review, after `pending` is cleared, with the import for
    /// Import or `None` for Cancel (or Escape).
    on_decide: Callback<Option<PreparedImport>>,
) -> impl IntoView {
    let decide = move |import: bool| {
        if let Some(prepared) = pending.try_update(Option::take).flatten() {
            on_decide.run(import.then_some(prepared));
        }
    };
    view! {
        <ModalDialog
            open=move || pending.with(Option::is_some)
            on_close=Callback::new(move |()| decide(false))
            heading=move || pending.with(|p| p.as_ref().map(PreparedImport::heading).unwrap_or_default())
            class="import-review"
            close_button=false
        >
            <p>{tr("Nothing has been changed yet. The import will:")}</p>
            <ul>
                {move || {
                    pending
                        .with(|p| p.as_ref().map(PreparedImport::summary).unwrap_or_default())
                        .into_iter()
                        .map(|line| view! { <li>{line}</li> })
                        .collect_view()
                }}
            </ul>
            <div class="dialog-actions">
                <button type="button" on:click=move |_| decide(false)>
                    {tr("Cancel")}
                </button>
                <button type="button" class="primary" on:click=move |_| decide(true)>
                    {tr("Import")}
                </button>
            </div>
        </ModalDialog>
    }
}
