//! The live connections to MCP servers, kept by [`McpContext`](super::McpContext)
//! and used by [`client`](super::client): each server's session, what it said
//! of itself, its event stream, and how it was last reached.

use std::collections::BTreeMap;
use std::rc::Rc;

use futures::lock::Mutex;
use hearth_core::mcp::session::{ServerInfo, Session};

use super::legacy::LegacyStream;

/// The live connections, by server id.
#[derive(Default)]
pub(crate) struct Connections {
    pub(super) sessions: BTreeMap<String, Rc<Mutex<Option<Session>>>>,
    /// What each connected server said of itself when it was initialised.
    pub(super) infos: BTreeMap<String, ServerInfo>,
    /// The event streams of servers spoken to over HTTP+SSE.
    pub(super) streams: BTreeMap<String, Rc<LegacyStream>>,
    /// How each server was last reached: tried that way first next time.
    pub(super) ways: BTreeMap<String, Way>,
    /// One token refresh at a time per server.
    pub(super) refreshing: BTreeMap<String, Rc<Mutex<()>>>,
    pub(super) next_token: u64,
}

/// How a server is spoken to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Way {
    /// The stateless revision (2026-07-28).
    Stateless,
    /// `initialize`, then a session, over Streamable HTTP.
    Streamable,
    /// `initialize` over the older HTTP+SSE transport.
    Legacy,
}
