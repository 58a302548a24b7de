//! Editing a sent message: its text in a box, sent as a new version of the
//! message (the original and everything after it stay one arrow away). In
//! the `branches` chunk, loaded when Edit is first pressed.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::ChatContext;
use crate::i18n::tr;
use crate::ui::lazy::{ChunkError, wasm_split};

/// The box that edits the user message `id`, with Send and Cancel. Escape
/// cancels; Ctrl+Enter (⌘+Enter) sends.
#[component]
pub(crate) fn MessageEditor(
    /// The id of the message edited.
    id: String,
    /// Its text as sent, the box's first content.
    text: String,
    /// Called when editing ends: `true` when the new version was sent.
    on_done: Callback<bool>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let draft = RwSignal::new(text);
    let field = NodeRef::<leptos::html::Textarea>::new();
    Effect::new(move |_| {
        if let Some(field) = field.get() {
            let _ = field.focus();
        }
    });
    let id = StoredValue::new(id);
    let send = move || {
        let (id, text) = (id.get_value(), draft.get_untracked());
        // In a task of its own, as Regenerate: the new message and reply must
        // not belong to this editor, which the edit hides (and so disposes).
        spawn_local(async move {
            if chat.edit(&id, text) {
                on_done.try_run(true);
            }
        });
    };
    let on_keydown = move |event: web_sys::KeyboardEvent| {
        if event.key() == "Escape" {
            event.prevent_default();
            on_done.run(false);
        } else if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
            event.prevent_default();
            send();
        }
    };
    view! {
        <form
            class="message-editor"
            on:submit=move |event| {
                event.prevent_default();
                send();
            }
        >
            <textarea
                node_ref=field
                aria-label=tr("Edit your message")
                rows="4"
                prop:value=move || draft.get()
                on:input=move |event| draft.set(event_target_value(&event))
                on:keydown=on_keydown
            ></textarea>
            <p class="hint">{tr("Sent as a new version: the original and its answers stay, one arrow away.")}</p>
            <div class="editor-actions">
                <button type="button" class="action" on:click=move |_| on_done.run(false)>
                    {tr("Cancel")}
                </button>
                <button type="submit" class="action primary" disabled=move || chat.busy.get()>
                    {tr("Send")}
                </button>
            </div>
        </form>
    }
}

/// The editor of the message `id` (see [`MessageEditor`]), from the `branches` chunk.
#[wasm_split(branches, fallible)]
pub(crate) fn message_editor_view(id: String, text: String, on_done: Callback<bool>) -> Result<AnyView, ChunkError> {
    Ok(view! { <MessageEditor id text on_done /> }.into_any())
}
