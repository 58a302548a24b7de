//! Every message write, and the search's postings it keeps (see
//! `hearth_core::storage::postings`).
//!
//! A message is numbered on this device the first time it is stored with its
//! text final (not while a reply streams: it is indexed when it ends). The
//! number is kept on the stored record (`number`, indexed by
//! [`indexes::MESSAGES_BY_NUMBER`]), never in the record the app reads, a
//! backup or sync: each write reads the stored copy's number and keeps it. The
//! next number is the postings store's `next` entry. Records stop carrying
//! their `terms`, which is what made the database many times its text, and
//! are stored lean (the fields a new message has left out).
//!
//! The code that numbers and indexes is in the `reply` chunk (the send path,
//! fetched once the message box has text): [`ready`] loads it before a transaction
//! that writes messages opens, as a transaction must not wait on anything but
//! IndexedDB.

use std::cell::Cell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use hearth_core::storage::lean::{Empty, LEFT_OUT};
use hearth_core::storage::postings::{RowChange, RowWrite, changed_row, row_changes};
use hearth_core::storage::{MessageRecord, MessageState, Stored, stores};
use indexed_db_futures::database::Database;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::{Transaction, TransactionMode};
use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};

use super::records::{Result, StorageError, commit, each_answer, from_js, put_all, stored_js, to_js};
use crate::io::chunks::{ChunkError, wasm_split};

/// The stored record's field holding its number.
pub(super) const NUMBER: &str = "number";
/// The postings store's key of the next number to give.
const NEXT: &str = "next";

/// Writes `records` into their store in `tx`; messages through [`put_messages`]
/// (`tx` must then also hold [`stores::POSTINGS`]).
pub(super) async fn put_each<R: Stored>(tx: &Transaction<'_>, records: &[R]) -> Result<()> {
    if R::STORE == stores::MESSAGES {
        let messages: Vec<&MessageRecord> = records.iter().filter_map(Stored::as_message).collect();
        return put_messages(tx, &messages).await;
    }
    put_all(&tx.object_store(R::STORE)?, &mut records.iter().map(stored_js)).await
}

/// The stores a transaction that writes messages must hold, beside `others`.
pub(super) fn with_postings<'a>(others: &[&'a str]) -> Vec<&'a str> {
    let mut scope = others.to_vec();
    if scope.contains(&stores::MESSAGES) && !scope.contains(&stores::POSTINGS) {
        scope.push(stores::POSTINGS);
    }
    scope
}

/// A write of messages under way.
type Writing<'a> = Pin<Box<dyn Future<Output = Result<()>> + 'a>>;

/// A page of the move into the postings under way.
type Moving<'a> = Pin<Box<dyn Future<Output = Result<Option<String>>> + 'a>>;

/// The writing of messages with their postings, from the `reply` chunk.
struct PostingsCode {
    /// [`write_messages`].
    put: for<'a, 'b> fn(&'a Transaction<'b>, &'a [&'a MessageRecord]) -> Writing<'a>,
    /// [`move_older`].
    move_page: for<'a> fn(&'a Database, Option<&'a str>, u32) -> Moving<'a>,
    /// [`forget_messages`].
    forget: for<'a, 'b> fn(&'a Transaction<'b>, &'a [String]) -> Writing<'a>,
}

#[wasm_split(reply, fallible)]
fn postings_code() -> std::result::Result<&'static PostingsCode, ChunkError> {
    static CODE: PostingsCode = PostingsCode {
        put: |tx, records| Box::pin(write_messages(tx, records)),
        move_page: |db, after, limit| Box::pin(move_older(db, after, limit)),
        forget: |tx, ids| Box::pin(forget_messages(tx, ids)),
    };
    Ok(&CODE)
}

thread_local! {
    static LOADED: Cell<Option<&'static PostingsCode>> = const { Cell::new(None) };
}

/// Loads the code that writes messages, once: called before a transaction
/// that writes messages opens. `false` when its chunk would not load: the
/// messages are then written without it (see [`put_messages`]).
pub(super) async fn ready() -> bool {
    if LOADED.get().is_none()
        && let Ok(code) = postings_code().await
    {
        LOADED.set(Some(code));
    }
    LOADED.get().is_some()
}

/// Writes messages in `tx` (messages and postings; [`ready`] was awaited
/// before it opened): see [`write_messages`]. Without that code (its chunk
/// would not load), as an older Hearth wrote them: with their terms, without a
/// number, found through the multi-entry index until the next move into the
/// postings (the caller asks for one).
pub(super) async fn put_messages(tx: &Transaction<'_>, records: &[&MessageRecord]) -> Result<()> {
    if let Some(code) = LOADED.get() {
        return (code.put)(tx, records).await;
    }
    let mut values = records.iter().map(|record| {
        let value = to_js(record)?;
        if record.terms.is_empty() {
            let terms: Array = record.search_terms().into_iter().map(JsValue::from).collect();
            Reflect::set(&value, &"terms".into(), &terms)
                .map_err(|_| StorageError::Failed("a message could not be stored".into()))?;
        }
        Ok(value)
    });
    put_all(&tx.object_store(stores::MESSAGES)?, &mut values).await
}

/// Takes the messages `ids`, about to be deleted in `tx` (messages and
/// postings; [`ready`] was awaited before it opened), out of their terms'
/// rows, so that no word of theirs stays behind. Without that code (its chunk
/// would not load) their numbers stay in the rows, where they lead nowhere.
pub(super) async fn forget(tx: &Transaction<'_>, ids: &[String]) -> Result<()> {
    match LOADED.get() {
        Some(code) if !ids.is_empty() => (code.forget)(tx, ids).await,
        _ => Ok(()),
    }
}

/// Puts in the search's postings, in one transaction, the records an older
/// Hearth stored (with their `terms`, without a number) among the `limit`
/// messages after the key `after` in key order (from the first with `None`):
/// a walk over every message, one page at a time. Returns the page's last key,
/// `None` after the last page, and when the code that does it would not load.
pub(super) async fn move_page(db: &Database, after: Option<&str>, limit: u32) -> Result<Option<String>> {
    if !ready().await {
        return Ok(None);
    }
    match LOADED.get() {
        Some(code) => (code.move_page)(db, after, limit).await,
        None => Ok(None),
    }
}

/// [`move_page`], with the code loaded.
async fn move_older(db: &Database, after: Option<&str>, limit: u32) -> Result<Option<String>> {
    let tx = db.transaction([stores::MESSAGES, stores::POSTINGS]).with_mode(TransactionMode::Readwrite).build()?;
    let store = tx.object_store(stores::MESSAGES)?;
    let page = match after {
        Some(after) => {
            let range = indexed_db_futures::KeyRange::LowerBound(after.to_owned(), true);
            store.get_all::<JsValue>().with_query::<String, _>(range).with_limit(limit).primitive()?.await?
        }
        None => store.get_all::<JsValue>().with_limit(limit).primitive()?.await?,
    };
    let mut last = None;
    let mut older = Vec::new();
    for value in page {
        let value = value?;
        last = Reflect::get(&value, &"id".into()).ok().and_then(|id| id.as_string());
        // Only a record without its number; one that cannot be read stays as it is.
        if number_of(&value).is_none()
            && let Ok(record) = from_js::<MessageRecord>(value)
        {
            older.push(record);
        }
    }
    write_messages(&tx, &older.iter().collect::<Vec<_>>()).await?;
    commit(tx).await?;
    Ok(last)
}

/// Writes messages in `tx` (messages and postings): each keeps the number its
/// stored copy has, or gets the next one, and its terms are added to their
/// rows, unless it is a reply still streaming (unnumbered until it ends). The
/// reads are asked for a hundred at a time (see `each_answer`).
async fn write_messages(tx: &Transaction<'_>, records: &[&MessageRecord]) -> Result<()> {
    let messages = tx.object_store(stores::MESSAGES)?;
    let postings = tx.object_store(stores::POSTINGS)?;
    let indexed: Vec<&MessageRecord> =
        records.iter().copied().filter(|record| record.state != MessageState::Streaming).collect();
    let mut numbers: Vec<(String, u64)> = Vec::with_capacity(indexed.len());
    if !indexed.is_empty() {
        let next = postings.get::<JsValue, _, _>(NEXT).primitive()?;
        // Each stored copy's number, and the terms of a numbered copy whose
        // text may differ (taken out of the rows its new text is not in).
        let mut known: Vec<Option<u64>> = Vec::with_capacity(indexed.len());
        let mut gone: Vec<(u64, Vec<String>)> = Vec::new();
        let ask = |record: &&MessageRecord| Ok(messages.get::<JsValue, _, _>(record.id.clone()).primitive()?);
        each_answer(&indexed, ask, |record, value: Option<JsValue>| {
            let number = value.as_ref().and_then(number_of);
            if let (Some(number), Some(value)) = (number, value)
                && let Some(terms) = earlier_terms(value, record)
            {
                gone.push((number, terms));
            }
            known.push(number);
            Ok(())
        })
        .await?;
        let mut next = next.await?.and_then(|value| value.as_f64()).map_or(0, |n| n.max(0.0) as u64);
        let given = known.iter().any(Option::is_none);
        for (record, number) in indexed.iter().zip(known) {
            let number = number.unwrap_or_else(|| {
                next += 1;
                next - 1
            });
            numbers.push((record.id.clone(), number));
        }
        if given {
            postings.put(JsValue::from(next as f64)).with_key(NEXT).primitive()?;
        }
        let terms: Vec<Vec<String>> = indexed.iter().map(|record| record.search_terms()).collect();
        let added = numbers.iter().map(|(_, number)| *number).zip(terms.iter().map(Vec::as_slice));
        let removed = gone.iter().map(|(number, old)| {
            let new = numbers.iter().position(|(_, n)| n == number).and_then(|at| terms.get(at));
            (*number, old.iter().filter(|term| new.is_none_or(|new| !new.contains(term))).cloned().collect::<Vec<_>>())
        });
        let removed: Vec<(u64, Vec<String>)> = removed.collect();
        change_rows(&postings, row_changes(added, removed.iter().map(|(n, t)| (*n, t.as_slice())))).await?;
    }
    let numbered: HashMap<&str, u64> = numbers.iter().map(|(id, number)| (id.as_str(), *number)).collect();
    put_all(
        &messages,
        &mut records.iter().map(|record| stored_value(record, numbered.get(record.id.as_str()).copied())),
    )
    .await
}

/// The value a message is stored as: without its terms, with its number, and
/// lean (`hearth_core::storage::lean`: the fields a new message has left out).
fn stored_value(record: &MessageRecord, number: Option<u64>) -> Result<JsValue> {
    let value = to_js(record)?;
    let object = value.unchecked_ref::<js_sys::Object>();
    let failed = |_| StorageError::Failed("a message could not be stored".into());
    if !record.terms.is_empty() {
        Reflect::delete_property(object, &"terms".into()).map_err(failed)?;
    }
    for (field, empty) in LEFT_OUT {
        let field = JsValue::from_str(field);
        let held = Reflect::get(object, &field).unwrap_or(JsValue::UNDEFINED);
        let is_empty = match empty {
            Empty::Null => held.is_null(),
            Empty::Text(text) => held.as_string().is_some_and(|held| held == text),
            Empty::NoItems => Array::is_array(&held) && Array::from(&held).length() == 0,
        };
        if is_empty {
            Reflect::delete_property(object, &field).map_err(failed)?;
        }
    }
    if let Some(number) = number {
        Reflect::set(&value, &NUMBER.into(), &JsValue::from(number as f64))
            .map_err(|_| StorageError::Failed("a message could not be numbered".into()))?;
    }
    Ok(value)
}

/// The number a stored message value holds, if any.
pub(super) fn number_of(value: &JsValue) -> Option<u64> {
    let number = Reflect::get(value, &NUMBER.into()).ok()?.as_f64()?;
    (number >= 0.0 && number.fract() == 0.0).then_some(number as u64)
}

/// The terms a stored, numbered copy of `record` was indexed under, when its
/// text may differ from `record`'s (`None` when it cannot, or the copy cannot
/// be read).
fn earlier_terms(stored: JsValue, record: &MessageRecord) -> Option<Vec<String>> {
    let content = Reflect::get(&stored, &"content".into()).ok()?.as_string();
    let plain = record.files.is_empty() && record.attachments.is_empty();
    if plain && content.as_deref() == Some(record.content.as_str()) {
        return None;
    }
    from_js::<MessageRecord>(stored).ok().map(|stored| stored.search_terms())
}

/// Writes the rows `changes` change, each as its stored copy is read (a
/// hundred asked at a time: see `each_answer`).
async fn change_rows(
    postings: &indexed_db_futures::object_store::ObjectStore<'_>,
    changes: std::collections::BTreeMap<(String, u64), RowChange>,
) -> Result<()> {
    let changes: Vec<_> = changes.into_iter().collect();
    let ask = |((term, segment), _): &((String, u64), RowChange)| {
        Ok(postings.get::<JsValue, _, _>(row_key(term, *segment)).primitive()?)
    };
    each_answer(&changes, ask, |((term, segment), change), value: Option<JsValue>| {
        let stored = value.and_then(|value| value.dyn_into::<Uint8Array>().ok()).map(|row| row.to_vec());
        match changed_row(stored.as_deref(), change) {
            RowWrite::Keep => {}
            RowWrite::Put(row) => {
                postings
                    .put(JsValue::from(Uint8Array::from(row.as_slice())))
                    .with_key(row_key(term, *segment))
                    .primitive()?;
            }
            RowWrite::Delete => {
                postings.delete(row_key(term, *segment)).primitive()?;
            }
        }
        Ok(())
    })
    .await
}

/// [`forget`], with the code loaded.
async fn forget_messages(tx: &Transaction<'_>, ids: &[String]) -> Result<()> {
    let messages = tx.object_store(stores::MESSAGES)?;
    let postings = tx.object_store(stores::POSTINGS)?;
    let reads = ids
        .iter()
        .map(|id| messages.get::<JsValue, _, _>(id.clone()).primitive())
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let mut gone: Vec<(u64, Vec<String>)> = Vec::new();
    for read in reads {
        let Some(value) = read.await? else { continue };
        // One that cannot be read leaves its numbers, which lead nowhere.
        if let Some(number) = number_of(&value)
            && let Ok(record) = from_js::<MessageRecord>(value)
        {
            gone.push((number, record.search_terms()));
        }
    }
    change_rows(&postings, row_changes([], gone.iter().map(|(n, t)| (*n, t.as_slice())))).await
}

/// A row's key: `[term, segment]`.
pub(super) fn row_key(term: &str, segment: u64) -> JsValue {
    Array::of2(&term.into(), &JsValue::from(segment as f64)).into()
}
