//! "A new version of Hearth is ready — Reload": the prompt for a waiting
//! version, and "Hearth was updated in another tab" for a tab that still runs
//! the old one. It never reloads by itself. After Reload it says what the
//! reload waits for (a streaming reply, a message not sent, an editor's
//! unsaved changes), offers to discard unsaved input or to cancel, and
//! reloads once nothing holds it (see `updates`).

use leptos::prelude::*;

use crate::updates::{Hold, UpdateState, UpdatesContext};

/// What the prompt says while a reload waits for `hold`.
fn waiting_text(hold: &Hold) -> String {
    match hold {
        Hold::ReplyStreaming => "Reloading after the reply finishes…".to_owned(),
        Hold::ReplyStreamingElsewhere => "Reloading after the reply in another tab finishes…".to_owned(),
        Hold::UnsavedMessage => {
            "Your message is not sent yet: send or clear it and Hearth reloads, or discard it and reload now."
                .to_owned()
        }
        Hold::UnsavedChanges(editor) => {
            format!(
                "There are unsaved changes in {editor}: save or cancel them and Hearth reloads, or discard them and reload now."
            )
        }
    }
}

/// The prompt, at the bottom of the page while there is something to say.
#[component]
pub(crate) fn UpdatePrompt() -> impl IntoView {
    let updates = UpdatesContext::expect();
    // "Later" on the notice of another tab's update hides it.
    let notice_hidden = RwSignal::new(false);
    let content = move || {
        let state = updates.state.get();
        if updates.pending.get() {
            let hold = updates.hold.get()?;
            let discard = hold.is_unsaved_input().then(|| {
                view! {
                    <button type="button" on:click=move |_| updates.reload_discarding_input()>
                        "Discard and reload"
                    </button>
                }
            });
            return Some(
                view! {
                    <div class="update-prompt">
                        <p>{waiting_text(&hold)}</p>
                        {discard}
                        <button type="button" on:click=move |_| updates.cancel()>
                            "Cancel reload"
                        </button>
                    </div>
                }
                .into_any(),
            );
        }
        let text = match state {
            UpdateState::Current | UpdateState::Later => return None,
            UpdateState::Reloading => {
                return Some(view! { <div class="update-prompt"><p>"Reloading…"</p></div> }.into_any());
            }
            UpdateState::UpdatedElsewhere if notice_hidden.get() => return None,
            UpdateState::Ready => "A new version of Hearth is ready.",
            UpdateState::UpdatedElsewhere => "Hearth was updated in another tab.",
        };
        let later = move |_| {
            if state == UpdateState::UpdatedElsewhere {
                notice_hidden.set(true);
            }
            updates.later();
        };
        Some(
            view! {
                <div class="update-prompt">
                    <p>{text}</p>
                    <button type="button" class="primary" on:click=move |_| updates.reload()>
                        "Reload to use the new version"
                    </button>
                    <button type="button" on:click=later>
                        "Later"
                    </button>
                </div>
            }
            .into_any(),
        )
    };
    view! {
        // Always in the page, so screen readers announce what appears in it.
        <div class="update-region" role="status" aria-live="polite" aria-label="Hearth updates">
            {content}
        </div>
    }
}
