//! A view asking to run one of its server's tools: the tool, its server and
//! the exact arguments the view sent (what runs is what is shown), with Run,
//! Run and allow for this app, and Don't run.

use hearth_core::format::hidden::shown_plainly;
use leptos::prelude::*;
use serde_json::Value;

use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::state::app_host::{AppHost, CallAnswer};

/// The question, answered by its buttons.
#[component]
pub(super) fn ViewCallAsk(
    /// The view that asks.
    host: AppHost,
    /// The question's key in the view's list.
    key: u32,
    /// The tool's name on the server.
    name: String,
    /// The arguments, exactly as they would be sent.
    arguments: Value,
    /// The server's name.
    server: String,
) -> impl IntoView {
    // What runs is what is shown: characters that read unseen are written out.
    let shown = shown_plainly(&serde_json::to_string_pretty(&arguments).unwrap_or_else(|_| arguments.to_string()));
    let label = tr_with("mcp-app-asks-to-run", &[("tool", Arg::Text(&name)), ("server", Arg::Text(&server))], || {
        format!("The app asks to run {name} on {server}")
    });
    let allow_label = tr_with("mcp-app-run-always", &[("tool", Arg::Text(&name))], || {
        format!("Run, and {name} from this app from now on")
    });
    let answer = move |answer: CallAnswer| host.answer_call(key, answer);
    let question = label.clone();
    view! {
        <section class="tool-approval app-ask" role="group" aria-label=label>
            <p class="approval-question">{question}</p>
            <p class="tool-label">{tr("Arguments")}</p>
            <pre class="tool-json">{shown}</pre>
            <div class="approval-actions">
                <button type="button" class="primary" on:click=move |_| answer(CallAnswer::Once)>
                    {tr("Run")}
                </button>
                <button type="button" on:click=move |_| answer(CallAnswer::ForView)>
                    {allow_label}
                </button>
                <button type="button" on:click=move |_| answer(CallAnswer::Refuse)>
                    {tr("Don't run")}
                </button>
            </div>
        </section>
    }
}
