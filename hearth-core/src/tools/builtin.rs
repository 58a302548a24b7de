//! The tools Hearth brings, and the user's own tools, as the model sees them.
//!
//! Each agent lists the tools it may call by name ([`crate::agent::AgentRecord::tools`]);
//! the shell runs them. Built-in names are reserved: a user tool cannot take one.
//!
//! [`Builtin`] is the closed set Hearth brings (each with its wire name, label,
//! definition and whether it reaches the network); the shell runs it with an
//! exhaustive `match`. [`UserTool`] is one of the user's own: a schema and a
//! JavaScript body run in the sandbox. [`enabled_specs`] gives the definitions
//! an agent offers.

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::ToolSpec;

/// A tool Hearth brings. The set is closed: the shell runs each one with an
/// exhaustive `match`, so a new built-in does not compile until it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// The current date and time, with the time zone.
    CurrentTime,
    /// A safe arithmetic evaluator ([`super::calc`]).
    Calculator,
    /// An HTTP GET of a URL, from the browser.
    FetchUrl,
    /// The stored conversations' search.
    SearchConversations,
    /// One of the project's files.
    ReadProjectFile,
    /// JavaScript in an opaque-origin sandbox.
    RunJavascript,
}

impl Builtin {
    /// Every built-in tool, in the order the settings list them (and requests offer them).
    pub const ALL: [Builtin; 6] = [
        Builtin::CurrentTime,
        Builtin::Calculator,
        Builtin::FetchUrl,
        Builtin::SearchConversations,
        Builtin::ReadProjectFile,
        Builtin::RunJavascript,
    ];

    /// The name the model calls it by. Agents store their enabled tools by this
    /// name ([`crate::agent::AgentRecord::tools`]) and the history carries it,
    /// so it never changes.
    pub const fn name(self) -> &'static str {
        match self {
            Builtin::CurrentTime => "current_time",
            Builtin::Calculator => "calculator",
            Builtin::FetchUrl => "fetch_url",
            Builtin::SearchConversations => "search_conversations",
            Builtin::ReadProjectFile => "read_project_file",
            Builtin::RunJavascript => "run_javascript",
        }
    }

    /// The built-in called `name`, if it is one (the name is matched exactly).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|builtin| builtin.name() == name)
    }

    /// A short label for the settings.
    pub const fn label(self) -> &'static str {
        match self {
            Builtin::CurrentTime => "Current time",
            Builtin::Calculator => "Calculator",
            Builtin::FetchUrl => "Fetch a URL",
            Builtin::SearchConversations => "Search my conversations",
            Builtin::ReadProjectFile => "Read a project file",
            Builtin::RunJavascript => "Run JavaScript",
        }
    }

    /// What it does, for the model (and under its label in the settings).
    pub const fn description(self) -> &'static str {
        match self {
            Builtin::CurrentTime => "Returns the current date and time. Without a time zone it uses the user's own.",
            Builtin::Calculator => {
                "Evaluates an arithmetic expression exactly as written: + - * / % ^, parentheses, \
                 pi, e, sqrt, abs, sin, cos, tan, ln, log (base 10), exp, floor, ceil, round, min, max, pow."
            }
            Builtin::FetchUrl => {
                "Downloads a web page or file with an HTTP GET from the user's browser and returns its text \
                 (cut to 20000 characters). Sites that do not allow cross-origin requests (CORS) cannot be read."
            }
            Builtin::SearchConversations => {
                "Searches the user's saved conversations for words and returns the matching messages with \
                 their conversation titles."
            }
            Builtin::ReadProjectFile => {
                "Reads one of the files the user added to the project. Without a name it lists the files."
            }
            Builtin::RunJavascript => {
                "Runs JavaScript in an isolated sandbox (no page, no storage, no network, 5 s limit) as the body of an async \
                 function: use `return` for the result and `await` freely; console.log output is returned too."
            }
        }
    }

    /// Whether it can reach the network, and so asks before running unless the
    /// user chose otherwise ([`asks_by_default`](super::asks_by_default)).
    pub const fn uses_network(self) -> bool {
        match self {
            Builtin::FetchUrl => true,
            Builtin::CurrentTime
            | Builtin::Calculator
            | Builtin::SearchConversations
            | Builtin::ReadProjectFile
            | Builtin::RunJavascript => false,
        }
    }

    /// The JSON Schema of its arguments.
    fn parameters(self) -> serde_json::Value {
        match self {
            Builtin::CurrentTime => json!({
                "type": "object",
                "properties": {
                    "timezone": { "type": "string", "description": "An IANA time zone such as Europe/Paris or UTC." }
                },
                "additionalProperties": false,
            }),
            Builtin::Calculator => json!({
                "type": "object",
                "properties": { "expression": { "type": "string", "description": "For example (2 + 3) * 4^2." } },
                "required": ["expression"],
                "additionalProperties": false,
            }),
            Builtin::FetchUrl => json!({
                "type": "object",
                "properties": { "url": { "type": "string", "description": "An http or https URL." } },
                "required": ["url"],
                "additionalProperties": false,
            }),
            Builtin::SearchConversations => json!({
                "type": "object",
                "properties": { "query": { "type": "string", "description": "Words to look for." } },
                "required": ["query"],
                "additionalProperties": false,
            }),
            Builtin::ReadProjectFile => json!({
                "type": "object",
                "properties": { "name": { "type": "string", "description": "The file name, such as notes.md." } },
                "additionalProperties": false,
            }),
            Builtin::RunJavascript => json!({
                "type": "object",
                "properties": { "code": { "type": "string", "description": "The function body." } },
                "required": ["code"],
                "additionalProperties": false,
            }),
        }
    }

    /// The definition sent to the model.
    pub fn spec(self) -> ToolSpec {
        ToolSpec {
            name: self.name().to_owned(),
            description: self.description().to_owned(),
            parameters: self.parameters(),
        }
    }
}

/// The settings key prefix of user tools: each is one setting `user_tool:<id>`.
pub const USER_TOOL_KEY_PREFIX: &str = "user_tool:";

/// A tool the user wrote: a definition and a JavaScript body run in the sandbox
/// with the arguments as `args`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserTool {
    /// Stable id.
    pub id: String,
    /// The name the model calls it by.
    pub name: String,
    /// What it does, for the model.
    #[serde(default)]
    pub description: String,
    /// The JSON Schema of its arguments, as typed.
    #[serde(default)]
    pub parameters: String,
    /// The body of an async JavaScript function of `args`.
    #[serde(default)]
    pub code: String,
    /// Whether its code may reach the network. Without it the sandbox closes the
    /// network; with it, calls ask before running (see
    /// [`needs_approval`](super::needs_approval)). Tools stored before the flag
    /// existed could reach the network, so they keep it.
    #[serde(default = "could_before")]
    pub uses_network: bool,
    /// Set on a tool that came in with an import: it is not offered to the model
    /// until the user has looked at it and turned it on in the Tools dialog.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub needs_review: bool,
}

/// The network flag of a user tool stored before the flag existed.
fn could_before() -> bool {
    true
}

impl UserTool {
    /// The settings key it is stored under.
    pub fn setting_key(&self) -> String {
        format!("{USER_TOOL_KEY_PREFIX}{}", self.id)
    }

    /// The SHA-256 (lowercase hex) of what runs when it is called: its name,
    /// parameters (the JSON Schema as typed), code and network use. What an
    /// "Always allow" holds for ([`needs_approval`](super::needs_approval)):
    /// a tool changed since (by an edit, sync or an import) asks again. Its
    /// description is left out: it is what the model reads, not what runs.
    pub fn definition_hash(&self) -> String {
        let text = json!(["user_tool", self.name, self.parameters, self.code, self.uses_network]).to_string();
        crate::format::sha256::digest_hex(text.as_bytes())
    }

    /// The definition sent to the model, or what is wrong with the tool. `others`
    /// are the names of the user's other tools.
    pub fn spec(&self, others: &[&str]) -> Result<ToolSpec, String> {
        let name = self.name.trim();
        if name.is_empty()
            || name.len() > 64
            || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err("The name must be 1 to 64 letters, digits, _ or - (no spaces).".to_owned());
        }
        if Builtin::from_name(name).is_some() || name == crate::knowledge::context::TOOL_NAME {
            return Err(format!("{name} is the name of a built-in tool; choose another."));
        }
        if others.contains(&name) {
            return Err(format!("Another tool is already called {name}."));
        }
        if self.code.trim().is_empty() {
            return Err("The tool needs some JavaScript to run.".to_owned());
        }
        let parameters = if self.parameters.trim().is_empty() {
            json!({ "type": "object", "properties": {} })
        } else {
            serde_json::from_str::<serde_json::Value>(&self.parameters)
                .map_err(|error| format!("The parameters are not valid JSON: {error}."))?
        };
        if parameters.get("type").and_then(serde_json::Value::as_str) != Some("object") {
            return Err("The parameters must be a JSON Schema with \"type\": \"object\".".to_owned());
        }
        Ok(ToolSpec { name: name.to_owned(), description: self.description.trim().to_owned(), parameters })
    }
}

impl UserTool {
    /// [`UserTool::spec`] checked against the names of all the other tools in
    /// `all` (the tool itself, found by id, is left out).
    pub fn spec_among(&self, all: &[UserTool]) -> Result<ToolSpec, String> {
        let others: Vec<&str> = all.iter().filter(|t| t.id != self.id).map(|t| t.name.trim()).collect();
        self.spec(&others)
    }
}

/// The definitions of the tools an agent enabled, built-ins first, in the
/// settings' order; enabled names that no longer exist, user tools with
/// problems and imported tools the user has not reviewed are left out.
pub fn enabled_specs(enabled: &[String], user_tools: &[UserTool]) -> Vec<ToolSpec> {
    let on = |name: &str| enabled.iter().any(|enabled| enabled == name);
    let mut specs: Vec<ToolSpec> =
        Builtin::ALL.into_iter().filter(|builtin| on(builtin.name())).map(Builtin::spec).collect();
    for (at, tool) in user_tools.iter().enumerate() {
        let earlier: Vec<&str> = user_tools[..at].iter().map(|tool| tool.name.trim()).collect();
        if let Ok(spec) = tool.spec(&earlier)
            && on(&spec.name)
            && !tool.needs_review
        {
            specs.push(spec);
        }
    }
    specs
}

/// The label of the tool `name` when it exists here but is switched off for an
/// agent whose enabled tools are `enabled`, and switching it on would offer it:
/// a built-in's label, or a user tool's name (one awaiting review after an
/// import, or with a problem, would not be offered, so it gets `None`).
pub fn switchable(name: &str, enabled: &[String], user_tools: &[UserTool]) -> Option<String> {
    if enabled.iter().any(|enabled| enabled == name) {
        return None;
    }
    if let Some(builtin) = Builtin::from_name(name) {
        return Some(builtin.label().to_owned());
    }
    let tool = user_tools.iter().find(|tool| tool.name.trim() == name)?;
    (!tool.needs_review && tool.spec_among(user_tools).is_ok()).then(|| name.to_owned())
}

/// The names of the tools that exist here but are not among `offered` (the
/// definitions an agent offers) and could be switched on: every such built-in,
/// then the user's tools.
pub fn switched_off(offered: &[ToolSpec], user_tools: &[UserTool]) -> Vec<String> {
    let offered: Vec<String> = offered.iter().map(|spec| spec.name.clone()).collect();
    let builtins = Builtin::ALL.into_iter().map(|builtin| builtin.name().to_owned());
    let users = user_tools.iter().map(|tool| tool.name.trim().to_owned());
    builtins.chain(users).filter(|name| switchable(name, &offered, user_tools).is_some()).collect()
}
