//! The sidebar's order of conversations, and how its first screen is read
//! without reading every conversation.
//!
//! The sidebar lists conversations pinned first, then newest first, a branched
//! conversation right after the one it came from ([`sidebar_order`]). With a
//! large library, start-up first reads only what decides the first rows:
//! - the first top-level conversations by their [`place`], through an index on
//!   it ([`indexes::SESSIONS_BY_PLACE`](super::indexes::SESSIONS_BY_PLACE)):
//!   the shell stores the place beside each record, as [`PLACE_FIELD`], made
//!   from the record at every write (it is not part of the record, and never
//!   leaves the device);
//! - every branch, through the index on `branch_of` (a few, where a library
//!   has thousands of conversations);
//! - the sources of those branches that are not among them ([`sources_to_read`]).
//!
//! When every conversation has its place ([`places_complete`]), [`sidebar_order`]
//! of these ([`first_screen`]) begins with the same rows as that of every
//! conversation, as many as were read by place: each top-level row among
//! those is read (a branch whose source is not listed is top-level, and all
//! branches are read), and so is everything listed under it (branches only).
//! Until then (a database a Hearth before version 9 wrote, whose
//! conversations get their places at the first start: [`to_place`]), the
//! first screen waits for the whole list.

#[cfg(test)]
mod tests;

use super::SessionRecord;

/// The field a conversation's [`place`] is stored in, beside its record.
pub const PLACE_FIELD: &str = "sidebar_place";

/// Where a conversation comes among the sidebar's top-level rows, as an
/// IndexedDB key that sorts like the sidebar: `[0, -updated_at]` when pinned,
/// `[1, -updated_at]` when not (an index orders records with the same key by
/// their id, as [`sidebar_order`] does). `None`, and so not in the index, for
/// a deleted conversation and for a branch (read through `branch_of`).
pub fn place(session: &SessionRecord) -> Option<[i64; 2]> {
    if session.deleted_at.is_some() || session.branch_of.is_some() {
        return None;
    }
    Some([if session.pinned { 0 } else { 1 }, session.updated_at.saturating_neg()])
}

/// The sources of the branches in `read` that are not in it themselves (each
/// once): read next, so that each branch is listed where it belongs.
pub fn sources_to_read(read: &[SessionRecord]) -> Vec<String> {
    let mut sources: Vec<String> = Vec::new();
    for source in read.iter().filter(|session| session.deleted_at.is_none()).filter_map(|s| s.branch_of.as_ref()) {
        if !read.iter().any(|session| session.id == *source) && !sources.contains(source) {
            sources.push(source.clone());
        }
    }
    sources
}

/// The conversations of the sidebar's first screen, from what was read: the
/// first top-level ones by place, every branch and the sources read after
/// them; those not deleted, each once (in no particular order: see
/// [`sidebar_order`]).
pub fn first_screen(read: Vec<SessionRecord>) -> Vec<SessionRecord> {
    let mut screen: Vec<SessionRecord> = Vec::with_capacity(read.len());
    for session in read {
        if session.deleted_at.is_none() && !screen.iter().any(|listed| listed.id == session.id) {
            screen.push(session);
        }
    }
    screen
}

/// Whether the place index holds every conversation that has a place, so that
/// the first screen can be read alone: the `placed` records it holds and the
/// `branches` (deleted ones too) are all the `stored` ones. A deleted
/// conversation that is not a branch (its deletion is finished at the start)
/// also makes this false, and the first screen then waits for the whole list.
pub fn places_complete(placed: u32, branches: usize, stored: u32) -> bool {
    placed as usize + branches == stored as usize
}

/// The conversations to store again, with their places, when the place index
/// holds `placed` records while `stored` (every conversation, deleted ones
/// too) has another number that have a place: all of them, which also takes a
/// place off one that should have none (a database that a Hearth before
/// version 9 wrote, or records written by hand). `None` when the numbers agree.
pub fn to_place(stored: &[SessionRecord], placed: u32) -> Option<Vec<String>> {
    let have = stored.iter().filter(|session| place(session).is_some()).count();
    (have != placed as usize).then(|| stored.iter().map(|session| session.id.clone()).collect())
}

/// Sessions in sidebar order: pinned first, then newest first (the same time:
/// by id, in UTF-16 code units as IndexedDB orders keys), a branched
/// conversation right after the one it came from when that one is listed (its
/// own branches after it), else where its times put it.
pub fn sidebar_order(mut sessions: Vec<SessionRecord>) -> Vec<SessionRecord> {
    sessions.sort_by(|a, b| {
        (b.pinned, b.updated_at)
            .cmp(&(a.pinned, a.updated_at))
            .then_with(|| a.id.encode_utf16().cmp(b.id.encode_utf16()))
    });
    if sessions.iter().all(|session| session.branch_of.is_none()) {
        return sessions;
    }
    // The index of each session's listed source (a few branches among many
    // conversations: plain scans, no maps).
    let source: Vec<Option<usize>> = sessions
        .iter()
        .enumerate()
        .map(|(at, session)| {
            let of = session.branch_of.as_deref()?;
            sessions.iter().position(|other| other.id == of).filter(|&found| found != at)
        })
        .collect();
    let mut order: Vec<usize> = Vec::with_capacity(sessions.len());
    let mut placed = vec![false; sessions.len()];
    let mut stack: Vec<usize> = (0..sessions.len()).rev().filter(|&at| source[at].is_none()).collect();
    while let Some(at) = stack.pop() {
        if std::mem::replace(&mut placed[at], true) {
            continue;
        }
        order.push(at);
        stack.extend((0..sessions.len()).rev().filter(|&child| source[child] == Some(at) && !placed[child]));
    }
    // Branches of each other in a loop have no listed root: they come last.
    order.extend((0..sessions.len()).filter(|&at| !placed[at]));
    let mut slots: Vec<Option<SessionRecord>> = sessions.into_iter().map(Some).collect();
    order.into_iter().filter_map(|at| slots[at].take()).collect()
}
