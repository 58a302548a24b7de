//! App agents' apps: the App preview beside the conversation and the "Show
//! app version N" button on each app reply. `state` holds which app the
//! preview shows (`AppPreviewChoice`).

pub(crate) mod app_preview;
pub(crate) mod app_version_button;
pub(crate) mod state;
