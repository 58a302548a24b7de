//! The agent's system prompt: its template (`hearth_core::agent::template`)
//! rendered afresh for every request, a tool round included, with the values of
//! that moment. Nothing of it is cached from an earlier request.

use hearth_core::agent::AgentRecord;
use hearth_core::agent::template::TemplateValues;
use hearth_core::message::{ChatMessage, Role};
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;

use crate::io::clock::now_ms;
use crate::io::intl::date_and_time;
use crate::tools::state::ToolsContext;

/// What a turn's system prompt is made from: the agent and its tools, taken
/// when the turn starts; the project files are read for each request.
pub(super) struct Prompt {
    /// The agent that answers.
    pub(super) agent: AgentRecord,
    /// The project files, whose names fill `{files}`.
    pub(super) project: ToolsContext,
    /// The definitions of the tools the turn offers, for `{tools}`.
    pub(super) tools: Vec<ToolSpec>,
    /// The passages from the agent's knowledge bases for this turn's
    /// question, as the model reads them (the cited context block), after
    /// the agent's own prompt.
    pub(super) knowledge: Option<String>,
}

impl Prompt {
    /// The system message for a request to `model` now, or `None` when the
    /// template renders to nothing (the General Assistant's default).
    pub(super) fn system_message(&self, model: &str) -> Option<ChatMessage> {
        let files = self.project.files.with_untracked(|files| files.iter().map(|file| file.name.clone()).collect());
        let values = template_values(&self.agent, model, files, &self.tools);
        let rendered = self.agent.render_prompt(&values);
        let text = match (rendered.system_prompt(), self.knowledge.as_deref()) {
            (Some(prompt), Some(context)) => format!("{prompt}\n\n{context}"),
            (Some(prompt), None) => prompt.to_owned(),
            (None, Some(context)) => context.to_owned(),
            (None, None) => return None,
        };
        Some(ChatMessage::new(Role::System, text))
    }
}

/// The values `agent`'s template is filled with at this moment: its name,
/// sections and offered `tools`, the date, time and time zone now, `model` and
/// the project `files`' names. A request uses them, and so does the agent
/// editor's live preview, so the two cannot differ.
pub(crate) fn template_values(
    agent: &AgentRecord,
    model: &str,
    files: Vec<String>,
    tools: &[ToolSpec],
) -> TemplateValues {
    // Without Intl the placeholders of the moment are left empty.
    let moment = date_and_time(now_ms()).ok();
    TemplateValues {
        date: moment.as_ref().map(|m| m.date.clone()).unwrap_or_default(),
        time: moment.as_ref().map(|m| m.time.clone()).unwrap_or_default(),
        timezone: moment.map(|m| m.timezone).unwrap_or_default(),
        model: model.to_owned(),
        files,
        ..TemplateValues::for_agent(agent, tools)
    }
}
