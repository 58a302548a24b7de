//! The editor of one agent: a draft edited in memory (name, description, type,
//! model, the system prompt template with its unknown placeholders flagged, its
//! own sections, tools and round limit) beside a live preview of the rendered
//! prompt. Save stores the draft only when it is valid (otherwise it says what
//! to fix and stores nothing); Cancel drops it; "Reset to default" puts the
//! draft back to the agent's defaults (stored on Save).
//!
//! Save never overwrites silently what changed elsewhere while the editor was
//! open (another tab's edit or delete): it asks, "Save mine anyway" or "Discard
//! mine". Only an "Always allow" given meanwhile (`ask_before_running`) is
//! merged in without asking, when the draft left those choices as they were.

use std::collections::BTreeSet;

use hearth_core::agent::template::BUILTIN_PLACEHOLDERS;
use hearth_core::agent::{AgentKind, AgentRecord};
use hearth_core::tools::LoopConfig;
use leptos::html::Input;
use leptos::prelude::*;

use crate::agents::agent_tools::AgentTools;
use crate::agents::prompt_preview::{PromptPreview, render_draft};
use crate::agents::prompt_sections::{PromptSections, name_problem};
use crate::agents::state::AgentsContext;
use crate::io::clock::now;
use crate::offline::state::updates::{Hold, UpdatesContext};
use crate::providers::state::ProvidersContext;
use crate::ui::next_id;
use crate::ui::text_field::TextField;

/// What stops a draft from being saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DraftProblem {
    /// The name is blank.
    NoName,
    /// A section name is invalid (its field says why).
    SectionName,
    /// The round limit is not a whole number in range.
    Rounds,
}

impl std::fmt::Display for DraftProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::NoName => "Give the agent a name.",
            Self::SectionName => "Fix the section names marked above.",
            Self::Rounds => "Enter a whole number of tool rounds from 1 to 100.",
        })
    }
}

/// The round limit typed, if valid.
fn parse_rounds(typed: &str) -> Option<u32> {
    typed.trim().parse::<u32>().ok().filter(|rounds| (LoopConfig::MIN_ROUNDS..=LoopConfig::MAX_ROUNDS).contains(rounds))
}

/// What Save does with the draft.
#[derive(Debug, Clone, PartialEq)]
enum Saving {
    /// Store it.
    Store(AgentRecord),
    /// The stored agent changed (or was deleted, `deleted`) since the editor
    /// opened: ask before storing `mine`.
    Conflict {
        /// The draft, with any tool choices merged in.
        mine: AgentRecord,
        /// Whether the agent was deleted elsewhere.
        deleted: bool,
    },
}

/// What to do with the draft `mine` of the agent that was `opened` (`None`:
/// a new agent) and is `stored` now (`None`: deleted since).
fn reconcile(mut mine: AgentRecord, opened: Option<&AgentRecord>, stored: Option<&AgentRecord>) -> Saving {
    let Some(opened) = opened else { return Saving::Store(mine) };
    let Some(stored) = stored else { return Saving::Conflict { mine, deleted: true } };
    if stored.updated_at == opened.updated_at {
        return Saving::Store(mine);
    }
    // The "ask before running" choices made elsewhere come along when the
    // draft did not change them.
    if mine.ask_before_running == opened.ask_before_running && mine.allowed_definitions == opened.allowed_definitions {
        mine.ask_before_running.clone_from(&stored.ask_before_running);
        mine.allowed_definitions.clone_from(&stored.allowed_definitions);
    }
    let only_asks_changed = AgentRecord {
        ask_before_running: opened.ask_before_running.clone(),
        allowed_definitions: opened.allowed_definitions.clone(),
        updated_at: opened.updated_at,
        ..stored.clone()
    } == *opened;
    if only_asks_changed
        && mine.ask_before_running == stored.ask_before_running
        && mine.allowed_definitions == stored.allowed_definitions
    {
        Saving::Store(mine)
    } else {
        Saving::Conflict { mine, deleted: false }
    }
}

/// The editor of one agent.
#[component]
pub(crate) fn AgentEditor(
    /// The agent as it starts (stored, or new and not yet stored).
    agent: AgentRecord,
    /// Whether it is a new agent (the heading says so).
    #[prop(optional)]
    is_new: bool,
    /// Called when editing is over (saved or cancelled), so the owner can
    /// close the editor.
    on_done: Callback<()>,
) -> impl IntoView {
    let agents = AgentsContext::expect();
    let providers = ProvidersContext::expect();
    let heading = if is_new { "New agent".to_owned() } else { format!("Edit {}", agent.name) };
    // The agent as stored when the editor opened (none when new).
    let opened = StoredValue::new((!is_new).then(|| agent.clone()));
    let conflict = RwSignal::new(None::<Saving>);
    // A reload for a new version waits while the draft differs from what was opened.
    let unchanged = StoredValue::new(agent.clone());
    let draft = RwSignal::new(agent);
    let rounds = RwSignal::new(draft.with_untracked(|agent| agent.round_limit().to_string()));
    // Whether the round limit was typed (then it is stored, even when it is
    // the default).
    let rounds_typed = RwSignal::new(false);
    UpdatesContext::expect().hold_while(
        Hold::UnsavedChanges("the agent editor"),
        Signal::derive(move || {
            rounds_typed.get() || draft.with(|agent| unchanged.with_value(|unchanged| agent != unchanged))
        }),
    );
    let problem = RwSignal::new(None::<DraftProblem>);
    let name_input = NodeRef::<Input>::new();
    let heading_id = format!("agent-editor-{}", next_id());
    let labelled_by = heading_id.clone();
    let name_error_id = format!("agent-name-error-{}", next_id());
    let template_hint = format!(
        "Placeholders: {}, and your sections by name. {{{{ and }}}} are literal braces.",
        BUILTIN_PLACEHOLDERS.map(|name| format!("{{{name}}}")).join(", ")
    );
    let name_error = Signal::derive(move || {
        (problem.get() == Some(DraftProblem::NoName) && draft.with(|agent| agent.name.trim().is_empty()))
            .then(|| DraftProblem::NoName.to_string())
    });
    let rounds_error = Signal::derive(move || {
        rounds.with(|typed| parse_rounds(typed).is_none()).then(|| DraftProblem::Rounds.to_string())
    });
    let rendered = Memo::new(move |_| render_draft(draft));
    let unknown = move || {
        let mut seen = BTreeSet::new();
        rendered
            .get()
            .unknown
            .into_iter()
            .filter(|placeholder| seen.insert(placeholder.name.clone()))
            .map(|placeholder| view! { <li>{format!("Unknown placeholder {{{}}} — it is sent as typed", placeholder.name)}</li> })
            .collect_view()
    };
    let set = move |change: fn(&mut AgentRecord, String)| {
        Callback::new(move |typed: String| draft.update(|agent| change(agent, typed)))
    };
    let is_app = move || draft.with(|agent| agent.kind == AgentKind::App);
    let set_kind = move |kind: AgentKind| draft.update(|agent| agent.kind = kind);
    let model_value = move || draft.with(|agent| agent.model_config_id.clone().unwrap_or_default());
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut agent = draft.get_untracked();
        agent.name = agent.name.trim().to_owned();
        let found = if agent.name.is_empty() {
            Some(DraftProblem::NoName)
        } else if (0..agent.sections.len()).any(|index| name_problem(&agent, index).is_some()) {
            Some(DraftProblem::SectionName)
        } else {
            None
        };
        let found = found
            .or_else(|| rounds.with_untracked(|typed| parse_rounds(typed).is_none()).then_some(DraftProblem::Rounds));
        if let Some(found) = found {
            problem.set(Some(found));
            if found == DraftProblem::NoName
                && let Some(input) = name_input.get_untracked()
            {
                let _ = input.focus();
            }
            return;
        }
        if let Some(limit) = rounds.with_untracked(|typed| parse_rounds(typed))
            && rounds_typed.get_untracked()
        {
            agent.max_tool_rounds = Some(limit);
        }
        let stored = agents.list.with_untracked(|list| list.iter().find(|known| known.id == agent.id).cloned());
        match opened.with_value(|opened| reconcile(agent, opened.as_ref(), stored.as_ref())) {
            Saving::Store(agent) => {
                conflict.set(None);
                agents.save(agent);
                on_done.run(());
            }
            asking => conflict.set(Some(asking)),
        }
    };
    let save_anyway = move |_| {
        if let Some(Saving::Conflict { mine, .. }) = conflict.get_untracked() {
            agents.save(mine);
            on_done.run(());
        }
    };
    let conflict_text = move || {
        conflict.with(|conflict| match conflict {
            Some(Saving::Conflict { deleted: true, .. }) => {
                "This agent was changed elsewhere since you opened it: it was deleted. Save yours to keep it, or discard it."
            }
            _ => "This agent was changed elsewhere since you opened it. Save yours over it, or discard yours.",
        })
    };
    let reset = move |_| {
        draft.update(|agent| agent.reset_to_default(now()));
        rounds.set(draft.with_untracked(|agent| agent.round_limit().to_string()));
        rounds_typed.set(false);
        problem.set(None);
    };
    Effect::new(move |_| {
        if let Some(input) = name_input.get() {
            let _ = input.focus();
        }
    });
    view! {
        <form class="agent-editor" aria-labelledby=labelled_by on:submit=save>
            <h3 id=heading_id>{heading}</h3>
            <label class="field">
                <span>"Name"</span>
                <input
                    node_ref=name_input
                    type="text"
                    aria-required="true"
                    aria-describedby=name_error_id.clone()
                    aria-invalid=move || name_error.with(Option::is_some).to_string()
                    prop:value=move || draft.with(|agent| agent.name.clone())
                    on:input=move |ev| draft.update(|agent| agent.name = event_target_value(&ev))
                />
            </label>
            <span class="field-error" id=name_error_id role="alert">
                {move || name_error.get()}
            </span>
            <TextField
                label="Short description"
                value=Signal::derive(move || draft.with(|agent| agent.description.clone()))
                on_input=set(|agent, typed| agent.description = typed)
            />
            <fieldset class="agent-kind">
                <legend>"Type"</legend>
                <label class="check">
                    <input
                        type="radio"
                        name="agent-kind"
                        prop:checked=move || !is_app()
                        on:change=move |_| set_kind(AgentKind::Chat)
                    />
                    "Chat: may call tools"
                </label>
                <label class="check">
                    <input
                        type="radio"
                        name="agent-kind"
                        prop:checked=is_app
                        on:change=move |_| set_kind(AgentKind::App)
                    />
                    "App: gets no tools"
                </label>
            </fieldset>
            <label class="field">
                <span>"Model"</span>
                <select
                    prop:value=model_value
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        draft.update(|agent| agent.model_config_id = Some(id).filter(|id| !id.is_empty()));
                    }
                >
                    <option value="" selected=move || model_value().is_empty()>
                        "Default model"
                    </option>
                    {move || {
                        let id = model_value();
                        let removed = !id.is_empty()
                            && providers.list.with(|list| !list.iter().any(|entry| entry.model.id == id));
                        removed
                            .then(|| {
                                view! {
                                    <option value=id selected=true>
                                        "Removed account (the default model answers)"
                                    </option>
                                }
                            })
                    }}
                    <For
                        each=move || providers.list.get()
                        key=|entry| (entry.model.id.clone(), entry.label())
                        children=move |entry| {
                            let id = entry.model.id.clone();
                            let value = id.clone();
                            view! {
                                <option value=value selected=move || model_value() == id>
                                    {entry.label()}
                                </option>
                            }
                        }
                    />
                </select>
            </label>
            <TextField
                label="System prompt template"
                rows=10
                verbatim=true
                value=Signal::derive(move || draft.with(|agent| agent.system_prompt.clone()))
                on_input=set(|agent, typed| agent.system_prompt = typed)
                hint=template_hint
            />
            <ul class="unknown-placeholders field-error" aria-live="polite">
                {unknown}
            </ul>
            <PromptSections draft />
            <PromptPreview rendered />
            <Show
                when=move || !is_app()
                fallback=|| view! { <p class="hint">"An app agent gets no tools: none are offered to its model."</p> }
            >
                <AgentTools draft />
                <TextField
                    label="Most tool rounds per answer"
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
            <p class="field-error" role="alert">{move || problem.get().map(|problem| problem.to_string())}</p>
            <Show when=move || conflict.with(Option::is_some)>
                <div class="agent-conflict" role="alert">
                    <p>{conflict_text}</p>
                    <div class="form-actions">
                        <button type="button" on:click=save_anyway>"Save mine anyway"</button>
                        <button type="button" on:click=move |_| on_done.run(())>"Discard mine"</button>
                    </div>
                </div>
            </Show>
            <div class="form-actions">
                <button type="submit" class="primary">"Save agent"</button>
                <button type="button" on:click=move |_| on_done.run(())>"Cancel"</button>
                <button type="button" on:click=reset>"Reset to default"</button>
            </div>
        </form>
    }
}
