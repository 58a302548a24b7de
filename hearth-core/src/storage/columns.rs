//! The columns of a compare turn (see [`crate::compare`]): the replies of one
//! user message that share a `compare_group`. Each column shows its newest
//! attempt (a Retry that produced something keeps the earlier one as a
//! version of the column); merges are listed after the columns, oldest first.
//! Which one the conversation continues with is the tree's choice
//! ([`super::tree`]), as at any fork.

use crate::Millis;
use crate::storage::MessageRecord;

/// What the columns are chosen by, for one reply of a compare turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnKey<'a> {
    /// The reply's id.
    pub id: &'a str,
    /// Its compare turn.
    pub group: &'a str,
    /// Its column (ignored for merges).
    pub column: u32,
    /// When it was created.
    pub created_at: Millis,
    /// Whether it is a merge of the others.
    pub merge: bool,
    /// Whether the user picked it ("Continue with this").
    pub chosen: bool,
}

impl<'a> ColumnKey<'a> {
    /// The key of a stored reply, when it belongs to a compare turn.
    pub fn of(record: &'a MessageRecord) -> Option<Self> {
        Some(Self {
            id: &record.id,
            group: record.compare_group.as_deref()?,
            column: record.compare_column,
            created_at: record.created_at,
            merge: !record.merged_from.is_empty(),
            chosen: record.chosen_at.is_some(),
        })
    }
}

/// A compare turn as shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompareTurn<'a> {
    /// Each column's reply shown (its newest attempt), in column order.
    pub columns: Vec<&'a str>,
    /// The merges, oldest first.
    pub merges: Vec<&'a str>,
    /// Whether any of its replies was picked: blind mode then shows the names.
    pub picked: bool,
}

/// The compare turn `group` among `keys` (replies of other turns are ignored).
pub fn compare_turn<'a>(keys: &[ColumnKey<'a>], group: &str) -> CompareTurn<'a> {
    let mut turn = CompareTurn::default();
    let mut shown: Vec<&ColumnKey<'a>> = Vec::new();
    let mut merges: Vec<&ColumnKey<'a>> = Vec::new();
    for key in keys.iter().filter(|key| key.group == group) {
        turn.picked |= key.chosen;
        if key.merge {
            merges.push(key);
            continue;
        }
        match shown.iter_mut().find(|known| known.column == key.column) {
            // The newest attempt; on equal times the first one stays.
            Some(known) if key.created_at > known.created_at => *known = key,
            Some(_) => {}
            None => shown.push(key),
        }
    }
    shown.sort_by_key(|key| key.column);
    merges.sort_by_key(|key| key.created_at);
    turn.columns = shown.iter().map(|key| key.id).collect();
    turn.merges = merges.iter().map(|key| key.id).collect();
    turn
}

#[cfg(test)]
mod tests;
