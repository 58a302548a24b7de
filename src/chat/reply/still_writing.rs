//! The "Still writing" dots at the end of a reply that is still arriving.
//!
//! They pulse only while nothing arrives: before the reply's first word, and in
//! a pause of a second or more. While words arrive the dots hold still, because
//! the growing reply already shows that it is alive, and an endless animation
//! would cost every frame of the stream style and paint work (about a tenth of
//! a millisecond each, or tens of milliseconds over a long answer). Whether
//! anything arrived is checked four times a second, never per chunk.

use std::time::Duration;

use leptos::prelude::*;

use crate::chat::state::AssistantView;
use crate::i18n::tr;

/// How often the reply's progress is checked.
const CHECK_EVERY: Duration = Duration::from_millis(250);

/// How many checks in a row without progress make a pause (one second).
const PAUSE_CHECKS: u32 = 4;

/// The dots, for a reply that is streaming (mount them only then).
#[component]
pub(crate) fn StillWriting(
    /// The streaming reply: its text, reasoning and tool calls so far tell
    /// whether anything arrived since the last check.
    reply: AssistantView,
) -> impl IntoView {
    let seen = StoredValue::new(progress(reply));
    let quiet_checks = StoredValue::new(0_u32);
    // Nothing yet: the dots pulse until something comes.
    let waiting = RwSignal::new(seen.get_value() == Progress::default());
    let check = move || {
        let now = progress(reply);
        let moved = seen.with_value(|seen| *seen != now);
        seen.set_value(now);
        let quiet = if moved { 0 } else { quiet_checks.get_value().saturating_add(1) };
        quiet_checks.set_value(quiet);
        let pulse = now == Progress::default() || quiet >= PAUSE_CHECKS;
        if waiting.get_untracked() != pulse {
            waiting.set(pulse);
        }
    };
    let checker = StoredValue::new(set_interval_with_handle(check, CHECK_EVERY).ok());
    on_cleanup(move || {
        if let Some(checker) = checker.try_update_value(Option::take).flatten() {
            checker.clear();
        }
    });
    view! {
        // The article's aria-busy tells screen readers; the dots are an
        // image with a name, so they can be found and are not read as text.
        <p class="still-writing" class:waiting=move || waiting.get()>
            <span class="dots" role="img" aria-label=tr("Still writing")>
                <span></span>
                <span></span>
                <span></span>
            </span>
        </p>
    }
}

/// How far a reply has come: the versions of its blocks and of its tail's
/// changes, and the lengths of its reasoning and of its tool calls. Any
/// arrival changes one of them.
#[derive(Clone, Copy, Default, PartialEq)]
struct Progress {
    blocks: (u32, usize),
    tail: (u32, usize),
    reasoning: usize,
    calls: usize,
}

/// The reply's progress now, read without tracking.
fn progress(reply: AssistantView) -> Progress {
    untrack(|| Progress {
        blocks: reply.blocks.version(),
        tail: reply.tail_changes.version(),
        reasoning: reply.reasoning.with(String::len),
        calls: reply.calls.with(Vec::len),
    })
}
