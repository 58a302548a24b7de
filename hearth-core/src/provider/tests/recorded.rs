//! The shared harness for recorded provider bodies in `test_data/<family>/`:
//! where they are ([`test_data`], [`cases`]), decoding one however it is cut
//! ([`decode`]), where each tool call ends ([`check_tool_call_ends`]), and the
//! request snapshots (`request_*.json`, see [`check_requests`]). The replies
//! folded from the bodies, and the error bodies read into replies, are checked
//! against their `*.expected.json` in `reply/tests/families.rs`, with [`Reply`](crate::reply::Reply)
//! (this module cannot use it: reply is built on provider). `UPDATE_EXPECT=1`
//! rewrites the snapshots after a deliberate change; review the diff.

use std::path::{Path, PathBuf};

use crate::contract::{HttpRequest, ProviderKind, StreamEvent};
use crate::provider::ResponseDecoder;

/// The fixture folder of a provider family.
pub(crate) fn test_data(family: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data").join(family)
}

/// Decodes a body fed in the given pieces, then finishes it.
pub(crate) fn decode(kind: ProviderKind, pieces: &[&[u8]]) -> Vec<StreamEvent> {
    let mut decoder = ResponseDecoder::new(kind);
    let mut events = Vec::new();
    for piece in pieces {
        events.extend(decoder.push(piece));
    }
    events.extend(decoder.finish());
    events
}

/// The start of the file names of request snapshots.
pub(crate) const REQUEST_PREFIX: &str = "request_";

pub(crate) fn file_name(path: &Path) -> &str {
    path.file_name().and_then(|n| n.to_str()).unwrap_or_default()
}

/// Checks the requests of `family` against their snapshots
/// `request_<name>.json`: the method, URL, headers and the body (parsed, so the
/// snapshot is readable), and that the body sent is exactly the compact form of
/// the snapshot's, byte for byte. Every `request_*.json` of the folder must be
/// one of `requests`, so no snapshot is left unchecked.
pub(crate) fn check_requests(family: &str, requests: &[(&str, HttpRequest)]) {
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

/// Fixture files with one of `extensions`, expectations left out, sorted.
pub(crate) fn cases(family: &str, extensions: &[&str]) -> Vec<PathBuf> {
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
pub(crate) fn check_tool_call_ends(kind: ProviderKind, family: &str, fixture: &str) {
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
