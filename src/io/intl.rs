//! The browser's `Intl`: a moment written out in a time zone, for the
//! current-time tool and the system prompt's `{date}`, `{time}` and
//! `{timezone}`, and the dates of the conversation's outline. The moment is
//! handed in (read from [`super::clock`]).

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
    let mut options = vec![("dateStyle", "full"), ("timeStyle", "long")];
    if !timezone.is_empty() {
        options.push(("timeZone", timezone));
    }
    let (local, zone) = format(at_ms, &options)?;
    let utc = js_sys::Date::new(&JsValue::from_f64(at_ms)).to_iso_string().as_string().unwrap_or_default();
    Ok(LocalTime { local, timezone: if zone.is_empty() { timezone.to_owned() } else { zone }, utc })
}

/// A moment in the user's own time zone, in the user's language, in parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DateAndTime {
    /// The full date, such as "Sunday, 22 November 2026".
    pub(crate) date: String,
    /// The time of day, such as "14:05".
    pub(crate) time: String,
    /// The IANA time zone, such as "Europe/Berlin".
    pub(crate) timezone: String,
}

/// `at_ms` as a date, a time and the time zone, where the user is.
pub(crate) fn date_and_time(at_ms: f64) -> Result<DateAndTime, IntlError> {
    let (date, timezone) = format(at_ms, &[("dateStyle", "full")])?;
    let (time, _) = format(at_ms, &[("timeStyle", "short")])?;
    Ok(DateAndTime { date, time, timezone })
}

/// `at_ms` as a short date and time where the user is ("25 Nov 2026, 18:40"
/// in British English); empty when the browser cannot say.
pub(crate) fn short_date_time(at_ms: f64) -> String {
    format(at_ms, &[("dateStyle", "medium"), ("timeStyle", "short")]).map(|(text, _)| text).unwrap_or_default()
}

/// `at_ms` formatted by an `Intl.DateTimeFormat` with `options`, and the time
/// zone it resolved to.
fn format(at_ms: f64, options: &[(&str, &str)]) -> Result<(String, String), IntlError> {
    let at = js_sys::Date::new(&JsValue::from_f64(at_ms));
    let object = js_sys::Object::new();
    for (key, value) in options {
        if js_sys::Reflect::set(&object, &(*key).into(), &(*value).into()).is_err() {
            return Err(IntlError::Options);
        }
    }
    let options = object;
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
    let text = call("format", &at.into()).and_then(|v| v.as_string()).unwrap_or_default();
    let zone = call("resolvedOptions", &JsValue::UNDEFINED)
        .and_then(|options| js_sys::Reflect::get(&options, &"timeZone".into()).ok())
        .and_then(|zone| zone.as_string())
        .unwrap_or_default();
    Ok((text, zone))
}
