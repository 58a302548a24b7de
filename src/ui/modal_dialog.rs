//! A modal dialog: the page behind it is inert while it is open, its heading
//! names it, and by default it ends with a Close button. The browser's
//! `showModal` puts the focus on its first control and Escape closes it; every
//! way of closing (Close, Escape, `open` turning false) ends in `on_close`.
//! The dialog scrolls inside the window while its footer (Close, and the save
//! state when given) stays in view. On closing, the focus goes back to the
//! control that had it when the dialog opened; when that control is gone or
//! hidden (the empty conversation's "Set up a provider" once a provider exists,
//! or a button inside a dialog that closed to open this one, whose own opener
//! then takes the focus), the message box gets it.

use leptos::html::Dialog;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlDialogElement, HtmlElement};

use crate::i18n::tr;
use crate::ui::next_id;

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
    /// A state shown and announced (a status region) beside Close, such as
    /// "Saved"; none when not given. Shown only with the Close button.
    #[prop(optional, into)]
    status: Option<Signal<String>>,
    /// The content, below the heading.
    children: Children,
) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    let heading_id = format!("dialog-heading-{}", next_id());
    let labelled_by = heading_id.clone();
    Effect::new(move |_| {
        let Some(dialog) = dialog.get() else { return };
        if open.get() {
            if !dialog.open() {
                remember_opener(&dialog);
                let _ = dialog.show_modal();
            }
        } else {
            dialog.close();
        }
    });
    let closed = move |_| {
        if let Some(dialog) = dialog.get_untracked() {
            // The close event comes a task after the dialog closed: one opened
            // again meanwhile (Close, then at once its opener) stays open.
            if dialog.open() {
                return;
            }
            return_focus(dialog, true);
        }
        on_close.run(());
    };
    let class = if class.is_empty() { "settings".to_owned() } else { format!("settings {class}") };
    view! {
        <dialog node_ref=dialog class=class aria-labelledby=labelled_by on:close=closed>
            <h2 id=heading_id>{move || heading.get()}</h2>
            {children()}
            {close_button
                .then(|| {
                    view! {
                        <form method="dialog" class="dialog-actions">
                            {status
                                .map(|status| {
                                    view! {
                                        <p class="save-state" role="status">
                                            {move || status.get()}
                                        </p>
                                    }
                                })}
                            <button type="submit">{tr("Close")}</button>
                        </form>
                    }
                })}
        </dialog>
    }
}

/// The property of a dialog element that holds the element that had the focus
/// when it opened (an element, or null).
const OPENER: &str = "hearthOpener";

/// Keeps, on the dialog element, what has the focus now (before it opens).
fn remember_opener(dialog: &HtmlDialogElement) {
    let Some(document) = document() else { return };
    let opener = document.active_element().filter(|active| {
        let node: &web_sys::Node = active.as_ref();
        !dialog.contains(Some(node)) && document.body().is_none_or(|body| body.unchecked_ref::<Element>() != active)
    });
    let _ = js_sys::Reflect::set(dialog, &JsValue::from_str(OPENER), &opener.map_or(JsValue::NULL, JsValue::from));
}

/// The element that had the focus when `dialog` opened.
fn opener_of(dialog: &Element) -> Option<Element> {
    js_sys::Reflect::get(dialog, &JsValue::from_str(OPENER)).ok()?.dyn_into::<Element>().ok()
}

/// Gives the focus back after `dialog` closed (see the module's header). An
/// opener that cannot take the focus yet (disabled while its work ends, such
/// as the import field under the import review) gets one more try a frame
/// later, before the message box is chosen.
fn return_focus(dialog: HtmlDialogElement, first_try: bool) {
    let Some(document) = document() else { return };
    let opener = opener_of(&dialog);
    // Another dialog opened as this one closed (Tools → Open Agents) keeps
    // the focus, unless it is where the opener is (the review over Settings).
    let this: &Element = dialog.as_ref();
    let elsewhere = document.active_element().and_then(|active| active.closest("dialog[open]").ok().flatten());
    if let Some(other) = elsewhere.filter(|other| other != this) {
        let node = opener.as_ref().map(|opener| opener.unchecked_ref::<web_sys::Node>());
        if !other.contains(node) {
            return;
        }
    }
    let mut candidate = opener;
    // An opener inside a dialog that closed since: that dialog's own opener.
    for _ in 0..4 {
        let Some(element) = candidate else { break };
        if try_focus(&document, &element) {
            return;
        }
        if first_try && element.is_connected() && element.closest("dialog:not([open])").ok().flatten().is_none() {
            request_animation_frame(move || return_focus(dialog, false));
            return;
        }
        candidate = element.closest("dialog:not([open])").ok().flatten().and_then(|closed| opener_of(&closed));
    }
    if let Ok(Some(message_box)) = document.query_selector(".composer textarea") {
        try_focus(&document, &message_box);
    }
}

/// Focuses `element` when it is still in the page and can take the focus;
/// says whether it has it.
fn try_focus(document: &Document, element: &Element) -> bool {
    let Some(html) = element.dyn_ref::<HtmlElement>() else { return false };
    if !element.is_connected() {
        return false;
    }
    let _ = html.focus();
    document.active_element().is_some_and(|active| &active == element)
}

fn document() -> Option<Document> {
    web_sys::window()?.document()
}
