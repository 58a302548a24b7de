//! UI components, one per file.

pub(crate) mod assistant_message;
pub(crate) mod composer;
pub(crate) mod conversation;
pub(crate) mod provider_form;
pub(crate) mod user_message;
