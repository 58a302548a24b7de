//! The "‹ 2 / 3 ›" arrows of a fork of the conversation: a reply answered
//! again, or a message edited. Every version that holds anything stays
//! reachable, and the one picked is remembered (see `hearth_core::storage::tree`).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::{ChatContext, VersionPlace};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::frame::on_next_frame;

/// The version arrows of the message `id`; nothing when it has one version.
#[component]
pub(crate) fn VersionSwitcher(
    /// The id of the message shown.
    id: String,
    /// The group's accessible name: "Versions of this answer" or "Versions of this message".
    label: &'static str,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let id = StoredValue::new(id);
    // From the conversation's one map of versions: a row reads one signal, not
    // every reply of the conversation (see `ChatContext::versions`).
    let place = Memo::new(move |_| {
        chat.versions
            .with(|all| id.with_value(|id| all.iter().find(|(of, _)| of == id).map(|(_, place)| place.clone())))
    });
    // Choosing hides this reply, which disposes this component: the work runs
    // after the click handler has returned. Focus then moves to the same arrow
    // of the version now shown.
    let go = move |target: String, direction: Direction| {
        spawn_local(async move {
            chat.choose_version(&target);
            on_next_frame(move || focus_arrow(&target, direction));
        });
    };
    let busy = move || chat.busy.get();
    move || {
        place.get().map(|place| {
            let VersionPlace { number, count, previous, next } = place;
            let group_id = format!("versions-{}", id.get_value());
            // Each arrow is described by where the shown version stands, so a
            // screen reader says "version 2 of 3" as focus lands on it.
            let count_id = format!("versions-count-{}", id.get_value());
            view! {
                <span class="versions" id=group_id role="group" aria-label=label>
                    {arrow(Direction::Previous, previous, busy, go, count_id.clone())}
                    <span class="version-number" aria-hidden="true">{format!("{number} / {count}")}</span>
                    <span class="visually-hidden" id=count_id.clone()>
                        {tr_with(
                            "chat-version-of",
                            &[("number", Arg::Number(number as f64)), ("count", Arg::Number(count as f64))],
                            || format!("Version {number} of {count}"),
                        )}
                    </span>
                    {arrow(Direction::Next, next, busy, go, count_id)}
                </span>
            }
        })
    }
}

/// Which way an arrow goes.
#[derive(Clone, Copy)]
enum Direction {
    Previous,
    Next,
}

impl Direction {
    /// The value of the arrow's `data-direction`, which focusing looks for.
    fn name(self) -> &'static str {
        match self {
            Direction::Previous => "previous",
            Direction::Next => "next",
        }
    }
}

/// One arrow: shows the version `target` (disabled without one, or while a
/// reply streams here).
fn arrow(
    direction: Direction,
    target: Option<String>,
    busy: impl Fn() -> bool + Send + Sync + 'static,
    go: impl Fn(String, Direction) + Copy + Send + Sync + 'static,
    described_by: String,
) -> impl IntoView {
    let (label, title, symbol) = match direction {
        Direction::Previous => (tr("Show the previous version"), tr("Previous version"), "‹"),
        Direction::Next => (tr("Show the next version"), tr("Next version"), "›"),
    };
    let missing = target.is_none();
    view! {
        <button
            type="button"
            class="action"
            aria-label=label
            aria-describedby=described_by
            title=title
            disabled=move || missing || busy()
            data-direction=direction.name()
            on:click=move |_| {
                if let Some(target) = target.clone() {
                    go(target, direction);
                }
            }
        >
            {symbol}
        </button>
    }
}

/// Focuses the `direction` arrow of the reply `id`'s versions, or the other one
/// when that is disabled (the first or last version).
fn focus_arrow(id: &str, direction: Direction) {
    use wasm_bindgen::JsCast;
    let Some(group) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(&format!("versions-{id}")))
    else {
        return;
    };
    let preferred = format!("button[data-direction={}]:not(:disabled)", direction.name());
    let button = group
        .query_selector(&preferred)
        .ok()
        .flatten()
        .or_else(|| group.query_selector("button:not(:disabled)").ok().flatten());
    if let Some(button) = button.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = button.focus();
    }
}
