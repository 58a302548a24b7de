//! Tool calling: the tool definitions, argument validation and the tool loop.
//!
//! The loop is a pure state machine. The shell streams a reply, hands it to
//! [`ToolLoop::on_reply`], runs the [`Invocation`]s it gets back (in parallel, with
//! its own timers), feeds each outcome to [`ToolLoop::on_result`], and once
//! [`ToolLoop::round_complete`] sends [`ToolLoop::results`] back to the model and
//! streams the next reply. This crate runs no tool and reads no clock.

mod approval;
mod builtin;
pub mod calc;
mod mcp_servers;
pub mod schema;
mod tool_loop;

pub use approval::{DENIED_BY_USER, allowed_definition, approval_detail, asks_by_default, needs_approval};
pub use builtin::{Builtin, USER_TOOL_KEY_PREFIX, UserTool, enabled_specs, switchable, switched_off};
pub use mcp_servers::{
    MCP_SERVER_KEY_PREFIX, MCP_TOOL_PREFIX, McpHeader, McpSecrets, McpServer, OAuthClientId, OfferedMcpTool,
    call_params, definition_hash, merge_imported_server, offered_mcp_tokens, offered_mcp_tools, parse_tool_key,
    stored_tool_tokens, tool_key, tool_tokens, without_header_values,
};
pub use tool_loop::{
    Invocation, LoopConfig, REPEAT_LIMIT, STOPPED_BY_USER, Step, ToolContent, ToolLoop, ToolOutcome, ToolResult,
    single_call,
};

/// A tool the model may call; part of the wire contract ([`crate::contract`]), where it lives.
pub use crate::contract::ToolSpec;
