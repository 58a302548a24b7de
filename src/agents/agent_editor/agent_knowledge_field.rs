//! The knowledge bases an agent draws on (a box per base) and how many
//! tokens of passages go with each question. The bases are read from the
//! worker when the editor opens (the `knowledge` chunk, fetched then).

use hearth_core::agent::AgentRecord;
use hearth_core::knowledge::context::DEFAULT_BUDGET_TOKENS;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::knowledge::state::KnowledgeContext;
use crate::knowledge::state::code::knowledge_code;
use crate::ui::text_field::TextField;

/// The knowledge section of the agent editor.
#[component]
pub(crate) fn AgentKnowledgeField(
    /// The draft edited.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let context = KnowledgeContext::expect();
    let knowledge = context.state();
    spawn_local(async move {
        if let Ok(code) = knowledge_code().await {
            (code.connect)(context).await;
        }
    });
    let budget =
        RwSignal::new(draft.with_untracked(|agent| agent.knowledge_budget.map(|n| n.to_string()).unwrap_or_default()));
    let budget_error = Signal::derive(move || {
        budget.with(|typed| !typed.trim().is_empty() && parse_budget(typed).is_none()).then(|| {
            tr("Enter a whole number of tokens from 200 to 32000, or leave it empty for the default.").to_owned()
        })
    });
    let boxes = move || {
        knowledge
            .bases
            .get()
            .into_iter()
            .map(|base| {
                let id = StoredValue::new(base.id.clone());
                let checked = move || draft.with(|agent| agent.knowledge.contains(&id.get_value()));
                let toggle = move |ev: leptos::ev::Event| {
                    let on = event_target_checked(&ev);
                    draft.update(|agent| {
                        agent.knowledge.retain(|chosen| *chosen != id.get_value());
                        if on {
                            agent.knowledge.push(id.get_value());
                        }
                    });
                };
                view! {
                    <label class="check">
                        <input type="checkbox" prop:checked=checked on:change=toggle />
                        <span>{base.name}</span>
                    </label>
                }
            })
            .collect_view()
    };
    view! {
        <fieldset class="agent-knowledge">
            <legend>{tr("Knowledge bases")}</legend>
            <Show
                when=move || !knowledge.bases.with(Vec::is_empty)
                fallback=|| view! { <p class="hint">{tr("No knowledge base yet: make one in Knowledge.")}</p> }
            >
                {boxes}
                <TextField
                    label=tr("Tokens of passages with each question")
                    kind="number"
                    min=200
                    max=32000
                    value=budget
                    placeholder=DEFAULT_BUDGET_TOKENS.to_string()
                    error=budget_error
                    on_input=Callback::new(move |typed: String| {
                        budget.set(typed.clone());
                        // Empty: the default. A number out of range changes nothing and says so.
                        if typed.trim().is_empty() {
                            draft.update(|agent| agent.knowledge_budget = None);
                        } else if let Some(tokens) = parse_budget(&typed) {
                            draft.update(|agent| agent.knowledge_budget = Some(tokens));
                        }
                    })
                />
            </Show>
        </fieldset>
    }
}

/// A budget typed: a whole number of tokens from 200 to 32,000.
fn parse_budget(typed: &str) -> Option<u32> {
    typed.trim().parse::<u32>().ok().filter(|tokens| (200..=32_000).contains(tokens))
}
