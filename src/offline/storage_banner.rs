//! A banner for storage problems (full quota, storage unavailable), dismissible.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::store::StoreContext;

/// Shows the latest storage problem until dismissed.
#[component]
pub(crate) fn StorageBanner() -> impl IntoView {
    let store = StoreContext::expect();
    view! {
        {move || {
            store
                .problem
                .get()
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
