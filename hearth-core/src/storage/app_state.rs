//! What Hearth keeps for an app agent's app: the `localStorage` items its
//! preview wrote and whether the user allowed it the network.
//!
//! An app is a conversation's app: every version an app agent writes in one
//! conversation shares this state, so a to-do list survives the next version.
//! It is stored as one setting per conversation (`app:<session id>`, a
//! [`SettingRecord`] whose value is an [`AppState`]), its one home; the preview
//! frame keeps the items in memory and sends the whole set after each change.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::SettingRecord;

/// The most characters (keys and values together) an app may keep, as a
/// browser's own `localStorage` allows about 5 MB.
pub const STORAGE_LIMIT_CHARS: usize = 5_000_000;

/// The stored state of a conversation's app.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppState {
    /// Whether the user allowed the app to use the network.
    #[serde(default)]
    pub network_allowed: bool,
    /// The items the app keeps in its `localStorage`.
    #[serde(default)]
    pub items: BTreeMap<String, String>,
}

/// Why items from the preview were not kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppStorageError {
    /// They hold more than [`STORAGE_LIMIT_CHARS`] characters.
    TooLarge {
        /// How many characters they hold.
        chars: usize,
    },
}

impl std::fmt::Display for AppStorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppStorageError::TooLarge { chars } => {
                write!(f, "The app tried to keep {chars} characters of data; at most {STORAGE_LIMIT_CHARS} are kept.")
            }
        }
    }
}

impl AppState {
    /// The setting key of the app of session `session_id`.
    pub fn setting_key(session_id: &str) -> String {
        format!("app:{session_id}")
    }

    /// The state a stored setting value holds; a value of another shape (written
    /// by hand, or damaged) reads as the default state rather than failing.
    pub fn from_setting(value: Option<serde_json::Value>) -> Self {
        value.and_then(|value| serde_json::from_value(value).ok()).unwrap_or_default()
    }

    /// The setting that stores this state for session `session_id`.
    pub fn to_setting(&self, session_id: &str) -> SettingRecord {
        SettingRecord {
            key: Self::setting_key(session_id),
            value: serde_json::to_value(self).unwrap_or(serde_json::Value::Null),
        }
    }

    /// Replaces the `localStorage` items with `items`, the whole set the
    /// preview sent, unless they are too large (then nothing changes).
    pub fn replace_storage(&mut self, items: BTreeMap<String, String>) -> Result<(), AppStorageError> {
        let chars = items.iter().map(|(key, value)| key.chars().count() + value.chars().count()).sum();
        if chars > STORAGE_LIMIT_CHARS {
            return Err(AppStorageError::TooLarge { chars });
        }
        self.items = items;
        Ok(())
    }
}

/// The file name "Download app" gives version `version` of an app: its
/// `<title>` (or "app") as lowercase words joined by `-`, at most 60
/// characters, then `-v<version>.html`.
pub fn download_name(html: &str, version: usize) -> String {
    let lower = html.to_ascii_lowercase();
    let title = lower
        .find("<title")
        .and_then(|start| Some(start + lower[start..].find('>')? + 1))
        .and_then(|start| Some(&html[start..start + lower[start..].find("</title")?]))
        .unwrap_or("");
    let mut name = String::new();
    for word in title.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()) {
        let word = word.to_lowercase();
        if name.chars().count() + word.chars().count() + 1 > 60 {
            break;
        }
        if !name.is_empty() {
            name.push('-');
        }
        name.push_str(&word);
    }
    if name.is_empty() {
        name.push_str("app");
    }
    format!("{name}-v{version}.html")
}

#[cfg(test)]
mod tests;
