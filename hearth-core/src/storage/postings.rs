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

/// `row` (a stored row, or `None` for a new one) with `numbers` added: `None`
/// when it already held them all (nothing to write). A row that cannot be read
/// is replaced by one holding `numbers`: what it held can be found again only
/// when those messages are indexed again, but nothing is read through it wrongly.
pub fn with_numbers(row: Option<&[u8]>, numbers: &[u64]) -> Option<Vec<u8>> {
    let mut held = row.map(decode).and_then(Result::ok).unwrap_or_default();
    let before = held.len();
    let readable = row.is_none_or(|row| decode(row).is_ok());
    for &number in numbers {
        if let Err(at) = held.binary_search(&number) {
            held.insert(at, number);
        }
    }
    (held.len() != before || !readable).then(|| encode(&held))
}

/// The rows to add to when messages are indexed: for each `(term, segment)`,
/// the numbers to add, from each message's number and its terms.
pub fn additions<'a>(messages: impl IntoIterator<Item = (u64, &'a [String])>) -> BTreeMap<(String, u64), Vec<u64>> {
    let mut rows: BTreeMap<(String, u64), Vec<u64>> = BTreeMap::new();
    for (number, terms) in messages {
        for term in terms {
            let numbers = rows.entry((term.clone(), segment(number))).or_default();
            if let Err(at) = numbers.binary_search(&number) {
                numbers.insert(at, number);
            }
        }
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
