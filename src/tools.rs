//! Tools: the Tools dialog (the user's tools, project files, "Ask before
//! running"), and in a reply the tool calls' widget with its approval prompt
//! and an MCP server's questions to the user.
//! `state` holds `ToolsContext`, runs a call in the browser, and makes calls
//! that need approval wait.

pub(crate) mod ask_before_running;
pub(crate) mod project_files;
pub(crate) mod state;
pub(crate) mod tool_activity;
pub(crate) mod tool_app_views;
pub(crate) mod tool_approval;
pub(crate) mod tool_ask;
pub(crate) mod tool_call_item;
pub(crate) mod tool_link_list;
pub(crate) mod tool_media_list;
pub(crate) mod tools_dialog;
pub(crate) mod user_tool_editor;
