//! Requests to the user's CouchDB server (sync, `src/sync/`): one request, its
//! whole JSON answer. The replication's steps and bodies are decided in
//! `hearth_core::replication`; this is only the door.
//!
//! The password goes only to the server it was entered for: every request is
//! built from the server's URL as configured plus a path (never a URL from an
//! answer), in an `Authorization: Basic` header (never in the URL), with no
//! cookies, no referrer and no redirect followed (`io::fetch_stream`'s rules).

use std::fmt;

use hearth_core::format::base64;
use hearth_core::provider::HttpRequest;
use web_sys::AbortSignal;

use crate::io::fetch_stream::{FetchFailure, open};

/// Where the user's database is, and who they are there.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct CouchServer {
    /// The server's URL, without a trailing slash (`https://couch.example.org`).
    pub(crate) url: String,
    /// The database's name.
    pub(crate) db: String,
    /// The user's name (empty: no credentials are sent).
    pub(crate) user: String,
    /// Their password.
    pub(crate) password: String,
}

impl fmt::Debug for CouchServer {
    /// Never shows the password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CouchServer").field("url", &self.url).field("db", &self.db).field("user", &self.user).finish()
    }
}

/// An answer of any status, read whole.
#[derive(Debug, Clone)]
pub(crate) struct CouchAnswer {
    /// The HTTP status.
    pub(crate) status: u16,
    /// The body as text.
    pub(crate) body: String,
}

impl CouchAnswer {
    /// Whether the status is 2xx.
    pub(crate) fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// Why no answer could be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CouchFailure {
    /// Stopped (Stop, or the page going away).
    Aborted,
    /// No answer: offline, the server down, or this page's origin refused (CORS).
    Network(String),
    /// The server answered with a redirect, which is not followed.
    Redirected,
}

impl fmt::Display for CouchFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CouchFailure::Aborted => write!(f, "stopped"),
            CouchFailure::Network(detail) => write!(f, "the server did not answer ({detail})"),
            CouchFailure::Redirected => write!(f, "the server answered with a redirect, which Hearth does not follow"),
        }
    }
}

impl CouchServer {
    /// The database's URL.
    pub(crate) fn db_url(&self) -> String {
        format!("{}/{}", self.url, percent(&self.db))
    }

    /// The server's URL with the database, as replication ids name it: no
    /// credentials.
    pub(crate) fn identity(&self) -> String {
        format!("{}|{}", self.db_url(), self.user)
    }

    /// Sends `method path` (a path under the server, starting with `/`) with
    /// an optional JSON body, and reads the whole answer.
    pub(crate) async fn request(
        &self,
        method: &'static str,
        path: &str,
        body: Option<String>,
        signal: Option<&AbortSignal>,
    ) -> Result<CouchAnswer, CouchFailure> {
        let mut headers = vec![("Accept".to_owned(), "application/json".to_owned())];
        if body.is_some() {
            headers.push(("Content-Type".to_owned(), "application/json".to_owned()));
        }
        if !self.user.is_empty() {
            let token = base64::encode(format!("{}:{}", self.user, self.password).as_bytes());
            headers.push(("Authorization".to_owned(), format!("Basic {token}")));
        }
        let request = HttpRequest { method, url: format!("{}{path}", self.url), headers, body };
        let opened = open(&request, signal).await.map_err(|failure| match failure {
            FetchFailure::Aborted => CouchFailure::Aborted,
            FetchFailure::Redirected => CouchFailure::Redirected,
            FetchFailure::Network(detail) => CouchFailure::Network(detail),
            FetchFailure::Status { status, .. } => CouchFailure::Network(format!("status {status}")),
        })?;
        let status = opened.status();
        let mut bytes = Vec::new();
        opened.read(|chunk| bytes.extend_from_slice(chunk)).await.map_err(|failure| match failure {
            FetchFailure::Aborted => CouchFailure::Aborted,
            other => CouchFailure::Network(format!("{other:?}")),
        })?;
        Ok(CouchAnswer { status, body: String::from_utf8_lossy(&bytes).into_owned() })
    }

    /// [`Self::request`] under the database's path (`""`, `"/_changes?…"`).
    pub(crate) async fn db_request(
        &self,
        method: &'static str,
        path: &str,
        body: Option<String>,
        signal: Option<&AbortSignal>,
    ) -> Result<CouchAnswer, CouchFailure> {
        self.request(method, &format!("/{}{path}", percent(&self.db)), body, signal).await
    }
}

/// `text` percent-encoded for one path segment.
pub(crate) fn percent(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
