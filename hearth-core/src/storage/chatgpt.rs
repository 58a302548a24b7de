//! Import of ChatGPT's data export: `conversations.json` mapped to Hearth records.
//!
//! The file is a JSON array of conversations. Each one keeps its messages as a tree
//! in `mapping` (node id → `{ message, parent, children }`): editing a message or
//! regenerating a reply adds a sibling branch, and `current_node` is the end of the
//! branch the user saw last. [`import_chatgpt`] turns each conversation into a
//! [`SessionRecord`] and its [`MessageRecord`]s, and says in an [`ImportReport`]
//! what it could not map. It is pure: the caller reads the file and writes the
//! records.
//!
//! Decisions:
//! - **Branches.** A conversation is a tree in Hearth too (see
//!   [`super::tree`]): every message keeps its parent (the nearest ancestor
//!   that maps to a message), so edits and regenerations in ChatGPT become
//!   versions with arrows, and the branch ending at `current_node` is the one
//!   shown (its messages are marked chosen). The report counts the other
//!   branches.
//! - **Ids.** Session ids are `chatgpt-<conversation id>` and message ids
//!   `<session id>-<node id>`, so importing the same file again produces the same
//!   records and the shell's writes (puts by id) replace rather than duplicate.
//!   Node ids are scoped by conversation because ChatGPT reuses some
//!   (`client-created-root`). `new_id` is used only for a conversation without an
//!   id; such a conversation is duplicated if imported twice.
//! - **Roles.** Hearth has no tool role: tool outputs (code execution, browsing)
//!   become assistant messages that name the tool and hold the output in a code
//!   block. Messages ChatGPT hid (custom instructions, memory context) and empty
//!   system messages are left out; hidden ones with text are counted.
//! - **Content.** Text parts are joined with blank lines. `code` becomes a fenced
//!   block; an assistant message addressed to a tool (`recipient` other than
//!   `all`) is shown as "Tool call (name)" with its code or JSON. Audio and
//!   attached files other than images are counted, not imported; audio
//!   transcripts are kept.
//!   ChatGPT's private citation markers (`U+E200…U+E201`) are removed from
//!   answers, since the sources they point to are not in the file. Unknown
//!   content types keep whatever text they have and are named in the report.
//! - **Images.** An image part becomes an [`Attachment`] of its message when
//!   the caller found its file in the export (see [`images`] for
//!   how files are matched, and [`ChatGptExport`] for the steps); otherwise its
//!   place in the text says which image is missing
//!   (`[Image not included in this import: file-AbC123 (1024 × 768)]`), so a
//!   bare `conversations.json` still shows where the images were. Images may
//!   be on any message: ChatGPT's generated images are on tool messages, which
//!   become assistant messages. Requests send the images of user messages only
//!   (see [`attachment::to_send`](crate::message::attachment::to_send)).
//! - **Reasoning.** `thoughts` and `reasoning_recap` messages become the
//!   `reasoning` of the next assistant message of their branch, or of an
//!   assistant message of their own when no answer follows.
//! - **Time.** Seconds become milliseconds. A message without a time takes the
//!   conversation's, then `now`. `created_at` is made strictly increasing in the
//!   order above (the branch shown first, then the others in tree order), so a
//!   message always comes after the one it follows; the other branches
//!   therefore get times just after the branch shown rather than their own.
//!
//! The whole file is parsed at once (exports of many years can be large), then
//! each conversation is read on its own, so one unreadable conversation is
//! skipped and reported rather than failing the import.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::markdown_export::code_block;
use super::records::{MessageRecord, SessionRecord, TitleSource, preview_of, title_from_message};
use crate::Millis;
use crate::agent::DEFAULT_AGENT_ID;
use crate::message::attachment::AttachmentKind;
use crate::message::{Attachment, Role};

pub mod images;
#[cfg(test)]
mod tests;

use images::ImagePart;
pub use images::{FoundImage, ImageRef, file_id_of_entry, file_id_of_pointer, find_conversations, locate_images};

/// Prefix of the ids of imported sessions.
pub const ID_PREFIX: &str = "chatgpt-";

/// One ChatGPT conversation as Hearth records.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedConversation {
    /// The session; its `message_count` and `preview` match `messages`.
    pub session: SessionRecord,
    /// Its messages, in session order (strictly increasing `created_at`).
    pub messages: Vec<MessageRecord>,
}

/// The result of an import: the records to write and what to tell the user.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatGptImport {
    /// The conversations, in the file's order.
    pub conversations: Vec<ImportedConversation>,
    /// Counts and notes for the user.
    pub report: ImportReport,
}

/// What an import did, for the user.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImportReport {
    /// Sessions imported.
    pub conversations: usize,
    /// Message records imported, every branch's.
    pub messages: usize,
    /// What could not be imported, one readable sentence per kind, with counts.
    pub skipped: Vec<String>,
    /// What was imported in a changed form (branches, tool outputs, unknown types).
    pub notes: Vec<String>,
}

/// Why a file could not be imported at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatGptImportError {
    /// The text is not JSON.
    #[error(
        "This file is not valid JSON ({0}). Expected ChatGPT's data export: the .zip as it was downloaded, or conversations.json from it."
    )]
    NotJson(String),
    /// The JSON is not an array.
    #[error(
        "This is not ChatGPT's conversations.json: expected a JSON array of conversations, but the file holds {0}."
    )]
    NotAnArray(&'static str),
    /// No entry of the array looks like a conversation.
    #[error(
        "This is not ChatGPT's conversations.json: expected an array of conversations, each with a \"mapping\" of messages, but none of its {0} entries has one."
    )]
    NoConversations(usize),
}

/// Maps a ChatGPT `conversations.json` to sessions and messages, without any
/// image files: every image is named in its message's text (see
/// [`ChatGptExport`] to import the images of an export's .zip).
///
/// `new_id` is called only for conversations without an id; `now` stands in for
/// missing times. A single conversation object (without the array) is accepted
/// too. Conversations that cannot be read are skipped and reported; only a file
/// that is not JSON or holds no conversations is an error.
pub fn import_chatgpt(
    json: &str,
    new_id: &mut dyn FnMut() -> String,
    now: Millis,
) -> Result<ChatGptImport, ChatGptImportError> {
    Ok(ChatGptExport::parse(json)?.import(new_id, now, &BTreeMap::new()))
}

/// A parsed `conversations.json`, read once and used twice: first to list
/// the images it refers to, then to import it with the images found.
///
/// With an export's .zip the shell:
/// 1. reads its table of contents ([`zip::read`](crate::format::zip::read)),
///    takes [`find_conversations`], inflates it if it is deflated and checks it
///    ([`zip::check`](crate::format::zip::check));
/// 2. parses it with [`ChatGptExport::parse`] and lists [`ChatGptExport::images`];
/// 3. matches them to the archive's files with [`locate_images`];
/// 4. for each located file: inflates and checks it, hashes it into the blob
///    store, and describes it with [`FoundImage::sniffed`] (keyed by file id);
/// 5. imports with [`ChatGptExport::import`].
///
/// With a bare `conversations.json` it goes from 2 to 5 with no images found.
pub struct ChatGptExport {
    /// Each entry of the array: the conversation, or why it could not be read.
    conversations: Vec<Result<Conversation, String>>,
}

impl ChatGptExport {
    /// Parses the text of `conversations.json`. A single conversation object
    /// (without the array) is accepted too. Only a file that is not JSON or
    /// holds no conversations is an error; conversations that cannot be read
    /// are reported by the import.
    pub fn parse(json: &str) -> Result<ChatGptExport, ChatGptImportError> {
        let value: Value = serde_json::from_str(json).map_err(|e| ChatGptImportError::NotJson(e.to_string()))?;
        let items = match value {
            Value::Array(items) => items,
            Value::Object(object) if object.contains_key("mapping") => vec![Value::Object(object)],
            Value::Object(_) => return Err(ChatGptImportError::NotAnArray("an object")),
            Value::String(_) => return Err(ChatGptImportError::NotAnArray("a string")),
            Value::Number(_) => return Err(ChatGptImportError::NotAnArray("a number")),
            Value::Bool(_) => return Err(ChatGptImportError::NotAnArray("a boolean")),
            Value::Null => return Err(ChatGptImportError::NotAnArray("null")),
        };
        if !items.is_empty() && !items.iter().any(|item| item.get("mapping").is_some()) {
            return Err(ChatGptImportError::NoConversations(items.len()));
        }
        let conversations =
            items.into_iter().map(|item| serde_json::from_value(item).map_err(|error| error.to_string())).collect();
        Ok(ChatGptExport { conversations })
    }

    /// The conversations the import keeps, each with its session key (`None`
    /// for a conversation without an id): a conversation listed twice is kept
    /// once.
    fn kept(&self) -> impl Iterator<Item = Result<(&Conversation, Option<&str>), Skip<'_>>> {
        let mut keys = HashSet::new();
        self.conversations.iter().map(move |conversation| {
            let conversation = conversation.as_ref().map_err(Skip::Unreadable)?;
            let key = session_key(conversation);
            if key.is_some_and(|key| !keys.insert(key)) {
                return Err(Skip::Duplicate);
            }
            Ok((conversation, key))
        })
    }

    /// The images the conversations that are imported refer to, each file id
    /// once, in the order met (hidden messages and pointers without a file id
    /// are left out). `width`, `height` and `size_bytes` are the export's;
    /// `name` is the upload's, when its message lists it.
    pub fn images(&self) -> Vec<ImageRef> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for (conversation, _) in self.kept().flatten() {
            for message in conversation.mapping.values().filter_map(|node| node.message.as_ref()) {
                if is_hidden(message) {
                    continue;
                }
                let parts = message.content.as_ref().and_then(|c| c.get("parts")).and_then(Value::as_array);
                for part in parts.into_iter().flatten().filter_map(ImagePart::read) {
                    let Some(file_id) = part.file_id.clone() else { continue };
                    if seen.insert(file_id.clone()) {
                        let name = upload_name(message, &file_id).map(str::to_owned);
                        let ImagePart { pointer, size_bytes, width, height, .. } = part;
                        out.push(ImageRef { file_id, pointer, size_bytes, width, height, name });
                    }
                }
            }
        }
        out
    }

    /// Maps the conversations to sessions and messages, attaching the images
    /// in `found` (by file id, see [`ImageRef::file_id`]); every other image is
    /// named in its message's text. `new_id` is called only for conversations
    /// without an id; `now` stands in for missing times.
    pub fn import(
        &self,
        new_id: &mut dyn FnMut() -> String,
        now: Millis,
        found: &BTreeMap<String, FoundImage>,
    ) -> ChatGptImport {
        let mut tally = Tally::default();
        let mut conversations = Vec::new();
        for kept in self.kept() {
            let (conversation, key) = match kept {
                Ok(kept) => kept,
                Err(Skip::Unreadable(error)) => {
                    tally.unreadable += 1;
                    tally.first_unreadable.get_or_insert_with(|| error.clone());
                    continue;
                }
                Err(Skip::Duplicate) => {
                    tally.duplicates += 1;
                    continue;
                }
            };
            let session_id = match key {
                Some(key) => format!("{ID_PREFIX}{key}"),
                None => new_id(),
            };
            match import_conversation(conversation, session_id, now, found, &mut tally) {
                Some(imported) => conversations.push(imported),
                None => tally.empty += 1,
            }
        }
        let messages = conversations.iter().map(|c| c.messages.len()).sum();
        let report = tally.report(conversations.len(), messages);
        ChatGptImport { conversations, report }
    }
}

/// Why a conversation of the file is not imported.
enum Skip<'a> {
    /// It does not have a conversation's shape (the error says why).
    Unreadable(&'a String),
    /// Its id was met before.
    Duplicate,
}

/// The id a conversation's session is named after: `conversation_id`, else `id`.
fn session_key(conversation: &Conversation) -> Option<&str> {
    [&conversation.conversation_id, &conversation.id]
        .into_iter()
        .flatten()
        .map(|id| id.trim())
        .find(|id| !id.is_empty())
}

/// Whether ChatGPT hid the message (custom instructions, memory context).
fn is_hidden(message: &Message) -> bool {
    let metadata = message.metadata.as_ref();
    metadata.and_then(|m| m.get("is_visually_hidden_from_conversation")).and_then(Value::as_bool) == Some(true)
}

/// The name the upload with `file_id` has in the message's `metadata.attachments`.
fn upload_name<'a>(message: &'a Message, file_id: &str) -> Option<&'a str> {
    let attachments = message.metadata.as_ref()?.get("attachments")?.as_array()?;
    let listed = attachments.iter().find(|a| a.get("id").and_then(Value::as_str) == Some(file_id))?;
    listed.get("name").and_then(Value::as_str).map(str::trim).filter(|name| !name.is_empty())
}

// --- The export's shapes, read leniently: every field may be missing or null. ---

#[derive(Deserialize, Default)]
#[serde(default)]
struct Conversation {
    title: Option<String>,
    create_time: Option<Value>,
    update_time: Option<Value>,
    mapping: BTreeMap<String, Node>,
    current_node: Option<String>,
    conversation_id: Option<String>,
    id: Option<String>,
    is_starred: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Node {
    message: Option<Message>,
    parent: Option<String>,
    children: Option<Vec<String>>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Message {
    author: Option<Author>,
    create_time: Option<Value>,
    content: Option<Value>,
    metadata: Option<Value>,
    recipient: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Author {
    role: Option<String>,
    name: Option<String>,
}

/// Content types this module knows; others keep their text and are reported.
const KNOWN_CONTENT_TYPES: [&str; 11] = [
    "text",
    "multimodal_text",
    "code",
    "execution_output",
    "tether_browsing_display",
    "tether_quote",
    "system_error",
    "thoughts",
    "reasoning_recap",
    "user_editable_context",
    "model_editable_context",
];

/// Fields of a content object that hold text, in the order they are joined.
const TEXT_FIELDS: [&str; 5] = ["text", "result", "user_profile", "user_instructions", "model_set_context"];

/// What one node becomes.
enum Mapped {
    /// A message of the session; `from_model` when the model wrote it (it then
    /// takes the reasoning before it).
    Message { role: Role, content: String, attachments: Vec<Attachment>, model: Option<String>, from_model: bool },
    /// Reasoning for the next assistant message.
    Reasoning { text: String, model: Option<String> },
    /// Nothing (an empty, hidden or placeholder node).
    Nothing,
}

/// A message before its time is made strictly increasing.
struct Draft {
    id: String,
    role: Role,
    content: String,
    attachments: Vec<Attachment>,
    reasoning: String,
    model: Option<String>,
    time: Millis,
}

/// A run of nodes, each the child of the one before, in session order.
struct Segment<'a> {
    /// The parent of the first node, for alternative branches.
    fork: Option<&'a str>,
    nodes: Vec<&'a str>,
}

fn import_conversation(
    conversation: &Conversation,
    session_id: String,
    now: Millis,
    found: &BTreeMap<String, FoundImage>,
    tally: &mut Tally,
) -> Option<ImportedConversation> {
    let mapping = &conversation.mapping;
    let conversation_time = conversation.create_time.as_ref().and_then(millis_of);
    let fallback_time = conversation_time.unwrap_or(now);

    let mut drafts: Vec<Draft> = Vec::new();
    // The draft each draft follows, by index.
    let mut parents: Vec<Option<usize>> = Vec::new();
    let mut main_len = 0;
    // Where each node's draft is in `drafts`, to find the message a branch forks from.
    let mut draft_of_node: HashMap<&str, usize> = HashMap::new();
    for (index, segment) in segments(conversation).into_iter().enumerate() {
        let from_nodes = segment_drafts(mapping, &segment, &session_id, fallback_time, found, tally);
        if index > 0 && !from_nodes.is_empty() {
            tally.branches += 1;
            tally.branch_messages += from_nodes.len();
        }
        // A branch's first message follows the nearest message at or above its fork.
        let mut previous = if index == 0 { None } else { nearest_draft(mapping, segment.fork, &draft_of_node) };
        for (node, draft) in from_nodes {
            draft_of_node.insert(node, drafts.len());
            parents.push(previous);
            previous = Some(drafts.len());
            drafts.push(draft);
        }
        if index == 0 {
            main_len = drafts.len();
        }
    }
    if drafts.is_empty() {
        return None;
    }

    let ids: Vec<String> = drafts.iter().map(|draft| draft.id.clone()).collect();
    let mut times = Vec::with_capacity(drafts.len());
    let mut last_time: Option<Millis> = None;
    for draft in &drafts {
        let created_at = match last_time {
            Some(last) => draft.time.max(last + 1),
            None => draft.time,
        };
        last_time = Some(created_at);
        times.push(created_at);
    }
    // The branch shown last in ChatGPT stays shown: chosen after every message's time.
    let chosen = last_time.map(|last| last + 1);
    let mut messages = Vec::with_capacity(drafts.len());
    for (at, draft) in drafts.into_iter().enumerate() {
        let mut message = MessageRecord {
            content: draft.content,
            attachments: draft.attachments,
            reasoning: draft.reasoning,
            model: draft.model,
            parent: parents[at].map(|parent| ids[parent].clone()),
            chosen_at: chosen.filter(|_| at < main_len),
            ..MessageRecord::new(draft.id, session_id.clone(), draft.role, times[at])
        };
        message.refresh_terms();
        messages.push(message);
    }

    let main = messages.get(..main_len).unwrap_or_default();
    let (title, title_source) = match conversation.title.as_deref().map(str::trim) {
        Some(title) if !title.is_empty() => (title.to_owned(), TitleSource::User),
        _ => {
            let first = messages.iter().find(|m| m.role == Role::User).or(messages.first());
            (title_from_message(first.map_or("", |m| m.content.as_str())), TitleSource::FirstMessage)
        }
    };
    let created_at = conversation_time.or(messages.first().map(|m| m.created_at)).unwrap_or(now);
    let last_created = messages.last().map_or(created_at, |m| m.created_at);
    let updated_at = conversation.update_time.as_ref().and_then(millis_of).unwrap_or(created_at).max(last_created);
    let preview_source = main.iter().rev().chain(messages.iter().rev()).find(|m| !m.content.trim().is_empty());
    let session = SessionRecord {
        id: session_id,
        title,
        title_source,
        agent_id: DEFAULT_AGENT_ID.to_owned(),
        created_at,
        updated_at,
        message_count: u32::try_from(messages.len()).unwrap_or(u32::MAX),
        preview: preview_source.map(|m| preview_of(&m.content)).unwrap_or_default(),
        pinned: conversation.is_starred.unwrap_or(false),
        deleted_at: None,
        branch_of: None,
        branched_at: None,
    };
    Some(ImportedConversation { session, messages })
}

/// The conversation's nodes in session order: the main branch (root to
/// `current_node`) first, then every other branch in tree order, each a
/// [`Segment`] starting where it forks. Cycles and nodes cut off from the tree
/// are visited once, so nothing is lost and nothing loops.
fn segments(conversation: &Conversation) -> Vec<Segment<'_>> {
    let mapping = &conversation.mapping;
    let roots: Vec<&str> = mapping.keys().map(String::as_str).filter(|id| parent(mapping, id).is_none()).collect();
    let end = conversation.current_node.as_deref().and_then(|id| mapping.get_key_value(id)).map(|(id, _)| id.as_str());
    // Without a usable `current_node`, end at the newest leaf; without times, follow
    // the last (newest) child from the first root.
    let end = end.or_else(|| {
        let time = |id: &str| mapping.get(id)?.message.as_ref()?.create_time.as_ref().and_then(millis_of);
        let leaves = mapping.keys().map(String::as_str).filter(|id| children(mapping, id).is_empty());
        leaves.filter_map(|id| Some((time(id)?, id))).max().map(|(_, id)| id)
    });
    let end = end.or_else(|| {
        let mut node = *roots.first()?;
        let mut seen = HashSet::from([node]);
        while let Some(&child) = children(mapping, node).last() {
            if !seen.insert(child) {
                break;
            }
            node = child;
        }
        Some(node)
    });
    let mut main = Vec::new();
    let mut on_main: HashSet<&str> = HashSet::new();
    let mut cursor = end;
    while let Some(id) = cursor.filter(|id| on_main.insert(id)) {
        main.push(id);
        cursor = parent(mapping, id);
    }
    main.reverse();

    let mut segments = vec![Segment { fork: None, nodes: main.clone() }];
    let mut seen: HashSet<&str> = HashSet::new();
    let mut last: Option<&str> = None;
    let starts = main.first().copied().into_iter().chain(roots).chain(mapping.keys().map(String::as_str));
    for start in starts {
        let mut stack = vec![start];
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            if on_main.contains(id) {
                last = None;
            } else {
                let fork = parent(mapping, id);
                match segments.last_mut() {
                    Some(segment) if last.is_some() && last == fork => segment.nodes.push(id),
                    _ => segments.push(Segment { fork, nodes: vec![id] }),
                }
                last = Some(id);
            }
            stack.extend(children(mapping, id).into_iter().rev().filter(|child| !seen.contains(child)));
        }
    }
    // A tree without a usable end (all of it in a cycle): its first run is the main branch.
    if segments.len() > 1 && segments[0].nodes.is_empty() {
        segments.remove(0);
    }
    segments
}

fn parent<'a>(mapping: &'a BTreeMap<String, Node>, id: &str) -> Option<&'a str> {
    let parent = mapping.get(id)?.parent.as_deref()?;
    mapping.get_key_value(parent).map(|(id, _)| id.as_str())
}

fn children<'a>(mapping: &'a BTreeMap<String, Node>, id: &str) -> Vec<&'a str> {
    let listed = mapping.get(id).and_then(|node| node.children.as_ref());
    listed
        .into_iter()
        .flatten()
        .filter_map(|child| mapping.get_key_value(child.as_str()))
        .map(|(id, _)| id.as_str())
        .collect()
}

/// The drafts of one segment, each with the node it came from. Reasoning waits
/// for the next answer of the model in the segment, or becomes its own message.
fn segment_drafts<'a>(
    mapping: &'a BTreeMap<String, Node>,
    segment: &Segment<'a>,
    session_id: &str,
    fallback_time: Millis,
    found: &BTreeMap<String, FoundImage>,
    tally: &mut Tally,
) -> Vec<(&'a str, Draft)> {
    let mut out = Vec::new();
    let mut pending: Option<(&'a str, Draft)> = None;
    for &node in &segment.nodes {
        let Some(message) = mapping.get(node).and_then(|node| node.message.as_ref()) else { continue };
        let time = message.create_time.as_ref().and_then(millis_of).unwrap_or(fallback_time);
        let id = format!("{session_id}-{node}");
        match map_message(message, found, tally) {
            Mapped::Nothing => {}
            Mapped::Reasoning { text, model } => match &mut pending {
                Some((_, draft)) => {
                    draft.reasoning.push_str("\n\n");
                    draft.reasoning.push_str(&text);
                    draft.model = draft.model.take().or(model);
                }
                None => {
                    let draft = Draft {
                        id,
                        role: Role::Assistant,
                        content: String::new(),
                        attachments: Vec::new(),
                        reasoning: text,
                        model,
                        time,
                    };
                    pending = Some((node, draft));
                }
            },
            Mapped::Message { role, content, attachments, model, from_model } => {
                let mut draft = Draft { id, role, content, attachments, reasoning: String::new(), model, time };
                match pending.take() {
                    Some((_, thinking)) if from_model => {
                        draft.reasoning = thinking.reasoning;
                        draft.model = draft.model.or(thinking.model);
                    }
                    Some(thinking) => out.push(thinking),
                    None => {}
                }
                out.push((node, draft));
            }
        }
    }
    out.extend(pending);
    out
}

/// The draft of the nearest node at or above `fork` that has one: where a branch starts.
fn nearest_draft(
    mapping: &BTreeMap<String, Node>,
    fork: Option<&str>,
    draft_of_node: &HashMap<&str, usize>,
) -> Option<usize> {
    let mut cursor = fork;
    for _ in 0..=mapping.len() {
        let id = cursor?;
        if let Some(&index) = draft_of_node.get(id) {
            return Some(index);
        }
        cursor = parent(mapping, id);
    }
    None
}

fn map_message(message: &Message, found: &BTreeMap<String, FoundImage>, tally: &mut Tally) -> Mapped {
    let content = message.content.as_ref().unwrap_or(&Value::Null);
    let content_type = content.get("content_type").and_then(Value::as_str).unwrap_or("text");
    let metadata = message.metadata.as_ref().unwrap_or(&Value::Null);
    let model = metadata.get("model_slug").and_then(Value::as_str).map(str::trim).filter(|m| !m.is_empty());
    let model = model.map(str::to_owned);
    let extracted = extract(content);
    let text = match content_type {
        "thoughts" => Some(thoughts_text(content)).filter(|t| !t.is_empty()).unwrap_or_else(|| extracted.text()),
        "reasoning_recap" => {
            content.get("content").and_then(Value::as_str).map_or_else(|| extracted.text(), str::to_owned)
        }
        _ => extracted.text(),
    };
    let text = text.trim_matches('\n').to_owned();
    if is_hidden(message) {
        if !text.trim().is_empty() {
            tally.hidden += 1;
        }
        return Mapped::Nothing;
    }
    tally.audio += extracted.audio;
    for kind in &extracted.other {
        *tally.other_parts.entry(kind.clone()).or_default() += 1;
    }
    // An upload is listed in `metadata.attachments` too; an image among them is
    // its image part, the others are counted as files not imported.
    let image_ids: HashSet<&str> = extracted.images().filter_map(|image| image.file_id.as_deref()).collect();
    let listed = metadata.get("attachments").and_then(Value::as_array).into_iter().flatten();
    tally.files += listed
        .filter(|listed| listed.get("id").and_then(Value::as_str).is_none_or(|id| !image_ids.contains(id)))
        .count();
    let has_images = extracted.images().next().is_some();

    if !KNOWN_CONTENT_TYPES.contains(&content_type) {
        let empty = text.trim().is_empty() && !has_images;
        let counts = if empty { &mut tally.unknown_empty } else { &mut tally.unknown_kept };
        *counts.entry(content_type.to_owned()).or_default() += 1;
    }
    if matches!(content_type, "thoughts" | "reasoning_recap") {
        return if text.trim().is_empty() { Mapped::Nothing } else { Mapped::Reasoning { text, model } };
    }
    if text.trim().is_empty() && !has_images {
        return Mapped::Nothing;
    }
    let (attachments, references) = place_images(message, extracted.images(), found, tally);
    // The references of the images not found, after a block of text or code.
    let after = |body: String| {
        let missing = references.iter().flatten().map(String::as_str);
        join_blocks(std::iter::once(body.as_str()).chain(missing))
    };
    let author = message.author.as_ref();
    let role = author.and_then(|a| a.role.as_deref()).unwrap_or_default();
    match role {
        "user" | "system" => {
            let role = if role == "user" { Role::User } else { Role::System };
            let content = extracted.interleaved(&references);
            Mapped::Message { role, content, attachments, model: None, from_model: false }
        }
        "assistant" => {
            let recipient = message.recipient.as_deref().map(str::trim).filter(|r| !r.is_empty() && *r != "all");
            let language = content.get("language").and_then(Value::as_str).map(str::trim);
            let language = language.filter(|l| !l.is_empty() && *l != "unknown").unwrap_or_default();
            let content = match recipient {
                Some(tool) => {
                    let is_json = serde_json::from_str::<Value>(&text).is_ok_and(|v| v.is_object());
                    let language = if language.is_empty() && is_json { "json" } else { language };
                    after(format!("**Tool call ({tool}):**\n\n{}", code_block(language, &text)))
                }
                None if content_type == "code" => after(code_block(language, &text)),
                None => strip_citation_markers(&extracted.interleaved(&references)),
            };
            Mapped::Message { role: Role::Assistant, content, attachments, model, from_model: true }
        }
        // "tool", and any author Hearth has no role for.
        other => {
            let name = author.and_then(|a| a.name.as_deref()).map(str::trim).filter(|n| !n.is_empty());
            let name = name.unwrap_or(if other.is_empty() { "tool" } else { other }).to_owned();
            let mut content = format!("**Tool output ({name}):**");
            if !text.trim().is_empty() {
                content = format!("{content}\n\n{}", code_block("", &text));
            }
            let mut content = after(content);
            if let Some(url) = content_url(message) {
                content.push_str(&format!("\n\nSource: <{url}>"));
            }
            tally.tool_outputs += 1;
            tally.tool_names.insert(name);
            Mapped::Message { role: Role::Assistant, content, attachments, model: None, from_model: false }
        }
    }
}

/// The image parts of a message as attachments (those in `found`) and, for
/// each part in order, the reference the text holds instead (`None` for an
/// attached one).
fn place_images<'a>(
    message: &Message,
    images: impl Iterator<Item = &'a ImagePart>,
    found: &BTreeMap<String, FoundImage>,
    tally: &mut Tally,
) -> (Vec<Attachment>, Vec<Option<String>>) {
    let mut attachments = Vec::new();
    let mut references = Vec::new();
    for image in images {
        let name = image.file_id.as_deref().and_then(|id| upload_name(message, id));
        match image.file_id.as_ref().and_then(|id| found.get(id)) {
            Some(file) => {
                let (width, height) = if file.width > 0 && file.height > 0 {
                    (file.width, file.height)
                } else {
                    (image.width, image.height)
                };
                attachments.push(Attachment {
                    kind: AttachmentKind::Image,
                    blob: file.blob.clone(),
                    mime: file.mime.clone(),
                    name: name.unwrap_or(&file.name).to_owned(),
                    bytes: file.bytes,
                    width,
                    height,
                    ..Attachment::default()
                });
                references.push(None);
                tally.images_found += 1;
            }
            None => {
                references.push(Some(image.reference(name)));
                tally.images_missing += 1;
            }
        }
    }
    (attachments, references)
}

/// `blocks` that hold more than spaces, joined with blank lines.
fn join_blocks<'a>(blocks: impl IntoIterator<Item = &'a str>) -> String {
    let blocks = blocks.into_iter().filter(|block| !block.trim().is_empty());
    blocks.collect::<Vec<_>>().join("\n\n").trim_matches('\n').to_owned()
}

fn content_url(message: &Message) -> Option<&str> {
    let url = message.content.as_ref()?.get("url")?.as_str()?.trim();
    (url.starts_with("https://") || url.starts_with("http://")).then_some(url)
}

/// A part of a content object, in order: text or an image.
enum Piece<'a> {
    Text(&'a str),
    Image(ImagePart),
}

/// What a content object holds, and what it held that is neither text nor an image.
#[derive(Default)]
struct Extracted<'a> {
    /// Its text parts and image parts in order, then its text fields.
    pieces: Vec<Piece<'a>>,
    audio: usize,
    /// Content types of other non-text parts.
    other: Vec<String>,
}

impl Extracted<'_> {
    /// The text alone, paragraphs joined with blank lines.
    fn text(&self) -> String {
        join_blocks(self.pieces.iter().filter_map(|piece| match piece {
            Piece::Text(text) => Some(*text),
            Piece::Image(_) => None,
        }))
    }

    /// The image parts, in order.
    fn images(&self) -> impl Iterator<Item = &ImagePart> {
        self.pieces.iter().filter_map(|piece| match piece {
            Piece::Image(image) => Some(image),
            Piece::Text(_) => None,
        })
    }

    /// The text with each image not found named where it was (`references`
    /// holds one entry per image part, in order; see [`place_images`]).
    fn interleaved(&self, references: &[Option<String>]) -> String {
        let mut references = references.iter();
        join_blocks(self.pieces.iter().filter_map(|piece| match piece {
            Piece::Text(text) => Some(*text),
            Piece::Image(_) => references.next().and_then(Option::as_deref),
        }))
    }
}

fn extract(content: &Value) -> Extracted<'_> {
    let mut extracted = Extracted::default();
    for part in content.get("parts").and_then(Value::as_array).into_iter().flatten() {
        match part {
            Value::String(text) => extracted.pieces.push(Piece::Text(text)),
            Value::Object(object) => match object.get("content_type").and_then(Value::as_str).unwrap_or_default() {
                "image_asset_pointer" => extracted.pieces.extend(ImagePart::read(part).map(Piece::Image)),
                "audio_asset_pointer"
                | "real_time_user_audio_video_asset_pointer"
                | "video_container_asset_pointer" => extracted.audio += 1,
                kind => match object.get("text").and_then(Value::as_str) {
                    Some(text) => extracted.pieces.push(Piece::Text(text)),
                    None => extracted.other.push(if kind.is_empty() { "unknown".to_owned() } else { kind.to_owned() }),
                },
            },
            _ => {}
        }
    }
    let fields = TEXT_FIELDS.iter().filter_map(|field| content.get(field).and_then(Value::as_str));
    extracted.pieces.extend(fields.map(Piece::Text));
    extracted
}

/// The summaries and contents of a `thoughts` message, as Markdown paragraphs.
fn thoughts_text(content: &Value) -> String {
    let thoughts = content.get("thoughts").and_then(Value::as_array).into_iter().flatten();
    let paragraphs = thoughts.filter_map(|thought| {
        let field = |name| thought.get(name).and_then(Value::as_str).map(str::trim).unwrap_or_default();
        match (field("summary"), field("content")) {
            ("", "") => None,
            ("", body) => Some(body.to_owned()),
            (summary, "") => Some(format!("**{summary}**")),
            (summary, body) => Some(format!("**{summary}**\n\n{body}")),
        }
    });
    paragraphs.collect::<Vec<_>>().join("\n\n")
}

/// Float seconds since the epoch (a number, or a numeric string) as milliseconds.
fn millis_of(value: &Value) -> Option<Millis> {
    let seconds = match value {
        Value::Number(number) => number.as_f64()?,
        Value::String(text) => text.trim().parse::<f64>().ok()?,
        _ => return None,
    };
    // After 1970 and before the year 2286; anything else is not a real time.
    // The range check makes the cast exact enough and never saturating.
    (seconds.is_finite() && seconds > 0.0 && seconds < 1e10).then(|| (seconds * 1000.0).round() as Millis)
}

/// Removes ChatGPT's private citation markers (`\u{e200}cite\u{e202}turn0search0\u{e201}`),
/// which point at search results the export does not contain and show as boxes.
fn strip_citation_markers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('\u{e200}') {
        out.push_str(&rest[..start]);
        let after = &rest[start + '\u{e200}'.len_utf8()..];
        rest = match after.find('\u{e201}') {
            Some(end) => {
                let next = &after[end + '\u{e201}'.len_utf8()..];
                if next.chars().next().is_none_or(|c| c.is_whitespace() || ".,;:!?)".contains(c)) {
                    out.truncate(out.trim_end_matches(' ').len());
                }
                next
            }
            None => after,
        };
    }
    out.push_str(rest);
    out.chars().filter(|c| !('\u{e200}'..='\u{e2ff}').contains(c)).collect()
}

/// What the import met that the report tells about.
#[derive(Default)]
struct Tally {
    /// Image parts attached from the images found.
    images_found: usize,
    /// Image parts named in the text instead.
    images_missing: usize,
    audio: usize,
    files: usize,
    other_parts: BTreeMap<String, usize>,
    hidden: usize,
    unknown_kept: BTreeMap<String, usize>,
    unknown_empty: BTreeMap<String, usize>,
    tool_outputs: usize,
    tool_names: BTreeSet<String>,
    branches: usize,
    branch_messages: usize,
    unreadable: usize,
    first_unreadable: Option<String>,
    empty: usize,
    duplicates: usize,
}

impl Tally {
    fn report(self, conversations: usize, messages: usize) -> ImportReport {
        let mut skipped = Vec::new();
        let mut line = |n: usize, sentence: String| {
            if n > 0 {
                skipped.push(sentence);
            }
        };
        line(
            self.audio,
            format!(
                "{} (not imported: Hearth keeps no audio or video)",
                count(self.audio, "audio or video recording", "audio or video recordings")
            ),
        );
        line(self.files, format!("{} (not imported)", count(self.files, "attached file", "attached files")));
        for (kind, n) in &self.other_parts {
            line(*n, format!("{} of type `{kind}` (not imported)", count(*n, "attachment", "attachments")));
        }
        line(
            self.hidden,
            format!(
                "{} that ChatGPT did not show, such as custom instructions (not imported)",
                count(self.hidden, "hidden message", "hidden messages")
            ),
        );
        for (kind, n) in &self.unknown_empty {
            line(*n, format!("{} of type `{kind}` with no text (not imported)", count(*n, "message", "messages")));
        }
        line(
            self.empty,
            format!("{} with no messages (not imported)", count(self.empty, "conversation", "conversations")),
        );
        line(
            self.duplicates,
            format!(
                "{} listed twice (only the first was imported)",
                count(self.duplicates, "conversation", "conversations")
            ),
        );
        line(
            self.unreadable,
            format!(
                "{} that could not be read (not imported): {}",
                count(self.unreadable, "conversation", "conversations"),
                self.first_unreadable.as_deref().unwrap_or("unknown shape")
            ),
        );

        let mut notes = Vec::new();
        if self.images_found > 0 {
            notes.push(format!(
                "{} {} attached from the export's files",
                count(self.images_found, "image", "images"),
                were(self.images_found),
            ));
        }
        if self.images_missing > 0 {
            let hint = if self.images_found == 0 {
                " (choose the export's .zip rather than conversations.json to bring them along)"
            } else {
                ""
            };
            notes.push(format!(
                "{} {} not among the files imported, so {} named in its message's text instead{hint}",
                count(self.images_missing, "image", "images"),
                were(self.images_missing),
                if self.images_missing == 1 { "it is" } else { "each is" },
            ));
        }
        if self.branches > 0 {
            notes.push(format!(
                "{} on {} (edits or regenerations in ChatGPT) {} kept as versions beside the messages they replace",
                count(self.branch_messages, "message", "messages"),
                count(self.branches, "alternative branch", "alternative branches"),
                were(self.branch_messages),
            ));
        }
        if self.tool_outputs > 0 {
            let names = self.tool_names.into_iter().collect::<Vec<_>>().join(", ");
            notes.push(format!(
                "{} ({names}) {} kept in assistant messages",
                count(self.tool_outputs, "tool output", "tool outputs"),
                were(self.tool_outputs),
            ));
        }
        for (kind, n) in &self.unknown_kept {
            notes.push(format!(
                "{} of type `{kind}` {} imported as plain text",
                count(*n, "message", "messages"),
                were(*n)
            ));
        }
        ImportReport { conversations, messages, skipped, notes }
    }
}

fn were(n: usize) -> &'static str {
    if n == 1 { "was" } else { "were" }
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
