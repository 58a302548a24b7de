//! A conversation's branches as whole pieces: "Branch into a new chat" (the
//! path up to a message copied into a new conversation that links back),
//! pruning ("Delete this version", "Keep only this path"), which waits for
//! [`UNDO_MS`] before anything is deleted, showing any message of any branch
//! ([`reveal`], for the outline and search), and editing a reply (as a new
//! version, or fixed in place). The rules are
//! `hearth_core::storage::branch`'s; this code is in the `branches` chunk,
//! loaded the first time one of them is asked for.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use hearth_core::message::Role;
use hearth_core::storage::branch::{self, BranchRefusal};
use hearth_core::storage::{SessionRecord, TitleSource, preview_of};
use leptos::prelude::*;

use super::context::{ChatContext, Prune};
use super::entry::Entry;
use crate::composer::state::ComposerDraft;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::clock::now;
use crate::io::db::StorageError;
use crate::io::ids::new_id;
use crate::sessions::state::UNDO_MS;

type Done<T> = Pin<Box<dyn Future<Output = T>>>;

/// Why a branch was not made, pruned, shown or edited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BranchError {
    /// The core refused it (the message is gone, or its turn is unfinished).
    Refused(BranchRefusal),
    /// The conversation could not be read.
    Storage(StorageError),
    /// The code of branches could not be loaded.
    Code(ChunkError),
    /// The new conversation could not be stored.
    NotStored,
    /// A reply is streaming in this conversation.
    Streaming,
    /// "Delete this version" on a message without another version.
    NoOtherVersion,
    /// "Keep only this path" in a conversation without another branch.
    NoOtherBranch,
    /// An edited answer with no text.
    EmptyAnswer,
}

impl fmt::Display for BranchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BranchError::Refused(refusal) => write!(f, "{refusal}"),
            BranchError::Storage(error) => write!(f, "{error}"),
            BranchError::Code(error) => write!(f, "{error}"),
            BranchError::NotStored => f.write_str(tr("The new conversation could not be stored.")),
            BranchError::Streaming => f.write_str(tr("Wait until the reply has ended.")),
            BranchError::NoOtherVersion => f.write_str(tr("This message has no other version: nothing was deleted.")),
            BranchError::NoOtherBranch => {
                f.write_str(tr("This conversation has no other branch: nothing was deleted."))
            }
            BranchError::EmptyAnswer => f.write_str(tr("An answer cannot be empty: write something, or Cancel.")),
        }
    }
}

impl From<StorageError> for BranchError {
    fn from(error: StorageError) -> Self {
        BranchError::Storage(error)
    }
}

impl From<BranchRefusal> for BranchError {
    fn from(refusal: BranchRefusal) -> Self {
        BranchError::Refused(refusal)
    }
}

/// The code, from the `branches` chunk.
pub(crate) struct BranchCode {
    /// See [`branch_from`].
    pub(crate) branch_from: fn(ChatContext, String, ComposerDraft) -> Done<Result<(), BranchError>>,
    /// See [`prune`].
    pub(crate) prune: fn(ChatContext, Pruning) -> Done<Result<(), BranchError>>,
    /// See [`branch_each`].
    pub(crate) branch_each: fn(ChatContext, Vec<String>) -> Done<Result<usize, BranchError>>,
}

/// What pruning removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pruning {
    /// A message's version and everything below it.
    Version(String),
    /// Every branch but the one shown.
    OtherBranches,
}

/// The code of branches, loading its chunk the first time.
#[wasm_split(branches, fallible)]
pub(crate) fn branch_code() -> Result<&'static BranchCode, ChunkError> {
    static CODE: BranchCode = BranchCode {
        branch_from: |chat, id, draft| Box::pin(branch_from(chat, id, draft)),
        prune: |chat, pruning| Box::pin(prune(chat, pruning)),
        branch_each: |chat, ids| Box::pin(branch_each(chat, ids)),
    };
    Ok(&CODE)
}

/// Copies the open conversation's path up to the message `id` into a new
/// conversation that links back to it, and opens that. From a user message
/// the copy ends before it and `draft` gets its text, to send again or change.
/// Refused while this conversation streams, or inside an unfinished turn.
async fn branch_from(chat: ChatContext, id: String, draft: ComposerDraft) -> Result<(), BranchError> {
    if chat.busy.get_untracked() {
        return Err(BranchRefusal::Unfinished.into());
    }
    let Some(source) = chat.sessions.current_record() else { return Err(BranchRefusal::NotFound.into()) };
    let records = chat.store.session_messages(&source.id).await?;
    let (session, prefill) = store_branch(chat, &source, &records, id).await?;
    match session {
        Some(session) => chat.sessions.open(session),
        // Nothing to copy (the first message): a new chat with its text.
        None => chat.sessions.new_chat(),
    }
    if let Some(text) = prefill {
        draft.fill(&text);
    }
    Ok(())
}

/// Branches the open conversation into a new chat at each of the replies
/// `ids` (a compare turn's "Continue separately"), staying where it is: the
/// new chats are listed under it. Says how many were made.
async fn branch_each(chat: ChatContext, ids: Vec<String>) -> Result<usize, BranchError> {
    let Some(source) = chat.sessions.current_record() else { return Err(BranchRefusal::NotFound.into()) };
    let records = chat.store.session_messages(&source.id).await?;
    let mut made = 0;
    for id in ids {
        if store_branch(chat, &source, &records, id).await?.0.is_some() {
            made += 1;
        }
    }
    Ok(made)
}

/// Stores the copy of `source`'s path up to the message `id` (`records`) as
/// a new conversation that links back; says its id (`None`: nothing to copy,
/// a first message) and, from a user message, the text to prefill.
async fn store_branch(
    chat: ChatContext,
    source: &SessionRecord,
    records: &[hearth_core::storage::MessageRecord],
    id: String,
) -> Result<(Option<String>, Option<String>), BranchError> {
    let original = records.iter().find(|record| record.id == id).ok_or(BranchRefusal::NotFound)?;
    let (last, prefill) = match original.role {
        Role::User => (original.parent.clone(), Some(original.content.clone())),
        _ => (Some(id.clone()), None),
    };
    let session_id = new_id();
    let copies = match &last {
        Some(last) => branch::copy_path(records, last, &session_id, new_id)?,
        None => Vec::new(),
    };
    let now = now();
    let session = SessionRecord {
        id: session_id.clone(),
        title: format!("{} (branch)", source.title.trim()),
        title_source: TitleSource::User,
        agent_id: source.agent_id.clone(),
        created_at: now,
        updated_at: now,
        message_count: u32::try_from(copies.len()).unwrap_or(u32::MAX),
        preview: copies
            .iter()
            .rev()
            .find(|copy| !copy.is_marker())
            .map(|copy| preview_of(&copy.content))
            .unwrap_or_default(),
        pinned: false,
        deleted_at: None,
        branch_of: Some(source.id.clone()),
        branched_at: Some(id),
    };
    if last.is_none() {
        return Ok((None, prefill));
    }
    if !chat.store.save_conversation(&session, copies).await {
        return Err(BranchError::NotStored);
    }
    Ok((Some(session_id), prefill))
}

/// Hides what `pruning` removes from the open conversation at once, after
/// the user confirmed (the question counts the messages, those not shown
/// too), and deletes it for good after [`UNDO_MS`] unless Undo was pressed.
async fn prune(chat: ChatContext, pruning: Pruning) -> Result<(), BranchError> {
    if chat.busy.get_untracked() {
        return Err(BranchError::Streaming);
    }
    let Some(session) = chat.sessions.current_record() else { return Ok(()) };
    let records = chat.store.session_messages(&session.id).await?;
    let ids = match &pruning {
        Pruning::Version(id) if has_other_versions(&records, id) => branch::branch_ids(&records, id),
        Pruning::Version(_) => return Err(BranchError::NoOtherVersion),
        Pruning::OtherBranches => branch::off_path_ids(&records),
    };
    let count = records.iter().filter(|r| ids.contains(&r.id) && !r.is_summary()).count();
    if count == 0 {
        return Err(BranchError::NoOtherBranch);
    }
    let messages = if count == 1 { "1 message".to_owned() } else { format!("{count} messages") };
    let counted = [("count", Arg::Number(count as f64))];
    let question = match pruning {
        Pruning::Version(_) => tr_with("chat-state-delete-version-confirm", &counted, || {
            format!("Delete this version and all below it ({messages})? You can undo it for a few seconds.")
        }),
        Pruning::OtherBranches => tr_with("chat-state-keep-path-confirm", &counted, || {
            format!("Delete every branch but the one shown ({messages})? You can undo it for a few seconds.")
        }),
    };
    if !crate::io::dialogs::confirm(&question) {
        return Ok(());
    }
    // A pruning still waiting is done now: one Undo at a time.
    if let Some(earlier) = chat.pending_prune.try_update_value(Option::take).flatten() {
        chat.store.delete_messages(&earlier.session, &earlier.ids).await;
    }
    let prune = Prune { session: session.id.clone(), ids: ids.clone(), at: now() };
    chat.pending_prune.set_value(Some(prune.clone()));
    chat.prune_note.set(tr_with("chat-state-messages-deleted", &counted, || format!("Deleted {messages}")));
    chat.entries.update(|entries| entries.retain(|entry| !ids.contains(&entry.id)));
    crate::io::timer::sleep(UNDO_MS).await;
    if chat.pending_prune.with_value(|pending| pending.as_ref() == Some(&prune)) {
        chat.pending_prune.set_value(None);
        chat.prune_note.set(String::new());
        chat.store.delete_messages(&prune.session, &prune.ids).await;
    }
    Ok(())
}

/// Whether the message `id` has another version beside it (deleting the only
/// version of a message would cut the conversation there).
fn has_other_versions(records: &[hearth_core::storage::MessageRecord], id: &str) -> bool {
    let keys: Vec<_> = records.iter().map(|record| record.node_key()).collect();
    let at = records.iter().position(|record| record.id == id);
    at.and_then(|at| hearth_core::storage::tree::Tree::new(&keys).siblings(at)).is_some()
}

/// Shows the message `id` of the open conversation, wherever it is: the
/// messages of its line that stand at a fork are picked, as the version arrows
/// pick one (remembered with them, for reloads and other tabs), and the view
/// goes to it. Refused while a reply streams here.
pub(crate) fn reveal(chat: ChatContext, id: &str) -> Result<(), BranchError> {
    if chat.busy.get_untracked() {
        return Err(BranchError::Streaming);
    }
    // Another column of a compare turn on screen is shown beside it already:
    // going to it changes nothing of what the conversation follows.
    let beside = chat.entries.with_untracked(|entries| {
        let group = entries.iter().find(|entry| entry.id == id).and_then(|entry| entry.node.as_ref()?.group.as_ref());
        group.is_some_and(|group| {
            chat.shown.with_untracked(|shown| {
                entries
                    .iter()
                    .zip(shown)
                    .any(|(entry, on)| *on && entry.node.as_ref().and_then(|n| n.group.as_ref()) == Some(group))
            })
        })
    });
    if beside {
        chat.scroll_to.set(Some(id.to_owned()));
        return Ok(());
    }
    let at = now();
    let chosen: Vec<String> = chat.entries.with_untracked(|entries| {
        let keys: Vec<_> = untrack(|| entries.iter().map(Entry::node_key).collect());
        let Some(target) = entries.iter().position(|entry| entry.id == id) else { return Vec::new() };
        let tree = hearth_core::storage::tree::Tree::new(&keys);
        tree.reveal(target).into_iter().map(|index| entries[index].id.clone()).collect()
    });
    if !chosen.is_empty() {
        chat.mark_chosen(chosen, at);
    }
    chat.scroll_to.set(Some(id.to_owned()));
    Ok(())
}

/// Picks the line to the message `id` of the stored conversation `session`
/// (see [`reveal`]), so that opening it shows that message.
pub(crate) async fn reveal_stored(chat: ChatContext, session: &str, id: &str) {
    let Ok(records) = chat.store.session_messages(session).await else { return };
    let keys: Vec<_> = records.iter().map(hearth_core::storage::MessageRecord::node_key).collect();
    let Some(target) = records.iter().position(|record| record.id == id) else { return };
    let chosen: Vec<String> = hearth_core::storage::tree::Tree::new(&keys)
        .reveal(target)
        .into_iter()
        .map(|index| records[index].id.clone())
        .collect();
    let at = now();
    for id in chosen {
        chat.store
            .update_message(session, &id, |message| {
                message.chosen_at = Some(at);
                true
            })
            .await;
    }
}

/// How an edited reply is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReplyEdit {
    /// As a new version beside the original, which stays one arrow away.
    NewVersion,
    /// In place of the original's text, marked edited.
    InPlace,
}

/// Keeps `text` as the user's edit of the reply `id` (see
/// `hearth_core::storage::branch::{edited_version, edit_reply}`): nothing
/// below it is removed either way. Refused, with the reason, while a reply
/// streams here or when the text is empty.
pub(crate) fn edit_reply(chat: ChatContext, id: &str, text: &str, how: ReplyEdit) -> Result<(), BranchError> {
    if chat.busy.get_untracked() {
        return Err(BranchError::Streaming);
    }
    if text.trim().is_empty() {
        return Err(BranchError::EmptyAnswer);
    }
    let Some(session) = chat.sessions.current_record() else { return Err(BranchRefusal::NotFound.into()) };
    let record = chat.entries.with_untracked(|entries| {
        entries.iter().find(|entry| entry.id == id).and_then(|entry| match &entry.kind {
            super::entry::EntryKind::Assistant(view) => Some(view.record.get_value()),
            _ => None,
        })
    });
    let Some(record) = record else { return Err(BranchRefusal::NotFound.into()) };
    if record.content == text {
        return Ok(());
    }
    let at = now();
    let store = chat.store;
    match how {
        ReplyEdit::NewVersion => {
            let copy = branch::edited_version(&record, new_id(), text, at);
            let new_id = copy.id.clone();
            chat.entries.update(|entries| entries.push(Entry::from_record(&copy)));
            leptos::task::spawn_local(async move {
                store.save_message(&session, &copy).await;
            });
            chat.scroll_to.set(Some(new_id));
        }
        ReplyEdit::InPlace => {
            let mut edited = record;
            branch::edit_reply(&mut edited, text, at);
            chat.entries.update(|entries| {
                if let Some(entry) = entries.iter_mut().find(|entry| entry.id == edited.id) {
                    entry.refresh_from(&edited);
                }
            });
            let text = text.to_owned();
            let id = id.to_owned();
            leptos::task::spawn_local(async move {
                store
                    .update_message(&session.id, &id, |message| {
                        branch::edit_reply(message, &text, at);
                        true
                    })
                    .await;
            });
        }
    }
    Ok(())
}
