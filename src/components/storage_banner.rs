//! A banner for storage problems (full quota, storage unavailable), dismissible.

use leptos::prelude::*;

use crate::sessions::SessionsContext;

/// Shows the latest storage problem until dismissed.
#[component]
pub(crate) fn StorageBanner() -> impl IntoView {
    let sessions = SessionsContext::expect();
    view! {
        {move || {
            sessions
                .storage_error
                .get()
                .map(|text| {
                    view! {
                        <div class="banner" role="alert">
                            <p>{text}</p>
                            <button type="button" on:click=move |_| sessions.storage_error.set(None)>
                                "Dismiss"
                            </button>
                        </div>
                    }
                })
        }}
    }
}
