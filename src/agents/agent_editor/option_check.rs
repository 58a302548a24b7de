//! A checkbox that switches one of an agent's options, named by its label.

use leptos::prelude::*;

/// One option switched on or off by a checkbox, named by its label.
#[component]
pub(crate) fn OptionCheck(
    /// The label, which is also the checkbox's accessible name.
    label: &'static str,
    /// Whether the option is on.
    checked: Signal<bool>,
    /// Called with the new state when the user switches it.
    set: Callback<bool>,
) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" prop:checked=move || checked.get() on:change=move |ev| set.run(event_target_checked(&ev)) />
            {label}
        </label>
    }
}
