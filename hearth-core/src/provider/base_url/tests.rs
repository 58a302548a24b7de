//! Base URL validation, origins and the plain-http warning.

use super::*;

fn ok(text: &str) -> BaseUrl {
    validate_base_url(text).unwrap_or_else(|error| panic!("{text:?} should be valid: {error}"))
}

#[test]
fn the_usual_base_urls_are_valid_and_keep_their_origin() {
    for preset in Preset::ALL {
        let url = preset.default_base_url();
        if !url.is_empty() {
            ok(url);
        }
    }
    assert_eq!(ok("https://api.openai.com/v1").origin(), "https://api.openai.com");
    assert_eq!(ok("  HTTPS://API.OpenAI.com/v1/  ").origin(), "https://api.openai.com");
    assert_eq!(ok("http://localhost:11434/v1").origin(), "http://localhost:11434");
    assert_eq!(ok("https://example.com:443/v1").origin(), "https://example.com");
    assert_eq!(ok("http://example.com:80").origin(), "http://example.com");
    assert_eq!(ok("http://example.com:8443").origin(), "http://example.com:8443");
    assert_eq!(ok("http://[::1]:8787/v1").origin(), "http://[::1]:8787");
    assert_eq!(ok("http://[2001:DB8::1]/v1").origin(), "http://[2001:db8::1]");
    assert_eq!(ok("http://127.0.0.1:8787").rest, "");
    let azure = ok("https://res.openai.azure.com/openai/deployments/d?api-version=2024-10-21");
    assert_eq!(azure.rest, "/openai/deployments/d?api-version=2024-10-21");
}

#[test]
fn what_is_not_an_absolute_http_url_says_why() {
    let error = |text: &str| validate_base_url(text).expect_err(text);
    assert_eq!(error(""), BaseUrlError::Empty);
    assert_eq!(error("   "), BaseUrlError::Empty);
    assert_eq!(error("not a url"), BaseUrlError::NotAbsolute);
    assert_eq!(error("api.openai.com/v1"), BaseUrlError::NotAbsolute);
    assert_eq!(error("/v1/chat/completions"), BaseUrlError::NotAbsolute);
    assert_eq!(error("://host"), BaseUrlError::NotAbsolute);
    assert_eq!(error("http://"), BaseUrlError::MissingHost("http".into()));
    assert_eq!(error("https:///v1"), BaseUrlError::MissingHost("https".into()));
    assert_eq!(error("ftp://example.com"), BaseUrlError::UnsupportedScheme("ftp".into()));
    assert_eq!(error("javascript://x"), BaseUrlError::UnsupportedScheme("javascript".into()));
    assert_eq!(error("https://user:pass@example.com/v1"), BaseUrlError::Credentials);
    assert_eq!(error("https://@example.com"), BaseUrlError::Credentials);
    assert_eq!(error("https://exa mple.com/v1"), BaseUrlError::BadHost("exa mple.com".into()));
    assert_eq!(error("https://example.com/v 1"), BaseUrlError::Whitespace);
    assert_eq!(error("https://example.com/v1#x"), BaseUrlError::Fragment);
    assert_eq!(error("https://example.com:0"), BaseUrlError::BadPort("0".into()));
    assert_eq!(error("https://example.com:65536"), BaseUrlError::BadPort("65536".into()));
    assert_eq!(error("https://example.com:"), BaseUrlError::BadPort(String::new()));
    assert_eq!(error("https://example.com:+80"), BaseUrlError::BadPort("+80".into()));
    assert_eq!(error("https://example.com:8:8"), BaseUrlError::BadPort("8:8".into()));
    assert_eq!(error("http://[::1"), BaseUrlError::BadHost("[::1".into()));
    assert_eq!(error("http://[::1]x"), BaseUrlError::BadHost("[::1]x".into()));
    assert_eq!(error("http://[zz::1]"), BaseUrlError::BadHost("[zz::1]".into()));
    assert_eq!(error("http://[127.0.0.1]"), BaseUrlError::BadHost("[127.0.0.1]".into()));
    assert_eq!(error("http://999.1.1.1"), BaseUrlError::BadHost("999.1.1.1".into()));
    assert_eq!(error("http://a..b"), BaseUrlError::BadHost("a..b".into()));
    assert_eq!(error("http://-a.com"), BaseUrlError::BadHost("-a.com".into()));
    assert_eq!(error("http://a%2fb.com"), BaseUrlError::BadHost("a%2fb.com".into()));
    assert_eq!(error("http://evil.com\\@good.com"), BaseUrlError::BadHost("evil.com\\".into()));
    assert_eq!(error("http://evil.com\\x"), BaseUrlError::BadHost("evil.com\\".into()));
    // Every error is a sentence fit for the field.
    assert!(error("http://").to_string().starts_with("The base URL has no host"));
    assert!(error("not a url").to_string().contains("https://"));
}

#[test]
fn origins_of_request_urls_ignore_the_path_and_query() {
    assert_eq!(
        origin_of("https://generativelanguage.googleapis.com/v1beta/models/x:streamGenerateContent?alt=sse").as_deref(),
        Some("https://generativelanguage.googleapis.com")
    );
    assert_eq!(origin_of("HTTP://LOCALHOST:80/x").as_deref(), Some("http://localhost"));
    assert_eq!(origin_of("/v1/chat/completions"), None);
    assert_eq!(origin_of("not a url/chat/completions"), None);
    assert_eq!(origin_of("https://a@b.com/"), None);
}

#[test]
fn local_hosts() {
    for local in [
        "http://localhost:1",
        "http://LOCALHOST",
        "http://app.localhost",
        "http://127.0.0.1",
        "http://127.9.8.7:80",
        "http://[::1]:8080",
    ] {
        assert!(ok(local).is_local(), "{local}");
    }
    for remote in
        ["http://example.com", "http://128.0.0.1", "http://localhost.example.com", "http://[::2]", "http://10.0.0.1"]
    {
        assert!(!ok(remote).is_local(), "{remote}");
    }
}

/// A request's URL to this machine is tried even offline; anything else, or
/// anything that is not an http(s) URL, is not local.
#[test]
fn request_urls_to_this_machine_are_local() {
    for local in [
        "http://localhost:11434/v1/chat/completions",
        "http://LocalHost./v1",
        "https://ollama.localhost/api?x=1",
        "http://127.0.0.1:8787/v1beta/models/m:streamGenerateContent?alt=sse",
        "http://127.255.255.254",
        "http://[::1]:1234/v1/messages",
        "  http://127.0.0.1:1/v1  ",
    ] {
        assert!(is_local_url(local), "{local}");
    }
    for remote in [
        "https://api.openai.com/v1/chat/completions",
        "http://api.hearth-test.example:8787/v1",
        "http://localhost.example.com/v1",
        "http://localhostx/v1",
        "http://126.0.0.1",
        "http://127.0.0.1.example.com",
        "http://[::2]/v1",
        "http://0.0.0.0:11434",
        "http://192.168.1.5:11434/v1",
        "http://user@localhost/v1",
        "http://local host/v1",
        "localhost:11434/v1",
        "file:///etc/passwd",
        "",
    ] {
        assert!(!is_local_url(remote), "{remote}");
    }
}

#[test]
fn hosted_presets_warn_about_plain_http_to_other_machines() {
    let warning = insecure_http_warning(Preset::OpenAi, "http://example.com/v1").expect("a warning");
    assert!(warning.contains("unencrypted") && warning.contains("OpenAI"), "{warning}");
    assert!(insecure_http_warning(Preset::Anthropic, "HTTP://api.anthropic.com").is_some());
    assert_eq!(insecure_http_warning(Preset::OpenAi, "https://example.com/v1"), None);
    assert_eq!(insecure_http_warning(Preset::OpenAi, "http://localhost:8787/v1"), None);
    assert_eq!(insecure_http_warning(Preset::Gemini, "http://127.0.0.1:8787"), None);
    assert_eq!(insecure_http_warning(Preset::Ollama, "http://192.168.1.5:11434/v1"), None);
    assert_eq!(insecure_http_warning(Preset::Custom, "http://example.com/v1"), None);
    assert_eq!(insecure_http_warning(Preset::OpenAi, "http://"), None);
}
