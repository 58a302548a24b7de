//! Signing in to an MCP server with OAuth 2.1, as the MCP authorization spec
//! (2025-11-25, 2026-07-28) asks of a public client: what to fetch to find
//! the authorization server, how to read what it says, the URLs and bodies
//! to send, and whether an answer may be trusted. The shell fetches, makes
//! the random verifier and state, hashes, opens the sign-in window and keeps
//! the tokens; nothing here sends or reads a clock.
//!
//! The order of things:
//! 1. A 401 (or 403) names the server's protected-resource metadata in its
//!    `WWW-Authenticate` ([`read_challenge`]); without one, or when the
//!    browser cannot read that header, [`resource_metadata_urls`] are tried
//!    (RFC 9728). Its `resource` must be the server's ([`read_resource_metadata`]).
//! 2. The authorization server's metadata, from [`server_metadata_urls`]
//!    (RFC 8414, then OpenID discovery), must name the issuer it was fetched
//!    for and offer PKCE with S256 ([`read_server_metadata`]).
//! 3. A client id: pre-registered by the user, else Hearth's Client ID
//!    Metadata Document when the server takes one, else dynamic registration
//!    ([`registration_body`], [`read_registration`]).
//! 4. The user signs in at [`authorize_url`]; the answer comes back to
//!    Hearth's own callback page ([`read_callback`] checks `state` and `iss`).
//! 5. The code is exchanged ([`token_request`], [`read_tokens`]); later the
//!    refresh token too, kept as the server rotates it.
//!
//! Tokens are bound to the issuer and the resource they were given for, and
//! sent only to that server ([`bound_to`]).

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::session::origin;
use crate::contract::HttpRequest;
use crate::format::base64;

/// The OAuth error a 403 carries when the token lacks a scope.
pub const INSUFFICIENT_SCOPE: &str = "insufficient_scope";

/// Why signing in cannot go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OAuthError {
    /// A document is not the JSON it should be.
    #[error("the {0} is not valid JSON of the expected shape")]
    Unreadable(&'static str),
    /// The protected-resource metadata is for another resource.
    #[error("the server's metadata is for {found}, not for {expected}")]
    WrongResource {
        /// What the metadata says.
        found: String,
        /// The server's address.
        expected: String,
    },
    /// It names no authorization server (at an https:// address).
    #[error("the server names no authorization server at an https:// address")]
    NoAuthorizationServer,
    /// The authorization server's metadata names another issuer than the one it was fetched for.
    #[error("the authorization server's metadata names the issuer {found}, not {expected}")]
    WrongIssuer {
        /// What the metadata says.
        found: String,
        /// The issuer it was fetched for.
        expected: String,
    },
    /// A required endpoint is missing, or not https (nor http to this machine).
    #[error("the authorization server's metadata has no usable {0} (an https:// address)")]
    NoEndpoint(&'static str),
    /// It does not offer PKCE with S256, which the MCP spec requires.
    #[error("the authorization server does not offer PKCE with S256, so Hearth cannot sign in safely")]
    NoPkce,
    /// Nothing to get a client id from.
    #[error(
        "the authorization server neither accepts Hearth's client metadata document nor registers clients: ask its \
         owner for a client id and enter it with the server"
    )]
    NoRegistration,
    /// The answer to the sign-in is for another attempt (or forged).
    #[error("the sign-in answer does not belong to this sign-in (state)")]
    WrongState,
    /// The answer's `iss` is not the issuer signed in at (RFC 9207).
    #[error("the sign-in answer comes from another issuer ({0})")]
    WrongIss(String),
    /// The issuer promised `iss` in the answer and it is missing (RFC 9207).
    #[error("the sign-in answer lacks the issuer (iss) its server promised")]
    MissingIss,
    /// The answer carries no code.
    #[error("the sign-in answer carries no code")]
    NoCode,
    /// The authorization server refused (an OAuth error).
    #[error("the authorization server said {error}{}", description.as_deref().map(|d| format!(": {d}")).unwrap_or_default())]
    Refused {
        /// The OAuth error code.
        error: String,
        /// Its description, when given.
        description: Option<String>,
    },
    /// It answered an HTTP error without an OAuth error.
    #[error("the authorization server answered HTTP {0}")]
    Status(u16),
    /// Its token is not a bearer token.
    #[error("the authorization server gave a token of type {0}, which Hearth cannot use")]
    NotBearer(String),
}

/// What a `WWW-Authenticate: Bearer …` challenge says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Challenge {
    /// `error`, such as `invalid_token` or [`INSUFFICIENT_SCOPE`].
    pub error: Option<String>,
    /// `scope`: what the server wants the token to carry.
    pub scope: Option<String>,
    /// `resource_metadata`: where its protected-resource metadata is.
    pub resource_metadata: Option<String>,
}

/// The Bearer challenge of a `WWW-Authenticate` value (which may hold
/// several challenges), or `None` when there is none.
pub fn read_challenge(header: &str) -> Option<Challenge> {
    let mut chars = header.char_indices().peekable();
    let mut in_bearer = false;
    let mut found = None::<Challenge>;
    loop {
        while chars.next_if(|(_, c)| c.is_whitespace() || *c == ',').is_some() {}
        let Some(&(start, _)) = chars.peek() else { break };
        while chars.next_if(|(_, c)| is_token_char(*c)).is_some() {}
        let end = chars.peek().map_or(header.len(), |(at, _)| *at);
        if end == start {
            // Not a token: skip the character.
            chars.next();
            continue;
        }
        let name = &header[start..end];
        while chars.next_if(|(_, c)| *c == ' ' || *c == '\t').is_some() {}
        if chars.next_if(|(_, c)| *c == '=').is_none() {
            // A scheme starts (maybe with a token68, skipped as a token).
            in_bearer = name.eq_ignore_ascii_case("bearer");
            if in_bearer && found.is_none() {
                found = Some(Challenge::default());
            }
            continue;
        }
        // Token68 padding (`abc==`) is not a parameter.
        if chars.peek().is_none_or(|(_, c)| *c == '=' || *c == ',') {
            while chars.next_if(|(_, c)| *c == '=').is_some() {}
            continue;
        }
        while chars.next_if(|(_, c)| *c == ' ' || *c == '\t').is_some() {}
        let value = if chars.next_if(|(_, c)| *c == '"').is_some() {
            let mut value = String::new();
            while let Some((_, c)) = chars.next() {
                match c {
                    '"' => break,
                    '\\' => value.extend(chars.next().map(|(_, c)| c)),
                    c => value.push(c),
                }
            }
            value
        } else {
            let from = chars.peek().map_or(header.len(), |(at, _)| *at);
            while chars.next_if(|(_, c)| *c != ',' && !c.is_whitespace()).is_some() {}
            let to = chars.peek().map_or(header.len(), |(at, _)| *at);
            header[from..to].to_owned()
        };
        if let (true, Some(challenge)) = (in_bearer, found.as_mut()) {
            let slot = match name.to_ascii_lowercase().as_str() {
                "error" => &mut challenge.error,
                "scope" => &mut challenge.scope,
                "resource_metadata" => &mut challenge.resource_metadata,
                _ => continue,
            };
            slot.get_or_insert(value);
        }
    }
    found
}

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// The address of `url` without query or fragment, and without a trailing slash.
fn path_of(url: &str) -> Option<(&str, &str)> {
    let origin = origin(url)?;
    let rest = &url[origin.len()..];
    let path = &rest[..rest.find(['?', '#']).unwrap_or(rest.len())];
    Some((origin, path.trim_end_matches('/')))
}

/// Where the protected-resource metadata of the MCP server at `server_url`
/// may be (RFC 9728 §3.1): at the path-based well-known URL, then at the root.
pub fn resource_metadata_urls(server_url: &str) -> Vec<String> {
    let Some((origin, path)) = path_of(server_url) else { return Vec::new() };
    let root = format!("{origin}/.well-known/oauth-protected-resource");
    if path.is_empty() { vec![root] } else { vec![format!("{root}{path}"), root] }
}

/// Where the metadata of the authorization server `issuer` may be: RFC 8414
/// (path inserted after the well-known name), then OpenID Connect discovery
/// in both of its forms.
pub fn server_metadata_urls(issuer: &str) -> Vec<String> {
    let Some((origin, path)) = path_of(issuer) else { return Vec::new() };
    if path.is_empty() {
        vec![
            format!("{origin}/.well-known/oauth-authorization-server"),
            format!("{origin}/.well-known/openid-configuration"),
        ]
    } else {
        vec![
            format!("{origin}/.well-known/oauth-authorization-server{path}"),
            format!("{origin}/.well-known/openid-configuration{path}"),
            format!("{origin}{path}/.well-known/openid-configuration"),
        ]
    }
}

/// What the MCP server says of itself as a protected resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceMetadata {
    /// The resource the tokens are for (sent as `resource`, RFC 8707).
    pub resource: String,
    /// Its authorization servers (issuers); the first is used.
    pub authorization_servers: Vec<String>,
    /// The scopes it names, when it names them.
    pub scopes_supported: Option<Vec<String>>,
}

/// Reads protected-resource metadata fetched for the server at
/// `server_url`. Its `resource` must be the server's address or a prefix of
/// it on the same origin (a token for another resource must not be asked for).
pub fn read_resource_metadata(body: &str, server_url: &str) -> Result<ResourceMetadata, OAuthError> {
    let value: Value = serde_json::from_str(body).map_err(|_| OAuthError::Unreadable("resource metadata"))?;
    let resource = match value.get("resource") {
        None => canonical_resource(server_url),
        Some(Value::String(resource)) => resource.clone(),
        Some(_) => return Err(OAuthError::Unreadable("resource metadata")),
    };
    if !covers(&resource, server_url) {
        return Err(OAuthError::WrongResource { found: resource, expected: server_url.to_owned() });
    }
    let authorization_servers: Vec<String> =
        strings(value.get("authorization_servers")).into_iter().filter(|issuer| secure_endpoint(issuer)).collect();
    if authorization_servers.is_empty() {
        return Err(OAuthError::NoAuthorizationServer);
    }
    let scopes_supported = value.get("scopes_supported").map(|list| strings(Some(list)));
    Ok(ResourceMetadata { resource, authorization_servers, scopes_supported })
}

/// The server's address as a resource indicator (RFC 8707): no fragment,
/// scheme and host in lower case.
pub fn canonical_resource(server_url: &str) -> String {
    let url = &server_url[..server_url.find('#').unwrap_or(server_url.len())];
    match origin(url) {
        Some(origin) => format!("{}{}", origin.to_ascii_lowercase(), &url[origin.len()..]),
        None => url.to_owned(),
    }
}

/// Whether tokens for `resource` may go to `server_url`: the same origin
/// (compared without case), and the resource's path is the server's or a
/// folder of it.
pub fn covers(resource: &str, server_url: &str) -> bool {
    let (Some((resource_origin, resource_path)), Some((server_origin, server_path))) =
        (path_of(resource), path_of(server_url))
    else {
        return false;
    };
    resource_origin.eq_ignore_ascii_case(server_origin)
        && (server_path == resource_path
            || server_path.strip_prefix(resource_path).is_some_and(|rest| rest.starts_with('/')))
}

/// Whether `url` may carry a sign-in's secrets (codes, tokens, a client
/// secret): https, or http to this machine only (the MCP spec's rule).
pub fn secure_endpoint(url: &str) -> bool {
    if url.starts_with("https://") {
        return origin(url).is_some();
    }
    let Some(origin) = origin(url) else { return false };
    let host = origin.trim_start_matches("http://");
    let host = if host.starts_with('[') {
        host.split_inclusive(']').next().unwrap_or(host)
    } else {
        host.split(':').next().unwrap_or(host)
    };
    matches!(host.to_ascii_lowercase().as_str(), "localhost" | "127.0.0.1" | "[::1]")
}

fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |list| list.iter().filter_map(Value::as_str).map(str::to_owned).collect())
}

/// How Hearth proves who it is at the token endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ClientAuth {
    /// A public client: its id in the body.
    #[default]
    None,
    /// `client_secret_basic`: id and secret in an `Authorization: Basic` header.
    #[serde(rename = "client_secret_basic")]
    Basic,
    /// `client_secret_post`: id and secret in the body.
    #[serde(rename = "client_secret_post")]
    Post,
}

/// What an authorization server says of itself (RFC 8414), as far as Hearth uses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerMetadata {
    /// Its issuer identifier, exactly as fetched for.
    pub issuer: String,
    /// Where the user signs in.
    pub authorization_endpoint: String,
    /// Where codes and refresh tokens become tokens.
    pub token_endpoint: String,
    /// Where clients register themselves (RFC 7591), if anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registration_endpoint: Option<String>,
    /// The scopes it names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scopes_supported: Option<Vec<String>>,
    /// The ways a client may authenticate at the token endpoint.
    #[serde(default)]
    pub token_endpoint_auth_methods: Vec<String>,
    /// Whether it takes a Client ID Metadata Document's URL as a client id.
    #[serde(default)]
    pub client_id_metadata_documents: bool,
    /// Whether it puts `iss` in its answers (RFC 9207).
    #[serde(default)]
    pub iss_in_answers: bool,
}

/// Reads authorization-server metadata fetched for `issuer`: it must name
/// that issuer exactly, have http(s) endpoints, and offer S256.
pub fn read_server_metadata(body: &str, issuer: &str) -> Result<ServerMetadata, OAuthError> {
    let value: Value =
        serde_json::from_str(body).map_err(|_| OAuthError::Unreadable("authorization server metadata"))?;
    if !value.is_object() {
        return Err(OAuthError::Unreadable("authorization server metadata"));
    }
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    let found = text("issuer").unwrap_or_default();
    if found != issuer {
        return Err(OAuthError::WrongIssuer { found, expected: issuer.to_owned() });
    }
    let endpoint = |key: &'static str| text(key).filter(|url| secure_endpoint(url)).ok_or(OAuthError::NoEndpoint(key));
    let authorization_endpoint = endpoint("authorization_endpoint")?;
    let token_endpoint = endpoint("token_endpoint")?;
    if !strings(value.get("code_challenge_methods_supported")).iter().any(|method| method == "S256") {
        return Err(OAuthError::NoPkce);
    }
    Ok(ServerMetadata {
        issuer: found,
        authorization_endpoint,
        token_endpoint,
        registration_endpoint: text("registration_endpoint").filter(|url| secure_endpoint(url)),
        scopes_supported: value.get("scopes_supported").map(|list| strings(Some(list))),
        token_endpoint_auth_methods: strings(value.get("token_endpoint_auth_methods_supported")),
        client_id_metadata_documents: value.get("client_id_metadata_document_supported") == Some(&Value::Bool(true)),
        iss_in_answers: value.get("authorization_response_iss_parameter_supported") == Some(&Value::Bool(true)),
    })
}

/// The scope to ask for (the MCP spec's scope selection): the challenge's,
/// else every scope the resource names, else none; joined with what was
/// asked for before (a step-up keeps what it had); `offline_access` added
/// when the authorization server names it (for a refresh token).
pub fn choose_scope(
    challenge: Option<&str>,
    resource: &ResourceMetadata,
    server: &ServerMetadata,
    before: Option<&str>,
) -> Option<String> {
    fn add(scopes: &mut Vec<String>, scope: &str) {
        for one in scope.split_whitespace() {
            if !scopes.iter().any(|known| known == one) {
                scopes.push(one.to_owned());
            }
        }
    }
    let mut scopes: Vec<String> = Vec::new();
    match challenge.filter(|scope| !scope.trim().is_empty()) {
        Some(scope) => add(&mut scopes, scope),
        None => resource.scopes_supported.iter().flatten().for_each(|scope| add(&mut scopes, scope)),
    }
    if let Some(before) = before {
        add(&mut scopes, before);
    }
    let offline = server.scopes_supported.iter().flatten().any(|scope| scope == "offline_access");
    if offline && !scopes.is_empty() {
        add(&mut scopes, "offline_access");
    }
    (!scopes.is_empty()).then(|| scopes.join(" "))
}

/// A client id Hearth signs in with, and how it authenticates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Client {
    /// The client id.
    pub client_id: String,
    /// Its secret, for a confidential (pre-registered or registered) client.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    /// How it authenticates at the token endpoint.
    #[serde(default)]
    pub auth: ClientAuth,
}

impl Client {
    /// A client the user registered with the server's owner: with a secret,
    /// authenticated the way the server prefers of those Hearth knows
    /// (Basic, the default of RFC 6749, unless only `client_secret_post` is named).
    pub fn pre_registered(client_id: &str, client_secret: Option<&str>, server: &ServerMetadata) -> Self {
        let client_secret = client_secret.filter(|secret| !secret.is_empty()).map(str::to_owned);
        let auth = match &client_secret {
            None => ClientAuth::None,
            Some(_) => secret_auth(&server.token_endpoint_auth_methods),
        };
        Self { client_id: client_id.to_owned(), client_secret, auth }
    }
}

fn secret_auth(methods: &[String]) -> ClientAuth {
    let named = |name: &str| methods.iter().any(|method| method == name);
    if named("client_secret_post") && !named("client_secret_basic") { ClientAuth::Post } else { ClientAuth::Basic }
}

/// The body of a dynamic client registration (RFC 7591): a public client
/// with Hearth's callback page, asking for refresh tokens too, and its
/// application type.
pub fn registration_body(redirect_uri: &str, scope: Option<&str>) -> String {
    // OpenID's application types (MCP SEP-837): a site is "web"; a Hearth on
    // this machine (an http:// loopback callback) is what "native" allows.
    let application_type = if redirect_uri.starts_with("https://") { "web" } else { "native" };
    let mut body = json!({
        "client_name": "Hearth",
        "application_type": application_type,
        "redirect_uris": [redirect_uri],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
    });
    if let Some(scope) = scope {
        body["scope"] = Value::String(scope.to_owned());
    }
    body.to_string()
}

/// Reads a registration's answer; the method it names wins, else a secret
/// means the server's preferred secret method.
pub fn read_registration(body: &str, server: &ServerMetadata) -> Result<Client, OAuthError> {
    let value: Value = serde_json::from_str(body).map_err(|_| OAuthError::Unreadable("registration answer"))?;
    if let Some(error) = oauth_error(&value) {
        return Err(error);
    }
    let client_id = value.get("client_id").and_then(Value::as_str).filter(|id| !id.is_empty());
    let client_id = client_id.ok_or(OAuthError::Unreadable("registration answer"))?.to_owned();
    let client_secret = value.get("client_secret").and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
    let auth = match value.get("token_endpoint_auth_method").and_then(Value::as_str) {
        Some("client_secret_basic") if client_secret.is_some() => ClientAuth::Basic,
        Some("client_secret_post") if client_secret.is_some() => ClientAuth::Post,
        Some(_) | None if client_secret.is_none() => ClientAuth::None,
        Some("none") => ClientAuth::None,
        _ => secret_auth(&server.token_endpoint_auth_methods),
    };
    Ok(Client { client_id, client_secret, auth })
}

/// What goes into the URL the user signs in at.
#[derive(Debug, Clone, Copy)]
pub struct Authorize<'a> {
    /// The client id.
    pub client_id: &'a str,
    /// Hearth's callback page.
    pub redirect_uri: &'a str,
    /// The PKCE challenge ([`code_challenge`]).
    pub challenge: &'a str,
    /// The random state the answer must carry back.
    pub state: &'a str,
    /// The resource the token is for.
    pub resource: &'a str,
    /// The scope, when one is asked for.
    pub scope: Option<&'a str>,
}

/// The URL the user signs in at.
pub fn authorize_url(server: &ServerMetadata, request: &Authorize<'_>) -> String {
    let mut pairs = vec![
        ("response_type", "code"),
        ("client_id", request.client_id),
        ("redirect_uri", request.redirect_uri),
        ("code_challenge", request.challenge),
        ("code_challenge_method", "S256"),
        ("state", request.state),
        ("resource", request.resource),
    ];
    if let Some(scope) = request.scope {
        pairs.push(("scope", scope));
    }
    let joiner = if server.authorization_endpoint.contains('?') { '&' } else { '?' };
    format!("{}{joiner}{}", server.authorization_endpoint, form_encode(&pairs))
}

/// The PKCE challenge (S256) of a verifier whose SHA-256 is `digest`.
pub fn code_challenge(digest: &[u8]) -> String {
    base64::encode_url(digest)
}

/// A PKCE verifier or a state from random bytes (32 give 43 characters).
pub fn random_text(bytes: &[u8]) -> String {
    base64::encode_url(bytes)
}

/// Reads the query the callback page was opened with: the code, once the
/// state is this sign-in's and the issuer is the one signed in at. A present
/// `iss` must equal `server.issuer` exactly; an absent one is accepted only
/// when the server did not promise it.
pub fn read_callback(query: &str, state: &str, server: &ServerMetadata) -> Result<String, OAuthError> {
    let pairs = parse_query(query);
    let get = |key: &str| pairs.iter().find(|(name, _)| name == key).map(|(_, value)| value.clone());
    if get("state").as_deref() != Some(state) {
        return Err(OAuthError::WrongState);
    }
    match get("iss") {
        Some(iss) if iss != server.issuer => return Err(OAuthError::WrongIss(iss)),
        None if server.iss_in_answers => return Err(OAuthError::MissingIss),
        _ => {}
    }
    if let Some(error) = get("error") {
        return Err(OAuthError::Refused { error, description: get("error_description") });
    }
    get("code").filter(|code| !code.is_empty()).ok_or(OAuthError::NoCode)
}

/// What is traded at the token endpoint.
#[derive(Debug, Clone, Copy)]
pub enum Grant<'a> {
    /// The code from the callback, with the PKCE verifier and the callback page.
    Code {
        /// The code.
        code: &'a str,
        /// The PKCE verifier.
        verifier: &'a str,
        /// The callback page, as sent to the authorize URL.
        redirect_uri: &'a str,
    },
    /// A refresh token.
    Refresh(&'a str),
}

/// The token request for `grant`, with `resource` (RFC 8707) and the
/// client's authentication.
pub fn token_request(token_endpoint: &str, client: &Client, grant: Grant<'_>, resource: &str) -> HttpRequest {
    let mut pairs: Vec<(&str, &str)> = match grant {
        Grant::Code { code, verifier, redirect_uri } => vec![
            ("grant_type", "authorization_code"),
            ("code", code),
            ("code_verifier", verifier),
            ("redirect_uri", redirect_uri),
        ],
        Grant::Refresh(token) => vec![("grant_type", "refresh_token"), ("refresh_token", token)],
    };
    pairs.push(("resource", resource));
    let mut headers = vec![
        ("content-type".to_owned(), "application/x-www-form-urlencoded".to_owned()),
        ("accept".to_owned(), "application/json".to_owned()),
    ];
    match (client.auth, client.client_secret.as_deref()) {
        (ClientAuth::Basic, Some(secret)) => {
            // RFC 6749 §2.3.1: each form-encoded, then joined and base64'd.
            let pair = format!("{}:{}", form_encode_one(&client.client_id), form_encode_one(secret));
            headers.push(("authorization".to_owned(), format!("Basic {}", base64::encode(pair.as_bytes()))));
        }
        (ClientAuth::Post, Some(secret)) => {
            pairs.push(("client_id", &client.client_id));
            pairs.push(("client_secret", secret));
        }
        _ => pairs.push(("client_id", &client.client_id)),
    }
    HttpRequest { method: "POST", url: token_endpoint.to_owned(), headers, body: Some(form_encode(&pairs)) }
}

/// Tokens as the token endpoint gave them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tokens {
    /// The access token.
    pub access_token: String,
    /// A refresh token, when given.
    pub refresh_token: Option<String>,
    /// Seconds the access token lives, when said.
    pub expires_in: Option<u64>,
    /// The scope granted, when said.
    pub scope: Option<String>,
}

/// Reads the token endpoint's answer (`status`, `body`).
pub fn read_tokens(status: u16, body: &str) -> Result<Tokens, OAuthError> {
    let value: Option<Value> = serde_json::from_str(body).ok();
    if let Some(error) = value.as_ref().and_then(oauth_error) {
        return Err(error);
    }
    if !(200..300).contains(&status) {
        return Err(OAuthError::Status(status));
    }
    let value = value.ok_or(OAuthError::Unreadable("token answer"))?;
    let text = |key: &str| value.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned);
    let access_token = text("access_token").ok_or(OAuthError::Unreadable("token answer"))?;
    let kind = text("token_type").unwrap_or_default();
    if !kind.eq_ignore_ascii_case("bearer") {
        return Err(OAuthError::NotBearer(kind));
    }
    let expires_in = value.get("expires_in").and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()));
    Ok(Tokens { access_token, refresh_token: text("refresh_token"), expires_in, scope: text("scope") })
}

fn oauth_error(value: &Value) -> Option<OAuthError> {
    let error = value.get("error")?.as_str()?.to_owned();
    let description = value.get("error_description").and_then(Value::as_str).map(str::to_owned);
    Some(OAuthError::Refused { error, description })
}

/// A server's sign-in as kept with it: who issued the tokens, for which
/// resource, with which client, and the tokens. Its `Debug` leaves the
/// tokens and the client secret out.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignIn {
    /// The issuer signed in at.
    pub issuer: String,
    /// The resource the tokens are for.
    pub resource: String,
    /// Its token endpoint (for refreshing without discovery).
    pub token_endpoint: String,
    /// The client signed in with.
    pub client: Client,
    /// The access token.
    pub access_token: String,
    /// The refresh token, when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    /// When the access token ends (ms since the epoch), when said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// The scope asked for (kept for a step-up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

impl std::fmt::Debug for SignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignIn")
            .field("issuer", &self.issuer)
            .field("resource", &self.resource)
            .field("client_id", &self.client.client_id)
            .field("expires_at", &self.expires_at)
            .field("scope", &self.scope)
            .finish_non_exhaustive()
    }
}

impl SignIn {
    /// A sign-in from the tokens got at `now` (ms).
    pub fn new(
        server: &ServerMetadata,
        resource: &str,
        client: Client,
        tokens: Tokens,
        scope: Option<String>,
        now: u64,
    ) -> Self {
        Self {
            issuer: server.issuer.clone(),
            resource: resource.to_owned(),
            token_endpoint: server.token_endpoint.clone(),
            client,
            access_token: tokens.access_token,
            refresh_token: tokens.refresh_token,
            expires_at: tokens.expires_in.map(|seconds| now.saturating_add(seconds.saturating_mul(1000))),
            scope,
        }
    }

    /// After a refresh: the new access token, and the new refresh token when
    /// the server rotated it (else the old one stays).
    pub fn refreshed(&mut self, tokens: Tokens, now: u64) {
        self.access_token = tokens.access_token;
        if tokens.refresh_token.is_some() {
            self.refresh_token = tokens.refresh_token;
        }
        self.expires_at = tokens.expires_in.map(|seconds| now.saturating_add(seconds.saturating_mul(1000)));
    }

    /// Whether the access token has ended by `now` (or will within a minute).
    pub fn expired(&self, now: u64) -> bool {
        self.expires_at.is_some_and(|end| now.saturating_add(60_000) >= end)
    }
}

/// Whether `sign_in`'s token may go to the server at `server_url`.
pub fn bound_to(sign_in: &SignIn, server_url: &str) -> bool {
    covers(&sign_in.resource, server_url)
}

/// `application/x-www-form-urlencoded` pairs.
pub fn form_encode(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(name, value)| format!("{}={}", form_encode_one(name), form_encode_one(value)))
        .collect::<Vec<_>>()
        .join("&")
}

fn form_encode_one(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => out.push(char::from(byte)),
            b' ' => out.push('+'),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// The pairs of a query string (with or without its `?`), decoded.
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (form_decode(name), form_decode(value))
        })
        .collect()
}

fn form_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |byte: u8| char::from(byte).to_digit(16).and_then(|digit| u8::try_from(digit).ok());
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match (bytes[at], bytes.get(at + 1).copied().and_then(hex), bytes.get(at + 2).copied().and_then(hex)) {
            (b'%', Some(high), Some(low)) => {
                out.push(high * 16 + low);
                at += 2;
            }
            (b'+', _, _) => out.push(b' '),
            (byte, _, _) => out.push(byte),
        }
        at += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
