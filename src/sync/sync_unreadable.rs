//! The documents sync holds instead of syncing: those this version cannot
//! read (written by a newer version of Hearth, or not a record this device
//! takes), kept as they are, never deleted or overwritten from here and read
//! again after an update; and those of this device the server refused (too
//! large), which stay here. Nothing to pick: each says what it is, why, and
//! what would change it.

use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::sync::state::{Held, SyncContext};

/// One held document.
fn item(held: Held) -> impl IntoView {
    view! {
        <li>
            <p><strong>{held.label}</strong></p>
            <p>{tr_with("sync-held-why", &[("why", Arg::Text(&held.why))], || format!("Why: {}.", held.why))}</p>
            <p>{tr_with("sync-held-what-now", &[("hint", Arg::Text(&held.hint))], || format!("What now: {}", held.hint))}</p>
        </li>
    }
}

/// The two lists (nothing while every document syncs).
#[component]
pub(crate) fn SyncUnreadable() -> impl IntoView {
    let sync = SyncContext::expect();
    let of = move |unreadable: bool| {
        sync.held.with(|held| held.iter().filter(|h| h.unreadable == unreadable).cloned().collect::<Vec<_>>())
    };
    view! {
        <Show when=move || !of(true).is_empty()>
            <h4>{tr("Kept without reading")}</h4>
            <p class="hint">
                {tr("This version of Hearth cannot read these documents. They stay on the server and on every device as they are; nothing here deletes or changes them.")}
            </p>
            <ul class="sync-conflicts" aria-label=tr("Documents this version cannot read")>
                {move || of(true).into_iter().map(item).collect_view()}
            </ul>
        </Show>
        <Show when=move || !of(false).is_empty()>
            <h4>{tr("Not synced")}</h4>
            <p class="hint">{tr("The server refused these. They stay on this device; everything else syncs.")}</p>
            <ul class="sync-conflicts" aria-label=tr("Documents the server refused")>
                {move || of(false).into_iter().map(item).collect_view()}
            </ul>
        </Show>
    }
}
