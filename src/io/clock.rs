//! The one clock of the shell: the browser's wall clock in milliseconds. Stored
//! times, durations of tool calls and thinking, the stall watchdog and date
//! stamps all read it here; `hearth-core` never reads a clock, it is handed times.

/// The current time in whole milliseconds since the Unix epoch (stored times).
pub(crate) fn now() -> i64 {
    // `Date.now()` is an integral number of milliseconds well inside `i64`.
    #[allow(clippy::cast_possible_truncation)]
    let ms = js_sys::Date::now() as i64;
    ms
}

/// The current time in milliseconds, unrounded, for measuring durations.
pub(crate) fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A monotonic time in milliseconds with sub-millisecond precision
/// (`performance.now()`), for measuring how long a piece of work has run; `0.0`
/// where there is no `performance` (never in a page).
pub(crate) fn monotonic_ms() -> f64 {
    performance_now().unwrap_or(0.0)
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = performance, js_name = now)]
    fn performance_now() -> Result<f64, wasm_bindgen::JsValue>;
}

/// Whole milliseconds elapsed since `since` (a [`now_ms`] reading); never negative.
pub(crate) fn elapsed_ms(since: f64) -> u64 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let ms = (now_ms() - since).max(0.0) as u64;
    ms
}

/// Today's date as `YYYY-MM-DD` in the user's time zone (for file names).
pub(crate) fn date_stamp() -> String {
    let date = js_sys::Date::new_0();
    format!("{:04}-{:02}-{:02}", date.get_full_year(), date.get_month() + 1, date.get_date())
}
