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
//! Short conversations (up to [`ALWAYS_MOUNTED`] messages) are kept whole.

use std::collections::HashMap;

use hearth_core::window::{Span, estimate, gaps, mounted, rows_to_mount};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{Element, FocusEvent, HtmlElement, ResizeObserver};

use crate::chat::conversation_welcome::ConversationWelcome;
use crate::chat::jump_to_latest::JumpToLatest;
use crate::chat::message_row::MessageRow;
use crate::chat::state::{ChatContext, Entry, EntryKind};
use crate::composer::file_drop;
use crate::sessions::state::SessionsContext;

/// Conversations with at most this many messages have all of them in the page
/// (cheap, and the browser's find-in-page sees them all).
const ALWAYS_MOUNTED: usize = 40;

/// The open conversation's messages, the latest at the bottom, windowed (see
/// the module's header).
///
/// Scrolling: while the view is at the bottom (within [`NEAR_BOTTOM_PX`]) it
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
    // The listed messages: (position in `entries`, id). Earlier versions of
    // regenerated replies are not listed; their reply's version arrows reach
    // them. Summaries are shown as their divider instead.
    let listed = Memo::new(move |_| {
        chat.shown.with(|shown| {
            chat.entries.with(|entries| {
                // A compare turn is one row, whichever of its answers is shown: its
                // first record stands for it, so picking another keeps the row.
                let mut turns: Vec<&str> = Vec::new();
                entries
                    .iter()
                    .zip(shown)
                    .enumerate()
                    .filter(|(_, (entry, on))| **on && !is_summary(entry))
                    .filter_map(|(at, (entry, _))| match group_of(entry) {
                        Some(group) if turns.contains(&group) => None,
                        Some(group) => {
                            turns.push(group);
                            let first = entries.iter().position(|other| group_of(other) == Some(group)).unwrap_or(at);
                            Some((first, entries[first].id.clone()))
                        }
                        None => Some((at, entry.id.clone())),
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    // Every listed message's height: measured, else the estimate.
    let heights = Memo::new(move |_| {
        window.measured.track();
        listed.with(|listed| {
            window.heights.with_value(|known| {
                let guess = estimate(known.values().copied());
                listed.iter().map(|(_, id)| known.get(id).copied().unwrap_or(guess)).collect::<Vec<f64>>()
            })
        })
    });
    let rows = Memo::new(move |_| {
        let len = listed.with(Vec::len);
        if len <= ALWAYS_MOUNTED {
            return (0..len).collect::<Vec<usize>>();
        }
        let keep = window.focused.with(|focused| {
            let focused = focused.as_ref()?;
            listed.with(|listed| listed.iter().position(|(_, id)| id == focused))
        });
        mounted(window.span.get(), keep, len)
    });
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
    // A message asked for (a search result, a version picked in the outline):
    // once it is listed, the view goes to it, mounting what is needed (its
    // place from the heights known, then the message itself a frame later).
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
    // The gap before the mounted row showing message `id`.
    let gap_before = move |id: String| {
        Signal::derive(move || {
            let at = rows.with(|rows| {
                listed
                    .with(|listed| rows.iter().position(|&row| listed.get(row).is_some_and(|(_, shown)| *shown == id)))
            });
            at.and_then(|at| row_gaps.with(|gaps| gaps.get(at).copied())).unwrap_or(0.0)
        })
    };
    // The message holding the focus stays mounted while it does. (A re-render
    // may move its row in the page, which drops the focus: see `Window::remount`.)
    let on_focusin = move |ev: FocusEvent| {
        let target = ev.target().and_then(|target| target.dyn_into::<HtmlElement>().ok());
        let row = target.as_ref().and_then(|el| row_of(list, el));
        window.focus.set_value(target.filter(|_| row.is_some()));
        if window.focused.with_untracked(|focused| *focused != row) {
            window.focused.set(row);
        }
    };
    let on_focusout = move |ev: FocusEvent| {
        let next = ev.related_target().and_then(|target| target.dyn_into::<Element>().ok());
        if next.is_none() && window.moving.get_value() {
            return; // Lost to a re-render: given back once it is done.
        }
        if next.as_ref().and_then(|el| row_of(list, el)).is_none() && window.focused.with_untracked(Option::is_some) {
            window.focus.set_value(None);
            window.focused.set(None);
        }
    };
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
        <main class="scroller" node_ref=scroller tabindex="0" aria-label="Messages" on:scroll=on_scroll>
            <div class="conversation" role="log" aria-label="Conversation" node_ref=content>
                <Show when=move || chat.entries.with(Vec::is_empty)>
                    <Show
                        when=move || chat.providers.list.with(Vec::is_empty)
                        fallback=move || view! { <ConversationWelcome agent_name /> }
                    >
                        <div class="empty">
                            <p>
                                "Add a provider to start: OpenAI, Anthropic, Gemini, or any OpenAI-compatible server, including Ollama or LM Studio on this computer."
                            </p>
                            <button type="button" class="primary" on:click=move |_| chat.providers.dialog_open.set(true)>
                                "Set up a provider"
                            </button>
                        </div>
                    </Show>
                </Show>
                <div class="message-list" node_ref=list on:focusin=on_focusin on:focusout=on_focusout>
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

/// The compare turn `entry` is an answer of, if any.
fn group_of(entry: &Entry) -> Option<&str> {
    entry.node.as_ref()?.group.as_deref()
}

/// The id of the message row holding `element`, if any: the row's spacer (the
/// `data-row` element) is the nearest one before the list's child holding it.
fn row_of(list: NodeRef<leptos::html::Div>, element: &Element) -> Option<String> {
    let list = list.get_untracked()?;
    let mut child = element.clone();
    loop {
        let parent = child.parent_element()?;
        if parent.is_same_node(Some(&list)) {
            break;
        }
        child = parent;
    }
    let mut sibling = Some(child);
    while let Some(node) = sibling {
        if let Some(id) = node.get_attribute("data-row") {
            return Some(id);
        }
        sibling = node.previous_element_sibling();
    }
    None
}

/// The list observer's callback.
type Measure = Closure<dyn FnMut()>;

/// What the windowed list knows: the rows' measured heights, which rows the
/// viewport needs, and the row holding the focus.
#[derive(Clone, Copy)]
struct Window {
    /// Measured heights by message id (CSS pixels, the row without its spacer).
    heights: StoredValue<HashMap<String, f64>>,
    /// Bumped when `heights` changed.
    measured: RwSignal<u32>,
    /// The rows (indices into the listed messages) near the viewport.
    span: RwSignal<Span>,
    /// The message whose row holds the keyboard focus: kept mounted.
    focused: RwSignal<Option<String>>,
    /// The element holding the focus in that row.
    focus: StoredValue<Option<HtmlElement>, LocalStorage>,
    /// Whether the rows are being re-rendered (until the next frame).
    moving: StoredValue<bool>,
    /// Measures the mounted rows.
    observer: StoredValue<Option<ResizeObserver>, LocalStorage>,
    /// The observer's callback, kept alive with it.
    callback: StoredValue<Option<Measure>, LocalStorage>,
}

impl Window {
    fn new(list: NodeRef<leptos::html::Div>) -> Self {
        let heights = StoredValue::new(HashMap::new());
        let measured = RwSignal::new(0u32);
        let callback = Measure::new(move || {
            let Some(list) = list.get_untracked() else { return };
            let mut changed = false;
            heights.update_value(|known: &mut HashMap<String, f64>| {
                for (id, height) in measure_rows(&list) {
                    if known.get(&id).is_none_or(|old| (old - height).abs() > 0.5) {
                        known.insert(id, height);
                        changed = true;
                    }
                }
            });
            if changed {
                measured.update(|n| *n = n.wrapping_add(1));
            }
        });
        let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok();
        Self {
            heights,
            measured,
            span: RwSignal::new(Span::default()),
            focused: RwSignal::new(None),
            focus: StoredValue::new_local(None),
            moving: StoredValue::new(false),
            observer: StoredValue::new_local(observer),
            callback: StoredValue::new_local(Some(callback)),
        }
    }

    /// Mounts the rows of `span`. A keyed re-render may move the focused row
    /// in the page, and a moved element loses the focus: it gets it back (without
    /// scrolling) once the frame is rendered.
    fn remount(self, span: Span) {
        self.moving.set_value(true);
        self.span.set(span);
        request_animation_frame(move || {
            let _ = self.moving.try_set_value(false);
            let Some(Some(element)) = self.focus.try_get_value() else { return };
            let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
            let lost = active.is_none_or(|active| active.tag_name().eq_ignore_ascii_case("body"));
            if lost && element.is_connected() {
                focus_without_scrolling(&element);
            }
        });
    }

    /// Forgets what was measured (another conversation is shown).
    fn reset(self) {
        self.heights.set_value(HashMap::new());
        self.span.set(Span::default());
        self.focused.set(None);
        self.focus.set_value(None);
    }

    fn disconnect(self) {
        if let Some(watch) = self.observer.try_update_value(Option::take).flatten() {
            watch.disconnect();
        }
        let _ = self.callback.try_update_value(Option::take);
    }
}

/// `element.focus({ preventScroll: true })`.
fn focus_without_scrolling(element: &HtmlElement) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &true.into());
    if let Ok(focus) = js_sys::Reflect::get(element, &"focus".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = focus.call1(element, &options);
    }
}

/// Every mounted row's id and height: from the top of its spacer to the top of
/// the next spacer (the list's gaps included), less its own spacer.
fn measure_rows(list: &HtmlElement) -> Vec<(String, f64)> {
    let children = list.children();
    let spacers: Vec<(Option<String>, f64, f64)> = (0..children.length())
        .filter_map(|i| children.item(i))
        .filter(|child| child.class_name() == "row-gap")
        .map(|spacer| {
            let (top, height) = rect(&spacer);
            (spacer.get_attribute("data-row"), top, height)
        })
        .collect();
    spacers
        .windows(2)
        .filter_map(|pair| {
            let (id, top, height) = &pair[0];
            Some((id.clone()?, (pair[1].1 - top - height).max(0.0)))
        })
        .collect()
}

/// An element's top and height in CSS pixels (fractional), from `getBoundingClientRect`.
fn rect(element: &Element) -> (f64, f64) {
    let rect = js_sys::Reflect::get(element, &"getBoundingClientRect".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(element).ok());
    let field = |name: &str| {
        rect.as_ref().and_then(|r| js_sys::Reflect::get(r, &name.into()).ok()).and_then(|v| v.as_f64()).unwrap_or(0.0)
    };
    (field("top"), field("height"))
}

/// Whether `entry` is a summary (shown as its divider, not as a message).
fn is_summary(entry: &Entry) -> bool {
    matches!(entry.kind, EntryKind::Summary(_))
}

/// How close to the bottom still counts as "at the bottom", in CSS pixels.
const NEAR_BOTTOM_PX: i32 = 8;

/// Whether the view follows the conversation's growth, and what the Jump
/// button needs to know.
#[derive(Clone, Copy)]
struct Follow {
    /// Whether growth scrolls the view to the bottom (read by the observer, so
    /// not a signal).
    following: StoredValue<bool>,
    /// The conversation's end when last seen (message count, last message's height), to tell growth from other resizes.
    end: StoredValue<(usize, f64)>,
    /// Whether the view is at the bottom.
    at_bottom: RwSignal<bool>,
    /// Whether the conversation grew while the view was away from the bottom.
    grown: RwSignal<bool>,
    /// Where following last put the view (`scrollTop`), until a scroll event
    /// finds it there.
    put_at: StoredValue<Option<i32>>,
    /// Where the view was when last seen (`scrollTop`): only a view that moved
    /// up from there stops following.
    last_top: StoredValue<i32>,
    /// The content's height (`scrollHeight`) when last seen: a view that moved
    /// while it changed was moved by layout, not by the reader.
    last_height: StoredValue<i32>,
}

impl Follow {
    fn new() -> Self {
        Self {
            following: StoredValue::new(true),
            end: StoredValue::new((0, 0.0)),
            at_bottom: RwSignal::new(true),
            grown: RwSignal::new(false),
            put_at: StoredValue::new(None),
            last_top: StoredValue::new(0),
            last_height: StoredValue::new(0),
        }
    }

    /// The view was scrolled: follow at the bottom, stop once something moved
    /// it up away from the bottom (the reader, `scrollIntoView`, find in page, a
    /// screen reader: no need to tell them apart). Layout moves it too, with no
    /// one asking: rows mounted or measured change the content's height,
    /// Chromium's scroll anchoring or clamping moves the view, and the scroll
    /// event comes a frame later, before the observer sees the new height.
    /// Those find the height changed since it was last seen (between frames
    /// nothing else changes it: a streaming reply renders in animation frames,
    /// after scroll events), and while following, the view goes back to the
    /// bottom. `asked`: the app moved it (to a message asked for), and it
    /// follows only if that is the bottom.
    fn scrolled(self, scroller: &HtmlElement, asked: bool) {
        let top = scroller.scroll_top();
        let height = scroller.scroll_height();
        let moved_up = top < self.last_top.get_value();
        let relaid = height != self.last_height.get_value();
        self.last_top.set_value(top);
        self.last_height.set_value(height);
        let near = height - top - scroller.client_height() <= NEAR_BOTTOM_PX;
        let following = near || (!asked && self.following.get_value() && (!moved_up || relaid));
        self.following.set_value(following);
        if following && !near {
            self.to_bottom(scroller);
        }
        if self.at_bottom.get_untracked() != following {
            self.at_bottom.set(following);
        }
        if near && self.grown.get_untracked() {
            self.grown.set(false);
        }
    }

    /// Puts the view at the bottom and sees it there; returns its `scrollTop`.
    fn to_bottom(self, scroller: &HtmlElement) -> i32 {
        let height = scroller.scroll_height();
        scroller.set_scroll_top(height);
        let top = scroller.scroll_top();
        self.last_top.set_value(top);
        self.last_height.set_value(height);
        top
    }

    /// The content or the scroller changed size (after layout, once a frame at
    /// most): keep to the bottom while following, else remember growth. Growth
    /// is the conversation's `end` (its message count, its last message's
    /// measured height) growing, not the content's height: that also changes
    /// when rows of the windowed list are mounted and measured.
    fn resized(self, scroller: &HtmlElement, end: (usize, f64)) {
        let (count, last) = self.end.get_value();
        let grew = end.0 > count || (end.0 == count && end.1 > last + 0.5);
        self.end.set_value(end);
        if self.following.get_value() {
            // Layout is clean here (after layout): reading back costs nothing.
            self.put_at.set_value(Some(self.to_bottom(scroller)));
        } else if grew && !self.grown.get_untracked() {
            self.grown.set(true);
        }
    }

    /// Whether a scroll event is the one following caused, with the view still
    /// where following put it. Then nothing changed: following implies the view
    /// is at the bottom (`at_bottom`), nothing grew unseen (`grown`), and the
    /// rows were placed when it was put there. A user's scroll lands elsewhere
    /// (or at the same bottom, where following is right) and is read in full.
    fn landed(self, scroller: &HtmlElement) -> bool {
        let Some(put_at) = self.put_at.try_update_value(Option::take).flatten() else { return false };
        // (`last_top` is left alone: `resized` set it to `put_at`, and a view
        // found elsewhere is read by `scrolled` against it.)
        self.following.get_value() && scroller.scroll_top() == put_at
    }

    /// Back to the bottom, following again.
    fn resume(self, scroller: Option<&HtmlElement>) {
        self.following.set_value(true);
        self.at_bottom.set(true);
        self.grown.set(false);
        if let Some(scroller) = scroller {
            self.to_bottom(scroller);
        }
    }
}
