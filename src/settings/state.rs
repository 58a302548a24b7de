//! How the user wants answers shown and long conversations handled: the hosts
//! whose images load without a click (empty by default), stored as the
//! `image_auto_hosts` setting (a JSON array of host names, each optionally with
//! its port), and when and how a conversation is compacted, stored as the
//! `compaction` setting (`hearth_core::compaction::CompactionSettings` as JSON).

use hearth_core::compaction::CompactionSettings;
use leptos::prelude::*;

use crate::store::StoreContext;

/// Setting key: the hosts whose images load by themselves.
pub(crate) const IMAGE_AUTO_HOSTS: &str = "image_auto_hosts";

/// Setting key: when and how long conversations are compacted.
pub(crate) const COMPACTION: &str = "compaction";

/// The display preferences; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct PreferencesContext {
    store: StoreContext,
    /// Hosts whose images load without a click (host or host:port, lower case).
    pub(crate) image_hosts: RwSignal<Vec<String>>,
    /// When a conversation is compacted, how much stays verbatim, and which
    /// account writes the summary.
    pub(crate) compaction: RwSignal<CompactionSettings>,
}

impl PreferencesContext {
    /// Defaults until [`PreferencesContext::load`]; reloaded when another tab
    /// imports or clears everything.
    pub(crate) fn new(store: StoreContext) -> Self {
        let this = Self {
            store,
            image_hosts: RwSignal::new(Vec::new()),
            compaction: RwSignal::new(CompactionSettings::default()),
        };
        store.reload_on_bulk_change(move || this.load());
        this
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Reads the stored host list (a missing or unreadable setting is empty)
    /// and the compaction settings (missing or unreadable: the defaults).
    pub(crate) async fn load(self) {
        let compaction = match self.store.setting(COMPACTION).await {
            // Field by field: one bad field (a threshold out of range) never resets the others.
            Ok(value) => value.map(|value| CompactionSettings::from_stored(&value)).unwrap_or_default(),
            Err(error) => return self.store.report(error),
        };
        self.compaction.set(compaction);
        let hosts = match self.store.setting(IMAGE_AUTO_HOSTS).await {
            Ok(value) => value
                .as_ref()
                .and_then(serde_json::Value::as_array)
                .map(|hosts| hosts.iter().filter_map(|h| h.as_str()).filter_map(normalise_host).collect::<Vec<_>>()),
            Err(error) => return self.store.report(error),
        };
        self.image_hosts.set(hosts.unwrap_or_default());
    }

    /// Replaces the host list, and remembers it.
    pub(crate) fn set_image_hosts(self, hosts: Vec<String>) {
        self.image_hosts.set(hosts.clone());
        self.store.put_setting(IMAGE_AUTO_HOSTS, serde_json::Value::from(hosts));
    }

    /// Changes the compaction settings with `change`, and remembers them.
    pub(crate) fn update_compaction(self, change: impl FnOnce(&mut CompactionSettings)) {
        self.compaction.update(change);
        // Plain numbers and strings: serialising cannot fail.
        if let Ok(value) = self.compaction.with_untracked(|settings| serde_json::to_value(settings)) {
            self.store.put_setting(COMPACTION, value);
        }
    }
}

/// A host as typed (`Example.com`, `example.com:8080`, `https://example.com/x`)
/// in the form it is compared in (`example.com`, `example.com:8080`), or `None`
/// when it is not a plausible host.
pub(crate) fn normalise_host(typed: &str) -> Option<String> {
    let typed = typed.trim();
    let without_scheme = typed.split_once("://").map_or(typed, |(_, rest)| rest);
    let host = without_scheme.split(['/', '?', '#']).next()?.to_ascii_lowercase();
    let valid = !host.is_empty()
        && host.len() <= 260
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]_".contains(&b))
        && !host.starts_with(['.', ':']);
    valid.then_some(host)
}
