//! Under the message box while a realtime talk is under way: who is talked
//! with and what is happening ("Connecting…", "Listening", "Answering"), the
//! words of the turn under way, both sides, "Hands-free" (on: the microphone
//! streams all the time; off: only while "Hold to talk" is held, by pointer
//! or by Space or Enter; let go when the pointer is cancelled or the button
//! loses the focus), what the server said of the session's end, a tool call
//! waiting for the user's approval and an MCP server's question during a call
//! (as a reply's tool widget shows them), and "End talk". Each finished turn is in the conversation above as messages.

use leptos::ev::{KeyboardEvent, PointerEvent};
use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::chat::state::talk_tools::TALK_CALLS;
use crate::i18n::{Arg, tr, tr_with};
use crate::tools::state::ask::asks;
use crate::tools::state::pending_ask::PendingAsk;
use crate::tools::tool_approval::ToolApproval;
use crate::tools::tool_ask::tool_ask_view;
use crate::ui::lazy::Lazy;
use crate::voice::state::VoiceContext;

/// The panel.
#[component]
pub(crate) fn TalkPanel() -> impl IntoView {
    let voice = VoiceContext::expect();
    let chat = ChatContext::expect();
    let view = voice.live().talk;
    let status = move || {
        view.with(|talk| {
            let args = [("name", Arg::Text(&talk.with))];
            if talk.connecting {
                tr_with("voice-talk-connecting", &args, || format!("Connecting to {}…", talk.with))
            } else if talk.answering {
                tr_with("voice-talk-answering", &args, || format!("{} is answering. Speak to interrupt.", talk.with))
            } else if talk.hands_free {
                tr_with("voice-talk-hands-free", &args, || format!("Talking with {}: speak when you like.", talk.with))
            } else {
                tr_with("voice-talk-hold", &args, || {
                    format!("Talking with {}: hold “Hold to talk” while you speak.", talk.with)
                })
            }
        })
    };
    let hold = move |held: bool| {
        let was = view.with_untracked(|talk| talk.held);
        view.update(|talk| talk.held = held);
        if was && !held {
            voice.talk_released();
        }
    };
    let waiting = move || {
        chat.tools
            .approvals
            .with(|list| list.iter().filter(|p| p.message_id == TALK_CALLS).cloned().collect::<Vec<_>>())
    };
    let key_hold = move |ev: KeyboardEvent, held: bool| {
        if matches!(ev.key().as_str(), " " | "Enter") {
            ev.prevent_default();
            if !ev.repeat() {
                hold(held);
            }
        }
    };
    view! {
        <div class="recorder talk">
            <p class="recorder-status" role="status">{status}</p>
            <p class="recorder-problem" role="alert">{move || view.with(|talk| talk.ending.clone())}</p>
            <p class="talk-words" aria-live="off">
                <span>
                    {move || {
                        view.with(|talk| {
                            (!talk.user.is_empty()).then(|| {
                                tr_with("voice-talk-you", &[("words", Arg::Text(&talk.user))], || format!("You: {}", talk.user))
                            })
                        })
                    }}
                </span>
                <span>{move || view.with(|talk| (!talk.model.is_empty()).then(|| format!("{}: {}", talk.with, talk.model)))}</span>
            </p>
            <For each=waiting key=|pending| pending.call_id.clone() let:pending>
                <ToolApproval pending />
            </For>
            // While talking, the calls running are the talk's: their servers' questions are here.
            <For each=move || asks().get() key=PendingAsk::key let:pending>
                <Lazy load=move || tool_ask_view(pending.clone()) />
            </For>
            <label class="talk-hands-free">
                <input
                    type="checkbox"
                    prop:checked=move || view.with(|talk| talk.hands_free)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        view.update(|talk| talk.hands_free = on);
                        if !on {
                            // What was being said ends here.
                            voice.talk_released();
                        }
                    }
                />
                {tr("Hands-free")}
            </label>
            <Show when=move || view.with(|talk| !talk.hands_free)>
                <button
                    type="button"
                    aria-pressed=move || if view.with(|talk| talk.held) { "true" } else { "false" }
                    on:pointerdown=move |_: PointerEvent| hold(true)
                    on:pointerup=move |_: PointerEvent| hold(false)
                    on:pointerleave=move |_: PointerEvent| hold(false)
                    on:pointercancel=move |_: PointerEvent| hold(false)
                    on:blur=move |_| hold(false)
                    on:keydown=move |ev| key_hold(ev, true)
                    on:keyup=move |ev| key_hold(ev, false)
                >
                    {tr("Hold to talk")}
                </button>
            </Show>
            <button type="button" on:click=move |_| voice.toggle_talk(chat)>{tr("End talk")}</button>
        </div>
    }
}
