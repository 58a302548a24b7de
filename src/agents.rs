//! Agents: the Agents dialog with each agent's editor (its template and
//! sections, preview, model and tools), and the top bar's agent menu with the
//! divider a switch leaves in a conversation. `state` holds `AgentsContext`,
//! every agent record and the one new conversations start with.

pub(crate) mod agent_editor;
pub(crate) mod agent_mcp_tools;
pub(crate) mod agent_picker;
pub(crate) mod agent_row;
pub(crate) mod agent_switch_divider;
pub(crate) mod agent_tools;
pub(crate) mod agents_dialog;
pub(crate) mod mcp_tool_option;
pub(crate) mod prompt_preview;
pub(crate) mod prompt_sections;
pub(crate) mod state;
