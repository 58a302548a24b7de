//! One running MCP Apps view's conversation with Hearth, message by message:
//! what each message from the view leads to ([`Step`]s the shell carries out:
//! posts, a size, a question to the user, a draft), in the order the
//! specification sets ([`super::app_bridge`] lists it). The shell owns the
//! frame, the clock and the user's answers; this decides.
//!
//! What a view may do, and what it may not:
//!
//! - It hears the call's arguments and result only once it says it is
//!   initialized, and then exactly once each.
//! - It may call only tools its own server lists and lets views call; each
//!   call is put to the user first ([`Step::AskCall`]), with the arguments
//!   the view sent. Any other tool is refused at once ([`Refusal::Call`]).
//! - It may not read its server's resources: a read would reach the server
//!   without the user, and no view measured needs one.
//! - A link it asks to open is put to the user ([`Step::AskLink`]); one that
//!   is not a web address is refused.
//! - A message it sends becomes the user's draft in the message box, never
//!   sent by itself ([`Step::Draft`]).
//! - Past [`Flood::PER_SECOND`] messages a second, the rest are dropped, and
//!   said once; a message that is not JSON-RPC is dropped, said once.

#[cfg(test)]
mod tests;

use serde_json::{Value, json};

use super::app_bridge::{
    BridgeError, CallRefusal, Flood, FromApp, HostContext, INVALID_PARAMS, Theme, declined, display_mode_result, error,
    host_context_changed, initialize_result, may_call_listed, method_not_found, openable, read_from_app,
    resource_teardown, result, tool_cancelled, tool_input, tool_result,
};
use super::listing::McpTool;

/// What the shell does next for a view.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Post this message to the view.
    Post(Value),
    /// Make the frame this tall, in CSS pixels (within the context's limit).
    Resize(f64),
    /// Ask the user whether to run the view's call of its server's tool
    /// `name` with exactly `arguments`; then [`AppSession::call_answered`]
    /// or [`AppSession::call_refused`].
    AskCall {
        /// The view's request id.
        id: Value,
        /// The tool's name on the server.
        name: String,
        /// The arguments, as the view sent them.
        arguments: Value,
    },
    /// Ask the user whether to open `url` (in a new tab, without a referrer);
    /// then [`AppSession::link_answered`].
    AskLink {
        /// The view's request id.
        id: Value,
        /// The URL, as the view wrote it.
        url: String,
    },
    /// Put `text` in the message box as the user's draft (never sent by itself).
    Draft {
        /// The text of the message's text blocks.
        text: String,
        /// How many of its blocks were not text, and were left out.
        left_out: usize,
    },
    /// Something the view asked for was refused: say it in the widget.
    Refused(Refusal),
    /// The view asked to be closed: tear it down ([`AppSession::teardown`]).
    Close,
    /// The view answered the teardown: remove its frame now.
    TornDown,
}

/// What Hearth refused a view, said in its widget (English; the shell
/// translates each kind).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// It sent more than [`Flood::PER_SECOND`] messages a second (said once).
    #[error("The app sent more messages than Hearth reads; the rest were dropped.")]
    Flooded,
    /// It sent a message that is not JSON-RPC (said once).
    #[error("The app sent a message Hearth cannot read ({0}); it was dropped.")]
    Unreadable(BridgeError),
    /// It asked to call a tool it may not call.
    #[error("The app asked to call {name}, which Hearth refused: {why}.")]
    Call {
        /// The tool's name, as the view wrote it.
        name: String,
        /// Why.
        why: CallRefusal,
    },
    /// It asked to open something that is not a web address.
    #[error("The app asked to open {0}, which is not a web address.")]
    Link(String),
    /// It sent a message with no text to put in the message box.
    #[error("The app sent a message with no text.")]
    EmptyMessage,
    /// It sent a request whose params are not what the method takes.
    #[error("The app asked for {method} wrongly: {problem}.")]
    Invalid {
        /// The method.
        method: String,
        /// What was wrong.
        problem: &'static str,
    },
}

/// One view's conversation (see the module's documentation).
#[derive(Debug, Clone)]
pub struct AppSession {
    context: HostContext,
    arguments: Value,
    result: Option<Value>,
    tools: Vec<McpTool>,
    initialized: bool,
    flood: Flood,
    said_flood: bool,
    said_unreadable: bool,
    next_id: u64,
    teardown: Option<u64>,
}

impl AppSession {
    /// A view starting in `context`, for a call with `arguments` that ended
    /// with the server's `result` (`None`: it was stopped or failed), whose
    /// server lists `tools`.
    pub fn new(context: HostContext, arguments: Value, result: Option<Value>, tools: Vec<McpTool>) -> Self {
        Self {
            context,
            arguments,
            result,
            tools,
            initialized: false,
            flood: Flood::default(),
            said_flood: false,
            said_unreadable: false,
            next_id: 1,
            teardown: None,
        }
    }

    /// Whether the view said it is initialized.
    pub fn initialized(&self) -> bool {
        self.initialized
    }

    /// What a message the view posted at `now_ms` (any steady clock) leads to.
    pub fn receive(&mut self, message: &Value, now_ms: f64) -> Vec<Step> {
        if !self.flood.admit(now_ms) {
            return self.once(Refusal::Flooded);
        }
        match read_from_app(message) {
            Ok(from_app) => self.on(from_app),
            Err(problem) => self.once(Refusal::Unreadable(problem)),
        }
    }

    fn once(&mut self, refusal: Refusal) -> Vec<Step> {
        let said = match refusal {
            Refusal::Flooded => &mut self.said_flood,
            _ => &mut self.said_unreadable,
        };
        if std::mem::replace(said, true) { Vec::new() } else { vec![Step::Refused(refusal)] }
    }

    fn on(&mut self, from_app: FromApp) -> Vec<Step> {
        match from_app {
            FromApp::Initialize { id } => vec![Step::Post(initialize_result(&id, &self.context))],
            FromApp::Initialized if self.initialized => Vec::new(),
            FromApp::Initialized => {
                self.initialized = true;
                let outcome = match &self.result {
                    Some(call_result) => tool_result(call_result),
                    None => tool_cancelled("The call was stopped or failed."),
                };
                vec![Step::Post(tool_input(&self.arguments)), Step::Post(outcome)]
            }
            FromApp::SizeChanged { height, .. } => match height {
                Some(height) => vec![Step::Resize(height.min(self.context.max_height.unwrap_or(f64::MAX)))],
                None => Vec::new(),
            },
            FromApp::CallTool { id, name, arguments } => {
                let listed = self.tools.iter().find(|tool| tool.name == name);
                match may_call_listed(listed, true) {
                    Ok(()) => vec![Step::AskCall { id, name, arguments }],
                    Err(why) => vec![Step::Post(why.error(&id)), Step::Refused(Refusal::Call { name, why })],
                }
            }
            // Not offered: a read reaches the server, and would not wait for the user.
            FromApp::ReadResource { id, .. } => vec![Step::Post(method_not_found(&id, "resources/read"))],
            FromApp::OpenLink { id, url } if openable(&url) => vec![Step::AskLink { id, url }],
            FromApp::OpenLink { id, url } => vec![Step::Post(declined(&id)), Step::Refused(Refusal::Link(url))],
            FromApp::Message { id, text, .. } if text.trim().is_empty() => {
                vec![Step::Post(declined(&id)), Step::Refused(Refusal::EmptyMessage)]
            }
            FromApp::Message { id, text, left_out } => {
                vec![Step::Draft { text, left_out }, Step::Post(result(&id, &json!({})))]
            }
            FromApp::RequestDisplayMode { id, .. } => vec![Step::Post(display_mode_result(&id))],
            FromApp::UpdateModelContext { id, .. } | FromApp::Ping { id } => vec![Step::Post(result(&id, &json!({})))],
            FromApp::Log { .. } => Vec::new(),
            FromApp::RequestTeardown => vec![Step::Close],
            FromApp::Invalid { id, method, problem } => {
                vec![
                    Step::Post(error(&id, INVALID_PARAMS, problem)),
                    Step::Refused(Refusal::Invalid { method, problem }),
                ]
            }
            FromApp::Unknown { id: Some(id), method } => vec![Step::Post(method_not_found(&id, &method))],
            FromApp::Unknown { id: None, .. } => Vec::new(),
            FromApp::Response { id, .. } => match self.teardown {
                Some(teardown) if id == json!(teardown) => vec![Step::TornDown],
                _ => Vec::new(),
            },
        }
    }

    /// The answer to a call the user allowed: the server's result, verbatim.
    pub fn call_answered(&self, id: &Value, call_result: &Value) -> Value {
        result(id, call_result)
    }

    /// The answer to a call the user refused, or that failed (`why`, English).
    pub fn call_refused(&self, id: &Value, why: &str) -> Value {
        error(id, -32000, why)
    }

    /// The answer to a link the user opened (`true`) or did not.
    pub fn link_answered(&self, id: &Value, opened: bool) -> Value {
        if opened { result(id, &json!({})) } else { declined(id) }
    }

    /// The message telling the view Hearth's look changed (`None` until the
    /// view is initialized: nothing is sent before).
    pub fn theme_changed(&mut self, theme: Theme) -> Option<Value> {
        if self.context.theme == theme {
            return None;
        }
        self.context.theme = theme;
        self.initialized.then(|| host_context_changed(theme))
    }

    /// The request telling the view it is about to be removed; its answer
    /// comes back as [`Step::TornDown`] (the shell also stops waiting after
    /// a short while: views without a handler may never answer).
    pub fn teardown(&mut self) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.teardown = Some(id);
        resource_teardown(id)
    }
}
