//! The tool loop: which calls of a reply to run, and what goes back to the model.
//!
//! A round is one model reply that asked for tools. [`ToolLoop::on_reply`] decides:
//!
//! - The reply has tool calls → a new round, whatever its finish reason says (a
//!   reply with calls but finish `stop` still gets its calls run; a reply with finish
//!   `tool_calls` but no calls is [`Step::Done`]: there is nothing to run).
//! - The reply has no tool calls, or failed (it carries a provider error: its
//!   calls may be cut short, and the shell shows the error), or was cut by the
//!   token limit (finish `length`: its last call's arguments may be half
//!   written, and none of them may run) → [`Step::Done`].
//! - The reply asks for tools after `max_rounds` rounds already ran →
//!   [`Step::MaxRounds`], and nothing is run.
//!
//! In a round, a call is not run, but gets an error result at once, when it has
//! no tool name, its tool is unknown, its arguments are not JSON, or they fail
//! the tool's schema; the
//! model reads the error and can try again. Calls with the same name and the same
//! arguments (compared as canonical JSON: keys sorted) run once; the later ones
//! copy the first one's outcome. Dedupe is per round: a call repeated in the next
//! round runs again.
//!
//! The first outcome of a call wins: a result arriving after a timeout was
//! recorded, or after [`ToolLoop::cancel`], is ignored. A call whose id is empty
//! or repeats an earlier id of the same reply is given the id
//! `hearth-call-{round}-{position}`, so that every result can be told apart.
//!
//! A tool that exists here but is switched off for the agent (see
//! [`ToolLoop::switched_off`]) is not unknown: its call's error says it is
//! switched off, so the model can answer without it.
//!
//! A model that asks again and again for a call that keeps failing would use
//! every round: when every call of a reply is one that failed in each of the
//! last [`REPEAT_LIMIT`] rounds (the same tool with the same arguments), the
//! loop ends with [`Step::Repeated`] and nothing is run.
//!
//! After `Done`, `MaxRounds`, `Repeated` or `cancel` the loop is finished: further replies get
//! `Done` and further results are ignored.

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use serde_json::Value;

use super::ToolSpec;
use super::schema;
use crate::contract::FinishKind;
use crate::message::{ToolLink, ToolMedia};
use crate::reply::Reply;

/// How far the loop may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopConfig {
    /// The most replies that may ask for tools, clamped to
    /// [`LoopConfig::MIN_ROUNDS`]`..=`[`LoopConfig::MAX_ROUNDS`] by [`ToolLoop::new`].
    pub max_rounds: u32,
}

impl LoopConfig {
    /// The default round limit.
    pub const DEFAULT_ROUNDS: u32 = 10;
    /// The lowest accepted round limit.
    pub const MIN_ROUNDS: u32 = 1;
    /// The highest accepted round limit.
    pub const MAX_ROUNDS: u32 = 100;

    /// A configuration with `max_rounds` clamped to the accepted range.
    pub fn new(max_rounds: u32) -> Self {
        Self { max_rounds: max_rounds.clamp(Self::MIN_ROUNDS, Self::MAX_ROUNDS) }
    }
}

impl Default for LoopConfig {
    fn default() -> Self {
        Self { max_rounds: Self::DEFAULT_ROUNDS }
    }
}

/// What the shell should do after a reply.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// The model answered; the loop is over.
    Done,
    /// Run these calls (in parallel) and report each with [`ToolLoop::on_result`].
    /// May be empty when every call got an error result at once: the round is then
    /// already complete and its results go straight back to the model.
    Run(Vec<Invocation>),
    /// The model asked for tools once more after `rounds` rounds: show an error
    /// card; the loop is over and nothing was run.
    MaxRounds {
        /// The rounds that ran.
        rounds: u32,
    },
    /// The model asked once more for calls that failed in each of the last
    /// [`REPEAT_LIMIT`] rounds, with the same arguments: show an error card;
    /// the loop is over and nothing was run.
    Repeated {
        /// The tool of the first repeated call.
        tool: String,
        /// How many times in a row the model asked for it, this time included.
        times: u32,
    },
}

/// How many rounds in a row an identical call may fail before asking for it
/// once more ends the loop.
pub const REPEAT_LIMIT: u32 = 2;

/// One tool call to run.
#[derive(Debug, Clone, PartialEq)]
pub struct Invocation {
    /// The id to report the outcome under.
    pub call_id: String,
    /// The tool's name.
    pub name: String,
    /// The parsed arguments, valid for the tool's schema.
    pub arguments: Value,
}

/// How a tool run ended, as the shell saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolOutcome {
    /// The tool's output.
    Ok(String),
    /// The tool failed with this message.
    Err(String),
    /// The shell gave up waiting after this many milliseconds.
    TimedOut {
        /// How long the shell waited.
        after_ms: u64,
    },
    /// Output with images or sounds (an MCP tool's), or its error.
    Parts(ToolContent),
}

/// What goes back to the model for one call: text, whether it is an error,
/// and the images and sounds that came with it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ToolContent {
    /// The output, or the error message.
    pub text: String,
    /// Whether `text` is an error.
    pub is_error: bool,
    /// Images and sounds the tool returned.
    pub media: Vec<ToolMedia>,
    /// Links to resources the tool returned (for the user to read).
    pub links: Vec<ToolLink>,
    /// The view an MCP App tool shows, a [`ToolApp`](crate::mcp::apps::ToolApp)'s
    /// JSON (for the user; never sent to a model).
    pub app: Option<serde_json::Value>,
}

impl ToolContent {
    fn plain(text: String, is_error: bool) -> Self {
        Self { text, is_error, ..Self::default() }
    }
}

impl ToolOutcome {
    /// What is sent back to the model.
    pub fn into_content(self) -> ToolContent {
        match self {
            ToolOutcome::Ok(content) => ToolContent::plain(content, false),
            ToolOutcome::Err(message) => ToolContent::plain(message, true),
            ToolOutcome::TimedOut { after_ms } => {
                ToolContent::plain(format!("The tool did not answer within {after_ms} ms"), true)
            }
            ToolOutcome::Parts(content) => content,
        }
    }
}

/// The result of one call, to send back to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolResult {
    /// The call's id.
    pub call_id: String,
    /// The tool's name, as the model called it.
    pub name: String,
    /// The output, or the error message.
    pub content: String,
    /// Whether `content` is an error.
    pub is_error: bool,
    /// Images and sounds the tool returned.
    pub media: Vec<ToolMedia>,
    /// Links to resources the tool returned (kept for the user, not sent).
    pub links: Vec<ToolLink>,
}

impl From<ToolResult> for crate::message::MessageToolResult {
    fn from(result: ToolResult) -> Self {
        Self {
            call_id: result.call_id,
            name: result.name,
            content: result.content,
            is_error: result.is_error,
            media: result.media,
        }
    }
}

/// The message given to calls still running when the user stops the loop.
pub const STOPPED_BY_USER: &str = "Stopped by the user";

/// The tool loop of one user turn (see the module documentation).
#[derive(Debug, Clone)]
pub struct ToolLoop {
    max_rounds: u32,
    rounds: u32,
    finished: bool,
    slots: Vec<Slot>,
    /// Tools that exist but the agent does not offer.
    switched_off: Vec<String>,
    /// Calls (by [`Slot::key`]) that failed in each of the last rounds, with
    /// how many rounds in a row, up to the last complete round.
    failing: Vec<(String, u32)>,
}

#[derive(Debug, Clone)]
struct Slot {
    call_id: String,
    name: String,
    /// The tool's name and its arguments (canonical JSON, or the text as sent
    /// when it is not JSON): equal keys are identical calls.
    key: String,
    source: Source,
}

#[derive(Debug, Clone)]
enum Source {
    /// The call's own outcome: `None` while it runs.
    Own(Option<ToolContent>),
    /// A duplicate of the call in this slot.
    Twin(usize),
}

impl ToolLoop {
    /// A loop that has run no round yet; `config.max_rounds` is clamped to
    /// [`LoopConfig::MIN_ROUNDS`]`..=`[`LoopConfig::MAX_ROUNDS`].
    pub fn new(config: LoopConfig) -> Self {
        Self {
            max_rounds: LoopConfig::new(config.max_rounds).max_rounds,
            rounds: 0,
            finished: false,
            slots: Vec::new(),
            switched_off: Vec::new(),
            failing: Vec::new(),
        }
    }

    /// The loop, told which tools exist here but are switched off for the
    /// agent (not offered): a call to one of them gets an error that says so,
    /// rather than "Unknown tool".
    pub fn switched_off(mut self, tools: Vec<String>) -> Self {
        self.switched_off = tools;
        self
    }

    /// The round limit in effect.
    pub fn max_rounds(&self) -> u32 {
        self.max_rounds
    }

    /// How many replies asked for tools so far (rounds started).
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Whether the loop is over (after [`Step::Done`], [`Step::MaxRounds`] or [`ToolLoop::cancel`]).
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Decides what to do with a finished reply, starting a new round when it asks
    /// for tools. Any unfinished previous round is dropped.
    pub fn on_reply(&mut self, reply: &Reply, tools: &[ToolSpec]) -> Step {
        let cut = reply.finish.as_ref().is_some_and(|finish| finish.unified == FinishKind::Length);
        if self.finished || reply.error.is_some() || reply.tool_calls.is_empty() || cut {
            self.finished = true;
            return Step::Done;
        }
        if self.rounds >= self.max_rounds {
            self.finished = true;
            return Step::MaxRounds { rounds: self.rounds };
        }
        self.failing = self.failing_after_round();
        let key_of =
            |call: &crate::reply::ToolCall| call_key(&call.name, call.arguments().as_ref(), &call.arguments_raw);
        let repeated = reply.tool_calls.iter().all(|call| self.failures(&key_of(call)) >= REPEAT_LIMIT);
        if repeated && let Some(first) = reply.tool_calls.first() {
            self.finished = true;
            let times = self.failures(&key_of(first)) + 1;
            return Step::Repeated { tool: first.name.clone(), times };
        }
        self.rounds += 1;
        self.slots.clear();
        let mut invocations = Vec::new();
        let mut runners: HashMap<(String, String), usize> = HashMap::new();
        for (position, call) in reply.tool_calls.iter().enumerate() {
            let call_id = if call.id.is_empty() || self.slots.iter().any(|slot| slot.call_id == call.id) {
                format!("hearth-call-{}-{position}", self.rounds)
            } else {
                call.id.clone()
            };
            let key = key_of(call);
            let source = match prepare(&call.name, call.arguments(), tools, &self.switched_off) {
                Err(message) => Source::Own(Some(ToolContent::plain(message, true))),
                Ok(arguments) => {
                    let key = (call.name.clone(), canonical(&arguments));
                    match runners.get(&key) {
                        Some(&twin) => Source::Twin(twin),
                        None => {
                            runners.insert(key, position);
                            invocations.push(Invocation {
                                call_id: call_id.clone(),
                                name: call.name.clone(),
                                arguments,
                            });
                            Source::Own(None)
                        }
                    }
                }
            };
            self.slots.push(Slot { call_id, name: call.name.clone(), key, source });
        }
        Step::Run(invocations)
    }

    /// Records how the call `call_id` of the current round ended. Ignored for an
    /// unknown id, a call that already has its outcome, and a finished loop.
    pub fn on_result(&mut self, call_id: &str, result: ToolOutcome) {
        if self.finished {
            return;
        }
        let slot =
            self.slots.iter_mut().find(|slot| slot.call_id == call_id && matches!(slot.source, Source::Own(None)));
        if let Some(slot) = slot {
            slot.source = Source::Own(Some(result.into_content()));
        }
    }

    /// The results of the current round so far, in the order of the reply's calls
    /// (calls still running are left out; once [`ToolLoop::round_complete`], there is
    /// one per call). A duplicate call carries its twin's outcome under its own id.
    pub fn results(&self) -> Vec<ToolResult> {
        self.slots
            .iter()
            .filter_map(|slot| {
                let outcome = self.outcome(slot)?;
                Some(ToolResult {
                    call_id: slot.call_id.clone(),
                    name: slot.name.clone(),
                    content: outcome.text.clone(),
                    is_error: outcome.is_error,
                    media: outcome.media.clone(),
                    links: outcome.links.clone(),
                })
            })
            .collect()
    }

    /// The ids the current round's calls are reported under, in the order of the
    /// reply's calls (a call that came without an id, or with a repeated one, has
    /// one made up).
    pub fn call_ids(&self) -> Vec<String> {
        self.slots.iter().map(|slot| slot.call_id.clone()).collect()
    }

    /// Whether every call of the current round has its outcome.
    pub fn round_complete(&self) -> bool {
        self.slots.iter().all(|slot| self.outcome(slot).is_some())
    }

    /// Stops the loop: every call still running gets the error result
    /// [`STOPPED_BY_USER`], and the loop is finished.
    pub fn cancel(&mut self) {
        for slot in &mut self.slots {
            if matches!(slot.source, Source::Own(None)) {
                slot.source = Source::Own(Some(ToolContent::plain(STOPPED_BY_USER.to_owned(), true)));
            }
        }
        self.finished = true;
    }

    /// The failing calls after the current round: each call of it that failed,
    /// with one more round than before (a call that failed twice in one round
    /// counts once); the others are forgotten.
    fn failing_after_round(&self) -> Vec<(String, u32)> {
        let mut failing: Vec<(String, u32)> = Vec::new();
        for slot in &self.slots {
            let failed = self.outcome(slot).is_some_and(|outcome| outcome.is_error);
            if failed && !failing.iter().any(|(key, _)| *key == slot.key) {
                failing.push((slot.key.clone(), self.failures(&slot.key) + 1));
            }
        }
        failing
    }

    /// How many rounds in a row the call `key` failed, up to the last complete round.
    fn failures(&self, key: &str) -> u32 {
        self.failing.iter().find(|(known, _)| known == key).map_or(0, |(_, rounds)| *rounds)
    }

    fn outcome<'a>(&'a self, slot: &'a Slot) -> Option<&'a ToolContent> {
        let source = match slot.source {
            Source::Twin(twin) => &self.slots.get(twin)?.source,
            ref own => own,
        };
        match source {
            Source::Own(Some(content)) => Some(content),
            _ => None,
        }
    }
}

/// One call made outside a turn's rounds (a realtime talk's): what to run,
/// or the error message the model gets instead (an unknown tool, arguments
/// that are not JSON or do not match the tool's schema).
pub fn single_call(call_id: &str, name: &str, arguments_raw: &str, tools: &[ToolSpec]) -> Result<Invocation, String> {
    let arguments = if arguments_raw.trim().is_empty() {
        Some(Value::Object(serde_json::Map::new()))
    } else {
        serde_json::from_str(arguments_raw).ok()
    };
    let arguments = prepare(name, arguments, tools, &[])?;
    Ok(Invocation { call_id: call_id.to_owned(), name: name.to_owned(), arguments })
}

/// The arguments of a call that may run, or the error message it gets instead.
fn prepare(name: &str, arguments: Option<Value>, tools: &[ToolSpec], switched_off: &[String]) -> Result<Value, String> {
    if name.trim().is_empty() {
        return Err("The call has no tool name, so nothing was run. Name one of the available tools.".to_owned());
    }
    let Some(tool) = tools.iter().find(|tool| tool.name == name) else {
        let known: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
        let known = if known.is_empty() { "none".to_owned() } else { known.join(", ") };
        if switched_off.iter().any(|off| off == name) {
            return Err(format!(
                "The tool {} is switched off for this agent, so it was not run. Do not call it again; answer \
                 without it (the user can switch it on). Available tools: {known}.",
                Value::from(name)
            ));
        }
        return Err(format!("Unknown tool {}. Available tools: {known}.", Value::from(name)));
    };
    let Some(arguments) = arguments else {
        return Err("The arguments are not valid JSON.".to_owned());
    };
    schema::validate(&tool.parameters, &arguments)
        .map_err(|errors| format!("The arguments do not match the tool's schema: {}.", errors.join("; ")))?;
    Ok(arguments)
}

/// What identifies a call among its repeats: the tool's name and its
/// arguments (canonical JSON, else the text as sent).
fn call_key(name: &str, arguments: Option<&Value>, raw: &str) -> String {
    let arguments = arguments.map_or_else(|| raw.to_owned(), canonical);
    format!("{name}\u{0}{arguments}")
}

/// `value` as JSON text with object keys sorted, so that equal arguments compare equal.
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(object) => {
            let mut entries: Vec<(&String, &Value)> = object.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            let inner: Vec<String> = entries
                .into_iter()
                .map(|(key, value)| format!("{}:{}", Value::from(key.as_str()), canonical(value)))
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(",")),
        other => other.to_string(),
    }
}
