//! Hearth's stored records as CouchDB documents, and back.
//!
//! One document per record, so two devices adding messages never touch the
//! same document: its id is the record's kind and key ([`doc_id`]:
//! `message:<id>`, `session:<id>`, `agent:<id>`, `provider:<id>`,
//! `model:<id>`, `setting:<key>`, `file:<id>`, a knowledge base `kbase:<id>`
//! and a file in one `kfile:<id>`, `blob:<sha256 hex>`, and a
//! large attachment's pieces `blob:<sha256 hex>.<n>`); ids
//! that start with `_` are CouchDB's and never Hearth's.
//!
//! A body is `{"type": "<kind>", "record": {…}, "changed": {"<field>": ms}}`:
//! the record's synced fields, and when each last changed ([`stamp`]), so
//! that a conflict can be merged field by field (see
//! [`merge`](super::merge)). The functions from records to bodies
//! ([`message_doc`], [`session_doc`], …) leave out what is derived (the
//! receiver rebuilds it) or belongs to this device (kept here), and say
//! `None` when a record is not synced now (a reply still streaming, a
//! conversation whose deletion can still be undone, a device-only setting).
//! They return bodies without `changed`; [`stamp`] adds it at a sync point.
//!
//! Secrets never leave the device in plain form: a provider's API key is
//! always emptied; its key sealed with the passphrase lock goes only when the
//! user asked for it ([`SyncPolicy::sealed_keys`]); per-device permissions
//! (an agent's "Always allow", an app's network, the hosts whose images load
//! by themselves) and MCP servers go only when documents are end-to-end
//! encrypted ([`SyncPolicy::e2e`]), MCP servers without their secrets. Every
//! setting is classified in [`SETTING_RULES`]; a key it does not name stays
//! on the device.
//!
//! Back from documents, [`from_doc`] reads a body as the record it names
//! ([`Incoming`]), checked against its id; the `…_keeping_…` functions put
//! back what the document does not carry from the record already here.

#[cfg(test)]
mod tests;

use std::collections::BTreeSet;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::Millis;
use crate::agent::AgentRecord;
use crate::format::base64;
use crate::knowledge::records::{self, BaseRecord, FileRecord, is_sha256_hex};
use crate::message::Attachment;
use crate::storage::key_lock::KEY_LOCK_SETTING;
use crate::storage::{
    MessageRecord, MessageState, ModelConfigRecord, ProjectFileRecord, ProviderRecord, SessionRecord, SettingRecord,
};
use crate::tools::{MCP_SERVER_KEY_PREFIX, USER_TOOL_KEY_PREFIX, merge_imported_server, without_header_values};

/// A body's field naming its kind ([`kind_name`]).
pub const TYPE: &str = "type";
/// A body's field holding the record's synced fields.
pub const RECORD: &str = "record";
/// A body's field holding, per record field, when it last changed (ms).
pub const CHANGED: &str = "changed";
/// A body's field naming the shape of its record ([`SCHEMA`]).
pub const SCHEMA_FIELD: &str = "schema";
/// The shape of the records this version writes and reads. A version that
/// changes a record so that an older one would misread it (a new field whose
/// loss matters, a new enum value) writes a higher number: an older device
/// then keeps such a document as unreadable (never deleting or overwriting
/// it) until it is updated. A body without the field is of shape 1.
///
/// Shape 2: a reply that carries what issue 49 added (its `sources`,
/// `citations`, `server_tools`, `images` or `unsupported` parts). A version
/// before it would drop them (and with `images` the references that keep
/// the pictures' blobs) on the next change it made, so such a message is
/// written as shape 2 ([`message_shape`]), and so is an agent with reply
/// options (`AgentRecord::options`: search, effort, pictures); every other
/// body stays shape 1, read by every version as before.
///
/// Shape 3: an agent that reads its answers aloud or has a voice of its own
/// (`AgentRecord::auto_read`, `voice`; issue 50), which a version before them
/// would drop ([`agent_shape`]).
///
/// Shape 4: a message with a voice note, whose attachment kind a version
/// before it cannot read and whose transcript it would drop
/// ([`message_shape`]), and a model said to hear audio (`Accepts::audio`),
/// which it would drop ([`model_config_shape`]). Not shape 3: versions that
/// read shape 3 exist and know neither.
///
/// Shape 5: a message whose tool call showed an MCP Apps view
/// (`ToolResultRecord::app`), which a version before it would drop, with the
/// reference that keeps the view's page ([`message_shape`]).
///
/// Shape 6: a reply that was given passages from the knowledge bases
/// (`MessageRecord::knowledge`; [`message_shape`]) and an agent that draws on
/// knowledge bases (`AgentRecord::knowledge`, `knowledge_budget`;
/// [`agent_shape`]), which a version before them would drop.
///
/// Shape 7: a knowledge base that carries its embeddings
/// (`BaseRecord::carry_vectors`) and a file with its embeddings described
/// (`FileRecord::vectors`; [`knowledge_shape`]), which a version before them
/// would drop, and then send again without, over and over.
pub const SCHEMA: u64 = 7;

/// The shape a body is written as unless its record needs a newer one.
pub const FIRST_SHAPE: u64 = 1;

/// The shape of a message's body: 6 with passages from the knowledge bases,
/// 5 with an MCP Apps view, 4 with a voice
/// note, 2 when it carries any other part of shape 2 (see [`SCHEMA`]), else
/// [`FIRST_SHAPE`].
pub fn message_shape(record: &MessageRecord) -> u64 {
    if !record.knowledge.is_empty() {
        return 6;
    }
    if record.tool_calls.iter().any(|call| call.result.as_ref().is_some_and(|result| result.app.is_some())) {
        return 5;
    }
    if record.attachments.iter().any(Attachment::is_audio) {
        return 4;
    }
    let shape_2 = !(record.sources.is_empty()
        && record.citations.is_empty()
        && record.server_tools.is_empty()
        && record.images.is_empty()
        && record.unsupported.is_empty());
    if shape_2 { 2 } else { FIRST_SHAPE }
}

/// The shape of a model configuration's body (see [`SCHEMA`]): 4 when it is
/// said to hear audio, else [`FIRST_SHAPE`].
pub fn model_config_shape(record: &ModelConfigRecord) -> u64 {
    if record.inputs.as_ref().is_some_and(|inputs| inputs.accepts.audio) { 4 } else { FIRST_SHAPE }
}

/// The shape of an agent's body (see [`SCHEMA`]): the newest of the parts it carries.
pub fn agent_shape(record: &AgentRecord) -> u64 {
    if !record.knowledge.is_empty() || record.knowledge_budget.is_some() {
        6
    } else if record.auto_read || !record.voice.is_empty() {
        3
    } else if !record.options.is_default() {
        2
    } else {
        FIRST_SHAPE
    }
}

/// A body: a document's fields without CouchDB's own (`_id`, `_rev`, …).
pub type Body = Map<String, Value>;

/// The kind of record a document holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DocKind {
    /// A message ([`MessageRecord`]).
    Message,
    /// A conversation's metadata ([`SessionRecord`]).
    Session,
    /// An agent ([`AgentRecord`]).
    Agent,
    /// A provider account ([`ProviderRecord`]).
    Provider,
    /// A model configuration ([`ModelConfigRecord`]).
    ModelConfig,
    /// A setting ([`SettingRecord`]).
    Setting,
    /// A project file ([`ProjectFileRecord`]).
    ProjectFile,
    /// An attachment's bytes, by their SHA-256.
    Blob,
    /// A knowledge base ([`BaseRecord`]), kept by the knowledge worker.
    KnowledgeBase,
    /// A file in a knowledge base ([`FileRecord`]); its bytes go as a blob.
    KnowledgeFile,
}

impl DocKind {
    /// Every kind.
    pub const ALL: [DocKind; 10] = [
        DocKind::Message,
        DocKind::Session,
        DocKind::Agent,
        DocKind::Provider,
        DocKind::ModelConfig,
        DocKind::Setting,
        DocKind::ProjectFile,
        DocKind::Blob,
        DocKind::KnowledgeBase,
        DocKind::KnowledgeFile,
    ];

    /// The kind named `name` ([`kind_name`]), if any.
    pub fn from_name(name: &str) -> Option<DocKind> {
        DocKind::ALL.into_iter().find(|kind| kind_name(*kind) == name)
    }
}

/// The kind's name: its documents' id prefix and their body's `type`.
pub fn kind_name(kind: DocKind) -> &'static str {
    match kind {
        DocKind::Message => "message",
        DocKind::Session => "session",
        DocKind::Agent => "agent",
        DocKind::Provider => "provider",
        DocKind::ModelConfig => "model",
        DocKind::Setting => "setting",
        DocKind::ProjectFile => "file",
        DocKind::Blob => "blob",
        DocKind::KnowledgeBase => "kbase",
        DocKind::KnowledgeFile => "kfile",
    }
}

/// The kind in words, for the user ("Conversation", "Agent", …).
pub fn kind_label(kind: DocKind) -> &'static str {
    match kind {
        DocKind::Message => "Message",
        DocKind::Session => "Conversation",
        DocKind::Agent => "Agent",
        DocKind::Provider => "Provider",
        DocKind::ModelConfig => "Model",
        DocKind::Setting => "Setting",
        DocKind::ProjectFile => "Project file",
        DocKind::Blob => "Attachment",
        DocKind::KnowledgeBase => "Knowledge base",
        DocKind::KnowledgeFile => "File in a knowledge base",
    }
}

/// The id of the document holding the record `key` of `kind`: `<kind>:<key>`.
pub fn doc_id(kind: DocKind, key: &str) -> String {
    format!("{}:{key}", kind_name(kind))
}

/// The kind and key of a Hearth document id; `None` for any other id
/// (CouchDB's `_design/…` and `_local/…`, the end-to-end key check, sealed
/// ids, an unknown kind, an empty key).
pub fn parse_doc_id(id: &str) -> Option<(DocKind, &str)> {
    if id.starts_with('_') {
        return None;
    }
    let (prefix, key) = id.split_once(':')?;
    let kind = DocKind::from_name(prefix)?;
    (!key.is_empty()).then_some((kind, key))
}

/// What is synced, as the user set it up for one database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SyncPolicy {
    /// Documents are end-to-end encrypted: per-device permissions and MCP
    /// servers (without their secrets) are synced too.
    pub e2e: bool,
    /// The user asked for providers' keys sealed with the passphrase lock to
    /// be synced (the lock is on here). Plain keys are never synced.
    pub sealed_keys: bool,
}

/// Why a document cannot be read as a record. The shell skips it and says so.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// The id is not a Hearth document's.
    #[error("“{0}” is not the id of a Hearth document")]
    NotOurs(String),
    /// The body names no kind, or one this version does not know.
    #[error("the document's type “{0}” is unknown to this version of Hearth")]
    UnknownType(String),
    /// The body's kind is not the one its id names.
    #[error("the document {id} holds a {found} record")]
    KindMismatch {
        /// The document id.
        id: String,
        /// The body's `type`.
        found: String,
    },
    /// The record is missing or does not read as its kind.
    #[error("the {kind} record cannot be read: {why}")]
    BadRecord {
        /// The kind's name.
        kind: &'static str,
        /// What is wrong.
        why: String,
    },
    /// The record's own id is not the one the document id names.
    #[error("the document {id} holds the record “{record}”")]
    IdMismatch {
        /// The document id.
        id: String,
        /// The record's id (or setting key, or blob hash).
        record: String,
    },
    /// A setting that never leaves a device ([`SettingSync::DeviceOnly`]).
    #[error("the setting “{0}” belongs to each device and is not taken from another")]
    DeviceOnly(String),
    /// A setting no rule of this version names (a newer version's).
    #[error("the setting “{0}” is unknown to this version of Hearth")]
    UnknownSetting(String),
    /// The body is of a shape ([`SCHEMA_FIELD`]) newer than this version's.
    #[error("it was written by a newer version of Hearth (record shape {0}, this version reads up to {SCHEMA})")]
    NewerSchema(u64),
}

// ---- canonical JSON and change times ----

/// Deterministic JSON: object keys sorted (by their UTF-8 bytes), no spaces,
/// strings and numbers as `serde_json` writes them. Revision hashes and
/// fingerprints are taken over it, so equal bodies hash alike on every device.
pub fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (at, (key, item)) in entries.into_iter().enumerate() {
                if at > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(key.as_str()).unwrap_or_default());
                out.push(':');
                write_canonical(item, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (at, item) in items.iter().enumerate() {
                if at > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

fn object<'a>(body: &'a Body, field: &str) -> Option<&'a Map<String, Value>> {
    body.get(field).and_then(Value::as_object)
}

/// Fills `body`'s `changed` (replacing any): each record field equal to
/// `base`'s keeps `base`'s time (or gets `now` when `base` has none for
/// it); a new or changed field gets `now`; a field `base` had and `body` has
/// not gets `now` (the removal is a change), and one removed before keeps
/// the time of its removal. Without a base every field gets `now`. The same
/// record on the same base gives the same body, whatever `now` is, so an
/// unchanged record makes no new revision. A body without a record is
/// returned as it is.
pub fn stamp(base: Option<&Body>, body: Body, now: Millis) -> Body {
    let mut body = body;
    let Some(record) = object(&body, RECORD) else { return body };
    let empty = Map::new();
    let base_record = base.and_then(|base| object(base, RECORD)).unwrap_or(&empty);
    let base_changed = base.and_then(|base| object(base, CHANGED)).unwrap_or(&empty);
    let fields: BTreeSet<&String> = record.keys().chain(base_record.keys()).chain(base_changed.keys()).collect();
    let mut changed = Map::new();
    for field in fields {
        let value = record.get(field);
        let time = if base.is_some() && value == base_record.get(field) {
            match base_changed.get(field).and_then(Value::as_i64) {
                Some(time) => Some(time),
                None => value.map(|_| now),
            }
        } else {
            Some(now)
        };
        if let Some(time) = time {
            changed.insert(field.clone(), Value::from(time));
        }
    }
    body.insert(CHANGED.to_owned(), Value::Object(changed));
    body
}

// ---- records to bodies ----

/// A record's fields as JSON (an empty object in the impossible case that a
/// record does not serialise).
fn fields_of<T: Serialize>(record: &T) -> Map<String, Value> {
    match serde_json::to_value(record) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// A body of `kind` holding `record` (no change times yet: see [`stamp`]).
fn body_of(kind: DocKind, record: Map<String, Value>) -> Body {
    let mut body = Map::new();
    body.insert(TYPE.to_owned(), Value::from(kind_name(kind)));
    body.insert(SCHEMA_FIELD.to_owned(), Value::from(FIRST_SHAPE));
    body.insert(RECORD.to_owned(), Value::Object(record));
    body
}

/// Message fields the receiver rebuilds ([`MessageRecord::refresh_terms`]):
/// the search terms and the blobs referred to.
pub const MESSAGE_DERIVED: [&str; 2] = ["terms", "blobs"];

/// A message's body; `None` while it streams (a reply is pushed once it has
/// ended). Its derived fields ([`MESSAGE_DERIVED`]) are left out.
pub fn message_doc(record: &MessageRecord) -> Option<Body> {
    if record.state == MessageState::Streaming {
        return None;
    }
    let mut fields = fields_of(record);
    for field in MESSAGE_DERIVED {
        fields.remove(field);
    }
    let mut body = body_of(DocKind::Message, fields);
    body.insert(SCHEMA_FIELD.to_owned(), Value::from(message_shape(record)));
    Some(body)
}

/// Session fields that stay on each device: the count, the preview and the
/// time of the latest message change with every message (the receiver
/// recounts them from the messages it has, so a new message is never a
/// conflict on its conversation), and a pending deletion is this device's.
pub const SESSION_LOCAL: [&str; 4] = ["message_count", "preview", "updated_at", "deleted_at"];

/// A conversation's body; `None` while its deletion can still be undone (the
/// shell pushes a deletion once the record is really gone). Its per-device
/// fields ([`SESSION_LOCAL`]) are left out.
pub fn session_doc(record: &SessionRecord) -> Option<Body> {
    if record.deleted_at.is_some() {
        return None;
    }
    let mut fields = fields_of(record);
    for field in SESSION_LOCAL {
        fields.remove(field);
    }
    Some(body_of(DocKind::Session, fields))
}

/// Agent fields that are permissions (which tools run without asking, and
/// for which MCP definitions): synced only end-to-end encrypted, since a
/// server that could write them could let a tool run unasked.
pub const AGENT_PERMISSIONS: [&str; 2] = ["ask_before_running", "allowed_definitions"];

/// An agent's body; its permissions ([`AGENT_PERMISSIONS`]) only with
/// end-to-end encryption.
pub fn agent_doc(record: &AgentRecord, policy: SyncPolicy) -> Body {
    let mut fields = fields_of(record);
    if !policy.e2e {
        for field in AGENT_PERMISSIONS {
            fields.remove(field);
        }
    }
    let mut body = body_of(DocKind::Agent, fields);
    // Its reply options (search, effort, pictures) or its voice would be
    // dropped by a version before them on its next change.
    let shape = agent_shape(record);
    if shape > FIRST_SHAPE {
        body.insert(SCHEMA_FIELD.to_owned(), Value::from(shape));
    }
    body
}

/// A provider's body: never the plain API key (`api_key` is always empty);
/// the key sealed with the passphrase lock only with
/// [`SyncPolicy::sealed_keys`], and the origin the key is bound to only with
/// it.
pub fn provider_doc(record: &ProviderRecord, policy: SyncPolicy) -> Body {
    let mut synced = record.clone();
    synced.api_key.clear();
    if !policy.sealed_keys {
        synced.sealed_key = None;
    }
    if synced.sealed_key.is_none() {
        synced.key_origin = None;
    }
    body_of(DocKind::Provider, fields_of(&synced))
}

/// A model configuration's body: the whole record.
pub fn model_config_doc(record: &ModelConfigRecord) -> Body {
    let mut body = body_of(DocKind::ModelConfig, fields_of(record));
    body.insert(SCHEMA_FIELD.to_owned(), Value::from(model_config_shape(record)));
    body
}

/// A project file's body: the whole record.
pub fn file_doc(record: &ProjectFileRecord) -> Body {
    body_of(DocKind::ProjectFile, fields_of(record))
}

/// The shape of a knowledge base's or file's body (see [`SCHEMA`]): 7 when
/// it says anything of carried embeddings, else [`FIRST_SHAPE`].
pub fn knowledge_shape(carries_embeddings: bool) -> u64 {
    if carries_embeddings { 7 } else { FIRST_SHAPE }
}

/// `body` marked as of `shape`.
fn shaped(mut body: Body, shape: u64) -> Body {
    body.insert(SCHEMA_FIELD.to_owned(), Value::from(shape));
    body
}

/// A knowledge base's body ([`records::BASE_CARRIED`]); `None` while its
/// removal can still be undone.
pub fn knowledge_base_doc(record: &BaseRecord) -> Option<Body> {
    let shape = knowledge_shape(record.carry_vectors);
    records::carried_base(record).map(|fields| shaped(body_of(DocKind::KnowledgeBase, fields), shape))
}

/// A knowledge file's body ([`records::FILE_CARRIED`]); `None` when it is
/// not carried now ([`records::carried_file`]).
pub fn knowledge_file_doc(record: &FileRecord) -> Option<Body> {
    let shape = knowledge_shape(record.vectors.is_some());
    records::carried_file(record).map(|fields| shaped(body_of(DocKind::KnowledgeFile, fields), shape))
}

/// The most bytes of an attachment one document holds: a larger one goes as
/// a head and pieces of this size ([`blob_docs`]), each document under
/// Cloudant's 1 MB limit even sealed (base64 twice: about 16/9 of this, plus
/// a little) and far under CouchDB's 8 MB.
pub const BLOB_PIECE: usize = 512 * 1024;

/// The largest attachment a document may say it holds (Hearth takes PDFs up
/// to 100 MB): a head that says more is refused, not believed.
pub const BLOB_MAX: u64 = 128 * 1024 * 1024;

/// An attachment's body: its hash (the lowercase hex SHA-256 of `bytes`, the
/// blob store's key), its media type, its size and the bytes in base64.
pub fn blob_doc(hash: &str, media_type: &str, bytes: &[u8]) -> Body {
    let mut fields = Map::new();
    fields.insert("hash".to_owned(), Value::from(hash));
    fields.insert("media_type".to_owned(), Value::from(media_type));
    fields.insert("size".to_owned(), Value::from(bytes.len() as u64));
    fields.insert("data".to_owned(), Value::from(base64::encode(bytes)));
    body_of(DocKind::Blob, fields)
}

/// The key of piece `index` (from 1) of the attachment `hash`:
/// `<hash>.<index>`.
pub fn piece_key(hash: &str, index: usize) -> String {
    format!("{hash}.{index}")
}

/// An attachment as documents, (plain id, body) in the order to send: one
/// ([`blob_doc`]) up to [`BLOB_PIECE`] bytes; above it its pieces first
/// (`blob:<hash>.<n>`: the hash, the piece's index from 1 and its bytes in
/// base64), then its head (`blob:<hash>`: the hash, media type, size and how
/// many pieces), so a receiver that reads the head can have every piece.
pub fn blob_docs(hash: &str, media_type: &str, bytes: &[u8]) -> Vec<(String, Body)> {
    if bytes.len() <= BLOB_PIECE {
        return vec![(doc_id(DocKind::Blob, hash), blob_doc(hash, media_type, bytes))];
    }
    let mut docs = Vec::new();
    for (at, piece) in bytes.chunks(BLOB_PIECE).enumerate() {
        let mut fields = Map::new();
        fields.insert("hash".to_owned(), Value::from(hash));
        fields.insert("index".to_owned(), Value::from(at as u64 + 1));
        fields.insert("data".to_owned(), Value::from(base64::encode(piece)));
        docs.push((doc_id(DocKind::Blob, &piece_key(hash, at + 1)), body_of(DocKind::Blob, fields)));
    }
    let mut head = Map::new();
    head.insert("hash".to_owned(), Value::from(hash));
    head.insert("media_type".to_owned(), Value::from(media_type));
    head.insert("size".to_owned(), Value::from(bytes.len() as u64));
    head.insert("pieces".to_owned(), Value::from(docs.len() as u64));
    docs.push((doc_id(DocKind::Blob, hash), body_of(DocKind::Blob, head)));
    docs
}

/// The attachment `hash` whose head said `size` bytes in `pieces` pieces,
/// put together from the pieces fetched (`got`: index → bytes), or `None`
/// while one is missing or the sizes do not add up (the caller then checks
/// the bytes against the hash).
pub fn join_pieces(size: u64, pieces: u64, got: &std::collections::BTreeMap<u64, Vec<u8>>) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    for index in 1..=pieces {
        bytes.extend_from_slice(got.get(&index)?);
    }
    (bytes.len() as u64 == size).then_some(bytes)
}

// ---- settings ----

/// Whether a setting leaves the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingSync {
    /// Synced (some parts may still wait for end-to-end encryption: an app's
    /// network permission).
    Synced,
    /// Synced only when documents are end-to-end encrypted: a permission, or
    /// a record whose secrets are left out but whose shape says where they go.
    WithE2e,
    /// Never leaves the device, and never taken from another.
    DeviceOnly,
}

/// How one setting key (or every key with a prefix) syncs, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettingRule {
    /// The key, or the prefix.
    pub key: &'static str,
    /// Whether `key` is a prefix.
    pub prefix: bool,
    /// How it syncs.
    pub sync: SettingSync,
    /// Why, in a sentence.
    pub why: &'static str,
}

const fn rule(key: &'static str, prefix: bool, sync: SettingSync, why: &'static str) -> SettingRule {
    SettingRule { key, prefix, sync, why }
}

/// Every setting the shell stores, and how it syncs. A key not named here
/// stays on the device ([`setting_sync`]): a new setting is private until it
/// is classified.
pub const SETTING_RULES: &[SettingRule] = &[
    rule("auto_title", false, SettingSync::Synced, "a preference: whether conversations get generated titles"),
    rule("compaction", false, SettingSync::Synced, "a preference: when and how long conversations are compacted"),
    rule(
        "stall_timeout_secs",
        false,
        SettingSync::Synced,
        "how long a silent stream waits depends on the models used (a thinking model is silent for long), not on the device",
    ),
    rule(USER_TOOL_KEY_PREFIX, true, SettingSync::Synced, "the user's own tools: their definitions and code"),
    rule(
        "app:",
        true,
        SettingSync::Synced,
        "an app's data belongs to its conversation, which syncs; its network permission only with end-to-end encryption",
    ),
    rule(
        MCP_SERVER_KEY_PREFIX,
        true,
        SettingSync::WithE2e,
        "an MCP server's address, header names and tools say where secrets go; its secrets never leave the device",
    ),
    rule(
        "image_auto_hosts",
        false,
        SettingSync::WithE2e,
        "a privacy permission: images from these hosts load without a click, telling them the device's address",
    ),
    rule(
        KEY_LOCK_SETTING,
        false,
        SettingSync::DeviceOnly,
        "the passphrase lock seals this device's keys; another device's lock would lock them out",
    ),
    rule("search_index", false, SettingSync::DeviceOnly, "the version of this device's search index"),
    rule("sync", true, SettingSync::DeviceOnly, "sync's own configuration (server, password) and state"),
    rule(
        "active_provider",
        false,
        SettingSync::DeviceOnly,
        "the account that answers here: its key may be on this device only, and switching here must not switch a \
         conversation going on elsewhere",
    ),
    rule(
        "last_agent",
        false,
        SettingSync::DeviceOnly,
        "the agent last chosen here, which new conversations here start with; it changes with every switch",
    ),
    rule(
        "compare_tally",
        false,
        SettingSync::DeviceOnly,
        "blind mode's tally is this device's: a count two devices add to would conflict at every pick",
    ),
    rule(
        "shortcut_question_mark",
        false,
        SettingSync::DeviceOnly,
        "whether `?` opens the help depends on the device's keyboard",
    ),
    rule(
        "voice",
        false,
        SettingSync::DeviceOnly,
        "who hears dictation and which voice reads aloud depend on the device: its microphone, its voices, its keys",
    ),
];

/// The rule for `key`: its exact key, else its longest prefix.
pub fn setting_rule(key: &str) -> Option<&'static SettingRule> {
    SETTING_RULES.iter().find(|rule| !rule.prefix && rule.key == key).or_else(|| {
        SETTING_RULES.iter().filter(|rule| rule.prefix && key.starts_with(rule.key)).max_by_key(|rule| rule.key.len())
    })
}

/// How the setting `key` syncs; [`SettingSync::DeviceOnly`] for a key no rule
/// names.
pub fn setting_sync(key: &str) -> SettingSync {
    setting_rule(key).map_or(SettingSync::DeviceOnly, |rule| rule.sync)
}

/// Whether the setting `key` is synced under `policy`.
pub fn setting_synced(key: &str, policy: SyncPolicy) -> bool {
    match setting_sync(key) {
        SettingSync::Synced => true,
        SettingSync::WithE2e => policy.e2e,
        SettingSync::DeviceOnly => false,
    }
}

/// The field of an app's state that is a permission.
const APP_NETWORK: &str = "network_allowed";

/// A setting's body, or `None` when it is not synced under `policy` (see
/// [`SETTING_RULES`]). An MCP server goes without any secret (header values,
/// client secret, sign-in, sealed secrets: as a backup carries it); an app's
/// state without its network permission unless end-to-end encrypted.
pub fn setting_doc(record: &SettingRecord, policy: SyncPolicy) -> Option<Body> {
    if !setting_synced(&record.key, policy) {
        return None;
    }
    let mut value = record.value.clone();
    if record.key.starts_with(MCP_SERVER_KEY_PREFIX) {
        without_header_values(&mut value);
    }
    if record.key.starts_with("app:")
        && !policy.e2e
        && let Some(state) = value.as_object_mut()
    {
        state.remove(APP_NETWORK);
    }
    Some(body_of(DocKind::Setting, fields_of(&SettingRecord { key: record.key.clone(), value })))
}

// ---- bodies to records ----

/// A record read from a document.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)] // read one at a time; boxing would only move the size to the heap
pub enum Incoming {
    /// A message, its derived fields rebuilt.
    Message(MessageRecord),
    /// A conversation, with its per-device fields as for a new one (see
    /// [`session_from_doc`] to keep this device's).
    Session(SessionRecord),
    /// An agent, as the document says (see [`agent_keeping_permissions`]).
    Agent(AgentRecord),
    /// A provider, without a plain key (see [`provider_keeping_key`]).
    Provider(ProviderRecord),
    /// A model configuration.
    ModelConfig(ModelConfigRecord),
    /// A setting that may come from another device (see
    /// [`setting_keeping_local`]).
    Setting(SettingRecord),
    /// A project file.
    ProjectFile(ProjectFileRecord),
    /// A knowledge base, without this device's folder.
    KnowledgeBase(BaseRecord),
    /// A file in a knowledge base, as waiting to be read (with a hash in
    /// lowercase hex: its bytes come as a blob).
    KnowledgeFile(FileRecord),
    /// An attachment's bytes (the shell checks `hash` is their SHA-256).
    Blob {
        /// The lowercase hex SHA-256, the blob store's key.
        hash: String,
        /// The media type.
        media_type: String,
        /// The bytes.
        bytes: Vec<u8>,
    },
    /// The head of an attachment sent in pieces ([`blob_docs`]).
    BlobHead {
        /// The lowercase hex SHA-256 of the whole.
        hash: String,
        /// The media type.
        media_type: String,
        /// The size of the whole, in bytes.
        size: u64,
        /// How many pieces.
        pieces: u64,
    },
    /// One piece of an attachment sent in pieces.
    BlobPiece {
        /// The hash of the whole.
        hash: String,
        /// The piece's index, from 1.
        index: u64,
        /// Its bytes.
        bytes: Vec<u8>,
    },
}

/// The record of `body`, checked to be of `kind`.
fn record_of(kind: DocKind, body: &Body) -> Result<Map<String, Value>, MapError> {
    let found = body.get(TYPE).and_then(Value::as_str).unwrap_or_default();
    if DocKind::from_name(found) != Some(kind) {
        return Err(match DocKind::from_name(found) {
            Some(_) => MapError::KindMismatch { id: doc_id(kind, "…"), found: found.to_owned() },
            None => MapError::UnknownType(found.to_owned()),
        });
    }
    object(body, RECORD)
        .cloned()
        .ok_or_else(|| MapError::BadRecord { kind: kind_name(kind), why: "it has no record".to_owned() })
}

fn read<T: DeserializeOwned>(kind: DocKind, fields: Map<String, Value>) -> Result<T, MapError> {
    serde_json::from_value(Value::Object(fields))
        .map_err(|error| MapError::BadRecord { kind: kind_name(kind), why: error.to_string() })
}

fn check_key(id: &str, key: &str, record_key: &str) -> Result<(), MapError> {
    if key == record_key {
        Ok(())
    } else {
        Err(MapError::IdMismatch { id: id.to_owned(), record: record_key.to_owned() })
    }
}

/// Reads the document `id` (its body `body`) as the record it holds: checked
/// to be Hearth's, of the kind its id names, readable, and the record its id
/// names. Nothing of this device is put back (see the `…_keeping_…`
/// functions): a provider has no key, a conversation the per-device fields
/// of a new one. A message's derived fields are rebuilt, and a reply that
/// arrives streaming (which Hearth never pushes) is taken as interrupted. A
/// device-only setting is refused.
pub fn from_doc(id: &str, body: &Body) -> Result<Incoming, MapError> {
    let (kind, key) = parse_doc_id(id).ok_or_else(|| MapError::NotOurs(id.to_owned()))?;
    let schema = body.get(SCHEMA_FIELD).map_or(Some(1), Value::as_u64);
    match schema {
        Some(schema) if schema > SCHEMA => return Err(MapError::NewerSchema(schema)),
        Some(_) => {}
        None => {
            return Err(MapError::BadRecord { kind: kind_name(kind), why: "its shape is not a number".to_owned() });
        }
    }
    let mismatch = |error: MapError| match error {
        MapError::KindMismatch { found, .. } => MapError::KindMismatch { id: id.to_owned(), found },
        other => other,
    };
    Ok(match kind {
        DocKind::Message => {
            let mut message: MessageRecord = read(kind, record_of(kind, body).map_err(mismatch)?)?;
            check_key(id, key, &message.id)?;
            if message.state == MessageState::Streaming {
                message.state = MessageState::Interrupted;
            }
            message.refresh_terms();
            Incoming::Message(message)
        }
        DocKind::Session => {
            let session = session_from_doc(body, None).map_err(mismatch)?;
            check_key(id, key, &session.id)?;
            Incoming::Session(session)
        }
        DocKind::Agent => {
            let agent: AgentRecord = read(kind, record_of(kind, body).map_err(mismatch)?)?;
            check_key(id, key, &agent.id)?;
            Incoming::Agent(agent)
        }
        DocKind::Provider => {
            // As the document says, but never a plain key: the policy is
            // applied when it is stored (`provider_keeping_key`).
            let mut provider: ProviderRecord = read(kind, record_of(kind, body).map_err(mismatch)?)?;
            provider.api_key.clear();
            if provider.sealed_key.is_none() {
                provider.key_origin = None;
            }
            check_key(id, key, &provider.id)?;
            Incoming::Provider(provider)
        }
        DocKind::ModelConfig => {
            let model: ModelConfigRecord = read(kind, record_of(kind, body).map_err(mismatch)?)?;
            check_key(id, key, &model.id)?;
            Incoming::ModelConfig(model)
        }
        DocKind::Setting => {
            let setting: SettingRecord = read(kind, record_of(kind, body).map_err(mismatch)?)?;
            check_key(id, key, &setting.key)?;
            if setting_rule(&setting.key).is_none() {
                return Err(MapError::UnknownSetting(setting.key));
            }
            if setting_sync(&setting.key) == SettingSync::DeviceOnly {
                return Err(MapError::DeviceOnly(setting.key));
            }
            Incoming::Setting(setting)
        }
        DocKind::ProjectFile => {
            let file: ProjectFileRecord = read(kind, record_of(kind, body).map_err(mismatch)?)?;
            check_key(id, key, &file.id)?;
            Incoming::ProjectFile(file)
        }
        DocKind::Blob => blob_from(id, key, &record_of(kind, body).map_err(mismatch)?)?,
        DocKind::KnowledgeBase => {
            let fields = record_of(kind, body).map_err(mismatch)?;
            let base = records::read_carried_base(fields)
                .map_err(|error| MapError::BadRecord { kind: kind_name(kind), why: error.to_string() })?;
            check_key(id, key, &base.id)?;
            Incoming::KnowledgeBase(base)
        }
        DocKind::KnowledgeFile => {
            let fields = record_of(kind, body).map_err(mismatch)?;
            let file = records::read_carried_file(fields)
                .map_err(|error| MapError::BadRecord { kind: kind_name(kind), why: error.to_string() })?;
            check_key(id, key, &file.id)?;
            Incoming::KnowledgeFile(file)
        }
    })
}

fn blob_from(id: &str, key: &str, fields: &Map<String, Value>) -> Result<Incoming, MapError> {
    let bad = |why: &str| MapError::BadRecord { kind: kind_name(DocKind::Blob), why: why.to_owned() };
    let text = |field: &str| fields.get(field).and_then(Value::as_str);
    let hash = text("hash").ok_or_else(|| bad("it has no hash"))?;
    if !is_sha256_hex(hash) {
        return Err(bad("its hash is not a SHA-256 in lowercase hex"));
    }
    if let Some(index) = fields.get("index") {
        let index = index.as_u64().filter(|index| *index > 0).ok_or_else(|| bad("its index is not a number"))?;
        check_key(id, key, &piece_key(hash, usize::try_from(index).unwrap_or(usize::MAX)))?;
        let bytes = text("data").and_then(base64::decode).ok_or_else(|| bad("its data is not base64"))?;
        return Ok(Incoming::BlobPiece { hash: hash.to_owned(), index, bytes });
    }
    check_key(id, key, hash)?;
    let media_type = text("media_type").ok_or_else(|| bad("it has no media type"))?;
    let size = fields.get("size").and_then(Value::as_u64).ok_or_else(|| bad("it has no size"))?;
    if size > BLOB_MAX {
        return Err(bad("it says it is larger than any attachment Hearth takes"));
    }
    if let Some(pieces) = fields.get("pieces") {
        // As many as its size makes, no more: a server cannot make a device
        // ask for pieces without end.
        let expected = size.div_ceil(BLOB_PIECE as u64);
        if pieces.as_u64() != Some(expected) || expected < 2 {
            return Err(bad("its number of pieces is not the one its size makes"));
        }
        return Ok(Incoming::BlobHead {
            hash: hash.to_owned(),
            media_type: media_type.to_owned(),
            size,
            pieces: expected,
        });
    }
    let bytes = text("data").and_then(base64::decode).ok_or_else(|| bad("its data is not base64"))?;
    if size != bytes.len() as u64 {
        return Err(bad("its size is not the size of its data"));
    }
    Ok(Incoming::Blob { hash: hash.to_owned(), media_type: media_type.to_owned(), bytes })
}

/// A conversation from its body, with the per-device fields
/// ([`SESSION_LOCAL`]) of `local` (the record here, when there is one),
/// else those of a new one (no messages counted yet, no preview, updated
/// when created: the shell recounts from the messages it has). A deletion
/// pending here stays pending.
pub fn session_from_doc(body: &Body, local: Option<&SessionRecord>) -> Result<SessionRecord, MapError> {
    let kind = DocKind::Session;
    let mut fields = record_of(kind, body)?;
    for field in SESSION_LOCAL {
        fields.remove(field);
    }
    let created_at = fields.get("created_at").cloned().unwrap_or(Value::Null);
    fields.insert("updated_at".to_owned(), created_at);
    let mut session: SessionRecord = read(kind, fields)?;
    if let Some(local) = local.filter(|local| local.id == session.id) {
        session.message_count = local.message_count;
        session.preview = local.preview.clone();
        session.updated_at = local.updated_at;
        session.deleted_at = local.deleted_at;
    }
    Ok(session)
}

/// A provider from its body, keeping the key of `local` (the record here)
/// as [`provider_keeping_key`] does. A plain key in the body is never taken.
pub fn provider_from_doc(
    body: &Body,
    local: Option<&ProviderRecord>,
    policy: SyncPolicy,
) -> Result<ProviderRecord, MapError> {
    let kind = DocKind::Provider;
    let provider: ProviderRecord = read(kind, record_of(kind, body)?)?;
    Ok(provider_keeping_key(provider, local, policy))
}

/// The provider to store when `incoming` (from a document) arrives over
/// `local`: a plain key in it is never taken; a sealed key that came with it
/// is used (bound to its base URL's origin) only when sealed keys are synced
/// ([`SyncPolicy::sealed_keys`]: otherwise a server could put any bytes in
/// its place); else the key here (plain or sealed) is kept while the
/// provider stays at the origin that key was entered for, and dropped when
/// the other device moved it elsewhere (the user enters it again), as an
/// import does.
pub fn provider_keeping_key(
    incoming: ProviderRecord,
    local: Option<&ProviderRecord>,
    policy: SyncPolicy,
) -> ProviderRecord {
    let mut incoming = incoming;
    incoming.api_key.clear();
    if !policy.sealed_keys {
        incoming.sealed_key = None;
    }
    if incoming.sealed_key.is_none() {
        incoming.key_origin = None;
    }
    crate::storage::backup::merge_imported_provider(local, incoming).0
}

/// The agent to store when `incoming` arrives over `local`: without
/// end-to-end encryption its permissions ([`AGENT_PERMISSIONS`]) are not in
/// the document, and this device's are kept (none for a new agent: every
/// tool asks as by default).
pub fn agent_keeping_permissions(
    incoming: AgentRecord,
    local: Option<&AgentRecord>,
    policy: SyncPolicy,
) -> AgentRecord {
    if policy.e2e {
        return incoming;
    }
    let local = local.filter(|local| local.id == incoming.id);
    AgentRecord {
        ask_before_running: local.map(|local| local.ask_before_running.clone()).unwrap_or_default(),
        allowed_definitions: local.map(|local| local.allowed_definitions.clone()).unwrap_or_default(),
        ..incoming
    }
}

/// The setting to store when `incoming` arrives over `local`, or `None` when
/// it must not be taken under `policy` (a device-only setting; one synced
/// only end-to-end encrypted, arriving without it). An MCP server keeps the
/// secrets here while its address is the same (none arrive); an app keeps
/// this device's network permission unless end-to-end encrypted.
pub fn setting_keeping_local(
    incoming: SettingRecord,
    local: Option<&SettingRecord>,
    policy: SyncPolicy,
) -> Option<SettingRecord> {
    if !setting_synced(&incoming.key, policy) {
        return None;
    }
    let local = local.filter(|local| local.key == incoming.key);
    let mut value = incoming.value;
    if incoming.key.starts_with(MCP_SERVER_KEY_PREFIX) {
        value = merge_imported_server(local.map(|local| &local.value), &value);
    }
    if incoming.key.starts_with("app:")
        && !policy.e2e
        && let Some(state) = value.as_object_mut()
    {
        let allowed = local.and_then(|local| local.value.get(APP_NETWORK)).cloned().unwrap_or(Value::Bool(false));
        state.insert(APP_NETWORK.to_owned(), allowed);
    }
    Some(SettingRecord { key: incoming.key, value })
}
