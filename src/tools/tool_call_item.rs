//! One call in a reply's tool widget (`ToolActivity`): the model's commentary
//! before it, the tool's name, status and duration (and, while it runs, the
//! progress its server reports), its arguments and its
//! result or error (JSON indented for reading) with the images and sounds
//! that came with it, the resources it links to (with Read), and a Copy button.

use hearth_core::storage::ToolCallRecord;
use leptos::prelude::*;

use super::state::ToolsContext;
use super::tool_link_list::ToolLinkList;
use super::tool_media_list::ToolMediaList;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::copy_button::CopyButton;

/// One call: what the model said before it, what it asked, what came back.
#[component]
pub(crate) fn ToolCallItem(
    /// The call: its commentary, tool name, arguments, and result or error
    /// with its duration, which are shown and copied.
    call: ToolCallRecord,
    /// Whether the reply is still streaming: a call without a result is then
    /// running (or waiting), else it was not run.
    live: bool,
    /// Whether the call waits for the user's approval (its status then says
    /// so while `live`).
    waits: bool,
) -> impl IntoView {
    let (status, class) = match &call.result {
        None if live && waits => (tr("Waiting for approval"), "running"),
        None if live => (tr("Running…"), "running"),
        None => (tr("Not run"), "error"),
        Some(result) if result.is_error => (tr("Error"), "error"),
        Some(_) => (tr("Done"), "done"),
    };
    let duration = call.result.as_ref().and_then(|r| r.duration_ms).map(format_duration);
    // What a running call reported of its progress (an MCP server's).
    let running = call.result.is_none() && live && !waits;
    let progress = running.then(|| {
        let tools = ToolsContext::expect();
        let id = call.id.clone();
        let name = call.name.clone();
        move || {
            tools.progress.with(|list| list.iter().find(|(call, _)| *call == id).map(|(_, report)| report.clone())).map(
                |report| {
                    let label =
                        tr_with("tools-call-progress", &[("tool", Arg::Text(&name))], || format!("Progress of {name}"));
                    let words = report.words();
                    view! {
                        <div class="tool-progress">
                            <progress
                                aria-label=label
                                value=report.total.map(|_| report.done)
                                max=report.total
                                aria-valuetext=words.clone()
                            ></progress>
                            <span>{words}</span>
                        </div>
                    }
                },
            )
        }
    });
    let arguments = pretty(&call.arguments_raw);
    let outcome = call.result.as_ref().map(|result| {
        let heading = if result.is_error { tr("Error") } else { tr("Result") };
        (result.is_error, heading, pretty(&result.content))
    });
    let media = call.result.as_ref().map(|result| result.media.clone()).filter(|media| !media.is_empty());
    let links = call.result.as_ref().map(|result| result.links.clone()).filter(|links| !links.is_empty());
    let copy_text = {
        let mut text = format!("{}\n{}", call.name, arguments);
        if let Some((_, heading, body)) = &outcome {
            text.push_str(&format!("\n\n{heading}:\n{body}"));
        }
        text
    };
    let copy_label =
        tr_with("tools-call-copy", &[("tool", Arg::Text(&call.name))], || format!("Copy {} call", call.name));
    view! {
        <li class="tool-call">
            {(!call.commentary.is_empty())
                .then(|| view! { <p class="tool-commentary">{call.commentary.clone()}</p> })}
            <div class="tool-call-head">
                <span class="tool-name">{call.name.clone()}</span>
                <span class=format!("tool-status {class}")>{status}</span>
                {duration.map(|d| view! { <span class="tool-duration">{d}</span> })}
            </div>
            {progress}
            <p class="tool-label">{tr("Arguments")}</p>
            <pre class="tool-json">{arguments}</pre>
            {outcome
                .map(|(is_error, heading, body)| {
                    view! {
                        <p class="tool-label">{heading}</p>
                        <pre class="tool-json" class:error=is_error>{body}</pre>
                    }
                })}
            {media.map(|media| view! { <ToolMediaList media tool=call.name.clone() /> })}
            {links.map(|links| view! { <ToolLinkList links /> })}
            <div class="tool-call-actions">
                <CopyButton text=move || copy_text.clone() label=copy_label />
            </div>
        </li>
    }
}

/// JSON text indented for reading; anything else as it is.
fn pretty(text: &str) -> String {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .filter(|value| value.is_object() || value.is_array())
        .and_then(|value| serde_json::to_string_pretty(&value).ok())
        .unwrap_or_else(|| text.to_owned())
}

fn format_duration(ms: u64) -> String {
    if ms < 1000 {
        tr_with("tools-call-duration-ms", &[("ms", Arg::Number(ms as f64))], || format!("{ms} ms"))
    } else {
        // To a tenth of a second, as the English shows it.
        let seconds = (ms as f64 / 100.0).round() / 10.0;
        tr_with("tools-call-duration-seconds", &[("seconds", Arg::Number(seconds))], || {
            format!("{:.1} s", ms as f64 / 1000.0)
        })
    }
}
