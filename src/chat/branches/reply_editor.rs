//! Editing a reply: its text in a box, kept either as a new version beside the
//! original ("Save as new version", the default: the original stays one arrow
//! away) or in its place ("Fix in place": marked edited). Nothing below the
//! reply is removed either way, and an edited reply no longer sends back its
//! signed reasoning (see `hearth_core::storage::branch::edit_reply`). A dialog
//! of the `branches` chunk, opened by the reply's "More actions".

use leptos::prelude::*;

use crate::chat::state::branching::{ReplyEdit, edit_reply};
use crate::chat::state::{BranchPanel, ChatContext, EntryKind};
use crate::i18n::tr;
use crate::ui::modal_dialog::ModalDialog;

/// The editor of the reply the chat's `branch_panel` names, open while it
/// names one. Ctrl+Enter (⌘+Enter) saves as a new version; Escape cancels.
#[component]
pub(crate) fn ReplyEditor() -> impl IntoView {
    let chat = ChatContext::expect();
    let editing = Memo::new(move |_| match chat.branch_panel.get() {
        Some(BranchPanel::EditReply(id)) => Some(id),
        _ => None,
    });
    let draft = RwSignal::new(String::new());
    let problem = RwSignal::new(String::new());
    // Each opening starts from the reply's text as it is.
    Effect::new(move |_| {
        let Some(id) = editing.get() else { return };
        let text = chat.entries.with_untracked(|entries| {
            entries.iter().find(|entry| entry.id == id).and_then(|entry| match &entry.kind {
                EntryKind::Assistant(view) => Some(view.record.with_value(|record| record.content.clone())),
                _ => None,
            })
        });
        draft.set(text.unwrap_or_default());
        problem.set(String::new());
    });
    let open = Signal::derive(move || editing.with(Option::is_some));
    let close = Callback::new(move |()| chat.branch_panel.set(None));
    let save = move |how: ReplyEdit| {
        let Some(id) = editing.get_untracked() else { return };
        match edit_reply(chat, &id, &draft.get_untracked(), how) {
            Ok(()) => chat.branch_panel.set(None),
            Err(reason) => problem.set(reason.to_string()),
        }
    };
    let on_keydown = move |event: web_sys::KeyboardEvent| {
        if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
            event.prevent_default();
            save(ReplyEdit::NewVersion);
        }
    };
    view! {
        <ModalDialog open on_close=close heading=tr("Edit this answer") class="reply-editor" close_button=false>
            <form
                class="message-editor"
                on:submit=move |event| {
                    event.prevent_default();
                    save(ReplyEdit::NewVersion);
                }
            >
                <textarea
                    aria-label=tr("Text of the answer")
                    rows="8"
                    prop:value=move || draft.get()
                    on:input=move |event| draft.set(event_target_value(&event))
                    on:keydown=on_keydown
                ></textarea>
                <p class="hint">
                    {tr("Save as new version keeps the original one arrow away. Fix in place changes this answer and marks it edited. Nothing below it is removed either way.")}
                </p>
                <p class="hint" role="alert">{move || problem.get()}</p>
                <div class="editor-actions">
                    <button type="button" class="action" on:click=move |_| close.run(())>
                        {tr("Cancel")}
                    </button>
                    <button type="button" class="action" on:click=move |_| save(ReplyEdit::InPlace)>
                        {tr("Fix in place")}
                    </button>
                    <button type="submit" class="action primary">
                        {tr("Save as new version")}
                    </button>
                </div>
            </form>
        </ModalDialog>
    }
}
