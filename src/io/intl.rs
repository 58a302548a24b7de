//! The browser's `Intl`: a moment written out in a time zone, for the
//! current-time tool. The moment is handed in (read from [`super::clock`]).

use wasm_bindgen::{JsCast, JsValue};

/// A moment as the user reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LocalTime {
    /// The full date and long time, in the browser's language.
    pub(crate) local: String,
    /// The IANA time zone it is written in.
    pub(crate) timezone: String,
    /// The same moment in ISO 8601, UTC.
    pub(crate) utc: String,
}

/// Why a moment could not be written out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IntlError {
    /// The formatting options could not be built.
    Options,
    /// `Intl.DateTimeFormat` refused the time zone (or the browser has none).
    UnknownTimeZone,
}

/// `at_ms` (milliseconds since the Unix epoch) written out in `timezone`, or in
/// the user's own time zone when `timezone` is empty.
pub(crate) fn local_time(at_ms: f64, timezone: &str) -> Result<LocalTime, IntlError> {
    let at = js_sys::Date::new(&JsValue::from_f64(at_ms));
    let options = js_sys::Object::new();
    let set = |key: &str, value: &str| js_sys::Reflect::set(&options, &key.into(), &value.into()).is_ok();
    let ok = set("dateStyle", "full") && set("timeStyle", "long") && (timezone.is_empty() || set("timeZone", timezone));
    if !ok {
        return Err(IntlError::Options);
    }
    // An unknown time zone makes the constructor throw a RangeError.
    let format = js_sys::Reflect::get(&js_sys::global(), &"Intl".into())
        .and_then(|intl| js_sys::Reflect::get(&intl, &"DateTimeFormat".into()))
        .and_then(|class| {
            let args = js_sys::Array::of2(&JsValue::UNDEFINED, &options);
            js_sys::Reflect::construct(class.unchecked_ref::<js_sys::Function>(), &args)
        })
        .map_err(|_| IntlError::UnknownTimeZone)?;
    let call = |method: &str, arg: &JsValue| -> Option<JsValue> {
        let function: js_sys::Function = js_sys::Reflect::get(&format, &method.into()).ok()?.dyn_into().ok()?;
        function.call1(&format, arg).ok()
    };
    let local = call("format", &at.clone().into()).and_then(|v| v.as_string()).unwrap_or_default();
    let zone = call("resolvedOptions", &JsValue::UNDEFINED)
        .and_then(|options| js_sys::Reflect::get(&options, &"timeZone".into()).ok())
        .and_then(|zone| zone.as_string())
        .unwrap_or_else(|| timezone.to_owned());
    let utc = at.to_iso_string().as_string().unwrap_or_default();
    Ok(LocalTime { local, timezone: zone, utc })
}
