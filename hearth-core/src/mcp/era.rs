//! Which revision of MCP a server speaks, and what a request of the
//! stateless revision carries.
//!
//! Two eras are live. The 2025 revisions are stateful: `initialize` first, then
//! a session. Revision 2026-07-28 is stateless: no `initialize` and no session;
//! every request carries the version and the client's capabilities in its
//! `_meta`, and says its method (and the tool, prompt or resource it names) in
//! the headers `Mcp-Method` and `Mcp-Name`, so that a server or a gateway can
//! route it without reading the body. A tool may ask for some of its arguments
//! as headers too (`x-mcp-header` in its schema: `Mcp-Param-<Name>`).
//!
//! Hearth asks the modern way first (`server/discover`) and reads the answer
//! with [`classify`], as the specification's backward-compatibility section
//! says: a modern answer or a modern error means modern; any other refusal,
//! or none the page may read (a preflight that refuses the new header
//! names), means a 2025 server, which gets `initialize`.

#[cfg(test)]
mod tests;

use serde_json::{Map, Value, json};

use crate::format::base64;

/// The stateless revision Hearth speaks.
pub const MODERN_VERSION: &str = "2026-07-28";

/// The stateful Streamable HTTP versions Hearth speaks, newest first (the first is asked for).
pub const STREAMABLE_VERSIONS: [&str; 3] = ["2025-11-25", "2025-06-18", "2025-03-26"];

/// The version of the HTTP+SSE transport.
pub const LEGACY_VERSION: &str = "2024-11-05";

/// A modern server's error: a header is missing or does not match the body.
pub const HEADER_MISMATCH: i64 = -32020;
/// A modern server's error: the request needs a capability the client did not declare.
pub const MISSING_CAPABILITY: i64 = -32021;
/// A modern server's error: it does not speak the version asked for (`data.supported` lists what it does).
pub const UNSUPPORTED_VERSION: i64 = -32022;

/// What the answer to a first modern request says of the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Probe {
    /// It speaks the stateless revision: its answer is the discovery's result (or a modern error).
    Modern,
    /// It is a 2025-era server (or did not say): `initialize` next.
    Stateful,
    /// It refused the modern version it says it speaks (-32022 listing it):
    /// ask it again, once.
    Again,
    /// It wants authorization first (401, 403): that says nothing of its era.
    Auth(u16),
    /// It is modern but speaks none of Hearth's versions: those it speaks.
    NoCommonVersion(Vec<String>),
}

/// What an answer to `server/discover` says: `status` is `None` when the
/// browser gave no answer it may read (a network error, or a preflight that
/// refused the new header names); `body` is what came with a refusal.
pub fn classify(status: Option<u16>, body: &str) -> Probe {
    let Some(status) = status else { return Probe::Stateful };
    match status {
        200..=299 => return Probe::Modern,
        401 | 403 => return Probe::Auth(status),
        _ => {}
    }
    let Ok(body) = serde_json::from_str::<Value>(body) else { return Probe::Stateful };
    let error = body.get("error").unwrap_or(&Value::Null);
    classify_error(error.get("code").and_then(Value::as_i64), error.get("data"))
}

/// What a JSON-RPC error (its `code` and `data`) answered to `server/discover`
/// says: only the modern errors mean a modern server. (A 2025 server without
/// sessions may answer "method not found" with 200.)
pub fn classify_error(code: Option<i64>, data: Option<&Value>) -> Probe {
    match code {
        Some(HEADER_MISMATCH | MISSING_CAPABILITY) => Probe::Modern,
        Some(UNSUPPORTED_VERSION) => {
            let Some(supported) = data.and_then(|data| data.get("supported")).and_then(Value::as_array) else {
                return Probe::Stateful;
            };
            let supported: Vec<String> = supported.iter().filter_map(Value::as_str).map(str::to_owned).collect();
            if supported.iter().any(|version| version == MODERN_VERSION) {
                Probe::Again
            } else if supported.iter().any(|version| STREAMABLE_VERSIONS.contains(&version.as_str())) {
                Probe::Stateful
            } else {
                Probe::NoCommonVersion(supported)
            }
        }
        _ => Probe::Stateful,
    }
}

/// `params` with the `_meta` every modern request carries (the version, the
/// client's capabilities, who it is) added to what it had.
pub fn stamp(params: Option<&Value>, client_name: &str, client_version: &str) -> Value {
    let mut params = match params {
        Some(Value::Object(map)) => map.clone(),
        _ => Map::new(),
    };
    let meta = params.entry("_meta").or_insert_with(|| Value::Object(Map::new()));
    if !meta.is_object() {
        *meta = Value::Object(Map::new());
    }
    if let Value::Object(meta) = meta {
        meta.insert("io.modelcontextprotocol/protocolVersion".into(), json!(MODERN_VERSION));
        meta.insert("io.modelcontextprotocol/clientCapabilities".into(), super::capabilities::client_capabilities());
        meta.insert(
            "io.modelcontextprotocol/clientInfo".into(),
            json!({ "name": client_name, "version": client_version }),
        );
    }
    Value::Object(params)
}

/// The headers naming a modern request: `Mcp-Method`, and `Mcp-Name` for a
/// request about one tool, prompt or resource.
pub fn standard_headers(method: &str, params: Option<&Value>) -> Vec<(String, String)> {
    let mut headers = vec![("mcp-method".to_owned(), method.to_owned())];
    let named = match method {
        "tools/call" | "prompts/get" => params.and_then(|p| p.get("name")),
        "resources/read" => params.and_then(|p| p.get("uri")),
        _ => None,
    };
    if let Some(name) = named.and_then(Value::as_str) {
        headers.push(("mcp-name".to_owned(), header_value(name)));
    }
    headers
}

/// The `Mcp-Param-<Name>` headers a tool's schema asks for (`x-mcp-header`
/// on a property), with the values of `arguments`; a missing or null
/// argument, or an object or array, sends none.
pub fn param_headers(schema: &Value, arguments: &Value) -> Vec<(String, String)> {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return Vec::new() };
    let mut headers = Vec::new();
    for (key, property) in properties {
        let Some(name) = property.get("x-mcp-header").and_then(Value::as_str) else { continue };
        if !is_header_name(name) {
            continue;
        }
        let value = match arguments.get(key) {
            Some(Value::String(text)) => header_value(text),
            Some(Value::Bool(on)) => on.to_string(),
            Some(Value::Number(number)) => number.to_string(),
            _ => continue,
        };
        headers.push((format!("mcp-param-{}", name.to_ascii_lowercase()), value));
    }
    headers
}

/// A header value as a modern request sends it: as it is when it is
/// printable ASCII without space at either end, else `=?base64?…?=` of its
/// UTF-8.
pub fn header_value(text: &str) -> String {
    // A plain value that looks encoded would be decoded by the server: it is encoded too.
    let looks_encoded = text.starts_with("=?base64?") && text.ends_with("?=");
    let plain = text.bytes().all(|b| (0x20..=0x7e).contains(&b)) && text.trim() == text && !looks_encoded;
    if plain { text.to_owned() } else { format!("=?base64?{}?=", base64::encode(text.as_bytes())) }
}

/// Whether a tool's schema asks for `Mcp-Param-*` headers it can have: each
/// `x-mcp-header` a header name of its own (compared without case) on a
/// string, integer or boolean property. A tool that does not is left out,
/// as SEP-2243 says.
pub fn valid_param_headers(schema: &Value) -> bool {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return true };
    let mut seen = Vec::new();
    for property in properties.values() {
        let Some(header) = property.get("x-mcp-header") else { continue };
        let Some(name) = header.as_str().filter(|name| is_header_name(name)) else { return false };
        let primitive = matches!(property.get("type").and_then(Value::as_str), Some("string" | "integer" | "boolean"));
        let name = name.to_ascii_lowercase();
        if !primitive || seen.contains(&name) {
            return false;
        }
        seen.push(name);
    }
    true
}

/// Whether `name` can follow `Mcp-Param-` in a header name (an HTTP token).
fn is_header_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Whether a modern result asks for input before it can complete
/// (`resultType: "input_required"`): Hearth gives a form's or a link's answer
/// (`elicit::input_requests`) during a tool call; it declares no sampling or roots.
pub fn needs_input(result: &Value) -> bool {
    result.get("resultType").and_then(Value::as_str) == Some("input_required")
}
