//! The connection doctor: what the shell saw when it reached a server (the
//! real MCP request, and, when the browser refused that, a `no-cors` probe
//! that tells a server that is down from one that only refuses this page),
//! said to a person: what works, what is wrong, and what a server must change
//! for browser clients, with the exact headers.

#[cfg(test)]
mod tests;

use crate::provider::is_local_url;

/// The request headers a browser client sends an MCP server, which its CORS
/// preflight must allow.
pub const ALLOW_HEADERS: &str =
    "content-type, mcp-protocol-version, mcp-session-id, authorization, last-event-id, mcp-method, mcp-name";

/// The response headers a browser client must be able to read.
pub const EXPOSE_HEADERS: &str = "mcp-session-id, www-authenticate";

/// The methods a browser client uses.
pub const ALLOW_METHODS: &str = "GET, POST, DELETE";

/// What the shell saw when it tried the server.
#[derive(Debug, Clone, PartialEq)]
pub enum Attempt {
    /// It spoke MCP and listed its tools.
    Connected {
        /// Its name and version, as it said them.
        server: String,
        /// The protocol revision agreed.
        protocol: String,
        /// How many tools it offers.
        tools: usize,
        /// Whether it was reached over the older HTTP+SSE transport.
        legacy: bool,
    },
    /// The browser gave no answer at all (offline, nothing listening, or
    /// refused by CORS): `reachable` is what a `no-cors` request to the same
    /// address found (`Some(true)`: something answered there).
    Blocked {
        /// Whether the `no-cors` probe got an answer, when it ran.
        reachable: Option<bool>,
    },
    /// It answered with an HTTP error.
    Status {
        /// The status.
        status: u16,
        /// The start of its body.
        body: String,
    },
    /// It wants the user to sign in (401), or to sign in again for more
    /// access (403 `insufficient_scope`: the scope it wants).
    SignIn {
        /// The scope a 403 asked for; `None` for a plain 401.
        more_scope: Option<String>,
    },
    /// It started a session, then did not know it: the session id it gave
    /// was not readable (not exposed to pages), so the next request went
    /// without it and was refused.
    SessionHidden,
    /// It answered, but not in MCP, or with a JSON-RPC error (the reason).
    NotMcp(String),
}

/// What the doctor says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnosis {
    /// Whether the server can be used from this page.
    pub works: bool,
    /// One sentence.
    pub summary: String,
    /// What to do, a line each.
    pub advice: Vec<String>,
    /// Response headers the server must send, a line each (`Name: value`).
    pub headers: Vec<String>,
}

impl Diagnosis {
    fn problem(summary: String, advice: Vec<String>) -> Self {
        Self { works: false, summary, advice, headers: Vec::new() }
    }
}

/// The CORS headers a server must send for pages from `origin` (the
/// preflight's answer, and every response's).
pub fn cors_headers(origin: &str) -> Vec<String> {
    vec![
        format!("Access-Control-Allow-Origin: {origin}"),
        format!("Access-Control-Allow-Methods: {ALLOW_METHODS}"),
        format!("Access-Control-Allow-Headers: {ALLOW_HEADERS}"),
        format!("Access-Control-Expose-Headers: {EXPOSE_HEADERS}"),
    ]
}

/// What the doctor says of `attempt` at `url`, for a page served from
/// `origin` (such as `https://hearth.example`).
pub fn diagnose(url: &str, origin: &str, attempt: &Attempt) -> Diagnosis {
    let host = host_of(url);
    match attempt {
        Attempt::Connected { server, protocol, tools, legacy } => {
            let tools = match tools {
                1 => "1 tool".to_owned(),
                n => format!("{n} tools"),
            };
            let over = if *legacy { " over the older HTTP+SSE transport" } else { "" };
            Diagnosis {
                works: true,
                summary: format!("It works: {server} speaks MCP {protocol}{over} and offers {tools}."),
                advice: Vec::new(),
                headers: Vec::new(),
            }
        }
        Attempt::Blocked { reachable: Some(true) } => Diagnosis {
            works: false,
            summary: format!(
                "The server at {host} is up, but it does not let pages from {origin} read its answers (CORS), so \
                 your browser kept them from Hearth."
            ),
            advice: vec![
                "Whoever runs the server must send these headers in its answers, including the answer to the \
                 preflight (OPTIONS) request. Hearth has no server of its own to go around this."
                    .to_owned(),
            ],
            headers: cors_headers(origin),
        },
        Attempt::Blocked { reachable } => {
            let mut advice =
                vec!["Check the address, that the server is running, and that this device is online.".to_owned()];
            if origin.starts_with("https:") && url.trim_start().starts_with("http:") && !is_local_url(url) {
                advice.push(
                    "Hearth is served over https://, so the browser blocks plain http:// addresses (mixed \
                     content). Use the server's https:// address."
                        .to_owned(),
                );
            }
            if is_local_url(url) && !is_local_url(origin) {
                advice.push(format!(
                    "The server is on this device or its network, and Hearth is hosted at {origin}: Chromium asks \
                     once whether this site may reach devices on your local network. If that was refused, allow \
                     it in the site's settings (Local network access)."
                ));
            }
            let summary = match reachable {
                Some(false) => format!("Nothing answers at {host}."),
                _ => format!("The server at {host} could not be reached."),
            };
            Diagnosis::problem(summary, advice)
        }
        Attempt::Status { status: 403, body } => Diagnosis::problem(
            format!("The server refused Hearth (HTTP 403){}", said(body)),
            vec![
                format!(
                    "Servers check where a browser request comes from (its Origin header) to protect against DNS \
                     rebinding. If this one does, whoever runs it must add {origin} to the origins it allows."
                ),
                "If it needs a key or a token instead, add it as a header of the server here.".to_owned(),
            ],
        ),
        Attempt::SignIn { more_scope: None } | Attempt::Status { status: 401, .. } => Diagnosis::problem(
            "The server wants you to sign in (HTTP 401).".to_owned(),
            vec![
                "Sign in: a window opens at the server's sign-in page, and Hearth keeps the token it gives for this \
                 server only."
                    .to_owned(),
                "If it takes a key or a token of its own instead, add it as a header of the server here (such as \
                 Authorization: Bearer …)."
                    .to_owned(),
            ],
        ),
        Attempt::SignIn { more_scope: Some(scope) } => Diagnosis::problem(
            if scope.is_empty() {
                "The server wants more access than your sign-in gave (HTTP 403).".to_owned()
            } else {
                format!("The server wants more access than your sign-in gave (HTTP 403): {scope}.")
            },
            vec!["Sign in again to grant it; what you granted before is asked for too.".to_owned()],
        ),
        Attempt::Status { status: 404, body } => Diagnosis::problem(
            format!("There is no MCP endpoint at this address (HTTP 404){}", said(body)),
            vec!["Check the path: servers often serve MCP at /mcp.".to_owned()],
        ),
        Attempt::Status { status: status @ (400 | 405), body } => Diagnosis::problem(
            format!("The server refused Hearth's first MCP request (HTTP {status}){}", said(body)),
            vec![
                "The address may not be an MCP endpoint: Hearth tried Streamable HTTP, then the older HTTP+SSE \
                 transport (MCP 2024-11-05). Check the address the server's documentation gives."
                    .to_owned(),
            ],
        ),
        Attempt::Status { status, body } => Diagnosis::problem(
            format!("The server answered HTTP {status}{}", said(body)),
            vec!["Try again later; if it goes on, ask whoever runs the server.".to_owned()],
        ),
        Attempt::SessionHidden => Diagnosis {
            works: false,
            summary: "The server started a session, but its answer does not let pages read the session's id, so it \
                      refuses the requests that follow."
                .to_owned(),
            advice: vec!["Whoever runs the server must expose the header in its answers:".to_owned()],
            headers: vec![format!("Access-Control-Expose-Headers: {EXPOSE_HEADERS}")],
        },
        Attempt::NotMcp(reason) => Diagnosis::problem(
            format!("The address answered, but not as an MCP server: {reason}."),
            vec!["Check the address: it must be the server's MCP endpoint (often ending in /mcp).".to_owned()],
        ),
    }
}

/// Whether a refusal's `body` is about a missing or unknown session id (the
/// words servers use: "No valid session ID", "Mcp-Session-Id header is
/// required").
pub fn mentions_session(body: &str) -> bool {
    body.to_ascii_lowercase().contains("session")
}

/// ": <body>." for a body worth quoting, else "."; of a JSON-RPC error (or
/// any JSON with a message), its message.
fn said(body: &str) -> String {
    let parsed = serde_json::from_str::<serde_json::Value>(body).ok();
    let message = parsed.as_ref().and_then(|value| {
        value.pointer("/error/message").or_else(|| value.get("message")).and_then(serde_json::Value::as_str)
    });
    let body = message.unwrap_or(body).trim().trim_end_matches('.');
    if body.is_empty() { ".".to_owned() } else { format!(": {body}.") }
}

/// The host (and port) of `url`, or the URL itself.
fn host_of(url: &str) -> &str {
    let rest = url.trim().split_once("://").map_or(url.trim(), |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().filter(|host| !host.is_empty()).unwrap_or(rest)
}
