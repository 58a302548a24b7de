//! The open conversation, a live log that screen readers follow, and how it
//! scrolls: it follows a growing reply only while the reader is at the bottom.
//! Files dropped on it are attached to the next message. A summary is no
//! message: its divider stands before the first message it keeps verbatim.
//!
//! A long conversation is a windowed list: only the messages near the viewport
//! are in the page, each preceded by a spacer as tall as the messages left out
//! before it (their measured heights, or the mean measured height for messages
//! never shown), so the scrollbar tells the truth and scrolling mounts the
//! messages it reaches. The message holding the keyboard focus stays mounted.
//! Short conversations (up to [`ALWAYS_MOUNTED`](window::ALWAYS_MOUNTED) messages) are kept whole.
//!
//! Inside: `window` (the list's bookkeeping), `follow` (following the growth,
//! and the Jump button), `EmptyConversation` (no message yet).

mod empty_conversation;
mod follow;
mod window;

use std::collections::HashMap;

use hearth_core::window::{gaps, rows_to_mount};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{HtmlElement, ResizeObserver};

use crate::chat::jump_to_latest::JumpToLatest;
use crate::chat::message_row::MessageRow;
use crate::chat::state::{ChatContext, Entry};
use crate::composer::file_drop;
use crate::i18n::tr;
use crate::sessions::state::SessionsContext;
use empty_conversation::EmptyConversation;
use follow::Follow;
use window::{Window, group_of, listed_messages};

/// The open conversation's messages, the latest at the bottom, windowed (see
/// the module's header).
///
/// Scrolling: while the view is at the bottom (within `follow::NEAR_BOTTOM_PX`) it
/// follows the conversation as it grows; scrolling up stops that, and "Jump to
/// latest" brings the view back and follows again. The position is read only on
/// scroll events and when the content's size changed (a `ResizeObserver`, at
/// most once per frame, after layout), never per token.
#[component]
pub(crate) fn Conversation() -> impl IntoView {
    let chat = ChatContext::expect();
    let sessions = SessionsContext::expect();
    let scroller = NodeRef::<leptos::html::Main>::new();
    let content = NodeRef::<leptos::html::Div>::new();
    let bottom_gap = NodeRef::<leptos::html::Div>::new();
    let follow = Follow::new();
    let list = NodeRef::<leptos::html::Div>::new();
    let window = Window::new(list);
    let listed = listed_messages(chat);
    let heights = window.row_heights(listed);
    let rows = window.rows(listed);
    let row_gaps = Memo::new(move |_| heights.with(|heights| rows.with(|rows| gaps(heights, rows))));
    // Which rows to mount for where the view is now; only a change re-renders.
    let place = move || {
        let (Some(element), Some(list)) = (scroller.get_untracked(), list.get_untracked()) else { return };
        let viewport = f64::from(element.client_height());
        heights.with_untracked(|heights| {
            let current = window.span.get_untracked();
            let top = if follow.following.get_value() {
                heights.iter().sum::<f64>() - viewport
            } else {
                f64::from(element.scroll_top()) - f64::from(list.offset_top() - element.offset_top())
            };
            let next = rows_to_mount(heights, current, top, viewport, viewport);
            if next != current {
                window.remount(next);
            }
        });
    };
    observe_size(Sizes { scroller, content, list, listed, window, follow }, place);
    // Measured heights or a new list: the spacers change, and maybe which rows to mount.
    Effect::new(move |_| {
        heights.track();
        place();
    });
    Effect::new(move |_| {
        let height = row_gaps.with(|gaps| gaps.last().copied().unwrap_or(0.0));
        if let Some(spacer) = bottom_gap.get() {
            let _ = web_sys::HtmlElement::style(&spacer).set_property("height", &format!("{height}px"));
        }
    });
    // Another conversation opens at its bottom, measured afresh.
    Effect::new(move |_| {
        sessions.current.track();
        window.reset();
        follow.resume(scroller.get_untracked().as_ref());
    });
    // Sending (or regenerating) brings the view back to the newest message.
    Effect::new(move |was_busy: Option<bool>| {
        let busy = chat.busy.get();
        if busy && was_busy == Some(false) {
            follow.resume(scroller.get_untracked().as_ref());
            place();
        }
        busy
    });
    let on_scroll = move |_| {
        if let Some(element) = scroller.get_untracked() {
            // Following moves the view every frame a reply grows: the scroll
            // that lands where it put the view changes nothing (the observer
            // already placed the rows), so it costs one read, not five.
            if follow.landed(&element) {
                return;
            }
            follow.scrolled(&element, false);
            place();
        }
    };
    let jump = Callback::new(move |()| {
        let element: Option<HtmlElement> = scroller.get_untracked();
        follow.resume(element.as_ref());
        place();
        // The button goes away: the conversation takes the focus, so the keys
        // that scroll it work from here.
        if let Some(element) = element {
            let _ = element.focus();
        }
    });
    go_to_asked(chat, Sizes { scroller, content, list, listed, window, follow }, heights, place);
    let jump_shown = Signal::derive(move || !follow.at_bottom.get() && (follow.grown.get() || chat.busy.get()));
    let agent_name = Signal::derive(move || Some(chat.agent().name));
    let mounted_entries = move || {
        rows.with(|rows| {
            listed.with(|listed| {
                chat.entries.with(|entries| {
                    rows.iter()
                        .filter_map(|&row| listed.get(row).and_then(|(at, _)| entries.get(*at)).cloned())
                        .collect::<Vec<Entry>>()
                })
            })
        })
    };
    let gap_before = row_gap_signals(listed, rows, row_gaps);
    Effect::new(move |_| {
        if let Some(list) = list.get() {
            window.observer.with_value(|watch| {
                if let Some(watch) = watch {
                    watch.observe(&list);
                }
            });
        }
    });
    view! {
        <div
            class="conversation-pane"
            on:dragover=file_drop::on_dragover
            on:drop=move |ev| file_drop::on_drop(ev, chat)
        >
        <main class="scroller" node_ref=scroller tabindex="0" aria-label=tr("Messages") on:scroll=on_scroll>
            <div class="conversation" role="log" aria-label=tr("Conversation") node_ref=content>
                <Show when=move || chat.entries.with(Vec::is_empty)>
                    <EmptyConversation agent_name />
                </Show>
                <div
                    class="message-list"
                    node_ref=list
                    on:focusin=move |ev| window.focus_in(list, &ev)
                    on:focusout=move |ev| window.focus_out(list, &ev)
                >
                    <For each=mounted_entries key=|entry: &Entry| entry.id.clone() let:entry>
                        <MessageRow gap=gap_before(entry.id.clone()) entry />
                    </For>
                    <div class="row-gap" aria-hidden="true" node_ref=bottom_gap></div>
                </div>
            </div>
        </main>
        <JumpToLatest shown=jump_shown on_jump=jump />
        </div>
    }
}

/// The gap before each mounted row, as a signal of the row's own (made in
/// the row, disposed with it), kept by one effect on the list's gaps. A row
/// reading the list-wide memos itself would stay in their subscribers after
/// it is gone (reactive_graph keeps a disposed subscriber in its sources'
/// sets), and every later change of the rows would visit them all: scrolling
/// through a long conversation got slower with every row it had mounted.
fn row_gap_signals(
    listed: Memo<Vec<(usize, String)>>,
    rows: Memo<Vec<usize>>,
    row_gaps: Memo<Vec<f64>>,
) -> impl Fn(String) -> Signal<f64> + Copy + 'static {
    let signals = StoredValue::new(HashMap::<String, RwSignal<f64>>::new());
    let gap_of = move |id: &str| {
        let at = rows.with_untracked(|rows| {
            listed.with_untracked(|listed| {
                rows.iter().position(|&row| listed.get(row).is_some_and(|(_, shown)| shown == id))
            })
        });
        at.and_then(|at| row_gaps.with_untracked(|gaps| gaps.get(at).copied())).unwrap_or(0.0)
    };
    Effect::new(move |_| {
        row_gaps.with(|gaps| {
            rows.with(|rows| {
                listed.with(|listed| {
                    signals.with_value(|signals| {
                        for (at, row) in rows.iter().enumerate() {
                            let (Some((_, id)), Some(gap)) = (listed.get(*row), gaps.get(at)) else { continue };
                            if let Some(signal) = signals.get(id)
                                && signal.get_untracked() != *gap
                            {
                                signal.set(*gap);
                            }
                        }
                    });
                });
            });
        });
    });
    move |id: String| {
        let gap = RwSignal::new(gap_of(&id));
        signals.update_value(|signals| {
            signals.insert(id.clone(), gap);
        });
        on_cleanup(move || {
            signals.try_update_value(|signals| {
                if signals.get(&id) == Some(&gap) {
                    signals.remove(&id);
                }
            });
        });
        gap.into()
    }
}

/// What the conversation's view is made of, for the helpers below.
#[derive(Clone, Copy)]
struct Sizes {
    /// The scrolling element.
    scroller: NodeRef<leptos::html::Main>,
    /// The conversation inside it.
    content: NodeRef<leptos::html::Div>,
    /// The list of message rows.
    list: NodeRef<leptos::html::Div>,
    /// The listed messages (see `window::listed_messages`).
    listed: Memo<Vec<(usize, String)>>,
    /// The windowed list's bookkeeping.
    window: Window,
    /// Whether the view follows the growth.
    follow: Follow,
}

/// Watches the scroller's and the content's size (a `ResizeObserver`, after
/// layout): keeps to the bottom while following, notes growth, and `place`s
/// the rows. Disconnected with the view.
fn observe_size(sizes: Sizes, place: impl Fn() + Copy + 'static) {
    let Sizes { scroller, content, listed, window, follow, .. } = sizes;
    let observer = StoredValue::new_local(None::<(ResizeObserver, Closure<dyn FnMut()>)>);
    Effect::new(move |_| {
        let (Some(scroller), Some(content)) = (scroller.get(), content.get()) else { return };
        if observer.with_value(Option::is_some) {
            return;
        }
        let element: HtmlElement = scroller.clone();
        let on_resize = Closure::<dyn FnMut()>::new(move || {
            // The conversation's end: how many messages, and the last one's height.
            let end = listed.with_untracked(|listed| {
                let last = listed.last().and_then(|(_, id)| window.heights.with_value(|known| known.get(id).copied()));
                (listed.len(), last.unwrap_or(0.0))
            });
            follow.resized(&element, end);
            place();
        });
        let Ok(watch) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) else { return };
        watch.observe(&scroller);
        watch.observe(&content);
        observer.set_value(Some((watch, on_resize)));
    });
    on_cleanup(move || {
        if let Some((watch, _)) = observer.try_update_value(Option::take).flatten() {
            watch.disconnect();
        }
        window.disconnect();
    });
}

/// A message asked for (a search result, a version picked in the outline):
/// once it is listed, the view goes to it, mounting what is needed (its
/// place from the `heights` known, then the message itself a frame later).
fn go_to_asked(chat: ChatContext, sizes: Sizes, heights: Memo<Vec<f64>>, place: impl Fn() + Copy + 'static) {
    let Sizes { scroller, list, listed, follow, .. } = sizes;
    Effect::new(move |_| {
        let Some(id) = chat.scroll_to.get() else { return };
        // A compare turn's answer is in its turn's row.
        let row = chat.entries.with_untracked(|entries| {
            let group = entries.iter().find(|entry| entry.id == id).and_then(group_of);
            listed.with(|listed| {
                listed.iter().position(|(at, listed)| {
                    *listed == id || (group.is_some() && entries.get(*at).and_then(group_of) == group)
                })
            })
        });
        let Some(row) = row else { return };
        let row_id = listed.with_untracked(|listed| listed.get(row).map(|(_, id)| id.clone())).unwrap_or_default();
        chat.scroll_to.set(None);
        let (Some(element), Some(list)) = (scroller.get_untracked(), list.get_untracked()) else { return };
        let before = heights.with_untracked(|heights| heights.iter().take(row).sum::<f64>());
        #[allow(clippy::cast_possible_truncation)]
        element.set_scroll_top(list.offset_top() - element.offset_top() + before as i32);
        follow.scrolled(&element, true);
        place();
        request_animation_frame(move || {
            let selector = format!("[data-row=\"{row_id}\"] + *");
            if let Ok(Some(message)) = list.query_selector(&selector) {
                message.scroll_into_view();
                follow.scrolled(&element, true);
            }
        });
    });
}
