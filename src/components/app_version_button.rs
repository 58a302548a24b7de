//! "Show app version N": on each reply of an app agent that holds an app, puts
//! that version into the preview, so every version stays reachable.

use leptos::prelude::*;

use crate::chat::ChatContext;
use crate::components::app_preview::{AppPreviewChoice, app_versions};

/// The button; nothing for a reply without an app.
#[component]
pub(crate) fn AppVersionButton(
    /// The id of the reply it belongs to.
    id: String,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let choice = AppPreviewChoice::expect();
    let id = StoredValue::new(id);
    // (this reply's number, whether it is the version the preview shows)
    let state = Memo::new(move |_| {
        let versions = app_versions(chat);
        let number =
            id.with_value(|id| versions.iter().find(|version| &version.id == id).map(|version| version.number))?;
        let chosen = choice.chosen.get();
        let shown_id = chosen
            .filter(|chosen| versions.iter().any(|version| &version.id == chosen))
            .or_else(|| versions.last().map(|version| version.id.clone()));
        Some((number, id.with_value(|id| shown_id.as_deref() == Some(id.as_str()))))
    });
    let show = move |_| {
        choice.chosen.set(Some(id.get_value()));
        choice.open.set(true);
    };
    move || {
        state.get().map(|(number, shown)| {
            let pressed = shown && choice.open.get();
            view! {
                <button type="button" class="action" aria-pressed=pressed.to_string() on:click=show>
                    {format!("Show app version {number}")}
                </button>
            }
        })
    }
}
