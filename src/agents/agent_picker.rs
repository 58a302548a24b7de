//! The top bar's agent menu: which agent the open conversation runs with (its
//! name beside the agents' icon; the model it runs on is the model control's),
//! and a menu of every agent to go on with (`ChatContext::switch_agent`).
//!
//! It is a menu button: Enter, Space or the arrow keys open the menu on the
//! current agent; the arrows, Home and End move; Enter or Space chooses; Escape
//! closes it and gives the focus back to the button; leaving it closes it.
//! While a reply streams the button stays focusable but is `aria-disabled`,
//! and a tooltip (its description) says why, on hover and on focus.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};

use crate::agents::state::shown_name;
use crate::chat::state::ChatContext;
use crate::i18n::tr;
use crate::ui::icon::{Icon, IconName};
use crate::ui::next_id;

/// Why the picker is disabled while a reply streams.
const WAIT_REASON: &str = "Switching agents waits until the reply has finished";

/// The agent picker of the top bar.
#[component]
pub(crate) fn AgentPicker() -> impl IntoView {
    let chat = ChatContext::expect();
    let number = next_id();
    let (menu_id, reason_id) = (format!("agent-menu-{number}"), format!("agent-wait-{number}"));
    let open = RwSignal::new(false);
    let button = NodeRef::<leptos::html::Button>::new();
    let menu = NodeRef::<leptos::html::Ul>::new();
    // Tracked: for the view and the effect only (handlers read it untracked).
    let busy = move || chat.busy.get();
    // The agent it runs with (the General Assistant once its own was deleted).
    let current = Memo::new(move |_| chat.agent().id);
    let label = move || shown_name(&chat.agent());
    let agents = move || chat.agents.list.get();
    let focus_item = move |at: i64| focus_item(menu, at);
    // The position of the current agent in the menu, or 0.
    let current_at = move || {
        let id = current.get_untracked();
        chat.agents.list.with_untracked(|list| list.iter().position(|agent| agent.id == id).unwrap_or(0))
    };
    let open_at = move |at: Option<i64>| {
        if chat.busy.get_untracked() {
            return;
        }
        open.set(true);
        let at = at.unwrap_or_else(|| i64::try_from(current_at()).unwrap_or(0));
        // The menu is in the page once this turn of the event loop is over.
        request_animation_frame(move || focus_item(at));
    };
    let close = move |refocus: bool| {
        open.set(false);
        if refocus && let Some(button) = button.get_untracked() {
            let _ = button.focus();
        }
    };
    let choose = move |id: String| {
        close(true);
        chat.switch_agent(&id);
    };
    let on_button_key = move |ev: KeyboardEvent| match ev.key().as_str() {
        "ArrowDown" | "Enter" | " " => {
            ev.prevent_default();
            open_at(None);
        }
        "ArrowUp" => {
            ev.prevent_default();
            open_at(Some(-1));
        }
        _ => {}
    };
    let on_menu_key = move |ev: KeyboardEvent| {
        let focused = focused_index();
        match ev.key().as_str() {
            "ArrowDown" => focus_item(focused + 1),
            "ArrowUp" => focus_item(focused - 1),
            "Home" => focus_item(0),
            "End" => focus_item(-1),
            "Escape" => close(true),
            "Tab" => {
                open.set(false);
                return;
            }
            _ => return,
        }
        ev.prevent_default();
    };
    // Closes the menu when the focus leaves the picker (a click elsewhere, Tab).
    let on_focus_out = move |ev: web_sys::FocusEvent| {
        if !stays_inside(&ev, menu, button) {
            open.set(false);
        }
    };
    // A reply that starts streaming closes the menu.
    Effect::new(move |_| {
        if busy() {
            open.set(false);
        }
    });
    let reason = reason_id.clone();
    view! {
        <div class="agent-picker" class:busy=busy on:focusout=on_focus_out>
            <button
                type="button"
                class="agent-button"
                node_ref=button
                aria-haspopup="menu"
                aria-controls=menu_id.clone()
                aria-expanded=move || open.get().to_string()
                aria-disabled=move || busy().to_string()
                aria-describedby=move || busy().then(|| reason.clone())
                // While a reply streams, the tooltip below says why it waits instead.
                title=move || (!busy()).then(|| tr("This conversation's agent"))
                on:click=move |_| {
                    if open.get_untracked() { close(false) } else { open_at(None) }
                }
                on:keydown=on_button_key
            >
                <Icon name=IconName::Bot />
                <span class="visually-hidden">{tr("Agent:")} " "</span>
                <span class="agent-label">{label}</span>
                <span class="chevron" aria-hidden="true">"▾"</span>
            </button>
            <span class="tooltip" role="tooltip" id=reason_id hidden=move || !busy()>
                {tr(WAIT_REASON)}
            </span>
            <Show when=move || open.get()>
                <ul class="agent-menu" role="menu" id=menu_id.clone() aria-label=tr("Agents") node_ref=menu on:keydown=on_menu_key>
                    <For
                        each=move || agents().into_iter().enumerate()
                        key=|(at, agent)| (*at, agent.id.clone(), agent.name.clone())
                        children=move |(at, agent)| {
                            let id = agent.id.clone();
                            let checked = {
                                let id = id.clone();
                                move || current.get() == id
                            };
                            let on_key = {
                                let id = id.clone();
                                move |ev: KeyboardEvent| {
                                    if matches!(ev.key().as_str(), "Enter" | " ") {
                                        ev.prevent_default();
                                        ev.stop_propagation();
                                        choose(id.clone());
                                    }
                                }
                            };
                            view! {
                                <li
                                    role="menuitemradio"
                                    tabindex="-1"
                                    data-index=at.to_string()
                                    aria-checked=move || checked().to_string()
                                    on:click=move |_| choose(id.clone())
                                    on:keydown=on_key
                                >
                                    // Not generated content: that would be part of the name.
                                    <span class="check" aria-hidden="true">"✓"</span>
                                    {shown_name(&agent)}
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
        </div>
    }
}

/// Moves the focus to the item at `at` of `menu` (wrapping).
fn focus_item(menu: NodeRef<leptos::html::Ul>, at: i64) {
    let Some(menu) = menu.get_untracked() else { return };
    let items = menu.children();
    let count = i64::from(items.length());
    if count == 0 {
        return;
    }
    let index = u32::try_from(at.rem_euclid(count)).unwrap_or(0);
    if let Some(item) = items.item(index).and_then(|item| item.dyn_into::<HtmlElement>().ok()) {
        let _ = item.focus();
    }
}

/// The position in the menu of the item holding the focus, or 0.
fn focused_index() -> i64 {
    web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.active_element())
        .and_then(|element| element.get_attribute("data-index"))
        .and_then(|index| index.parse::<i64>().ok())
        .unwrap_or(0)
}

/// Whether the focus that leaves with `ev` goes into `menu` or to `button`.
fn stays_inside(
    ev: &web_sys::FocusEvent,
    menu: NodeRef<leptos::html::Ul>,
    button: NodeRef<leptos::html::Button>,
) -> bool {
    let target = ev.related_target().and_then(|target| target.dyn_into::<web_sys::Node>().ok());
    let inside = target.clone().zip(menu.get_untracked()).is_some_and(|(target, menu)| menu.contains(Some(&target)));
    let on_button =
        target.zip(button.get_untracked()).is_some_and(|(target, button)| button.is_same_node(Some(&target)));
    inside || on_button
}
