//! A reply's "Read aloud" button, in its icon row: reads the reply's words
//! (not its code, addresses or marks) with the voice chosen under Settings →
//! Voice, and is pressed while it reads; pressing it again stops. While it
//! reads, Pause and Resume are offered beside it. Why a reading stopped short
//! is said in the footer's status.

use hearth_core::markdown::spoken_text;
use leptos::prelude::*;

use crate::chat::state::AssistantView;
use crate::ui::icon::{Icon, IconName};
use crate::voice::state::VoiceContext;

/// The button, with Pause while reading.
#[component]
pub(crate) fn ReadAloudButton(
    /// The id the reply is stored under (one reply is read at a time).
    id: StoredValue<String>,
    /// The reply whose stored text is read.
    reply: AssistantView,
    /// Where why a reading stopped short is said.
    status: RwSignal<String>,
) -> impl IntoView {
    let voice = VoiceContext::expect();
    let reading = move || voice.reading.with(|reading| id.with_value(|id| reading.as_deref() == Some(id.as_str())));
    Effect::new(move |_| {
        let problem = voice.reading_problem.with(|problem| {
            problem.as_ref().filter(|(of, _)| id.with_value(|id| of == id)).map(|(_, why)| why.clone())
        });
        if let Some(why) = problem {
            status.set(why);
        }
    });
    let toggle = move |_| {
        // Its words only: the markdown parser stays in this chunk.
        let text = reply.record.with_value(|record| spoken_text(&record.content));
        voice.toggle_reading(id.get_value(), text);
    };
    view! {
        <button
            type="button"
            class="icon-button action"
            aria-label="Read aloud"
            title="Read aloud"
            aria-pressed=move || if reading() { "true" } else { "false" }
            on:click=toggle
        >
            <Icon name=IconName::Volume />
        </button>
        <Show when=reading>
            <button
                type="button"
                class="action"
                aria-pressed=move || if voice.paused.get() { "true" } else { "false" }
                on:click=move |_| voice.pause_reading(!voice.paused.get_untracked())
            >
                "Pause"
            </button>
        </Show>
    }
}
