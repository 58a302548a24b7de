//! Results of a search over all message text, newest first. A result opens
//! its conversation at the message; one in a branch the conversation does not
//! show says "In another branch" (once that is known: the results come first)
//! and opens that branch. In the `search`
//! chunk, loaded when the first search is typed.

use std::collections::HashMap;

use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::chat::state::branching::{reveal, reveal_stored};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::db::{Cut, SearchHit, SearchOutcome};
use crate::io::frame::next_frame_within;
use crate::io::timer::sleep;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;
use crate::ui::lazy::{ChunkError, wasm_split};

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
    let chat = ChatContext::expect();
    // Opens the hit's conversation at its message, showing its branch
    // (`other_branch`: whether it is in another, if known).
    let open_hit = move |hit: SearchHit, other_branch: Option<bool>| {
        let current = sessions.current.get_untracked().as_deref() == Some(hit.session_id.as_str());
        if current {
            // Refused only while a reply streams here: the view stays as it is.
            let _ = reveal(chat, &hit.message_id);
            return;
        }
        leptos::task::spawn_local(async move {
            // Not known yet: revealing reads the conversation and changes nothing
            // when the message is shown already.
            if other_branch != Some(false) {
                reveal_stored(chat, &hit.session_id, &hit.message_id).await;
            }
            sessions.open(hit.session_id);
            chat.scroll_to.set(Some(hit.message_id));
        });
    };
    let results = LocalResource::new(move || {
        let query = query.get();
        async move {
            sleep(DEBOUNCE_MS).await;
            // This view is in the search chunk: its code is here.
            store.search(&query).await.unwrap_or_default()
        }
    });
    // The results are shown as soon as they are found; which are in another
    // branch follows once their conversations' trees are read, each hit's
    // mark by its message's id (the list is not made again).
    let tags: RwSignal<HashMap<String, bool>> = RwSignal::new(HashMap::new());
    Effect::new(move |_| {
        let Some(outcome) = results.get() else { return };
        if outcome.hits.iter().any(|hit| hit.other_branch.is_none()) {
            leptos::task::spawn_local(async move {
                // After the frame that shows the results is painted: reading a long
                // conversation's tree takes the main thread for a while.
                next_frame_within(100).await;
                sleep(0).await;
                let Ok(tagged) = store.tag_branches(outcome).await else { return };
                // An earlier search's tags, done after a later search's results, are
                // dropped, and so are all once the results are gone (the search box
                // emptied): their signals are then disposed of, and reading one would panic.
                if results.try_get_untracked().flatten().is_some_and(|now| same_hits(&now, &tagged)) {
                    let known = tagged.hits.iter().filter_map(|hit| Some((hit.message_id.clone(), hit.other_branch?)));
                    let _ = tags.try_set(known.collect());
                }
            });
        }
    });
    view! {
        <Transition fallback=|| view! { <p class="hint">{tr("Searching…")}</p> }>
            {move || {
                results
                    .get()
                    .map(|outcome| {
                        // A search cut at its budget found nothing in the most recent
                        // conversations: older ones may still match, so it says so.
                        if outcome.hits.is_empty() && outcome.cut != Some(Cut::Budget) {
                            return view! { <p class="hint" role="status">{tr("No messages match.")}</p> }.into_any();
                        }
                        let count = describe(&outcome);
                        let hits = outcome.hits;
                        view! {
                            <p class="hint" role="status">{count}</p>
                            <ul class="session-list" aria-label=tr("Search results")>
                                {hits
                                    .into_iter()
                                    .map(|hit| {
                                        let known = hit.other_branch;
                                        let id = hit.message_id.clone();
                                        let other_branch = move || known.or_else(|| tags.with(|tags| tags.get(&id).copied()));
                                        let clicked = other_branch.clone();
                                        let title = hit.title.clone();
                                        let snippet = hit.snippet.clone();
                                        view! {
                                            <li class="session">
                                                <button
                                                    type="button"
                                                    class="session-open result"
                                                    on:click=move |_| {
                                                        open_hit(hit.clone(), untrack(&clicked));
                                                        sidebar_open.set(false);
                                                    }
                                                >
                                                    <span class="result-title">{title}</span>
                                                    {move || {
                                                        (other_branch() == Some(true))
                                                            .then(|| {
                                                                view! { <span class="result-branch">{tr("In another branch")}</span> }
                                                            })
                                                    }}
                                                    <span class="result-snippet">{snippet}</span>
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

/// "1 result", "12 results", "Newest 50 of 812 results", or, when the search of a
/// very common word stopped early, "Newest 50 of many results" (it had the
/// newest) or "3 found in the most recent conversations" (it read as much as
/// a search may).
fn describe(outcome: &SearchOutcome) -> String {
    let noun = if outcome.total == 1 { "result" } else { "results" };
    let args = [("shown", Arg::Number(outcome.hits.len() as f64)), ("total", Arg::Number(outcome.total as f64))];
    match outcome.cut {
        Some(Cut::Newest) => tr_with("sessions-search-count-many", &args[..1], || {
            format!("Newest {} of many results; add a word to narrow it", outcome.hits.len())
        }),
        Some(Cut::Budget) => tr_with("sessions-search-count-recent", &args[..1], || {
            format!("{} found in the most recent conversations; add a word to narrow it", outcome.hits.len())
        }),
        None if outcome.hits.len() < outcome.total => tr_with("sessions-search-count-newest", &args, || {
            format!("Newest {} of {} {noun}", outcome.hits.len(), outcome.total)
        }),
        None => tr_with("sessions-search-count", &args[1..], || format!("{} {noun}", outcome.total)),
    }
}

/// Whether `a` and `b` list the same messages (one of them tagged).
fn same_hits(a: &SearchOutcome, b: &SearchOutcome) -> bool {
    a.hits.len() == b.hits.len() && a.hits.iter().zip(&b.hits).all(|(a, b)| a.message_id == b.message_id)
}

/// The results of `query` (see [`SearchResults`]), from the `search` chunk.
#[wasm_split(search, fallible)]
pub(crate) fn search_results_view(
    query: RwSignal<String>,
    sidebar_open: RwSignal<bool>,
) -> Result<AnyView, ChunkError> {
    Ok(view! { <SearchResults query sidebar_open /> }.into_any())
}
