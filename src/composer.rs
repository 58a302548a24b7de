//! The composer: the message box with its @mention list, the attached files,
//! images and PDFs, Attach, Send and Stop, pasting and dropping files, the context meter and Compact.
//! `state` holds the message being written (`ComposerDraft`) and the files
//! attached to it.

// The feature and its main component share the name.
pub(crate) mod attach_file_button;
pub(crate) mod attached_files;
pub(crate) mod attached_media;
pub(crate) mod camera_button;
pub(crate) mod compact_button;
pub(crate) mod compare_button;
pub(crate) mod compare_choice;
pub(crate) mod compare_setup;
#[allow(clippy::module_inception)]
pub(crate) mod composer;
pub(crate) mod context_meter;
pub(crate) mod continue_note;
pub(crate) mod dictate_button;
pub(crate) mod dictation_status;
pub(crate) mod effort_choice;
pub(crate) mod file_drop;
pub(crate) mod file_mention;
pub(crate) mod media_thumb;
pub(crate) mod message_box;
pub(crate) mod options_toggle;
pub(crate) mod picture_button;
pub(crate) mod picture_choices;
pub(crate) mod picture_dialog;
pub(crate) mod search_button;
pub(crate) mod state;
pub(crate) mod talk_button;
pub(crate) mod voice_note_detail;
