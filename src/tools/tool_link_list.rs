//! The resources a call's result links to (an MCP tool's `resource_link`s),
//! under the call: each with Read, which reads it from its server and attaches
//! its text to the next message (as the composer's "Prompts and resources"
//! does), saying how that went.

use hearth_core::message::ToolLink;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::ChatContext;
use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::state::McpContext;

/// The list.
#[component]
pub(crate) fn ToolLinkList(
    /// The links, in the result's order.
    links: Vec<ToolLink>,
) -> impl IntoView {
    let mcp = McpContext::expect();
    let attachments = ChatContext::expect().attachments;
    let said = RwSignal::new(String::new());
    let items = links
        .into_iter()
        .map(|link| {
            let label =
                tr_with("tools-link-read", &[("name", Arg::Text(&link.name))], || format!("Read {}", link.name));
            let read = move |_| {
                let link = link.clone();
                said.set(tr_with("tools-link-reading", &[("uri", Arg::Text(&link.uri))], || {
                    format!("Reading {}…", link.uri)
                }));
                spawn_local(async move {
                    let outcome = match mcp.read_resource(&link.server_id, &link.uri).await {
                        Ok(read) => match attachments.attach_text(link.uri.clone(), read.text) {
                            Ok(()) => tr_with("tools-link-attached", &[("uri", Arg::Text(&link.uri))], || {
                                format!("{} is attached to your next message.", link.uri)
                            }),
                            Err(refused) => refused.to_string(),
                        },
                        Err(failure) => {
                            let error = failure.shown();
                            tr_with(
                                "tools-link-unreadable",
                                &[("uri", Arg::Text(&link.uri)), ("error", Arg::Text(&error))],
                                || format!("{} could not be read: {error}", link.uri),
                            )
                        }
                    };
                    let _ = said.try_set(outcome);
                });
            };
            view! {
                <li>
                    <button
                        type="button"
                        class="action"
                        title=tr("Read it from its server and attach its text to your next message")
                        on:click=read
                    >
                        {label}
                    </button>
                </li>
            }
        })
        .collect::<Vec<_>>();
    view! {
        <p class="tool-label">{tr("Resources it links to")}</p>
        <ul class="tool-links">{items}</ul>
        <p class="hint" role="status">{move || said.get()}</p>
    }
}
