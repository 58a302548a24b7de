//! UI components, one per file.

pub(crate) mod assistant_message;
pub(crate) mod composer;
pub(crate) mod conversation;
pub(crate) mod provider_form;
pub(crate) mod search_results;
pub(crate) mod session_bar;
pub(crate) mod session_item;
pub(crate) mod settings_dialog;
pub(crate) mod sidebar;
pub(crate) mod storage_banner;
pub(crate) mod undo_toast;
pub(crate) mod user_message;
