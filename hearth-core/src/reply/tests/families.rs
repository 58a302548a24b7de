//! Replies folded from each family's recorded bodies in `test_data/<family>/`.
//!
//! Each `*.sse` body is decoded whole, byte by byte and cut in two at every
//! offset; all must give the same events, and the folded reply (read byte by
//! byte with [`Reply::from_chunks`] too) must match the `*.expected.json` beside
//! it (the `replay` example's output). Error bodies are named
//! `error_<status>_*.json` (or `.html`) and go through the family's
//! `parse_error_body`. `UPDATE_EXPECT=1` rewrites the expectations after a
//! deliberate change; review the diff.
//!
//! These are the family tests that fold events into a [`Reply`]: they live with
//! it, since provider (below reply) cannot use it. The family's own tests
//! (`provider/<family>/tests.rs`) check its requests and events, and the
//! harness for recorded bodies is `provider/tests/recorded.rs`.

mod anthropic;
mod gemini;
mod openai;
mod responses;

use std::path::{Path, PathBuf};

use crate::contract::{ProviderError, ProviderKind};
use crate::provider::tests::recorded::{REQUEST_PREFIX, cases, decode, file_name};
use crate::reply::Reply;

/// Checks every recorded stream of `family`; there must be at least `at_least`.
fn check_streams(kind: ProviderKind, family: &str, at_least: usize) {
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
fn check_error_bodies(family: &str, at_least: usize, parse: impl Fn(u16, &str) -> ProviderError) {
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
