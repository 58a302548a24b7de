//! Check server's findings: one line per step (reaching the server, CORS for
//! this page's origin, HTTPS, the CouchDB version, the credentials, the
//! database and who may use it), each saying what works or what to change.

use hearth_core::replication::check::{Finding, Level};
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::chunks::ChunkError;

/// The findings list.
#[component]
pub(crate) fn SyncCheck(
    /// The last check's findings (`Err`: the check's code did not load), `None`
    /// before any check.
    findings: RwSignal<Option<Result<Vec<Finding>, ChunkError>>>,
    /// Whether a check is running.
    checking: RwSignal<bool>,
) -> impl IntoView {
    let line = |finding: Finding| {
        let (mark, class) = match finding.level {
            Level::Ok => (tr("Works:"), "finding ok"),
            Level::Warning => (tr("Warning:"), "finding warning"),
            Level::Problem => (tr("Problem:"), "finding problem"),
        };
        view! { <li class=class><strong>{mark}" "</strong>{finding.text}</li> }
    };
    view! {
        <div class="sync-check" aria-live="polite">
            <Show when=move || checking.get()>
                <p>{tr("Checking the server…")}</p>
            </Show>
            {move || {
                findings
                    .get()
                    .map(|found| match found {
                        Ok(found) => {
                            view! {
                                <ul aria-label=tr("Server check")>{found.into_iter().map(line).collect_view()}</ul>
                            }
                                .into_any()
                        }
                        Err(error) => {
                            let text = tr_with("sync-check-code-not-loaded", &[("error", Arg::Text(&error.to_string()))], || {
                                format!("The check's code did not load ({error}).")
                            });
                            view! { <p>{text}</p> }.into_any()
                        }
                    })
            }}
        </div>
    }
}
