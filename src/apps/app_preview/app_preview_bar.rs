//! The app preview's bar: its heading ("App preview · version 2 of 3") and
//! Reload, Open in a new tab, Download, Allow (or Block) network and Close,
//! with short visible labels (they fit a phone) and names that say it whole;
//! then the note on what the app may reach.

use leptos::prelude::*;

use crate::apps::state::{AppPreviewChoice, AppVersion};
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
            title: format!("App, version {}", version.number),
        })
    };
    let open_tab = move |_| {
        if let Some(app) = frame_app()
            && let Err(reason) = open_in_new_tab(&app)
        {
            problem.set(Some(format!("The app could not open in a new tab: {reason}.")));
        }
    };
    let download_app = move |_| {
        if let Some(app) = current.get_untracked()
            && let Err(reason) = download(&download_name(&app.html, app.number), "application/octet-stream", &app.html)
        {
            problem.set(Some(format!("The app could not be downloaded: {reason}.")));
        }
    };
    let heading = move || {
        let number = current.with(|app| app.as_ref().map_or(0, |app| app.number));
        format!("App preview · version {number} of {}", count.get())
    };
    view! {
        <header class="app-preview-bar">
            <h2 id="app-preview-heading">{heading}</h2>
            <div class="app-preview-actions">
                // Short visible labels (they fit a phone); the names say it whole.
                <button
                    type="button"
                    aria-label="Reload app"
                    title="Reload app"
                    on:click=move |_| reload.update(|n| *n += 1)
                >
                    "Reload"
                </button>
                <button type="button" aria-label="Open app in a new tab" title="Open app in a new tab" on:click=open_tab>
                    "New tab"
                </button>
                <button type="button" aria-label="Download app" title="Download app as an HTML file" on:click=download_app>
                    "Download"
                </button>
                <button
                    type="button"
                    aria-label=move || network_label(network.get())
                    title=move || network_label(network.get())
                    on:click=move |_| on_toggle_network.run(())
                >
                    {move || if network.get() { "Block network" } else { "Allow network" }}
                </button>
                <button type="button" aria-label="Close preview" title="Close preview" on:click=move |_| choice.open.set(false)>
                    "Close"
                </button>
            </div>
        </header>
        <p class="note">
            {move || {
                if network.get() {
                    "Network allowed for this app."
                } else {
                    "Runs offline in a sandbox: no network, no access to Hearth's data."
                }
            }}
        </p>
    }
}

/// The name of the network button.
fn network_label(allowed: bool) -> &'static str {
    if allowed { "Block network for this app" } else { "Allow network for this app" }
}
