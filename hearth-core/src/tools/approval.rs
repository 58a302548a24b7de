//! Which calls wait for the user's approval before they run, and what the model
//! reads when the user says no.
//!
//! A tool that can reach the network can send out whatever the model puts in its
//! arguments, including what it read from the user's conversations or files. So
//! fetching a URL and the user's tools that use the network ask first, unless the
//! user chose otherwise for the agent; the other built-ins stay in the browser
//! and run at once. The shell shows the waiting call and its exact arguments.

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use super::{Builtin, UserTool};

/// The error result of a call the user denied.
pub const DENIED_BY_USER: &str = "The user denied this call.";

/// Whether calls of the tool `name` ask before running when the agent has no
/// choice of its own for it: fetching a URL asks, a user tool asks when it uses
/// the network, the other built-ins do not. A name that is neither a built-in
/// nor one of `user_tools` asks (nothing unknown runs unseen).
pub fn asks_by_default(name: &str, user_tools: &[UserTool]) -> bool {
    // Searching the user's own knowledge bases reads only this device's files.
    if name == crate::knowledge::context::TOOL_NAME {
        return false;
    }
    if let Some(builtin) = Builtin::from_name(name) {
        return builtin.uses_network();
    }
    // The runner runs the first user tool of the name; so does this.
    user_tool(name, user_tools).is_none_or(|tool| tool.uses_network)
}

/// Whether a call of the tool `name` waits for the user's approval: the agent's
/// choice for the tool (`ask_before_running`, by tool name), else
/// [`asks_by_default`]. For a user tool, not asking holds only while the tool
/// is the definition it was chosen for (`allowed_definitions[name]` is its
/// [`UserTool::definition_hash`]): one whose code, parameters or network use
/// changed since asks, whatever its default. A user tool allowed before the
/// choice was bound to a definition (by name only) has no hash, so it asks
/// once more and "Always allow" binds it then: the safe direction. A built-in
/// is Hearth's own code, so its choice holds by name.
pub fn needs_approval(
    name: &str,
    ask_before_running: &BTreeMap<String, bool>,
    allowed_definitions: &BTreeMap<String, String>,
    user_tools: &[UserTool],
) -> bool {
    let choice = ask_before_running.get(name).copied();
    if choice == Some(false)
        && Builtin::from_name(name).is_none()
        && let Some(tool) = user_tool(name, user_tools)
        && allowed_definitions.get(name) != Some(&tool.definition_hash())
    {
        return true;
    }
    choice.unwrap_or_else(|| asks_by_default(name, user_tools))
}

/// The user tool a call of `name` runs: the first of that name, trimmed, as
/// the runner picks it.
fn user_tool<'a>(name: &str, user_tools: &'a [UserTool]) -> Option<&'a UserTool> {
    user_tools.iter().find(|tool| tool.name.trim() == name)
}

/// The definition hash "Always allow" binds a choice for the tool `name` to:
/// a user tool's ([`UserTool::definition_hash`]); `None` for a built-in or a
/// name no user tool has.
pub fn allowed_definition(name: &str, user_tools: &[UserTool]) -> Option<String> {
    if Builtin::from_name(name).is_some() {
        return None;
    }
    user_tool(name, user_tools).map(UserTool::definition_hash)
}

/// What the approval prompt shows of a call: the exact URL for
/// [`Builtin::FetchUrl`] (whole, with its query string, since that is what would leave),
/// else the arguments, indented for reading when they are JSON.
pub fn approval_detail(name: &str, arguments: &serde_json::Value) -> String {
    if Builtin::from_name(name) == Some(Builtin::FetchUrl)
        && let Some(url) = arguments.get("url").and_then(serde_json::Value::as_str)
    {
        return url.to_owned();
    }
    serde_json::to_string_pretty(arguments).unwrap_or_else(|_| arguments.to_string())
}
