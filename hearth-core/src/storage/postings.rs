//! The message search's postings: for each search term, the numbers of the
//! messages that hold it, kept compactly.
//!
//! Each message gets a number on this device when it is first stored (never
//! synced nor exported: it is the storage's own). A term's numbers are kept in
//! rows of [`SEGMENT`] consecutive numbers, keyed by the term and the row's
//! segment, each row the numbers' ascending differences as variable-length
//! integers: one or two bytes per message and term, where a multi-entry index
//! over a `terms` field costs the message id twice per term.
//!
//! Rows are only ever added to: a message whose text changed keeps its old
//! terms' numbers, and a deleted message's number stays, so a search checks
//! each message it reads against the query (see
//! [`matches`](super::search::matches)).

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

/// The setting that says which search index the stored messages are in.
pub const INDEX_SETTING: &str = "search_index";
/// [`INDEX_SETTING`] once every message is in the postings (2: every word of
/// every message in the multi-entry index; before, at most 4,000 per message).
pub const IN_POSTINGS: u64 = 3;
/// [`INDEX_SETTING`] when messages may be outside the postings: the move into
/// them runs at the next start.
pub const TO_MOVE: u64 = 2;

/// How many consecutive message numbers share a row: a row stays small to
/// rewrite when a message is added, and a common term has one row per
/// `SEGMENT` messages.
pub const SEGMENT: u64 = 1024;

/// The segment a message number's rows are in.
pub fn segment(number: u64) -> u64 {
    number / SEGMENT
}

/// Why a stored row could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowError {
    /// It ends in the middle of a number.
    Truncated,
    /// A number does not fit in 64 bits.
    TooLong,
}

/// The numbers of a row, ascending.
pub fn decode(row: &[u8]) -> Result<Vec<u64>, RowError> {
    let mut numbers = Vec::with_capacity(row.len());
    let mut previous = 0u64;
    let mut value = 0u64;
    let mut shift = 0u32;
    let mut pending = false;
    for &byte in row {
        if shift >= 64 {
            return Err(RowError::TooLong);
        }
        value |= u64::from(byte & 0x7f) << shift;
        pending = true;
        if byte & 0x80 == 0 {
            previous = previous.checked_add(value).ok_or(RowError::TooLong)?;
            numbers.push(previous);
            value = 0;
            shift = 0;
            pending = false;
        } else {
            shift += 7;
        }
    }
    if pending {
        return Err(RowError::Truncated);
    }
    Ok(numbers)
}

/// A row holding `numbers` (ascending, distinct).
pub fn encode(numbers: &[u64]) -> Vec<u8> {
    let mut row = Vec::with_capacity(numbers.len() + 4);
    let mut previous = 0u64;
    for &number in numbers {
        let mut delta = number.saturating_sub(previous);
        previous = number;
        while delta >= 0x80 {
            row.push((delta as u8 & 0x7f) | 0x80);
            delta >>= 7;
        }
        row.push(delta as u8);
    }
    row
}

/// What to do to one row: numbers to put in, and numbers to take out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowChange {
    /// Numbers to put in (ascending, distinct).
    pub add: Vec<u64>,
    /// Numbers to take out (ascending, distinct).
    pub remove: Vec<u64>,
}

/// What becomes of a stored row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowWrite {
    /// Nothing to write.
    Keep,
    /// Write these bytes.
    Put(Vec<u8>),
    /// Delete the row: it holds no number any more.
    Delete,
}

/// What becomes of `row` (a stored row, or `None` for none) under `change`.
/// A row that cannot be read is replaced by one holding the numbers to add
/// (what it held can be found again only when those messages are indexed
/// again, but nothing is read through it wrongly), or kept when there are none.
pub fn changed_row(row: Option<&[u8]>, change: &RowChange) -> RowWrite {
    let (mut held, readable) = match row.map(decode) {
        None => (Vec::new(), true),
        Some(Ok(held)) => (held, true),
        Some(Err(_)) if change.add.is_empty() => return RowWrite::Keep,
        Some(Err(_)) => (Vec::new(), false),
    };
    let before = held.clone();
    for &number in &change.add {
        if let Err(at) = held.binary_search(&number) {
            held.insert(at, number);
        }
    }
    held.retain(|number| change.remove.binary_search(number).is_err());
    if readable && held == before {
        RowWrite::Keep
    } else if held.is_empty() {
        if row.is_some() { RowWrite::Delete } else { RowWrite::Keep }
    } else {
        RowWrite::Put(encode(&held))
    }
}

/// The rows to change: each of `added` (a message's number and its terms) put
/// in its terms' rows, each of `removed` taken out of its terms' rows.
pub fn row_changes<'a>(
    added: impl IntoIterator<Item = (u64, &'a [String])>,
    removed: impl IntoIterator<Item = (u64, &'a [String])>,
) -> BTreeMap<(String, u64), RowChange> {
    let mut rows: BTreeMap<(String, u64), RowChange> = BTreeMap::new();
    let mut note = |number: u64, terms: &[String], pick: fn(&mut RowChange) -> &mut Vec<u64>| {
        for term in terms {
            let numbers = pick(rows.entry((term.clone(), segment(number))).or_default());
            if let Err(at) = numbers.binary_search(&number) {
                numbers.insert(at, number);
            }
        }
    };
    for (number, terms) in added {
        note(number, terms, |change| &mut change.add);
    }
    for (number, terms) in removed {
        note(number, terms, |change| &mut change.remove);
    }
    rows
}

/// The message numbers holding every word, newest (highest) first, from each
/// word's rows (the rows of every term the word begins, unreadable ones left
/// out).
pub fn holding_all(words: &[Vec<&[u8]>]) -> Vec<u64> {
    let mut sets = words.iter().map(|rows| {
        let mut numbers: Vec<u64> = rows.iter().filter_map(|row| decode(row).ok()).flatten().collect();
        numbers.sort_unstable();
        numbers.dedup();
        numbers
    });
    let Some(mut all) = sets.next() else { return Vec::new() };
    for set in sets {
        all.retain(|number| set.binary_search(number).is_ok());
    }
    all.reverse();
    all
}
