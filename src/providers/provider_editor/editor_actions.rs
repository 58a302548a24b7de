//! The provider form's buttons: Test connection (off while the base URL
//! cannot be used), Use this provider ("In use" for the one answering) and
//! Delete provider (after a confirmation), and the status line that says what
//! a test found.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::edited::EditedEntry;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::dialogs::confirm;
use crate::providers::state::{Connected, ProviderEntry, test_connection};

/// The actions on the account edited, and their status.
#[component]
pub(crate) fn EditorActions(
    /// The account edited.
    form: EditedEntry,
    /// Why the base URL cannot be used, if it cannot (no test then).
    url_problem: Memo<Option<String>>,
    /// Called with what a successful test found (the models listed, and what
    /// each reads).
    on_connected: Callback<Connected>,
    /// Called after the user confirmed Delete provider and the account was
    /// removed.
    on_removed: Callback<()>,
) -> impl IntoView {
    let (providers, entry, id) = (form.providers, form.entry, form.id);
    let status = RwSignal::new(String::new());
    let testing = RwSignal::new(false);
    let test = move |_| {
        let Some(entry) = entry.get_untracked() else { return };
        testing.set(true);
        status.set(tr("Testing the connection…").to_owned());
        spawn_local(async move {
            match test_connection(&entry).await {
                Ok(connected) => {
                    status.set(connected.summary.clone());
                    on_connected.run(connected);
                }
                Err(problem) => status.set(problem.to_string()),
            }
            testing.set(false);
        });
    };
    let remove = move |_| {
        let name = entry.with_untracked(|e| e.as_ref().map(|e| e.provider.name.clone()).unwrap_or_default());
        let question = tr_with("providers-delete-confirm", &[("name", Arg::Text(&name))], || {
            format!("Delete the provider “{name}” and its key?")
        });
        if confirm(&question) {
            providers.remove(id.get_value());
            on_removed.run(());
        }
    };
    let in_use = move || {
        let active = providers.active.get();
        providers.list.with(|list| {
            let first = list.first().map(ProviderEntry::id);
            id.with_value(|id| active.as_deref().map_or(first == Some(id.as_str()), |active| active == id))
        })
    };
    view! {
        <div class="editor-actions">
            <button
                type="button"
                on:click=test
                disabled=move || testing.get() || url_problem.with(Option::is_some)
            >
                {tr("Test connection")}
            </button>
            <button
                type="button"
                disabled=in_use
                on:click=move |_| providers.set_active(id.get_value())
            >
                {move || if in_use() { tr("In use") } else { tr("Use this provider") }}
            </button>
            <button type="button" class="danger" on:click=remove>
                {tr("Delete provider")}
            </button>
        </div>
        <p class="status" role="status">
            {move || status.get()}
        </p>
    }
}
