//! One MCP server in the Tools dialog: its name and address, what it said
//! when last reached (or, from the connection doctor, why it could not be and
//! what to change), its tools as last listed, and
//! Check (connect again and list its tools), Sign in (when it asks for it) or
//! Sign out (once signed in), Unlock (while its secrets are sealed with the
//! key lock, locked here), a switch that offers its tools or not, and Remove.
//! The tool list is `ServerTools` (in `mcp_server_row/`).

mod server_tools;

use hearth_core::tools::McpServer;
use leptos::prelude::*;
use leptos::task::spawn_local;
use server_tools::ServerTools;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::sign_in_window::SignInWindow;
use crate::mcp::doctor_advice::DoctorAdvice;
use crate::mcp::state::client::McpFailure;
use crate::mcp::state::{McpContext, ServerStatus, SignInFailure};

/// The row of the server `id`.
#[component]
pub(crate) fn McpServerRow(
    /// The server's id; the row shows it as stored now (and nothing once it
    /// is removed).
    id: String,
) -> impl IntoView {
    let mcp = McpContext::expect();
    let id = StoredValue::new(id);
    let server = Memo::new(move |_| {
        id.with_value(|id| mcp.servers.with(|list| list.iter().find(|server| server.id == *id).cloned()))
    });
    let status = Memo::new(move |_| id.with_value(|id| mcp.status.with(|map| map.get(id).cloned())));
    let name = move || server.with(|server| server.as_ref().map(|s| s.name.clone()).unwrap_or_default());
    let locked = move || server.with(|s| s.as_ref().is_some_and(McpServer::secrets_locked));
    let status_text = move || shown_status(status.get(), locked(), mcp.lock_open());
    let failed = move || match status.get() {
        Some(ServerStatus::Diagnosed(diagnosis)) => !diagnosis.works,
        Some(ServerStatus::Failed(_) | ServerStatus::SignInFailed(_)) => true,
        _ => locked(),
    };
    let wants_sign_in = move || id.with_value(|id| mcp.wanted.with(|map| map.contains_key(id)));
    let signed_in = move || server.with(|s| s.as_ref().is_some_and(|s| s.sign_in.is_some()));
    let busy = move || matches!(status.get(), Some(ServerStatus::Checking | ServerStatus::SigningIn));
    let sign_in = move |_| {
        // The window opens now, while the click counts; the rest may take a while.
        match SignInWindow::open() {
            Ok(window) => {
                let id = id.get_value();
                spawn_local(async move { mcp.sign_in(&id, window).await });
            }
            Err(error) => id.with_value(|id| {
                mcp.status.update(|map| {
                    map.insert(id.clone(), ServerStatus::SignInFailed(SignInFailure::Window(error)));
                });
            }),
        }
    };
    let sign_out = move |_| {
        let id = id.get_value();
        spawn_local(async move { mcp.sign_out(&id).await });
    };
    let check = move |_| {
        let id = id.get_value();
        spawn_local(async move { mcp.check(&id).await });
    };
    let remove = move |_| id.with_value(|id| mcp.remove(id));
    let toggle = move |ev| {
        let on = event_target_checked(&ev);
        if let Some(server) = server.get_untracked() {
            // Off, it keeps no connection (nor an HTTP+SSE stream) open.
            if !on {
                mcp.disconnect(&server.id);
            }
            mcp.save(McpServer { enabled: on, ..server });
        }
    };
    view! {
        <li class="mcp-server">
            <div class="mcp-server-head">
                <span class="user-tool-name">{name}</span>
                <span class="hint mcp-server-url">{move || server.with(|s| s.as_ref().map(|s| s.url.clone()))}</span>
            </div>
            <p class="hint" class:failed=failed role="status">
                {status_text}
            </p>
            {move || match status.get() {
                Some(ServerStatus::Diagnosed(diagnosis)) if !diagnosis.works => {
                    Some(view! { <DoctorAdvice diagnosis name=name() /> })
                }
                _ => None,
            }}
            <ServerTools server />
            <label class="check">
                <input
                    type="checkbox"
                    aria-label=move || {
                        let name = name();
                        tr_with("mcp-offer-tools-of", &[("server", Arg::Text(&name))], || {
                            format!("Offer the tools of {name}")
                        })
                    }
                    prop:checked=move || server.with(|s| s.as_ref().is_some_and(|s| s.enabled))
                    on:change=toggle
                />
                {tr("Offer its tools")}
            </label>
            <div class="approval-actions">
                <Show when=move || locked() && !mcp.lock_open()>
                    <button
                        type="button"
                        class="action"
                        aria-label=move || {
                            let name = name();
                            tr_with("mcp-unlock-to-use", &[("server", Arg::Text(&name))], || {
                                format!("Unlock to use {name}")
                            })
                        }
                        on:click=move |_| mcp.ask_to_unlock()
                    >
                        {tr("Unlock")}
                    </button>
                </Show>
                <button
                    type="button"
                    class="action"
                    aria-label=move || {
                        let name = name();
                        tr_with("mcp-check-server", &[("server", Arg::Text(&name))], || format!("Check {name}"))
                    }
                    disabled=busy
                    on:click=check
                >
                    {tr("Check")}
                </button>
                <Show when=move || wants_sign_in() || matches!(status.get(), Some(ServerStatus::SignInFailed(_)))>
                    <button
                        type="button"
                        class="action"
                        aria-label=move || sign_in_label(signed_in(), &name())
                        disabled=busy
                        on:click=sign_in
                    >
                        {move || if signed_in() { tr("Sign in again") } else { tr("Sign in") }}
                    </button>
                </Show>
                <Show when=signed_in>
                    <button
                        type="button"
                        class="action"
                        aria-label=move || {
                            let name = name();
                            tr_with("mcp-sign-out-of", &[("server", Arg::Text(&name))], || {
                                format!("Sign out of {name}")
                            })
                        }
                        disabled=busy
                        on:click=sign_out
                    >
                        {tr("Sign out")}
                    </button>
                </Show>
                <button
                    type="button"
                    class="action"
                    aria-label=move || {
                        let name = name();
                        tr_with("mcp-remove-server", &[("server", Arg::Text(&name))], || format!("Remove {name}"))
                    }
                    on:click=remove
                >
                    {tr("Remove")}
                </button>
            </div>
        </li>
    }
}

/// What the row says of the server's state (`locked`: its secrets are sealed;
/// `lock_open`: the key lock is open here).
fn shown_status(status: Option<ServerStatus>, locked: bool, lock_open: bool) -> String {
    match status {
        // Unlocked here, yet they did not open: sealed with another key.
        _ if locked && lock_open => sealed_elsewhere(),
        _ if locked => McpFailure::Locked.shown(),
        None => tr("Not reached since the page loaded. Check connects to it.").to_owned(),
        Some(ServerStatus::Checking) => tr("Connecting…").to_owned(),
        Some(ServerStatus::Diagnosed(diagnosis)) => diagnosis.summary,
        Some(ServerStatus::Failed(failure)) => {
            let failure = failure.shown();
            tr_with("mcp-status-failed", &[("error", Arg::Text(&failure))], || format!("Failed: {failure}"))
        }
        Some(ServerStatus::SigningIn) => tr("Signing in: finish in the window that opened.").to_owned(),
        Some(ServerStatus::SignInFailed(failure)) => failure.to_string(),
    }
}

/// The Sign in button's name for the server `name`.
fn sign_in_label(signed_in: bool, name: &str) -> String {
    if signed_in {
        tr_with("mcp-sign-in-again-to", &[("server", Arg::Text(name))], || format!("Sign in again to {name}"))
    } else {
        tr_with("mcp-sign-in-to", &[("server", Arg::Text(name))], || format!("Sign in to {name}"))
    }
}

/// The status of a server whose sealed secrets do not open with the key lock
/// open here.
fn sealed_elsewhere() -> String {
    tr("Its sealed header values and sign-in do not open with this passphrase. Remove the server and add it again.")
        .to_owned()
}
