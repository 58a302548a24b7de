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
//!
//! Inside: `StoredApp` (the app's state, loaded and written), `AppPreviewBar`
//! and `AppErrors`.

mod app_errors;
mod app_preview_bar;
mod stored_app;

use app_errors::{AppErrors, source_line};
use app_preview_bar::AppPreviewBar;
use leptos::prelude::*;
use stored_app::StoredApp;

use crate::apps::state::{AppPreviewChoice, AppVersion};
use crate::chat::state::ChatContext;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::app_frame::{AppError, AppFrame, FrameApp, FrameEvent};
use crate::io::dialogs::confirm;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;
use crate::ui::lazy::{ChunkError, wasm_split};

/// The most errors listed under the preview.
const MAX_ERRORS: usize = 5;

/// The preview panel. It renders nothing while the conversation has no app.
#[component]
pub(crate) fn AppPreview() -> impl IntoView {
    let chat = ChatContext::expect();
    let choice = AppPreviewChoice::expect();
    let count = Memo::new(move |_| choice.versions.with(Vec::len));
    let current = choice.current;
    let has_app = move || current.with(Option::is_some);
    let app = StoredApp::follow(chat, SessionsContext::expect(), StoreContext::expect());
    let errors = RwSignal::new(Vec::<AppError>::new());
    let problem = RwSignal::new(None::<String>);
    let reload = RwSignal::new(0u32);
    let container = NodeRef::<leptos::html::Div>::new();
    run_frame(Frame { app, current, container, reload, errors, problem });
    let network = app.network;
    let toggle_network = Callback::new(move |()| {
        let Some(session) = app.loaded.get_untracked() else { return };
        if network.get_untracked() {
            network.set(false);
        } else if confirm(tr(
            "Allow this app to use the network? It can then load files from the internet and send what you type in it to any server. Hearth's data and keys stay out of its reach. This applies to every version of the app in this conversation.",
        )) {
            network.set(true);
        } else {
            return;
        }
        app.save(&session);
    });
    let owner = Owner::current();
    let send_error = Callback::new(move |error: AppError| {
        let text = error_message(&current, &error);
        // The reply's signals must outlive this error's row, which the next
        // version's frame clears: they are made under the panel's owner.
        let sent = match &owner {
            Some(owner) => owner.with(|| chat.send(text)),
            None => chat.send(text),
        };
        if !sent {
            problem.set(Some(tr("The error was not sent: wait until the reply has finished.").to_owned()));
        }
    });

    // What the live region says: the last problem, else the newest error.
    let announcement = move || {
        problem.get().or_else(|| {
            errors.with(|errors| {
                errors.last().map(|error| {
                    tr_with("apps-error-reported", &[("error", Arg::Text(&error.message))], || {
                        format!("The app reported an error: {}", error.message)
                    })
                })
            })
        })
    };
    view! {
        <Show when=has_app>
            <Show
                when=move || choice.open.get()
                fallback=move || {
                    view! {
                        <div class="app-preview-closed">
                            <button type="button" on:click=move |_| choice.open.set(true)>
                                {tr("Show app preview")}
                            </button>
                        </div>
                    }
                }
            >
                <aside class="app-preview" aria-labelledby="app-preview-heading">
                    <AppPreviewBar current count app reload problem on_toggle_network=toggle_network />
                    <div class="app-frame-holder" node_ref=container></div>
                    // New problems and errors are announced here, apart from
                    // the list and its buttons.
                    <p class="visually-hidden" role="status" aria-live="polite">
                        {announcement}
                    </p>
                    <AppErrors current problem errors on_send=send_error />
                </aside>
            </Show>
        </Show>
    }
}

/// What the app's frame runs with, and what it reports to.
#[derive(Clone, Copy)]
struct Frame {
    /// The app's state.
    app: StoredApp,
    /// The version shown.
    current: Memo<Option<AppVersion>>,
    /// The element the frame goes into.
    container: NodeRef<leptos::html::Div>,
    /// Bumped to make the frame anew (Reload, or the app restarted itself).
    reload: RwSignal<u32>,
    /// The errors the app threw.
    errors: RwSignal<Vec<AppError>>,
    /// What went wrong.
    problem: RwSignal<Option<String>>,
}

/// Runs the shown version in a new frame whenever the app's document, its
/// network permission or the conversation changes, the panel opens, or
/// `reload` is bumped; the frame goes with the panel.
fn run_frame(Frame { app, current, container, reload, errors, problem }: Frame) {
    let choice = AppPreviewChoice::expect();
    let StoredApp { loaded, network, storage, .. } = app;
    let running = StoredValue::new_local(None::<AppFrame>);
    Effect::new(move |_| {
        let _ = reload.get();
        let version = current.get();
        let session = loaded.get();
        let allowed = network.get();
        let open = choice.open.get();
        let element = container.get();
        running.set_value(None);
        errors.set(Vec::new());
        problem.set(None);
        let (Some(version), Some(session), Some(element), true) = (version, session, element, open) else { return };
        let frame_app = FrameApp {
            html: version.html.to_string(),
            storage: storage.get_value(),
            network: allowed,
            title: tr_with("apps-frame-title", &[("version", Arg::Number(version.number as f64))], || {
                format!("App preview, version {}", version.number)
            }),
        };
        let on_event = move |event: FrameEvent| match event {
            FrameEvent::Storage(items) => {
                // Only the frame of the conversation still open may write.
                if loaded.get_untracked().as_deref() != Some(session.as_str()) {
                    return;
                }
                let mut state = app.state();
                match state.replace_storage(items) {
                    Ok(()) => {
                        storage.set_value(state.items);
                        app.save(&session);
                    }
                    Err(error) => problem.set(Some(error.to_string())),
                }
            }
            FrameEvent::Error(error) => errors.update(|errors| {
                if errors.len() < MAX_ERRORS && !errors.contains(&error) {
                    errors.push(error);
                }
            }),
            FrameEvent::Refused(reason) => {
                problem.set(Some(tr_with("apps-did-not-run", &[("reason", Arg::Text(&reason))], || {
                    format!("The app did not run: {reason}.")
                })))
            }
            // The app reloaded or navigated its frame: a new frame, with the
            // items stored now (not those of the first mount).
            FrameEvent::Restarted => reload.update(|n| *n += 1),
        };
        match AppFrame::mount(&element, &frame_app, on_event) {
            Ok(frame) => running.set_value(Some(frame)),
            Err(reason) => {
                let reason = reason.to_string();
                problem.set(Some(tr_with("apps-cannot-run", &[("reason", Arg::Text(&reason))], || {
                    format!("The app cannot run: {reason}.")
                })));
            }
        }
    });
    on_cleanup(move || running.set_value(None));
}

/// The message that sends the app's `error` to the agent: the version, the
/// line, the error quoted and the failing line's text.
fn error_message(current: &Memo<Option<AppVersion>>, error: &AppError) -> String {
    let number = current.with_untracked(|app| app.as_ref().map_or(0, |app| app.number));
    let place = if error.line > 0 { format!(" on line {}", error.line) } else { String::new() };
    let quoted: Vec<String> = error.message.lines().map(|line| format!("> {line}")).collect();
    // The line counts in the whole document Hearth ran (a fragment is
    // wrapped, css and js blocks are added), so its text is quoted too.
    let source = source_line(current, error.line)
        .map(|code| format!("\n\nThe failing line is:\n\n```\n{code}\n```"))
        .unwrap_or_default();
    format!("The app (version {number}) reported an error{place}:\n\n{}{source}\n\nPlease fix it.", quoted.join("\n"))
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
