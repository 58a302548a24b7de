//! The message box: a text area with an autocomplete. Typing `@` (at the start
//! or after a space) opens the [`FileMention`] list of the project files the
//! typed name matches; ArrowUp and ArrowDown move, Enter or Tab picks the file
//! (the typed `@name` goes, the file becomes a badge), Escape closes. Typing
//! `#` lists the knowledge bases and their files the same way (where this
//! browser has any); picking one writes `#Name` into the message, which then
//! searches it (`hearth_core::knowledge::picks`).
//! Otherwise Enter sends and Shift+Enter starts a new line.
//!
//! For assistive technology the text area keeps its own role (a text box: ARIA
//! in HTML allows no other role on a `textarea`, so no `combobox` and no
//! `aria-expanded`) and says the rest with what a text box may carry:
//! `aria-autocomplete="list"`, `aria-controls` naming the listbox while it is
//! shown, and `aria-activedescendant` naming the highlighted option. The list's
//! status line announces how many files match and which keys to use.
//!
//! The placeholder is short, so it fits any box on one line; the keys are
//! the text area's description (the composer's key hint, shown under the box
//! where there is room) and are listed in the shortcuts' help.

use hearth_core::knowledge::picks;
use hearth_core::message::attach::{self, Mention};
use leptos::html::Textarea;
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::KeyboardEvent;

use crate::chat::state::ChatContext;
use crate::composer::file_drop;
use crate::composer::file_mention::{FileMention, option_id};
use crate::i18n::tr;
use crate::knowledge::state::KnowledgeContext;
use crate::knowledge::state::code::knowledge_code;
use crate::ui::next_id;

/// The id of the key hint under the message box, which describes it.
pub(crate) const KEYS_HINT_ID: &str = "composer-keys";

/// The text area with its `@mention` autocomplete.
#[component]
pub(crate) fn MessageBox(
    /// The text being written.
    draft: RwSignal<String>,
    /// The text area, for the composer to focus.
    node_ref: NodeRef<Textarea>,
    /// Called on Enter (without Shift) when no file list is open.
    on_send: Callback<()>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let files = chat.tools.files;
    let knowledge = KnowledgeContext::expect();
    let list_id = format!("file-mention-{}", next_id());
    // The mention being typed at the caret, if any (Escape closes it until the
    // text changes again).
    let mention = RwSignal::new(None::<Mention>);
    let active = RwSignal::new(0_usize);
    // For a `#`: the knowledge bases and files as (the name a pick writes, what
    // the list says), from the `knowledge` chunk, where this page read some.
    let choices = RwSignal::new(Vec::<(String, String)>::new());
    Effect::new(move |_| {
        let query = mention.with(|m| m.as_ref().filter(|m| m.sign == '#').map(|m| m.query.clone()));
        match query {
            Some(query) if knowledge.started() => spawn_local(async move {
                if let Ok(code) = knowledge_code().await {
                    choices.set((code.choices)(knowledge, &query));
                }
            }),
            _ => choices.set(Vec::new()),
        }
    });
    // The matching files as (id, name), in the order listed (or the `#` choices).
    let matches = Memo::new(move |_| {
        mention.with(|mention| {
            let Some(mention) = mention else { return Vec::new() };
            if mention.sign == '#' {
                return choices.get();
            }
            files.with(|files| {
                attach::matching(files.iter().map(|file| file.name.as_str()), &mention.query)
                    .into_iter()
                    .filter_map(|at| files.get(at).map(|file| (file.id.clone(), file.name.clone())))
                    .collect::<Vec<_>>()
            })
        })
    });
    let listing = Memo::new(move |_| matches.with(|matches| !matches.is_empty()));
    crate::chat::state::code::preload_when_written(draft);
    let follow_caret = move || {
        let Some(element) = node_ref.get_untracked() else { return };
        let text = element.value();
        let caret = element.selection_start().ok().flatten().unwrap_or(0) as usize;
        let found = attach::mention_at(&text, attach::byte_offset(&text, caret));
        if found.as_ref().map(|m| &m.query) != mention.with_untracked(|m| m.as_ref().map(|m| m.query.clone())).as_ref()
        {
            active.set(0);
        }
        mention.set(found);
    };
    let pick = move |at: usize| {
        let Some(found) = mention.get_untracked() else { return };
        let Some(id) = matches.with_untracked(|matches| matches.get(at).map(|(id, _)| id.clone())) else { return };
        let file = files.with_untracked(|files| files.iter().find(|file| file.id == id).cloned());
        // A knowledge base or file is written into the text; a project file becomes a badge.
        let written = (found.sign == '#').then(|| format!("{} ", picks::pick_text(&id)));
        if written.is_none() && file.is_none() {
            return;
        }
        // The draft may have changed since the mention was found: then picking does nothing.
        let with = written.as_deref().unwrap_or_default();
        let Some((text, caret)) = attach::replace_mention(&draft.get_untracked(), &found, with) else { return };
        let caret = u32::try_from(caret).unwrap_or(u32::MAX);
        if let Some(element) = node_ref.get_untracked() {
            element.set_value(&text);
            let _ = element.set_selection_range(caret, caret);
            let _ = element.focus();
        }
        draft.set(text);
        mention.set(None);
        if let Some(file) = file {
            chat.attachments.attach(&file);
        }
    };
    let on_keydown = move |ev: KeyboardEvent| {
        // While an input method is composing, Enter confirms the composition.
        if ev.is_composing() {
            return;
        }
        let count = matches.with_untracked(Vec::len);
        let open = count > 0;
        match ev.key().as_str() {
            "ArrowDown" if open => {
                ev.prevent_default();
                active.update(|at| *at = (*at + 1) % count);
            }
            "ArrowUp" if open => {
                ev.prevent_default();
                active.update(|at| *at = (*at + count - 1) % count);
            }
            "Enter" | "Tab" if open && !ev.shift_key() => {
                ev.prevent_default();
                pick(active.get_untracked().min(count - 1));
            }
            "Escape" if mention.with_untracked(Option::is_some) => {
                ev.prevent_default();
                mention.set(None);
            }
            "Enter" if !ev.shift_key() => {
                ev.prevent_default();
                on_send.run(());
            }
            _ => {}
        }
    };
    let names = Signal::derive(move || matches.with(|matches| matches.iter().map(|(_, n)| n.clone()).collect()));
    let sign = Signal::derive(move || mention.with(|m| m.as_ref().map_or('@', |m| m.sign)));
    let active_option = {
        let list_id = list_id.clone();
        move || listing.get().then(|| option_id(&list_id, active.get()))
    };
    let controls = {
        let list_id = list_id.clone();
        move || listing.get().then(|| list_id.clone())
    };
    view! {
        <div class="message-box">
            <FileMention
                list_id=list_id
                sign
                open=Signal::derive(move || mention.with(Option::is_some) && (sign.get() == '@' || listing.get()))
                names
                active
                query=Signal::derive(move || mention.with(|m| m.as_ref().map(|m| m.query.clone()).unwrap_or_default()))
                has_files=Signal::derive(move || files.with(|files| !files.is_empty()))
                on_pick=Callback::new(pick)
            />
            <textarea
                node_ref=node_ref
                aria-label=tr("Message")
                aria-autocomplete="list"
                aria-controls=controls
                aria-activedescendant=active_option
                aria-describedby=KEYS_HINT_ID
                placeholder=tr("Message Hearth…")
                rows="2"
                bind:value=draft
                on:input=move |_| follow_caret()
                on:click=move |_| follow_caret()
                on:keyup=move |ev: KeyboardEvent| {
                    // The caret moved without typing: the mention at it may differ.
                    if matches!(ev.key().as_str(), "ArrowLeft" | "ArrowRight" | "Home" | "End") {
                        follow_caret();
                    }
                }
                on:keydown=on_keydown
                on:blur=move |_| mention.set(None)
                on:paste=move |ev| file_drop::on_paste(ev, chat)
            ></textarea>
        </div>
    }
}
