//! Small helpers for the markup the shell puts into the page with `innerHTML`
//! (rendered markdown), which it then finds again by selector.

use wasm_bindgen::JsCast;
use web_sys::Element;

/// The elements in `root` that match `selector`, in document order (none when
/// the selector is not valid).
pub(crate) fn elements_in(root: &Element, selector: &str) -> Vec<Element> {
    let Ok(list) = root.query_selector_all(selector) else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok()).collect()
}
