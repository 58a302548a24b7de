//! The open conversation: its messages (windowed when long), the bar above
//! them, the welcome of a new one, "not found", the summary divider, and each
//! reply's parts (in `reply`); a compare turn's views (in `compare`) and the
//! views of branches: version arrows, editing, the outline (in `branches`).
//! `state` holds `ChatContext`, the conversation's
//! signals and its actions (Send, Stop, Regenerate, Retry, Compact, Switch
//! agent), and runs a turn.

pub(crate) mod branches;
pub(crate) mod compare;
pub(crate) mod conversation;
pub(crate) mod conversation_not_found;
pub(crate) mod conversation_welcome;
pub(crate) mod jump_to_latest;
pub(crate) mod media_viewer;
pub(crate) mod message_row;
pub(crate) mod reply;
pub(crate) mod sent_media;
pub(crate) mod sent_voice_note;
pub(crate) mod session_bar;
pub(crate) mod state;
pub(crate) mod stored_url;
pub(crate) mod summary_divider;
pub(crate) mod user_message;
