//! Providers: the Providers dialog with each account's editor, the top bar's
//! model control, and the API key lock (its Settings section and the unlock
//! prompt). `state` holds `ProvidersContext`, the accounts, which one answers
//! by default, and the key lock's state.

pub(crate) mod key_lock_setting;
pub(crate) mod model_inputs_field;
pub(crate) mod model_picker;
pub(crate) mod provider_editor;
pub(crate) mod providers_dialog;
pub(crate) mod state;
pub(crate) mod unlock_keys_dialog;
