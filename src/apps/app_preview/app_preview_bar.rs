//! The app preview's bar: its heading ("App preview · version 2 of 3") and
//! Reload, Open in a new tab, Download, Allow (or Block) network and Close,
//! with short visible labels (they fit a phone) and names that say it whole;
//! then the note on what the app may reach.

use leptos::prelude::*;

use crate::apps::state::{AppPreviewChoice, AppVersion};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::app_frame::{FrameApp, open_in_new_tab};
use crate::io::files::download;
use hearth_core::storage::app_state::download_name;

use super::stored_app::StoredApp;

/// The bar over the app's frame.
#[component]
pub(crate) fn AppPreviewBar(
    /// The version shown.
    current: Memo<Option<AppVersion>>,
    /// How many versions the conversation has.
    count: Memo<usize>,
    /// The app's state (its storage goes with it to a new tab).
    app: StoredApp,
    /// Bumped by Reload: the frame is made anew.
    reload: RwSignal<u32>,
    /// What went wrong, said under the frame.
    problem: RwSignal<Option<String>>,
    /// Allow network (after asking) or Block network.
    on_toggle_network: Callback<()>,
) -> impl IntoView {
    let choice = AppPreviewChoice::expect();
    let network = app.network;
    let frame_app = move || {
        current.get_untracked().map(|version| FrameApp {
            html: version.html.to_string(),
            storage: app.storage.get_value(),
            network: network.get_untracked(),
            title: tr_with("apps-tab-title", &[("version", Arg::Number(version.number as f64))], || {
                format!("App, version {}", version.number)
            }),
        })
    };
    let open_tab = move |_| {
        if let Some(app) = frame_app()
            && let Err(reason) = open_in_new_tab(&app)
        {
            let reason = reason.to_string();
            problem.set(Some(tr_with("apps-new-tab-failed", &[("reason", Arg::Text(&reason))], || {
                format!("The app could not open in a new tab: {reason}.")
            })));
        }
    };
    let download_app = move |_| {
        if let Some(app) = current.get_untracked()
            && let Err(reason) = download(&download_name(&app.html, app.number), "application/octet-stream", &app.html)
        {
            let reason = reason.to_string();
            problem.set(Some(tr_with("apps-download-failed", &[("reason", Arg::Text(&reason))], || {
                format!("The app could not be downloaded: {reason}.")
            })));
        }
    };
    let heading = move || {
        let number = current.with(|app| app.as_ref().map_or(0, |app| app.number));
        let count = count.get();
        tr_with(
            "apps-preview-heading",
            &[("version", Arg::Number(number as f64)), ("count", Arg::Number(count as f64))],
            || format!("App preview · version {number} of {count}"),
        )
    };
    view! {
        <header class="app-preview-bar">
            <h2 id="app-preview-heading">{heading}</h2>
            <div class="app-preview-actions">
                // Short visible labels (they fit a phone); the names say it whole.
                <button
                    type="button"
                    aria-label=tr("Reload app")
                    title=tr("Reload app")
                    on:click=move |_| reload.update(|n| *n += 1)
                >
                    {tr("Reload")}
                </button>
                <button
                    type="button"
                    aria-label=tr("Open app in a new tab")
                    title=tr("Open app in a new tab")
                    on:click=open_tab
                >
                    {tr("New tab")}
                </button>
                <button
                    type="button"
                    aria-label=tr("Download app")
                    title=tr("Download app as an HTML file")
                    on:click=download_app
                >
                    {tr("Download")}
                </button>
                <button
                    type="button"
                    aria-label=move || network_label(network.get())
                    title=move || network_label(network.get())
                    on:click=move |_| on_toggle_network.run(())
                >
                    {move || if network.get() { tr("Block network") } else { tr("Allow network") }}
                </button>
                <button
                    type="button"
                    aria-label=tr("Close preview")
                    title=tr("Close preview")
                    on:click=move |_| choice.open.set(false)
                >
                    {tr("Close")}
                </button>
            </div>
        </header>
        <p class="note">
            {move || {
                if network.get() {
                    tr("Network allowed for this app.")
                } else {
                    tr("Runs offline in a sandbox: no network, no access to Hearth's data.")
                }
            }}
        </p>
    }
}

/// The name of the network button.
fn network_label(allowed: bool) -> &'static str {
    if allowed { tr("Block network for this app") } else { tr("Allow network for this app") }
}
