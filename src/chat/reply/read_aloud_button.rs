//! A reply's "Read aloud" button, in its icon row: reads the reply's words
//! (not its code, addresses or marks) in the agent's voice, or the one chosen
//! under Settings → Voice, and is pressed while it reads; pressing it again
//! stops. While it reads, Pause and Resume are offered beside it. Why a
//! reading stopped short is said in the footer's status. When the agent
//! reads answers aloud on their own, a reply this tab has just completed is
//! read as soon as its footer shows (once: not again when it scrolls back).

use std::cell::RefCell;
use std::collections::HashSet;

use hearth_core::markdown::spoken_text;
use hearth_core::storage::ReplyStatus;
use leptos::prelude::*;

use crate::chat::state::{AssistantView, ChatContext};
use crate::i18n::tr;
use crate::ui::icon::{Icon, IconName};
use crate::voice::state::VoiceContext;

thread_local! {
    /// The replies read on their own: each is read so once.
    static AUTO_READ: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

/// The button, with Pause while reading.
#[component]
pub(crate) fn ReadAloudButton(
    /// The id the reply is stored under (one reply is read at a time).
    id: StoredValue<String>,
    /// The reply whose stored text is read.
    reply: AssistantView,
    /// Where why a reading stopped short is said.
    status: RwSignal<String>,
    /// Whether the agent's "read answers aloud" applies (not in a compare column).
    auto: bool,
) -> impl IntoView {
    let voice = VoiceContext::expect();
    let chat = ChatContext::expect();
    let live = voice.live();
    let reading = move || live.reading.with(|reading| id.with_value(|id| reading.as_deref() == Some(id.as_str())));
    Effect::new(move |_| {
        let problem = live.reading_problem.with(|problem| {
            problem.as_ref().filter(|(of, _)| id.with_value(|id| of == id)).map(|(_, why)| why.clone())
        });
        if let Some(why) = problem {
            status.set(why);
        }
    });
    // Its words only: the markdown parser stays in this chunk.
    let read = move || {
        let text = reply.record.with_value(|record| spoken_text(&record.content));
        voice.toggle_reading(id.get_value(), text, untrack(|| chat.agent().voice));
    };
    let complete = reply.fresh.get_value() && reply.status.with_untracked(|s| *s == ReplyStatus::Complete);
    if auto && complete && untrack(|| chat.agent().auto_read) {
        let first = AUTO_READ.with_borrow_mut(|read| read.insert(id.get_value()));
        if first {
            read();
        }
    }
    view! {
        <button
            type="button"
            class="icon-button action"
            aria-label=tr("Read aloud")
            title=tr("Read aloud")
            aria-pressed=move || if reading() { "true" } else { "false" }
            on:click=move |_| read()
        >
            <Icon name=IconName::Volume />
        </button>
        <Show when=reading>
            <button
                type="button"
                class="action"
                aria-pressed=move || if live.paused.get() { "true" } else { "false" }
                on:click=move |_| voice.pause_reading(!live.paused.get_untracked())
            >
                {tr("Pause")}
            </button>
        </Show>
    }
}
