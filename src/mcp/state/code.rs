//! The MCP client ([`super::client`]) in the `mcp` chunk of the wasm (see
//! `crate::io::chunks`): fetched the first time a server is checked or an MCP
//! tool is called, so that it costs nothing to whoever adds no server.
//!
//! Only [`McpCode`]'s functions lead there: a call from anywhere else of what
//! they reach would pull that code back into the first load or a shared chunk.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;

use hearth_core::mcp::progress::Progress;
use hearth_core::mcp::resources::ResourceText;
use hearth_core::tools::OfferedMcpTool;
use leptos::prelude::*;
use serde_json::Value;
use web_sys::AbortSignal;

use super::asking::Asker;
use super::failure::{McpFailure, SignInFailure};
use super::views::Called;
use super::{McpContext, ServerStatus};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::sign_in_window::SignInWindow;

/// A check of a server, boxed (its future is the chunk's code).
type Checking = Pin<Box<dyn Future<Output = ()>>>;
/// A tool call, boxed.
type Calling = Pin<Box<dyn Future<Output = Result<Called, McpFailure>>>>;
/// A resource read, boxed.
type Reading = Pin<Box<dyn Future<Output = Result<ResourceText, McpFailure>>>>;

/// What the `mcp` chunk offers; one `static`, reached through [`load`].
struct McpCode {
    check: fn(McpContext, String) -> Checking,
    call_tool: fn(McpContext, OfferedMcpTool, Value, Option<AbortSignal>, Callback<Progress>, Asker) -> Calling,
    disconnect: fn(McpContext, String),
    read_resource: fn(McpContext, String, String) -> Reading,
    sign_in: fn(McpContext, String, SignInWindow) -> Checking,
}

#[wasm_split(mcp, fallible)]
fn mcp_code() -> Result<&'static McpCode, ChunkError> {
    static CODE: McpCode = McpCode {
        check: |mcp, id| Box::pin(async move { mcp.check_now(&id).await }),
        call_tool: |mcp, tool, arguments, signal, on_progress, asker| {
            Box::pin(async move { mcp.call_tool_now(&tool, &arguments, signal.as_ref(), on_progress, asker).await })
        },
        disconnect: |mcp, id| mcp.disconnect_now(&id),
        read_resource: |mcp, id, uri| Box::pin(async move { mcp.read_resource_now(&id, &uri).await }),
        sign_in: |mcp, id, window| Box::pin(async move { mcp.sign_in_now(&id, window).await }),
    };
    Ok(&CODE)
}

thread_local! {
    static LOADED: Cell<Option<&'static McpCode>> = const { Cell::new(None) };
}

/// The chunk's code, loaded first if need be.
async fn load() -> Result<&'static McpCode, ChunkError> {
    if let Some(code) = LOADED.get() {
        return Ok(code);
    }
    let code = mcp_code().await?;
    LOADED.set(Some(code));
    Ok(code)
}

impl McpContext {
    /// Reaches the server `id`, lists its tools and keeps them on its record;
    /// the status shows how it went.
    pub(crate) async fn check(self, id: &str) {
        match load().await {
            Ok(code) => (code.check)(self, id.to_owned()).await,
            Err(error) => self.status.update(|map| {
                map.insert(id.to_owned(), ServerStatus::Failed(McpFailure::NotLoaded(error.to_string())));
            }),
        }
    }

    /// Calls the offered tool with `arguments`: its result (with its view,
    /// read meanwhile, for a tool that has one), or why there is none. The server's progress goes to `on_progress`, and its questions
    /// to the user to `asker`. Stop (`signal`), or a long silence of the
    /// server, cancel it on the server too.
    pub(crate) async fn call_tool(
        self,
        tool: &OfferedMcpTool,
        arguments: &Value,
        signal: Option<&AbortSignal>,
        on_progress: Callback<Progress>,
        asker: Asker,
    ) -> Result<Called, McpFailure> {
        let code = load().await.map_err(|error| McpFailure::NotLoaded(error.to_string()))?;
        (code.call_tool)(self, tool.clone(), arguments.clone(), signal.cloned(), on_progress, asker).await
    }

    /// The text of the resource `uri` of the server `id` (a link a tool returned).
    pub(crate) async fn read_resource(self, id: &str, uri: &str) -> Result<ResourceText, McpFailure> {
        // A link of a stored reply may be read before anything else read the servers.
        self.ensure_loaded().await;
        let code = load().await.map_err(|error| McpFailure::NotLoaded(error.to_string()))?;
        (code.read_resource)(self, id.to_owned(), uri.to_owned()).await
    }

    /// Signs in to the server `id` in `window`, which the click that asked for
    /// it opened, then checks it again; the status says how it goes.
    pub(crate) async fn sign_in(self, id: &str, window: SignInWindow) {
        match load().await {
            Ok(code) => (code.sign_in)(self, id.to_owned(), window).await,
            Err(error) => {
                window.close();
                self.status.update(|map| {
                    map.insert(id.to_owned(), ServerStatus::SignInFailed(SignInFailure::NotLoaded(error.to_string())));
                });
            }
        }
    }

    /// Signs out of the server `id`: its tokens are forgotten (the
    /// authorization server may still hold the grant until it ends), and it
    /// is checked again.
    pub(crate) async fn sign_out(self, id: &str) {
        let Some(mut server) = self.server(id) else { return };
        server.sign_in = None;
        self.save(server);
        self.disconnect(id);
        self.check(id).await;
    }

    /// Forgets the connection to `id` and ends its session on the server (no
    /// connection was ever made while the chunk is not loaded).
    pub(crate) fn disconnect(self, id: &str) {
        if let Some(code) = LOADED.get() {
            (code.disconnect)(self, id.to_owned());
        }
    }
}
