//! Browser APIs reached by name, through `Reflect`, for features whose code
//! is in a chunk of the wasm. Every web-sys binding is an import of the main
//! module: its glue and its name are in the first load even when only a
//! chunk calls it. These few functions reuse imports the first load has
//! anyway (`Reflect.get`, `set` and `construct`, `Function.call`), so a
//! feature that needs many browser APIs (voice) adds none. Callers keep the
//! names they use in one place, beside the API's documentation.

use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The global object's `name` (`navigator`, `speechSynthesis`, …), when it has one.
pub(crate) fn global(name: &str) -> Option<JsValue> {
    get(&js_sys::global(), name)
}

/// `target[key]`; `None` when it is missing (`undefined` or `null`) or cannot be read.
pub(crate) fn get(target: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(target, &JsValue::from_str(key)).ok().filter(|value| !value.is_undefined() && !value.is_null())
}

/// `target[key]` as a number.
pub(crate) fn number(target: &JsValue, key: &str) -> Option<f64> {
    get(target, key).and_then(|value| value.as_f64())
}

/// `target[key]` as a string.
pub(crate) fn string(target: &JsValue, key: &str) -> Option<String> {
    get(target, key).and_then(|value| value.as_string())
}

/// Sets `target[key]` (a frozen or missing target changes nothing).
pub(crate) fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

/// Calls `target.method(...args)`; its exception, or a missing method, is the error.
pub(crate) fn call(target: &JsValue, method: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let function: Function = get(target, method)
        .and_then(|function| function.dyn_into().ok())
        .ok_or_else(|| JsValue::from_str(&format!("{method} is not offered")))?;
    match args {
        [] => function.call0(target),
        [a] => function.call1(target, a),
        _ => {
            // `Function.prototype.apply`, called on the method: any number of arguments.
            let apply: Function = get(&function, "apply")
                .and_then(|apply| apply.dyn_into().ok())
                .ok_or_else(|| JsValue::from_str("apply is not offered"))?;
            apply.call2(&function, target, &array(args))
        }
    }
}

/// `new globalThis[name](...args)`; a missing constructor is the error.
pub(crate) fn construct(name: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let constructor: Function = global(name)
        .and_then(|constructor| constructor.dyn_into().ok())
        .ok_or_else(|| JsValue::from_str(&format!("{name} is not offered")))?;
    Reflect::construct(&constructor, &array(args))
}

/// What a promise settles to: its value, or why it was rejected. A value
/// that is not a promise is its own result.
pub(crate) async fn settle(promise: JsValue) -> Result<JsValue, JsValue> {
    match promise.dyn_into::<js_sys::Promise>() {
        Ok(promise) => JsFuture::from(promise).await,
        Err(value) => Ok(value),
    }
}

/// The items of an array (none when `list` is not one).
pub(crate) fn items(list: &JsValue) -> Vec<JsValue> {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // An array's length.
    let length = number(list, "length").unwrap_or(0.0).clamp(0.0, f64::from(u32::MAX)) as u32;
    (0..length).filter_map(|index| Reflect::get(list, &JsValue::from(index)).ok()).collect()
}

/// The name of an error (a `DOMException`'s `NotAllowedError`, …), and its message.
pub(crate) fn error_name(error: &JsValue) -> (Option<String>, Option<String>) {
    (string(error, "name"), string(error, "message").or_else(|| error.as_string()))
}

/// The numbers of a `Float32Array`, read as its bytes (in the platform's
/// byte order, little-endian everywhere, as wasm is) so no binding of its
/// own is needed; `None` when `array` is not one.
pub(crate) fn float32s(array: &JsValue) -> Option<Vec<f32>> {
    let (data, offset, length) = (get(array, "buffer")?, get(array, "byteOffset")?, get(array, "byteLength")?);
    let bytes = construct("Uint8Array", &[&data, &offset, &length]).ok()?.dyn_into::<js_sys::Uint8Array>().ok()?;
    Some(bytes.to_vec().chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
}

fn array(items: &[&JsValue]) -> Array {
    let array = Array::new();
    for item in items {
        array.push(item);
    }
    array
}
