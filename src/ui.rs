//! Shared UI primitives: the shapes the features repeat (a modal dialog, a
//! menu button, a labelled text field, a disclosure, a copy button, the icons)
//! and helpers for markup put into the page. They know no feature's state.

pub(crate) mod copy_button;
pub(crate) mod disclosure;
pub(crate) mod dom;
pub(crate) mod icon;
pub(crate) mod lazy;
pub(crate) mod lazy_once;
pub(crate) mod menu_button;
pub(crate) mod modal_dialog;
pub(crate) mod text_field;

/// A number unique in this page, for element ids.
pub(crate) fn next_id() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
