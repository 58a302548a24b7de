//! Why an MCP server could not be used ([`McpFailure`]) or signed in to
//! ([`SignInFailure`]), in the words shown, and how an HTTP refusal is read.

use std::fmt;

use hearth_core::mcp::oauth::{OAuthError, read_challenge};
use hearth_core::mcp::prompts::PromptError;
use hearth_core::mcp::resources::ResourceError;
use hearth_core::mcp::rpc::RpcError;
use hearth_core::mcp::session::Session;
use hearth_core::provider::HttpRequest;
use leptos::task::spawn_local;
use serde_json::{Value, json};
use web_sys::AbortSignal;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::fetch_stream::{FetchFailure, open};
use crate::io::sign_in_window::SignInWindowError;

/// How long a request may go without a word from the server (progress counts).
pub(crate) const IDLE_LIMIT_MS: u32 = 60_000;

/// The most characters of a refusal's body that are shown.
const BODY_CHARS: usize = 300;

/// Why a server could not be used.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum McpFailure {
    /// No answer: offline, refused, or blocked by CORS (the browser's message).
    Unreachable(String),
    /// It answered with a redirect, which is not followed.
    Redirected,
    /// It answered with an HTTP error.
    Status {
        /// The status.
        status: u16,
        /// The start of its body.
        body: String,
    },
    /// It wants a sign-in (401), or more than the sign-in gave (403 with a
    /// Bearer challenge).
    Auth {
        /// The status.
        status: u16,
        /// Its `WWW-Authenticate`, when the page could read it.
        challenge: Option<String>,
    },
    /// It answered with a JSON-RPC error.
    Rpc(RpcError),
    /// Its answer is not MCP (the reason).
    Protocol(String),
    /// The answer ended without the result.
    NoAnswer,
    /// The user stopped the request.
    Stopped,
    /// The client's code could not be fetched (offline before it was ever used).
    NotLoaded(String),
    /// No word from it for [`IDLE_LIMIT_MS`].
    TimedOut,
    /// It has forgotten the session (404, or 400 to a session id).
    Gone,
    /// Its prompt cannot go into the message box.
    Prompt(PromptError),
    /// Its resource cannot be attached.
    Resource(ResourceError),
    /// The server is no longer in Tools.
    Removed,
    /// The server is switched off in Tools.
    SwitchedOff,
    /// Its header values and sign-in are sealed with the key lock, which is
    /// locked in this tab.
    Locked,
}

impl fmt::Display for McpFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreachable(detail) => write!(
                f,
                "The server could not be reached ({detail}). Check the address, that the server is running, and that it allows this page's origin (CORS)."
            ),
            Self::Redirected => f.write_str(
                "The server answered with a redirect, which Hearth does not follow (your headers go only to the address you set). Use the address it redirects to.",
            ),
            Self::Auth { status: 403, .. } => f.write_str(
                "The server wants more access than your sign-in gave. Sign in again under Tools, MCP servers.",
            ),
            Self::Auth { .. } => f.write_str("The server wants you to sign in: use Sign in under Tools, MCP servers."),
            Self::Status { status: 401 | 403, body } => {
                write!(f, "The server refused access (HTTP 401/403). Check its headers (an API key?). {body}")
            }
            Self::Status { status, body } => write!(f, "The server answered HTTP {status}. {body}"),
            Self::Rpc(error) => write!(f, "The server answered an error ({}): {}", error.code, error.message),
            Self::Protocol(reason) => write!(f, "The server's answer is not MCP: {reason}."),
            Self::NoAnswer => f.write_str("The server ended its answer without a result."),
            Self::Stopped => f.write_str("Stopped by the user."),
            Self::NotLoaded(why) => write!(f, "Hearth's MCP code could not be loaded ({why})."),
            Self::TimedOut => write!(f, "The server said nothing for {} seconds.", IDLE_LIMIT_MS / 1000),
            Self::Gone => f.write_str("The server ended the session."),
            Self::Prompt(error) => write!(f, "The prompt cannot be used: {error}."),
            Self::Resource(error) => write!(f, "The resource cannot be attached: {error}."),
            Self::Removed => f.write_str("The MCP server is no longer in Tools."),
            Self::SwitchedOff => f.write_str("The MCP server is switched off in Tools."),
            Self::Locked => f.write_str(
                "Its header values and sign-in are sealed with your API keys' passphrase: unlock your API keys to use this server.",
            ),
        }
    }
}

impl McpFailure {
    /// What is shown to the user, in the interface's language. `Display` stays
    /// English: it is what a model reads in a tool's result (and what the
    /// stored reply keeps).
    pub(crate) fn shown(&self) -> String {
        match self {
            Self::Unreachable(detail) => {
                tr_with("mcp-failure-unreachable", &[("detail", Arg::Text(detail))], || self.to_string())
            }
            Self::Redirected => tr(
                "The server answered with a redirect, which Hearth does not follow (your headers go only to the address you set). Use the address it redirects to.",
            )
            .to_owned(),
            Self::Auth { status: 403, .. } => tr(
                "The server wants more access than your sign-in gave. Sign in again under Tools, MCP servers.",
            )
            .to_owned(),
            Self::Auth { .. } => {
                tr("The server wants you to sign in: use Sign in under Tools, MCP servers.").to_owned()
            }
            Self::Status { status: 401 | 403, body } => {
                tr_with("mcp-failure-refused", &[("body", Arg::Text(body))], || self.to_string())
            }
            Self::Status { status, body } => tr_with(
                "mcp-failure-status",
                &[("status", Arg::Text(&status.to_string())), ("body", Arg::Text(body))],
                || self.to_string(),
            ),
            Self::Rpc(error) => tr_with(
                "mcp-failure-rpc",
                &[("code", Arg::Text(&error.code.to_string())), ("message", Arg::Text(&error.message))],
                || self.to_string(),
            ),
            Self::Protocol(reason) => {
                tr_with("mcp-failure-not-mcp", &[("reason", Arg::Text(reason))], || self.to_string())
            }
            Self::NoAnswer => tr("The server ended its answer without a result.").to_owned(),
            Self::Stopped => tr("Stopped by the user.").to_owned(),
            Self::NotLoaded(why) => tr_with("mcp-code-not-loaded", &[("why", Arg::Text(why))], || self.to_string()),
            Self::TimedOut => tr_with(
                "mcp-failure-timed-out",
                &[("seconds", Arg::Number(f64::from(IDLE_LIMIT_MS / 1000)))],
                || self.to_string(),
            ),
            Self::Gone => tr("The server ended the session.").to_owned(),
            Self::Prompt(error) => {
                tr_with("mcp-failure-prompt", &[("error", Arg::Text(&error.to_string()))], || self.to_string())
            }
            Self::Resource(error) => {
                tr_with("mcp-failure-resource", &[("error", Arg::Text(&error.to_string()))], || self.to_string())
            }
            Self::Removed => tr("The MCP server is no longer in Tools.").to_owned(),
            Self::SwitchedOff => tr("The MCP server is switched off in Tools.").to_owned(),
            Self::Locked => tr(
                "Its header values and sign-in are sealed with your API keys' passphrase: unlock your API keys to use this server.",
            )
            .to_owned(),
        }
    }
}

impl From<FetchFailure> for McpFailure {
    fn from(failure: FetchFailure) -> Self {
        match failure {
            FetchFailure::Aborted => Self::Stopped,
            FetchFailure::Redirected => Self::Redirected,
            FetchFailure::Network(detail) => Self::Unreachable(detail),
            FetchFailure::Status { status, body, .. } => Self::Status { status, body: cut(&body) },
        }
    }
}

/// Posts a notification; the server accepts it with 202 and no body.
pub(super) async fn post_only(request: &HttpRequest, signal: Option<&AbortSignal>) -> Result<(), McpFailure> {
    let response = open(request, signal).await?;
    if response.ok() {
        Ok(())
    } else {
        let status = response.status();
        let challenge = response.header("www-authenticate");
        Err(refusal(status, challenge, &response.text().await))
    }
}

/// An HTTP refusal: about a sign-in (401; 403 with a Bearer challenge), or not.
pub(super) fn refusal(status: u16, challenge: Option<String>, body: &str) -> McpFailure {
    // A 401 whose challenge is of another scheme (Basic, an API key's) is
    // not about signing in; one the page cannot read may well be.
    let bearer = challenge.as_deref().and_then(read_challenge).is_some();
    if (status == 401 && (bearer || challenge.is_none())) || (status == 403 && bearer) {
        McpFailure::Auth { status, challenge }
    } else {
        McpFailure::Status { status, body: cut(body) }
    }
}

/// The start of a body, for a message (nothing of an HTML page).
pub(super) fn cut(text: &str) -> String {
    if text.trim_start().starts_with('<') {
        return String::new();
    }
    match text.char_indices().nth(BODY_CHARS) {
        None => text.trim().to_owned(),
        Some((end, _)) => format!("{}…", text[..end].trim()),
    }
}

/// Why a sign-in did not finish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SignInFailure {
    /// What the authorization server (or the server's metadata) said.
    OAuth(OAuthError),
    /// The window.
    Window(SignInWindowError),
    /// No answer from a sign-in address (offline, or CORS refused this page).
    Unreachable {
        /// What was asked for.
        what: &'static str,
        /// Its address.
        url: String,
    },
    /// None of the places the metadata may be had it.
    NoMetadata(&'static str),
    /// The browser could not make the random verifier or hash it.
    Crypto(String),
    /// The server is no longer in Tools.
    Removed,
    /// The client's code could not be fetched.
    NotLoaded(String),
    /// The key lock is on and locked in this tab: the tokens could be
    /// stored only sealed.
    Locked,
}

impl fmt::Display for SignInFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OAuth(error) => {
                let error = error.to_string();
                f.write_str(&tr_with("mcp-sign-in-failed", &[("error", Arg::Text(&error))], || {
                    format!("Signing in failed: {error}.")
                }))
            }
            Self::Window(error) => {
                let error = error.to_string();
                f.write_str(&tr_with("mcp-sign-in-failed", &[("error", Arg::Text(&error))], || {
                    format!("Signing in failed: {error}.")
                }))
            }
            // `what` is one of the labels `sign_in` names ("token endpoint").
            Self::Unreachable { what, url } => f.write_str(&tr_with(
                "mcp-sign-in-unreachable",
                &[("what", Arg::Text(tr(what))), ("url", Arg::Text(url))],
                || {
                    format!(
                        "Signing in failed: the {what} at {url} did not answer this page. It may be down, or it does not allow browser pages (CORS), and then no browser client can sign in to it: ask its owner to allow this origin."
                    )
                },
            )),
            Self::NoMetadata(what) => {
                f.write_str(&tr_with("mcp-sign-in-no-metadata", &[("what", Arg::Text(tr(what)))], || {
                    format!("Signing in failed: the server publishes no {what}.")
                }))
            }
            Self::Crypto(detail) => {
                f.write_str(&tr_with("mcp-sign-in-failed", &[("error", Arg::Text(detail))], || {
                    format!("Signing in failed: {detail}.")
                }))
            }
            Self::Removed => f.write_str(tr("The MCP server is no longer in Tools.")),
            Self::NotLoaded(why) => f.write_str(&tr_with("mcp-code-not-loaded", &[("why", Arg::Text(why))], || {
                format!("Hearth's MCP code could not be loaded ({why}).")
            })),
            Self::Locked => f.write_str(tr(
                "Unlock your API keys first: with the key lock on, a sign-in is stored only sealed with them.",
            )),
        }
    }
}

impl From<OAuthError> for SignInFailure {
    fn from(error: OAuthError) -> Self {
        Self::OAuth(error)
    }
}

/// Answers a server's request `id` that needs no one (a `ping`, with `{}`),
/// or refuses it as a method Hearth does not offer; sent in the background.
pub(super) fn reply_plainly(session: &Session, id: &Value, method: &str) {
    let reply = if method == "ping" {
        session.answer(id, &json!({}))
    } else {
        session.refuse(id, &format!("Hearth does not offer {method}"))
    };
    spawn_local(async move {
        let _ = open(&reply, None).await;
    });
}
