//! Under the app's frame: what went wrong running it, and the errors the app
//! threw (with the failing line of its document), each with "Send this error
//! to the agent" (off while a reply is being written).

use leptos::prelude::*;

use crate::apps::state::AppVersion;
use crate::chat::state::ChatContext;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::app_frame::AppError;

/// The app's problems and errors.
#[component]
pub(crate) fn AppErrors(
    /// The version shown (for the failing lines).
    current: Memo<Option<AppVersion>>,
    /// What went wrong running or saving the app, if anything.
    problem: RwSignal<Option<String>>,
    /// The errors the app threw (the first few).
    errors: RwSignal<Vec<AppError>>,
    /// Sends an error to the agent.
    on_send: Callback<AppError>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    view! {
        <div class="app-errors">
            {move || problem.get().map(|text| view! { <p class="app-problem">{text}</p> })}
            <Show when=move || errors.with(|errors| !errors.is_empty())>
                <h3>{tr("Errors in the app")}</h3>
                <ul>
                    {move || {
                        errors
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(index, error)| {
                                // Each button is described by its error's text.
                                let id = format!("app-error-{}", index + 1);
                                let text = if error.line > 0 {
                                    tr_with(
                                        "apps-error-on-line",
                                        &[
                                            ("line", Arg::Number(f64::from(error.line))),
                                            ("error", Arg::Text(&error.message)),
                                        ],
                                        || format!("Line {}: {}", error.line, error.message),
                                    )
                                } else {
                                    error.message.clone()
                                };
                                let source = source_line(&current, error.line);
                                view! {
                                    <li>
                                        <code id=id.clone()>{text}</code>
                                        {source
                                            .map(|code| {
                                                view! {
                                                    <span class="app-error-source">
                                                        {tr("In:")}
                                                        " "
                                                        <code>{code}</code>
                                                    </span>
                                                }
                                            })}
                                        <button
                                            type="button"
                                            aria-describedby=id
                                            disabled=move || chat.busy.get()
                                            on:click=move |_| on_send.run(error.clone())
                                        >
                                            {tr("Send this error to the agent")}
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </Show>
        </div>
    }
}

/// The longest source line quoted with an error.
const SOURCE_LIMIT: usize = 200;

/// The text of `line` (from 1) of the shown app's document, trimmed and cut
/// to [`SOURCE_LIMIT`] characters; `None` when unknown or blank.
pub(super) fn source_line(current: &Memo<Option<AppVersion>>, line: u32) -> Option<String> {
    let index = usize::try_from(line).ok()?.checked_sub(1)?;
    current.with_untracked(|app| {
        let text = app.as_ref()?.html.lines().nth(index)?.trim();
        (!text.is_empty()).then(|| text.chars().take(SOURCE_LIMIT).collect())
    })
}
