//! A modal dialog: the page behind it is inert while it is open, its heading
//! names it, and by default it ends with a Close button. The browser's
//! `showModal` puts the focus on its first control and Escape closes it; every
//! way of closing (Close, Escape, `open` turning false) ends in `on_close`.

use leptos::html::Dialog;
use leptos::prelude::*;

use crate::components::next_id;

/// The dialog, shown while `open` is true.
#[component]
pub(crate) fn ModalDialog(
    /// Whether the dialog is shown; it closes when this turns false.
    #[prop(into)]
    open: Signal<bool>,
    /// Called whenever the dialog has closed (Close, Escape, or `open` turning
    /// false), so the owner can set `open` back.
    on_close: Callback<()>,
    /// The heading, which is also the dialog's accessible name.
    #[prop(into)]
    heading: Signal<String>,
    /// A class besides `settings` (the dialogs' look), such as `tools`.
    #[prop(optional)]
    class: &'static str,
    /// Whether the dialog ends with a Close button (it does unless its content
    /// has its own way out, such as Cancel).
    #[prop(default = true)]
    close_button: bool,
    /// The content, below the heading.
    children: Children,
) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    let heading_id = format!("dialog-heading-{}", next_id());
    let labelled_by = heading_id.clone();
    Effect::new(move |_| {
        let Some(dialog) = dialog.get() else { return };
        if open.get() {
            let _ = dialog.show_modal();
        } else {
            dialog.close();
        }
    });
    let class = if class.is_empty() { "settings".to_owned() } else { format!("settings {class}") };
    view! {
        <dialog
            node_ref=dialog
            class=class
            aria-labelledby=labelled_by
            on:close=move |_| on_close.run(())
        >
            <h2 id=heading_id>{move || heading.get()}</h2>
            {children()}
            {close_button
                .then(|| {
                    view! {
                        <form method="dialog" class="dialog-actions">
                            <button type="submit">"Close"</button>
                        </form>
                    }
                })}
        </dialog>
    }
}
