//! A banner for storage problems (full quota, storage unavailable),
//! dismissible, and for the note while start-up upgrades the stored database.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::store::{StoreContext, upgrade_note};

/// Shows the latest storage problem until dismissed, or the upgrade's note
/// while it runs (as a status, its button hidden by the stylesheet).
#[component]
pub(crate) fn StorageBanner() -> impl IntoView {
    let store = StoreContext::expect();
    view! {
        {move || {
            store
                .problem
                .get()
                .map(|text| {
                    let role = if text == upgrade_note() { "status" } else { "alert" };
                    view! {
                        <div class="banner" role=role>
                            <p>{text}</p>
                            <button type="button" on:click=move |_| store.problem.set(None)>
                                {tr("Dismiss")}
                            </button>
                        </div>
                    }
                })
        }}
    }
}
