//! Compare models: one prompt sent to 2–4 models at once (see
//! `hearth_core::compare`). The answers are sibling replies of the user
//! message, each a column (`hearth_core::storage::columns`) with its model,
//! usage and timings, streaming side by side; each column stops and retries
//! on its own, so one failing never fails the others. "Continue with this"
//! picks the reply the next message follows (the tree's choice, as for any
//! version), "Continue separately" branches columns into new chats, and a
//! merge is a new reply written by a model from the answers, attributed to
//! them. Blind mode hides the models' names until one is picked, and counts
//! the picks on this device.
//!
//! This code is in the `compare` chunk: the composer's Compare panel and the
//! compare turn's view load it; Send and Retry reach it through
//! [`compare_code`].

use std::cell::RefCell;

use hearth_core::compaction::HistoryItem;
use hearth_core::compare::{MIN_COLUMNS, MergeSource, Tally, column_letter, merge_instruction};
use hearth_core::message::ChatMessage;
use hearth_core::storage::ReplyStatus;
use hearth_core::storage::columns::{ColumnKey, CompareTurn, compare_turn};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::branching::BranchError;
use super::compaction::{Compaction, history_items_through};
use super::context::{Asker, ChatContext, ColumnPlace, NewTurn, Prelude, Request};
use super::entry::{Entry, EntryKind};
use crate::i18n::tr;
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::clock::now;
use crate::io::ids::new_id;

/// What Send and Retry reach in the `compare` chunk.
pub(crate) struct CompareCode {
    /// See [`send`].
    pub(crate) send: fn(ChatContext, String) -> bool,
    /// See [`retry`].
    pub(crate) retry: fn(ChatContext, String, Compaction),
}

/// The compare code, loading its chunk the first time.
#[wasm_split(compare, fallible)]
pub(crate) fn compare_code() -> Result<&'static CompareCode, ChunkError> {
    static CODE: CompareCode = CompareCode { send, retry };
    Ok(&CODE)
}

/// The columns the next compare turn asks, and whether it is blind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Setup {
    /// 2–4 columns.
    pub(crate) columns: Vec<ColumnChoice>,
    /// Whether the models' names are hidden until one is picked.
    pub(crate) blind: bool,
}

/// Who answers in one column: an agent, on a model setting of the user's
/// (`None`: the agent's own model). The same choice twice is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ColumnChoice {
    /// The agent's id.
    pub(crate) agent_id: String,
    /// The model setting's id.
    pub(crate) model_config_id: Option<String>,
}

thread_local! {
    /// The Compare panel's choice, kept while the tab lives (the panel may close and open again).
    static SETUP: RefCell<Setup> = RefCell::new(Setup::default());
}

/// The Compare panel's choice.
pub(crate) fn setup() -> Setup {
    SETUP.with_borrow(Clone::clone)
}

/// Keeps the Compare panel's choice.
pub(crate) fn keep_setup(setup: Setup) {
    SETUP.set(setup);
}

/// Sends `text` (with the attached files) to every column of the Compare
/// panel's choice: one user message, answered by a reply per column, all
/// streaming at once. Returns whether it was sent (as `ChatContext::send`;
/// also not with fewer than two columns).
fn send(chat: ChatContext, text: String) -> bool {
    let Setup { columns, blind } = setup();
    if columns.len() < MIN_COLUMNS {
        return false;
    }
    let Some(NewTurn { session, user, blobs, items, first_message }) = chat.new_turn(text) else { return false };
    let group = new_id();
    let parent = Some(user.id.clone());
    // The first column stores the user message (and its files) before it asks;
    // the others ask at once.
    let mut prelude = Some(Prelude::Save(Box::new(user), blobs));
    let mut first_message = first_message;
    let count = i64::try_from(columns.len()).unwrap_or(0);
    let moment = now() + 1;
    for ((column, ahead), choice) in (0u32..).zip((0..count).rev()).zip(columns) {
        let asker = asker(chat, &choice.agent_id, choice.model_config_id.as_deref());
        let place = ColumnPlace {
            group: group.clone(),
            column,
            at: Some(moment + ahead),
            blind,
            model_config_id: choice.model_config_id,
            merged_from: Vec::new(),
            merge_recipe: None,
        };
        let request = Request { items: items.clone(), compaction: Compaction::Never, pictures: None };
        let start = (prelude.take().unwrap_or(Prelude::Keep), first_message.take(), parent.clone());
        chat.reply_as(session.clone(), request, start, asker, Some(place));
    }
    // The answers take the screen; the next message goes to one model again
    // (Compare opens the panel with the same columns).
    chat.compare_open.set(false);
    true
}

/// The agent `agent_id` on the model setting `model_config_id` (its own
/// model when `None`, the default one when that is gone too).
fn asker(chat: ChatContext, agent_id: &str, model_config_id: Option<&str>) -> Asker {
    untrack(|| {
        let agent = chat.agents.get_or_general(agent_id);
        let entry = chat.providers.entry_for(model_config_id.or(agent.model_config_id.as_deref()));
        Asker { agent, entry }
    })
}

/// Asks the compare column (or merge) `id` again, with its own agent and
/// model (a merge with its recipe, from the answers as they are now),
/// compacting the conversation first when `compaction` says so (an error
/// card's "Compact and retry"): a failed attempt is replaced, one that holds
/// anything stays as an earlier version of the column. The other columns go
/// on meanwhile, and the conversation stays with the answer it follows.
fn retry(chat: ChatContext, id: String, compaction: Compaction) {
    if untrack(|| chat.working_on(&id)) {
        return;
    }
    // The answer the conversation follows here, if another: it stays followed
    // (the new attempt, being newest, would take over otherwise).
    let followed = chat.entries.with_untracked(|entries| {
        let parent = entries.iter().find(|entry| entry.id == id)?.node.as_ref()?.parent.clone();
        let keys: Vec<_> = untrack(|| entries.iter().map(Entry::node_key).collect());
        let path = hearth_core::storage::tree::Tree::new(&keys).path();
        path.into_iter()
            .map(|at| &entries[at])
            .find(|entry| entry.node.as_ref().is_some_and(|node| node.parent == parent))
            .map(|entry| entry.id.clone())
            .filter(|followed| *followed != id)
    });
    let Some(session) = chat.sessions.current_record() else { return };
    let found = chat.entries.with_untracked(|entries| {
        let at = entries.iter().position(|entry| entry.id == id)?;
        let EntryKind::Assistant(view) = &entries[at].kind else { return None };
        let record = view.record.get_value();
        let keep = untrack(|| entries[at].node_key().is_some_and(|key| key.has_content));
        let mut items = untrack(|| history_items_through(entries, record.parent.as_deref()));
        if let Some(recipe) = &record.merge_recipe {
            let sources: Vec<Source> = record
                .merged_from
                .iter()
                .filter_map(|source| {
                    let (column, label) = source_label(entries, source)?;
                    Some((column, label, text_of(entries, source)?))
                })
                .collect();
            items.push(instruction_item(recipe, &sources));
        }
        Some((at, record, keep, items))
    });
    let Some((at, record, keep, items)) = found else { return };
    let agent_id = record.agent.as_ref().map(|agent| agent.id.clone()).unwrap_or_default();
    let asker = asker(chat, &agent_id, record.model_config_id.as_deref());
    let place = ColumnPlace {
        group: record.compare_group.clone().unwrap_or_else(new_id),
        column: record.compare_column,
        at: None,
        blind: record.blind,
        model_config_id: record.model_config_id.clone(),
        merged_from: record.merged_from.clone(),
        merge_recipe: record.merge_recipe.clone(),
    };
    let prelude = if keep {
        Prelude::Keep
    } else {
        chat.entries.update(|entries| {
            if entries.get(at).is_some_and(|entry| entry.id == id) {
                entries.remove(at);
            }
        });
        Prelude::Delete(id)
    };
    let compaction = if compaction == Compaction::Now { Compaction::Now } else { Compaction::Never };
    let request = Request { items, compaction, pictures: None };
    chat.reply_as(session, request, (prelude, None, record.parent.clone()), asker, Some(place));
    if let Some(followed) = followed {
        keep_followed(chat, &followed);
    }
}

/// Picks `id` again, later than anything just created beside it.
fn keep_followed(chat: ChatContext, id: &str) {
    chat.mark_chosen(vec![id.to_owned()], now() + 10);
}

/// A compare turn as shown: its columns' replies in order, its merges, and
/// whether one was picked (see `hearth_core::storage::columns`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Columns {
    /// Each column's reply shown, in column order.
    pub(crate) columns: Vec<String>,
    /// Their letters (A for the first column asked, whether or not the others
    /// are still there).
    pub(crate) letters: Vec<char>,
    /// The merges, oldest first.
    pub(crate) merges: Vec<String>,
    /// Whether one of its replies was picked (blind mode then names the models).
    pub(crate) picked: bool,
}

/// The compare turn `group` of the open conversation as shown (tracked).
pub(crate) fn turn_of(chat: ChatContext, group: &str) -> Columns {
    chat.entries.with(|entries| {
        let records: Vec<_> = entries.iter().filter_map(record_of).collect();
        let keys: Vec<ColumnKey<'_>> = records.iter().filter_map(ColumnKey::of).collect();
        let CompareTurn { columns, merges, picked } = compare_turn(&keys, group);
        let letter = |id: &str| {
            let column = keys.iter().find(|key| key.id == id).map_or(0, |key| key.column);
            column_letter(usize::try_from(column).unwrap_or(0))
        };
        Columns {
            letters: columns.iter().map(|id| letter(id)).collect(),
            columns: columns.into_iter().map(str::to_owned).collect(),
            merges: merges.into_iter().map(str::to_owned).collect(),
            picked,
        }
    })
}

/// The stored record behind a reply entry, with the entry's own choice time
/// (which a pick changes at once, before the store does).
fn record_of(entry: &Entry) -> Option<hearth_core::storage::MessageRecord> {
    let EntryKind::Assistant(view) = &entry.kind else { return None };
    let node = entry.node.as_ref()?;
    node.group.as_ref()?;
    let mut record = view.record.get_value();
    record.chosen_at = node.chosen_at;
    Some(record)
}

/// Goes on with the reply `id` of a compare turn: the next message follows
/// it (remembered with the message, as a version's choice is). In blind mode
/// the first pick of a turn counts a win for its model on this device.
pub(crate) fn pick(chat: ChatContext, id: String) {
    let broken = chat.entries.with_untracked(|entries| {
        entries.iter().any(|entry| {
            entry.id == id
                && matches!(&entry.kind, EntryKind::Assistant(view) if view.status.with_untracked(ReplyStatus::broke))
        })
    });
    if broken {
        return;
    }
    let at = now();
    // A blind turn counts its first pick only: before it, the names were hidden.
    // (Merges are chosen as they are made, and count for nothing.)
    let won: Option<String> = chat.entries.with_untracked(|entries| {
        let picked = record_of(entries.iter().find(|entry| entry.id == id)?)?;
        let picked_before = entries.iter().filter_map(record_of).any(|record| {
            record.compare_group == picked.compare_group && record.chosen_at.is_some() && record.merged_from.is_empty()
        });
        (picked.blind && picked.merged_from.is_empty() && !picked_before).then_some(picked.model).flatten()
    });
    chat.mark_chosen(vec![id], at);
    if let Some(model) = won {
        spawn_local(async move {
            let mut tally = tally(chat).await;
            tally.win(&model);
            chat.store.put_setting(TALLY_KEY, serde_json::json!(tally.entries()));
        });
    }
}

/// The setting blind mode's tally is kept under (this device only).
const TALLY_KEY: &str = "compare_tally";

/// Blind mode's tally of wins per model, as stored.
pub(crate) async fn tally(chat: ChatContext) -> Tally {
    let stored = chat.store.setting(TALLY_KEY).await.ok().flatten();
    let pairs: Vec<(String, u32)> = stored.and_then(|value| serde_json::from_value(value).ok()).unwrap_or_default();
    Tally::from_pairs(pairs)
}

/// What a merge asks.
pub(crate) struct MergeAsk {
    /// The compare turn.
    pub(crate) group: String,
    /// The recipe's instruction, as the user left it.
    pub(crate) instruction: String,
    /// The model setting that writes the merge (`None`: the agent's own).
    pub(crate) model_config_id: Option<String>,
}

/// Why a merge was not asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MergeRefusal {
    /// A column is still streaming.
    Streaming,
    /// Fewer than two columns hold an answer.
    TooFewAnswers,
    /// The instruction is empty.
    NoInstruction,
}

impl std::fmt::Display for MergeRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MergeRefusal::Streaming => tr("Wait until every column has finished."),
            MergeRefusal::TooFewAnswers => tr("A merge needs at least two answers."),
            MergeRefusal::NoInstruction => tr("Write what the merge should do."),
        })
    }
}

/// Asks a model for a merge of the compare turn's answers: a new reply of
/// the same user message, written from the conversation, the recipe and the
/// answers (each under its letter, named by its model, or "model not shown"
/// while blind), which the conversation then goes on with. The merge names
/// what it merged.
pub(crate) fn merge(chat: ChatContext, ask: MergeAsk) -> Result<(), MergeRefusal> {
    if ask.instruction.trim().is_empty() {
        return Err(MergeRefusal::NoInstruction);
    }
    if untrack(|| chat.busy.get()) {
        return Err(MergeRefusal::Streaming);
    }
    let turn = untrack(|| turn_of(chat, &ask.group));
    let Some(session) = chat.sessions.current_record() else { return Err(MergeRefusal::TooFewAnswers) };
    let found = chat.entries.with_untracked(|entries| {
        let sources: Vec<(String, Source)> = turn
            .columns
            .iter()
            .filter_map(|id| {
                let text = text_of(entries, id).filter(|text| !text.trim().is_empty())?;
                let (column, label) = source_label(entries, id)?;
                Some((id.clone(), (column, label, text)))
            })
            .collect();
        let first = turn.columns.first()?;
        let parent = entries.iter().find(|entry| entry.id == *first)?.node.as_ref()?.parent.clone();
        let items = untrack(|| history_items_through(entries, parent.as_deref()));
        Some((sources, parent, items))
    });
    let Some((sources, parent, mut items)) = found else { return Err(MergeRefusal::TooFewAnswers) };
    if sources.len() < MIN_COLUMNS {
        return Err(MergeRefusal::TooFewAnswers);
    }
    let labelled: Vec<Source> = sources.iter().map(|(_, source)| source.clone()).collect();
    items.push(instruction_item(&ask.instruction, &labelled));
    let agent_id = untrack(|| chat.agent().id);
    let place = ColumnPlace {
        group: ask.group,
        column: 0,
        at: None,
        blind: false,
        model_config_id: ask.model_config_id.clone(),
        merged_from: sources.into_iter().map(|(id, _)| id).collect(),
        merge_recipe: Some(ask.instruction.trim().to_owned()),
    };
    let asker = asker(chat, &agent_id, ask.model_config_id.as_deref());
    let request = Request { items, compaction: Compaction::Never, pictures: None };
    chat.reply_as(session, request, (Prelude::Keep, None, parent), asker, Some(place));
    Ok(())
}

/// The history item that asks for a merge (never stored: the merge's record
/// keeps the recipe and what it merged).
fn instruction_item(instruction: &str, sources: &[Source]) -> HistoryItem {
    let sources: Vec<MergeSource<'_>> =
        sources.iter().map(|(column, label, text)| MergeSource { column: *column, label, text }).collect();
    let text = merge_instruction(instruction, &sources);
    HistoryItem { id: format!("merge-{}", new_id()), messages: vec![ChatMessage::user_with_files(text, Vec::new())] }
}

/// The text of the reply `id`.
fn text_of(entries: &[Entry], id: &str) -> Option<String> {
    let entry = entries.iter().find(|entry| entry.id == id)?;
    let EntryKind::Assistant(view) = &entry.kind else { return None };
    Some(view.record.with_value(|record| record.content.clone()))
}

/// An answer a merge reads: its column, how it is named, its text.
type Source = (usize, String, String);

/// The column of the answer `id` and how a merge names it: its model, or
/// "model not shown" in a blind turn (a merge never learns the names).
fn source_label(entries: &[Entry], id: &str) -> Option<(usize, String)> {
    let entry = entries.iter().find(|entry| entry.id == id)?;
    let EntryKind::Assistant(view) = &entry.kind else { return None };
    Some(view.record.with_value(|record| {
        let label = match &record.model {
            Some(model) if !record.blind => model.clone(),
            _ => "model not shown".to_owned(),
        };
        (usize::try_from(record.compare_column).unwrap_or(0), label)
    }))
}

/// Branches the chosen columns `ids` into new chats (see
/// `branching::branch_each`); says how many were made.
pub(crate) async fn continue_separately(chat: ChatContext, ids: Vec<String>) -> Result<usize, BranchError> {
    let code = super::branching::branch_code().await.map_err(BranchError::Code)?;
    (code.branch_each)(chat, ids).await
}
