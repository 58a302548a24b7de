//! An icon button that opens a menu of actions: the top bar's "More" and a
//! sidebar row's actions on touch screens.
//!
//! It follows the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open
//! the menu on its first item, ArrowUp on its last; in the menu the arrows
//! (wrapping), Home and End move; Enter, Space or a click runs an item; Escape
//! closes the menu and gives the focus back to the button; Tab or a click
//! elsewhere closes it.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};

use crate::ui::icon::{Icon, IconName};
use crate::ui::next_id;

/// One action of a menu.
#[derive(Clone)]
pub(crate) struct MenuEntry {
    /// What the item says (its accessible name).
    pub(crate) label: String,
    /// Its icon.
    pub(crate) icon: IconName,
    /// What choosing it does (run after the menu has closed).
    pub(crate) action: Callback<()>,
}

/// A menu button with its menu.
#[component]
pub(crate) fn MenuButton(
    /// The button's accessible name and tooltip, and the menu's name.
    #[prop(into)]
    label: String,
    /// The button's icon.
    icon: IconName,
    /// A class for the wrapper, for its placement.
    #[prop(optional)]
    class: &'static str,
    /// The menu's items, in order.
    items: Vec<MenuEntry>,
) -> impl IntoView {
    let menu_id = format!("menu-{}", next_id());
    let open = RwSignal::new(false);
    let button = NodeRef::<leptos::html::Button>::new();
    let menu = NodeRef::<leptos::html::Ul>::new();
    let items = StoredValue::new(items);
    let focus_item = move |at: i64| {
        let Some(menu) = menu.get_untracked() else { return };
        let children = menu.children();
        let count = i64::from(children.length());
        if count == 0 {
            return;
        }
        let index = u32::try_from(at.rem_euclid(count)).unwrap_or(0);
        if let Some(item) = children.item(index).and_then(|item| item.dyn_into::<HtmlElement>().ok()) {
            let _ = item.focus();
        }
    };
    let open_at = move |at: i64| {
        open.set(true);
        // The menu is in the page once this turn of the event loop is over.
        request_animation_frame(move || focus_item(at));
    };
    let close = move |refocus: bool| {
        open.set(false);
        if refocus && let Some(button) = button.get_untracked() {
            let _ = button.focus();
        }
    };
    let choose = move |at: usize| {
        close(true);
        if let Some(action) = items.with_value(|items| items.get(at).map(|item| item.action)) {
            action.run(());
        }
    };
    let on_button_key = move |ev: KeyboardEvent| match ev.key().as_str() {
        "ArrowDown" | "Enter" | " " => {
            ev.prevent_default();
            open_at(0);
        }
        "ArrowUp" => {
            ev.prevent_default();
            open_at(-1);
        }
        _ => {}
    };
    let on_menu_key = move |ev: KeyboardEvent| {
        let focused = ev
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
            .and_then(|element| element.get_attribute("data-index"))
            .and_then(|index| index.parse::<i64>().ok())
            .unwrap_or(0);
        match ev.key().as_str() {
            "ArrowDown" => focus_item(focused + 1),
            "ArrowUp" => focus_item(focused - 1),
            "Home" => focus_item(0),
            "End" => focus_item(-1),
            "Escape" => close(true),
            "Enter" | " " => choose(usize::try_from(focused).unwrap_or(0)),
            "Tab" => {
                open.set(false);
                return;
            }
            _ => return,
        }
        ev.prevent_default();
        ev.stop_propagation();
    };
    // Closes the menu when the focus leaves the button and the menu.
    let wrapper = NodeRef::<leptos::html::Div>::new();
    let on_focus_out = move |ev: web_sys::FocusEvent| {
        let inside = ev
            .related_target()
            .and_then(|target| target.dyn_into::<web_sys::Node>().ok())
            .zip(wrapper.get_untracked())
            .is_some_and(|(target, wrapper)| wrapper.contains(Some(&target)));
        if !inside {
            open.set(false);
        }
    };
    let menu_label = label.clone();
    view! {
        <div class=format!("menu-button {class}") node_ref=wrapper on:focusout=on_focus_out>
            <button
                type="button"
                class="icon-button"
                node_ref=button
                aria-label=label.clone()
                title=label
                aria-haspopup="menu"
                aria-controls=menu_id.clone()
                aria-expanded=move || open.get().to_string()
                on:click=move |_| if open.get_untracked() { close(false) } else { open_at(0) }
                on:keydown=on_button_key
            >
                <Icon name=icon />
            </button>
            <Show when=move || open.get()>
                <ul class="action-menu" role="menu" id=menu_id.clone() aria-label=menu_label.clone() node_ref=menu on:keydown=on_menu_key>
                    {items
                        .get_value()
                        .into_iter()
                        .enumerate()
                        .map(|(at, item)| {
                            view! {
                                <li role="menuitem" tabindex="-1" data-index=at.to_string() on:click=move |_| choose(at)>
                                    <Icon name=item.icon />
                                    {item.label}
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </Show>
        </div>
    }
}
