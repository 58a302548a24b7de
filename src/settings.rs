//! Settings: the Settings dialog with its sections (image hosts, long
//! conversations, backups and the import review). `state` holds
//! `PreferencesContext`, how answers are shown and when to compact.

pub(crate) mod image_hosts_setting;
pub(crate) mod import_progress;
pub(crate) mod import_review;
pub(crate) mod language_setting;
pub(crate) mod long_conversation_settings;
pub(crate) mod settings_dialog;
pub(crate) mod state;
pub(crate) mod storage_usage;
pub(crate) mod voice_settings;
