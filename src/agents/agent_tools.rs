//! The agent editor's tools: which built-in and user tools the draft agent may
//! call, each with its "Ask before running" switch. A user tool that came in
//! with an import cannot be turned on until it is allowed in the Tools dialog.

use hearth_core::agent::AgentRecord;
use hearth_core::tools::Builtin;
use leptos::prelude::*;

use crate::agents::agent_mcp_tools::AgentMcpTools;
use crate::i18n::{Arg, tr, tr_with};
use crate::tools::ask_before_running::AskBeforeRunning;
use crate::tools::state::ToolsContext;

/// Turns the tool `name` on or off in `draft`.
fn set_enabled(draft: RwSignal<AgentRecord>, name: &str, on: bool) {
    draft.update(|agent| {
        agent.tools.retain(|tool| tool != name);
        if on {
            agent.tools.push(name.to_owned());
        }
    });
}

/// The tool choices of the agent being edited.
#[component]
pub(crate) fn AgentTools(
    /// The agent being edited (a draft): the boxes show and change its tools
    /// and its "ask before running" choices.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let tools = ToolsContext::expect();
    let is_enabled = move |name: &str| draft.with(|agent| agent.tools.iter().any(|tool| tool == name));
    let builtin_list = Builtin::ALL
        .into_iter()
        .map(|builtin| {
            let name = builtin.name();
            let ask_label =
                tr_with("agents-ask-before-running-tool", &[("tool", Arg::Text(tr(builtin.label())))], || {
                    format!("Ask before running {}", builtin.label())
                });
            view! {
                <li>
                    <label class="check">
                        <input
                            type="checkbox"
                            prop:checked=move || is_enabled(name)
                            on:change=move |ev| set_enabled(draft, name, event_target_checked(&ev))
                        />
                        {tr(builtin.label())}
                    </label>
                    <AskBeforeRunning
                        draft
                        name=name.to_owned()
                        label=ask_label
                    />
                    <p class="hint">{builtin.description()}</p>
                </li>
            }
        })
        .collect_view();
    view! {
        <fieldset>
            <legend>{tr("Built-in tools")}</legend>
            <ul class="tool-options">{builtin_list}</ul>
        </fieldset>
        <fieldset>
            <legend>{tr("Your tools")}</legend>
            <Show
                when=move || tools.user_tools.with(|list| !list.is_empty())
                fallback=|| view! { <p class="hint">{tr("None yet: you make them in the Tools dialog.")}</p> }
            >
                <ul class="tool-options">
                    <For
                        each=move || tools.user_tools.get()
                        key=|tool| (tool.id.clone(), tool.name.clone(), tool.needs_review)
                        children=move |tool| {
                            let name = tool.name.trim().to_owned();
                            let shown = if name.is_empty() { tr("(unnamed)").to_owned() } else { name.clone() };
                            let blocked = name.is_empty() || tool.needs_review;
                            let checked = name.clone();
                            let ask_name = name.clone();
                            let named = !name.is_empty();
                            let ask_label = tr_with("agents-ask-before-running-tool", &[("tool", Arg::Text(&ask_name))], || {
                                format!("Ask before running {ask_name}")
                            });
                            view! {
                                <li class="user-tool">
                                    <label class="check">
                                        <input
                                            type="checkbox"
                                            disabled=blocked
                                            prop:checked=move || is_enabled(&checked) && !blocked
                                            on:change=move |ev| set_enabled(draft, &name, event_target_checked(&ev))
                                        />
                                        {shown}
                                    </label>
                                    <Show when=move || named>
                                        <AskBeforeRunning
                                            draft
                                            name=ask_name.clone()
                                            label=ask_label.clone()
                                        />
                                    </Show>
                                    {tool
                                        .needs_review
                                        .then(|| {
                                            view! {
                                                <p class="hint review-note">
                                                    {tr("Imported: allow it in the Tools dialog after reviewing its code before an agent may call it.")}
                                                </p>
                                            }
                                        })}
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
        </fieldset>
        <AgentMcpTools draft />
    }
}
