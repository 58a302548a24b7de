//! The agent editor's own prompt sections: each a name (the template's `{name}`
//! placeholder, checked with `hearth_core::agent::section_name_problem` as it is
//! typed) and the text it is filled with; sections are added, renamed and
//! removed in the draft.

use hearth_core::agent::{AgentRecord, PromptSection, section_name_problem};
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::ui::text_field::TextField;

/// What is wrong with the name of section `index` of `agent`, in words.
pub(crate) fn name_problem(agent: &AgentRecord, index: usize) -> Option<String> {
    let name = &agent.sections.get(index)?.name;
    let others: Vec<&str> = agent
        .sections
        .iter()
        .enumerate()
        .filter(|(at, _)| *at != index)
        .map(|(_, section)| section.name.as_str())
        .collect();
    section_name_problem(name, &others).map(|problem| {
        let mut text = problem.to_string();
        if let Some(first) = text.get(..1) {
            text.replace_range(..1, &first.to_uppercase());
        }
        format!("{text}.")
    })
}

/// The sections of the agent being edited.
#[component]
pub(crate) fn PromptSections(
    /// The agent being edited (a draft): its sections are shown and changed.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let count = move || draft.with(|agent| agent.sections.len());
    let add = move |_| {
        draft.update(|agent| {
            let taken = |name: &str| agent.sections.iter().any(|section| section.name == name);
            let name = (1..).map(|n| format!("section_{n}")).find(|name| !taken(name)).unwrap_or_default();
            agent.sections.push(PromptSection { name, text: String::new() });
        });
    };
    // The example placeholder and tags are arguments: a catalogue's text cannot hold braces.
    let hint = tr_with(
        "agents-sections-hint",
        &[("placeholder", Arg::Text("{name}")), ("tags", Arg::Text("<name>…</name>"))],
        || {
            "Each section fills the placeholder of its name: write {name} in the template where its text goes. Wrapped in <name>…</name>, a section left empty is dropped with its tags."
                .to_owned()
        },
    );
    view! {
        <fieldset class="prompt-sections">
            <legend>{tr("Your sections")}</legend>
            <p class="hint">{hint}</p>
            <For
                each=move || 0..count()
                key=|index| *index
                children=move |index| {
                    let field = move |read: fn(&PromptSection) -> String| {
                        move || draft.with(|agent| agent.sections.get(index).map(read).unwrap_or_default())
                    };
                    let name = field(|section| section.name.clone());
                    let text = field(|section| section.text.clone());
                    let shown = move || match name() {
                        typed if typed.is_empty() => tr("(unnamed)").to_owned(),
                        typed => typed,
                    };
                    let problem = Signal::derive(move || draft.with(|agent| name_problem(agent, index)));
                    let edit = move |change: fn(&mut PromptSection, String)| {
                        Callback::new(move |typed: String| {
                            draft.update(|agent| {
                                if let Some(section) = agent.sections.get_mut(index) {
                                    change(section, typed);
                                }
                            });
                        })
                    };
                    let remove = move |_| {
                        draft.update(|agent| {
                            if index < agent.sections.len() {
                                agent.sections.remove(index);
                            }
                        });
                    };
                    view! {
                        <fieldset class="prompt-section">
                            <legend>
                                {move || {
                                    let shown = shown();
                                    tr_with("agents-section-legend", &[("name", Arg::Text(&shown))], || format!("Section {shown}"))
                                }}
                            </legend>
                            <TextField
                                label=tr("Section name")
                                verbatim=true
                                value=Signal::derive(name)
                                error=problem
                                on_input=edit(|section, typed| section.name = typed.trim().to_owned())
                            />
                            <TextField
                                label=tr("Section text")
                                rows=3
                                value=Signal::derive(text)
                                on_input=edit(|section, typed| section.text = typed)
                            />
                            <button
                                type="button"
                                class="danger"
                                aria-label=move || {
                                    let shown = shown();
                                    tr_with("agents-remove-section-named", &[("name", Arg::Text(&shown))], || {
                                        format!("Remove section {shown}")
                                    })
                                }
                                on:click=remove
                            >
                                {tr("Remove section")}
                            </button>
                        </fieldset>
                    }
                }
            />
            <button type="button" on:click=add>
                {tr("Add section")}
            </button>
        </fieldset>
    }
}
