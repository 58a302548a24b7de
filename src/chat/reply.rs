//! A reply and its parts: thinking, the still-writing dots, the error card,
//! the version arrows, the icon row, and what handles the rendered markdown
//! inside it (Copy code, highlighting once it ended, Load image, Show
//! diagram).

pub(crate) mod assistant_message;
pub(crate) mod code_copy;
pub(crate) mod code_highlight;
pub(crate) mod diagram_view;
pub(crate) mod error_card;
pub(crate) mod image_loading;
pub(crate) mod save_reply_button;
pub(crate) mod still_writing;
pub(crate) mod thinking_block;
