//! Under the composer while dictating: the microphone's level and the time
//! recorded (announced only at the start and the end, not every tick), then
//! "Turning speech into text…" (with Cancel), and what went wrong, with "Try
//! again" when the recording was kept. While it records, "Keep as a voice
//! note" ends it and attaches the recording itself to the next message.
//! During a realtime talk it is the talk's panel (`talk_panel`).

use hearth_core::format::grouped;
use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::composer::state::ComposerDraft;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::voice::state::{Dictation, VoiceContext};
use crate::voice::talk_panel::TalkPanel;

/// The panel, built by code from the `voice` chunk.
#[wasm_split(voice, fallible)]
pub(crate) fn recorder_panel_view() -> Result<AnyView, ChunkError> {
    Ok(view! { <RecorderPanel /> }.into_any())
}

/// The panel (the composer shows it while a dictation is under way or has failed).
#[component]
fn RecorderPanel() -> impl IntoView {
    let voice = VoiceContext::expect();
    let draft = ComposerDraft::expect();
    let media = ChatContext::expect().attachments.media;
    let live = voice.live();
    let time = move || {
        let seconds = live.elapsed_ms.get() / 1000;
        format!("{}:{:02}", grouped(seconds / 60), seconds % 60)
    };
    let percent = move || (live.level.get() * 100.0).round().clamp(0.0, 100.0).to_string();
    // The live region is in the page, empty, before its first words: screen
    // readers announce changes to a region, not one inserted with its text.
    let mounted = RwSignal::new(false);
    Effect::new(move |_| mounted.set(true));
    // The browser's own recognition shows the words it hears, not a level.
    let listening = move || live.heard.with(Option::is_some);
    let status = move || match voice.dictation.get() {
        _ if !mounted.get() => None,
        Dictation::Opening if listening() => live.heard.get(),
        Dictation::Opening => Some(tr("Asking for the microphone…").to_owned()),
        Dictation::Recording if listening() => Some(
            tr("Listening (the browser's recognition). Stop, or pause speaking, to put the words in the message box.")
                .to_owned(),
        ),
        Dictation::Recording => {
            Some(tr("Recording. Stop, or pause speaking, to put the words in the message box.").to_owned())
        }
        Dictation::Transcribing => Some(tr("Turning speech into text…").to_owned()),
        Dictation::Idle | Dictation::Failed | Dictation::Talking => None,
    };
    // A failure without a reason is the voice code not loading at the first press.
    let failure = move || {
        (voice.dictation.get() == Dictation::Failed).then(|| {
            live.problem.with(|problem| problem.as_ref().map(ToString::to_string)).unwrap_or_else(|| {
                tr("Voice could not be loaded (the connection dropped?); press the microphone button to try again.")
                    .to_owned()
            })
        })
    };
    // The buttons go when pressed: the focus goes to the message box, where the words land.
    let to_message_box = move || draft.focus_requests.update(|n| *n = n.wrapping_add(1));
    let talking = move || voice.dictation.get() == Dictation::Talking;
    view! {
        <Show when=talking>
            <TalkPanel />
        </Show>
        <div class="recorder" hidden=talking>
            <p class="recorder-status" role="status">{status}</p>
            // The browser's recognition, or a streamed transcription: the words so far.
            <Show when=move || {
                matches!(voice.dictation.get(), Dictation::Recording | Dictation::Transcribing) && listening()
            }>
                <p class="recorder-heard">
                    {move || {
                        let words = live.heard.get().filter(|words| !words.is_empty()).unwrap_or_else(|| "…".to_owned());
                        tr_with("voice-heard", &[("words", Arg::Text(&words))], || format!("Heard: {words}"))
                    }}
                </p>
            </Show>
            <Show when=move || voice.dictation.get() == Dictation::Recording && !listening()>
                <meter class="recorder-level" aria-label=tr("Microphone level") min="0" max="100" value=percent></meter>
                <span class="recorder-time" role="timer" aria-label=tr("Time recorded")>{time}</span>
                <button type="button" on:click=move |_| {
                    to_message_box();
                    voice.keep_as_note(media);
                }>{tr("Keep as a voice note")}</button>
            </Show>
            <Show when=move || voice.dictation.get() == Dictation::Transcribing>
                <button type="button" on:click=move |_| {
                    to_message_box();
                    voice.cancel_dictation();
                }>{tr("Cancel")}</button>
            </Show>
            <Show when=move || failure().is_some()>
                <p class="recorder-problem" role="alert">{failure}</p>
                <Show when=move || live.kept.get()>
                    <button type="button" on:click=move |_| {
                        to_message_box();
                        voice.retry_dictation();
                    }>{tr("Try again")}</button>
                </Show>
                <button type="button" on:click=move |_| {
                    to_message_box();
                    voice.dismiss_dictation();
                }>{tr("Dismiss")}</button>
            </Show>
        </div>
    }
}
