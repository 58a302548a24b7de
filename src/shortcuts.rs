//! Keyboard shortcuts: the help dialog that lists them. `state` holds the one
//! window listener and what each shortcut does.

pub(crate) mod shortcuts_dialog;
pub(crate) mod state;
