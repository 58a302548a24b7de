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
//!
//! The parts are in `agent_editor/`: the fields (`AgentNameField`,
//! `AgentKindField`, `AgentModelField`, `AgentToolsSection`), the question
//! of a conflicting Save (`SaveConflict`), and the draft's rules (`draft`).

mod agent_kind_field;
mod agent_knowledge_field;
mod agent_model_field;
mod agent_name_field;
mod agent_reply_options;
mod agent_tools_section;
mod agent_voice_options;
mod draft;
mod option_check;
mod save_conflict;

use std::collections::BTreeSet;

use agent_kind_field::AgentKindField;
use agent_knowledge_field::AgentKnowledgeField;
use agent_model_field::AgentModelField;
use agent_name_field::AgentNameField;
use agent_reply_options::AgentReplyOptions;
use agent_tools_section::AgentToolsSection;
use agent_voice_options::AgentVoiceOptions;
use draft::{DraftProblem, Saving, parse_rounds, problem_of, reconcile};
use hearth_core::agent::AgentRecord;
use hearth_core::agent::template::BUILTIN_PLACEHOLDERS;
use leptos::html::Input;
use leptos::prelude::*;
use save_conflict::SaveConflict;

use crate::agents::prompt_preview::{PromptPreview, render_draft};
use crate::agents::prompt_sections::PromptSections;
use crate::agents::state::{AgentsContext, shown_name};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::clock::now;
use crate::offline::state::updates::{Hold, UpdatesContext};
use crate::ui::next_id;
use crate::ui::text_field::TextField;

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
    let heading = if is_new {
        tr("New agent").to_owned()
    } else {
        let name = shown_name(&agent);
        tr_with("agents-edit-agent", &[("name", Arg::Text(&name))], || format!("Edit {name}"))
    };
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
        Hold::UnsavedChanges(tr("the agent editor")),
        Signal::derive(move || {
            rounds_typed.get() || draft.with(|agent| unchanged.with_value(|unchanged| agent != unchanged))
        }),
    );
    let problem = RwSignal::new(None::<DraftProblem>);
    let name_input = NodeRef::<Input>::new();
    let heading_id = format!("agent-editor-{}", next_id());
    let labelled_by = heading_id.clone();
    let placeholders = BUILTIN_PLACEHOLDERS.map(|name| format!("{{{name}}}")).join(", ");
    // The braces are arguments: a catalogue's text cannot hold them.
    let template_hint = tr_with(
        "agents-template-hint",
        &[("placeholders", Arg::Text(&placeholders)), ("open", Arg::Text("{{")), ("close", Arg::Text("}}"))],
        || format!("Placeholders: {placeholders}, and your sections by name. {{{{ and }}}} are literal braces."),
    );
    let rendered = Memo::new(move |_| render_draft(draft));
    let unknown = move || {
        let mut seen = BTreeSet::new();
        rendered
            .get()
            .unknown
            .into_iter()
            .filter(|placeholder| seen.insert(placeholder.name.clone()))
            .map(|placeholder| {
                let typed = format!("{{{}}}", placeholder.name);
                let text = tr_with("agents-unknown-placeholder", &[("placeholder", Arg::Text(&typed))], || {
                    format!("Unknown placeholder {{{}}} — it is sent as typed", placeholder.name)
                });
                view! { <li>{text}</li> }
            })
            .collect_view()
    };
    let set = move |change: fn(&mut AgentRecord, String)| {
        Callback::new(move |typed: String| draft.update(|agent| change(agent, typed)))
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut agent = draft.get_untracked();
        agent.name = agent.name.trim().to_owned();
        if let Some(found) = rounds.with_untracked(|typed| problem_of(&agent, typed)) {
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
            <AgentNameField draft problem input=name_input />
            <TextField
                label=tr("Short description")
                value=Signal::derive(move || draft.with(|agent| agent.description.clone()))
                on_input=set(|agent, typed| agent.description = typed)
            />
            <AgentKindField draft />
            <AgentModelField draft />
            <TextField
                label=tr("System prompt template")
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
            <AgentToolsSection draft rounds rounds_typed />
            <AgentKnowledgeField draft />
            <AgentReplyOptions draft />
            <AgentVoiceOptions draft />
            <p class="field-error" role="alert">{move || problem.get().map(|problem| problem.to_string())}</p>
            <SaveConflict conflict on_done />
            <div class="form-actions">
                <button type="submit" class="primary">{tr("Save agent")}</button>
                <button type="button" on:click=move |_| on_done.run(())>{tr("Cancel")}</button>
                <button type="button" on:click=reset>{tr("Reset to default")}</button>
            </div>
        </form>
    }
}
