//! The agent's tools while talking, run by the `reply` chunk's code (see
//! `code`), where a turn's tools run: a realtime talk (the `voice` chunk)
//! reaches them only through `ReplyCode`, so the tool runners stay in one
//! chunk. A call the model makes while talking is checked as a turn's are
//! (a tool offered, arguments its schema takes), waits for the user's
//! approval when the agent asks first (shown in the talk panel, under
//! [`TALK_CALLS`]), runs, and its result text goes back to the model.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use hearth_core::tools::{ToolOutcome, ToolSpec, single_call};
use leptos::prelude::*;
use web_sys::AbortSignal;

use super::context::ChatContext;
use crate::tools::state::approval::approve;
use crate::tools::state::run::{ToolEnv, run};

/// What the calls a talk's model makes wait for approval under (in the
/// place of a reply's id, which a turn of talk has only once it is kept).
pub(crate) const TALK_CALLS: &str = "talk";

/// The tools a talk offers, and what their calls reach.
pub(crate) struct TalkToolbox {
    /// Their definitions, as offered.
    pub(crate) specs: Vec<ToolSpec>,
    env: ToolEnv,
}

/// The toolbox being made (its future is the chunk's code).
pub(crate) type Offering = Pin<Box<dyn Future<Output = TalkToolbox>>>;

/// A call running: its result text and whether it is an error.
pub(crate) type Calling = Pin<Box<dyn Future<Output = (String, bool)>>>;

/// A call the model made while talking.
pub(crate) struct TalkCallAsk {
    /// The call's id.
    pub(crate) id: String,
    /// The tool's name.
    pub(crate) name: String,
    /// Its arguments, as the model wrote them.
    pub(crate) arguments: String,
    /// The talk's turn it was made in.
    pub(crate) turn: u32,
}

/// The tools `chat`'s agent offers a talk starting now (its MCP tools too);
/// `signal` fires when the talk ends.
pub(super) fn offer(chat: ChatContext, signal: Option<AbortSignal>) -> Offering {
    Box::pin(async move {
        let agent = untrack(|| chat.agent());
        let mut specs = chat.tools.specs(&agent);
        let mcp_tools = chat.tools.mcp_tools(&agent, &specs).await;
        specs.extend(mcp_tools.iter().map(|tool| tool.spec.clone()));
        let env = ToolEnv {
            store: chat.store,
            settings: chat.tools,
            agent_id: agent.id.clone(),
            user_tools: chat.tools.user_tools.get_untracked(),
            mcp_tools,
            signal,
            knowledge: None,
        };
        TalkToolbox { specs, env }
    })
}

/// Runs `ask` with `toolbox` (see the module documentation).
pub(super) fn call(toolbox: Rc<TalkToolbox>, ask: TalkCallAsk) -> Calling {
    Box::pin(async move {
        let outcome = match single_call(&ask.id, &ask.name, &ask.arguments, &toolbox.specs) {
            Err(message) => ToolOutcome::Err(message),
            Ok(invocation) => match approve(&invocation, &toolbox.env, TALK_CALLS, ask.turn).await {
                Ok(()) => run(&invocation, &toolbox.env).await,
                Err(outcome) => outcome,
            },
        };
        let content = outcome.into_content();
        (content.text, content.is_error)
    })
}
