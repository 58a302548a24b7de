//! A call waiting for the user's approval ([`PendingApproval`], listed in
//! [`ToolsContext::approvals`](super::ToolsContext::approvals)) and the answers
//! the user can give it; [`approval`](super::approval) makes calls wait.

use std::sync::{Arc, Mutex};

use futures::channel::oneshot;

/// The user's answer to a waiting call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Run this call.
    Allow,
    /// Do not run it; the model gets [`DENIED_BY_USER`].
    Deny,
    /// Run it, and stop asking for this tool on this agent.
    AlwaysAllow,
}

/// A call waiting for the user.
#[derive(Clone)]
pub(crate) struct PendingApproval {
    /// The reply (message id) whose turn made the call.
    pub(crate) message_id: String,
    /// Its round in the turn.
    pub(crate) round: u32,
    /// Its call id.
    pub(crate) call_id: String,
    /// The tool's name (an MCP tool's name on its server).
    pub(crate) name: String,
    /// The MCP server the tool is on, for an MCP tool.
    pub(crate) server: Option<String>,
    /// What it would do: the whole URL of a fetch, else the arguments.
    pub(crate) detail: String,
    /// Where the answer goes (taken by the first one).
    pub(super) reply: Arc<Mutex<Option<oneshot::Sender<Answer>>>>,
}

impl PartialEq for PendingApproval {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.reply, &other.reply)
    }
}

impl PendingApproval {
    /// Gives the answer (only the first answer counts).
    pub(crate) fn answer(&self, answer: Answer) {
        let sender = self.reply.lock().ok().and_then(|mut reply| reply.take());
        if let Some(sender) = sender {
            let _ = sender.send(answer);
        }
    }

    /// Whether it is the call `call_id` of `round` in the reply `message_id`.
    pub(crate) fn is(&self, message_id: &str, round: u32, call_id: &str) -> bool {
        self.message_id == message_id && self.round == round && self.call_id == call_id
    }
}
