//! The documents sync holds without reading them: written by a newer version
//! of Hearth (or not a record this device takes), they are kept as they are,
//! never deleted or overwritten from here, and read again after an update.
//! Nothing to pick: each says what it is, why, and what would read it.

use leptos::prelude::*;

use crate::sync::state::{Held, SyncContext};

/// The list (nothing while every document reads).
#[component]
pub(crate) fn SyncUnreadable() -> impl IntoView {
    let sync = SyncContext::expect();
    let item = |held: Held| {
        view! {
            <li>
                <p><strong>{held.label}</strong></p>
                <p>{format!("Why: {}.", held.why)}</p>
                <p>{format!("What now: {}", held.hint)}</p>
            </li>
        }
    };
    view! {
        <Show when=move || !sync.held.with(Vec::is_empty)>
            <h4>"Kept without reading"</h4>
            <p class="hint">
                "This version of Hearth cannot read these documents. They stay on the server and on every device as they are; nothing here deletes or changes them."
            </p>
            <ul class="sync-conflicts" aria-label="Documents this version cannot read">
                {move || sync.held.get().into_iter().map(item).collect_view()}
            </ul>
        </Show>
    }
}
