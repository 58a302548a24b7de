//! "A new version of Hearth is ready — Reload": the prompt for a waiting
//! version, and "Hearth was updated in another tab" for a tab that still runs
//! the old one. It never reloads by itself. After Reload it says what the
//! reload waits for (a streaming reply, here or in another tab, a message not
//! sent, an editor's unsaved changes), offers to discard unsaved input or to
//! cancel, and reloads once nothing holds it (see `offline::state::updates`).
//!
//! One view whose text and buttons follow the state (shown or `hidden`),
//! rather than a view per state: each view costs the bundle its own code.

use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::offline::state::updates::{Hold, UpdateState, UpdatesContext};

/// What the prompt says while a reload waits for `hold`.
fn waiting_text(hold: &Hold) -> String {
    match hold {
        Hold::ReplyStreaming => tr("Reloading after the reply finishes…").to_owned(),
        Hold::ReplyStreamingElsewhere => tr("Reloading after the reply in another tab finishes…").to_owned(),
        Hold::UnsavedMessage => {
            tr("Your message is not sent yet: send or clear it and Hearth reloads, or discard it and reload now.")
                .to_owned()
        }
        Hold::UnsavedChanges(editor) => {
            tr_with("offline-reload-waits-for-editor", &[("editor", Arg::Text(editor))], || {
                format!(
                    "There are unsaved changes in {editor}: save or cancel them and Hearth reloads, or discard them and reload now."
                )
            })
        }
    }
}

/// What the prompt shows: its text, and which buttons.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Shown {
    /// The text; nothing is shown without one.
    text: Option<String>,
    /// Reload and Later.
    offer_reload: bool,
    /// Discard and reload.
    offer_discard: bool,
    /// Cancel reload.
    offer_cancel: bool,
}

/// The prompt, at the bottom of the page while there is something to say.
#[component]
pub(crate) fn UpdatePrompt() -> impl IntoView {
    let updates = UpdatesContext::expect();
    // "Later" on the notice of another tab's update hides it.
    let notice_hidden = RwSignal::new(false);
    // Worked out again by each part that shows it: cheap, and no memo (each
    // signal type costs the bundle its own code).
    let shown = move || {
        let state = updates.state.get();
        if updates.pending.get() {
            return match updates.hold() {
                Some(hold) => Shown {
                    text: Some(waiting_text(&hold)),
                    offer_discard: hold.is_unsaved_input(),
                    offer_cancel: true,
                    ..Shown::default()
                },
                None => Shown::default(),
            };
        }
        let text = match state {
            UpdateState::Current | UpdateState::Later => return Shown::default(),
            UpdateState::UpdatedElsewhere if notice_hidden.get() => return Shown::default(),
            UpdateState::Reloading => return Shown { text: Some(tr("Reloading…").to_owned()), ..Shown::default() },
            UpdateState::Ready => tr("A new version of Hearth is ready."),
            UpdateState::UpdatedElsewhere => tr("Hearth was updated in another tab."),
        };
        Shown { text: Some(text.to_owned()), offer_reload: true, ..Shown::default() }
    };
    let later = move |_| {
        if updates.state.get_untracked() == UpdateState::UpdatedElsewhere {
            notice_hidden.set(true);
        }
        updates.later();
    };
    view! {
        // Always in the page, so screen readers announce what appears in it.
        <div class="update-region" role="status" aria-live="polite" aria-label=tr("Hearth updates")>
            <div class="update-prompt" hidden=move || shown().text.is_none()>
                <p>{move || shown().text}</p>
                <button
                    type="button"
                    class="primary"
                    hidden=move || !shown().offer_reload
                    on:click=move |_| updates.reload()
                >
                    {tr("Reload to use the new version")}
                </button>
                <button
                    type="button"
                    hidden=move || !shown().offer_discard
                    on:click=move |_| updates.reload_discarding_input()
                >
                    {tr("Discard and reload")}
                </button>
                <button
                    type="button"
                    hidden=move || !shown().offer_cancel
                    on:click=move |_| updates.cancel()
                >
                    {tr("Cancel reload")}
                </button>
                <button type="button" hidden=move || !shown().offer_reload on:click=later>
                    {tr("Later")}
                </button>
            </div>
        </div>
    }
}
