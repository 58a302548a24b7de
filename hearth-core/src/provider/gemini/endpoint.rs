//! Where Gemini's requests go: the base URL (the public API when none is
//! given), the `/v1beta` endpoints of a model, and the headers with the key
//! (in `x-goog-api-key`, never in the URL).

use crate::provider::base_url::{split_query, with_query};
use crate::provider::config::ProviderConfig;

/// The public Gemini API, used when the provider has no base URL.
pub const DEFAULT_BASE_URL: &str = "https://generativelanguage.googleapis.com";

/// `{base}/v1beta/{endpoint}?{query}` for a base URL with or without a trailing
/// `/v1beta` (empty means [`DEFAULT_BASE_URL`]). A query on the base comes
/// first, unchanged.
pub(crate) fn api_url(base_url: &str, endpoint: &str, query: &str) -> String {
    let (base, base_query) = split_query(base_url);
    let base = if base.is_empty() { DEFAULT_BASE_URL } else { base };
    let base = base.strip_suffix("/v1beta").unwrap_or(base);
    with_query(format!("{base}/v1beta/{endpoint}"), &[base_query, query])
}

/// A model id without spaces around it or the `models/` prefix.
pub(crate) fn model_id(model: &str) -> &str {
    let model = model.trim();
    model.strip_prefix("models/").unwrap_or(model)
}

pub(super) fn headers(provider: &ProviderConfig) -> Vec<(String, String)> {
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    let key = provider.api_key.trim();
    if !key.is_empty() {
        headers.push(("x-goog-api-key".to_owned(), key.to_owned()));
    }
    headers
}
