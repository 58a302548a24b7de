//! "Show diagram": the diagram of a ```` ```mermaid ```` block, drawn when the
//! user asks for it, in a sandboxed frame without network
//! ([`crate::io::diagram_frame`]), never as markup in Hearth's page.
//!
//! The reply's markdown goes into the page with `innerHTML`, so the block's
//! "Show diagram" button (written by `hearth_core`'s markdown writer) is handled
//! by delegation: [`on_show_diagram`], from the reply's click handler, mounts a
//! [`DiagramView`] after the block's `<pre>` (its source is the block's text),
//! and turns the button into "Hide diagram" (`aria-expanded`), which removes it
//! again. Nothing is read or framed before that click.

use std::any::Any;
use std::cell::RefCell;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

use crate::i18n::{Arg, tr, tr_with};
use crate::io::diagram_frame::{DiagramEvent, DiagramFrame, library};

thread_local! {
    /// The diagrams shown: each one's host element (after its `<pre>`) and
    /// what keeps it mounted (dropping it unmounts the view and its frame).
    static SHOWN: RefCell<Vec<(Element, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

/// Handles a click inside a reply's markdown: a "Show diagram" button shows
/// its block's diagram, or hides it. Returns whether the click was one.
pub(crate) fn on_show_diagram(event: &web_sys::MouseEvent) -> bool {
    let Some(target) = event.target().and_then(|target| target.dyn_into::<Element>().ok()) else { return false };
    let Ok(Some(button)) = target.closest("button.show-diagram") else { return false };
    event.prevent_default();
    release_stale();
    let Some(pre) = code_after(&button) else { return true };
    let next = pre.next_element_sibling();
    let removed = SHOWN.with(|shown| {
        let mut shown = shown.borrow_mut();
        let at = shown.iter().position(|(host, _)| Some(host) == next.as_ref())?;
        Some(shown.remove(at))
    });
    if let Some((host, handle)) = removed {
        drop(handle);
        host.remove();
        set_expanded(&button, false);
        return true;
    }
    let source = pre.text_content().unwrap_or_default();
    let Some(host) = pre.owner_document().and_then(|document| document.create_element("div").ok()) else {
        return true;
    };
    host.set_class_name("diagram-view");
    if pre.after_with_node_1(&host).is_err() {
        return true;
    }
    let Ok(parent) = host.clone().dyn_into::<HtmlElement>() else { return true };
    let handle = leptos::mount::mount_to(parent, move || view! { <DiagramView source=source /> });
    SHOWN.with(|shown| shown.borrow_mut().push((host, Box::new(handle))));
    set_expanded(&button, true);
    true
}

/// Unmounts the views whose host left the page (another conversation, a
/// re-render), with their frames and message listeners: called on each click
/// and each time a reply's markup is put into the page.
pub(crate) fn release_stale() {
    SHOWN.with(|shown| shown.borrow_mut().retain(|(host, _)| host.is_connected()));
}

/// The `<pre>` of the button's block: the first `<pre>` after it among its
/// siblings, or its ancestors' (when the button sits in a header above it).
fn code_after(button: &Element) -> Option<Element> {
    let mut at = button.clone();
    for _ in 0..4 {
        let mut sibling = at.next_element_sibling();
        while let Some(element) = sibling {
            if element.tag_name() == "PRE" {
                return Some(element);
            }
            sibling = element.next_element_sibling();
        }
        at = at.parent_element()?;
    }
    None
}

fn set_expanded(button: &Element, expanded: bool) {
    let _ = button.set_attribute("aria-expanded", if expanded { "true" } else { "false" });
    button.set_text_content(Some(if expanded { tr("Hide diagram") } else { tr("Show diagram") }));
}

/// Where drawing a diagram stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Status {
    Drawing,
    Drawn,
    Failed(String),
}

impl Status {
    fn text(&self) -> String {
        match self {
            Status::Drawing => tr("Drawing the diagram…").to_owned(),
            Status::Drawn => tr("Diagram shown").to_owned(),
            Status::Failed(why) => tr_with("reply-diagram-failed", &[("why", Arg::Text(why))], || {
                format!("This diagram could not be drawn: {why}")
            }),
        }
    }
}

/// One diagram: a status line (announced) and the sandboxed frame that draws it.
#[component]
pub(crate) fn DiagramView(
    /// The diagram's Mermaid source, as the reply wrote it.
    source: String,
) -> impl IntoView {
    let status = RwSignal::new(Status::Drawing);
    let host = NodeRef::<leptos::html::Div>::new();
    // The frame lives as long as this view: dropping it removes the frame.
    let frame = StoredValue::new_local(None::<DiagramFrame>);
    host.on_load(move |element| {
        spawn_local(async move {
            let blob = match library().await {
                Ok(blob) => blob,
                Err(error) => return status.set(Status::Failed(error.to_string())),
            };
            let on_event = move |event| {
                status.set(match event {
                    DiagramEvent::Drawn { .. } => Status::Drawn,
                    DiagramEvent::Failed(why) | DiagramEvent::Refused(why) => Status::Failed(why),
                })
            };
            match DiagramFrame::mount(&element, &source, &blob, on_event) {
                Ok(shown) => frame.set_value(Some(shown)),
                Err(error) => status.set(Status::Failed(error.to_string())),
            }
        });
    });
    view! {
        <p
            class="diagram-status"
            class:visually-hidden=move || status.with(|status| *status == Status::Drawn)
            aria-live="polite"
        >
            {move || status.with(Status::text)}
        </p>
        <div class="diagram-host" node_ref=host></div>
    }
}
