//! Upkeep at start-up: replies whose tab died are marked interrupted, and
//! messages an older Hearth indexed only in part are indexed again.

use hearth_core::storage::postings::{IN_POSTINGS, INDEX_SETTING};
use hearth_core::storage::{MessageRecord, MessageState, SessionRecord};

use super::StoreContext;
use crate::io::db::{Db, StorageError};
use crate::io::locks::{held_names, streaming_lock};

/// Messages read at a time while indexing again.
const INDEX_PAGE: u32 = 200;

impl StoreContext {
    /// Marks replies whose tab died as interrupted (see [`recover_interrupted`]).
    pub(crate) async fn recover_interrupted(self) {
        let Some(db) = self.db() else { return };
        if let Err(error) = recover_interrupted(&db).await {
            self.report(error);
        }
    }

    /// Indexes again, once, in the background, the messages an older Hearth
    /// indexed only in part (see [`index_every_word`]).
    pub(crate) async fn index_every_word(self) {
        let Some(db) = self.db() else { return };
        if let Err(error) = index_every_word(&db).await {
            self.report(error);
        }
    }
}

/// Replies still marked streaming whose tab no longer holds their lock were cut
/// off by a reload, a closed tab or a crash: mark them interrupted (their text,
/// saved as it grew, is kept).
async fn recover_interrupted(db: &Db) -> Result<(), StorageError> {
    let streaming: Vec<MessageRecord> = db.streaming_messages().await?;
    if streaming.is_empty() {
        return Ok(());
    }
    let held = held_names().await.unwrap_or_default();
    for mut message in streaming {
        if held.contains(&streaming_lock(&message.id)) {
            continue; // Another open tab is still streaming it.
        }
        message.state = MessageState::Interrupted;
        message.refresh_terms();
        match db.get::<SessionRecord>(&message.session_id).await? {
            Some(session) => {
                db.save_message(&session, &message).await?;
            }
            None => db.put(&message).await?,
        }
    }
    Ok(())
}

/// Puts in the search's postings, once, the messages an older Hearth stored
/// with their `terms` (indexed by a multi-entry index that made the database
/// many times its text; see `hearth_core::storage::postings`), which also
/// indexes every word of those it indexed only in part (at most 4,000).
/// It walks the messages a page at a time in the background after start-up,
/// each page in one transaction that reads and writes it, so another tab's
/// change is never overwritten; only the message records change, so no
/// conversation is touched. Cut off (a tab closed), it starts again at the
/// next start-up, and only records still holding their terms are written.
async fn index_every_word(db: &Db) -> Result<(), StorageError> {
    let done = db.get::<hearth_core::storage::SettingRecord>(INDEX_SETTING).await?;
    if done.and_then(|setting| setting.value.as_u64()).is_some_and(|version| version >= IN_POSTINGS) {
        return Ok(());
    }
    // Without that code (its chunk would not load), the next start tries again.
    if !db.postings_ready().await {
        return Ok(());
    }
    let mut after: Option<String> = None;
    while let Some(last) = db.index_older_records(after.as_deref(), INDEX_PAGE).await? {
        after = Some(last);
    }
    db.put_setting(INDEX_SETTING, serde_json::Value::from(IN_POSTINGS)).await
}
