//! Branch views: the version arrows of a fork (`VersionSwitcher`), "More
//! actions" under a message (`MessageMenu`: edit an answer, branch into a new
//! chat, prune), and what the `branches` chunk builds: the message editor
//! (`MessageEditor`), and the dialogs the session bar opens
//! (`branch_panel_view`: the outline of forks, `ConversationOutline`, and the
//! reply editor, `ReplyEditor`). The work is in `chat::state::branching`; the
//! guide page is `docs/branches.md`.

pub(crate) mod branch_panel;
pub(crate) mod conversation_outline;
pub(crate) mod message_editor;
pub(crate) mod message_menu;
pub(crate) mod reply_editor;
pub(crate) mod version_switcher;
