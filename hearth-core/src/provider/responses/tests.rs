//! Responses tests: requests (URLs, headers, bodies), the stream's events
//! event by event, and error bodies.
//!
//! The replies folded from the recorded bodies in `test_data/responses/` (each
//! `*.sse` decoded whole, byte by byte and cut at every offset, matching its
//! `*.expected.json`) are checked in `reply/tests/families/responses.rs`, with
//! the reply this module cannot use. `UPDATE_EXPECT=1` rewrites expectations.
//!
//! In `tests/`: the whole requests against their snapshots (`snapshots`).

mod snapshots;
