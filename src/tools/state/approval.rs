//! Asking the user before a call runs. A call that needs approval
//! (`AgentRecord::asks`, `hearth_core::tools::needs_approval`: from the agent's choices at the time of
//! the call) is put in [`ToolsContext::approvals`], where the tool widget shows it
//! with Allow, Deny and "Always allow", and waits for the answer or for Stop.
//! Nothing is stored while it waits: the call has no result yet, so after a
//! reload it is answered as interrupted, like any unfinished call.

use std::sync::{Arc, Mutex};

use futures::channel::oneshot;
use futures::future::{Either, select};
use hearth_core::tools::{DENIED_BY_USER, Invocation, STOPPED_BY_USER, ToolOutcome, approval_detail};
use leptos::prelude::*;
use web_sys::AbortSignal;

use super::ToolsContext;
use super::pending::{Answer, PendingApproval};
use super::run::ToolEnv;
use crate::io::abort::aborted;

/// Waits for the user's approval of `invocation` when it needs one. `Ok` means
/// run it; `Err` is the outcome the model gets instead: the denial, or "Stopped
/// by the user" when the turn is stopped while it waits.
pub(crate) async fn approve(
    invocation: &Invocation,
    env: &ToolEnv,
    message_id: &str,
    round: u32,
) -> Result<(), ToolOutcome> {
    let tools: ToolsContext = env.settings;
    let name = invocation.name.as_str();
    // Read now, not when the turn started: an "Always allow" given to an
    // earlier call of this turn holds for the next.
    let agent = untrack(|| tools.agents.get_or_general(&env.agent_id));
    let mcp = env.mcp_tools.iter().find(|tool| tool.spec.name == name);
    let asks = match mcp {
        Some(tool) => agent.mcp_asks(&tool.key, &tool.hash),
        None => agent.asks(name, &env.user_tools),
    };
    if !asks {
        return Ok(());
    }
    let stopped = || Err(ToolOutcome::Err(STOPPED_BY_USER.to_owned()));
    if env.signal.as_ref().is_some_and(AbortSignal::aborted) {
        return stopped();
    }
    let (sender, receiver) = oneshot::channel();
    let pending = PendingApproval {
        message_id: message_id.to_owned(),
        round,
        call_id: invocation.call_id.clone(),
        name: mcp.map_or(name, |tool| tool.tool.as_str()).to_owned(),
        server: mcp.map(|tool| tool.server_name.clone()),
        detail: approval_detail(name, &invocation.arguments),
        reply: Arc::new(Mutex::new(Some(sender))),
    };
    tools.approvals.update(|list| list.push(pending));
    let answer = match select(receiver, Box::pin(aborted(env.signal.clone()))).await {
        Either::Left((Ok(answer), _)) => Some(answer),
        Either::Left((Err(oneshot::Canceled), _)) | Either::Right(((), _)) => None,
    };
    tools.approvals.update(|list| list.retain(|p| !p.is(message_id, round, &invocation.call_id)));
    match answer {
        Some(Answer::Allow) => Ok(()),
        Some(Answer::AlwaysAllow) => {
            match mcp {
                // For this definition only: a changed one asks again.
                Some(tool) => {
                    tools.agents.update(&env.agent_id, |agent| agent.set_mcp_asks(&tool.key, &tool.hash, false))
                }
                // A user tool's for its present code, parameters and network
                // use only: a changed one asks again.
                None => tools.agents.update(&env.agent_id, |agent| agent.set_asks(name, &env.user_tools, false)),
            }
            Ok(())
        }
        Some(Answer::Deny) => Err(ToolOutcome::Err(DENIED_BY_USER.to_owned())),
        None => stopped(),
    }
}
