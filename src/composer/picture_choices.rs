//! The size, quality and count of "Create an image" (see `picture_dialog`).

use leptos::prelude::*;

use crate::i18n::tr;

/// The sizes offered, by value (empty: the provider decides); the labels are
/// translated where shown.
const SIZES: [(&str, &str); 4] =
    [("", "Size: automatic"), ("1024x1024", "Square"), ("1536x1024", "Landscape"), ("1024x1536", "Portrait")];
/// The qualities offered, by value (empty: the provider decides).
const QUALITIES: [(&str, &str); 4] =
    [("", "Quality: automatic"), ("low", "Quality: low"), ("medium", "Quality: medium"), ("high", "Quality: high")];

/// The size, quality and count selects.
#[component]
pub(crate) fn PictureChoices(
    /// The chosen size's value (empty: automatic).
    size: RwSignal<String>,
    /// The chosen quality's value (empty: automatic).
    quality: RwSignal<String>,
    /// How many pictures, as chosen ("1" to "4").
    count: RwSignal<String>,
) -> impl IntoView {
    let options = |choices: &[(&'static str, &'static str)]| {
        choices.iter().map(|&(value, label)| view! { <option value=value>{tr(label)}</option> }).collect_view()
    };
    view! {
        <div class="picture-choices">
            <select aria-label=tr("Size") prop:value=move || size.get() on:change=move |ev| size.set(event_target_value(&ev))>
                {options(&SIZES)}
            </select>
            <select aria-label=tr("Quality") prop:value=move || quality.get() on:change=move |ev| quality.set(event_target_value(&ev))>
                {options(&QUALITIES)}
            </select>
            <select aria-label=tr("How many pictures") prop:value=move || count.get() on:change=move |ev| count.set(event_target_value(&ev))>
                {options(&[("1", "1 picture"), ("2", "2 pictures"), ("3", "3 pictures"), ("4", "4 pictures")])}
            </select>
        </div>
    }
}
