//! One connection to an MCP server over HTTP, as a state machine: it builds
//! the requests and reads the answers; the shell sends and receives.
//!
//! Three ways are spoken:
//!
//! - **Stateless** (protocol 2026-07-28, see [`super::era`]): no `initialize`
//!   and no session; `server/discover` says what the server offers, and every
//!   request is a POST carrying the version in its `_meta` and its method in
//!   `Mcp-Method`.
//! - **Streamable HTTP** (protocol 2025-03-26 to 2025-11-25): every message is
//!   a POST to the server's URL with `Accept: application/json,
//!   text/event-stream`; the answer is JSON or an event stream that may carry the
//!   server's own requests and notifications before the response. `initialize`
//!   comes first; its answer may give an `Mcp-Session-Id`, sent back on every
//!   later request with `MCP-Protocol-Version`.
//! - **HTTP+SSE** (2024-11-05): a GET opens an event stream whose first event,
//!   `endpoint`, names the URL to POST messages to; every answer comes on that
//!   stream.
//!
//! Request ids are counted here from 1; the core makes no random ids.

#[cfg(test)]
mod tests;

use serde_json::{Value, json};

use super::era::{self, MODERN_VERSION};
pub use super::era::{LEGACY_VERSION, STREAMABLE_VERSIONS};
use super::rpc::{self, Incoming, ParseError};
use crate::contract::HttpRequest;
use crate::sse::SseDecoder;

/// How messages travel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    /// The stateless revision: POST to the server's URL, each request whole.
    Stateless,
    /// Streamable HTTP: POST to the server's URL.
    Streamable,
    /// HTTP+SSE: POST to the endpoint the event stream named (`None` until it has).
    Legacy {
        /// Where to POST.
        endpoint: Option<String>,
    },
}

/// Who Hearth says it is in `initialize`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientInfo {
    /// The client's name.
    pub name: String,
    /// Its version.
    pub version: String,
}

/// What a server said about itself when it was initialised.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ServerInfo {
    /// Its name (its title when it gave one).
    pub name: String,
    /// Its version.
    pub version: String,
    /// The protocol version agreed.
    pub protocol_version: String,
    /// It has tools.
    pub tools: bool,
    /// It has prompts.
    pub prompts: bool,
    /// It has resources.
    pub resources: bool,
    /// It completes arguments (`completion/complete`).
    pub completions: bool,
    /// Its instructions for the model, when it gave some.
    pub instructions: Option<String>,
}

/// Why a server's answer cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The answer is not JSON-RPC.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// `initialize` gave a protocol version Hearth does not speak.
    #[error("the server speaks MCP version {0}, which Hearth does not")]
    UnknownVersion(String),
    /// `initialize` gave something that is not an initialize result.
    #[error("the server's answer to initialize is incomplete")]
    BadInitialize,
    /// `server/discover` gave something that is not a discovery result.
    #[error("the server's answer to server/discover is incomplete")]
    BadDiscover,
}

/// The parts of an HTTP response's head that MCP reads.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ResponseHead {
    /// The status.
    pub status: u16,
    /// `Content-Type`, when readable.
    pub content_type: Option<String>,
    /// `Mcp-Session-Id`, when the server exposed it.
    pub session_id: Option<String>,
}

/// A connection to one server.
#[derive(Debug, Clone)]
pub struct Session {
    url: String,
    /// The user's own headers (and the token's `Authorization`), on every request.
    headers: Vec<(String, String)>,
    transport: Transport,
    version: Option<String>,
    session_id: Option<String>,
    next_id: u64,
    /// Who Hearth is, for a stateless request's `_meta` (set by [`Session::discover`]).
    client: Option<ClientInfo>,
}

impl Session {
    /// A connection to `url` over `transport`, nothing sent yet.
    pub fn new(url: String, headers: Vec<(String, String)>, transport: Transport) -> Self {
        Self { url, headers, transport, version: None, session_id: None, next_id: 1, client: None }
    }

    /// How messages travel.
    pub fn transport(&self) -> &Transport {
        &self.transport
    }

    /// The session id the server gave, if any.
    pub fn session_id(&self) -> Option<&str> {
        self.session_id.as_deref()
    }

    /// Whether `initialize` has been answered.
    pub fn is_initialized(&self) -> bool {
        self.version.is_some()
    }

    /// Forgets the session (the server lost it): the next request must be `initialize`.
    pub fn reset(&mut self) {
        self.version = None;
        self.session_id = None;
    }

    /// The next request id.
    fn take_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The `server/discover` request of the stateless revision, and its id.
    pub fn discover(&mut self, client: &ClientInfo) -> (u64, HttpRequest) {
        self.client = Some(client.clone());
        self.request("server/discover", None)
    }

    /// Reads the answer to `server/discover`: what the server says of itself.
    pub fn discovered(&mut self, result: &Value) -> Result<ServerInfo, SessionError> {
        let supported = result.get("supportedVersions").and_then(Value::as_array).ok_or(SessionError::BadDiscover)?;
        if !supported.iter().any(|version| version.as_str() == Some(MODERN_VERSION)) {
            let versions: Vec<&str> = supported.iter().filter_map(Value::as_str).collect();
            return Err(SessionError::UnknownVersion(versions.join(", ")));
        }
        let server = result.pointer("/_meta/io.modelcontextprotocol~1serverInfo").cloned().unwrap_or(Value::Null);
        let info = server_info(MODERN_VERSION.to_owned(), result, &server);
        self.version = Some(MODERN_VERSION.to_owned());
        Ok(info)
    }

    /// The `initialize` request, and its id.
    pub fn initialize(&mut self, client: &ClientInfo) -> (u64, HttpRequest) {
        let version = match self.transport {
            Transport::Streamable | Transport::Stateless => STREAMABLE_VERSIONS[0],
            Transport::Legacy { .. } => LEGACY_VERSION,
        };
        let params = json!({
            "protocolVersion": version,
            "capabilities": super::capabilities::client_capabilities(),
            "clientInfo": { "name": client.name, "version": client.version },
        });
        self.request("initialize", Some(&params))
    }

    /// Reads the answer to `initialize` (its head and its result), and returns
    /// the `notifications/initialized` request to send next.
    pub fn initialized(
        &mut self,
        head: &ResponseHead,
        result: &Value,
    ) -> Result<(ServerInfo, HttpRequest), SessionError> {
        let version =
            result.get("protocolVersion").and_then(Value::as_str).ok_or(SessionError::BadInitialize)?.to_owned();
        let known = match self.transport {
            Transport::Streamable | Transport::Stateless => STREAMABLE_VERSIONS.contains(&version.as_str()),
            Transport::Legacy { .. } => version == LEGACY_VERSION || STREAMABLE_VERSIONS.contains(&version.as_str()),
        };
        if !known {
            return Err(SessionError::UnknownVersion(version));
        }
        if let Some(id) = head.session_id.as_deref().filter(|id| is_visible_ascii(id)) {
            self.session_id = Some(id.to_owned());
        }
        self.version = Some(version.clone());
        let server = result.get("serverInfo").cloned().unwrap_or(Value::Null);
        let info = server_info(version, result, &server);
        let notification = self.post(rpc::notification("notifications/initialized", None));
        Ok((info, notification))
    }

    /// A request to the server, and its id.
    pub fn request(&mut self, method: &str, params: Option<&Value>) -> (u64, HttpRequest) {
        self.request_with(method, params, Vec::new())
    }

    /// A request to the server with a tool's `Mcp-Param-*` headers
    /// ([`era::param_headers`]; only the stateless revision sends them), and its id.
    pub fn request_with(
        &mut self,
        method: &str,
        params: Option<&Value>,
        param_headers: Vec<(String, String)>,
    ) -> (u64, HttpRequest) {
        let id = self.take_id();
        if self.transport != Transport::Stateless {
            return (id, self.post(rpc::request(id, method, params)));
        }
        let client =
            self.client.clone().unwrap_or_else(|| ClientInfo { name: "hearth".into(), version: String::new() });
        let stamped = era::stamp(params, &client.name, &client.version);
        let mut request = self.post(rpc::request(id, method, Some(&stamped)));
        request.headers.extend(era::standard_headers(method, params));
        request.headers.extend(param_headers);
        (id, request)
    }

    /// A notification to the server.
    pub fn notify(&self, method: &str, params: Option<&Value>) -> HttpRequest {
        self.post(rpc::notification(method, params))
    }

    /// The notification that cancels request `id` on the server; none in the
    /// stateless revision, where closing the request cancels it.
    pub fn cancel(&self, id: u64) -> Option<HttpRequest> {
        (self.transport != Transport::Stateless)
            .then(|| self.notify("notifications/cancelled", Some(&serde_json::json!({ "requestId": id }))))
    }

    /// The answer to the server's request `id`.
    pub fn answer(&self, id: &Value, result: &Value) -> HttpRequest {
        self.post(rpc::result(id, result))
    }

    /// An error answer to the server's request `id` (a method Hearth does not have).
    pub fn refuse(&self, id: &Value, message: &str) -> HttpRequest {
        self.post(rpc::error(id, rpc::METHOD_NOT_FOUND, message))
    }

    /// An error answer to the server's request `id` (its params refused).
    pub fn answer_error(&self, id: &Value, error: &rpc::RpcError) -> HttpRequest {
        self.post(rpc::error(id, error.code, &error.message))
    }

    /// The request that ends the session on the server (Streamable HTTP with a
    /// session id only).
    pub fn close(&self) -> Option<HttpRequest> {
        let id = self.session_id.as_ref()?;
        (self.transport == Transport::Streamable).then(|| HttpRequest {
            method: "DELETE",
            url: self.url.clone(),
            headers: self.common_headers(id),
            body: None,
        })
    }

    /// The GET that opens the HTTP+SSE transport's event stream.
    pub fn open_stream(&self) -> HttpRequest {
        let mut headers = self.headers.clone();
        headers.push(("accept".into(), "text/event-stream".into()));
        HttpRequest { method: "GET", url: self.url.clone(), headers, body: None }
    }

    /// Reads the HTTP+SSE transport's `endpoint` event: the URL to POST to,
    /// resolved against the server's URL. Refused (`false`) when it points to
    /// another origin, where the user's headers must not go.
    pub fn set_endpoint(&mut self, data: &str) -> bool {
        let Some(endpoint) = resolve(&self.url, data.trim()) else { return false };
        if origin(&endpoint) != origin(&self.url) {
            return false;
        }
        self.transport = Transport::Legacy { endpoint: Some(endpoint) };
        true
    }

    fn common_headers(&self, session_id: &str) -> Vec<(String, String)> {
        let mut headers = self.headers.clone();
        headers.push(("mcp-session-id".into(), session_id.to_owned()));
        if let Some(version) = &self.version {
            headers.push(("mcp-protocol-version".into(), version.clone()));
        }
        headers
    }

    fn post(&self, body: String) -> HttpRequest {
        let mut headers = self.headers.clone();
        headers.push(("content-type".into(), "application/json".into()));
        let url = match &self.transport {
            Transport::Stateless => {
                headers.push(("accept".into(), "application/json, text/event-stream".into()));
                headers.push(("mcp-protocol-version".into(), MODERN_VERSION.into()));
                self.url.clone()
            }
            Transport::Streamable => {
                headers.push(("accept".into(), "application/json, text/event-stream".into()));
                if let Some(id) = &self.session_id {
                    headers.push(("mcp-session-id".into(), id.clone()));
                }
                if let Some(version) = &self.version {
                    headers.push(("mcp-protocol-version".into(), version.clone()));
                }
                self.url.clone()
            }
            Transport::Legacy { endpoint } => endpoint.clone().unwrap_or_else(|| self.url.clone()),
        };
        HttpRequest { method: "POST", url, headers, body: Some(body) }
    }
}

/// What a server said of itself: `server` is its `serverInfo`, `result` the
/// answer that holds its capabilities and instructions.
fn server_info(protocol_version: String, result: &Value, server: &Value) -> ServerInfo {
    let capabilities = result.get("capabilities").cloned().unwrap_or(Value::Null);
    let has = |key: &str| capabilities.get(key).is_some_and(|value| !value.is_null());
    let text = |key: &str| server.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    let title = text("title");
    ServerInfo {
        name: if title.is_empty() { text("name") } else { title },
        version: text("version"),
        protocol_version,
        tools: has("tools"),
        prompts: has("prompts"),
        resources: has("resources"),
        completions: has("completions"),
        instructions: result.get("instructions").and_then(Value::as_str).map(str::to_owned),
    }
}

/// Whether a header value is visible ASCII, as a session id must be.
fn is_visible_ascii(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| (0x21..=0x7e).contains(&b))
}

/// `scheme://host[:port]` of an absolute http(s) URL.
pub fn origin(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"))?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if end == 0 {
        return None;
    }
    Some(&url[..url.len() - rest.len() + end])
}

/// `reference` resolved against `base` (an absolute http(s) URL): an absolute
/// URL, a path from the root, or a path beside the base's.
pub fn resolve(base: &str, reference: &str) -> Option<String> {
    if reference.starts_with("http://") || reference.starts_with("https://") {
        return Some(reference.to_owned());
    }
    let origin = origin(base)?;
    if reference.starts_with("//") {
        let scheme = &base[..base.find(':')?];
        return Some(format!("{scheme}:{reference}"));
    }
    if reference.starts_with('/') {
        return Some(format!("{origin}{reference}"));
    }
    let path = &base[origin.len()..];
    let path = &path[..path.find(['?', '#']).unwrap_or(path.len())];
    let dir = &path[..path.rfind('/').map_or(0, |slash| slash + 1)];
    let dir = if dir.is_empty() { "/" } else { dir };
    Some(format!("{origin}{dir}{reference}"))
}

/// Reads an answer's body as it arrives: one JSON-RPC message (or batch) for
/// `application/json`, any number of them for `text/event-stream`.
#[derive(Debug)]
pub struct BodyReader {
    kind: BodyKind,
}

#[derive(Debug)]
enum BodyKind {
    Json(Vec<u8>),
    Events(SseDecoder),
}

/// One thing read from a body.
#[derive(Debug, Clone, PartialEq)]
pub enum Read {
    /// A JSON-RPC message.
    Message(Incoming),
    /// The HTTP+SSE transport's `endpoint` event, with its data.
    Endpoint(String),
    /// Something that is not JSON-RPC.
    Unreadable(ParseError),
}

impl BodyReader {
    /// A reader for a body of type `content_type` (an event stream when it
    /// says so, else JSON).
    pub fn new(content_type: Option<&str>) -> Self {
        let events = content_type
            .and_then(|value| value.split(';').next())
            .is_some_and(|value| value.trim().eq_ignore_ascii_case("text/event-stream"));
        Self { kind: if events { BodyKind::Events(SseDecoder::new()) } else { BodyKind::Json(Vec::new()) } }
    }

    /// Feeds the next bytes; returns what they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Read> {
        match &mut self.kind {
            BodyKind::Json(buffer) => {
                buffer.extend_from_slice(bytes);
                Vec::new()
            }
            BodyKind::Events(decoder) => decoder.push(bytes).into_iter().flat_map(read_event).collect(),
        }
    }

    /// Ends the body; returns what was left.
    pub fn finish(&mut self) -> Vec<Read> {
        match &mut self.kind {
            BodyKind::Json(buffer) => {
                let text = String::from_utf8_lossy(buffer).into_owned();
                buffer.clear();
                if text.trim().is_empty() {
                    return Vec::new();
                }
                match rpc::parse(&text) {
                    Ok(messages) => messages.into_iter().map(Read::Message).collect(),
                    Err(error) => vec![Read::Unreadable(error)],
                }
            }
            BodyKind::Events(decoder) => decoder.finish().into_iter().flat_map(read_event).collect(),
        }
    }

    /// The last event id of an event stream (to resume it with `Last-Event-ID`).
    pub fn last_event_id(&self) -> Option<&str> {
        match &self.kind {
            BodyKind::Events(decoder) => decoder.last_event_id(),
            BodyKind::Json(_) => None,
        }
    }

    /// How long the server asked to wait before resuming, in milliseconds.
    pub fn retry_ms(&self) -> Option<u64> {
        match &self.kind {
            BodyKind::Events(decoder) => decoder.reconnection_ms(),
            BodyKind::Json(_) => None,
        }
    }
}

fn read_event(event: crate::sse::SseEvent) -> Vec<Read> {
    match event.event.as_deref() {
        Some("endpoint") => vec![Read::Endpoint(event.data)],
        None | Some("message") => {
            if event.data.trim().is_empty() {
                return Vec::new(); // A priming event.
            }
            match rpc::parse(&event.data) {
                Ok(messages) => messages.into_iter().map(Read::Message).collect(),
                Err(error) => vec![Read::Unreadable(error)],
            }
        }
        Some(_) => Vec::new(),
    }
}

/// The GET that opens a Streamable HTTP session's own event stream, where a
/// server may send requests not tied to one of Hearth's (such as a question
/// for the user during a call); `None` for other transports, or before the
/// session has an id.
pub fn listen(session: &Session) -> Option<HttpRequest> {
    if session.transport != Transport::Streamable {
        return None;
    }
    let id = session.session_id.as_ref()?;
    let mut headers = session.headers.clone();
    headers.push(("accept".into(), "text/event-stream".into()));
    headers.push(("mcp-session-id".into(), id.clone()));
    if let Some(version) = &session.version {
        headers.push(("mcp-protocol-version".into(), version.clone()));
    }
    Some(HttpRequest { method: "GET", url: session.url.clone(), headers, body: None })
}

/// A resuming GET of a Streamable HTTP event stream that ended before its
/// answer, from after `last_event_id`.
pub fn resume(session: &Session, last_event_id: &str) -> HttpRequest {
    let mut headers = session.headers.clone();
    headers.push(("accept".into(), "text/event-stream".into()));
    if let Some(id) = &session.session_id {
        headers.push(("mcp-session-id".into(), id.clone()));
    }
    if let Some(version) = &session.version {
        headers.push(("mcp-protocol-version".into(), version.clone()));
    }
    headers.push(("last-event-id".into(), last_event_id.to_owned()));
    HttpRequest { method: "GET", url: session.url.clone(), headers, body: None }
}
