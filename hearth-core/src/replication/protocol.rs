//! The replication protocol's request and response bodies (CouchDB's
//! replication protocol, version 3); the shell does the HTTP.
//!
//! A replication reads the source's changes ([`changes_query`],
//! [`parse_changes`]), asks the target which revisions it lacks
//! ([`revs_diff_body`], [`parse_revs_diff`]), fetches them with their
//! ancestry ([`bulk_get_body`], [`parse_bulk_get`]) and writes them as they
//! are ([`bulk_docs_body`] with `new_edits: false`, [`parse_bulk_docs`]), in
//! [`batches`]. Around it: document paths ([`doc_path`]), what the server,
//! database, session and security object say ([`ServerInfo`], [`DbInfo`],
//! [`SessionInfo`], [`Security`]), and when to try a failed request again
//! ([`retry_after`]).
//!
//! Parsers take any bytes and never panic. A body that is not the expected
//! JSON is a [`ProtocolError`]; one malformed entry in a good body is skipped
//! (and counted where the caller needs to know), so that one odd document
//! does not stop a replication. Both CouchDB's shapes (from its
//! documentation) and pouchdb-server's (from its source) are read.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::revs::{Rev, Revisions};
use crate::format::cut;

/// Why a response body could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The body is not JSON.
    #[error("the server's answer is not JSON ({0})")]
    NotJson(String),
    /// The body is JSON but not what the request answers.
    #[error("the server's answer has an unexpected shape: {0}")]
    WrongShape(&'static str),
    /// The body is CouchDB's error object, `{"error": …, "reason": …}`.
    #[error("the server refused: {error} ({reason})")]
    Server {
        /// The error type (`not_found`, `unauthorized`, `forbidden`, …).
        error: String,
        /// The reason in words.
        reason: String,
    },
}

/// `body` as JSON.
fn json(body: &[u8]) -> Result<Value, ProtocolError> {
    serde_json::from_slice(body).map_err(|error| ProtocolError::NotJson(cut(&error.to_string(), 120)))
}

/// CouchDB's error object, when `value` is one.
fn server_error(value: &Value) -> Option<ProtocolError> {
    let error = value.get("error")?.as_str()?;
    let reason = value.get("reason").and_then(Value::as_str).unwrap_or_default();
    Some(ProtocolError::Server { error: cut(error, 200), reason: cut(reason, 500) })
}

/// `body` as a JSON object, or the error it holds instead.
fn object(body: &[u8], shape: &'static str) -> Result<Map<String, Value>, ProtocolError> {
    match json(body)? {
        Value::Object(map) => Ok(map),
        _ => Err(ProtocolError::WrongShape(shape)),
    }
}

/// A string field, when it is one.
fn text(map: &Map<String, Value>, key: &str) -> Option<String> {
    map.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// The strings of an array field (other items and other types: none).
fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |items| items.iter().filter_map(Value::as_str).map(str::to_owned).collect())
}

// ---- Percent-encoding ----

/// `text` percent-encoded for a query value or a path segment: everything
/// but RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) as `%XX`.
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A document id as a URL path: percent-encoded, except that the slash of a
/// `_local/` or `_design/` prefix stays, as CouchDB expects (`_local/abc`);
/// any other slash is `%2F`.
pub fn encode_id(id: &str) -> String {
    for prefix in ["_local/", "_design/"] {
        if let Some(rest) = id.strip_prefix(prefix) {
            return format!("{prefix}{}", encode_component(rest));
        }
    }
    encode_component(id)
}

/// The URL of document `id` in the database at `db_url`.
pub fn doc_path(db_url: &str, id: &str) -> String {
    format!("{}/{}", db_url.trim_end_matches('/'), encode_id(id))
}

// ---- URLs ----

/// The parts of an `scheme://[user[:password]@]host[:port][/path]` URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UrlParts<'a> {
    /// The scheme, lowercase (`http`, `https`).
    pub(crate) scheme: String,
    /// Whether the URL holds a user name (and maybe a password).
    pub(crate) has_credentials: bool,
    /// The host, lowercase; an IPv6 address keeps its brackets.
    pub(crate) host: String,
    /// The path, with any query or fragment (may be empty).
    pub(crate) path: &'a str,
    /// Where the host (and port) starts and ends in the URL.
    authority: (usize, usize),
}

/// The parts of `url`, or `None` when it has no `scheme://host`.
pub(crate) fn split_url(url: &str) -> Option<UrlParts<'_>> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme.is_empty() || !scheme.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) {
        return None;
    }
    let start = scheme.len() + 3;
    let end = rest.find(['/', '?', '#']).map_or(url.len(), |at| start + at);
    let authority = &url[start..end];
    let (has_credentials, host_port, host_start) = match authority.rsplit_once('@') {
        Some((user, host_port)) => (true, host_port, start + user.len() + 1),
        None => (false, authority, start),
    };
    let host = if host_port.starts_with('[') {
        &host_port[..host_port.find(']').map_or(host_port.len(), |at| at + 1)]
    } else {
        match host_port.rsplit_once(':') {
            Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => host,
            _ => host_port,
        }
    };
    if host.is_empty() {
        return None;
    }
    Some(UrlParts {
        scheme: scheme.to_ascii_lowercase(),
        has_credentials,
        host: host.to_ascii_lowercase(),
        path: &url[end..],
        authority: (host_start, end),
    })
}

/// `url` without a `user:password@` part (unchanged when it has none or is
/// not a URL).
pub fn strip_credentials(url: &str) -> String {
    match split_url(url) {
        Some(parts) if parts.has_credentials => {
            let scheme_end = url.find("://").map_or(0, |at| at + 3);
            format!("{}{}", &url[..scheme_end], &url[parts.authority.0..])
        }
        _ => url.to_owned(),
    }
}

// ---- _changes ----

/// One document's entry in the changes feed.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// Its sequence (opaque: a string in CouchDB 2+, an integer in
    /// pouchdb-server; `null` when the server left it out).
    pub seq: Value,
    /// The document id.
    pub id: String,
    /// Its leaf revisions (all of them, with `style=all_docs`).
    pub revs: Vec<Rev>,
    /// Whether the winning revision is a deletion (the other leaves may be
    /// deleted without it saying so).
    pub deleted: bool,
}

/// One page of the changes feed.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangesPage {
    /// The changes to replicate, in feed order: design documents and `_local`
    /// documents left out (Hearth keeps none), and malformed entries.
    pub changes: Vec<Change>,
    /// The sequence to continue from (and to record in the checkpoint).
    pub last_seq: Value,
    /// How many changes remain after this page (CouchDB 2+; `None` when the
    /// server does not say).
    pub pending: Option<u64>,
    /// How many entries the page held, left out ones included (compare with
    /// the `limit` asked for).
    pub received: usize,
    /// Entries left out as design or `_local` documents.
    pub ignored: usize,
    /// Entries left out as malformed (no id, or a revision that is not one).
    pub malformed: usize,
}

impl ChangesPage {
    /// Whether another page may follow a page asked for with `limit`: the
    /// server says changes are pending, or (when it does not say) the page
    /// is full.
    pub fn has_more(&self, limit: u32) -> bool {
        match self.pending {
            Some(pending) => pending > 0,
            None => self.received >= limit.max(1) as usize,
        }
    }
}

/// Whether Hearth leaves a document id alone: design documents (`_design/`)
/// and local documents (`_local/`, never replicated).
pub fn is_ignored_id(id: &str) -> bool {
    id.starts_with("_design/") || id.starts_with("_local/")
}

/// Waiting for changes: the `longpoll` feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Live {
    /// How long the server holds the request when nothing changes (`timeout`;
    /// 0: the server's default).
    pub timeout_ms: u64,
    /// How often the server sends a newline to keep the connection open
    /// (`heartbeat`; 0: none). CouchDB lets a heartbeat override the timeout.
    pub heartbeat_ms: u64,
}

/// The query string (without `?`) of `GET /{db}/_changes`: all leaf
/// revisions (`style=all_docs`), at most `limit` entries (at least 1), from
/// `since` (the sequence as the server gave it: a JSON string as its text,
/// a number as its digits, anything else as its JSON; `None` or `null`:
/// from the start), and with `live`, the `longpoll` feed.
pub fn changes_query(since: Option<&Value>, limit: u32, live: Option<Live>) -> String {
    let mut query = format!("style=all_docs&limit={}", limit.max(1));
    let since = match since {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.clone()),
        Some(other) => Some(other.to_string()),
    };
    if let Some(since) = since {
        query.push_str("&since=");
        query.push_str(&encode_component(&since));
    }
    if let Some(live) = live {
        query.push_str("&feed=longpoll");
        if live.timeout_ms > 0 {
            query.push_str(&format!("&timeout={}", live.timeout_ms));
        }
        if live.heartbeat_ms > 0 {
            query.push_str(&format!("&heartbeat={}", live.heartbeat_ms));
        }
    }
    query
}

/// Reads the body of `GET /{db}/_changes` with the normal or `longpoll`
/// feed (the same JSON object; leading heartbeat newlines are fine).
pub fn parse_changes(body: &[u8]) -> Result<ChangesPage, ProtocolError> {
    const SHAPE: &str = "`_changes` answers an object with `results` and `last_seq`";
    let map = object(body, SHAPE)?;
    let Some(results) = map.get("results").and_then(Value::as_array) else {
        return Err(server_error(&Value::Object(map)).unwrap_or(ProtocolError::WrongShape(SHAPE)));
    };
    let mut page = ChangesPage {
        changes: Vec::new(),
        last_seq: Value::Null,
        pending: map.get("pending").and_then(Value::as_u64),
        received: results.len(),
        ignored: 0,
        malformed: 0,
    };
    let mut last_entry_seq = Value::Null;
    for entry in results {
        if let Some(seq) = entry.get("seq").filter(|seq| !seq.is_null()) {
            last_entry_seq = seq.clone();
        }
        match change(entry) {
            Some(change) if is_ignored_id(&change.id) => page.ignored += 1,
            Some(change) => page.changes.push(change),
            None => page.malformed += 1,
        }
    }
    page.last_seq = match map.get("last_seq") {
        Some(seq) if !seq.is_null() => seq.clone(),
        _ if !last_entry_seq.is_null() => last_entry_seq,
        _ => return Err(ProtocolError::WrongShape(SHAPE)),
    };
    Ok(page)
}

/// One entry of `results`, when well formed.
fn change(entry: &Value) -> Option<Change> {
    let id = entry.get("id")?.as_str().filter(|id| !id.is_empty())?;
    let mut revs = Vec::new();
    for item in entry.get("changes")?.as_array()? {
        revs.push(Rev::parse(item.get("rev")?.as_str()?).ok()?);
    }
    if revs.is_empty() {
        return None;
    }
    Some(Change {
        seq: entry.get("seq").cloned().unwrap_or(Value::Null),
        id: id.to_owned(),
        revs,
        deleted: entry.get("deleted").and_then(Value::as_bool).unwrap_or(false),
    })
}

// ---- _revs_diff ----

/// The body of `POST /{db}/_revs_diff`: each document id with the
/// revisions to ask about (an id given twice has its lists joined).
pub fn revs_diff_body(docs: &[(String, Vec<Rev>)]) -> String {
    let mut map: Map<String, Value> = Map::new();
    for (id, revs) in docs {
        let entry = map.entry(id.clone()).or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = entry {
            for rev in revs {
                let rev = Value::String(rev.to_string());
                if !items.contains(&rev) {
                    items.push(rev);
                }
            }
        }
    }
    Value::Object(map).to_string()
}

/// Reads the answer of `POST /{db}/_revs_diff`: each document id with the
/// revisions the target lacks (`missing`; `possible_ancestors` is not
/// used). Ids with nothing missing are absent; malformed revisions are
/// skipped.
pub fn parse_revs_diff(body: &[u8]) -> Result<BTreeMap<String, Vec<Rev>>, ProtocolError> {
    let map = object(body, "`_revs_diff` answers an object of document ids")?;
    // Every value of a good answer is an object: a string `error` is CouchDB's error.
    if map.get("error").is_some_and(Value::is_string) {
        return Err(server_error(&Value::Object(map)).unwrap_or(ProtocolError::WrongShape("`_revs_diff`")));
    }
    let mut missing = BTreeMap::new();
    for (id, entry) in map {
        let revs: Vec<Rev> = strings(entry.get("missing")).iter().filter_map(|rev| Rev::parse(rev).ok()).collect();
        if !revs.is_empty() {
            missing.insert(id, revs);
        }
    }
    Ok(missing)
}

// ---- _bulk_get ----

/// The body of `POST /{db}/_bulk_get` (the shell adds
/// `?revs=true&latest=true`): `{"docs":[{"id":…,"rev":…},…]}`.
pub fn bulk_get_body(docs: &[(String, Rev)]) -> String {
    let docs: Vec<Value> = docs
        .iter()
        .map(|(id, rev)| {
            let mut doc = Map::new();
            doc.insert("id".into(), Value::String(id.clone()));
            doc.insert("rev".into(), Value::String(rev.to_string()));
            Value::Object(doc)
        })
        .collect();
    let mut body = Map::new();
    body.insert("docs".into(), Value::Array(docs));
    Value::Object(body).to_string()
}

/// A revision fetched with `_bulk_get`.
#[derive(Debug, Clone, PartialEq)]
pub struct FetchedDoc {
    /// The document id.
    pub id: String,
    /// The revision.
    pub rev: Rev,
    /// Whether it is a deletion.
    pub deleted: bool,
    /// Its ancestry (`_revisions`; just the revision itself when the server
    /// sent none). Always starts with `rev`.
    pub revisions: Revisions,
    /// The document without `_id`, `_rev`, `_revisions`, `_deleted`,
    /// `_conflicts` and `_attachments`.
    pub body: Map<String, Value>,
    /// Whether it had `_attachments` (Hearth writes none; they are left out
    /// of `body`).
    pub had_attachments: bool,
}

/// One entry of a `_bulk_get` answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Fetched {
    /// The revision, with its ancestry.
    Doc(FetchedDoc),
    /// No document: the revision is gone (compacted, or never there), or the
    /// entry was malformed.
    Missing {
        /// The document id.
        id: String,
        /// The revision, when the server named a valid one (CouchDB's example
        /// names `"undefined"`; pouchdb-server may name none).
        rev: Option<Rev>,
        /// The error type (`not_found`, …; `bad_document` when a document was
        /// sent but could not be read).
        error: String,
        /// The reason in words.
        reason: String,
    },
}

/// Reads the answer of `POST /{db}/_bulk_get?revs=true&latest=true`:
/// `{"results":[{"id":…,"docs":[{"ok":{…}},{"error":{…}}]}]}`, every doc
/// of every result in order (`latest=true` may give several leaves for one
/// request). An error entry may also be pouchdb-server's
/// `{"error":"…","reason":"…"}`, `{"missing":"rev"}` or `{}`: all missing.
pub fn parse_bulk_get(body: &[u8]) -> Result<Vec<Fetched>, ProtocolError> {
    const SHAPE: &str = "`_bulk_get` answers an object with `results`";
    let map = object(body, SHAPE)?;
    let Some(results) = map.get("results").and_then(Value::as_array) else {
        return Err(server_error(&Value::Object(map)).unwrap_or(ProtocolError::WrongShape(SHAPE)));
    };
    let mut fetched = Vec::new();
    for result in results {
        let id = result.get("id").and_then(Value::as_str).unwrap_or_default();
        match result.get("docs").and_then(Value::as_array) {
            Some(docs) => fetched.extend(docs.iter().map(|entry| bulk_get_entry(id, entry))),
            None if !id.is_empty() => fetched.push(missing(id, None, "bad_result", "the server sent no `docs`")),
            None => {}
        }
    }
    Ok(fetched)
}

fn missing(id: &str, rev: Option<Rev>, error: &str, reason: &str) -> Fetched {
    Fetched::Missing { id: id.to_owned(), rev, error: error.to_owned(), reason: reason.to_owned() }
}

/// One `docs` item of a `_bulk_get` result for document `id`.
fn bulk_get_entry(id: &str, entry: &Value) -> Fetched {
    let rev_of = |value: Option<&Value>| value.and_then(Value::as_str).and_then(|rev| Rev::parse(rev).ok());
    if let Some(doc) = entry.get("ok").and_then(Value::as_object) {
        return match fetched_doc(id, doc) {
            Ok(doc) => Fetched::Doc(doc),
            Err(reason) => {
                let id = text(doc, "_id").unwrap_or_else(|| id.to_owned());
                missing(&id, rev_of(doc.get("_rev")), "bad_document", reason)
            }
        };
    }
    match entry.get("error") {
        Some(Value::Object(error)) => missing(
            &text(error, "id").filter(|id| !id.is_empty()).unwrap_or_else(|| id.to_owned()),
            rev_of(error.get("rev")),
            &text(error, "error").unwrap_or_else(|| "not_found".into()),
            &text(error, "reason").unwrap_or_default(),
        ),
        Some(Value::String(error)) => {
            let reason = entry.get("reason").and_then(Value::as_str).unwrap_or_default();
            missing(id, None, error, reason)
        }
        _ => match entry.get("missing") {
            Some(rev) => missing(id, rev_of(Some(rev)), "not_found", "missing"),
            None => missing(id, None, "not_found", "the server sent an empty entry"),
        },
    }
}

/// The fields of a document that are not its content.
const SPECIAL: [&str; 6] = ["_id", "_rev", "_revisions", "_deleted", "_conflicts", "_attachments"];

/// A fetched document (an `ok` item), or why it cannot be read.
fn fetched_doc(id: &str, doc: &Map<String, Value>) -> Result<FetchedDoc, &'static str> {
    let id = text(doc, "_id").unwrap_or_else(|| id.to_owned());
    if id.is_empty() {
        return Err("the document has no `_id`");
    }
    let rev = text(doc, "_rev").ok_or("the document has no `_rev`")?;
    let rev = Rev::parse(&rev).map_err(|_| "the document's `_rev` is not a revision")?;
    let revisions = match doc.get("_revisions") {
        None | Some(Value::Null) => Revisions { start: rev.generation, ids: vec![rev.hash.clone()] },
        Some(value) => {
            let revisions: Revisions =
                serde_json::from_value(value.clone()).map_err(|_| "the document's `_revisions` is malformed")?;
            if revisions.leaf().as_ref() != Some(&rev) {
                return Err("the document's `_revisions` does not start with its `_rev`");
            }
            revisions
        }
    };
    let body: Map<String, Value> =
        doc.iter().filter(|(key, _)| !SPECIAL.contains(&key.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect();
    Ok(FetchedDoc {
        id,
        rev,
        deleted: doc.get("_deleted").and_then(Value::as_bool).unwrap_or(false),
        revisions,
        body,
        had_attachments: doc.get("_attachments").is_some_and(|value| !value.is_null()),
    })
}

// ---- _bulk_docs ----

/// A revision to write to the target as it is.
#[derive(Debug, Clone, PartialEq)]
pub struct OutgoingDoc {
    /// The document id.
    pub id: String,
    /// The revision.
    pub rev: Rev,
    /// Its ancestry, starting with `rev`.
    pub revisions: Revisions,
    /// Whether it is a deletion.
    pub deleted: bool,
    /// The document's content (any `_id`, `_rev`, `_revisions` or `_deleted`
    /// in it is replaced by the fields above).
    pub body: Map<String, Value>,
}

/// The body of `POST /{db}/_bulk_docs` that stores revisions as they are:
/// `{"docs":[…],"new_edits":false}`, each doc its body with `_id`, `_rev`,
/// `_revisions` and, for a deletion, `"_deleted":true`.
pub fn bulk_docs_body(docs: &[OutgoingDoc]) -> String {
    let docs: Vec<Value> = docs
        .iter()
        .map(|doc| {
            let mut out = doc.body.clone();
            out.remove("_deleted");
            out.insert("_id".into(), Value::String(doc.id.clone()));
            out.insert("_rev".into(), Value::String(doc.rev.to_string()));
            let mut revisions = Map::new();
            revisions.insert("start".into(), Value::from(doc.revisions.start));
            revisions.insert("ids".into(), doc.revisions.ids.iter().cloned().map(Value::String).collect());
            out.insert("_revisions".into(), Value::Object(revisions));
            if doc.deleted {
                out.insert("_deleted".into(), Value::Bool(true));
            }
            Value::Object(out)
        })
        .collect();
    let mut body = Map::new();
    body.insert("docs".into(), Value::Array(docs));
    body.insert("new_edits".into(), Value::Bool(false));
    Value::Object(body).to_string()
}

/// One entry of a `_bulk_docs` answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocWriteResult {
    /// The document id.
    pub id: String,
    /// The revision written, when the server names it (spaces around it
    /// ignored, as in CouchDB's documented example `" 1-967a…"`).
    pub rev: Option<Rev>,
    /// The error type (`forbidden`, `conflict`, …); `None` when written.
    pub error: Option<String>,
    /// The reason in words, with an error.
    pub reason: Option<String>,
}

impl DocWriteResult {
    /// Whether the document was written.
    pub fn is_ok(&self) -> bool {
        self.error.is_none()
    }
}

/// A number from CouchDB's configuration API (`GET /_node/_local/_config/
/// {section}/{key}` answers a JSON string, `"8000000"`); `None` for anything else.
pub fn parse_config_number(body: &[u8]) -> Option<u64> {
    match json(body).ok()? {
        Value::String(text) => text.trim().parse().ok(),
        Value::Number(number) => number.as_u64(),
        _ => None,
    }
}

/// The reason of CouchDB's error object in `body` (`{"error":…,"reason":…}`),
/// cut to a few hundred characters; empty when it holds none.
pub fn error_reason(body: &[u8]) -> String {
    match json(body).ok().as_ref().and_then(server_error) {
        Some(ProtocolError::Server { reason, .. }) => reason,
        _ => String::new(),
    }
}

/// Reads the answer of `POST /{db}/_bulk_docs`: an array with an entry per
/// document (with `new_edits: false`, CouchDB may list only the failures, or
/// nothing). Entries without an id are skipped.
pub fn parse_bulk_docs(body: &[u8]) -> Result<Vec<DocWriteResult>, ProtocolError> {
    const SHAPE: &str = "`_bulk_docs` answers an array";
    let value = json(body)?;
    let Value::Array(entries) = value else {
        return Err(server_error(&value).unwrap_or(ProtocolError::WrongShape(SHAPE)));
    };
    Ok(entries
        .iter()
        .filter_map(Value::as_object)
        .filter_map(|entry| {
            Some(DocWriteResult {
                id: text(entry, "id")?,
                rev: text(entry, "rev").and_then(|rev| Rev::parse(rev.trim()).ok()),
                error: text(entry, "error"),
                reason: text(entry, "reason"),
            })
        })
        .collect())
}

// ---- Batches ----

/// `items` in order, cut into batches of at most `max_count` items (at
/// least 1) and `max_bytes` by `size`; an item larger than `max_bytes` goes
/// alone. No batch is empty.
pub fn batches<T>(items: Vec<T>, max_count: usize, max_bytes: usize, size: impl Fn(&T) -> usize) -> Vec<Vec<T>> {
    let max_count = max_count.max(1);
    let mut out: Vec<Vec<T>> = Vec::new();
    let mut current: Vec<T> = Vec::new();
    let mut bytes = 0usize;
    for item in items {
        let item_size = size(&item);
        if !current.is_empty() && (current.len() >= max_count || bytes.saturating_add(item_size) > max_bytes) {
            out.push(std::mem::take(&mut current));
            bytes = 0;
        }
        bytes = bytes.saturating_add(item_size);
        current.push(item);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

// ---- Server, database, session, security ----

/// What `GET /` says about the server.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ServerInfo {
    /// CouchDB's greeting (`"Welcome"`); `None` from another server.
    pub couchdb: Option<String>,
    /// The version (`"3.4.2"`; pouchdb-server gives its own version).
    pub version: String,
    /// The vendor (`"The Apache Software Foundation"`, `"PouchDB authors"`).
    pub vendor_name: Option<String>,
    /// Whether this is pouchdb-server (express-pouchdb), not CouchDB.
    pub pouchdb_server: bool,
}

impl ServerInfo {
    /// The major version, when the version starts with a number.
    pub fn major_version(&self) -> Option<u64> {
        let digits: String = self.version.trim().chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    }
}

/// Reads the answer of `GET /` (CouchDB's welcome, or pouchdb-server's).
pub fn parse_server_info(body: &[u8]) -> Result<ServerInfo, ProtocolError> {
    let map = object(body, "`GET /` answers an object")?;
    let version = text(&map, "version");
    let couchdb = text(&map, "couchdb");
    let pouchdb_server = map.contains_key("express-pouchdb");
    if couchdb.is_none() && !pouchdb_server && version.is_none() {
        return Err(server_error(&Value::Object(map))
            .unwrap_or(ProtocolError::WrongShape("`GET /` answers CouchDB's welcome object")));
    }
    Ok(ServerInfo {
        couchdb,
        version: version.unwrap_or_default(),
        vendor_name: map.get("vendor").and_then(Value::as_object).and_then(|vendor| text(vendor, "name")),
        pouchdb_server,
    })
}

/// What `GET /{db}` says about a database.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DbInfo {
    /// Its name.
    pub db_name: String,
    /// Its current sequence (opaque).
    pub update_seq: Value,
    /// How many live documents it holds.
    pub doc_count: u64,
    /// `instance_start_time` (always `"0"` since CouchDB 2).
    pub instance_start_time: Option<String>,
}

/// Reads the answer of `GET /{db}`.
pub fn parse_db_info(body: &[u8]) -> Result<DbInfo, ProtocolError> {
    let map = object(body, "`GET /{db}` answers an object")?;
    if !map.contains_key("db_name")
        && let Some(error) = server_error(&Value::Object(map.clone()))
    {
        return Err(error);
    }
    Ok(DbInfo {
        db_name: text(&map, "db_name").unwrap_or_default(),
        update_seq: map.get("update_seq").cloned().unwrap_or(Value::Null),
        doc_count: map.get("doc_count").and_then(Value::as_u64).unwrap_or(0),
        instance_start_time: text(&map, "instance_start_time"),
    })
}

/// Who the server takes the requests for: `GET /_session`'s `userCtx`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SessionInfo {
    /// The user name; `None` when signed in as nobody.
    pub name: Option<String>,
    /// The user's roles (`_admin` for a server admin).
    pub roles: Vec<String>,
}

impl SessionInfo {
    /// Whether the user is a server admin.
    pub fn is_admin(&self) -> bool {
        self.roles.iter().any(|role| role == "_admin")
    }
}

/// Reads the answer of `GET /_session`.
pub fn parse_session(body: &[u8]) -> Result<SessionInfo, ProtocolError> {
    let map = object(body, "`GET /_session` answers an object")?;
    let Some(context) = map.get("userCtx").and_then(Value::as_object) else {
        return Err(server_error(&Value::Object(map))
            .unwrap_or(ProtocolError::WrongShape("`GET /_session` answers an object with `userCtx`")));
    };
    Ok(SessionInfo { name: text(context, "name"), roles: strings(context.get("roles")) })
}

/// The names and roles of one part of a security object.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SecurityGroup {
    /// User names.
    pub names: Vec<String>,
    /// Roles.
    pub roles: Vec<String>,
}

impl SecurityGroup {
    /// Whether neither names nor roles are set.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.roles.is_empty()
    }

    /// Whether `name`, or one of `roles`, is in the group.
    pub fn admits(&self, name: &str, roles: &[String]) -> bool {
        self.names.iter().any(|n| n == name) || self.roles.iter().any(|role| roles.contains(role))
    }
}

/// A database's security object: `GET /{db}/_security`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Security {
    /// Who administers the database.
    pub admins: SecurityGroup,
    /// Who may read and write it; when empty, every user of the server.
    pub members: SecurityGroup,
}

/// Reads the answer of `GET /{db}/_security` (`{}` when never set).
pub fn parse_security(body: &[u8]) -> Result<Security, ProtocolError> {
    let map = object(body, "`GET /{db}/_security` answers an object")?;
    if let Some(error) = server_error(&Value::Object(map.clone())) {
        return Err(error);
    }
    let group = |key: &str| {
        let part = map.get(key);
        SecurityGroup {
            names: strings(part.and_then(|part| part.get("names"))),
            roles: strings(part.and_then(|part| part.get("roles"))),
        }
    };
    Ok(Security { admins: group("admins"), members: group("members") })
}

// ---- Retries ----

/// Whether to try a failed request again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retry {
    /// No: trying again would fail the same way.
    Never,
    /// Yes, after this many milliseconds.
    After(u64),
}

/// The longest wait between tries.
pub const MAX_BACKOFF_MS: u64 = 60_000;

/// Whether and when to try again after a request failed with `status`
/// (`None`: no answer, a network failure), `attempt` counting the failures
/// of this request before this one (0 for the first). A timeout (408), too
/// many requests (429), a server error (5xx) or no answer: after 1 s, 2 s,
/// 4 s, … up to [`MAX_BACKOFF_MS`] (the shell may add jitter). Any other
/// status, 401, 403, 404, 409 and 412 among them: never, as the protocol
/// says, since asking again cannot fix credentials, rights or data.
pub fn retry_after(status: Option<u16>, attempt: u32) -> Retry {
    match status {
        None | Some(408 | 429 | 500..=599) => {
            let wait = if attempt >= 6 { MAX_BACKOFF_MS } else { 1000u64 << attempt };
            Retry::After(wait.min(MAX_BACKOFF_MS))
        }
        Some(_) => Retry::Never,
    }
}

#[cfg(test)]
mod tests;
