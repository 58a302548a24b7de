//! Voice: dictation into the message box and "Read aloud" (see
//! `docs/voice.md`). The state the composer and the replies follow is in
//! [`state`]; everything that records, sends, plays or speaks is in the
//! `voice` chunk (`state::code`), fetched at the first use.

pub(crate) mod recorder_panel;
pub(crate) mod state;
pub(crate) mod talk_panel;
