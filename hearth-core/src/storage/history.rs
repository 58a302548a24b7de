//! A conversation's stored records as compaction reads them: the
//! [`HistoryItem`] each record sends ([`HistoryItem::of_record`]) and the
//! summary that applies to its requests ([`active_summary`]).
//!
//! The rules are [`crate::compaction`]'s (what an item is, which summary
//! applies: [`active_summary_of`](crate::compaction::active_summary_of));
//! reading them off [`MessageRecord`]s, on the shown path of the
//! conversation's tree ([`tree::shown_records`]), is storage's, so that
//! compaction never imports storage. The compaction tests that start from
//! stored records are here too.

#[cfg(test)]
mod tests;

use super::tree;
use super::{MessageRecord, MessageState};
use crate::compaction::{ActiveSummary, HistoryItem, Slot, SlotSummary, active_summary_of};
use crate::message::Role;

impl HistoryItem {
    /// The item of one stored record: `None` for markers, summaries and failed
    /// replies (which send nothing). Which versions of a regenerated reply are
    /// shown is the caller's choice (see [`versions`]).
    pub fn of_record(record: &MessageRecord) -> Option<HistoryItem> {
        if record.is_marker() {
            return None;
        }
        let messages = match record.role {
            Role::User => vec![record.user_chat_message()],
            Role::Assistant if record.state == MessageState::Failed => return None,
            Role::Assistant => record.chat_messages(),
            Role::System => return None,
        };
        (!messages.is_empty()).then(|| HistoryItem { id: record.id.clone(), messages })
    }
}

/// The summary that applies: the newest summary record (by `created_at`, then
/// id) whose boundary is on the shown path of `records`' tree (see
/// [`tree`]): a summary belongs to the path it was written for. A boundary
/// that names a marker or a failed reply moves to the next record that is sent;
/// when there is none, or the boundary was deleted, that summary does not
/// apply and the one before it is tried. (The rule itself is
/// [`active_summary_of`](crate::compaction::active_summary_of), which the shell applies to what it shows.)
pub fn active_summary(records: &[MessageRecord]) -> Option<ActiveSummary> {
    let mut ordered: Vec<&MessageRecord> = records.iter().collect();
    ordered.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    // Only the shown path: a boundary in another branch is not found, and its summary does not apply.
    let ordered = tree::shown_records(ordered);
    let slots: Vec<Slot<'_>> = ordered
        .iter()
        .map(|record| Slot {
            id: &record.id,
            // What is sent: shown records that are items.
            sent: HistoryItem::of_record(record).is_some(),
            summary: record.summary.as_ref().filter(|_| record.is_summary()).map(|info| SlotSummary {
                created_at: record.created_at,
                boundary_id: &info.boundary_id,
                text: &record.content,
                summarised: info.summarised,
            }),
        })
        .collect();
    active_summary_of(&slots)
}
