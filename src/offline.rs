//! Offline, updates and storage: the Offline badge, the prompt to reload for a
//! new version, the dialog of a tab that is out of date, and the banner when
//! storage fails. `state` holds `NetworkContext` and `UpdatesContext`.

pub(crate) mod offline_indicator;
pub(crate) mod out_of_date_dialog;
pub(crate) mod state;
pub(crate) mod storage_banner;
pub(crate) mod update_prompt;
