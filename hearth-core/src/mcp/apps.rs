//! MCP Apps (the `io.modelcontextprotocol/ui` extension, revision 2026-01-26):
//! a tool that names an interactive view, the view's HTML read from
//! `resources/read`, and the policy and permissions the view runs under. The
//! messages between a running view and Hearth are [`super::app_bridge`]'s.
//!
//! # How Hearth hosts a view
//!
//! The specification asks a web host to put each view behind a "sandbox
//! proxy": a frame on a second origin that loads the view in a frame of its
//! own. Hearth is one static origin whose page allows same-origin frames only
//! (`frame-src 'self'`), so it hosts a view as it hosts its app previews:
//!
//! - The frame is a document Hearth serves itself, loaded with
//!   `sandbox="allow-scripts allow-forms"` and never `allow-same-origin`
//!   (but through the service worker, whose header keeps it opaque): it runs with an
//!   opaque origin and cannot reach Hearth's storage, cookies or page.
//! - Hearth posts the view's HTML to it, and the frame document writes the
//!   HTML into itself (`document.open`, `write`, `close`). It writes first, as
//!   the first element of the head, a `<meta http-equiv="Content-Security-Policy">`
//!   holding the resource's own policy ([`app_csp`], [`csp_meta`]). A document
//!   obeys every policy it has, so the view runs under the intersection of the
//!   frame document's own policy (the widest Hearth allows any view) and its
//!   resource's: a resource can narrow what the frame allows, never widen it.
//! - The view's `window.parent` is Hearth's page, so its JSON-RPC goes straight
//!   to Hearth; no proxy relays it, and the `ui/notifications/sandbox-*`
//!   messages, which only a proxy sends or receives, are never used.
//! - Not a `srcdoc` frame: that would inherit the page's policy, under which a
//!   view's inline scripts could not run.
//!
//! The specification's security goal (the view on an origin other than the
//! host's) is met; its letter (a proxy on a second origin that has
//! `allow-same-origin`) is not, and nothing on the wire shows the difference.
//! A view's `localStorage` throws, as an opaque origin's does; the views
//! measured catch it. A resource's `domain` (a dedicated origin) is ignored:
//! every view has an opaque origin of its own.
//!
//! Specification: <https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx>

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::format::base64;

/// The extension's identifier, the key under `capabilities.extensions`.
pub const EXTENSION: &str = "io.modelcontextprotocol/ui";
/// The media type of a view's HTML.
pub const APP_MIME: &str = "text/html;profile=mcp-app";
/// The revision of the view-to-host protocol Hearth speaks.
pub const APPS_PROTOCOL: &str = "2026-01-26";
/// The largest view Hearth shows, in bytes of HTML (5 MiB; the largest
/// example measured, a PDF viewer, is 4.3 MB).
pub const MAX_APP_BYTES: usize = 5 * 1024 * 1024;

/// The flat key older servers name a tool's view by (deprecated, still
/// written by the SDK beside the nested one).
const LEGACY_RESOURCE_URI: &str = "ui/resourceUri";

/// What Hearth declares under `capabilities.extensions[EXTENSION]`: the media
/// type of the views it shows.
pub fn extension_capability() -> Value {
    json!({ "mimeTypes": [APP_MIME] })
}

fn yes() -> bool {
    true
}

/// What a tool's `_meta.ui` says: the view it shows, and who may call it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolUi {
    /// The `ui://` resource of its view; `None` for a tool that only says who
    /// may call it (such as a helper its server's view calls, which has no view
    /// of its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_uri: Option<String>,
    /// Whether a model may be offered it (visibility `model`).
    #[serde(default = "yes")]
    pub model_visible: bool,
    /// Whether its server's views may call it (visibility `app`).
    #[serde(default = "yes")]
    pub app_visible: bool,
}

/// What a tool of `tools/list` says about views: its view's URI from
/// `_meta.ui.resourceUri`, else from the legacy `_meta["ui/resourceUri"]`
/// (only a `ui://` URI; a nested key that holds anything else names no view,
/// as the SDK rejects it), and its visibility from `_meta.ui.visibility`
/// (both `model` and `app` when it gives none). `None` for a tool with no view
/// that either may call, which is every tool that says nothing.
pub fn tool_ui(tool: &Value) -> Option<ToolUi> {
    let meta = tool.get("_meta")?;
    let ui = meta.get("ui");
    let uri = match ui.and_then(|ui| ui.get("resourceUri")).filter(|uri| !uri.is_null()) {
        Some(nested) => Some(nested),
        None => meta.get(LEGACY_RESOURCE_URI),
    };
    let resource_uri = uri.and_then(Value::as_str).filter(|uri| is_ui_uri(uri)).map(str::to_owned);
    let visibility = ui.and_then(|ui| ui.get("visibility")).and_then(Value::as_array);
    let has = |who: &str| visibility.is_none_or(|list| list.iter().any(|item| item.as_str() == Some(who)));
    let (model_visible, app_visible) = (has("model"), has("app"));
    (resource_uri.is_some() || !model_visible || !app_visible).then_some(ToolUi {
        resource_uri,
        model_visible,
        app_visible,
    })
}

/// Whether `uri` is a `ui://` URI with something after the scheme, and no
/// space or control character.
fn is_ui_uri(uri: &str) -> bool {
    uri.len() > "ui://".len() && uri.starts_with("ui://") && !uri.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A view, read: its HTML and what it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppResource {
    /// The URI its content item names (empty when it names none).
    pub uri: String,
    /// Its HTML, whole.
    pub html: String,
    /// The origins it asks to reach (none: the restrictive default).
    pub csp: AppCsp,
    /// The browser permissions it asks for, in [`Permission::ALL`]'s order.
    pub permissions: Vec<Permission>,
    /// Whether it wants a visible border and background (`None`: Hearth decides).
    pub prefers_border: Option<bool>,
}

/// A tool call's view as a reply keeps it: what the view needs to run again
/// after a reload, a backup, an import or a sync, without asking its server.
/// Its HTML goes to the blob store (once, however many calls show it); the
/// record keeps the hash.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolApp {
    /// The id of the MCP server whose view it is (its tools are the only ones
    /// the view may call).
    pub server_id: String,
    /// The tool's name on its server.
    pub tool: String,
    /// The view's `ui://` URI.
    pub uri: String,
    /// Its HTML, while it is at hand (empty once it is in the blob store).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub html: String,
    /// The lowercase hex SHA-256 of its HTML, the blob store's key (empty
    /// until it is stored, or when it could not be read).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub blob: String,
    /// The origins it declared, which its policy allows.
    #[serde(default)]
    pub csp: AppCsp,
    /// The permissions it asked for (Hearth grants [`granted_permissions`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub permissions: Vec<Permission>,
    /// Whether it wants a border and background (`None`: Hearth decides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefers_border: Option<bool>,
    /// The server's `CallToolResult`, verbatim JSON text (its
    /// `structuredContent` and `_meta` too): the view's `tool-result`. Empty
    /// when the call failed or was stopped (the view then hears it was cancelled).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub result: String,
    /// Why the view cannot be shown (its resource could not be read, or was
    /// refused), in English; empty when it can.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub problem: String,
}

impl ToolApp {
    /// The view of `resource`, read from `server_id` for its tool `tool`,
    /// with the call's result (`None` when the call failed; one over
    /// [`MAX_APP_BYTES`] of JSON is not kept, and the view hears the call
    /// was cancelled).
    pub fn shown(server_id: &str, tool: &str, resource: AppResource, result: Option<&Value>) -> Self {
        Self {
            server_id: server_id.to_owned(),
            tool: tool.to_owned(),
            uri: resource.uri,
            html: resource.html,
            blob: String::new(),
            csp: resource.csp,
            permissions: resource.permissions,
            prefers_border: resource.prefers_border,
            result: kept_result(result),
            problem: String::new(),
        }
    }

    /// A view that cannot be shown, and why (in English).
    pub fn unshown(server_id: &str, tool: &str, uri: &str, problem: String, result: Option<&Value>) -> Self {
        Self {
            server_id: server_id.to_owned(),
            tool: tool.to_owned(),
            uri: uri.to_owned(),
            result: kept_result(result),
            problem,
            ..Self::default()
        }
    }

    /// The same view as a record keeps it: by its blob, without the HTML.
    #[must_use]
    pub fn stored_as(&self, blob: impl Into<String>) -> Self {
        Self { html: String::new(), blob: blob.into(), ..self.clone() }
    }

    /// The server's result as JSON (`None` when there is none, or it does not read).
    pub fn call_result(&self) -> Option<Value> {
        serde_json::from_str(&self.result).ok()
    }

    /// The view as a record keeps it (JSON: see `ToolResultRecord::app`).
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The view a record kept; `None` when it does not read as one.
    pub fn from_value(value: &Value) -> Option<Self> {
        serde_json::from_value(value.clone()).ok()
    }
}

/// A result's JSON text as a view keeps it: empty when there is none, or it
/// is over [`MAX_APP_BYTES`].
fn kept_result(result: Option<&Value>) -> String {
    result.map(Value::to_string).filter(|text| text.len() <= MAX_APP_BYTES).unwrap_or_default()
}

/// The blob a kept view's HTML is stored under (`None` while it is not stored).
pub fn view_blob(app: &Value) -> Option<&str> {
    app.get("blob").and_then(Value::as_str).filter(|blob| !blob.is_empty())
}

/// Takes a kept view's HTML out of it to store it in the blob store; `None`
/// when it holds none. Then [`store_view_blob`].
pub fn take_view_html(app: &mut Value) -> Option<String> {
    let html = app.as_object_mut()?.remove("html")?;
    html.as_str().filter(|html| !html.is_empty()).map(str::to_owned)
}

/// Notes in a kept view that its HTML is in the blob store under `hash`.
pub fn store_view_blob(app: &mut Value, hash: &str) {
    if let Some(app) = app.as_object_mut() {
        app.insert("blob".into(), hash.into());
    }
}

/// The permissions Hearth grants a view of those it asked for: writing to the
/// clipboard only. A view runs inside Hearth's page, so the browser would
/// count a camera, microphone or location it used as Hearth's, which the user
/// may have allowed for talking to a model, not for a server's view; those
/// are never granted (a view's SDK tells it to expect that).
pub fn granted_permissions(asked: &[Permission]) -> Vec<Permission> {
    asked.iter().copied().filter(|permission| *permission == Permission::ClipboardWrite).collect()
}

/// The origins a view asks to reach (`_meta.ui.csp`), each a plain origin
/// (`https://host[:port]`, `https://*.host`, or a local `http://localhost` or
/// `http://127.0.0.1`), in lowercase, without a trailing slash.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppCsp {
    /// Where it may fetch, or open a WebSocket to (`connectDomains`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub connect: Vec<String>,
    /// Where its scripts, styles, images, fonts and media may come from
    /// (`resourceDomains`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<String>,
    /// What it may show in frames of its own (`frameDomains`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frames: Vec<String>,
    /// What its `<base>` may point at (`baseUriDomains`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub base_uris: Vec<String>,
}

impl AppCsp {
    /// Whether it declares no origin at all (the view reaches nothing).
    pub fn is_empty(&self) -> bool {
        self.connect.is_empty() && self.resources.is_empty() && self.frames.is_empty() && self.base_uris.is_empty()
    }

    /// Every origin it declares, each once, in the order of its lists.
    pub fn origins(&self) -> Vec<String> {
        let mut all: Vec<String> = Vec::new();
        for origin in self.connect.iter().chain(&self.resources).chain(&self.frames).chain(&self.base_uris) {
            if !all.contains(origin) {
                all.push(origin.clone());
            }
        }
        all
    }
}

/// A browser permission a view may ask for (`_meta.ui.permissions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Permission {
    /// The camera.
    Camera,
    /// The microphone.
    Microphone,
    /// The device's location.
    Geolocation,
    /// Writing to the clipboard.
    ClipboardWrite,
}

impl Permission {
    /// Every permission, in the order Hearth writes them.
    pub const ALL: [Self; 4] = [Self::Camera, Self::Microphone, Self::Geolocation, Self::ClipboardWrite];

    /// Its key under `_meta.ui.permissions` (and `hostCapabilities.sandbox.permissions`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Camera => "camera",
            Self::Microphone => "microphone",
            Self::Geolocation => "geolocation",
            Self::ClipboardWrite => "clipboardWrite",
        }
    }

    /// Its feature's name in a frame's `allow` attribute.
    pub fn feature(self) -> &'static str {
        match self {
            Self::Camera => "camera",
            Self::Microphone => "microphone",
            Self::Geolocation => "geolocation",
            Self::ClipboardWrite => "clipboard-write",
        }
    }
}

/// Why a `resources/read` answer is not a view Hearth shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AppResourceError {
    /// No contents, or a content item with neither text nor a blob.
    #[error("the server's answer holds no content")]
    NoContent,
    /// No content item of the view's media type (the first item's type, empty when it has none).
    #[error("the resource is {}, not an MCP App view ({APP_MIME})", described_mime(.0))]
    NotApp(String),
    /// More than one content item of the view's media type.
    #[error("the server's answer holds {0} MCP App views, and Hearth cannot tell which one to show")]
    Several(usize),
    /// A blob that is not base64.
    #[error("the view's content is not valid base64")]
    NotBase64,
    /// Bytes that are not UTF-8 text.
    #[error("the view's HTML is not UTF-8 text")]
    NotUtf8,
    /// More than [`MAX_APP_BYTES`] (its size in bytes).
    #[error("the view is {0} bytes, more than the 5 MiB Hearth shows")]
    TooLarge(usize),
    /// A declared origin that would widen Hearth's policy (the list, and what it held).
    #[error(
        "the view asks to reach \"{domain}\" ({field}), which is not a plain https origin (such as https://api.example.com or https://*.example.com) or a local http one; Hearth shows no view whose policy would allow more"
    )]
    BadDomain {
        /// The list's key in `_meta.ui.csp`, such as `connectDomains`.
        field: &'static str,
        /// The entry, as it came (JSON text when it is not a string).
        domain: String,
    },
}

fn described_mime(mime: &str) -> String {
    if mime.is_empty() { "of no stated type".to_owned() } else { format!("of type {mime}") }
}

/// Reads a `resources/read` result into a view: the one content item of the
/// view's media type (its `text`, or its base64 `blob` decoded) and what its
/// `_meta.ui` (or `meta.ui`, as one SDK writes it) asks for.
pub fn read_app_resource(result: &Value) -> Result<AppResource, AppResourceError> {
    let contents = result.get("contents").and_then(Value::as_array).ok_or(AppResourceError::NoContent)?;
    let first = contents.first().ok_or(AppResourceError::NoContent)?;
    let views: Vec<&Value> = contents.iter().filter(|item| is_app_mime(mime_of(item))).collect();
    let item = match views[..] {
        [] => return Err(AppResourceError::NotApp(mime_of(first).to_owned())),
        [item] => item,
        _ => return Err(AppResourceError::Several(views.len())),
    };
    let html = item_html(item)?;
    let ui = ["_meta", "meta"].iter().find_map(|key| item.get(*key)?.get("ui"));
    let csp = match ui.and_then(|ui| ui.get("csp")) {
        Some(csp) => read_csp(csp)?,
        None => AppCsp::default(),
    };
    let permissions = ui.and_then(|ui| ui.get("permissions")).map(read_permissions).unwrap_or_default();
    Ok(AppResource {
        uri: item.get("uri").and_then(Value::as_str).unwrap_or_default().to_owned(),
        html,
        csp,
        permissions,
        prefers_border: ui.and_then(|ui| ui.get("prefersBorder")).and_then(Value::as_bool),
    })
}

/// A content item's media type (empty when it has none).
fn mime_of(item: &Value) -> &str {
    item.get("mimeType").and_then(Value::as_str).unwrap_or_default()
}

/// Whether `mime` is the view's media type: `text/html` with the parameter
/// `profile=mcp-app`, whatever the case of the type and the spaces around
/// its parts, other parameters (a charset) allowed.
fn is_app_mime(mime: &str) -> bool {
    let mut parts = mime.split(';').map(str::trim);
    let essence = parts.next().unwrap_or_default();
    essence.eq_ignore_ascii_case("text/html")
        && parts.any(|part| {
            part.split_once('=').is_some_and(|(name, value)| {
                name.trim().eq_ignore_ascii_case("profile") && value.trim().trim_matches('"') == "mcp-app"
            })
        })
}

/// A content item's HTML: its text, or its blob decoded (spaces and line
/// breaks in the base64 skipped), at most [`MAX_APP_BYTES`].
fn item_html(item: &Value) -> Result<String, AppResourceError> {
    if let Some(text) = item.get("text").and_then(Value::as_str) {
        if text.len() > MAX_APP_BYTES {
            return Err(AppResourceError::TooLarge(text.len()));
        }
        return Ok(text.to_owned());
    }
    let blob = item.get("blob").and_then(Value::as_str).ok_or(AppResourceError::NoContent)?;
    let packed: String = blob.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    // The size before decoding, so a huge blob is not decoded at all.
    let size = (packed.len() / 4 * 3).saturating_sub(packed.bytes().rev().take_while(|b| *b == b'=').count());
    if size > MAX_APP_BYTES {
        return Err(AppResourceError::TooLarge(size));
    }
    let bytes = base64::decode(&packed).ok_or(AppResourceError::NotBase64)?;
    String::from_utf8(bytes).map_err(|_| AppResourceError::NotUtf8)
}

/// The four lists of `_meta.ui.csp`, each entry checked ([`plain_origin`]).
fn read_csp(csp: &Value) -> Result<AppCsp, AppResourceError> {
    Ok(AppCsp {
        connect: read_domains(csp, "connectDomains")?,
        resources: read_domains(csp, "resourceDomains")?,
        frames: read_domains(csp, "frameDomains")?,
        base_uris: read_domains(csp, "baseUriDomains")?,
    })
}

fn read_domains(csp: &Value, field: &'static str) -> Result<Vec<String>, AppResourceError> {
    let bad = |value: &Value| {
        let domain = value.as_str().map_or_else(|| value.to_string(), str::to_owned);
        AppResourceError::BadDomain { field, domain }
    };
    let list = match csp.get(field) {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(other) => return Err(bad(other)),
    };
    let mut domains: Vec<String> = Vec::with_capacity(list.len());
    for entry in list {
        let origin = entry.as_str().and_then(plain_origin).ok_or_else(|| bad(entry))?;
        if !domains.contains(&origin) {
            domains.push(origin);
        }
    }
    Ok(domains)
}

/// `text` as a plain origin for a policy, lowercased and without a trailing
/// slash: `https://` (or `wss://`) and a host name, whose first label may be
/// the wildcard `*` over a name of at least two labels, or `http://` (or
/// `ws://`) and `localhost` or `127.0.0.1`; an optional port. A host given
/// without a scheme is taken as `https://`. `None` for
/// anything that could widen a policy: `*`, another scheme (`data:`, `blob:`),
/// a path, a quote, a `;`, a space, a user name.
pub fn plain_origin(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    // A host with no scheme is taken as https (a policy would give it the frame's scheme).
    let (scheme, rest) = lower.split_once("://").unwrap_or(("https", &lower));
    let authority = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    let port_ok = port.is_none_or(|port| {
        port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()) && port.parse::<u16>().is_ok_and(|n| n > 0)
    });
    let secure = matches!(scheme, "https" | "wss") && is_host_name(host);
    let local = matches!(scheme, "http" | "ws") && matches!(host, "localhost" | "127.0.0.1");
    (port_ok && (secure || local)).then(|| format!("{scheme}://{authority}"))
}

/// A host name of lowercase letters, digits and hyphens in dot-separated
/// labels, optionally `*.` and a name of two labels or more.
fn is_host_name(host: &str) -> bool {
    let name = host.strip_prefix("*.").unwrap_or(host);
    let wildcard = name.len() != host.len();
    let label_ok = |label: &str| {
        (1..=63).contains(&label.len())
            && label.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    name.len() <= 253 && name.split('.').all(label_ok) && (!wildcard || name.contains('.'))
}

/// The permissions asked for: each key of `_meta.ui.permissions` Hearth
/// knows whose value is not `false` or `null`, in [`Permission::ALL`]'s order.
fn read_permissions(permissions: &Value) -> Vec<Permission> {
    Permission::ALL
        .into_iter()
        .filter(|permission| {
            permissions.get(permission.key()).is_some_and(|value| !matches!(value, Value::Null | Value::Bool(false)))
        })
        .collect()
}

/// The Content Security Policy a view runs under, built from what its
/// resource declared as the specification builds it, narrower where an
/// opaque origin makes its terms pointless:
///
/// ```text
/// default-src 'none'; script-src 'unsafe-inline' data: R; style-src 'unsafe-inline' R;
/// connect-src C; img-src data: R; font-src R; media-src data: R; frame-src F;
/// object-src 'none'; base-uri B; form-action 'none'
/// ```
///
/// with `R`, `C`, `F` and `B` the resource, connect, frame and base origins,
/// and `'none'` for a list that would be empty. With nothing declared that is
/// the specification's restrictive default (inline scripts and styles, images
/// and media from `data:`, no connections), plus `object-src`, `frame-src`,
/// `base-uri` and `form-action` all `'none'`.
///
/// - No `'self'`, where the specification has it: in a frame with an opaque
///   origin it matches nothing a view has (a view is one HTML text; nothing of
///   its server is served at the frame's address), or at most Hearth's own
///   files at the frame document's address, which a view has no business
///   loading. Leaving it out is the narrowing the specification allows.
/// - `data:` in `script-src`, where the specification has none: a view that
///   runs inline scripts gains no power from a script in a `data:` URL (it is
///   the view's own code, fetched from nowhere), while a PDF viewer measured
///   cannot start its worker without it. Workers (`worker-src` falls back to
///   `script-src`) inherit this policy, so none reaches further than the view.
/// - `base-uri 'none'` rather than `'self'` when no base is declared, and
///   `form-action 'none'`: a form would navigate the frame away from the view.
/// - No `'unsafe-eval'`, as the specification (the views' SDK runs without it).
///
/// An entry of `csp` that is not a plain origin ([`plain_origin`]) is left
/// out: [`read_app_resource`] refuses such a resource, and a hand-made
/// [`AppCsp`] cannot widen the policy either. The text holds no `"`, `<`,
/// `>` or `&`.
pub fn app_csp(csp: &AppCsp) -> String {
    let sources = |fixed: &[&str], origins: &[String]| {
        let mut list: Vec<String> = fixed.iter().map(|source| (*source).to_owned()).collect();
        for origin in origins.iter().filter_map(|origin| plain_origin(origin)) {
            if !list.contains(&origin) {
                list.push(origin);
            }
        }
        if list.is_empty() { "'none'".to_owned() } else { list.join(" ") }
    };
    let directives = [
        ("default-src", sources(&[], &[])),
        ("script-src", sources(&["'unsafe-inline'", "data:"], &csp.resources)),
        ("style-src", sources(&["'unsafe-inline'"], &csp.resources)),
        ("connect-src", sources(&[], &csp.connect)),
        ("img-src", sources(&["data:"], &csp.resources)),
        ("font-src", sources(&[], &csp.resources)),
        ("media-src", sources(&["data:"], &csp.resources)),
        ("frame-src", sources(&[], &csp.frames)),
        ("object-src", sources(&[], &[])),
        ("base-uri", sources(&[], &csp.base_uris)),
        ("form-action", sources(&[], &[])),
    ];
    directives.iter().map(|(name, value)| format!("{name} {value}")).collect::<Vec<_>>().join("; ")
}

/// The `<meta>` element the frame document writes first, ahead of the view's
/// HTML, holding [`app_csp`].
pub fn csp_meta(csp: &AppCsp) -> String {
    format!(r#"<meta http-equiv="Content-Security-Policy" content="{}">"#, app_csp(csp))
}

/// A frame's `allow` attribute granting `permissions` (each once, in
/// [`Permission::ALL`]'s order), such as `camera; clipboard-write`; empty for none.
pub fn permission_allow(permissions: &[Permission]) -> String {
    Permission::ALL
        .into_iter()
        .filter(|permission| permissions.contains(permission))
        .map(Permission::feature)
        .collect::<Vec<_>>()
        .join("; ")
}
