//! Upkeep at start-up: replies whose tab died are marked interrupted, and
//! messages an older Hearth indexed only in part are indexed again.

use hearth_core::storage::search::may_be_cut;
use hearth_core::storage::{MessageRecord, MessageState, SessionRecord};

use super::StoreContext;
use crate::io::db::{Db, StorageError};
use crate::io::locks::{held_names, streaming_lock};

/// Setting key: the version of the search index the stored messages have.
const SEARCH_INDEX: &str = "search_index";
/// Every word of every message is indexed (earlier, at most 4,000 per message).
const SEARCH_INDEX_VERSION: u64 = 2;
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

/// Indexes again, once, the messages an older Hearth indexed only in part (see
/// [`may_be_cut`]). It walks the messages a page at a time in the background
/// after start-up; only the message records change, so no conversation is touched.
async fn index_every_word(db: &Db) -> Result<(), StorageError> {
    let done = db.get::<hearth_core::storage::SettingRecord>(SEARCH_INDEX).await?;
    if done.and_then(|setting| setting.value.as_u64()).is_some_and(|version| version >= SEARCH_INDEX_VERSION) {
        return Ok(());
    }
    let mut after: Option<String> = None;
    loop {
        let page = db.messages_after(after.as_deref(), INDEX_PAGE).await?;
        let Some(last) = page.last() else { break };
        after = Some(last.id.clone());
        for message in page {
            if may_be_cut(&message.terms) {
                // Read again and written in one transaction: another tab may
                // have changed the message since this page was read.
                db.update_message(&message.id, |message| {
                    let cut = may_be_cut(&message.terms);
                    if cut {
                        message.refresh_terms();
                    }
                    cut
                })
                .await?;
            }
        }
    }
    db.put_setting(SEARCH_INDEX, serde_json::Value::from(SEARCH_INDEX_VERSION)).await
}
