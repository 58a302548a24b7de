//! The windowed list's bookkeeping (see `Conversation`): which messages are
//! listed, their measured heights (a `ResizeObserver` on the mounted rows),
//! which rows the viewport needs, and the row holding the keyboard focus, kept
//! mounted and given its focus back when a re-render moved it.

use std::collections::HashMap;

use hearth_core::window::{Span, estimate, mounted};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{Element, FocusEvent, HtmlElement, ResizeObserver};

use crate::chat::state::{ChatContext, Entry, EntryKind};

/// Conversations with at most this many messages have all of them in the page
/// (cheap, and the browser's find-in-page sees them all).
pub(super) const ALWAYS_MOUNTED: usize = 40;

/// The listed messages: (position in `entries`, id). Earlier versions of
/// regenerated replies are not listed; their reply's version arrows reach
/// them. Summaries are shown as their divider instead. A compare turn is one
/// row, whichever of its answers is shown: its first record stands for it, so
/// picking another keeps the row.
pub(super) fn listed_messages(chat: ChatContext) -> Memo<Vec<(usize, String)>> {
    Memo::new(move |_| {
        chat.shown.with(|shown| {
            chat.entries.with(|entries| {
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
    })
}

/// The compare turn `entry` is an answer of, if any.
pub(super) fn group_of(entry: &Entry) -> Option<&str> {
    entry.node.as_ref()?.group.as_deref()
}

/// Whether `entry` is a summary (shown as its divider, not as a message).
fn is_summary(entry: &Entry) -> bool {
    matches!(entry.kind, EntryKind::Summary(_))
}

/// The id of the message row holding `element`, if any: the row's spacer (the
/// `data-row` element) is the nearest one before the list's child holding it.
pub(super) fn row_of(list: NodeRef<leptos::html::Div>, element: &Element) -> Option<String> {
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
pub(super) struct Window {
    /// Measured heights by message id (CSS pixels, the row without its spacer).
    pub(super) heights: StoredValue<HashMap<String, f64>>,
    /// Bumped when `heights` changed.
    pub(super) measured: RwSignal<u32>,
    /// The rows (indices into the listed messages) near the viewport.
    pub(super) span: RwSignal<Span>,
    /// The message whose row holds the keyboard focus: kept mounted.
    pub(super) focused: RwSignal<Option<String>>,
    /// The element holding the focus in that row.
    pub(super) focus: StoredValue<Option<HtmlElement>, LocalStorage>,
    /// Whether the rows are being re-rendered (until the next frame).
    pub(super) moving: StoredValue<bool>,
    /// Measures the mounted rows.
    pub(super) observer: StoredValue<Option<ResizeObserver>, LocalStorage>,
    /// The observer's callback, kept alive with it.
    pub(super) callback: StoredValue<Option<Measure>, LocalStorage>,
}

impl Window {
    /// Nothing measured yet; the observer measures the rows of `list`.
    pub(super) fn new(list: NodeRef<leptos::html::Div>) -> Self {
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
    pub(super) fn remount(self, span: Span) {
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

    /// Every listed message's height: measured, else the estimate.
    pub(super) fn row_heights(self, listed: Memo<Vec<(usize, String)>>) -> Memo<Vec<f64>> {
        Memo::new(move |_| {
            self.measured.track();
            listed.with(|listed| {
                self.heights.with_value(|known| {
                    let guess = estimate(known.values().copied());
                    listed.iter().map(|(_, id)| known.get(id).copied().unwrap_or(guess)).collect::<Vec<f64>>()
                })
            })
        })
    }

    /// The rows to mount (indices into `listed`): all of a short
    /// conversation, else those near the viewport and the one holding the focus.
    pub(super) fn rows(self, listed: Memo<Vec<(usize, String)>>) -> Memo<Vec<usize>> {
        Memo::new(move |_| {
            let len = listed.with(Vec::len);
            if len <= ALWAYS_MOUNTED {
                return (0..len).collect::<Vec<usize>>();
            }
            let keep = self.focused.with(|focused| {
                let focused = focused.as_ref()?;
                listed.with(|listed| listed.iter().position(|(_, id)| id == focused))
            });
            mounted(self.span.get(), keep, len)
        })
    }

    /// Keeps the message holding the focus mounted while it does (`focusin`
    /// on the list). A re-render may move its row in the page, which drops
    /// the focus: see [`Self::remount`].
    pub(super) fn focus_in(self, list: NodeRef<leptos::html::Div>, ev: &FocusEvent) {
        let target = ev.target().and_then(|target| target.dyn_into::<HtmlElement>().ok());
        let row = target.as_ref().and_then(|el| row_of(list, el));
        self.focus.set_value(target.filter(|_| row.is_some()));
        if self.focused.with_untracked(|focused| *focused != row) {
            self.focused.set(row);
        }
    }

    /// The focus left a row (`focusout` on the list): it is no longer kept
    /// mounted, unless a re-render took the focus (given back once it is done).
    pub(super) fn focus_out(self, list: NodeRef<leptos::html::Div>, ev: &FocusEvent) {
        let next = ev.related_target().and_then(|target| target.dyn_into::<Element>().ok());
        if next.is_none() && self.moving.get_value() {
            return; // Lost to a re-render: given back once it is done.
        }
        if next.as_ref().and_then(|el| row_of(list, el)).is_none() && self.focused.with_untracked(Option::is_some) {
            self.focus.set_value(None);
            self.focused.set(None);
        }
    }

    /// Forgets what was measured (another conversation is shown).
    pub(super) fn reset(self) {
        self.heights.set_value(HashMap::new());
        self.span.set(Span::default());
        self.focused.set(None);
        self.focus.set_value(None);
    }

    /// Stops measuring.
    pub(super) fn disconnect(self) {
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
