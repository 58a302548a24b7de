//! Under the composer while dictating: the microphone's level and the time
//! recorded (announced only at the start and the end, not every tick), then
//! "Turning speech into text…", and what went wrong, with "Try again" when
//! the recording was kept.

use hearth_core::format::grouped;
use leptos::prelude::*;

use crate::io::chunks::{ChunkError, wasm_split};
use crate::voice::state::{Dictation, VoiceContext};

/// The panel, built by code from the `voice` chunk.
#[wasm_split(voice, fallible)]
pub(crate) fn recorder_panel_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <RecorderPanel /> }.into_any())
}

/// The panel (the composer shows it while a dictation is under way or has failed).
#[component]
fn RecorderPanel() -> impl IntoView {
    let voice = VoiceContext::expect();
    let time = move || {
        let seconds = voice.elapsed_ms.get() / 1000;
        format!("{}:{:02}", grouped(seconds / 60), seconds % 60)
    };
    let percent = move || (voice.level.get() * 100.0).round().clamp(0.0, 100.0).to_string();
    let status = move || match voice.dictation.get() {
        Dictation::Opening => Some("Asking for the microphone…"),
        Dictation::Recording => Some("Recording. Stop, or pause speaking, to put the words in the message box."),
        Dictation::Transcribing => Some("Turning speech into text…"),
        Dictation::Idle | Dictation::Failed(_) => None,
    };
    let failure = move || match voice.dictation.get() {
        Dictation::Failed(why) => Some(why),
        _ => None,
    };
    view! {
        <div class="recorder">
            <p class="recorder-status" role="status">{status}</p>
            <Show when=move || voice.dictation.with(|d| *d == Dictation::Recording)>
                <meter class="recorder-level" aria-label="Microphone level" min="0" max="100" value=percent></meter>
                <span class="recorder-time" role="timer" aria-label="Time recorded">{time}</span>
            </Show>
            <Show when=move || failure().is_some()>
                <p class="recorder-problem" role="alert">{failure}</p>
                <Show when=move || voice.kept.get()>
                    <button type="button" on:click=move |_| voice.retry_dictation()>"Try again"</button>
                </Show>
                <button type="button" on:click=move |_| voice.dictation.set(Dictation::Idle)>"Dismiss"</button>
            </Show>
        </div>
    }
}
