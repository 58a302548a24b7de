//! Benchmark of reading and planning a large backup, natively: the steps of an
//! import that run on the page's thread without a break between them (checking
//! the text, opening the JSON, planning the review and planning the writes),
//! and reading the records in the slices the shell reads between frames. A
//! backup of 100,000 messages in 2,000 conversations (issue 54's scale), as
//! `npm run bench:import` makes it, into an empty store and into one that
//! holds every other conversation already. Prints the time of each step; the
//! browser's are about twice these.
//!
//! `cargo run -q --release -p hearth-core --example bench_import`

use std::collections::HashSet;
use std::time::{Duration, Instant};

use hearth_core::storage::backup::StoreContents;
use hearth_core::storage::backup_file::BackupFile;
use hearth_core::storage::import_plan::{plan_import_taking, plan_review};

const SESSIONS: u64 = 2_000;
const PER_SESSION: u64 = 50;
/// The records read between two frames (the shell's `READ_SLICE`).
const SLICE: usize = 500;

/// A backup's JSON, with words from a fixed pseudo-random sequence.
fn backup() -> String {
    let words = ["the", "garden", "river", "bread", "lantern", "kettle", "window", "harbour", "forest", "morning"];
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut sessions = Vec::new();
    let mut messages = Vec::new();
    for s in 0..SESSIONS {
        let session_id = format!("{:08x}-0000-4000-8000-{s:012x}", next() as u32);
        let start = 1_735_689_600_000 + s * 86_400_000;
        let mut parent = serde_json::Value::Null;
        for m in 0..PER_SESSION {
            let id = format!("{:08x}-1111-4000-8000-{:012x}", next() as u32, s * PER_SESSION + m);
            let content: Vec<&str> = (0..50).map(|_| words[(next() % words.len() as u64) as usize]).collect();
            let at = start + m * 60_000;
            let role = if m % 2 == 1 { "assistant" } else { "user" };
            let mut message = serde_json::json!({
                "id": id, "session_id": session_id, "parent": parent, "role": role, "content": content.join(" "),
                "state": "complete", "created_at": at, "updated_at": at,
            });
            if role == "assistant" {
                message["model"] = "bench-model".into();
                message["provider_id"] = "default".into();
            }
            parent = id.into();
            messages.push(message);
        }
        sessions.push(serde_json::json!({
            "id": session_id, "title": format!("Imported conversation {}", s + 1), "title_source": "user",
            "agent_id": "general", "created_at": start, "updated_at": start + PER_SESSION * 60_000,
            "message_count": PER_SESSION, "preview": "", "pinned": false, "deleted_at": null,
        }));
    }
    // In the order Hearth's own backups list them (by id, as `StoreContents::canonicalize`
    // sorts them): a conversation's messages are scattered through the file.
    messages.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    let file = serde_json::json!({
        "format": "hearth-backup", "backup_version": 1, "schema_version": 3, "exported_at": 0,
        "includes_api_keys": false, "sessions": sessions, "messages": messages,
    });
    serde_json::to_string(&file).unwrap_or_default()
}

fn ms(duration: Duration) -> String {
    format!("{:.0} ms", duration.as_secs_f64() * 1000.0)
}

fn main() {
    let json = backup();
    println!(
        "backup: {SESSIONS} conversations, {} messages, {:.1} MB of JSON",
        SESSIONS * PER_SESSION,
        json.len() as f64 / 1e6
    );
    let started = Instant::now();
    let Ok(text) = String::from_utf8(json.into_bytes()) else { return };
    println!("checking the text (UTF-8): {}", ms(started.elapsed()));
    let started = Instant::now();
    let mut file = match BackupFile::open(&text) {
        Ok(file) => file,
        Err(error) => return println!("the backup does not open: {error}"),
    };
    println!("opening the JSON: {}", ms(started.elapsed()));
    let (started, mut slices, mut longest) = (Instant::now(), 0, Duration::ZERO);
    loop {
        let slice = Instant::now();
        let done = match file.read(SLICE) {
            Ok(done) => done,
            Err(error) => return println!("a record does not read: {error}"),
        };
        longest = longest.max(slice.elapsed());
        slices += 1;
        if done {
            break;
        }
    }
    println!(
        "reading the records: {} in {slices} slices of {SLICE}, the longest {}",
        ms(started.elapsed()),
        ms(longest)
    );
    let started = Instant::now();
    let incoming = file.finish().contents;
    println!("finishing (the records' upgrade and settling): {}", ms(started.elapsed()));
    let kept: HashSet<&str> = incoming.sessions.iter().step_by(2).map(|s| s.id.as_str()).collect();
    let half = StoreContents {
        sessions: incoming.sessions.iter().filter(|s| kept.contains(s.id.as_str())).cloned().collect(),
        messages: incoming.messages.iter().filter(|m| kept.contains(m.session_id.as_str())).cloned().collect(),
        ..StoreContents::default()
    };
    for (stored, into) in
        [(StoreContents::default(), "an empty store"), (half, "a store holding every other conversation")]
    {
        let started = Instant::now();
        let review = plan_review(&stored, &incoming);
        println!(
            "into {into}: planning the review {} ({} new messages)",
            ms(started.elapsed()),
            review.messages.added.len()
        );
        let copy = incoming.clone();
        let started = Instant::now();
        let writes = plan_import_taking(&stored, copy);
        println!(
            "into {into}: planning the writes {} ({} messages to write)",
            ms(started.elapsed()),
            writes.writes.messages.len()
        );
    }
}
