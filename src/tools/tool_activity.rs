//! The one tool widget of an assistant turn: "Thinking…" before any call, a
//! spinner with the running tool's name ("Waiting for your approval" while a call
//! waits, which is then shown open with Allow and Deny), then "Used N tools". It expands in place
//! to list every call with its commentary, arguments, result or error, duration
//! and a Copy button; collapsed by default, and the list is put into the page
//! only while it is open. Under it, a hint when the model called a tool that
//! exists but is switched off for the reply's agent, with a button that switches
//! it on for that agent (one tool at a time: the first such call's). An MCP
//! server's question during a call (`ToolAsk`) is shown beside the approvals,
//! and so is the interactive view an MCP App tool shows (`McpApp`).

use hearth_core::agent::AgentKind;
use hearth_core::storage::ToolCallRecord;
use hearth_core::tools::switchable;
use leptos::prelude::*;

use crate::ui::lazy::{ChunkError, Lazy, wasm_split};

use crate::chat::state::{AssistantView, ReplyStatus};
use crate::i18n::{Arg, tr, tr_with};
use crate::tools::state::ToolsContext;
use crate::tools::state::ask::asked_during;
use crate::tools::state::pending_ask::PendingAsk;
use crate::tools::tool_app_views::ToolAppViews;
use crate::tools::tool_approval::ToolApproval;
use crate::tools::tool_ask::tool_ask_view;
use crate::tools::tool_call_item::ToolCallItem;
use crate::ui::disclosure::Disclosure;

/// The tool widget of one reply.
#[component]
pub(crate) fn ToolActivity(
    /// The reply whose tool calls are shown; its status says whether they
    /// may still be running.
    reply: AssistantView,
    /// The id the reply is stored under: the calls of its turn that wait for
    /// the user's approval are shown in the widget.
    message_id: String,
) -> impl IntoView {
    let tools = ToolsContext::expect();
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    let message_id = StoredValue::new(message_id);
    // Only this tab's turn has approvals, and only while it streams.
    let waiting = Memo::new(move |_| {
        if !streaming() {
            return Vec::new();
        }
        message_id.with_value(|id| {
            tools.approvals.with(|list| list.iter().filter(|p| p.message_id == *id).cloned().collect::<Vec<_>>())
        })
    });
    let asked = asked_during(reply.calls, streaming);

    let agent = reply.record.with_value(|record| record.agent.clone());
    let agent_id = StoredValue::new(agent.as_ref().map(|agent| agent.id.clone()));
    let agent_name = StoredValue::new(agent.map(|agent| agent.name).unwrap_or_default());
    // The first failed call whose tool exists but is switched off for the
    // reply's agent (tracked: the calls, the agent's and the user's tools),
    // as (name, label); never for an app agent.
    let switched_off = Memo::new(move |_| {
        let id = agent_id.get_value()?;
        let enabled = tools.agents.list.with(|list| {
            let agent = list.iter().find(|agent| agent.id == id)?;
            (agent.kind == AgentKind::Chat).then(|| agent.tools.clone())
        })?;
        let failed = |call: &&ToolCallRecord| call.result.as_ref().is_some_and(|result| result.is_error);
        reply.calls.with(|calls| {
            tools.user_tools.with(|user_tools| {
                calls.iter().filter(failed).find_map(|call| {
                    switchable(&call.name, &enabled, user_tools).map(|label| (call.name.clone(), label))
                })
            })
        })
    });
    // The label of the tool switched on here, once the user did.
    let switched_on = RwSignal::new(String::new());
    let hint = Memo::new(move |_| match switched_off.get() {
        Some((name, _)) => agent_name.with_value(|agent| {
            tr_with("tools-switched-off", &[("tool", Arg::Text(&name)), ("agent", Arg::Text(agent))], || {
                format!("The model called {name}, which is switched off for {agent}, so it did not run.")
            })
        }),
        None if switched_on.with(String::is_empty) => String::new(),
        None => agent_name.with_value(|agent| {
            let tool = switched_on.get();
            tr_with("tools-switched-on", &[("tool", Arg::Text(&tool)), ("agent", Arg::Text(agent))], || {
                format!("{tool} is on for {agent} now. Regenerate the reply or send again to use it.")
            })
        }),
    });
    let switch_on = move |_| {
        let (Some((name, label)), Some(id)) = (switched_off.get_untracked(), agent_id.get_value()) else { return };
        tools.agents.update(&id, |agent| {
            if !agent.tools.contains(&name) {
                agent.tools.push(name);
            }
        });
        switched_on.set(label);
    };
    let label = move || {
        let waits = (waiting.with(|w| !w.is_empty()), asked.with(|a| !a.is_empty()));
        reply.calls.with(|calls| widget_label(calls, streaming(), waits))
    };
    view! {
        <div class="tool-activity" class:live=streaming>
            <Disclosure
                toggle=move || {
                    view! {
                        <span class="spinner" aria-hidden="true" hidden=move || !streaming()></span>
                        <span aria-live="polite">{label}</span>
                    }
                }
                toggle_class="tool-toggle"
                aside=move || {
                    view! {
                        <For
                            each=move || waiting.get()
                            key=|pending| (pending.round, pending.call_id.clone())
                            children=|pending| view! { <ToolApproval pending /> }
                        />
                        <ToolAppViews calls=reply.calls />
                        <For
                            each=move || asked.get()
                            key=PendingAsk::key
                            children=|pending| view! { <Lazy load=move || tool_ask_view(pending.clone()) /> }
                        />
                        <div class="tool-hint" aria-live="polite">
                            <div class="tool-hint-body" hidden=move || hint.with(String::is_empty)>
                                <p>{hint}</p>
                                <button
                                    type="button"
                                    on:click=switch_on
                                    hidden=move || switched_off.with(Option::is_none)
                                >
                                    {move || {
                                        switched_off
                                            .with(|off| {
                                                off.as_ref()
                                                    .map(|(_, label)| {
                                                        tr_with("tools-switch-on", &[("tool", Arg::Text(label))], || {
                                                            format!("Switch on {label} for this agent")
                                                        })
                                                    })
                                                    .unwrap_or_default()
                                            })
                                    }}
                                </button>
                            </div>
                        </div>
                    }
                }
                region_label=tr("Tool calls")
                region_class="tool-list"
            >
                <Show
                    when=move || reply.calls.with(|calls| !calls.is_empty())
                    fallback=|| view! { <p class="hint">{tr("No tool used yet.")}</p> }
                >
                    <ol class="tool-calls">
                        {move || {
                            let live = streaming();
                            let asking = waiting.get();
                            reply
                                .calls
                                .get()
                                .into_iter()
                                .map(|call| {
                                    let waits = asking.iter().any(|p| p.round == call.round && p.call_id == call.id);
                                    view! { <ToolCallItem call live waits /> }
                                })
                                .collect_view()
                        }}
                    </ol>
                </Show>
            </Disclosure>
        </div>
    }
}

/// The widget, built by code from the `reply` chunk (with the send path and
/// the renderer), which the app fetches when a stored reply is shown or the
/// message box has text: a conversation's
/// tool calls cost the first load nothing.
#[wasm_split(reply, fallible)]
pub(crate) fn tool_activity_view(reply: AssistantView, message_id: String) -> Result<AnyView, ChunkError> {
    Ok(view! { <ToolActivity reply message_id /> }.into_any())
}

/// What the widget's toggle says: what the turn waits on or runs while it
/// streams (`waits`: for an approval, for an answer), else how many tools it used.
fn widget_label(calls: &[ToolCallRecord], streaming: bool, waits: (bool, bool)) -> String {
    let running = calls.iter().find(|c| c.result.is_none()).map(|c| c.name.clone());
    match (streaming, running) {
        (true, Some(_)) if waits.0 => tr("Waiting for your approval").to_owned(),
        (true, Some(_)) if waits.1 => tr("Waiting for your answer").to_owned(),
        (true, Some(name)) => tr_with("tools-running", &[("tool", Arg::Text(&name))], || format!("Running {name}…")),
        (true, None) => tr("Thinking…").to_owned(),
        (false, _) => {
            let n = calls.len();
            tr_with("tools-used", &[("n", Arg::Number(n as f64))], || match n {
                1 => "Used 1 tool".to_owned(),
                n => format!("Used {n} tools"),
            })
        }
    }
}
