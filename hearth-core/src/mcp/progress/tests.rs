//! Tests of reading the progress a server reports on a request.

use serde_json::json;

use super::*;

#[test]
fn progress_of_this_request_is_read() {
    let progress = Progress::read(&json!({ "progressToken": 7, "progress": 3, "total": 5 }), 7);
    assert_eq!(progress, Some(Progress { done: 3.0, total: Some(5.0), message: None }));
    assert_eq!(progress.map(|p| p.words()).as_deref(), Some("3 of 5"));
    let named = Progress::read(&json!({ "progressToken": "7", "progress": 0.5, "message": " Reading files " }), 7);
    assert_eq!(named.map(|p| p.words()).as_deref(), Some("0.5: Reading files"));
}

#[test]
fn another_request_or_a_malformed_notification_is_not_read() {
    assert_eq!(Progress::read(&json!({ "progressToken": 8, "progress": 1 }), 7), None);
    assert_eq!(Progress::read(&json!({ "progress": 1 }), 7), None);
    assert_eq!(Progress::read(&json!({ "progressToken": 7, "progress": "1" }), 7), None);
    assert_eq!(Progress::read(&json!({ "progressToken": 7, "progress": -1 }), 7), None);
    let no_total = Progress::read(&json!({ "progressToken": 7, "progress": 2, "total": 0 }), 7);
    assert_eq!(no_total.map(|p| p.words()).as_deref(), Some("2"));
}
