//! Signing in to an MCP server with OAuth (`hearth_core::mcp::oauth` decides;
//! this fetches, hashes and waits for the window), and refreshing its token.
//!
//! Every request here goes without cookies or referrer, and a token endpoint
//! gets only what the spec sends it. The tokens are kept on the server's
//! record, bound to the issuer and resource they were given for; the record's
//! `request_headers` sends them only to that server.

use hearth_core::mcp::oauth::{
    self, Authorize, Challenge, Client, Grant, OAuthError, ResourceMetadata, ServerMetadata, SignIn,
};
use hearth_core::mcp::session::origin;
use hearth_core::provider::HttpRequest;
use hearth_core::tools::McpServer;
use leptos::prelude::*;

use super::failure::SignInFailure;
use super::{McpContext, ServerStatus};
use crate::io::clock;
use crate::io::crypto::{random_bytes, sha256};
use crate::io::fetch_stream::{FetchFailure, open};
use crate::io::sign_in_window::{SignInWindow, client_metadata_url, redirect_uri};

/// An answer: its status and body, or `None` when the browser got none.
async fn fetch(request: &HttpRequest) -> Option<(u16, String)> {
    match open(request, None).await {
        Ok(response) => {
            let status = response.status();
            Some((status, response.text().await))
        }
        Err(FetchFailure::Status { status, body, .. }) => Some((status, body)),
        Err(_) => None,
    }
}

fn get(url: &str) -> HttpRequest {
    HttpRequest {
        method: "GET",
        url: url.to_owned(),
        headers: vec![("accept".to_owned(), "application/json".to_owned())],
        body: None,
    }
}

/// The first of `urls` that answers 2xx: its body.
async fn first_found(urls: &[String]) -> Option<String> {
    for url in urls {
        if let Some((200..=299, body)) = fetch(&get(url)).await {
            return Some(body);
        }
    }
    None
}

/// The resource metadata of `server` (from the challenge's address, else the
/// well-known ones). Without any: the 2025-03-26 way, the server's origin is
/// its own authorization server.
async fn resource_metadata(server: &McpServer, challenge: &Challenge) -> Result<ResourceMetadata, SignInFailure> {
    let mut urls: Vec<String> = challenge.resource_metadata.iter().cloned().collect();
    urls.extend(oauth::resource_metadata_urls(&server.url));
    match first_found(&urls).await {
        Some(body) => Ok(oauth::read_resource_metadata(&body, &server.url)?),
        None => Ok(ResourceMetadata {
            resource: oauth::canonical_resource(&server.url),
            authorization_servers: origin(&server.url).map(str::to_owned).into_iter().collect(),
            scopes_supported: None,
        }),
    }
}

/// The metadata of the authorization server `issuer`; the first document
/// found must be right (a wrong one is not skipped for another).
async fn server_metadata(issuer: &str) -> Result<ServerMetadata, SignInFailure> {
    let body = first_found(&oauth::server_metadata_urls(issuer))
        .await
        .ok_or(SignInFailure::NoMetadata("authorization server metadata"))?;
    Ok(oauth::read_server_metadata(&body, issuer)?)
}

/// The client to sign in with: the one used last with this issuer, the
/// user's pre-registered one, Hearth's metadata document, or a new registration.
async fn client(server: &McpServer, meta: &ServerMetadata, scope: Option<&str>) -> Result<Client, SignInFailure> {
    if let Some(previous) = server.sign_in.as_ref().filter(|previous| previous.issuer == meta.issuer) {
        return Ok(previous.client.clone());
    }
    if let Some(own) = &server.oauth_client {
        return Ok(Client::pre_registered(&own.client_id, Some(&own.client_secret), meta));
    }
    if meta.client_id_metadata_documents
        && let Some(client_id) = own_metadata_document().await
    {
        return Ok(Client { client_id, client_secret: None, auth: oauth::ClientAuth::None });
    }
    let Some(endpoint) = &meta.registration_endpoint else {
        return Err(OAuthError::NoRegistration.into());
    };
    let request = HttpRequest {
        method: "POST",
        url: endpoint.clone(),
        headers: vec![
            ("content-type".to_owned(), "application/json".to_owned()),
            ("accept".to_owned(), "application/json".to_owned()),
        ],
        body: Some(oauth::registration_body(&redirect_uri(), scope)),
    };
    let (status, body) = fetch(&request)
        .await
        .ok_or_else(|| SignInFailure::Unreachable { what: "registration endpoint", url: endpoint.clone() })?;
    match oauth::read_registration(&body, meta) {
        Err(OAuthError::Unreadable(_)) if !(200..300).contains(&status) => Err(OAuthError::Status(status).into()),
        other => Ok(other?),
    }
}

/// Hearth's Client ID Metadata Document's URL, when this site serves one
/// for itself (an https site built with one) that names this address and
/// this Hearth's callback page.
async fn own_metadata_document() -> Option<String> {
    let url = client_metadata_url();
    if !url.starts_with("https://") {
        return None;
    }
    let body = first_found(std::slice::from_ref(&url)).await?;
    let document: serde_json::Value = serde_json::from_str(&body).ok()?;
    let names_us = document.get("client_id").and_then(serde_json::Value::as_str) == Some(url.as_str());
    let redirect = redirect_uri();
    let comes_back = document
        .get("redirect_uris")
        .and_then(serde_json::Value::as_array)
        .is_some_and(|uris| uris.iter().any(|uri| uri.as_str() == Some(redirect.as_str())));
    (names_us && comes_back).then_some(url)
}

fn random_text<const N: usize>() -> Result<String, SignInFailure> {
    random_bytes::<N>().map(|bytes| oauth::random_text(&bytes)).map_err(|e| SignInFailure::Crypto(e.to_string()))
}

impl McpContext {
    /// Signs in to the server `id` in `window` (opened by the click that asked),
    /// then checks the server again. The status says how it goes.
    pub(super) async fn sign_in_now(self, id: &str, window: SignInWindow) {
        self.status.update(|map| {
            map.insert(id.to_owned(), ServerStatus::SigningIn);
        });
        match self.sign_in_with(id, &window).await {
            Ok(()) => {
                self.wanted.update(|map| {
                    map.remove(id);
                });
                self.check_now(id).await;
            }
            Err(failure) => {
                window.close();
                self.status.update(|map| {
                    map.insert(id.to_owned(), ServerStatus::SignInFailed(failure));
                });
            }
        }
    }

    async fn sign_in_with(self, id: &str, window: &SignInWindow) -> Result<(), SignInFailure> {
        let server = self.server(id).ok_or(SignInFailure::Removed)?;
        if self.secrets_locked_here() {
            self.ask_to_unlock();
            return Err(SignInFailure::Locked);
        }
        let challenge = self.wanted.with_untracked(|map| map.get(id).cloned()).unwrap_or_default();
        let resource = resource_metadata(&server, &challenge).await?;
        // (The 2025-03-26 fallback names the server's own origin, which must be secure too.)
        let issuer = resource
            .authorization_servers
            .iter()
            .find(|issuer| oauth::secure_endpoint(issuer))
            .cloned()
            .ok_or(OAuthError::NoAuthorizationServer)?;
        let meta = server_metadata(&issuer).await?;
        // A step-up keeps what the last sign-in asked for.
        let before = server.sign_in.as_ref().filter(|_| challenge.error.as_deref() == Some(oauth::INSUFFICIENT_SCOPE));
        let scope = oauth::choose_scope(
            challenge.scope.as_deref(),
            &resource,
            &meta,
            before.and_then(|previous| previous.scope.as_deref()),
        );
        let client = client(&server, &meta, scope.as_deref()).await?;
        let verifier = random_text::<32>()?;
        let state = random_text::<16>()?;
        let digest = sha256(verifier.as_bytes()).await.map_err(|e| SignInFailure::Crypto(e.to_string()))?;
        let redirect = redirect_uri();
        let url = oauth::authorize_url(
            &meta,
            &Authorize {
                client_id: &client.client_id,
                redirect_uri: &redirect,
                challenge: &oauth::code_challenge(&digest),
                state: &state,
                resource: &resource.resource,
                scope: scope.as_deref(),
            },
        );
        let query = window.go(&url, &state).await.map_err(SignInFailure::Window)?;
        let code = oauth::read_callback(&query, &state, &meta)?;
        let grant = Grant::Code { code: &code, verifier: &verifier, redirect_uri: &redirect };
        let request = oauth::token_request(&meta.token_endpoint, &client, grant, &resource.resource);
        let (status, body) = fetch(&request)
            .await
            .ok_or_else(|| SignInFailure::Unreachable { what: "token endpoint", url: meta.token_endpoint.clone() })?;
        let tokens = oauth::read_tokens(status, &body)?;
        let now = clock::now_ms() as u64;
        let sign_in = SignIn::new(&meta, &resource.resource, client, tokens, scope, now);
        let mut current = self.server(id).ok_or(SignInFailure::Removed)?;
        current.sign_in = Some(sign_in);
        self.save(current);
        Ok(())
    }

    /// Trades the refresh token of the server `id` for a new access token
    /// (keeping a rotated refresh token), after a request to `failed` (the
    /// server as that request read it) was refused; whether to try again.
    ///
    /// Only a request that carried the sign-in's token can have found it
    /// ended. One refresh at a time per server: one that finds the token
    /// already changed tries again with it. What comes back is kept only if
    /// the stored sign-in is still the one refreshed (not signed out or in
    /// anew meanwhile), and only `invalid_grant` forgets the tokens.
    pub(super) async fn refresh_now(self, id: &str, failed: &McpServer) -> bool {
        let Some(sent) = failed.sign_in.as_ref().map(|sign_in| format!("Bearer {}", sign_in.access_token)) else {
            return false;
        };
        if !failed.request_headers().iter().any(|(name, value)| name == "authorization" && *value == sent) {
            return false;
        }
        let lock = self.refresh_lock(id);
        let _held = lock.lock().await;
        let Some(mut sign_in) = self.server(id).and_then(|server| server.sign_in) else { return false };
        if format!("Bearer {}", sign_in.access_token) != sent {
            return true;
        }
        let Some(refresh_token) = sign_in.refresh_token.clone() else { return false };
        let request = oauth::token_request(
            &sign_in.token_endpoint,
            &sign_in.client,
            Grant::Refresh(&refresh_token),
            &sign_in.resource,
        );
        let Some((status, body)) = fetch(&request).await else { return false };
        let outcome = oauth::read_tokens(status, &body);
        let Some(mut current) = self.server(id) else { return false };
        let unchanged =
            current.sign_in.as_ref().and_then(|s| s.refresh_token.as_deref()) == Some(refresh_token.as_str());
        match outcome {
            Ok(tokens) if unchanged => {
                sign_in.refreshed(tokens, clock::now_ms() as u64);
                current.sign_in = Some(sign_in);
                self.save(current);
                true
            }
            Err(OAuthError::Refused { error, .. }) if error == "invalid_grant" && unchanged => {
                current.sign_in = None;
                self.save(current);
                false
            }
            _ => false,
        }
    }
}
