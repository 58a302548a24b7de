//! The message box: Enter sends, Shift+Enter starts a new line; Send turns into
//! Stop while a reply streams.

use leptos::prelude::*;
use web_sys::KeyboardEvent;

use crate::chat::ChatContext;

/// The composer at the bottom of the page.
#[component]
pub(crate) fn Composer() -> impl IntoView {
    let chat = ChatContext::expect();
    let draft = RwSignal::new(String::new());
    let textarea = NodeRef::<leptos::html::Textarea>::new();
    // Send and Stop swap places, so keyboard focus returns to the message box.
    let refocus = move || {
        if let Some(textarea) = textarea.get_untracked() {
            let _ = textarea.focus();
        }
    };
    let send = move || {
        if chat.send(draft.get_untracked()) {
            draft.set(String::new());
            refocus();
        }
    };
    let on_keydown = move |ev: KeyboardEvent| {
        // While an input method is composing, Enter confirms the composition.
        if ev.key() == "Enter" && !ev.shift_key() && !ev.is_composing() {
            ev.prevent_default();
            send();
        }
    };
    view! {
        <form class="composer" on:submit=move |ev| {
            ev.prevent_default();
            send();
        }>
            <textarea
                node_ref=textarea
                aria-label="Message"
                placeholder="Message Hearth… (Enter sends, Shift+Enter adds a line)"
                rows="2"
                bind:value=draft
                on:keydown=on_keydown
            ></textarea>
            <Show
                when=move || chat.busy.get()
                fallback=move || {
                    view! {
                        <button type="submit" class="primary" disabled=move || draft.with(|d| d.trim().is_empty())>
                            "Send"
                        </button>
                    }
                }
            >
                <button type="button" class="stop" on:click=move |_| {
                    chat.stop();
                    refocus();
                }>
                    "Stop"
                </button>
            </Show>
        </form>
    }
}
