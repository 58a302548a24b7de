//! Tests of taking what start-up read into a list the user may already have added to:
//! what was added meanwhile is kept, and newer than a read copy; the rest is what storage holds.

use super::with_added_meanwhile;

fn ids(list: &[(String, u8)]) -> Vec<(&str, u8)> {
    list.iter().map(|(id, v)| (id.as_str(), *v)).collect()
}

fn entry(id: &str, version: u8) -> (String, u8) {
    (id.to_owned(), version)
}

#[test]
fn an_entry_added_during_the_read_is_kept_after_the_loaded_ones() {
    let loaded = vec![entry("a", 1), entry("b", 1)];
    let current = vec![entry("new", 1)];
    let list = with_added_meanwhile(loaded, current, &[], |e| &e.0);
    assert_eq!(ids(&list), [("a", 1), ("b", 1), ("new", 1)]);
}

#[test]
fn an_added_entry_the_read_already_saw_is_kept_once_as_it_is_now() {
    // Saved before the read reached it, changed after: the page's copy is newer.
    let loaded = vec![entry("a", 1), entry("new", 1)];
    let current = vec![entry("new", 2)];
    let list = with_added_meanwhile(loaded, current, &[], |e| &e.0);
    assert_eq!(ids(&list), [("a", 1), ("new", 2)]);
}

#[test]
fn entries_known_before_the_read_are_what_storage_holds() {
    // "b" was removed in another tab, "a" changed there: a reload takes both.
    let loaded = vec![entry("a", 2)];
    let current = vec![entry("a", 1), entry("b", 1)];
    let known = ["a".to_owned(), "b".to_owned()];
    let list = with_added_meanwhile(loaded, current, &known, |e| &e.0);
    assert_eq!(ids(&list), [("a", 2)]);
}
