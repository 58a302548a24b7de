//! What of an MCP server is secret, and how it is kept at rest: header
//! values, the OAuth client's secret and the sign-in. With the key lock off
//! they are stored as they are; with it on, only sealed together
//! ([`McpServer::sealed`], the shell seals and opens them with the lock's key)
//! and the plain fields are stored blank, as a provider's key is.

use serde::{Deserialize, Serialize};

use super::{McpHeader, McpServer};
use crate::mcp::oauth::SignIn;

/// A server's secrets, as they are sealed together.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct McpSecrets {
    /// The headers that have a value, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<McpHeader>,
    /// The secret of the OAuth client the user entered, for its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<(String, String)>,
    /// The sign-in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign_in: Option<SignIn>,
}

impl McpSecrets {
    /// Whether there is nothing to keep.
    pub fn is_empty(&self) -> bool {
        self.headers.is_empty() && self.client_secret.is_none() && self.sign_in.is_none()
    }

    /// The bytes that are sealed: their JSON. (Through `serde_json::Value`,
    /// whose code the app has anyway: a typed writer or reader would add its
    /// own copy of every field's code to the wasm.)
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_value(self).map(|value| value.to_string().into_bytes()).unwrap_or_default()
    }

    /// Reads what [`McpSecrets::to_bytes`] wrote (`None` when it is not that).
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        serde_json::from_value(serde_json::from_slice(bytes).ok()?).ok()
    }
}

impl McpServer {
    /// Its secrets as they are in memory now.
    pub fn secrets(&self) -> McpSecrets {
        McpSecrets {
            headers: self.headers.iter().filter(|header| !header.value.is_empty()).cloned().collect(),
            client_secret: self
                .oauth_client
                .as_ref()
                .filter(|client| !client.client_secret.is_empty())
                .map(|client| (client.client_id.clone(), client.client_secret.clone())),
            sign_in: self.sign_in.clone(),
        }
    }

    /// Whether it holds a secret in plain form.
    pub fn has_secrets(&self) -> bool {
        !self.secrets().is_empty()
    }

    /// Whether its secrets are sealed and not opened here (the key lock is
    /// locked in this tab): it cannot be reached until they are.
    pub fn secrets_locked(&self) -> bool {
        self.sealed.is_some() && !self.has_secrets()
    }

    /// The server with `opened` (its sealed secrets, opened) put back: a
    /// header of the same name that has no value takes the sealed one, the
    /// client secret comes back for the same client id, the sign-in when it
    /// has none. What it holds in plain form is kept (an import's value).
    pub fn with_secrets(mut self, opened: McpSecrets) -> McpServer {
        for header in self.headers.iter_mut().filter(|header| header.value.is_empty()) {
            if let Some(kept) = opened.headers.iter().find(|kept| kept.name.eq_ignore_ascii_case(&header.name)) {
                header.value = kept.value.clone();
            }
        }
        if let (Some(client), Some((id, secret))) = (self.oauth_client.as_mut(), opened.client_secret)
            && client.client_secret.is_empty()
            && client.client_id == id
        {
            client.client_secret = secret;
        }
        if self.sign_in.is_none() {
            self.sign_in = opened.sign_in;
        }
        self
    }

    /// The server without any secret in plain form (header values blank, no
    /// client secret, no sign-in); `sealed` as it is.
    pub fn without_secrets(&self) -> McpServer {
        let mut server = self.clone();
        for header in &mut server.headers {
            header.value.clear();
        }
        if let Some(client) = server.oauth_client.as_mut() {
            client.client_secret.clear();
        }
        server.sign_in = None;
        server
    }

    /// The record as it may be stored: with the lock on, no plain secret (the
    /// caller seals them into `sealed` first; an unsealed one is left out
    /// rather than stored plain); with it off, never a sealed one.
    pub fn at_rest(&self, locked: bool) -> McpServer {
        if locked { self.without_secrets() } else { McpServer { sealed: None, ..self.clone() } }
    }
}
