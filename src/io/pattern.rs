//! Whether a text matches a JSON Schema `pattern`: an ECMAScript regular
//! expression (JSON Schema says so), so the browser's own `RegExp` decides,
//! with the `u` flag and unanchored, as JSON Schema reads it.

use wasm_bindgen::JsValue;

use super::js;

/// `Some(true)` when `text` matches `pattern`, `Some(false)` when not, and
/// `None` when the browser cannot read the pattern.
pub(crate) fn matches(pattern: &str, text: &str) -> Option<bool> {
    let expression = js::construct("RegExp", &[&JsValue::from_str(pattern), &JsValue::from_str("u")]).ok()?;
    js::call(&expression, "test", &[&JsValue::from_str(text)]).ok()?.as_bool()
}
