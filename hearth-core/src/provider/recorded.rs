//! The shared harness for recorded provider bodies in `test_data/<family>/`.
//!
//! Each `*.sse` body is decoded whole, byte by byte and cut in two at every offset;
//! all must give the same events, and the folded reply (read byte by byte with a
//! [`crate::reply::ReplyReader`] too) must match the `*.expected.json` beside it
//! (the `replay` example's output). Error bodies are
//! named `error_<status>_*.json` (or `.html`) and go through the family's
//! `parse_error_body`. Built requests are snapshotted whole as `request_*.json`
//! (see [`check_requests`]). `UPDATE_EXPECT=1` rewrites the expectations and
//! snapshots after a deliberate change; review the diff.

use std::path::{Path, PathBuf};

use super::{HttpRequest, ProviderError, ProviderKind, ResponseDecoder, StreamEvent};
use crate::reply::Reply;

/// The fixture folder of a provider family.
pub(super) fn test_data(family: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data").join(family)
}

/// Decodes a body fed in the given pieces, then finishes it.
pub(super) fn decode(kind: ProviderKind, pieces: &[&[u8]]) -> Vec<StreamEvent> {
    let mut decoder = ResponseDecoder::new(kind);
    let mut events = Vec::new();
    for piece in pieces {
        events.extend(decoder.push(piece));
    }
    events.extend(decoder.finish());
    events
}

/// Checks every recorded stream of `family`; there must be at least `at_least`.
pub(super) fn check_streams(kind: ProviderKind, family: &str, at_least: usize) {
    let paths = cases(family, &["sse"]);
    assert!(paths.len() >= at_least, "expected at least {at_least} recorded {family} streams");
    for path in paths {
        let body = std::fs::read(&path).expect("readable body");
        let whole = decode(kind, &[&body]);
        let bytes: Vec<&[u8]> = body.chunks(1).collect();
        assert_eq!(decode(kind, &bytes), whole, "{} fed byte by byte", path.display());
        for cut in 0..=body.len() {
            let (a, b) = body.split_at(cut);
            assert_eq!(decode(kind, &[a, b]), whole, "{} cut at {cut}", path.display());
        }
        let reply = Reply::from_events(whole);
        assert_eq!(Reply::from_chunks(kind, &bytes), reply, "{} read byte by byte", path.display());
        check_expected(&path, &reply);
    }
}

/// Checks every recorded error body of `family` through `parse`; there must be at
/// least `at_least`.
pub(super) fn check_error_bodies(family: &str, at_least: usize, parse: impl Fn(u16, &str) -> ProviderError) {
    let paths: Vec<PathBuf> = cases(family, &["json", "html"])
        .into_iter()
        .filter(|path| !file_name(path).starts_with(REQUEST_PREFIX))
        .collect();
    assert!(paths.len() >= at_least, "expected at least {at_least} recorded {family} error bodies");
    for path in paths {
        let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or_default();
        let status: u16 = name.split('_').nth(1).and_then(|s| s.parse().ok()).expect("error_<status>_ file name");
        let body = std::fs::read_to_string(&path).expect("readable body");
        let mut reply = Reply::new();
        reply.fail(parse(status, &body));
        check_expected(&path, &reply);
    }
}

/// The start of the file names of request snapshots.
const REQUEST_PREFIX: &str = "request_";

fn file_name(path: &Path) -> &str {
    path.file_name().and_then(|n| n.to_str()).unwrap_or_default()
}

/// Checks the requests of `family` against their snapshots
/// `request_<name>.json`: the method, URL, headers and the body (parsed, so the
/// snapshot is readable), and that the body sent is exactly the compact form of
/// the snapshot's, byte for byte. Every `request_*.json` of the folder must be
/// one of `requests`, so no snapshot is left unchecked.
pub(super) fn check_requests(family: &str, requests: &[(&str, HttpRequest)]) {
    for (name, request) in requests {
        let path = test_data(family).join(format!("{REQUEST_PREFIX}{name}.json"));
        let body: Option<serde_json::Value> =
            request.body.as_deref().map(|body| serde_json::from_str(body).expect("a JSON body"));
        if let Some(body) = &body {
            assert_eq!(request.body.as_deref(), Some(body.to_string().as_str()), "{name}: the body is compact JSON");
        }
        let headers: Vec<[&str; 2]> = request.headers.iter().map(|(n, v)| [n.as_str(), v.as_str()]).collect();
        let snapshot = serde_json::json!({
            "method": request.method,
            "url": request.url,
            "headers": headers,
            "body": body,
        });
        let actual = serde_json::to_string_pretty(&snapshot).expect("serialisable") + "\n";
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&path, &actual).expect("writable snapshot");
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(actual, expected, "{}", path.display());
    }
    let mut known: Vec<String> = cases(family, &["json"])
        .iter()
        .map(|path| file_name(path).to_owned())
        .filter(|name| name.starts_with(REQUEST_PREFIX))
        .collect();
    known.sort();
    let mut checked: Vec<String> = requests.iter().map(|(name, _)| format!("{REQUEST_PREFIX}{name}.json")).collect();
    checked.sort();
    assert_eq!(known, checked, "every {family} request snapshot is checked, and only those");
}

#[track_caller]
fn check_expected(path: &Path, reply: &Reply) {
    let expected_path = path.with_extension("expected.json");
    let actual = serde_json::to_string_pretty(&reply.to_json()).expect("serialisable") + "\n";
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected_path, &actual).expect("writable expectation");
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    assert_eq!(actual, expected, "{}", path.display());
}

/// Fixture files with one of `extensions`, expectations left out, sorted.
fn cases(family: &str, extensions: &[&str]) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(test_data(family))
        .expect("the family's test_data folder exists")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
                && !path.to_string_lossy().ends_with(".expected.json")
        })
        .collect();
    paths.sort();
    paths
}

/// Checks where the tool calls of a recorded body end: one `ToolCallEnd` per
/// call, after the call's last fragment and before the finish.
pub(super) fn check_tool_call_ends(kind: ProviderKind, family: &str, fixture: &str) {
    let body = std::fs::read(test_data(family).join(fixture)).unwrap_or_default();
    let events = decode(kind, &[&body]);
    let ends: Vec<usize> = events
        .iter()
        .enumerate()
        .filter_map(|(at, event)| matches!(event, StreamEvent::ToolCallEnd { .. }).then_some(at))
        .collect();
    let calls: Vec<Option<u32>> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::ToolCallDelta { index, id: Some(_), .. } => Some(*index),
            _ => None,
        })
        .collect();
    assert!(!calls.is_empty(), "{fixture} has tool calls");
    assert_eq!(ends.len(), calls.len(), "one end per call: {events:?}");
    for (end, index) in ends.iter().zip(&calls) {
        assert_eq!(events[*end], StreamEvent::ToolCallEnd { index: *index });
        let last_fragment = events
            .iter()
            .rposition(|event| matches!(event, StreamEvent::ToolCallDelta { index: i, .. } if i == index))
            .unwrap_or(usize::MAX);
        assert!(last_fragment < *end, "call {index:?} ends after its last fragment");
    }
    let finish = events.iter().position(|event| matches!(event, StreamEvent::Finish(_))).unwrap_or(usize::MAX);
    assert!(ends.iter().all(|end| *end < finish), "calls end before the finish");
}
