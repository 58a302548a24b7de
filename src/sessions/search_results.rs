//! Results of a search over all message text, newest first.

use leptos::prelude::*;

use crate::io::db::SearchOutcome;
use crate::io::timer::sleep;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;

/// How long typing must pause before a search runs.
const DEBOUNCE_MS: i32 = 120;

/// The results of the search box, or a note that none match.
#[component]
pub(crate) fn SearchResults(
    /// The words searched for, as typed; a new search runs once typing pauses.
    #[prop(into)]
    query: Signal<String>,
    /// Whether the sidebar is open on narrow screens: opening a result sets it
    /// to false, so the conversation is seen on phones.
    sidebar_open: RwSignal<bool>,
) -> impl IntoView {
    let sessions = SessionsContext::expect();
    let store = StoreContext::expect();
    let results = LocalResource::new(move || {
        let query = query.get();
        async move {
            sleep(DEBOUNCE_MS).await;
            store.search(&query).await
        }
    });
    view! {
        <Transition fallback=|| view! { <p class="hint">"Searching…"</p> }>
            {move || {
                results
                    .get()
                    .map(|outcome| {
                        if outcome.hits.is_empty() {
                            return view! { <p class="hint" role="status">"No messages match."</p> }.into_any();
                        }
                        let count = describe(&outcome);
                        let hits = outcome.hits;
                        view! {
                            <p class="hint" role="status">{count}</p>
                            <ul class="session-list" aria-label="Search results">
                                {hits
                                    .into_iter()
                                    .map(|hit| {
                                        let session_id = hit.session_id.clone();
                                        view! {
                                            <li class="session">
                                                <button
                                                    type="button"
                                                    class="session-open result"
                                                    on:click=move |_| {
                                                        sessions.open(session_id.clone());
                                                        sidebar_open.set(false);
                                                    }
                                                >
                                                    <span class="result-title">{hit.title}</span>
                                                    <span class="result-snippet">{hit.snippet}</span>
                                                </button>
                                            </li>
                                        }
                                    })
                                    .collect_view()}
                            </ul>
                        }
                            .into_any()
                    })
            }}
        </Transition>
    }
}

/// "1 result", "12 results", "Newest 50 of 812 results", or, when the search read
/// only part of a very common word's messages, "50 of more than 1000 results".
fn describe(outcome: &SearchOutcome) -> String {
    let noun = if outcome.total == 1 { "result" } else { "results" };
    if outcome.capped {
        format!("{} of more than {} {noun}; add a word to narrow it", outcome.hits.len(), outcome.total)
    } else if outcome.hits.len() < outcome.total {
        format!("Newest {} of {} {noun}", outcome.hits.len(), outcome.total)
    } else {
        format!("{} {noun}", outcome.total)
    }
}
