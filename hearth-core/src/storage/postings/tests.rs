//! The postings: rows of message numbers, what a write adds, and what a query reads.

use super::*;

#[test]
fn a_row_holds_its_numbers_in_one_or_two_bytes_each() {
    let numbers = [0, 1, 5, 130, 1023, 1024, 70_000, u64::from(u32::MAX) + 9];
    let row = encode(&numbers);
    assert_eq!(decode(&row), Ok(numbers.to_vec()));
    assert_eq!(encode(&[3, 4, 100]), vec![3, 1, 96]);
    assert_eq!(encode(&[200]), vec![0xc8, 0x01]);
    assert_eq!(decode(&[]), Ok(Vec::new()));
}

#[test]
fn a_row_cut_short_or_too_long_is_an_error() {
    assert_eq!(decode(&[0x80]), Err(RowError::Truncated));
    assert_eq!(decode(&[5, 0xff]), Err(RowError::Truncated));
    assert_eq!(decode(&[0xff; 11]), Err(RowError::TooLong));
    assert_eq!(decode(&encode(&[u64::MAX])), Ok(vec![u64::MAX]));
    // Two numbers whose sum passes 64 bits.
    let mut row = encode(&[u64::MAX]);
    row.push(1);
    assert_eq!(decode(&row), Err(RowError::TooLong));
}

fn add(numbers: &[u64]) -> RowChange {
    RowChange { add: numbers.to_vec(), remove: Vec::new() }
}

fn remove(numbers: &[u64]) -> RowChange {
    RowChange { add: Vec::new(), remove: numbers.to_vec() }
}

#[test]
fn numbers_are_added_once_and_in_order() {
    let row = encode(&[2, 9]);
    assert_eq!(changed_row(Some(&row), &add(&[9])), RowWrite::Keep, "already there: nothing to write");
    assert_eq!(changed_row(Some(&row), &add(&[5, 9, 12])), RowWrite::Put(encode(&[2, 5, 9, 12])));
    assert_eq!(changed_row(None, &add(&[7])), RowWrite::Put(encode(&[7])));
}

#[test]
fn numbers_taken_out_leave_the_rest_and_an_empty_row_is_deleted() {
    let row = encode(&[2, 9, 30]);
    assert_eq!(changed_row(Some(&row), &remove(&[9])), RowWrite::Put(encode(&[2, 30])));
    assert_eq!(changed_row(Some(&row), &remove(&[4])), RowWrite::Keep, "not there: nothing to write");
    assert_eq!(changed_row(Some(&row), &remove(&[2, 9, 30])), RowWrite::Delete);
    assert_eq!(changed_row(None, &remove(&[2])), RowWrite::Keep);
    let both = RowChange { add: vec![40], remove: vec![2] };
    assert_eq!(changed_row(Some(&row), &both), RowWrite::Put(encode(&[9, 30, 40])));
}

#[test]
fn an_unreadable_row_is_replaced_by_one_that_can_be_read_or_kept() {
    assert_eq!(changed_row(Some(&[0x80]), &add(&[4])), RowWrite::Put(encode(&[4])));
    assert_eq!(changed_row(Some(&[0x80]), &remove(&[4])), RowWrite::Keep, "nothing to put in: left as it is");
}

#[test]
fn changes_group_messages_by_term_and_segment() {
    let a = vec!["kettle".to_owned(), "tea".to_owned()];
    let b = vec!["tea".to_owned()];
    let gone = vec!["kettle".to_owned(), "old".to_owned()];
    let rows = row_changes(
        [(3, a.as_slice()), (SEGMENT + 1, b.as_slice()), (1, b.as_slice()), (3, a.as_slice())],
        [(5, gone.as_slice())],
    );
    let rows: Vec<((String, u64), RowChange)> = rows.into_iter().collect();
    assert_eq!(
        rows,
        vec![
            (("kettle".to_owned(), 0), RowChange { add: vec![3], remove: vec![5] }),
            (("old".to_owned(), 0), remove(&[5])),
            (("tea".to_owned(), 0), add(&[1, 3])),
            (("tea".to_owned(), 1), add(&[SEGMENT + 1])),
        ]
    );
    assert_eq!(segment(SEGMENT - 1), 0);
    assert_eq!(segment(SEGMENT), 1);
}

#[test]
fn a_query_gets_the_numbers_holding_every_word_newest_first() {
    let kettle = [encode(&[1, 4, 9]), encode(&[1030, 2000])];
    // A prefix: two terms, overlapping.
    let tea = [encode(&[4, 9]), encode(&[2000]), encode(&[9, 11])];
    let words = vec![kettle.iter().map(Vec::as_slice).collect(), tea.iter().map(Vec::as_slice).collect()];
    assert_eq!(holding_all(&words), vec![2000, 9, 4]);
    assert_eq!(holding_all(&[]), Vec::<u64>::new());
    // An unreadable row counts as empty.
    let broken: Vec<&[u8]> = vec![&[0x80], kettle[0].as_slice()];
    assert_eq!(holding_all(&[broken]), vec![9, 4, 1]);
}
