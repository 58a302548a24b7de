//! A reply and its parts: thinking, the still-writing dots, the error card,
//! the version arrows, the icon row, what it brings beyond text (its sources,
//! the provider's own tools, the pictures the model made, what cannot be shown
//! yet), and what handles the rendered markdown inside it (Copy code,
//! highlighting once it ended, Load image, Show diagram, citation marks).

pub(crate) mod assistant_message;
pub(crate) mod citation_links;
pub(crate) mod code_copy;
pub(crate) mod code_highlight;
pub(crate) mod diagram_view;
pub(crate) mod error_card;
pub(crate) mod image_loading;
pub(crate) mod read_aloud_button;
pub(crate) mod reply_images;
pub(crate) mod reply_parts;
pub(crate) mod reply_sources;
pub(crate) mod save_reply_button;
pub(crate) mod server_tool_list;
pub(crate) mod still_writing;
pub(crate) mod thinking_block;
pub(crate) mod unsupported_note;
