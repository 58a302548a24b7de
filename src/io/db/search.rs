//! The message search, newest matches first, through the multi-entry term
//! index (`terms`, see `hearth_core::storage::search`).
//!
//! Each query word's key range is counted (cheap). When the rarest word is in
//! at most [`SEARCH_CANDIDATES`] messages, they are read through the index and
//! the other words checked on those only. A word more common than that is not
//! read through the index, whose order is the words' and the ids', not the
//! times': the conversations are read newest first instead, until the newest
//! [`SEARCH_LIMIT`] matches cannot change (`hearth_core::storage::newest_walk`).
//! Either way the results are sorted by when each message was news
//! (`news_time`).

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

use hearth_core::Millis;
use hearth_core::message::Role;
use hearth_core::storage::branch::off_screen_ids;
use hearth_core::storage::newest_walk::{NewestWalk, WalkStep, Walked, news_time, walk_order};
use hearth_core::storage::postings::holding_all;
use hearth_core::storage::search::{matches, prefix_upper_bound, query_words, snippet};
use hearth_core::storage::{MessageRecord, SessionRecord, indexes, stores};
use indexed_db_futures::KeyRange;
use indexed_db_futures::cursor::CursorDirection;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::Transaction;
use js_sys::Uint8Array;
use wasm_bindgen::{JsCast, JsValue};

use super::postings::number_of;
use super::records::of_session;
use super::{Db, Result, StorageError, from_js};

/// One search result.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SearchHit {
    /// The session the message belongs to.
    pub(crate) session_id: String,
    /// That session's title.
    pub(crate) title: String,
    /// The matching message.
    pub(crate) message_id: String,
    /// Text around the match.
    pub(crate) snippet: String,
    /// Whether the match is a marker ("Switched to …"): the sidebar shows it,
    /// the search tool never gives it to a model.
    pub(crate) marker: bool,
    /// Whether the message is in a branch its conversation does not show (an
    /// earlier version, an edited question's first answer, another column);
    /// `None` until its conversation's tree is read ([`Db::tag_branches`]).
    pub(crate) other_branch: Option<bool>,
}

/// Most search results shown.
const SEARCH_LIMIT: usize = 50;
/// Most messages read through the index for one search: the rarest query
/// word's. A word in more messages is searched by [`walk`].
const SEARCH_CANDIDATES: u32 = 1000;
/// Most messages [`walk`] reads (it stops between conversations it reads
/// whole, or inside one it reads from its end).
const WALK_BUDGET: usize = 20_000;

/// What a search found.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct SearchOutcome {
    /// The newest matches, at most [`SEARCH_LIMIT`].
    pub(crate) hits: Vec<SearchHit>,
    /// How many matches were found in all.
    pub(crate) total: usize,
    /// How many of them are markers.
    pub(crate) markers: usize,
    /// Why the search stopped before reading every message that could match
    /// (a very common word), if it did: `total` is then what it found, not
    /// all there is.
    pub(crate) cut: Option<Cut>,
}

/// Why a search stopped before reading every message that could match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cut {
    /// It had the newest matches; older ones were left unread.
    Newest,
    /// It read as many messages as a search may ([`WALK_BUDGET`]): the hits are
    /// what it found in the most recently updated conversations.
    Budget,
}

/// The matches of a search before they become hits.
#[derive(Default)]
struct Found {
    /// The matching messages in conversations not deleted, newest first.
    matching: Vec<MessageRecord>,
    /// Those conversations.
    sessions: HashMap<String, SessionRecord>,
    /// For conversations read whole, the ids of their messages not on screen.
    hidden: HashMap<String, Vec<String>>,
    /// Why messages that could match were left unread, if they were.
    cut: Option<Cut>,
}

impl Found {
    /// Sorts the matches by when they were news, the newest first.
    fn newest_first(&mut self) {
        let sessions = &self.sessions;
        let news = |message: &MessageRecord| {
            let updated = sessions.get(&message.session_id).map_or(message.created_at, |s| s.updated_at);
            news_time(message.created_at, updated)
        };
        self.matching.sort_by_key(|message| Reverse(news(message)));
    }
}

impl Db {
    /// Searches all message text: the newest [`SEARCH_LIMIT`] messages that
    /// hold every query word (as a word or a word's beginning).
    pub(crate) async fn search(&self, query: &str) -> Result<SearchOutcome> {
        let words = query_words(query);
        if words.is_empty() {
            return Ok(SearchOutcome::default());
        }
        let tx = self.live()?.transaction([stores::MESSAGES, stores::SESSIONS, stores::POSTINGS]).build()?;
        let messages = tx.object_store(stores::MESSAGES)?;
        let index = messages.index(indexes::MESSAGES_BY_TERM)?;
        let numbered = holding(&tx, &words).await?;
        // Records an older Hearth stored and not yet in the postings: through
        // their multi-entry index, its rarest word's.
        let mut rarest: Option<(u32, &str)> = None;
        for word in &words {
            let count = index.count().with_query(word.clone()..prefix_upper_bound(word)).await?;
            if rarest.is_none_or(|(fewest, _)| count < fewest) {
                rarest = Some((count, word));
            }
        }
        let unnumbered = rarest.filter(|(count, _)| *count > 0);
        let candidates = unnumbered.map_or(0, |(count, _)| count as usize) + numbered.len();
        if candidates == 0 {
            return Ok(SearchOutcome::default());
        }
        let found = if candidates <= SEARCH_CANDIDATES as usize {
            through_index(&tx, &words, unnumbered.map(|(_, word)| word), &numbered).await?
        } else {
            walk(&tx, &words, &numbered.into_iter().collect()).await?
        };
        let mut outcome = outcome(&found, &words);
        // Where the walk read a hit's conversation whole, whether the hit is
        // in a branch not shown is known; the others wait for `tag_branches`,
        // which reads their trees (a long one's takes longer than the search).
        for hit in &mut outcome.hits {
            hit.other_branch = found.hidden.get(&hit.session_id).map(|ids| ids.contains(&hit.message_id));
        }
        Ok(outcome)
    }

    /// Tells of each hit of `outcome` not yet known whether it is in a branch
    /// its conversation does not show: each of their conversations' trees is
    /// read once, all of them at once. A conversation that cannot be read
    /// leaves its hits unknown (opening one reveals its branch, if it can).
    pub(crate) async fn tag_branches(&self, outcome: &mut SearchOutcome) {
        let mut unread: Vec<String> = Vec::new();
        for hit in &outcome.hits {
            if hit.other_branch.is_none() && !unread.contains(&hit.session_id) {
                unread.push(hit.session_id.clone());
            }
        }
        let trees = self.trees(&unread).await.unwrap_or_default();
        let mut hidden: HashMap<String, Vec<String>> = HashMap::new();
        for (session, tree) in unread.into_iter().zip(trees) {
            if let Some(records) = tree {
                hidden.insert(session, off_screen_ids(&records));
            }
        }
        for hit in outcome.hits.iter_mut().filter(|hit| hit.other_branch.is_none()) {
            hit.other_branch = hidden.get(&hit.session_id).map(|ids| ids.contains(&hit.message_id));
        }
    }

    /// The conversations `sessions` as [`tree_of`] reads them, each `None`
    /// where it could not be read. Every read is asked for before the first is
    /// awaited, so that they run together.
    async fn trees(&self, sessions: &[String]) -> Result<Vec<Option<Vec<MessageRecord>>>> {
        if sessions.is_empty() {
            return Ok(Vec::new());
        }
        let tx = self.live()?.transaction(stores::MESSAGES).build()?;
        let messages = tx.object_store(stores::MESSAGES)?;
        let by_session = messages.index(indexes::MESSAGES_BY_SESSION)?;
        let reads = sessions
            .iter()
            .map(|session| by_session.get_all::<JsValue>().with_query::<JsValue, _>(of_session(session)).primitive())
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let mut trees = Vec::with_capacity(reads.len());
        for read in reads {
            trees.push(read.await.map_err(StorageError::from).and_then(tree_of).ok());
        }
        Ok(trees)
    }
}

/// The matches among the messages holding `lookup` (the rarest word of the
/// records not in the postings, read through their index) and those whose
/// `numbers` the postings gave: at most [`SEARCH_CANDIDATES`] in all.
async fn through_index(tx: &Transaction<'_>, words: &[String], lookup: Option<&str>, numbers: &[u64]) -> Result<Found> {
    let messages = tx.object_store(stores::MESSAGES)?;
    let by_number = messages.index(indexes::MESSAGES_BY_NUMBER)?;
    // Every read is asked for before the first is awaited, so that they run together.
    let unnumbered = match lookup {
        Some(lookup) => Some(
            messages
                .index(indexes::MESSAGES_BY_TERM)?
                .get_all::<JsValue>()
                .with_query(lookup.to_owned()..prefix_upper_bound(lookup))
                .with_limit(SEARCH_CANDIDATES)
                .primitive()?,
        ),
        None => None,
    };
    let reads = numbers
        .iter()
        .map(|number| by_number.get::<JsValue, _, _>(*number as f64).primitive())
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let mut candidates: Vec<MessageRecord> = match unnumbered {
        // A message that cannot be read is no match, and fails nothing else.
        Some(read) => read.await?.filter_map(|value| from_js(value.ok()?).ok()).collect(),
        None => Vec::new(),
    };
    for read in reads {
        if let Some(value) = read.await? {
            candidates.extend(from_js::<MessageRecord>(value).ok());
        }
    }
    let mut matching: Vec<MessageRecord> = Vec::new();
    for message in candidates {
        // A message appears once per matching term of a prefix query.
        if holds(&message, words) && !matching.iter().any(|m| m.id == message.id) {
            matching.push(message);
        }
    }
    let store = tx.object_store(stores::SESSIONS)?;
    // Each session is read once; for many matches all of them in one request
    // (a request per match cost a round trip each).
    let mut sessions: HashMap<String, SessionRecord> = HashMap::new();
    if matching.len() > SEARCH_LIMIT {
        // A record that cannot be read is left out (its hits are not listed), not a failed search.
        for value in store.get_all::<JsValue>().primitive()?.await? {
            if let Ok(session) = from_js::<SessionRecord>(value?) {
                sessions.insert(session.id.clone(), session);
            }
        }
    } else {
        let mut asked: HashSet<&str> = HashSet::new();
        // Every read is asked for before the first is awaited, so that they run together.
        let mut reads = Vec::new();
        for message in &matching {
            if asked.insert(&message.session_id) {
                reads.push(store.get(message.session_id.clone()).primitive()?);
            }
        }
        for read in reads {
            let session: Option<JsValue> = read.await?;
            if let Some(Ok(session)) = session.map(from_js::<SessionRecord>) {
                sessions.insert(session.id.clone(), session);
            }
        }
    }
    sessions.retain(|_, session| session.deleted_at.is_none());
    matching.retain(|message| sessions.contains_key(&message.session_id));
    let mut found = Found { matching, sessions, hidden: HashMap::new(), cut: None };
    found.newest_first();
    Ok(found)
}

/// The newest matches of a common word: the conversations read the most
/// recently updated first, until the newest [`SEARCH_LIMIT`] cannot change or
/// [`WALK_BUDGET`] messages were read. A conversation of at most
/// [`READ_WHOLE`] messages is read whole; a longer one newest first, and left
/// once its next message could not be among the newest (its matches are then
/// not all counted) or the budget is spent; its branches are told later
/// (`Db::tag_branches`).
async fn walk(tx: &Transaction<'_>, words: &[String], numbered: &HashSet<u64>) -> Result<Found> {
    let values = tx.object_store(stores::SESSIONS)?.get_all::<JsValue>().primitive()?.await?;
    let mut all = Vec::new();
    for value in values {
        all.extend(Listed::read(value?));
    }
    let order = walk_order(all);
    let store = tx.object_store(stores::MESSAGES)?;
    let mut walker = Walker {
        by_session: store.index(indexes::MESSAGES_BY_SESSION)?,
        words,
        numbered,
        walk: NewestWalk::new(SEARCH_LIMIT, WALK_BUDGET),
        found: Found::default(),
    };
    let mut left_early = false;
    let mut next = order.into_iter().peekable();
    loop {
        match walker.walk.step(next.peek().map(|session| session.updated_at)) {
            WalkStep::Read => {}
            WalkStep::Complete => break,
            WalkStep::Enough => {
                walker.found.cut = Some(Cut::Newest);
                break;
            }
            WalkStep::OverBudget => {
                walker.found.cut = Some(Cut::Budget);
                break;
            }
        }
        let Some(session) = next.next() else { break };
        // Its record whole, for its hits' title: one that cannot be read is
        // left out before its messages are (its hits could not be listed).
        let Ok(record) = from_js::<SessionRecord>(session.value.clone()) else { continue };
        let before = walker.found.matching.len();
        let left = if session.message_count <= READ_WHOLE {
            walker.read_whole(&session).await?;
            Left::Nothing
        } else {
            walker.read_from_end(&session).await?
        };
        if walker.found.matching.len() > before {
            walker.found.sessions.insert(session.id, record);
        }
        match left {
            Left::Nothing => {}
            Left::Older => left_early = true,
            Left::OverBudget => {
                walker.found.cut = Some(Cut::Budget);
                break;
            }
        }
    }
    let mut found = walker.found;
    if left_early && found.cut.is_none() {
        found.cut = Some(Cut::Newest);
    }
    found.newest_first();
    Ok(found)
}

/// Conversations of at most this many messages are read whole by [`walk`], in
/// one request: a longer one is read newest first, a message at a time
/// ([`Walker::read_from_end`]).
const READ_WHOLE: usize = 200;

/// A stored conversation as [`walk`] orders it: the fields that order needs,
/// read one by one, and the record, converted whole only when the walk reads
/// the conversation (it orders every conversation; a record that cannot be
/// read is left out rather than failing the search).
struct Listed {
    id: String,
    updated_at: Millis,
    message_count: usize,
    deleted: bool,
    value: JsValue,
}

impl Listed {
    /// `value`'s fields; `None` when it has no id or time (it cannot be read,
    /// and is left out).
    fn read(value: JsValue) -> Option<Listed> {
        let get = |key: &str| js_sys::Reflect::get(&value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
        let id = get("id").as_string()?;
        let updated_at = get("updated_at").as_f64()? as Millis;
        let message_count = get("message_count").as_f64().unwrap_or(0.0) as usize;
        let deleted_at = get("deleted_at");
        let deleted = !deleted_at.is_null() && !deleted_at.is_undefined();
        Some(Listed { id, updated_at, message_count, deleted, value })
    }
}

impl Walked for Listed {
    fn walk_key(&self) -> Option<(Millis, &str)> {
        (!self.deleted).then_some((self.updated_at, self.id.as_str()))
    }
}

/// What [`walk`] reads each conversation with, and what it found so far.
struct Walker<'a, 'tx> {
    /// The index on `[session_id, created_at]`.
    by_session: indexed_db_futures::index::Index<'tx>,
    /// The words every match holds.
    words: &'a [String],
    /// The message numbers the postings give (see [`is_candidate`]).
    numbered: &'a HashSet<u64>,
    walk: NewestWalk,
    found: Found,
}

/// What [`Walker::read_from_end`] left unread of a conversation.
enum Left {
    /// Nothing: it read every message.
    Nothing,
    /// Messages older than any of the newest matches could be.
    Older,
    /// The rest, when the walk had read as many messages as it may.
    OverBudget,
}

impl Walker<'_, '_> {
    /// Reads `session`'s messages whole, in one request, adding its matches
    /// and, when it has any, which of its messages are off screen (unless one
    /// cannot be read: its matches' branches then stay unknown, as
    /// `Db::tag_branches` cannot read its tree either).
    async fn read_whole(&mut self, session: &Listed) -> Result<()> {
        let values =
            self.by_session.get_all::<JsValue>().with_query::<JsValue, _>(of_session(&session.id)).primitive()?.await?;
        let before = self.found.matching.len();
        // Each message as its place in the tree needs it; only one the
        // postings give is converted whole.
        let mut tree: Vec<MessageRecord> = Vec::new();
        let mut unreadable = false;
        for value in values {
            let value = value?;
            self.walk.read(1);
            // A message that cannot be read is no match, and fails nothing else.
            let Ok(node) = tree_node(&value) else {
                unreadable = true;
                continue;
            };
            if is_candidate(&value, self.numbered)
                && let Ok(message) = from_js::<MessageRecord>(value)
                && holds(&message, self.words)
            {
                self.walk.found(news_time(message.created_at, session.updated_at));
                self.found.matching.push(message);
            }
            tree.push(node);
        }
        if self.found.matching.len() > before && !unreadable {
            self.found.hidden.insert(session.id.clone(), off_screen_ids(&tree));
        }
        Ok(())
    }

    /// Reads `session`'s messages newest first, adding its matches, until the
    /// walk has the newest matches and the next message could not be among
    /// them, or has read as many as it may. Only a message that can match
    /// (see [`is_candidate`]) is read whole.
    async fn read_from_end(&mut self, session: &Listed) -> Result<Left> {
        let cursor = self
            .by_session
            .open_cursor()
            .with_query::<JsValue, _>(of_session(&session.id))
            .with_direction(CursorDirection::Prev)
            .primitive()?
            .await?;
        let Some(mut cursor) = cursor else { return Ok(Left::Nothing) };
        while let Some(value) = cursor.next_record::<JsValue>().await? {
            self.walk.read(1);
            // A time that is not a number (the index takes any key): unreadable, no match.
            let Some(created_at) =
                js_sys::Reflect::get(&value, &JsValue::from_str("created_at")).ok().and_then(|at| at.as_f64())
            else {
                continue;
            };
            let at = news_time(created_at as Millis, session.updated_at);
            // A message that cannot be read is no match, and fails nothing else.
            if is_candidate(&value, self.numbered)
                && let Ok(message) = from_js::<MessageRecord>(value)
                && holds(&message, self.words)
            {
                self.walk.found(at);
                self.found.matching.push(message);
            }
            // Every message after this one in the cursor is as old or older.
            let left = match self.walk.step(Some(at)) {
                WalkStep::Read | WalkStep::Complete => continue,
                WalkStep::Enough => Left::Older,
                WalkStep::OverBudget => Left::OverBudget,
            };
            // Unless that was its last message: then nothing is left unread.
            let more = cursor.next_record::<JsValue>().await?.is_some();
            return Ok(if more { left } else { Left::Nothing });
        }
        Ok(Left::Nothing)
    }
}

/// Whether a stored message can match: one the postings give (or one not in them).
fn is_candidate(value: &JsValue, numbered: &HashSet<u64>) -> bool {
    number_of(value).is_none_or(|number| numbered.contains(&number))
}

/// The message numbers the postings give for every word of `words`, newest
/// first: each word's rows, those of every term it begins, all read at once.
/// A superset: a message whose text changed keeps its old terms' numbers, and
/// a deleted one's number stays (see [`holds`]).
async fn holding(tx: &Transaction<'_>, words: &[String]) -> Result<Vec<u64>> {
    let postings = tx.object_store(stores::POSTINGS)?;
    let reads = words
        .iter()
        .map(|word| {
            let from: JsValue = js_sys::Array::of1(&word.into()).into();
            let to: JsValue = js_sys::Array::of1(&prefix_upper_bound(word).into()).into();
            postings.get_all::<JsValue>().with_query::<JsValue, _>(KeyRange::Bound(from, false, to, true)).primitive()
        })
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let mut rows: Vec<Vec<Vec<u8>>> = Vec::with_capacity(reads.len());
    for read in reads {
        let values = read.await?;
        rows.push(
            values.filter_map(|value| value.ok()?.dyn_into::<Uint8Array>().ok()).map(|row| row.to_vec()).collect(),
        );
    }
    let words: Vec<Vec<&[u8]>> = rows.iter().map(|rows| rows.iter().map(Vec::as_slice).collect()).collect();
    Ok(holding_all(&words))
}

/// Whether `message` holds every word of `words`: by the terms an older
/// Hearth stored with it, or else by its text.
fn holds(message: &MessageRecord, words: &[String]) -> bool {
    if message.terms.is_empty() { matches(&message.search_terms(), words) } else { matches(&message.terms, words) }
}

/// The outcome of `found`: its count and its newest hits.
fn outcome(found: &Found, words: &[String]) -> SearchOutcome {
    let mut outcome = SearchOutcome { cut: found.cut, ..SearchOutcome::default() };
    for message in &found.matching {
        let Some(session) = found.sessions.get(&message.session_id) else { continue };
        outcome.total += 1;
        outcome.markers += usize::from(message.is_marker());
        if outcome.hits.len() < SEARCH_LIMIT {
            outcome.hits.push(SearchHit {
                session_id: session.id.clone(),
                title: session.title.clone(),
                marker: message.is_marker(),
                message_id: message.id.clone(),
                snippet: snippet(&message.content, words, 140),
                other_branch: None,
            });
        }
    }
    outcome
}

/// The messages of a conversation (`values`, read through the session index)
/// with only what places each in its tree (what [`off_screen_ids`] reads), to
/// tell which hits are in another branch: read field by field, which spares
/// converting every message's text and search terms (a hit's conversation is
/// read whole). These records are never written back.
fn tree_of(values: impl Iterator<Item = indexed_db_futures::Result<JsValue>>) -> Result<Vec<MessageRecord>> {
    values.map(|value| tree_node(&value?)).collect()
}

/// One stored message as [`tree_of`] reads it.
fn tree_node(value: &JsValue) -> Result<MessageRecord> {
    let get = |key: &str| js_sys::Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
    let text = |key: &str| get(key).as_string();
    let time = |key: &str| get(key).as_f64().map(|ms| ms as Millis);
    let (Some(id), Some(session_id), Some(created_at)) = (text("id"), text("session_id"), time("created_at")) else {
        return Err(StorageError::Failed("a stored message could not be read".into()));
    };
    let role = get("role");
    if !role.is_string() {
        return Err(StorageError::Failed("a stored message could not be read".into()));
    }
    let role: Role = from_js(role)?;
    let mut record = MessageRecord::new(id, session_id, role, created_at);
    record.parent = text("parent");
    record.chosen_at = time("chosen_at");
    record.compare_group = text("compare_group");
    if role == Role::Assistant {
        // Whether a reply is an empty attempt (`has_content`).
        record.content = text("content").unwrap_or_default();
        record.reasoning = text("reasoning").unwrap_or_default();
        let calls = get("tool_calls");
        if js_sys::Array::is_array(&calls) && js_sys::Array::from(&calls).length() > 0 {
            record.tool_calls = from_js(calls)?;
        }
    }
    // Left out for an ordinary message; a summary's boundary.
    let kind = get("kind");
    if !kind.is_undefined() && !kind.is_null() {
        record.kind = from_js(kind)?;
    }
    let summary = get("summary");
    if summary.is_object() {
        record.summary = Some(from_js(summary)?);
    }
    Ok(record)
}
