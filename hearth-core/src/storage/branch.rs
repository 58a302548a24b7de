//! Branches of a conversation as whole pieces: copying the path up to a
//! message into a new conversation ("Branch into a new chat"), and which
//! records pruning removes ("Delete this version", "Keep only this path"),
//! and a reply edited by the user (as a new version, or fixed in place).
//! The tree itself, and which path is shown, is [`super::tree`]'s; the
//! sidebar's order, which lists a branched conversation under its source, is
//! [`super::sidebar`]'s.

#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};

use super::tree::Tree;
use super::{MessageRecord, MessageState};
use crate::Millis;

/// Why a conversation cannot be branched at a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BranchRefusal {
    /// The message is not among the conversation's records.
    #[error("That message is no longer in the conversation.")]
    NotFound,
    /// A reply on the path is still being written, or its tools are still
    /// running: the copy would hold a turn without its end.
    #[error("A reply on this branch is still being written or running its tools: branch once it has ended.")]
    Unfinished,
}

/// A conversation's records in the order it shows them, with their tree.
fn ordered(records: &[MessageRecord]) -> Vec<&MessageRecord> {
    let mut ordered: Vec<&MessageRecord> = records.iter().collect();
    ordered.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    ordered
}

/// Changes the text of the reply `record` to `text`, as the user edited it:
/// marked edited at `now`, its search terms renewed. Its signed and redacted
/// reasoning is no longer sent back (Anthropic's signature covers the reply
/// as the model wrote it): the reasoning text stays shown, unsigned, and a
/// redacted part (no text) goes. Tool calls and everything below it stay.
pub fn edit_reply(record: &mut MessageRecord, text: &str, now: Millis) {
    record.content = text.to_owned();
    record.edited_at = Some(now);
    record.updated_at = now;
    record.reasoning_parts.retain(|part| part.redacted.is_none());
    for part in &mut record.reasoning_parts {
        part.signature = None;
    }
    record.refresh_terms();
}

/// A new version of the reply `original` with the user's `text` (see
/// [`edit_reply`]), under the id `id`, created at `now`: a sibling of it,
/// which the conversation then shows and goes on from. The model, agent and
/// tool calls it was written with stay; its usage and timings go (the text is
/// no longer the model's alone), and so does a compare turn's place.
pub fn edited_version(original: &MessageRecord, id: String, text: &str, now: Millis) -> MessageRecord {
    let mut copy = MessageRecord {
        id,
        created_at: now,
        chosen_at: None,
        usage: None,
        first_token_ms: None,
        total_ms: None,
        variant_of: None,
        compare_group: None,
        compare_column: 0,
        blind: false,
        merged_from: Vec::new(),
        merge_recipe: None,
        ..original.clone()
    };
    edit_reply(&mut copy, text, now);
    copy
}

/// The records of a new conversation `session_id` that holds the path of
/// `records` (one conversation's) from its first message down to `last`
/// (included): each copy follows the one before it, under an id from `new_id`
/// (the caller makes them), at the time of its original; the choice of
/// versions is not copied (the copy has none). Files, images and PDFs are
/// shared: a copy refers to the same blobs. A compare turn's reply on the path
/// is copied as a plain reply (its columns stay behind). Summaries whose boundary is on
/// the path come along, at their boundary's copy. Refused when a reply on the
/// path is unfinished (still streaming, or a tool call without its result).
pub fn copy_path(
    records: &[MessageRecord],
    last: &str,
    session_id: &str,
    mut new_id: impl FnMut() -> String,
) -> Result<Vec<MessageRecord>, BranchRefusal> {
    let ordered = ordered(records);
    let keys: Vec<_> = ordered.iter().map(|record| record.node_key()).collect();
    let at =
        ordered.iter().position(|record| record.id == last && !record.is_summary()).ok_or(BranchRefusal::NotFound)?;
    let path = Tree::new(&keys).ancestors(at);
    let unfinished = |record: &MessageRecord| {
        record.state == MessageState::Streaming || record.tool_calls.iter().any(|call| call.result.is_none())
    };
    if path.iter().any(|&index| unfinished(ordered[index])) {
        return Err(BranchRefusal::Unfinished);
    }
    let mut ids: HashMap<&str, String> = HashMap::new();
    let mut copies = Vec::with_capacity(path.len());
    let mut parent: Option<String> = None;
    for &index in &path {
        let original = ordered[index];
        let id = new_id();
        ids.insert(&original.id, id.clone());
        let mut copy = MessageRecord {
            id: id.clone(),
            session_id: session_id.to_owned(),
            parent: parent.take(),
            chosen_at: None,
            variant_of: None,
            // One column of a compare turn goes on alone: a reply like any other.
            compare_group: None,
            compare_column: 0,
            blind: false,
            merged_from: Vec::new(),
            ..original.clone()
        };
        copy.refresh_terms();
        copies.push(copy);
        parent = Some(id);
    }
    for summary in ordered.iter().filter(|record| record.is_summary()) {
        let Some(info) = &summary.summary else { continue };
        let Some(boundary) = ids.get(info.boundary_id.as_str()) else { continue };
        let mut copy = MessageRecord { id: new_id(), session_id: session_id.to_owned(), ..(*summary).clone() };
        if let Some(info) = &mut copy.summary {
            info.boundary_id = boundary.clone();
        }
        copies.push(copy);
    }
    Ok(copies)
}

/// The ids "Delete this version" on `id` removes: the message, everything
/// below it, and the summaries whose boundary goes with them. Empty when `id`
/// is unknown.
pub fn branch_ids(records: &[MessageRecord], id: &str) -> Vec<String> {
    let ordered = ordered(records);
    let keys: Vec<_> = ordered.iter().map(|record| record.node_key()).collect();
    let Some(at) = ordered.iter().position(|record| record.id == id && !record.is_summary()) else {
        return Vec::new();
    };
    let removed: HashSet<&str> =
        Tree::new(&keys).subtree(at).into_iter().map(|index| ordered[index].id.as_str()).collect();
    with_their_summaries(&ordered, removed)
}

/// The ids "Keep only this path" removes: every message that is not shown
/// (the other versions at every fork and all below them; an empty attempt
/// shown beside an answer stays), and the summaries whose boundary goes.
pub fn off_path_ids(records: &[MessageRecord]) -> Vec<String> {
    let ordered = ordered(records);
    let keys: Vec<_> = ordered.iter().map(|record| record.node_key()).collect();
    let shown = super::tree::shown(&keys);
    let removed: HashSet<&str> =
        ordered.iter().zip(&shown).filter(|(_, shown)| !**shown).map(|(record, _)| record.id.as_str()).collect();
    with_their_summaries(&ordered, removed)
}

/// `removed` with the summaries whose boundary is in it, in the conversation's order.
/// The ids of `records` (one conversation's) that are not on screen: those
/// off the path shown, but for the other columns (and merges) of a compare
/// turn whose answer is on the path, which the turn shows beside it. A search
/// hit among them is "in another branch".
pub fn off_screen_ids(records: &[MessageRecord]) -> Vec<String> {
    let off = off_path_ids(records);
    let shown_groups: HashSet<&str> = records
        .iter()
        .filter(|record| !off.contains(&record.id))
        .filter_map(|record| record.compare_group.as_deref())
        .collect();
    off.into_iter()
        .filter(|id| {
            let group = records.iter().find(|record| record.id == *id).and_then(|r| r.compare_group.as_deref());
            !group.is_some_and(|group| shown_groups.contains(group))
        })
        .collect()
}

fn with_their_summaries<'a>(ordered: &[&'a MessageRecord], mut removed: HashSet<&'a str>) -> Vec<String> {
    for record in ordered {
        if let Some(info) = record.summary.as_ref().filter(|_| record.is_summary())
            && removed.contains(info.boundary_id.as_str())
        {
            removed.insert(&record.id);
        }
    }
    ordered.iter().filter(|record| removed.contains(record.id.as_str())).map(|record| record.id.clone()).collect()
}
