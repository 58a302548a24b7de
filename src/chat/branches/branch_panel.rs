//! The dialogs of the `branches` chunk that the chat opens through
//! `ChatContext::branch_panel`: the outline of the conversation's forks, and
//! the editor of a reply.

use leptos::prelude::*;

use crate::chat::branches::conversation_outline::ConversationOutline;
use crate::chat::branches::reply_editor::ReplyEditor;
use crate::ui::lazy::{ChunkError, wasm_split};

/// Both dialogs, each open while `branch_panel` names it (kept built once
/// loaded, so closing gives the focus back), from the `branches` chunk.
#[wasm_split(branches, fallible)]
pub(crate) fn branch_panel_view() -> Result<AnyView, ChunkError> {
    Ok(view! {
        <ConversationOutline />
        <ReplyEditor />
    }
    .into_any())
}
