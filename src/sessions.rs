//! The conversations list: the sidebar (New chat, search over every message,
//! the list with each row's actions) and the undo of a deletion. `state` holds
//! `SessionsContext`, the stored conversations and which one is open (the
//! address).

pub(crate) mod search_results;
pub(crate) mod session_item;
pub(crate) mod sidebar;
pub(crate) mod state;
pub(crate) mod undo_toast;
