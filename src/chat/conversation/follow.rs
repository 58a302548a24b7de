//! Whether the conversation's view follows its growth (see `Conversation`),
//! and what the "Jump to latest" button needs to know.

use leptos::prelude::*;
use web_sys::HtmlElement;

/// How close to the bottom still counts as "at the bottom", in CSS pixels.
pub(super) const NEAR_BOTTOM_PX: i32 = 8;

/// Whether the view follows the conversation's growth, and what the Jump
/// button needs to know.
#[derive(Clone, Copy)]
pub(super) struct Follow {
    /// Whether growth scrolls the view to the bottom (read by the observer, so
    /// not a signal).
    pub(super) following: StoredValue<bool>,
    /// The conversation's end when last seen (message count, last message's height), to tell growth from other resizes.
    pub(super) end: StoredValue<(usize, f64)>,
    /// Whether the view is at the bottom.
    pub(super) at_bottom: RwSignal<bool>,
    /// Whether the conversation grew while the view was away from the bottom.
    pub(super) grown: RwSignal<bool>,
    /// Where following last put the view (`scrollTop`), until a scroll event
    /// finds it there.
    pub(super) put_at: StoredValue<Option<i32>>,
    /// Where the view was when last seen (`scrollTop`): only a view that moved
    /// up from there stops following.
    pub(super) last_top: StoredValue<i32>,
    /// The content's height (`scrollHeight`) when last seen: a view that moved
    /// while it changed was moved by layout, not by the reader.
    pub(super) last_height: StoredValue<i32>,
}

impl Follow {
    /// At the bottom, following.
    pub(super) fn new() -> Self {
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
    pub(super) fn scrolled(self, scroller: &HtmlElement, asked: bool) {
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
    pub(super) fn resized(self, scroller: &HtmlElement, end: (usize, f64)) {
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
    pub(super) fn landed(self, scroller: &HtmlElement) -> bool {
        let Some(put_at) = self.put_at.try_update_value(Option::take).flatten() else { return false };
        // (`last_top` is left alone: `resized` set it to `put_at`, and a view
        // found elsewhere is read by `scrolled` against it.)
        self.following.get_value() && scroller.scroll_top() == put_at
    }

    /// Back to the bottom, following again.
    pub(super) fn resume(self, scroller: Option<&HtmlElement>) {
        self.following.set_value(true);
        self.at_bottom.set(true);
        self.grown.set(false);
        if let Some(scroller) = scroller {
            self.to_bottom(scroller);
        }
    }
}
