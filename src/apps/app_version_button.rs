//! "Show app version N": on each reply of an app agent that holds an app, puts
//! that version into the preview, so every version stays reachable.

use leptos::prelude::*;

use crate::apps::state::AppPreviewChoice;
use crate::i18n::{Arg, tr_with};

/// The button; nothing for a reply without an app.
#[component]
pub(crate) fn AppVersionButton(
    /// The id of the reply it belongs to.
    id: String,
) -> impl IntoView {
    let choice = AppPreviewChoice::expect();
    let id = StoredValue::new(id);
    // (this reply's number, whether it is the version the preview shows)
    let state = Memo::new(move |_| id.with_value(|id| choice.number_of(id).map(|number| (number, choice.shows(id)))));
    let show = move |_| {
        choice.chosen.set(Some(id.get_value()));
        choice.open.set(true);
    };
    move || {
        state.get().map(|(number, shown)| {
            let pressed = shown && choice.open.get();
            view! {
                <button type="button" class="action" aria-pressed=pressed.to_string() on:click=show>
                    {tr_with("apps-show-version", &[("version", Arg::Number(number as f64))], || {
                        format!("Show app version {number}")
                    })}
                </button>
            }
        })
    }
}
