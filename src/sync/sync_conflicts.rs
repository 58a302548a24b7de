//! The conflicts sync could not merge alone: a field both devices changed.
//! Each shows both values; the winner's is what Hearth shows now, and either
//! can be kept.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::sync::state::{Conflict, SyncContext, code};

/// A value as text, for showing.
fn shown(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(text) => text.clone(),
        serde_json::Value::Null => tr("(empty)").to_owned(),
        other => other.to_string(),
    }
}

/// The list (nothing while there is no conflict).
#[component]
pub(crate) fn SyncConflicts() -> impl IntoView {
    let sync = SyncContext::expect();
    let keep = move |conflict: Conflict, take_other: bool| {
        spawn_local(async move {
            if let Ok(code) = code::load().await {
                (code.resolve)(sync, conflict, take_other).await;
            }
        });
    };
    let item = move |conflict: Conflict| {
        let shown_value = shown(&conflict.shown);
        let other_value = shown(&conflict.other);
        let heading = format!("{}: {}", conflict.label, conflict.field);
        let (a, b) = (conflict.clone(), conflict.clone());
        view! {
            <li>
                <p><strong>{heading}</strong></p>
                <p>{tr("Shown now:")} " " <q>{shown_value}</q></p>
                <p>{tr("The other device's:")} " " <q>{other_value}</q></p>
                <div class="button-row">
                    <button type="button" on:click=move |_| keep(a.clone(), false)>{tr("Keep the shown one")}</button>
                    <button type="button" on:click=move |_| keep(b.clone(), true)>{tr("Keep the other device's")}</button>
                </div>
            </li>
        }
    };
    view! {
        <Show when=move || !sync.conflicts.with(Vec::is_empty)>
            <h4>{tr("Changed on two devices")}</h4>
            <p class="hint">{tr("Both devices changed these at the same time. Pick the one to keep; the other is dropped.")}</p>
            <ul class="sync-conflicts" aria-label=tr("Conflicts to resolve")>{move || sync.conflicts.get().into_iter().map(item).collect_view()}</ul>
        </Show>
    }
}
