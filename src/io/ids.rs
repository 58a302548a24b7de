//! Fresh record ids, which the core never makes itself.

use super::clock::now;

/// A new random id: a UUID from the browser where it can make one (secure
/// contexts), otherwise time plus randomness, which is unique enough for one user.
pub(crate) fn new_id() -> String {
    let uuid = web_sys::window().and_then(|window| window.crypto().ok()).map(|crypto| crypto.random_uuid());
    uuid.unwrap_or_else(|| format!("{:x}-{:x}", now(), (js_sys::Math::random() * 2f64.powi(52)) as u64))
}
