//! Tests of `Kept`: stored lists read as their items, as before, and lists
//! this version cannot read kept as they were.

use super::Kept;
use crate::contract::{CitationMark, Source};
use crate::storage::MessageRecord;

fn source(url: &str) -> Source {
    Source { url: url.to_owned(), title: "A page".to_owned(), ..Source::default() }
}

#[test]
fn a_list_reads_back_as_its_items_and_an_empty_one_is_left_out() {
    let kept = Kept::new(&[source("https://example.com/a"), source("https://example.com/b")]);
    assert_eq!(kept.len(), 2);
    assert_eq!(kept.items(), vec![source("https://example.com/a"), source("https://example.com/b")]);
    let empty: Kept<Source> = Kept::new(&[]);
    assert!(empty.is_empty());
    assert_eq!(empty, Kept::default());
    assert_eq!(
        serde_json::to_string(&Kept::new(&[CitationMark { source: 1, at: 4 }])).ok().as_deref(),
        Some(r#"[{"at":4,"source":1}]"#)
    );
}

/// A record written by the version before `Kept` (typed lists) reads the same,
/// and one whose list is not what this version reads keeps it as it was.
#[test]
fn stored_lists_are_read_as_before_and_unreadable_ones_are_kept() {
    let stored = r#"{"id":"m","session_id":"s","role":"assistant","content":"Hi [1]","created_at":1,"updated_at":1,
        "sources":[{"url":"https://example.com/a","title":"A page"}],"citations":[{"source":0,"at":3}],
        "unsupported":{"kind":"from a later version"}}"#;
    let record: MessageRecord = serde_json::from_str(stored).expect("a stored record");
    assert_eq!(record.sources.items(), vec![source("https://example.com/a")]);
    assert_eq!(record.citations.items(), vec![CitationMark { source: 0, at: 3 }]);
    assert!(record.server_tools.is_empty());
    assert!(!record.unsupported.is_empty(), "something is stored there");
    assert!(record.unsupported.items().is_empty(), "it cannot be read as a list");
    let written = serde_json::to_value(&record).expect("written");
    assert_eq!(written["unsupported"], serde_json::json!({"kind": "from a later version"}));
    assert_eq!(written["citations"], serde_json::json!([{"source": 0, "at": 3}]));
    assert!(written.get("server_tools").is_none(), "an empty list is left out");
    let again: MessageRecord = serde_json::from_value(written).expect("read again");
    assert_eq!(again, record);
}
