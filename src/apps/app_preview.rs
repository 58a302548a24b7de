//! The app preview: the newest app of the open conversation (or the version
//! the user picked with a reply's "Show app version N"; both kept in
//! `apps::state::AppPreviewChoice`), running in the sandboxed frame of
//! `io::app_frame`, with Reload, Open in a new tab, Download, Allow network
//! and Close, and under it the errors the app threw, each with "Send this
//! error to the agent".
//!
//! Beside the conversation on wide screens, below it on narrow ones (see
//! `.workspace` in `style/main.css`). The frame is made anew only when the
//! app's document, its network permission or the conversation changes, or on
//! Reload: a streaming reply changes the document only when an app code block
//! is complete (`AssistantView::app`). The app's `localStorage` and network
//! permission are the conversation's `AppState`, stored as a setting through
//! the store.

use std::collections::BTreeMap;

use hearth_core::storage::SettingRecord;
use hearth_core::storage::app_state::{AppState, download_name};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::apps::state::{AppPreviewChoice, AppVersion};
use crate::chat::state::ChatContext;
use crate::io::app_frame::{AppError, AppFrame, FrameApp, FrameEvent, open_in_new_tab};
use crate::io::dialogs::confirm;
use crate::io::files::download;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;
use crate::ui::lazy::{ChunkError, wasm_split};

/// The most errors listed under the preview.
const MAX_ERRORS: usize = 5;

/// The preview panel. It renders nothing while the conversation has no app.
#[component]
pub(crate) fn AppPreview() -> impl IntoView {
    let chat = ChatContext::expect();
    let sessions = SessionsContext::expect();
    let store = StoreContext::expect();
    let choice = AppPreviewChoice::expect();

    let count = Memo::new(move |_| choice.versions.with(Vec::len));
    let current = choice.current;
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
    // "Clear conversation" deletes the app's stored state with the messages
    // (`Db::clear_session_messages`): the panel forgets it too, so a new app
    // in the emptied conversation starts with no data and no network.
    let empty = Memo::new(move |_| chat.entries.with(Vec::is_empty));
    Effect::new(move |previous: Option<(Option<String>, bool)>| {
        let now = (sessions.current.get(), empty.get());
        if previous.is_some_and(|(session, was_empty)| session == now.0 && !was_empty) && now.1 {
            network.set(false);
            storage.set_value(BTreeMap::new());
        }
        now
    });
    let state_of = move || AppState { network_allowed: network.get_untracked(), items: storage.get_value() };
    // An app may change its storage many times a second: one write is in
    // flight at a time and only the newest state waits behind it (no timer,
    // and the last state is always written).
    let writing = StoredValue::new(false);
    let waiting = StoredValue::new(None::<SettingRecord>);
    let save = move |session: &str| {
        let record = state_of().to_setting(session);
        if writing.get_value() {
            waiting.set_value(Some(record));
            return;
        }
        let Some(db) = store.db() else { return };
        writing.set_value(true);
        spawn_local(async move {
            let mut next = Some(record);
            while let Some(record) = next {
                if let Err(error) = db.put(&record).await {
                    store.report(error);
                }
                next = waiting.try_update_value(Option::take).flatten();
            }
            writing.try_set_value(false);
        });
    };

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
            // The app reloaded or navigated its frame: a new frame, with the
            // items stored now (not those of the first mount).
            FrameEvent::Restarted => reload.update(|n| *n += 1),
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
            && let Err(reason) = download(&download_name(&app.html, app.number), "application/octet-stream", &app.html)
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
        // The line counts in the whole document Hearth ran (a fragment is
        // wrapped, css and js blocks are added), so its text is quoted too.
        let source = source_line(&current, error.line)
            .map(|code| format!("\n\nThe failing line is:\n\n```\n{code}\n```"))
            .unwrap_or_default();
        let text = format!(
            "The app (version {number}) reported an error{place}:\n\n{}{source}\n\nPlease fix it.",
            quoted.join("\n")
        );
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

    // What the live region says: the last problem, else the newest error.
    let announcement = move || {
        problem.get().or_else(|| {
            errors.with(|errors| errors.last().map(|error| format!("The app reported an error: {}", error.message)))
        })
    };
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
                    // New problems and errors are announced here, apart from
                    // the list and its buttons.
                    <p class="visually-hidden" role="status" aria-live="polite">
                        {announcement}
                    </p>
                    <div class="app-errors">
                        {move || problem.get().map(|text| view! { <p class="app-problem">{text}</p> })}
                        <Show when=move || errors.with(|errors| !errors.is_empty())>
                            <h3>"Errors in the app"</h3>
                            <ul>
                                {move || {
                                    errors
                                        .get()
                                        .into_iter()
                                        .enumerate()
                                        .map(|(index, error)| {
                                            // Each button is described by its error's text.
                                            let id = format!("app-error-{}", index + 1);
                                            let line = if error.line > 0 {
                                                format!("Line {}: ", error.line)
                                            } else {
                                                String::new()
                                            };
                                            let text = format!("{line}{}", error.message);
                                            let source = source_line(&current, error.line);
                                            view! {
                                                <li>
                                                    <code id=id.clone()>{text}</code>
                                                    {source
                                                        .map(|code| {
                                                            view! {
                                                                <span class="app-error-source">
                                                                    "In: " <code>{code}</code>
                                                                </span>
                                                            }
                                                        })}
                                                    <button
                                                        type="button"
                                                        aria-describedby=id
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

/// The longest source line quoted with an error.
const SOURCE_LIMIT: usize = 200;

/// The text of `line` (from 1) of the shown app's document, trimmed and cut
/// to [`SOURCE_LIMIT`] characters; `None` when unknown or blank.
fn source_line(current: &Memo<Option<AppVersion>>, line: u32) -> Option<String> {
    let index = usize::try_from(line).ok()?.checked_sub(1)?;
    current.with_untracked(|app| {
        let text = app.as_ref()?.html.lines().nth(index)?.trim();
        (!text.is_empty()).then(|| text.chars().take(SOURCE_LIMIT).collect())
    })
}

/// The name of the network button.
fn network_label(allowed: bool) -> &'static str {
    if allowed { "Block network for this app" } else { "Allow network for this app" }
}

/// The preview, built by code from the `app_preview` chunk, loaded when a
/// conversation first has an app (`LazyOnce` in `crate::app`), or ahead, by
/// `preload_app_preview`, once an app agent's conversation is open.
#[wasm_split(app_preview, fallible, preload(
    /// Loads the `app_preview` chunk without building anything.
    preload_app_preview
))]
pub(crate) fn app_preview_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <AppPreview /> }.into_any())
}
