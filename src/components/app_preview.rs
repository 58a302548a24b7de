//! The app preview: the newest app of the open conversation (or the version
//! the user picked with a reply's "Show app version N"), running in the
//! sandboxed frame of `io::app_frame`, with Reload, Open in a new tab,
//! Download, Allow network and Close, and under it the errors the app threw,
//! each with "Send this error to the agent".
//!
//! Beside the conversation on wide screens, below it on narrow ones (see
//! `.workspace` in `style/main.css`). The frame is made anew only when the
//! app's document, its network permission or the conversation changes, or on
//! Reload: a streaming reply changes the document only when an app code block
//! is complete (`AssistantView::app`). The app's `localStorage` and network
//! permission are the conversation's `AppState`, stored as a setting through
//! the store.

use std::collections::BTreeMap;
use std::sync::Arc;

use hearth_core::storage::app_state::{AppState, download_name};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::{ChatContext, EntryKind};
use crate::io::app_frame::{AppError, AppFrame, FrameApp, FrameEvent, open_in_new_tab};
use crate::io::dialogs::confirm;
use crate::io::files::download;
use crate::sessions::SessionsContext;
use crate::store::StoreContext;

/// What the preview shows, shared with each reply's version button: provided
/// by `App`.
#[derive(Clone, Copy)]
pub(crate) struct AppPreviewChoice {
    /// The reply whose app the user picked; `None` (or a reply no longer shown)
    /// means the newest app.
    pub(crate) chosen: RwSignal<Option<String>>,
    /// Whether the preview is open (Close preview hides it; a version button or
    /// "Show app preview" opens it again).
    pub(crate) open: RwSignal<bool>,
}

impl AppPreviewChoice {
    /// A choice of the newest app, open.
    pub(crate) fn new() -> Self {
        Self { chosen: RwSignal::new(None), open: RwSignal::new(true) }
    }

    /// The choice `App` provided.
    pub(crate) fn expect() -> Self {
        expect_context::<Self>()
    }
}

/// One app of the conversation: the reply that holds it and its document.
#[derive(Clone, PartialEq)]
pub(crate) struct AppVersion {
    /// The reply's id.
    pub(crate) id: String,
    /// Its number among the conversation's apps, from 1.
    pub(crate) number: usize,
    /// The app's HTML document.
    pub(crate) html: Arc<str>,
}

/// The apps of the conversation's shown replies, oldest first (tracked).
pub(crate) fn app_versions(chat: ChatContext) -> Vec<AppVersion> {
    let shown = chat.shown.get();
    chat.entries.with(|entries| {
        let apps = entries.iter().zip(shown.iter().chain(std::iter::repeat(&true))).filter(|(_, shown)| **shown);
        let apps = apps.filter_map(|(entry, _)| match &entry.kind {
            EntryKind::Assistant(view) => view.app.get().map(|html| (entry.id.clone(), html)),
            _ => None,
        });
        apps.enumerate().map(|(index, (id, html))| AppVersion { id, number: index + 1, html }).collect()
    })
}

/// The most errors listed under the preview.
const MAX_ERRORS: usize = 5;

/// The preview panel. It renders nothing while the conversation has no app.
#[component]
pub(crate) fn AppPreview() -> impl IntoView {
    let chat = ChatContext::expect();
    let sessions = SessionsContext::expect();
    let store = StoreContext::expect();
    let choice = AppPreviewChoice::expect();

    let versions = Memo::new(move |_| app_versions(chat));
    let count = Memo::new(move |_| versions.with(Vec::len));
    // The version shown: the chosen one while it is shown, else the newest.
    let current = Memo::new(move |_| {
        versions.with(|versions| {
            let chosen = choice.chosen.get();
            chosen.and_then(|id| versions.iter().find(|version| version.id == id)).or_else(|| versions.last()).cloned()
        })
    });
    let has_app = move || current.with(Option::is_some);

    // The conversation's stored app state, loaded when it opens; `loaded`
    // names the session it belongs to, so no frame runs with another's data.
    let loaded = RwSignal::new(None::<String>);
    let network = RwSignal::new(false);
    let storage = StoredValue::new(BTreeMap::<String, String>::new());
    let errors = RwSignal::new(Vec::<AppError>::new());
    let problem = RwSignal::new(None::<String>);
    let reload = RwSignal::new(0u32);
    Effect::new(move |_| {
        let session = sessions.current.get();
        loaded.set(None);
        let Some(session) = session else { return };
        spawn_local(async move {
            let state = match store.setting(&AppState::setting_key(&session)).await {
                Ok(value) => AppState::from_setting(value),
                Err(error) => {
                    store.report(error);
                    AppState::default()
                }
            };
            if sessions.current.get_untracked().as_deref() == Some(session.as_str()) {
                network.set(state.network_allowed);
                storage.set_value(state.items);
                loaded.set(Some(session));
            }
        });
    });
    let state_of = move || AppState { network_allowed: network.get_untracked(), items: storage.get_value() };
    let save = move |session: &str| store.put(state_of().to_setting(session));

    let container = NodeRef::<leptos::html::Div>::new();
    let running = StoredValue::new_local(None::<AppFrame>);
    Effect::new(move |_| {
        let _ = reload.get();
        let app = current.get();
        let session = loaded.get();
        let allowed = network.get();
        let open = choice.open.get();
        let element = container.get();
        running.set_value(None);
        errors.set(Vec::new());
        problem.set(None);
        let (Some(app), Some(session), Some(element), true) = (app, session, element, open) else { return };
        let frame_app = FrameApp {
            html: app.html.to_string(),
            storage: storage.get_value(),
            network: allowed,
            title: format!("App preview, version {}", app.number),
        };
        let on_event = move |event: FrameEvent| match event {
            FrameEvent::Storage(items) => {
                // Only the frame of the conversation still open may write.
                if loaded.get_untracked().as_deref() != Some(session.as_str()) {
                    return;
                }
                let mut state = state_of();
                match state.replace_storage(items) {
                    Ok(()) => {
                        storage.set_value(state.items);
                        save(&session);
                    }
                    Err(error) => problem.set(Some(error.to_string())),
                }
            }
            FrameEvent::Error(error) => errors.update(|errors| {
                if errors.len() < MAX_ERRORS && !errors.contains(&error) {
                    errors.push(error);
                }
            }),
            FrameEvent::Refused(reason) => problem.set(Some(format!("The app did not run: {reason}."))),
        };
        match AppFrame::mount(&element, &frame_app, on_event) {
            Ok(frame) => running.set_value(Some(frame)),
            Err(reason) => problem.set(Some(format!("The app cannot run: {reason}."))),
        }
    });
    on_cleanup(move || running.set_value(None));

    let frame_app = move || {
        current.get_untracked().map(|app| FrameApp {
            html: app.html.to_string(),
            storage: storage.get_value(),
            network: network.get_untracked(),
            title: format!("App, version {}", app.number),
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
            && let Err(reason) = download(&download_name(&app.html, app.number), "text/html", &app.html)
        {
            problem.set(Some(format!("The app could not be downloaded: {reason}.")));
        }
    };
    let toggle_network = move |_| {
        let Some(session) = loaded.get_untracked() else { return };
        if network.get_untracked() {
            network.set(false);
        } else if confirm(
            "Allow this app to use the network? It can then load files from the internet and send what you type in \
             it to any server. Hearth's data and keys stay out of its reach. This applies to every version of the \
             app in this conversation.",
        ) {
            network.set(true);
        } else {
            return;
        }
        save(&session);
    };
    let owner = Owner::current();
    let send_error = Callback::new(move |error: AppError| {
        let number = current.with_untracked(|app| app.as_ref().map_or(0, |app| app.number));
        let place = if error.line > 0 { format!(" on line {}", error.line) } else { String::new() };
        let quoted: Vec<String> = error.message.lines().map(|line| format!("> {line}")).collect();
        let text =
            format!("The app (version {number}) reported an error{place}:\n\n{}\n\nPlease fix it.", quoted.join("\n"));
        // The reply's signals must outlive this error's row, which the next
        // version's frame clears: they are made under the panel's owner.
        let sent = match &owner {
            Some(owner) => owner.with(|| chat.send(text)),
            None => chat.send(text),
        };
        if !sent {
            problem.set(Some("The error was not sent: wait until the reply has finished.".to_owned()));
        }
    });

    let heading = move || {
        let number = current.with(|app| app.as_ref().map_or(0, |app| app.number));
        format!("App preview · version {number} of {}", count.get())
    };
    view! {
        <Show when=has_app>
            <Show
                when=move || choice.open.get()
                fallback=move || {
                    view! {
                        <div class="app-preview-closed">
                            <button type="button" on:click=move |_| choice.open.set(true)>
                                "Show app preview"
                            </button>
                        </div>
                    }
                }
            >
                <aside class="app-preview" aria-labelledby="app-preview-heading">
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
                                on:click=toggle_network
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
                    <div class="app-frame-holder" node_ref=container></div>
                    <div class="app-errors" role="status" aria-live="polite">
                        {move || problem.get().map(|text| view! { <p class="app-problem">{text}</p> })}
                        <Show when=move || errors.with(|errors| !errors.is_empty())>
                            <h3>"Errors in the app"</h3>
                            <ul>
                                {move || {
                                    errors
                                        .get()
                                        .into_iter()
                                        .map(|error| {
                                            let line = if error.line > 0 {
                                                format!("Line {}: ", error.line)
                                            } else {
                                                String::new()
                                            };
                                            let text = format!("{line}{}", error.message);
                                            view! {
                                                <li>
                                                    <code>{text}</code>
                                                    <button
                                                        type="button"
                                                        disabled=move || chat.busy.get()
                                                        on:click=move |_| send_error.run(error.clone())
                                                    >
                                                        "Send this error to the agent"
                                                    </button>
                                                </li>
                                            }
                                        })
                                        .collect_view()
                                }}
                            </ul>
                        </Show>
                    </div>
                </aside>
            </Show>
        </Show>
    }
}

/// The name of the network button.
fn network_label(allowed: bool) -> &'static str {
    if allowed { "Block network for this app" } else { "Allow network for this app" }
}
