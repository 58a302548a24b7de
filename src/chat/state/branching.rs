//! A conversation's branches as whole pieces: "Branch into a new chat" (the
//! path up to a message copied into a new conversation that links back) and
//! pruning ("Delete this version", "Keep only this path"), which waits for
//! [`UNDO_MS`] before anything is deleted. The rules are
//! `hearth_core::storage::branch`'s; this code is in the `branches` chunk,
//! loaded the first time one of them is asked for.

use std::future::Future;
use std::pin::Pin;

use hearth_core::message::Role;
use hearth_core::storage::branch::{self, BranchRefusal};
use hearth_core::storage::{SessionRecord, TitleSource, preview_of};
use leptos::prelude::*;

use super::{ChatContext, Prune};
use crate::composer::state::ComposerDraft;
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::clock::now;
use crate::io::ids::new_id;
use crate::sessions::state::UNDO_MS;

type Done<T> = Pin<Box<dyn Future<Output = T>>>;

/// The code, from the `branches` chunk.
pub(crate) struct BranchCode {
    /// See [`branch_from`].
    pub(crate) branch_from: fn(ChatContext, String, ComposerDraft) -> Done<Result<(), String>>,
    /// See [`prune`].
    pub(crate) prune: fn(ChatContext, Pruning) -> Done<Result<(), String>>,
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
    };
    Ok(&CODE)
}

/// Copies the open conversation's path up to the message `id` into a new
/// conversation that links back to it, and opens that. From a user message
/// the copy ends before it and `draft` gets its text, to send again or change.
/// Refused while this conversation streams, or inside an unfinished turn.
async fn branch_from(chat: ChatContext, id: String, draft: ComposerDraft) -> Result<(), String> {
    if chat.busy.get_untracked() {
        return Err(BranchRefusal::Unfinished.to_string());
    }
    let Some(source) = chat.sessions.current_record() else { return Err(BranchRefusal::NotFound.to_string()) };
    let records = chat.store.session_messages(&source.id).await.map_err(|error| error.to_string())?;
    let original = records.iter().find(|record| record.id == id).ok_or(BranchRefusal::NotFound.to_string())?;
    let (last, prefill) = match original.role {
        Role::User => (original.parent.clone(), Some(original.content.clone())),
        _ => (Some(id.clone()), None),
    };
    let session_id = new_id();
    let copies = match &last {
        Some(last) => branch::copy_path(&records, last, &session_id, new_id).map_err(|refusal| refusal.to_string())?,
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
    if last.is_some() && !chat.store.save_conversation(&session, copies).await {
        return Err("The new conversation could not be stored.".to_owned());
    }
    if last.is_none() {
        // Nothing to copy (the first message): a new chat with its text.
        chat.sessions.new_chat();
    } else {
        chat.sessions.open(session_id);
    }
    if let Some(text) = prefill {
        draft.fill(&text);
    }
    Ok(())
}

/// Hides what `pruning` removes from the open conversation at once, after
/// the user confirmed (the question counts the messages, those not shown
/// too), and deletes it for good after [`UNDO_MS`] unless Undo was pressed.
async fn prune(chat: ChatContext, pruning: Pruning) -> Result<(), String> {
    if chat.busy.get_untracked() {
        return Err("Wait until the reply has ended.".to_owned());
    }
    let Some(session) = chat.sessions.current_record() else { return Ok(()) };
    let records = chat.store.session_messages(&session.id).await.map_err(|error| error.to_string())?;
    let ids = match &pruning {
        Pruning::Version(id) if has_other_versions(&records, id) => branch::branch_ids(&records, id),
        Pruning::Version(_) => return Err("This message has no other version: nothing was deleted.".to_owned()),
        Pruning::OtherBranches => branch::off_path_ids(&records),
    };
    let count = records.iter().filter(|r| ids.contains(&r.id) && !r.is_summary()).count();
    if count == 0 {
        return Err("This conversation has no other branch: nothing was deleted.".to_owned());
    }
    let messages = if count == 1 { "1 message".to_owned() } else { format!("{count} messages") };
    let question = match pruning {
        Pruning::Version(_) => {
            format!("Delete this version and all below it ({messages})? You can undo it for a few seconds.")
        }
        Pruning::OtherBranches => {
            format!("Delete every branch but the one shown ({messages})? You can undo it for a few seconds.")
        }
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
    chat.prune_note.set(format!("Deleted {messages}"));
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
