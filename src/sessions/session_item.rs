//! One conversation in the sidebar: open it, rename it, pin it, delete it.
//!
//! The title takes the row's whole width. With a mouse, the actions (icon
//! buttons, each named, with a tooltip) show over the end of the row while it
//! is hovered or holds the focus; on a touch screen (no hover) they are in a
//! row menu ("Actions for <title>") instead, which is always shown.
//! A dot says when a reply is streaming in it in this tab.

use hearth_core::storage::SessionRecord;
use leptos::prelude::*;
use web_sys::KeyboardEvent;

use crate::chat::state::ChatContext;
use crate::i18n::{Arg, tr, tr_with};
use crate::sessions::state::SessionsContext;
use crate::ui::icon::{Icon, IconName};
use crate::ui::menu_button::{MenuButton, MenuEntry};

/// A sidebar row, with Rename, Pin (or Unpin) and Delete.
#[component]
pub(crate) fn SessionItem(
    /// The conversation of the row: its id (which is opened, renamed, pinned
    /// or deleted), its title and whether it is pinned, as they are when the
    /// row is made (the list makes a new row when its title or pin changes).
    session: SessionRecord,
    /// Whether the sidebar is open on narrow screens: opening the conversation
    /// sets it to false, so the conversation is seen on phones.
    sidebar_open: RwSignal<bool>,
) -> impl IntoView {
    let sessions = SessionsContext::expect();
    let id = StoredValue::new(session.id.clone());
    let title = session.title.clone();
    let chat = ChatContext::expect();
    let streaming = Memo::new(move |_| id.with_value(|id| chat.streaming_in(id)));
    let streaming_id = format!("streaming-{}", session.id);
    let described_by = streaming_id.clone();
    let editing = RwSignal::new(false);
    let draft = RwSignal::new(title.clone());
    let is_current = move || sessions.current.with(|c| c.as_deref() == Some(id.get_value().as_str()));
    let commit = move || {
        if editing.get_untracked() {
            editing.set(false);
            sessions.rename(&id.get_value(), draft.get_untracked());
        }
    };
    let on_key = move |ev: KeyboardEvent| match ev.key().as_str() {
        "Enter" => commit(),
        "Escape" => editing.set(false),
        _ => {}
    };
    let pinned = session.pinned;
    // A branch of a listed conversation sits under it, indented.
    let branch = session
        .branch_of
        .as_ref()
        .is_some_and(|source| sessions.list.with_untracked(|list| list.iter().any(|listed| listed.id == *source)));
    let pin_label = if pinned { tr("Unpin") } else { tr("Pin") };
    let rename = Callback::new(move |()| editing.set(true));
    let toggle_pin = Callback::new(move |()| sessions.toggle_pin(&id.get_value()));
    let delete = Callback::new(move |()| sessions.delete(&id.get_value()));
    let actions = [
        (tr("Rename"), IconName::Pencil, rename),
        (pin_label, IconName::Pin, toggle_pin),
        (tr("Delete"), IconName::Trash, delete),
    ];
    let menu: Vec<MenuEntry> = actions
        .iter()
        .map(|(label, icon, action)| MenuEntry { label: (*label).to_owned(), icon: *icon, action: *action })
        .collect();
    let menu_label =
        tr_with("sessions-actions-for", &[("title", Arg::Text(&title))], || format!("Actions for {title}"));
    view! {
        <li class="session" class:current=is_current class:pinned=pinned class:branch=branch>
            <Show when=move || pinned>
                <span class="pin" aria-hidden="true" title=tr("Pinned")>
                    <Icon name=IconName::Pin />
                </span>
            </Show>
            <Show
                when=move || editing.get()
                fallback=move || {
                    let title = title.clone();
                    let described_by = described_by.clone();
                    view! {
                        <button
                            type="button"
                            class="session-open"
                            aria-current=move || is_current().then_some("page")
                            aria-describedby=move || streaming.get().then(|| described_by.clone())
                            on:click=move |_| {
                                sessions.open(id.get_value());
                                sidebar_open.set(false);
                            }
                        >
                            {title}
                        </button>
                    }
                }
            >
                <input
                    class="session-rename"
                    aria-label=tr("Conversation title")
                    bind:value=draft
                    on:keydown=on_key
                    on:blur=move |_| commit()
                    autofocus
                />
            </Show>
            <span
                class="session-streaming"
                id=streaming_id
                role="img"
                aria-label=tr("Replying")
                title=tr("A reply is streaming")
                hidden=move || !streaming.get()
            ></span>
            <span class="session-actions">
                {actions
                    .into_iter()
                    .map(|(label, icon, action)| {
                        view! {
                            <button type="button" class="icon-button" aria-label=label title=label on:click=move |_| action.run(())>
                                <Icon name=icon />
                            </button>
                        }
                    })
                    .collect_view()}
            </span>
            <MenuButton label=menu_label icon=IconName::Ellipsis class="row-menu" items=menu />
        </li>
    }
}
