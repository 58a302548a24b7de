//! A disclosure: a button that shows and hides the region below it
//! (`aria-expanded`, `aria-controls`), collapsed at first. The region's content
//! is put into the page only while it is shown, so a long hidden text (a
//! reasoning, a list of tool calls) costs nothing as it grows.

use leptos::prelude::*;

use crate::ui::next_id;

/// The button, then `aside` (shown whether or not the region is), then the
/// region with `children`.
#[component]
pub(crate) fn Disclosure(
    /// Makes the button's content, which is its accessible name. It is called
    /// once: a label that changes is a reactive closure inside it.
    #[prop(into)]
    toggle: ViewFn,
    /// The button's class.
    toggle_class: &'static str,
    /// The region's accessible name.
    #[prop(into)]
    region_label: Signal<String>,
    /// The region's class.
    region_class: &'static str,
    /// What sits between the button and the region, shown either way.
    #[prop(into, optional)]
    aside: ViewFn,
    /// The region's content, rendered while the region is shown.
    children: ChildrenFn,
) -> impl IntoView {
    let expanded = RwSignal::new(false);
    let region_id = format!("disclosure-{}", next_id());
    view! {
        <button
            type="button"
            class=toggle_class
            aria-expanded=move || expanded.get().to_string()
            aria-controls=region_id.clone()
            on:click=move |_| expanded.update(|open| *open = !*open)
        >
            {toggle.run()}
        </button>
        {aside.run()}
        <div
            id=region_id
            class=region_class
            role="region"
            aria-label=move || region_label.get()
            hidden=move || !expanded.get()
        >
            <Show when=move || expanded.get()>{children()}</Show>
        </div>
    }
}
