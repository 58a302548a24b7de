//! MCP servers: the servers the user added, in the Tools dialog (with what the
//! connection doctor says of each), and the tools agents take from them. `state` holds `McpContext` (the servers, what each
//! last said) and, in `state/client.rs`, the connection that speaks the
//! protocol of `hearth_core::mcp` over `io::fetch_stream`.

pub(crate) mod add_mcp_server;
pub(crate) mod doctor_advice;
pub(crate) mod mcp_app;
pub(crate) mod mcp_picker;
pub(crate) mod mcp_server_row;
pub(crate) mod mcp_servers;
pub(crate) mod picking;
pub(crate) mod prompt_argument_field;
pub(crate) mod prompt_form;
pub(crate) mod prompts_button;
pub(crate) mod resource_template_form;
pub(crate) mod server_offer;
pub(crate) mod state;
