//! The tools of a chat agent and its most tool rounds per answer; an app
//! agent gets no tools, and the section says so instead.

use hearth_core::agent::{AgentKind, AgentRecord};
use hearth_core::tools::LoopConfig;
use leptos::prelude::*;

use crate::agents::agent_editor::draft::{DraftProblem, parse_rounds};
use crate::agents::agent_tools::AgentTools;
use crate::i18n::tr;
use crate::ui::text_field::TextField;

/// The tools section of the agent editor.
#[component]
pub(crate) fn AgentToolsSection(
    /// The draft edited.
    draft: RwSignal<AgentRecord>,
    /// The round limit as typed.
    rounds: RwSignal<String>,
    /// Set once the round limit is typed (then it is stored, even when it is
    /// the default).
    rounds_typed: RwSignal<bool>,
) -> impl IntoView {
    let is_app = move || draft.with(|agent| agent.kind == AgentKind::App);
    let rounds_error = Signal::derive(move || {
        rounds.with(|typed| parse_rounds(typed).is_none()).then(|| DraftProblem::Rounds.to_string())
    });
    view! {
        <Show
            when=move || !is_app()
            fallback=|| view! { <p class="hint">{tr("An app agent gets no tools: none are offered to its model.")}</p> }
        >
            <AgentTools draft />
            <TextField
                label=tr("Most tool rounds per answer")
                kind="number"
                min=LoopConfig::MIN_ROUNDS
                max=LoopConfig::MAX_ROUNDS
                value=rounds
                error=rounds_error
                on_input=Callback::new(move |typed: String| {
                    rounds.set(typed);
                    rounds_typed.set(true);
                })
            />
        </Show>
    }
}
