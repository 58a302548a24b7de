//! MCP Apps views, on the client's side: a tool's view read while the tool
//! runs (its `ui://` resource, checked by `hearth_core::mcp::apps`), and what
//! a running view asks of its own server (a tool call the user allowed, a
//! resource), each answered with the server's result verbatim.

use hearth_core::mcp::apps::{AppResource, ToolApp, read_app_resource};
use hearth_core::mcp::content::CallResult;
use hearth_core::mcp::era::param_headers;
use hearth_core::mcp::listing::McpTool;
use hearth_core::mcp::resources::read_params;
use hearth_core::tools::McpServer;
use serde_json::{Value, json};
use web_sys::AbortSignal;

use super::McpContext;
use super::failure::McpFailure;

/// A tool's result, and its view when it has one.
pub(crate) struct Called {
    /// The result, read.
    pub(crate) result: CallResult,
    /// Its view, or why it cannot be shown, as a record keeps it
    /// ([`ToolApp::to_value`]).
    pub(crate) app: Option<Value>,
}

/// A view read while its tool runs, or why it could not be.
pub(super) enum ViewRead {
    /// Read and fit to show.
    Read(AppResource),
    /// Not shown: its URI, and why (English).
    Unread(String, String),
}

impl ViewRead {
    /// The view as a result keeps it, with the server's `result` verbatim.
    pub(super) fn with_result(self, server_id: &str, tool: &str, result: &Value) -> ToolApp {
        match self {
            ViewRead::Read(resource) => ToolApp::shown(server_id, tool, resource, Some(result)),
            ViewRead::Unread(uri, problem) => ToolApp::unshown(server_id, tool, &uri, problem, Some(result)),
        }
    }
}

impl McpContext {
    /// The view of `server`'s tool `tool`, read, when the tool names one.
    pub(super) async fn read_view(
        self,
        server: &McpServer,
        tool: &str,
        signal: Option<&AbortSignal>,
    ) -> Option<ViewRead> {
        let listed = server.tools.iter().find(|listed| listed.name == tool)?;
        let uri = listed.ui.as_ref()?.resource_uri.clone()?;
        let read = self.request(server, "resources/read", Some(read_params(&uri)), signal, &mut |_, _| {}).await;
        Some(match read {
            Ok(result) => match read_app_resource(&result) {
                Ok(resource) => ViewRead::Read(resource),
                Err(refused) => ViewRead::Unread(uri, refused.to_string()),
            },
            Err(failure) => ViewRead::Unread(uri, format!("its view could not be read: {failure}")),
        })
    }

    /// The tools the server `id` lists (none when it is gone).
    pub(crate) fn listed_tools(self, id: &str) -> Vec<McpTool> {
        self.server(id).map(|server| server.tools).unwrap_or_default()
    }

    /// A view's call of its server's tool `name` with `arguments`, which the
    /// user allowed: the server's result, verbatim.
    pub(crate) async fn view_call_now(self, id: &str, name: &str, arguments: &Value) -> Result<Value, McpFailure> {
        let server = self.server_or_gone(id)?;
        let schema = server.tools.iter().find(|tool| tool.name == name).map(|tool| tool.input_schema.clone());
        let headers = schema.map(|schema| param_headers(&schema, arguments)).unwrap_or_default();
        let params = json!({ "name": name, "arguments": arguments });
        self.request_with(&server, "tools/call", Some(params), headers, None, &mut |_, _| {}, None).await
    }

    /// A view's read of its server's resource `uri`: the server's result, verbatim.
    pub(crate) async fn view_read_now(self, id: &str, uri: &str) -> Result<Value, McpFailure> {
        let server = self.server_or_gone(id)?;
        self.request(&server, "resources/read", Some(read_params(uri)), None, &mut |_, _| {}).await
    }
}
