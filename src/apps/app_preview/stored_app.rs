//! What the app preview keeps of a conversation's app: its network permission
//! and its `localStorage` items (the conversation's `AppState`, stored as a
//! setting through the store), loaded when the conversation opens, forgotten
//! with "Clear conversation", and written as they change.

use std::collections::BTreeMap;

use hearth_core::storage::SettingRecord;
use hearth_core::storage::app_state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::ChatContext;
use crate::sessions::state::SessionsContext;
use crate::store::StoreContext;

/// The open conversation's app state, as loaded and changed.
#[derive(Clone, Copy)]
pub(crate) struct StoredApp {
    /// The session the state belongs to, once loaded: no frame runs with
    /// another's data.
    pub(crate) loaded: RwSignal<Option<String>>,
    /// Whether the app may use the network.
    pub(crate) network: RwSignal<bool>,
    /// The app's `localStorage` items.
    pub(crate) storage: StoredValue<BTreeMap<String, String>>,
    /// Whether a write is in flight.
    writing: StoredValue<bool>,
    /// The newest state waiting behind it.
    waiting: StoredValue<Option<SettingRecord>>,
    /// Where it is written.
    store: StoreContext,
}

impl StoredApp {
    /// Follows the open conversation: loads its app state when it opens, and
    /// forgets it when the conversation is cleared.
    pub(crate) fn follow(chat: ChatContext, sessions: SessionsContext, store: StoreContext) -> Self {
        let this = Self {
            loaded: RwSignal::new(None),
            network: RwSignal::new(false),
            storage: StoredValue::new(BTreeMap::new()),
            writing: StoredValue::new(false),
            waiting: StoredValue::new(None),
            store,
        };
        let Self { loaded, network, storage, .. } = this;
        Effect::new(move |_| {
            let session = sessions.current.get();
            loaded.set(None);
            let Some(session) = session else { return };
            spawn_local(async move {
                let state = match store.setting(&AppState::setting_key(&session)).await {
                    Ok(value) => AppState::from_setting(value),
                    Err(error) => {
                        store.report(error);
                        AppState::default()
                    }
                };
                if sessions.current.get_untracked().as_deref() == Some(session.as_str()) {
                    network.set(state.network_allowed);
                    storage.set_value(state.items);
                    loaded.set(Some(session));
                }
            });
        });
        // "Clear conversation" deletes the app's stored state with the messages
        // (`Db::clear_session_messages`): the panel forgets it too, so a new app
        // in the emptied conversation starts with no data and no network.
        let empty = Memo::new(move |_| chat.entries.with(Vec::is_empty));
        Effect::new(move |previous: Option<(Option<String>, bool)>| {
            let now = (sessions.current.get(), empty.get());
            if previous.is_some_and(|(session, was_empty)| session == now.0 && !was_empty) && now.1 {
                network.set(false);
                storage.set_value(BTreeMap::new());
            }
            now
        });
        this
    }

    /// The state as it is now (untracked).
    pub(crate) fn state(self) -> AppState {
        AppState { network_allowed: self.network.get_untracked(), items: self.storage.get_value() }
    }

    /// Writes the state for `session`. An app may change its storage many
    /// times a second: one write is in flight at a time and only the newest
    /// state waits behind it (no timer, and the last state is always written).
    pub(crate) fn save(self, session: &str) {
        let record = self.state().to_setting(session);
        if self.writing.get_value() {
            self.waiting.set_value(Some(record));
            return;
        }
        let Some(db) = self.store.db() else { return };
        let (store, writing, waiting) = (self.store, self.writing, self.waiting);
        writing.set_value(true);
        spawn_local(async move {
            let mut next = Some(record);
            while let Some(record) = next {
                if let Err(error) = db.put(&record).await {
                    store.report(error);
                }
                next = waiting.try_update_value(Option::take).flatten();
            }
            writing.try_set_value(false);
        });
    }
}
