//! UI components, one per file.

pub(crate) mod agent_editor;
pub(crate) mod agent_picker;
pub(crate) mod agent_row;
pub(crate) mod agent_switch_divider;
pub(crate) mod agent_tools;
pub(crate) mod agents_dialog;
pub(crate) mod app_preview;
pub(crate) mod app_version_button;
pub(crate) mod ask_before_running;
pub(crate) mod assistant_message;
pub(crate) mod attach_file_button;
pub(crate) mod attached_files;
pub(crate) mod code_copy;
pub(crate) mod code_highlight;
pub(crate) mod compact_button;
pub(crate) mod composer;
pub(crate) mod context_meter;
pub(crate) mod conversation;
pub(crate) mod conversation_not_found;
pub(crate) mod conversation_welcome;
pub(crate) mod copy_button;
pub(crate) mod diagram_view;
pub(crate) mod disclosure;
pub(crate) mod dom;
pub(crate) mod error_card;
pub(crate) mod file_drop;
pub(crate) mod file_mention;
pub(crate) mod icon;
pub(crate) mod image_hosts_setting;
pub(crate) mod image_loading;
pub(crate) mod import_review;
pub(crate) mod jump_to_latest;
pub(crate) mod key_lock_setting;
pub(crate) mod long_conversation_settings;
pub(crate) mod menu_button;
pub(crate) mod message_box;
pub(crate) mod message_row;
pub(crate) mod modal_dialog;
pub(crate) mod model_picker;
pub(crate) mod offline_indicator;
pub(crate) mod out_of_date_dialog;
pub(crate) mod project_files;
pub(crate) mod prompt_preview;
pub(crate) mod prompt_sections;
pub(crate) mod provider_editor;
pub(crate) mod providers_dialog;
pub(crate) mod save_reply_button;
pub(crate) mod search_results;
pub(crate) mod session_bar;
pub(crate) mod session_item;
pub(crate) mod settings_dialog;
pub(crate) mod shortcuts_dialog;
pub(crate) mod sidebar;
pub(crate) mod still_writing;
pub(crate) mod storage_banner;
pub(crate) mod summary_divider;
pub(crate) mod text_field;
pub(crate) mod thinking_block;
pub(crate) mod tool_activity;
pub(crate) mod tool_approval;
pub(crate) mod tools_dialog;
pub(crate) mod top_bar;
pub(crate) mod undo_toast;
pub(crate) mod unlock_keys_dialog;
pub(crate) mod update_prompt;
pub(crate) mod user_message;
pub(crate) mod user_tool_editor;
pub(crate) mod version_switcher;

/// A number unique in this page, for element ids.
pub(crate) fn next_id() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
