//! Tests of what an import may unpack: per entry, its declared size and its
//! kind's cap; all together, the total.

use super::*;
use crate::format::zip::Method;

fn entry(name: &str, size: u64) -> Entry {
    Entry { name: name.to_owned(), method: Method::Deflated, range: 0..0, size, crc32: 0 }
}

#[test]
fn an_entry_inflates_to_at_most_what_it_declares() {
    assert_eq!(inflate_limit(&entry("conversations.json", 123)), Some(123));
    assert_eq!(inflate_limit(&entry("empty.json", 0)), Some(0));
}

#[test]
fn an_entry_over_its_cap_is_refused_with_a_sentence() {
    assert_eq!(check_entry(&entry("a.png", 64), 64), Ok(()));
    let refused = check_entry(&entry("a.png", 65 * 1024 * 1024), 64 * 1024 * 1024);
    assert_eq!(
        refused,
        Err(UnpackRefused::Entry { name: "a.png".into(), size: 65 * 1024 * 1024, cap: 64 * 1024 * 1024 })
    );
    assert_eq!(
        refused.map_err(|e| e.to_string()),
        Err("a.png would unpack to 65 MB, more than the 64 MB Hearth reads for it.".to_owned())
    );
}

#[test]
fn the_entries_together_declare_at_most_the_total() {
    let half = MAX_TOTAL / 2;
    let two = [entry("a", half), entry("b", half)];
    assert_eq!(check_total(&two), Ok(()));
    let three = [entry("a", half), entry("b", half), entry("c", 1)];
    assert_eq!(check_total(&three), Err(UnpackRefused::Total { size: MAX_TOTAL + 1 }));
    // Declared sizes that would overflow a sum still refuse.
    let huge = [entry("a", u64::MAX), entry("b", u64::MAX)];
    assert_eq!(check_total(&huge), Err(UnpackRefused::Total { size: u64::MAX }));
    let sentence = check_total(&three).map_err(|e| e.to_string());
    assert!(
        matches!(&sentence, Err(text) if text.starts_with("This archive would unpack to 1025 MB, more than the 1024 MB"))
    );
}
