//! Tests of what Hearth keeps for an app agent's app.

use super::*;

#[test]
fn a_conversations_app_is_one_setting() {
    let mut state = AppState { network_allowed: true, ..AppState::default() };
    state.items.insert("todos".into(), "[\"milk\"]".into());
    let setting = state.to_setting("s1");
    assert_eq!(setting.key, "app:s1");
    assert_eq!(AppState::from_setting(Some(setting.value)), state);
}

#[test]
fn a_missing_or_damaged_setting_reads_as_the_default() {
    assert_eq!(AppState::from_setting(None), AppState::default());
    assert_eq!(AppState::from_setting(Some(serde_json::json!("nonsense"))), AppState::default());
    let partial = AppState::from_setting(Some(serde_json::json!({ "network_allowed": true })));
    assert!(partial.network_allowed);
    assert!(partial.items.is_empty());
}

#[test]
fn too_large_items_change_nothing() {
    let mut state = AppState::default();
    state.items.insert("kept".into(), "yes".into());
    let mut items = BTreeMap::new();
    items.insert("big".to_owned(), "x".repeat(STORAGE_LIMIT_CHARS));
    assert_eq!(state.replace_storage(items), Err(AppStorageError::TooLarge { chars: STORAGE_LIMIT_CHARS + 3 }));
    assert_eq!(state.items.get("kept").map(String::as_str), Some("yes"));
    let mut items = BTreeMap::new();
    items.insert("todos".to_owned(), "[]".to_owned());
    assert_eq!(state.replace_storage(items.clone()), Ok(()));
    assert_eq!(state.items, items);
}

#[test]
fn a_download_is_named_after_the_apps_title() {
    let html = "<!doctype html><html><head><TITLE>My To-Do List!</TITLE></head><body></body></html>";
    assert_eq!(download_name(html, 2), "my-to-do-list-v2.html");
    assert_eq!(download_name("<p>no title</p>", 1), "app-v1.html");
    assert_eq!(download_name("<title> \u{2603} </title>", 1), "app-v1.html");
    assert_eq!(download_name("<title>Café &amp; Crème</title>", 3), "café-amp-crème-v3.html");
    let long = format!("<title>{}</title>", "word ".repeat(40));
    let name = download_name(&long, 1);
    assert!(name.chars().count() <= 60 + "-v1.html".len(), "{name}");
    assert!(name.starts_with("word-word-"));
    // A title that never ends names nothing.
    assert_eq!(download_name("<title>Open", 4), "app-v4.html");
}
