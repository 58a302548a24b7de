//! Agents: the named assistants a conversation runs with.
//!
//! The agent ([`AgentRecord`], its [`AgentKind`] and [`PromptSection`]s) is
//! defined here with its rules: the built-in agents (the General Assistant and
//! the App Builder) that always exist and can be reset but not deleted,
//! duplication, which tools an agent offers (an app agent offers none), which
//! names its prompt sections may have, and the values its prompt template is
//! filled with (see [`template`]). Storage, the layer above, keeps it (its
//! `Stored` impl, backups, imports) and names it in messages
//! (`storage::AgentRef::of`); this module never imports storage.

pub mod template;
#[cfg(test)]
pub(crate) mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Millis;
use crate::contract::{Effort, ToolSpec, WebSearch};
use crate::tools::UserTool;
pub use template::PromptSection;
use template::{BUILTIN_PLACEHOLDERS, Rendered, TemplateValues, ToolLine};

/// Id of the agent that always exists.
pub const DEFAULT_AGENT_ID: &str = "general";

/// Name of the General Assistant.
pub const GENERAL_NAME: &str = "General Assistant";

/// The General Assistant's default template: empty, so it sends no system
/// message, as Hearth always did before agents (requests of a new install are
/// unchanged; the user can give it a prompt, and reset it back to this).
pub const GENERAL_TEMPLATE: &str = "";

/// The starter template of an agent the user creates: it names every built-in
/// placeholder and wraps the lists and the user's own `instructions` section in
/// tags, so a list or section that is empty leaves nothing behind.
pub const NEW_AGENT_TEMPLATE: &str = "You are {agent_name}, an assistant in Hearth.\n\
Today is {date}, {time} ({timezone}). You run on the model {model}.\n\
\n\
<instructions>\n\
{instructions}\n\
</instructions>\n\
\n\
<project_files>\n\
{files}\n\
</project_files>\n\
\n\
<tools>\n\
{tools}\n\
</tools>\n";

/// Id of the built-in App Builder.
pub const APP_BUILDER_ID: &str = "app-builder";

/// Name of the App Builder.
pub const APP_BUILDER_NAME: &str = "App Builder";

/// What the App Builder says it does, in the agent list.
pub const APP_BUILDER_DESCRIPTION: &str = "Builds small web apps that run in a preview beside the conversation.";

/// The App Builder's default template: one self-contained HTML document in one
/// ```` ```html ```` block, revised as a whole, for a preview that has no network.
pub const APP_BUILDER_TEMPLATE: &str = "You are {agent_name}, an assistant in Hearth that builds small web apps. \
Each app runs in a sandboxed preview beside the conversation.\n\
\n\
How to answer:\n\
- Write the whole app as ONE self-contained HTML document (starting with <!doctype html>) in ONE fenced \
```html code block. Put all CSS in a <style> element and all JavaScript in a <script> element inside that \
document.\n\
- The preview has no network: use no external resources at all. No CDNs, no script or stylesheet links, no \
web fonts, no remote images, no fetch, XMLHttpRequest or WebSocket calls. Use system fonts, inline SVG, CSS \
and emoji for visuals, and plain JavaScript (no frameworks, no build step, no imports).\n\
- localStorage and sessionStorage work in the preview: use them to keep the app's data.\n\
- On every follow-up, send the complete revised document again in one ```html block, never a partial diff \
or only the changed part.\n\
- Before the code block, say briefly what the app does or what you changed; keep prose short. Make the app \
usable with a keyboard and on a narrow screen.\n\
\n\
Today is {date}. You run on the model {model}.\n";

/// The user-defined section [`NEW_AGENT_TEMPLATE`] names (empty at first).
pub const INSTRUCTIONS_SECTION: &str = "instructions";

/// Longest section name, in bytes.
pub const MAX_SECTION_NAME: usize = 40;

/// What kind of agent it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum AgentKind {
    /// A chat assistant; it may call the tools it has enabled.
    #[default]
    Chat,
    /// An app builder: it calls no tools, whatever is stored in its `tools`.
    App,
}

/// An agent: a name, a system prompt template, a model and tools.
///
/// Fields added after the first stored shape (`description`, `sections`,
/// `kind`) have serde defaults and are left out when empty, so every stored or
/// exported record of schema 1 still loads and unchanged ones still serialise
/// as they did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentRecord {
    /// Stable id; [`DEFAULT_AGENT_ID`] for the General Assistant.
    pub id: String,
    /// Name shown to the user.
    pub name: String,
    /// A short description shown in the agent list.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// System prompt template (see [`crate::agent::template::render`]); a
    /// prompt that renders to blank text sends no system message.
    #[serde(default)]
    pub system_prompt: String,
    /// The user-defined sections the template can name, in the order the user
    /// arranged them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<PromptSection>,
    /// The model config it uses; `None` means the default model.
    #[serde(default)]
    pub model_config_id: Option<String>,
    /// Names of the tools it may call (ignored for [`AgentKind::App`]; see
    /// [`AgentRecord::offered_tools`]).
    #[serde(default)]
    pub tools: Vec<String>,
    /// The most rounds of tool calls in one turn; `None` means the default
    /// ([`LoopConfig::DEFAULT_ROUNDS`](crate::tools::LoopConfig::DEFAULT_ROUNDS)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tool_rounds: Option<u32>,
    /// The user's choice, per tool name, of whether its calls wait for the user's
    /// approval; a tool not listed follows the default
    /// ([`needs_approval`](crate::tools::needs_approval)).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ask_before_running: BTreeMap<String, bool>,
    /// For an MCP tool (by its key) or a user tool (by its name) the user
    /// chose "Always allow" for, the hash of the definition allowed: a changed
    /// definition asks again ([`AgentRecord::mcp_asks`], [`AgentRecord::asks`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allowed_definitions: BTreeMap<String, String>,
    /// Chat (tools allowed) or app (no tools).
    #[serde(default, skip_serializing_if = "AgentKind::is_chat")]
    pub kind: AgentKind,
    /// What its replies may do beyond text by default: search the web, think
    /// harder, make pictures. Left out when all are off.
    #[serde(default, skip_serializing_if = "ReplyOptions::is_default")]
    pub options: ReplyOptions,
    /// Whether each answer is read aloud as soon as it is complete, in the
    /// conversation shown (the account, speed and language are the device's,
    /// under Settings → Voice).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub auto_read: bool,
    /// The voice it reads in (a provider's voice, such as `alloy`, or the
    /// name of one of the browser's voices); empty: the one under Settings → Voice.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub voice: String,
    /// The knowledge bases it draws on, by id: before each answer the best
    /// passages go with the request, and it may search them again
    /// (`search_knowledge`). Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knowledge: Vec<String>,
    /// The most tokens those passages may take (none: the default,
    /// `knowledge::context::DEFAULT_BUDGET_TOKENS`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knowledge_budget: Option<u32>,
    /// When it was created.
    pub created_at: Millis,
    /// When it last changed.
    pub updated_at: Millis,
}

/// What an agent's replies may do beyond text, by default: the message box
/// starts from these for each message (its "Search the web" switch and effort
/// choice), and the request carries them (see
/// [`ModelConfig`](crate::provider::ModelConfig)).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ReplyOptions {
    /// Whether a message searches the web with the provider's own search.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub web_search: bool,
    /// The search's limits (how many searches, which domains).
    #[serde(default, skip_serializing_if = "is_unlimited")]
    pub search_limits: WebSearch,
    /// How hard a reasoning model thinks; `None`: the provider's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<Effort>,
    /// Whether the model may answer with pictures.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub make_images: bool,
}

impl ReplyOptions {
    /// Whether every option is off (for `skip_serializing_if`).
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The search to ask for when `on`, with these limits.
    pub fn search(&self, on: bool) -> Option<WebSearch> {
        on.then(|| self.search_limits.clone())
    }
}

fn is_unlimited(limits: &WebSearch) -> bool {
    *limits == WebSearch::default()
}

impl AgentKind {
    /// Whether it is a chat agent, the default kind (left out when serialised).
    pub fn is_chat(&self) -> bool {
        *self == AgentKind::Chat
    }
}

impl AgentRecord {
    /// Whether calls of the MCP tool `key`, whose definition hashes to
    /// `hash` ([`definition_hash`](crate::tools::definition_hash)), ask
    /// before running: unless this very definition was allowed.
    pub fn mcp_asks(&self, key: &str, hash: &str) -> bool {
        self.allowed_definitions.get(key).map(String::as_str) != Some(hash)
            || self.ask_before_running.get(key).copied().unwrap_or(true)
    }

    /// Sets whether calls of the MCP tool `key` ask before running; not
    /// asking (the editor's switch cleared, or "Always allow") holds for the
    /// definition hashing to `hash` only.
    pub fn set_mcp_asks(&mut self, key: &str, hash: &str, ask: bool) {
        self.ask_before_running.insert(key.to_owned(), ask);
        if ask {
            self.allowed_definitions.remove(key);
        } else {
            self.allowed_definitions.insert(key.to_owned(), hash.to_owned());
        }
    }

    /// Whether calls of the built-in or user tool `name` ask before running
    /// ([`needs_approval`](crate::tools::needs_approval)): for a user tool,
    /// not asking holds only for the definition it was chosen for.
    pub fn asks(&self, name: &str, user_tools: &[UserTool]) -> bool {
        crate::tools::needs_approval(name, &self.ask_before_running, &self.allowed_definitions, user_tools)
    }

    /// Sets whether calls of the built-in or user tool `name` ask before
    /// running; not asking (the editor's switch cleared, or "Always allow")
    /// holds for a user tool's present definition only
    /// ([`UserTool::definition_hash`]), as [`set_mcp_asks`](Self::set_mcp_asks)
    /// does for an MCP tool.
    pub fn set_asks(&mut self, name: &str, user_tools: &[UserTool], ask: bool) {
        self.ask_before_running.insert(name.to_owned(), ask);
        match crate::tools::allowed_definition(name, user_tools).filter(|_| !ask) {
            Some(hash) => self.allowed_definitions.insert(name.to_owned(), hash),
            None => self.allowed_definitions.remove(name),
        };
    }

    /// The General Assistant, which always exists.
    pub fn general(now: Millis) -> Self {
        Self {
            id: DEFAULT_AGENT_ID.to_owned(),
            name: GENERAL_NAME.to_owned(),
            description: String::new(),
            system_prompt: GENERAL_TEMPLATE.to_owned(),
            sections: Vec::new(),
            model_config_id: None,
            tools: Vec::new(),
            max_tool_rounds: None,
            ask_before_running: BTreeMap::new(),
            allowed_definitions: BTreeMap::new(),
            kind: AgentKind::Chat,
            options: ReplyOptions::default(),
            auto_read: false,
            voice: String::new(),
            knowledge: Vec::new(),
            knowledge_budget: None,
            created_at: now,
            updated_at: now,
        }
    }

    /// The App Builder, which exists on every install next to the General
    /// Assistant: an app agent (no tools) with [`APP_BUILDER_TEMPLATE`].
    pub fn app_builder(now: Millis) -> Self {
        Self {
            id: APP_BUILDER_ID.to_owned(),
            name: APP_BUILDER_NAME.to_owned(),
            description: APP_BUILDER_DESCRIPTION.to_owned(),
            system_prompt: APP_BUILDER_TEMPLATE.to_owned(),
            kind: AgentKind::App,
            options: ReplyOptions::default(),
            auto_read: false,
            voice: String::new(),
            ..Self::general(now)
        }
    }

    /// The built-in agents a new install starts with, in the order they are
    /// listed: the General Assistant, then the App Builder.
    pub fn builtins(now: Millis) -> [Self; 2] {
        [Self::general(now), Self::app_builder(now)]
    }

    /// A new chat agent `name` with the starter template
    /// ([`NEW_AGENT_TEMPLATE`]), an empty `instructions` section, the default
    /// model and no tools.
    pub fn new(id: String, name: String, now: Millis) -> Self {
        Self {
            id,
            name,
            system_prompt: NEW_AGENT_TEMPLATE.to_owned(),
            sections: vec![PromptSection { name: INSTRUCTIONS_SECTION.to_owned(), text: String::new() }],
            ..Self::general(now)
        }
    }

    /// Whether this is the General Assistant (which cannot be deleted).
    pub fn is_general(&self) -> bool {
        self.id == DEFAULT_AGENT_ID
    }

    /// Whether this is the App Builder (which cannot be deleted either).
    pub fn is_app_builder(&self) -> bool {
        self.id == APP_BUILDER_ID
    }

    /// Whether this is a built-in agent: it always exists, cannot be deleted
    /// and can be reset to its built-in default.
    pub fn is_builtin(&self) -> bool {
        self.is_general() || self.is_app_builder()
    }

    /// Puts the agent's settings back to their defaults: the General
    /// Assistant becomes [`AgentRecord::general`] again (name included), the
    /// App Builder [`AgentRecord::app_builder`]; any
    /// other agent keeps its name and description and gets the starter template
    /// of [`AgentRecord::new`]. The id and creation time stay; `updated_at`
    /// becomes `now`.
    pub fn reset_to_default(&mut self, now: Millis) {
        let fresh = if self.is_general() {
            Self::general(self.created_at)
        } else if self.is_app_builder() {
            Self::app_builder(self.created_at)
        } else {
            Self {
                description: std::mem::take(&mut self.description),
                ..Self::new(self.id.clone(), std::mem::take(&mut self.name), self.created_at)
            }
        };
        *self = Self { updated_at: now, ..fresh };
    }

    /// A copy under `new_id`, named "Copy of <name>", created at `now`. A copy
    /// of a built-in agent is an ordinary agent (it can be deleted).
    pub fn duplicate(&self, new_id: String, now: Millis) -> Self {
        Self { id: new_id, name: format!("Copy of {}", self.name), created_at: now, updated_at: now, ..self.clone() }
    }

    /// The names of the tools offered to the model: the enabled tools of a chat
    /// agent, none for an app agent.
    pub fn offered_tools(&self) -> &[String] {
        match self.kind {
            AgentKind::Chat => &self.tools,
            AgentKind::App => &[],
        }
    }

    /// The most rounds of tool calls in one of its turns.
    pub fn round_limit(&self) -> u32 {
        self.max_tool_rounds.unwrap_or(crate::tools::LoopConfig::DEFAULT_ROUNDS)
    }

    /// The text of the section `name`, if the agent has one.
    pub fn section(&self, name: &str) -> Option<&str> {
        self.sections.iter().find(|section| section.name == name).map(|section| section.text.as_str())
    }

    /// The agent's prompt rendered with `values` (see [`template::render`]).
    pub fn render_prompt(&self, values: &TemplateValues) -> Rendered {
        template::render(&self.system_prompt, values)
    }
}

impl TemplateValues {
    /// The values that come from `agent`: its name, its sections, and of
    /// `enabled` (the specs of its enabled tools, e.g. from
    /// [`enabled_specs`](crate::tools::enabled_specs)) those it offers — none
    /// for an app agent. The shell adds the date, time, time zone, model and
    /// project files (`TemplateValues { date, ..TemplateValues::for_agent(..) }`).
    pub fn for_agent(agent: &AgentRecord, enabled: &[ToolSpec]) -> Self {
        let offered = agent.offered_tools();
        Self {
            agent_name: agent.name.clone(),
            tools: enabled
                .iter()
                .filter(|spec| offered.contains(&spec.name))
                .map(|spec| ToolLine { name: spec.name.clone(), description: spec.description.clone() })
                .collect(),
            sections: agent.sections.clone(),
            ..Self::default()
        }
    }
}

/// Why a name cannot be a section name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SectionNameProblem {
    /// Nothing was typed.
    #[error("a section needs a name")]
    Empty,
    /// Longer than [`MAX_SECTION_NAME`].
    #[error("a section name has at most {MAX_SECTION_NAME} characters")]
    TooLong,
    /// Not usable in a `{name}` placeholder.
    #[error("a section name uses only letters, digits and _, and does not start with a digit")]
    NotAName,
    /// One of the built-in placeholders.
    #[error("{{{0}}} is filled by Hearth; choose another name")]
    Builtin(String),
    /// Another section has it.
    #[error("another section is already called {0}")]
    Taken(String),
}

/// Why `name` cannot name a section, given the names of the agent's other
/// sections, or `None` when it can.
pub fn section_name_problem(name: &str, others: &[&str]) -> Option<SectionNameProblem> {
    if name.is_empty() {
        Some(SectionNameProblem::Empty)
    } else if name.len() > MAX_SECTION_NAME {
        Some(SectionNameProblem::TooLong)
    } else if !template::is_placeholder_name(name) {
        Some(SectionNameProblem::NotAName)
    } else if BUILTIN_PLACEHOLDERS.contains(&name) {
        Some(SectionNameProblem::Builtin(name.to_owned()))
    } else if others.contains(&name) {
        Some(SectionNameProblem::Taken(name.to_owned()))
    } else {
        None
    }
}
