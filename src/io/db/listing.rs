//! Reading the conversations of the sidebar's first screen alone (a few,
//! through the place and branch indexes: see [`hearth_core::storage::sidebar`]),
//! and giving their place to conversations stored without it (by a Hearth
//! before database version 9, or by hand).

use std::future::Future;
use std::pin::Pin;

use hearth_core::storage::sidebar::{first_screen, places_complete, sources_to_read};
use hearth_core::storage::{SessionRecord, indexes, stores};
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use wasm_bindgen::JsValue;

use super::{Db, Result, StorageError, commit, from_js, from_js_all, session_js};
use crate::io::chunks::{ChunkError, wasm_split};

impl Db {
    /// The conversations that decide the sidebar's first `rows` top-level
    /// rows ([`first_screen`]), read in one transaction: the first by place,
    /// every branch, then the sources of those branches; `None` while not
    /// every conversation has its place ([`places_complete`]). Beside them,
    /// how many records the place index holds (see
    /// [`hearth_core::storage::sidebar::to_place`]).
    pub(crate) async fn first_sessions(&self, rows: u32) -> Result<(Option<Vec<SessionRecord>>, u32)> {
        let tx = self.live()?.transaction(stores::SESSIONS).build()?;
        let store = tx.object_store(stores::SESSIONS)?;
        let by_place = store.index(indexes::SESSIONS_BY_PLACE)?;
        let top = by_place.get_all::<JsValue>().with_limit(rows).primitive()?;
        let branches = store.index(indexes::SESSIONS_BY_BRANCH)?.get_all::<JsValue>().primitive()?;
        let placed = by_place.count();
        let stored = store.count();
        let mut read: Vec<SessionRecord> = from_js_all(top.await?)?;
        let branches: Vec<SessionRecord> = from_js_all(branches.await?)?;
        let placed = placed.await?;
        if !places_complete(placed, branches.len(), stored.await?) {
            return Ok((None, placed));
        }
        read.extend(branches);
        // Every read is asked for before the first is awaited, so that they run together.
        let sources = sources_to_read(&read)
            .into_iter()
            .map(|id| store.get(id).primitive())
            .collect::<std::result::Result<Vec<_>, _>>()?;
        for source in sources {
            let value: Option<JsValue> = source.await?;
            if let Some(value) = value {
                read.push(from_js(value)?);
            }
        }
        Ok((Some(first_screen(read)), placed))
    }

    /// Stores the conversations `ids` again with their places, each read
    /// again inside the one transaction (a change made meanwhile is kept).
    pub(crate) async fn place_sessions(&self, ids: Vec<String>) -> Result<()> {
        let code = placing_code().await.map_err(|error| {
            StorageError::Failed(format!("the conversations could not be given their sidebar places ({error})"))
        })?;
        code(self, ids).await
    }
}

/// What the `migration` chunk's [`placing_code`] gives: [`place`].
type Placing = for<'a> fn(&'a Db, Vec<String>) -> Pin<Box<dyn Future<Output = Result<()>> + 'a>>;

/// The placing of conversations, in the `migration` chunk: only those that a
/// Hearth before database version 9 wrote (or written by hand) need it, once.
#[wasm_split(migration, fallible)]
fn placing_code() -> std::result::Result<Placing, ChunkError> {
    Ok(|db, ids| Box::pin(place(db, ids)))
}

/// [`Db::place_sessions`], once its code is here.
async fn place(db: &Db, ids: Vec<String>) -> Result<()> {
    let tx = db.live()?.transaction(stores::SESSIONS).with_mode(TransactionMode::Readwrite).build()?;
    let store = tx.object_store(stores::SESSIONS)?;
    let reads = ids.into_iter().map(|id| store.get(id).primitive()).collect::<std::result::Result<Vec<_>, _>>()?;
    for read in reads {
        let value: Option<JsValue> = read.await?;
        // One that cannot be read stays as it is, as everywhere else.
        if let Some(session) = value.and_then(|value| from_js::<SessionRecord>(value).ok()) {
            store.put(session_js(&session)?).primitive()?;
        }
    }
    commit(tx).await
}
