//! The visual viewport: the part of the window not under an on-screen
//! keyboard. Its height is kept in the CSS variable `--visual-height` on the
//! page's root, so the app's layout (style/main.css) ends above the keyboard
//! and the message box stays in sight while typing on a phone. (Chromium also
//! resizes the layout itself, `interactive-widget=resizes-content` in
//! index.html; Safari does not, which is what this is for.)

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// Sets `--visual-height` now and each time the visual viewport resizes, for
/// the life of the page. Does nothing in a browser without `visualViewport`.
pub(crate) fn track_visual_height() {
    let Some(window) = web_sys::window() else { return };
    let Some(viewport) = window.visual_viewport() else { return };
    let update = {
        let viewport = viewport.clone();
        move || {
            let root =
                web_sys::window().and_then(|window| window.document()).and_then(|document| document.document_element());
            if let Some(root) = root.and_then(|root| root.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = root.style().set_property("--visual-height", &format!("{}px", viewport.height()));
            }
        }
    };
    update();
    let listener = Closure::<dyn Fn()>::new(update);
    let _ = viewport.add_event_listener_with_callback("resize", listener.as_ref().unchecked_ref());
    // The page keeps the listener as long as it lives.
    listener.forget();
}
