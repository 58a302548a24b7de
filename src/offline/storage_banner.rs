//! A banner for storage problems (full quota, storage unavailable),
//! dismissible, and for the note while start-up upgrades the stored database.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::store::{StoreContext, upgrade_note};

/// Shows the latest storage problem until dismissed, or the upgrade's note
/// while it runs: in a status that is in the page, empty, from the start, so
/// that screen readers announce the note (they often miss a live region
/// added with its text; an alert they announce as it comes).
#[component]
pub(crate) fn StorageBanner() -> impl IntoView {
    let store = StoreContext::expect();
    let upgrading = move || store.problem.with(|problem| problem.as_deref() == Some(upgrade_note()));
    view! {
        <div role="status">
            {move || upgrading().then(|| view! { <p class="banner banner-note">{upgrade_note()}</p> })}
        </div>
        {move || {
            store
                .problem
                .get()
                .filter(|text| text != upgrade_note())
                .map(|text| {
                    view! {
                        <div class="banner" role="alert">
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
