//! The hosts whose images load without a click (empty by default), stored as the
//! `image_auto_hosts` setting: a JSON array of host names, each optionally with
//! its port.

use hearth_core::storage::{SettingRecord, stores};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::SessionsContext;
use crate::io::db::{Db, StorageError};

/// Setting key: the hosts whose images load by themselves.
pub(crate) const IMAGE_AUTO_HOSTS: &str = "image_auto_hosts";

impl SessionsContext {
    /// Reads the stored host list (a missing or unreadable setting is empty).
    pub(super) async fn load_image_hosts(self, db: &Db) -> Result<(), StorageError> {
        if let Some(setting) = db.get::<SettingRecord>(stores::SETTINGS, IMAGE_AUTO_HOSTS).await? {
            let hosts = setting
                .value
                .as_array()
                .map(|hosts| hosts.iter().filter_map(|h| h.as_str()).filter_map(normalise_host).collect::<Vec<_>>());
            self.image_hosts.set(hosts.unwrap_or_default());
        }
        Ok(())
    }

    /// Replaces the host list, and remembers it.
    pub(crate) fn set_image_hosts(self, hosts: Vec<String>) {
        self.image_hosts.set(hosts.clone());
        let Some(db) = self.db() else { return };
        spawn_local(async move {
            let value = serde_json::Value::from(hosts);
            if let Err(error) = db.put_setting(IMAGE_AUTO_HOSTS, value).await {
                self.report(error);
            }
        });
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
