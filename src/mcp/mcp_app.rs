//! An MCP Apps view in a reply's tool widget: the server's interactive page,
//! run in its sandboxed frame (`crate::mcp::state::app_host`), under a line
//! naming the tool and its server, with what it asks of the user (a tool call
//! to allow, a page to open) and what was refused. A view whose resource
//! declared origins it may reach waits for the user's Show, which names them;
//! one that reaches nothing starts at once. Closed, it can be shown again
//! from what the reply stored; when this device does not hold its page, the
//! user may fetch it from its server.

mod view_call_ask;
mod view_link_ask;

use hearth_core::mcp::apps::ToolApp;
use leptos::html::Div;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;

use self::view_call_ask::ViewCallAsk;
use self::view_link_ask::ViewLinkAsk;
use crate::composer::state::ComposerDraft;
use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::state::McpContext;
use crate::mcp::state::app_host::{AppHost, Phase, ViewAsk};
use crate::ui::lazy::{ChunkError, wasm_split};

/// One view.
#[component]
pub(crate) fn McpApp(
    /// The view as the reply stored it.
    app: ToolApp,
    /// The call's arguments, their JSON text as the model sent them (the view
    /// hears them).
    arguments: String,
) -> impl IntoView {
    let mcp = McpContext::expect();
    let draft = ComposerDraft::expect();
    let on_draft = Callback::new(move |text: String| draft.fill(&text));
    let host = AppHost::new(app.clone(), &arguments, mcp, on_draft);
    // Its server's name, once the servers are read (after a reload they are not yet).
    let server_id = app.server_id.clone();
    let server = Memo::new(move |_| {
        mcp.servers.with(|list| list.iter().find(|server| server.id == server_id).map(|server| server.name.clone()))
    });
    spawn_local(mcp.ensure_loaded());
    let container = NodeRef::<Div>::new();
    let start = move || {
        if let Some(element) = container.get_untracked() {
            host.start(element.into());
        }
    };
    // A view that reaches nothing starts as soon as its place is in the page.
    Effect::new(move |started: Option<bool>| {
        let ready = container.get().is_some();
        if ready && started != Some(true) && host.phase.get_untracked() == Phase::Loading {
            start();
            return true;
        }
        started.unwrap_or(false)
    });
    on_cleanup(move || host.leave());
    let tool = app.tool.clone();
    let label = Memo::new(move |_| {
        let server = server_name_or_removed(server);
        tr_with("mcp-app-label", &[("tool", Arg::Text(&tool)), ("server", Arg::Text(&server))], || {
            format!("App of {tool} from {server}")
        })
    });
    let bordered = app.prefers_border != Some(false);
    view! {
        <section class="mcp-app" class:bordered=bordered aria-label=label>
            <div class="mcp-app-head">
                <span class="mcp-app-title">{label}</span>
                <button
                    type="button"
                    class="action"
                    hidden=move || host.phase.get() != Phase::Running
                    on:click=move |_| host.close()
                >
                    {tr("Close app")}
                </button>
            </div>
            {move || match host.phase.get() {
                Phase::Gated => {
                    let origins = host.origins();
                    view! {
                        <div class="mcp-app-gate">
                            <p>
                                {tr_with("mcp-app-reaches", &[("origins", Arg::Text(&origins))], || {
                                    format!("This app may connect to {origins} once shown.")
                                })}
                            </p>
                            <button type="button" class="primary" on:click=move |_| start()>
                                {tr("Show app")}
                            </button>
                        </div>
                    }
                        .into_any()
                }
                Phase::Loading | Phase::Running => ().into_any(),
                Phase::Closed => {
                    view! {
                        <div class="mcp-app-gate">
                            <p>{tr("The app is closed.")}</p>
                            <button type="button" on:click=move |_| start()>
                                {tr("Show app again")}
                            </button>
                        </div>
                    }
                        .into_any()
                }
                Phase::Missing => missing(host, server, container).into_any(),
                Phase::Failed(why) => {
                    view! {
                        <p class="hint error" role="status">
                            {tr_with("mcp-app-failed", &[("why", Arg::Text(&why))], || {
                                format!("The app cannot be shown: {why}")
                            })}
                        </p>
                    }
                        .into_any()
                }
            }}
            <div class="mcp-app-frame-box" node_ref=container></div>
            <div class="mcp-app-asks" aria-live="polite">
            <For
                each=move || host.asks.get()
                key=ViewAsk::key
                children=move |ask| {
                    let server = server_name_or_removed(server);
                    match ask {
                        ViewAsk::Call { key, name, arguments, .. } => {
                            view! { <ViewCallAsk host key name arguments server /> }.into_any()
                        }
                        ViewAsk::Link { key, url, .. } => view! { <ViewLinkAsk host key url /> }.into_any(),
                    }
                }
            />
            </div>
            <div role="status">
                <ul class="mcp-app-notes">
                    {move || host.notes.get().into_iter().map(|note| view! { <li>{note}</li> }).collect_view()}
                </ul>
            </div>
        </section>
    }
}

fn server_name_or_removed(server: Memo<Option<String>>) -> String {
    server.get().unwrap_or_else(|| tr("a server that was removed").to_owned())
}

/// This device does not hold the view's page: fetch it from its server, or
/// say the server is gone.
fn missing(host: AppHost, server: Memo<Option<String>>, container: NodeRef<Div>) -> impl IntoView {
    let fetch = move |_| {
        if let Some(element) = container.get_untracked() {
            host.fetch_again(element.into());
        }
    };
    match server.get() {
        Some(name) => view! {
            <div class="mcp-app-gate">
                <p>{tr("This device does not have the app's page.")}</p>
                <button type="button" on:click=fetch>
                    {tr_with("mcp-app-fetch", &[("server", Arg::Text(&name))], || format!("Fetch it from {name}"))}
                </button>
            </div>
        }
        .into_any(),
        None => view! {
            <p class="hint" role="status">
                {tr("This device does not have the app's page, and its server was removed.")}
            </p>
        }
        .into_any(),
    }
}

/// The view, built by code from the `mcp` chunk (with the MCP client): a
/// conversation without MCP Apps fetches none of it.
#[wasm_split(mcp, fallible)]
pub(crate) fn mcp_app_view(app: Value, arguments: String) -> Result<AnyView, ChunkError> {
    Ok(match ToolApp::from_value(&app) {
        Some(app) => view! { <McpApp app arguments /> }.into_any(),
        // Kept by a later Hearth in a shape this one cannot read.
        None => view! { <p class="hint">{tr("This app was kept by a newer Hearth, which shows it.")}</p> }.into_any(),
    })
}
