//! Tests of failed requests: statuses, codes and messages classified into
//! kinds, and how an error reads.

use super::*;

#[test]
fn a_redirect_is_explained_and_not_retried() {
    let moved = ProviderError::redirected("https://api.example.com/v1/chat/completions");
    assert_eq!(moved.kind, ProviderErrorKind::BadRequest);
    assert!(!moved.is_retryable(), "the same request would be redirected again");
    assert!(moved.message.starts_with("https://api.example.com/v1/chat/completions answered with a redirect"));
    assert!(moved.message.contains("does not follow (your key goes only to the address you set)"), "{}", moved.message);
}

#[test]
fn statuses_are_classified() {
    let kind = |status| ProviderError::from_status(status, String::new(), None, None).kind;
    assert_eq!(kind(401), ProviderErrorKind::Auth);
    assert_eq!(kind(403), ProviderErrorKind::Auth);
    assert_eq!(kind(429), ProviderErrorKind::RateLimit);
    assert_eq!(kind(500), ProviderErrorKind::Server);
    assert_eq!(kind(529), ProviderErrorKind::Server);
    assert_eq!(kind(404), ProviderErrorKind::NotFound);
    assert_eq!(kind(422), ProviderErrorKind::BadRequest);
}

#[test]
fn anthropic_prompt_too_long_is_context_too_long() {
    let error = ProviderError::from_status(
        400,
        "prompt is too long: 250000 tokens > 200000 maximum".into(),
        Some("invalid_request_error".into()),
        None,
    );
    assert_eq!(error.kind, ProviderErrorKind::ContextTooLong);
}

#[test]
fn context_length_wins_over_status() {
    let error = ProviderError::from_status(
        400,
        "This model's maximum context length is 8192 tokens.".into(),
        Some("context_length_exceeded".into()),
        None,
    );
    assert_eq!(error.kind, ProviderErrorKind::ContextTooLong);
    assert!(!error.is_retryable());
}

#[test]
fn display_is_readable() {
    let error = ProviderError::from_status(
        401,
        "Incorrect API key provided: sk-wrong.".into(),
        Some("invalid_api_key".into()),
        None,
    );
    assert_eq!(
        error.to_string(),
        "The provider rejected the API key (HTTP 401): Incorrect API key provided: sk-wrong. Check the API key in the provider settings."
    );
    let limited = ProviderError::from_status(429, "Slow down".into(), None, Some(7));
    assert_eq!(
        limited.to_string(),
        "Rate limited by the provider (HTTP 429): Slow down. The provider asks to wait 7 s before retrying."
    );
    assert!(limited.is_retryable());
}

#[test]
fn kinds_have_stable_names() {
    let kinds = [
        (ProviderErrorKind::Auth, "auth"),
        (ProviderErrorKind::RateLimit, "rate_limit"),
        (ProviderErrorKind::Server, "server"),
        (ProviderErrorKind::ContextTooLong, "context_too_long"),
        (ProviderErrorKind::NotFound, "not_found"),
        (ProviderErrorKind::BadRequest, "bad_request"),
        (ProviderErrorKind::Network, "network"),
        (ProviderErrorKind::Timeout, "timeout"),
        (ProviderErrorKind::ContentFilter, "content_filter"),
        (ProviderErrorKind::Other, "other"),
    ];
    for (kind, name) in kinds {
        assert_eq!(kind.as_str(), name);
        assert_eq!(ProviderErrorKind::from_name(name), Some(kind));
        assert_eq!(serde_json::to_value(kind).expect("serialisable"), serde_json::json!(name), "{name}");
    }
}

#[test]
fn stalled_streams_are_retryable_timeouts() {
    let error = ProviderError::stalled(60);
    assert_eq!((error.kind, error.status), (ProviderErrorKind::Timeout, None));
    assert!(error.is_retryable());
    let shown = error.to_string();
    assert!(shown.starts_with("The provider stopped sending data: No data for 60 s"), "{shown}");
    assert!(shown.contains("retry"), "{shown}");
}

#[test]
fn content_filter_and_resource_exhausted_codes_win_over_the_status() {
    let filtered = ProviderError::from_status(
        400,
        "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.".into(),
        Some("content_filter".into()),
        None,
    );
    assert_eq!(filtered.kind, ProviderErrorKind::ContentFilter);
    assert!(!filtered.is_retryable());
    assert_eq!(
        filtered.title(),
        "The provider's content filter refused the request",
        "the title names the filter, not a generic bad request"
    );
    let in_stream = ProviderError::in_stream("filtered".into(), Some("content_filter".into()));
    assert_eq!(in_stream.kind, ProviderErrorKind::ContentFilter);
    let exhausted = ProviderError::in_stream("Quota".into(), Some("RESOURCE_EXHAUSTED".into()));
    assert_eq!(exhausted.kind, ProviderErrorKind::RateLimit);
    assert_eq!(
        ProviderError::from_status(529, "Overloaded".into(), Some("overloaded_error".into()), None).kind,
        ProviderErrorKind::Server
    );
}

#[test]
fn refused_search_and_images_and_quota_in_a_stream() {
    // openai/codex#4881: the Responses API refusing its web search tool for a model.
    let search = ProviderError::from_status(
        400,
        "Hosted tool 'web_search_preview' is not supported with gpt-5-2025-08-07.".into(),
        None,
        None,
    );
    assert_eq!((search.kind, search.is_retryable()), (ProviderErrorKind::SearchRefused, false));
    let images =
        ProviderError::from_status(400, "Hosted tool 'image_generation' is not supported with o1.".into(), None, None);
    assert_eq!(images.kind, ProviderErrorKind::ImagesRefused);
    let other = ProviderError::from_status(400, "Tool 'calculator' is not supported.".into(), None, None);
    assert_eq!(other.kind, ProviderErrorKind::BadRequest);
    // A Responses `error` event: `{"type": "insufficient_quota", "code": "insufficient_quota"}`.
    let quota = ProviderError::in_stream("You exceeded your current quota".into(), Some("insufficient_quota".into()));
    assert_eq!(quota.kind, ProviderErrorKind::RateLimit);
}

#[test]
fn network_errors_explain_cors_for_local_servers() {
    let local = ProviderError::network("http://localhost:11434/v1/chat/completions", "Failed to fetch".into());
    assert!(local.message.contains("localhost:11434"), "{}", local.message);
    assert!(local.message.contains("OLLAMA_ORIGINS"), "{}", local.message);
    let remote = ProviderError::network("https://api.example.com/v1/chat/completions", "Failed to fetch".into());
    assert!(remote.message.contains("api.example.com") && remote.message.contains("CORS"));
    assert!(!remote.message.contains("OLLAMA_ORIGINS"));
    assert!(is_local_host("127.0.0.1:1234") && is_local_host("[::1]:8080") && !is_local_host("example.com:80"));
}

#[test]
fn openai_refusing_web_search_options_is_search_refused() {
    let body = "Web search options not supported with this model.";
    let error = ProviderError::from_status(400, body.to_owned(), Some("invalid_request_error".into()), None);
    assert_eq!(error.kind, ProviderErrorKind::SearchRefused);
    assert!(!error.is_retryable());
    let other = ProviderError::from_status(400, "Unknown parameter: 'web_search'.".to_owned(), None, None);
    assert_eq!(other.kind, ProviderErrorKind::BadRequest, "only the documented wording");
}
