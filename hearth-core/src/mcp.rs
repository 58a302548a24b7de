//! The Model Context Protocol, client side: what Hearth sends to an MCP server
//! and how it reads the answers. The shell does the HTTP; nothing here sends.
//!
//! - [`rpc`]: JSON-RPC messages.
//! - [`era`]: which revision a server speaks (stateful 2025, stateless
//!   2026-07-28), and what a stateless request carries.
//! - [`session`]: one connection's state (transport, version, session id) and
//!   the requests it builds; reading a JSON or event-stream body.
//! - [`capabilities`]: what Hearth declares it can do (elicitation, MCP Apps).
//! - [`listing`]: the lists a server gives, page by page.
//! - [`names`]: the names a model calls a server's tools by.
//! - [`oauth`]: signing in to a server (discovery, registration, PKCE, tokens).
//! - [`content`]: a tool's result read into parts, and as text for a model.
//! - [`doctor`]: what was seen when reaching a server, said to a person.
//! - [`elicit`]: a server asking the user for input (a form or a link), and the answer.
//! - [`progress`]: progress a server reports on a request.
//! - [`prompts`]: a prompt's arguments, completions and messages, for the composer.
//! - [`resources`]: a resource's text, and resource templates filled in.
//! - [`apps`]: MCP Apps: a tool's interactive view, its HTML read, and the
//!   policy and permissions it runs under.
//! - [`app_bridge`]: the messages between a running view and Hearth.
//! - [`app_session`]: one running view's conversation, message by message.

pub mod app_bridge;
pub mod app_session;
pub mod apps;
pub mod capabilities;
pub mod content;
pub mod doctor;
pub mod elicit;
pub mod era;
pub mod listing;
pub mod names;
pub mod oauth;
pub mod progress;
pub mod prompts;
pub mod resources;
pub mod rpc;
pub mod session;
