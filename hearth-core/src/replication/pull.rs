//! The rules a pull and a sync point follow for what a server may change
//! here, decided without a browser: which deletions from the server are
//! taken ([`takes_deletion`]), the order this device's deletions go out in
//! ([`deletions`]), when a conversation deleted elsewhere stays here
//! ([`conversation_stays`]) and which of its messages come back with it
//! ([`restorable_messages`]), and what the user is told of a document this
//! version cannot read ([`unreadable_hint`]).
//!
//! Each rule closes a way a server, an older device or a lost packet could
//! make this device delete or change what is not theirs to change.

#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use super::doc::{self, DocKind, MapError, SyncPolicy};
use super::local::{DocMeta, LocalState, fingerprint, local_change};
use crate::Millis;

/// Whether a deletion of the record `key` of `kind` that came from the
/// server is carried out here under `policy`. A record that is not synced in
/// this mode (the key lock, sync's own settings, any device-only setting;
/// MCP servers and permissions without end-to-end encryption) is this
/// device's alone: a deletion of it is no other device's to make, so it can
/// only be forged, and is ignored. Attachments' bytes go when no message
/// refers to them, never on a server's word.
pub fn takes_deletion(kind: DocKind, key: &str, policy: SyncPolicy) -> bool {
    match kind {
        DocKind::Setting => doc::setting_synced(key, policy),
        DocKind::Blob => false,
        _ => true,
    }
}

/// Where a deletion of a document of `kind` (its [`doc::kind_name`]) goes
/// among a sync point's deletions: messages first, conversations last, so a
/// receiver whose server keeps that order never sees a conversation's
/// deletion in an earlier page of changes than its messages'.
fn deletion_rank(kind: &str) -> u8 {
    match DocKind::from_name(kind) {
        Some(DocKind::Message | DocKind::KnowledgeFile) => 0,
        Some(DocKind::Session | DocKind::KnowledgeBase) => 2,
        _ => 1,
    }
}

/// The field of a conversation's deletion naming the messages it deleted.
pub const COVERS: &str = "covers";

/// The body of a conversation's deletion: the messages it deleted with it
/// (`messages`: every message of it this device knew, with the revision it
/// had of each), so that a device holding one it does not name, or a later
/// revision of one, keeps the conversation ([`conversation_stays`]),
/// whatever order the deletions reach it in.
pub fn session_tombstone(messages: &[(String, String)]) -> Map<String, Value> {
    let mut covers = Map::new();
    for (id, rev) in messages {
        covers.insert(id.clone(), Value::from(rev.as_str()));
    }
    let mut body = Map::new();
    body.insert(COVERS.to_owned(), Value::Object(covers));
    body
}

/// The messages a conversation's deletion names, with the revision it saw
/// of each (see [`session_tombstone`]); `None` for a deletion that names
/// none (an older Hearth's, another client's).
pub fn covered(tombstone: &Map<String, Value>) -> Option<HashMap<String, String>> {
    let covers = tombstone.get(COVERS)?.as_object()?;
    Some(covers.iter().filter_map(|(id, rev)| Some((id.clone(), rev.as_str()?.to_owned()))).collect())
}

/// The live message documents of each conversation in `known` (bookkeeping
/// a sync point looked at), by conversation, each with its winning
/// revision: what a conversation's deletion names ([`deletions`]). A
/// message deleted before (a pruned branch) is no part of it.
pub fn live_messages<'a>(known: impl IntoIterator<Item = &'a DocMeta>) -> HashMap<String, Vec<(String, String)>> {
    let mut out: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for meta in known {
        if meta.kind != doc::kind_name(DocKind::Message) {
            continue;
        }
        let Some((rev, false)) = meta.winner() else { continue };
        if let (Some(session), Some((_, id))) = (&meta.session, doc::parse_doc_id(&meta.plain)) {
            out.entry(session.clone()).or_default().push((id.to_owned(), rev.to_string()));
        }
    }
    out
}

/// The deletions of documents known to sync whose records are gone here
/// (`gone`: their bookkeeping), numbered after `seq` in the order a receiver
/// must see them ([`deletion_rank`], then by id, so the order never depends
/// on how the caller collected them); a conversation's names its messages
/// (`messages`: see [`live_messages`]). Attachments' documents are not
/// deleted here (see [`freed_blob`]); a document this version cannot read is
/// never deleted ([`local_change`] holds it).
pub fn deletions(
    gone: Vec<DocMeta>,
    messages: &HashMap<String, Vec<(String, String)>>,
    now: Millis,
    seq: &mut u64,
    salt: &str,
) -> Vec<DocMeta> {
    let mut gone: Vec<DocMeta> = gone.into_iter().filter(|meta| meta.kind != doc::kind_name(DocKind::Blob)).collect();
    gone.sort_by(|a, b| (deletion_rank(&a.kind), &a.plain).cmp(&(deletion_rank(&b.kind), &b.plain)));
    let mut out = Vec::new();
    for meta in gone {
        let state = match doc::parse_doc_id(&meta.plain) {
            Some((DocKind::Session, key)) => {
                LocalState::AbsentSaying(session_tombstone(messages.get(key).map_or(&[], Vec::as_slice)))
            }
            _ => LocalState::Absent,
        };
        if let Some(next) = local_change(Some(&meta), meta.clone(), state, now, *seq + 1, salt) {
            *seq += 1;
            out.push(next);
        }
    }
    out
}

/// The deletion of an attachment's document whose bytes are gone here (no
/// message refers to them any more), numbered `seq`; `None` when it is
/// deleted already or never synced.
pub fn freed_blob(meta: &DocMeta, now: Millis, seq: u64, salt: &str) -> Option<DocMeta> {
    local_change(Some(meta), meta.clone(), LocalState::Absent, now, seq, salt)
}

/// A message of a conversation that another device deleted, as this device
/// holds it.
pub struct Remaining<'a> {
    /// Its id.
    pub id: &'a str,
    /// What sync knows of it (`None`: never synced).
    pub meta: Option<&'a DocMeta>,
    /// Its document body as it is here now (`None`: a reply still streaming).
    pub body: Option<&'a Map<String, Value>>,
}

impl Remaining<'_> {
    /// Whether the device that deleted the conversation cannot have known
    /// it as it is here: not named by the deletion (`covers`), or named at
    /// another revision than the one here (edited elsewhere meanwhile), or,
    /// for a deletion that names none, never synced; or changed here since
    /// it was last synced.
    fn unseen_by(&self, covers: Option<&HashMap<String, String>>) -> bool {
        let Some(meta) = self.meta.filter(|meta| !meta.tree.is_empty()) else { return true };
        if let Some(covers) = covers {
            let here = meta.winner().map(|(rev, _)| rev.to_string());
            if covers.get(self.id) != here.as_ref() {
                return true;
            }
        }
        match self.body {
            Some(body) => meta.fingerprint.as_deref() != Some(fingerprint(body).as_str()),
            None => true,
        }
    }
}

/// Whether a conversation another device deleted (its deletion's body:
/// `tombstone`) stays here: only when a message of it arrives with the
/// deletion, or it holds one that device cannot have seen (see
/// [`Remaining`]). A message it had seen is deleted with it (its own
/// deletion follows, or came already), so deletions that reach this device
/// out of order never bring a conversation back empty.
pub fn conversation_stays(tombstone: &Map<String, Value>, remaining: &[Remaining<'_>], arriving: bool) -> bool {
    let covers = covered(tombstone);
    arriving || remaining.iter().any(|message| message.unseen_by(covers.as_ref()))
}

/// The messages of a conversation that stays here after another device
/// deleted it (its deletion: `tombstone`; see [`conversation_stays`]) that
/// that deletion took from this device: each message document of `metas`
/// (the conversation's bookkeeping) that the deletion names, whose winner is
/// a deletion and whose last body is kept (a deletion pulled from elsewhere
/// keeps one), and whose record is not here (`here`: the message ids
/// present), as (id, body). The conversation comes back whole on the device
/// that kept it, and the next sync point sends those messages again. A
/// deletion that names no messages (an older Hearth's) brings none back.
pub fn restorable_messages(
    tombstone: &Map<String, Value>,
    metas: &[DocMeta],
    here: &HashSet<String>,
) -> Vec<(String, Map<String, Value>)> {
    let Some(covers) = covered(tombstone) else { return Vec::new() };
    metas
        .iter()
        .filter(|meta| meta.kind == doc::kind_name(DocKind::Message) && meta.is_deleted())
        .filter_map(|meta| {
            let (_, key) = doc::parse_doc_id(&meta.plain)?;
            if here.contains(key) || !covers.contains_key(key) {
                return None;
            }
            Some((key.to_owned(), meta.last_live_body()?.clone()))
        })
        .collect()
}

/// What would read a document this version cannot read, in words, for the
/// list of unreadable documents (never a conflict: there is nothing to pick).
pub fn unreadable_hint(error: &MapError) -> &'static str {
    match error {
        MapError::NewerSchema(_)
        | MapError::UnknownType(_)
        | MapError::UnknownSetting(_)
        | MapError::BadRecord { .. } => "Update Hearth on this device (reload it): a newer version reads it.",
        MapError::DeviceOnly(_) => "Nothing to do: it belongs to another device and is never taken here.",
        MapError::NotOurs(_) | MapError::KindMismatch { .. } | MapError::IdMismatch { .. } => {
            "Nothing to do: another program wrote it; Hearth leaves it on the server as it is."
        }
    }
}
