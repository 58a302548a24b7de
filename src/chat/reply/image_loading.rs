//! The image placeholders in rendered markdown, brought to life. The sanitised
//! HTML goes into the page with `innerHTML`, so their "Load image" buttons are
//! handled by delegation: [`on_markdown_click`] on the reply's markdown container,
//! which also hands "Show diagram" clicks on to
//! [`crate::chat::reply::diagram_view`].
//!
//! [`show_images`] runs after markup was inserted: placeholders whose image is
//! already loaded (or failed) show that at once, without fetching again, and, when
//! given the allowed hosts (finished blocks and finished answers only, never the
//! streaming tail), images from those hosts start loading by themselves; it also
//! releases the diagram views a re-render took out of the page.

use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

use crate::i18n::tr;
use crate::io::images::{ImageState, begin_loading, image_state, load_image};
use crate::ui::dom::elements_in;

/// The attribute of a placeholder's button that names its image.
const URL_ATTRIBUTE: &str = "data-image-url";

/// Text that markup with an image placeholder holds (its URL attribute), and markup without one does not.
pub(crate) const IMAGE_MARKER: &str = URL_ATTRIBUTE;

/// Handles a click inside a reply's markdown: a "Load image" button loads its
/// image; a "Show diagram" button goes to [`crate::chat::reply::diagram_view`].
pub(crate) fn on_markdown_click(event: &web_sys::MouseEvent) {
    if crate::chat::reply::diagram_view::on_show_diagram(event) {
        return;
    }
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
    let Ok(Some(button)) = target.closest("button[data-image-url]") else { return };
    // A placeholder inside a link must not follow the link.
    event.prevent_default();
    if let Some(url) = button.get_attribute(URL_ATTRIBUTE) {
        start(url);
    }
}

/// Shows what is known about the images under `root`; with `auto_hosts`, loads
/// the images of those hosts that were never asked for.
pub(crate) fn show_images(root: &Element, auto_hosts: Option<&[String]>) {
    // A re-render may have taken shown diagrams out of the page: release them.
    crate::chat::reply::diagram_view::release_stale();
    for button in placeholder_buttons(root) {
        let Some(url) = button.get_attribute(URL_ATTRIBUTE) else { continue };
        match image_state(&url) {
            Some(state) => apply(&button, &url, &state),
            None if auto_hosts.is_some_and(|hosts| host_allowed(&url, hosts)) => start(url),
            None => {}
        }
    }
}

/// Whether `url`'s host (with or without its port) is one of `hosts`.
fn host_allowed(url: &str, hosts: &[String]) -> bool {
    let Ok(parsed) = web_sys::Url::new(url) else { return false };
    let (host, name) = (parsed.host().to_ascii_lowercase(), parsed.hostname().to_ascii_lowercase());
    hosts.iter().any(|allowed| *allowed == host || *allowed == name)
}

/// Loads `url` once, showing progress and the outcome on every placeholder for it.
fn start(url: String) {
    if !begin_loading(&url) {
        return;
    }
    update_everywhere(&url, &ImageState::Loading);
    spawn_local(async move {
        let state = load_image(&url).await;
        update_everywhere(&url, &state);
    });
}

fn document() -> Option<Document> {
    web_sys::window()?.document()
}

fn placeholder_buttons(root: &Element) -> Vec<Element> {
    elements_in(root, "button[data-image-url]")
}

fn update_everywhere(url: &str, state: &ImageState) {
    let Some(root) = document().and_then(|d| d.body()) else { return };
    for button in placeholder_buttons(&root) {
        if button.get_attribute(URL_ATTRIBUTE).as_deref() == Some(url) {
            apply(&button, url, state);
        }
    }
}

/// Shows `state` on one placeholder: a busy button, the image, or the reason with
/// a link to open the image in a new tab.
fn apply(button: &Element, url: &str, state: &ImageState) {
    let Some(document) = document() else { return };
    // A placeholder past the element budget is the button alone.
    let placeholder = button.closest(".image-placeholder").ok().flatten().unwrap_or_else(|| button.clone());
    match state {
        ImageState::Loading => {
            button.set_text_content(Some(tr("Loading image…")));
            let _ = button.set_attribute("aria-disabled", "true");
        }
        ImageState::Loaded(blob_url) => {
            let alt = placeholder
                .query_selector(".image-alt")
                .ok()
                .flatten()
                .and_then(|alt| alt.text_content())
                .unwrap_or_default();
            let Ok(image) = document.create_element("img") else { return };
            let _ = image.set_attribute("src", blob_url);
            let _ = image.set_attribute("alt", &alt);
            let _ = image.set_attribute("class", "loaded-image");
            let had_focus = document.active_element().is_some_and(|active| &active == button);
            let _ = placeholder.replace_with_with_node_1(&image);
            if had_focus {
                // Keyboard users stay where they were: on the image that replaced the button.
                let _ = image.set_attribute("tabindex", "-1");
                if let Some(image) = image.dyn_ref::<web_sys::HtmlElement>() {
                    let _ = image.focus();
                }
            }
        }
        ImageState::Failed(error) => {
            let (Ok(note), Ok(link)) = (document.create_element("span"), document.create_element("a")) else {
                return;
            };
            let _ = note.set_attribute("role", "status");
            let _ = note.set_attribute("class", "image-error");
            note.set_text_content(Some(&format!("{error} ")));
            let _ = link.set_attribute("href", url);
            let _ = link.set_attribute("target", "_blank");
            let _ = link.set_attribute("rel", "noopener noreferrer");
            let _ = link.set_attribute("title", url);
            link.set_text_content(Some(tr("Open image in a new tab")));
            let _ = note.append_child(&link);
            let _ = button.replace_with_with_node_1(&note);
        }
    }
}
