//! MCP servers as a source of tools: the server record the user keeps, the key
//! an agent enables each of its tools by, the definitions offered to a model,
//! and whether a call asks first.
//!
//! An agent lists an MCP tool in [`AgentRecord::tools`] by its key
//! `mcp:<server id>:<tool name>`, which survives renaming the server; the model
//! calls it by a name from [`crate::mcp::names`], fitted to every provider.
//! Every MCP tool asks before running unless the user chose "Always allow" for
//! it on that agent, and then only while its definition ([`definition_hash`])
//! is the one allowed: a changed definition (a new description or schema)
//! asks again (`AgentRecord::mcp_asks`). A tool its server keeps for its MCP
//! Apps views (visibility `app` only, [`McpTool::for_model`]) is never offered
//! to a model, whatever the agent enables.

mod secrets;
#[cfg(test)]
mod tests;

pub use secrets::McpSecrets;

use crate::compaction::definition_tokens;
use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ToolSpec;
use crate::format::sealed::Sealed;
use crate::mcp::listing::McpTool;
use crate::mcp::names::{self, ToolToName};
use crate::mcp::oauth::{self, SignIn};

/// Setting records holding an MCP server start with this key.
pub const MCP_SERVER_KEY_PREFIX: &str = "mcp_server:";

/// An agent's keys for MCP tools start with this.
pub const MCP_TOOL_PREFIX: &str = "mcp:";

/// A header the user set for a server (an API key, a team name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct McpHeader {
    /// The header's name.
    pub name: String,
    /// Its value.
    pub value: String,
}

/// An MCP server the user added.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McpServer {
    /// Stable id.
    pub id: String,
    /// The name the user gave it (the first part of its tools' names).
    pub name: String,
    /// Its MCP endpoint, an http(s) URL.
    pub url: String,
    /// Headers sent with every request to it, only to its origin.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<McpHeader>,
    /// Whether its tools are offered at all.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Its tools as last listed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<McpTool>,
    /// The OAuth client its owner registered for the user, when the
    /// authorization server registers none itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oauth_client: Option<OAuthClientId>,
    /// Its OAuth sign-in (tokens bound to an issuer and this server); never
    /// in a backup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign_in: Option<SignIn>,
    /// Its secrets ([`McpSecrets`]: header values, client secret, sign-in)
    /// sealed with the key lock, when the lock is on; never in a backup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<Sealed>,
}

/// A client id (and secret) the user got from a server's owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OAuthClientId {
    /// The client id.
    pub client_id: String,
    /// Its secret, when it has one; blanked in backups.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub client_secret: String,
}

fn yes() -> bool {
    true
}

impl McpServer {
    /// The key of its setting record.
    pub fn setting_key(&self) -> String {
        format!("{MCP_SERVER_KEY_PREFIX}{}", self.id)
    }

    /// The key an agent enables its tool `tool` by.
    pub fn tool_key(&self, tool: &str) -> String {
        tool_key(&self.id, tool)
    }

    /// The headers sent with each request: the user's, those with a name,
    /// and the sign-in's bearer token when it is for this server's address
    /// and the user set no `Authorization` of their own.
    pub fn request_headers(&self) -> Vec<(String, String)> {
        let mut headers: Vec<(String, String)> = self
            .headers
            .iter()
            .filter(|header| !header.name.trim().is_empty())
            .map(|header| (header.name.trim().to_ascii_lowercase(), header.value.clone()))
            .collect();
        if let Some(sign_in) = self.sign_in.as_ref().filter(|sign_in| oauth::bound_to(sign_in, &self.url))
            && !headers.iter().any(|(name, _)| name == "authorization")
        {
            headers.push(("authorization".to_owned(), format!("Bearer {}", sign_in.access_token)));
        }
        headers
    }
}

/// The key an agent enables the tool `tool` of the server `server_id` by.
pub fn tool_key(server_id: &str, tool: &str) -> String {
    format!("{MCP_TOOL_PREFIX}{server_id}:{tool}")
}

/// The server id and tool name of an MCP tool key.
pub fn parse_tool_key(key: &str) -> Option<(&str, &str)> {
    key.strip_prefix(MCP_TOOL_PREFIX)?.split_once(':').filter(|(server, tool)| !server.is_empty() && !tool.is_empty())
}

/// A stable hash of a tool's definition (name, description, schema,
/// annotations): what "Always allow" holds for. Not what it says about views
/// ([`McpTool::ui`]), so that a tool allowed before Hearth read that stays
/// allowed. A SHA-256 in lowercase hex, which a server cannot make collide
/// with the definition the user allowed (the 64-bit FNV-1a it replaces could
/// be). A definition allowed under the old 16-digit hash no longer matches
/// and asks once more: the safe direction.
pub fn definition_hash(tool: &McpTool) -> String {
    let text = serde_json::json!([tool.name, tool.description, tool.input_schema, tool.annotations]).to_string();
    crate::format::sha256::digest_hex(text.as_bytes())
}

/// An MCP tool offered on a turn: where a call of `spec.name` goes.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferedMcpTool {
    /// The definition the model reads.
    pub spec: ToolSpec,
    /// The server's id.
    pub server_id: String,
    /// The server's name.
    pub server_name: String,
    /// The tool's name on the server.
    pub tool: String,
    /// The agent's key for it.
    pub key: String,
    /// [`definition_hash`] of the definition offered.
    pub hash: String,
}

/// The MCP tools of `enabled` (an agent's tool keys), from enabled servers
/// that list them for a model, with names that are none of `taken` (the
/// other tools').
pub fn offered_mcp_tools(enabled: &[String], servers: &[McpServer], taken: &BTreeSet<String>) -> Vec<OfferedMcpTool> {
    let mut chosen: Vec<(&McpServer, &McpTool)> = Vec::new();
    for key in enabled {
        let Some((server_id, tool_name)) = parse_tool_key(key) else { continue };
        let Some(server) = servers.iter().find(|server| server.id == server_id && server.enabled) else { continue };
        let Some(tool) = server.tools.iter().find(|tool| tool.name == tool_name && tool.for_model()) else {
            continue;
        };
        if !chosen.iter().any(|(s, t)| s.id == server.id && t.name == tool.name) {
            chosen.push((server, tool));
        }
    }
    let to_name: Vec<ToolToName<'_>> = chosen
        .iter()
        .map(|(server, tool)| ToolToName { server_id: &server.id, server_label: &server.name, tool: &tool.name })
        .collect();
    let wire = names::wire_names(&to_name, taken);
    chosen
        .into_iter()
        .zip(wire)
        .map(|((server, tool), name)| OfferedMcpTool {
            spec: ToolSpec { name, description: tool.description.clone(), parameters: tool.input_schema.clone() },
            server_id: server.id.clone(),
            server_name: server.name.clone(),
            tool: tool.name.clone(),
            key: server.tool_key(&tool.name),
            hash: definition_hash(tool),
        })
        .collect()
}

/// The estimated tokens `tool`'s definition adds to every request that offers it.
pub fn tool_tokens(tool: &McpTool) -> u32 {
    definition_tokens(&tool.name, &tool.description, &tool.input_schema)
}

/// The estimated tokens the MCP tools of `enabled` (an agent's tool keys),
/// from enabled servers that list them, add to every request.
pub fn offered_mcp_tokens(enabled: &[String], servers: &[McpServer]) -> u32 {
    enabled
        .iter()
        .enumerate()
        // Each tool once, as `offered_mcp_tools` offers it once.
        .filter(|(at, key)| !enabled[..*at].contains(key))
        .filter_map(|(_, key)| parse_tool_key(key))
        .filter_map(|(server_id, name)| {
            let server = servers.iter().find(|server| server.id == server_id && server.enabled)?;
            server.tools.iter().find(|tool| tool.name == name && tool.for_model())
        })
        .fold(0, |sum: u32, tool| sum.saturating_add(tool_tokens(tool)))
}

/// The agent tool keys of the tools of a stored server (its setting value,
/// read as plain JSON) with [`tool_tokens`] of each, but those kept from a
/// model ([`McpTool::for_model`]); none when it is off.
/// The same figures as from the server read in full, for less code.
pub fn stored_tool_tokens(server: &Value) -> Vec<(String, u32)> {
    let Some(id) = server.get("id").and_then(Value::as_str) else { return Vec::new() };
    if server.get("enabled").and_then(Value::as_bool) == Some(false) {
        return Vec::new();
    }
    let object = Value::Object(serde_json::Map::new());
    server
        .get("tools")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|tool| {
            let name = tool.get("name").and_then(Value::as_str)?;
            if tool.pointer("/ui/model_visible") == Some(&Value::Bool(false)) {
                return None;
            }
            let description = tool.get("description").and_then(Value::as_str).unwrap_or_default();
            let schema = tool.get("input_schema").unwrap_or(&object);
            Some((tool_key(id, name), definition_tokens(name, description, schema)))
        })
        .collect()
}

/// The parameters of `tools/call` for `tool` with `arguments`, with a progress
/// token so that the server may report progress (and a long call is not cut off).
pub fn call_params(tool: &str, arguments: &Value, progress_token: u64) -> Value {
    serde_json::json!({ "name": tool, "arguments": arguments, "_meta": { "progressToken": progress_token } })
}

/// A server's setting value as a backup carries it: the headers' names, and
/// no values, no client secret, no sign-in, in no form (not even sealed): the
/// user enters them again after an import elsewhere.
pub fn without_header_values(value: &mut Value) {
    if let Some(record) = value.as_object_mut() {
        record.remove("sign_in");
        record.remove("sealed");
    }
    if let Some(secret) = value.get_mut("oauth_client").and_then(|client| client.get_mut("client_secret")) {
        *secret = Value::String(String::new());
    }
    let Some(headers) = value.get_mut("headers").and_then(Value::as_array_mut) else { return };
    for header in headers {
        if let Some(text) = header.get_mut("value") {
            *text = Value::String(String::new());
        }
    }
}

/// The server setting to store when importing `incoming` over `existing` (a
/// setting of the same key): a header the backup left blank keeps the stored
/// value of the header of that name, while the server keeps its URL (a value
/// goes only to the server it was entered for).
pub fn merge_imported_server(existing: Option<&Value>, incoming: &Value) -> Value {
    let parse = |value: &Value| serde_json::from_value::<McpServer>(value.clone()).ok();
    let without_sign_in = || {
        let mut value = incoming.clone();
        if let Some(record) = value.as_object_mut() {
            record.remove("sign_in");
            record.remove("sealed");
        }
        value
    };
    let (Some(stored), Some(mut server)) = (existing.and_then(parse), parse(incoming)) else {
        return without_sign_in();
    };
    if stored.url != server.url {
        return without_sign_in();
    }
    // A sign-in comes only from signing in here, never from a file; the
    // secrets sealed here stay (opened, they fill what the file left blank).
    server.sign_in = stored.sign_in.clone();
    server.sealed = stored.sealed.clone();
    if let (Some(client), Some(kept)) = (server.oauth_client.as_mut(), stored.oauth_client.as_ref())
        && client.client_secret.is_empty()
        && client.client_id == kept.client_id
    {
        client.client_secret = kept.client_secret.clone();
    }
    for header in server.headers.iter_mut().filter(|header| header.value.is_empty()) {
        if let Some(kept) = stored.headers.iter().find(|s| s.name.eq_ignore_ascii_case(&header.name)) {
            header.value = kept.value.clone();
        }
    }
    serde_json::to_value(&server).unwrap_or_else(|_| incoming.clone())
}
