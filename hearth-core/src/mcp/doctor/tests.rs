//! Tests of the connection doctor: what it says of a server that works, one
//! refused by CORS, one that does not answer, and refusals by status.

use super::*;

const ORIGIN: &str = "https://hearth.example";

#[test]
fn a_server_that_works_says_so() {
    let attempt = Attempt::Connected {
        server: "Everything 2.0.0".into(),
        protocol: "2025-11-25".into(),
        tools: 13,
        legacy: false,
    };
    let diagnosis = diagnose("https://mcp.example/mcp", ORIGIN, &attempt);
    assert!(diagnosis.works);
    assert_eq!(diagnosis.summary, "It works: Everything 2.0.0 speaks MCP 2025-11-25 and offers 13 tools.");
    assert!(diagnosis.advice.is_empty() && diagnosis.headers.is_empty());
    let older = Attempt::Connected { server: "Old 1.0".into(), protocol: "2024-11-05".into(), tools: 1, legacy: true };
    assert_eq!(
        diagnose("https://mcp.example/sse", ORIGIN, &older).summary,
        "It works: Old 1.0 speaks MCP 2024-11-05 over the older HTTP+SSE transport and offers 1 tool."
    );
}

#[test]
fn refused_by_cors_prints_the_headers_for_this_origin() {
    let diagnosis = diagnose("https://mcp.example:8443/mcp", ORIGIN, &Attempt::Blocked { reachable: Some(true) });
    assert!(!diagnosis.works);
    assert!(
        diagnosis
            .summary
            .starts_with("The server at mcp.example:8443 is up, but it does not let pages from https://hearth.example"),
        "{}",
        diagnosis.summary
    );
    assert_eq!(
        diagnosis.headers,
        [
            "Access-Control-Allow-Origin: https://hearth.example",
            "Access-Control-Allow-Methods: GET, POST, DELETE",
            "Access-Control-Allow-Headers: content-type, mcp-protocol-version, mcp-session-id, authorization, \
             last-event-id, mcp-method, mcp-name",
            "Access-Control-Expose-Headers: mcp-session-id, www-authenticate",
        ]
    );
}

#[test]
fn nothing_answering_is_told_from_cors() {
    let down = diagnose("https://mcp.example/mcp", ORIGIN, &Attempt::Blocked { reachable: Some(false) });
    assert_eq!(down.summary, "Nothing answers at mcp.example.");
    assert!(down.headers.is_empty());
    assert_eq!(down.advice.len(), 1);
    let mixed = diagnose("http://mcp.example/mcp", ORIGIN, &Attempt::Blocked { reachable: Some(false) });
    assert!(mixed.advice.iter().any(|line| line.contains("mixed content")), "{mixed:?}");
    let local = diagnose("http://localhost:3001/mcp", ORIGIN, &Attempt::Blocked { reachable: Some(false) });
    assert!(local.advice.iter().any(|line| line.contains("Local network access")), "{local:?}");
    assert!(!local.advice.iter().any(|line| line.contains("mixed content")), "localhost is not mixed content");
    let both_local =
        diagnose("http://127.0.0.1:3001/mcp", "http://127.0.0.1:8080", &Attempt::Blocked { reachable: None });
    assert_eq!(both_local.summary, "The server at 127.0.0.1:3001 could not be reached.");
    assert_eq!(both_local.advice.len(), 1, "a local Hearth reaching a local server needs no permission");
}

#[test]
fn refusals_by_status() {
    let origin = diagnose(
        "https://m.example/mcp",
        ORIGIN,
        &Attempt::Status { status: 403, body: "Forbidden: origin not allowed".into() },
    );
    assert_eq!(origin.summary, "The server refused Hearth (HTTP 403): Forbidden: origin not allowed.");
    assert!(origin.advice[0].contains("must add https://hearth.example to the origins it allows"));
    let rpc = r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Forbidden: Origin not allowed"}}"#;
    let quoted = diagnose("https://m.example/mcp", ORIGIN, &Attempt::Status { status: 403, body: rpc.into() });
    assert_eq!(
        quoted.summary, "The server refused Hearth (HTTP 403): Forbidden: Origin not allowed.",
        "its message, not its JSON"
    );
    let auth = diagnose("https://m.example/mcp", ORIGIN, &Attempt::Status { status: 401, body: String::new() });
    assert_eq!(auth.summary, "The server wants you to sign in (HTTP 401).");
    let challenged = diagnose("https://m.example/mcp", ORIGIN, &Attempt::SignIn { more_scope: None });
    assert_eq!(challenged, auth);
    assert!(auth.advice[0].starts_with("Sign in: "));
    let more = diagnose("https://m.example/mcp", ORIGIN, &Attempt::SignIn { more_scope: Some("mcp:write".into()) });
    assert_eq!(more.summary, "The server wants more access than your sign-in gave (HTTP 403): mcp:write.");
    assert!(!more.works);
    let missing = diagnose("https://m.example/", ORIGIN, &Attempt::Status { status: 404, body: "Not Found".into() });
    assert!(missing.advice[0].contains("/mcp"));
    let legacy = diagnose("https://m.example/sse", ORIGIN, &Attempt::Status { status: 405, body: String::new() });
    assert!(legacy.advice[0].contains("HTTP+SSE"));
    let busy = diagnose("https://m.example/mcp", ORIGIN, &Attempt::Status { status: 503, body: String::new() });
    assert_eq!(busy.summary, "The server answered HTTP 503.");
}

#[test]
fn a_hidden_session_id_names_the_header_to_expose() {
    let diagnosis = diagnose("https://m.example/mcp", ORIGIN, &Attempt::SessionHidden);
    assert_eq!(diagnosis.headers, ["Access-Control-Expose-Headers: mcp-session-id, www-authenticate"]);
    assert!(mentions_session("Bad Request: No valid session ID provided"));
    assert!(mentions_session("Bad Request: Mcp-Session-Id header is required"));
    assert!(!mentions_session("Bad Request: Unsupported protocol version"));
}
