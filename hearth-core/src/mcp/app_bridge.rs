//! The host's side of the JSON-RPC between an MCP App's view and Hearth
//! ([`super::apps`] says how a view is framed): what a view sends, read, and
//! what Hearth sends it, written. The shell posts and receives the messages
//! as objects (a view's SDK ignores JSON text) and keeps the clock.
//!
//! The order the specification sets, which the shell keeps:
//!
//! 1. The view asks `ui/initialize` (its id may be `0`); Hearth answers
//!    [`initialize_result`].
//! 2. The view says `ui/notifications/initialized`; until then Hearth sends
//!    it nothing else.
//! 3. While the model streams the call's arguments Hearth may send
//!    [`tool_input_partial`] ([`partial_arguments`] closes the text so far),
//!    then sends [`tool_input`] once, with all of them.
//! 4. When the call ends, [`tool_result`] (the server's result, verbatim), or
//!    [`tool_cancelled`] when it was stopped or failed; a result that comes
//!    before step 2 waits for step 3.
//! 5. Then the view may call its own server's tools ([`may_call`]), read its
//!    resources, ask for a link to be opened or a message to be added, update
//!    what the model knows, say its size and log.
//! 6. Before the frame goes, [`resource_teardown`]; any answer, or a short
//!    wait, lets it go (views without a handler answer "method not found").
//!
//! Every message from a view passes a [`Flood`] guard first. A request Hearth
//! does not offer is answered "method not found" ([`method_not_found`]); one
//! it declines is answered `{isError: true}` ([`declined`]), which a view's
//! SDK resolves rather than throws.
//!
//! Specification: <https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx>

mod partial;
#[cfg(test)]
mod tests;

pub use partial::partial_arguments;

use serde_json::{Map, Value, json};

use super::apps::{APPS_PROTOCOL, AppCsp, Permission, ToolUi};
use super::listing::McpTool;
use super::rpc::{RpcError, rpc_error};
use super::session::ClientInfo;

/// JSON-RPC's code for a method the receiver does not have.
pub const METHOD_NOT_FOUND: i64 = super::rpc::METHOD_NOT_FOUND;
/// JSON-RPC's code for params that are not what a method takes, and the code
/// Hearth refuses a view's tool call with.
pub const INVALID_PARAMS: i64 = -32602;
/// The display mode Hearth shows every view in (the only one it has).
pub const DISPLAY_MODE: &str = "inline";

/// One message from a view.
#[derive(Debug, Clone, PartialEq)]
pub enum FromApp {
    /// `ui/initialize`: the view starts; answer [`initialize_result`].
    Initialize {
        /// The request's id.
        id: Value,
    },
    /// `ui/notifications/initialized`: the view is ready for the tool's input.
    Initialized,
    /// `ui/notifications/size-changed`: the view's size in CSS pixels (each
    /// when given, finite and not negative).
    SizeChanged {
        /// Its width.
        width: Option<f64>,
        /// Its height.
        height: Option<f64>,
    },
    /// `tools/call`: the view calls a tool of its server ([`may_call`] first).
    CallTool {
        /// The request's id.
        id: Value,
        /// The tool's name on the server.
        name: String,
        /// Its arguments, an object (empty when none were given).
        arguments: Value,
    },
    /// `resources/read`: the view reads a resource of its server.
    ReadResource {
        /// The request's id.
        id: Value,
        /// The resource's URI.
        uri: String,
    },
    /// `ui/open-link`: the view asks for a page to be opened.
    OpenLink {
        /// The request's id.
        id: Value,
        /// The URL as the view wrote it ([`openable`] says whether to open it).
        url: String,
    },
    /// `ui/message`: the view asks for a message from the user to be added
    /// to the conversation.
    Message {
        /// The request's id.
        id: Value,
        /// The text of its text blocks, a blank line between them (empty
        /// when it has none: decline it).
        text: String,
        /// How many blocks of other kinds (images, resources) were left out.
        left_out: usize,
    },
    /// `ui/request-display-mode`: answer [`display_mode_result`], the mode kept.
    RequestDisplayMode {
        /// The request's id.
        id: Value,
        /// The mode asked for (`inline`, `fullscreen`, `pip`).
        mode: String,
    },
    /// `ui/update-model-context`: what the model should know of the view from
    /// now on, in place of what it sent before; answer `{}`.
    UpdateModelContext {
        /// The request's id.
        id: Value,
        /// Its content blocks, an array (empty when none were given).
        content: Value,
        /// Its structured content, when given as an object.
        structured_content: Option<Value>,
    },
    /// `ping`: answer `{}`.
    Ping {
        /// The request's id.
        id: Value,
    },
    /// `notifications/message`: a log line, for debugging.
    Log {
        /// Its level (`debug` … `emergency`; `info` when not given).
        level: String,
        /// What it says.
        data: Value,
    },
    /// `ui/notifications/request-teardown`: the view asks to be closed.
    RequestTeardown,
    /// A request of a known method whose params miss what it needs; answer
    /// `error(id, INVALID_PARAMS, problem)`.
    Invalid {
        /// The request's id.
        id: Value,
        /// Its method.
        method: String,
        /// What is wrong, in English.
        problem: &'static str,
    },
    /// A method Hearth does not offer: a request (with its id) is answered
    /// [`method_not_found`]; a notification is dropped.
    Unknown {
        /// The request's id; `None` for a notification.
        id: Option<Value>,
        /// The method.
        method: String,
    },
    /// The view's answer to a request of Hearth's (such as [`resource_teardown`]).
    Response {
        /// The id of Hearth's request (`null` for an error about a message
        /// the view could not read).
        id: Value,
        /// What the view returned, or its error.
        result_or_error: Result<Value, RpcError>,
    },
}

impl FromApp {
    /// The id to answer under, for a request from the view.
    pub fn request_id(&self) -> Option<&Value> {
        match self {
            Self::Initialize { id }
            | Self::CallTool { id, .. }
            | Self::ReadResource { id, .. }
            | Self::OpenLink { id, .. }
            | Self::Message { id, .. }
            | Self::RequestDisplayMode { id, .. }
            | Self::UpdateModelContext { id, .. }
            | Self::Ping { id }
            | Self::Invalid { id, .. } => Some(id),
            Self::Unknown { id, .. } => id.as_ref(),
            _ => None,
        }
    }
}

/// Why a message from a view is not JSON-RPC Hearth can read (it is dropped:
/// there is no id to answer under).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BridgeError {
    /// Not a JSON object.
    #[error("the view's message is not a JSON object")]
    NotObject,
    /// No `"jsonrpc": "2.0"`, or a method that is not text.
    #[error("the view's message is not JSON-RPC 2.0")]
    NotJsonRpc,
    /// An id that is neither text nor a whole number.
    #[error("the view's message has an id that is neither text nor a whole number")]
    BadId,
    /// Params that are not an object.
    #[error("the view's message has params that are not an object")]
    ParamsNotObject,
    /// Neither a method, nor a result or an error under an id.
    #[error("the view's message is neither a request, a notification nor an answer")]
    NotAMessage,
}

/// Reads a message a view posted.
pub fn read_from_app(value: &Value) -> Result<FromApp, BridgeError> {
    let Value::Object(message) = value else { return Err(BridgeError::NotObject) };
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(BridgeError::NotJsonRpc);
    }
    let id = match message.get("id") {
        None => None,
        Some(id @ Value::String(_)) => Some(id.clone()),
        Some(id @ Value::Number(number)) if number.is_i64() || number.is_u64() => Some(id.clone()),
        // JSON-RPC's id for an error about a message that could not be read.
        Some(Value::Null) if !message.contains_key("method") && message.contains_key("error") => Some(Value::Null),
        Some(_) => return Err(BridgeError::BadId),
    };
    let method = match message.get("method") {
        None => return response(id, message),
        Some(Value::String(method)) => method,
        Some(_) => return Err(BridgeError::NotJsonRpc),
    };
    let empty = Map::new();
    let params = match message.get("params") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(params)) => params,
        Some(_) => return Err(BridgeError::ParamsNotObject),
    };
    Ok(match id {
        Some(id) => request(id, method, params),
        None => notification(method, params),
    })
}

fn response(id: Option<Value>, message: &Map<String, Value>) -> Result<FromApp, BridgeError> {
    let id = id.ok_or(BridgeError::NotAMessage)?;
    let result_or_error = match (message.get("result"), message.get("error")) {
        (Some(result), None) if !id.is_null() => Ok(result.clone()),
        (None, Some(error @ Value::Object(_))) => Err(rpc_error(error)),
        _ => return Err(BridgeError::NotAMessage),
    };
    Ok(FromApp::Response { id, result_or_error })
}

fn text_param<'a>(params: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    params.get(key).and_then(Value::as_str).filter(|text| !text.is_empty())
}

fn request(id: Value, method: &str, params: &Map<String, Value>) -> FromApp {
    let invalid = |id: Value, problem: &'static str| FromApp::Invalid { id, method: method.to_owned(), problem };
    match method {
        "ui/initialize" => FromApp::Initialize { id },
        "ping" => FromApp::Ping { id },
        "tools/call" => match (text_param(params, "name"), params.get("arguments")) {
            (None, _) => invalid(id, "no tool name"),
            (Some(name), None | Some(Value::Null)) => {
                FromApp::CallTool { id, name: name.to_owned(), arguments: json!({}) }
            }
            (Some(name), Some(arguments @ Value::Object(_))) => {
                FromApp::CallTool { id, name: name.to_owned(), arguments: arguments.clone() }
            }
            (Some(_), Some(_)) => invalid(id, "the arguments are not an object"),
        },
        "resources/read" => match text_param(params, "uri") {
            Some(uri) => FromApp::ReadResource { id, uri: uri.to_owned() },
            None => invalid(id, "no resource URI"),
        },
        "ui/open-link" => match text_param(params, "url") {
            Some(url) => FromApp::OpenLink { id, url: url.to_owned() },
            None => invalid(id, "no URL"),
        },
        "ui/request-display-mode" => match text_param(params, "mode") {
            Some(mode) => FromApp::RequestDisplayMode { id, mode: mode.to_owned() },
            None => invalid(id, "no display mode"),
        },
        "ui/message" => message(id, params).unwrap_or_else(|(id, problem)| invalid(id, problem)),
        "ui/update-model-context" => match params.get("content") {
            None | Some(Value::Null) | Some(Value::Array(_)) => FromApp::UpdateModelContext {
                id,
                content: params.get("content").filter(|content| content.is_array()).cloned().unwrap_or(json!([])),
                structured_content: params.get("structuredContent").filter(|value| value.is_object()).cloned(),
            },
            Some(_) => invalid(id, "the content is not a list of blocks"),
        },
        _ => FromApp::Unknown { id: Some(id), method: method.to_owned() },
    }
}

/// `ui/message`: a user's message (a view may not speak for anyone else),
/// its text blocks joined.
fn message(id: Value, params: &Map<String, Value>) -> Result<FromApp, (Value, &'static str)> {
    if params.get("role").is_some_and(|role| role.as_str() != Some("user")) {
        return Err((id, "a view may add only a message from the user"));
    }
    // A list of blocks, or one block (as the specification's own example sends it).
    let blocks = match params.get("content") {
        Some(Value::Array(blocks)) => blocks.clone(),
        Some(block @ Value::Object(_)) => vec![block.clone()],
        _ => return Err((id, "the content is not a list of blocks")),
    };
    let texts: Vec<&str> = blocks
        .iter()
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|block| block.get("text").and_then(Value::as_str))
        .collect();
    Ok(FromApp::Message { id, text: texts.join("\n\n"), left_out: blocks.len() - texts.len() })
}

fn notification(method: &str, params: &Map<String, Value>) -> FromApp {
    let size = |key: &str| params.get(key).and_then(Value::as_f64).filter(|n| n.is_finite() && *n >= 0.0);
    match method {
        "ui/notifications/initialized" => FromApp::Initialized,
        "ui/notifications/size-changed" => FromApp::SizeChanged { width: size("width"), height: size("height") },
        "ui/notifications/request-teardown" => FromApp::RequestTeardown,
        "notifications/message" => FromApp::Log {
            level: text_param(params, "level").unwrap_or("info").to_owned(),
            data: params.get("data").cloned().unwrap_or(Value::Null),
        },
        _ => FromApp::Unknown { id: None, method: method.to_owned() },
    }
}

/// Whether a link a view asks to open may be offered to the user: a web
/// page's address ([`super::elicit::web_link`], the test a server's link
/// passes too).
pub fn openable(url: &str) -> bool {
    super::elicit::web_link(url).is_some()
}

/// The light or dark look a view is asked to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Light.
    Light,
    /// Dark.
    Dark,
}

impl Theme {
    /// Its name in `hostContext.theme`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }
}

/// What Hearth tells a view about itself when the view starts. Hearth shows
/// every view inline on the web: `displayMode` `inline`, the only one of
/// `availableDisplayModes`, and `platform` `web` are always written.
#[derive(Debug, Clone, PartialEq)]
pub struct HostContext {
    /// Hearth's name and version (`hostInfo`), as it gives them to servers.
    pub host: ClientInfo,
    /// The look Hearth has.
    pub theme: Theme,
    /// The interface's language, a BCP 47 tag (left out when empty).
    pub locale: String,
    /// The user's time zone, an IANA name (left out when empty).
    pub time_zone: String,
    /// The widest the frame may grow, in CSS pixels (unbounded when `None`).
    pub max_width: Option<f64>,
    /// The tallest the frame may grow, in CSS pixels (unbounded when `None`).
    pub max_height: Option<f64>,
    /// The definition of the tool whose view it is ([`tool_definition`]);
    /// left out when not an object.
    pub tool: Value,
    /// The origins the frame's policy grants (what the resource declared, or
    /// less), echoed under `hostCapabilities.sandbox.csp`.
    pub csp: AppCsp,
    /// The permissions the frame's `allow` grants, echoed under
    /// `hostCapabilities.sandbox.permissions`.
    pub permissions: Vec<Permission>,
}

/// A JSON-RPC answer to a view's request.
pub fn result(id: &Value, value: &Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "result": value })
}

/// A JSON-RPC error answer to a view's request.
pub fn error(id: &Value, code: i64, message: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// The answer to a request Hearth does not offer.
pub fn method_not_found(id: &Value, method: &str) -> Value {
    error(id, METHOD_NOT_FOUND, &format!("Hearth does not offer {method}"))
}

/// The answer to a request Hearth declines (a link not opened, a message not
/// added): `{isError: true}`, which a view's SDK resolves rather than throws.
pub fn declined(id: &Value) -> Value {
    result(id, &json!({ "isError": true }))
}

/// The answer to `ui/request-display-mode`: the mode the view is in, inline.
pub fn display_mode_result(id: &Value) -> Value {
    result(id, &json!({ "mode": DISPLAY_MODE }))
}

fn notification_to_app(method: &str, params: Value) -> Value {
    json!({ "jsonrpc": "2.0", "method": method, "params": params })
}

/// The answer to `ui/initialize`: the protocol's revision, Hearth's name and
/// version, what it offers (links, its server's tools and resources, logs,
/// text messages and model context, and the sandbox it granted) and the
/// context the view starts in. No field is ever `null` (a view's SDK refuses
/// the whole answer then): what is not known is left out.
pub fn initialize_result(id: &Value, context: &HostContext) -> Value {
    result(
        id,
        &json!({
            "protocolVersion": APPS_PROTOCOL,
            "hostInfo": { "name": context.host.name, "version": context.host.version },
            "hostCapabilities": host_capabilities(context),
            "hostContext": host_context(context),
        }),
    )
}

fn host_capabilities(context: &HostContext) -> Value {
    let permissions: Map<String, Value> =
        context.permissions.iter().map(|permission| (permission.key().to_owned(), json!({}))).collect();
    let csp = &context.csp;
    json!({
        "openLinks": {},
        "serverTools": { "listChanged": false },
        "logging": {},
        "message": { "text": {} },
        "updateModelContext": { "text": {} },
        "sandbox": {
            "permissions": permissions,
            "csp": {
                "connectDomains": csp.connect,
                "resourceDomains": csp.resources,
                "frameDomains": csp.frames,
                "baseUriDomains": csp.base_uris,
            },
        },
    })
}

fn host_context(context: &HostContext) -> Value {
    let mut host = Map::new();
    if context.tool.is_object() {
        host.insert("toolInfo".into(), json!({ "tool": without_nulls(&context.tool) }));
    }
    host.insert("theme".into(), context.theme.as_str().into());
    host.insert("displayMode".into(), DISPLAY_MODE.into());
    host.insert("availableDisplayModes".into(), json!([DISPLAY_MODE]));
    let mut dimensions = Map::new();
    let sizes = [("maxWidth", context.max_width), ("maxHeight", context.max_height)];
    for (key, size) in sizes {
        if let Some(size) = size.filter(|size| size.is_finite() && *size >= 0.0) {
            dimensions.insert(key.into(), json!(size));
        }
    }
    if !dimensions.is_empty() {
        host.insert("containerDimensions".into(), Value::Object(dimensions));
    }
    for (key, text) in [("locale", &context.locale), ("timeZone", &context.time_zone)] {
        if !text.is_empty() {
            host.insert(key.into(), text.as_str().into());
        }
    }
    host.insert("platform".into(), "web".into());
    Value::Object(host)
}

/// `value` without the members of its objects (at any depth) that are `null`.
fn without_nulls(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, value)| !value.is_null())
                .map(|(key, value)| (key.clone(), without_nulls(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

/// A listed tool as an MCP `Tool`, for [`HostContext::tool`]: its name,
/// title, description, input schema, annotations and `_meta.ui`, each only
/// when it has one.
pub fn tool_definition(tool: &McpTool) -> Value {
    let mut definition = Map::new();
    definition.insert("name".into(), tool.name.as_str().into());
    if let Some(title) = tool.title.as_deref() {
        definition.insert("title".into(), title.into());
    }
    if !tool.description.is_empty() {
        definition.insert("description".into(), tool.description.as_str().into());
    }
    let schema = if tool.input_schema.is_object() { tool.input_schema.clone() } else { json!({ "type": "object" }) };
    definition.insert("inputSchema".into(), schema);
    if let Some(annotations) = tool.annotations.as_ref().filter(|value| value.is_object()) {
        definition.insert("annotations".into(), annotations.clone());
    }
    if let Some(ui) = &tool.ui {
        let mut meta = Map::new();
        if let Some(uri) = &ui.resource_uri {
            meta.insert("resourceUri".into(), uri.as_str().into());
        }
        let visibility: Vec<&str> = [(ui.model_visible, "model"), (ui.app_visible, "app")]
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, who)| who)
            .collect();
        meta.insert("visibility".into(), json!(visibility));
        definition.insert("_meta".into(), json!({ "ui": meta }));
    }
    Value::Object(definition)
}

/// `ui/notifications/tool-input`: the call's complete arguments (an empty
/// object when they are not an object), sent once, after `initialized`.
pub fn tool_input(arguments: &Value) -> Value {
    notification_to_app("ui/notifications/tool-input", json!({ "arguments": object_or_empty(arguments) }))
}

/// `ui/notifications/tool-input-partial`: the arguments streamed so far
/// ([`partial_arguments`]), sent before [`tool_input`], never after.
pub fn tool_input_partial(arguments: &Value) -> Value {
    notification_to_app("ui/notifications/tool-input-partial", json!({ "arguments": object_or_empty(arguments) }))
}

fn object_or_empty(value: &Value) -> Value {
    if value.is_object() { value.clone() } else { json!({}) }
}

/// `ui/notifications/tool-result`: the server's `CallToolResult`, verbatim
/// (its `structuredContent` and `_meta` too, which the model never reads);
/// a result that is not an object is sent as an empty one's `content`.
pub fn tool_result(call_result: &Value) -> Value {
    let params = if call_result.is_object() { call_result.clone() } else { json!({ "content": [] }) };
    notification_to_app("ui/notifications/tool-result", params)
}

/// `ui/notifications/tool-cancelled`: the call was stopped or failed
/// (`reason` left out when empty).
pub fn tool_cancelled(reason: &str) -> Value {
    let params = if reason.is_empty() { json!({}) } else { json!({ "reason": reason }) };
    notification_to_app("ui/notifications/tool-cancelled", params)
}

/// `ui/notifications/host-context-changed`: Hearth's look changed.
pub fn host_context_changed(theme: Theme) -> Value {
    notification_to_app("ui/notifications/host-context-changed", json!({ "theme": theme.as_str() }))
}

/// `ui/resource-teardown`, a request of Hearth's under `id`: the view is about
/// to be removed.
pub fn resource_teardown(id: u64) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "method": "ui/resource-teardown", "params": {} })
}

/// Why a view may not call a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CallRefusal {
    /// The tool is another server's.
    #[error("a view may call only the tools of its own server")]
    OtherServer,
    /// The tool's server keeps it for the model.
    #[error("its server does not let views call this tool")]
    NotForApps,
    /// The server does not list the tool.
    #[error("its server does not list this tool")]
    Unlisted,
}

impl CallRefusal {
    /// The error a view's `tools/call` is answered with.
    pub fn error(self, id: &Value) -> Value {
        error(id, INVALID_PARAMS, &self.to_string())
    }
}

/// Whether a view may call a tool, given the tool's [`ToolUi`] (`None` for a
/// tool that says nothing about views, which views may call) and whether the
/// tool is of the view's own server: only its own server's tools whose
/// visibility includes `app`.
pub fn may_call(ui_of_target: Option<&ToolUi>, same_server: bool) -> Result<(), CallRefusal> {
    if !same_server {
        return Err(CallRefusal::OtherServer);
    }
    if ui_of_target.is_some_and(|ui| !ui.app_visible) {
        return Err(CallRefusal::NotForApps);
    }
    Ok(())
}

/// [`may_call`] for a tool as its server lists it (`None`: not listed).
pub fn may_call_listed(target: Option<&McpTool>, same_server: bool) -> Result<(), CallRefusal> {
    let tool = target.ok_or(CallRefusal::Unlisted)?;
    may_call(tool.ui.as_ref(), same_server)
}

/// A guard against a view that floods Hearth with messages: at most
/// `per_second` a second on average, in bursts of at most as many (a token
/// bucket). The caller gives the time; a clock that goes back refills nothing.
#[derive(Debug, Clone, PartialEq)]
pub struct Flood {
    per_second: f64,
    tokens: f64,
    last_ms: Option<f64>,
}

impl Flood {
    /// The messages a second a view may send (its SDK sends a size change per
    /// frame at most, and tool calls one at a time).
    pub const PER_SECOND: u32 = 100;

    /// A guard letting `per_second` messages through a second.
    pub fn new(per_second: u32) -> Self {
        let per_second = f64::from(per_second);
        Self { per_second, tokens: per_second, last_ms: None }
    }

    /// Whether a message that came at `now_ms` (milliseconds on any steady
    /// clock) is let through; one that is not is dropped, or for a request
    /// answered with an error.
    pub fn admit(&mut self, now_ms: f64) -> bool {
        if now_ms.is_finite() {
            if let Some(last) = self.last_ms.filter(|last| now_ms > *last) {
                self.tokens = (self.tokens + (now_ms - last) * self.per_second / 1000.0).min(self.per_second);
            }
            if self.last_ms.is_none_or(|last| now_ms > last) {
                self.last_ms = Some(now_ms);
            }
        }
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

impl Default for Flood {
    fn default() -> Self {
        Self::new(Self::PER_SECOND)
    }
}
