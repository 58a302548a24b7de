//! This device's side of each document: what it knows of the document's
//! revisions ([`DocMeta`], kept beside the records in the `replica` store),
//! the revision a local change makes ([`local_change`]), and what revisions
//! fetched from the server do here ([`apply_fetched`]): show the winner,
//! merge a conflict field by field, or delete.
//!
//! A revision is made only when the shell looks at its records (a *sync
//! point*): a record's body is compared with the one last synced by its
//! fingerprint, so a record written back from a pull makes no revision, and
//! a streaming reply, which maps to no body yet, makes none until it ends.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::doc::{CHANGED, SCHEMA, SCHEMA_FIELD, canonical, stamp};
use super::merge::{Contested, merge};
use super::revs::{Rev, RevTree, Revisions, next_rev};
use crate::Millis;
use crate::format::md5;

/// The body of a deleted revision.
fn tombstone() -> Map<String, Value> {
    Map::new()
}

/// What this device knows of one document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DocMeta {
    /// The document's id on the server: its plain id (`message:<id>`, …),
    /// or its sealed id under end-to-end encryption.
    pub id: String,
    /// The plain id, which names the record.
    pub plain: String,
    /// The record's kind (`message`, `session`, …), for a scan of one kind.
    pub kind: String,
    /// The local change number of the last revision made here (`0`: none);
    /// a push sends the documents changed after its checkpoint.
    #[serde(default)]
    pub seq: u64,
    /// For a message, its conversation; for a session, itself (to look at
    /// one conversation's documents without reading them all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// The revisions known here.
    pub tree: RevTree,
    /// The fingerprint of the record as this device last synced it (`None`:
    /// absent here).
    #[serde(default)]
    pub fingerprint: Option<String>,
    /// Bodies by revision: the winner's and every conflicting leaf's (for a
    /// merge and for a push), and the last live body once deleted (to bring
    /// a conversation back).
    #[serde(default)]
    pub bodies: BTreeMap<String, Map<String, Value>>,
    /// Why this version cannot read the winner (a newer version wrote it, or
    /// it is not a record this device takes): such a document is held, never
    /// deleted or overwritten from here, and read again after an update.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unreadable: Option<String>,
}

impl DocMeta {
    /// A document never seen before: its id on the server, its plain id, its
    /// kind and, for a message, its conversation.
    pub fn new(id: &str, plain: &str, kind: &str, session: Option<&str>) -> Self {
        Self {
            id: id.to_owned(),
            plain: plain.to_owned(),
            kind: kind.to_owned(),
            seq: 0,
            session: session.map(str::to_owned),
            tree: RevTree::new(),
            fingerprint: None,
            bodies: BTreeMap::new(),
            unreadable: None,
        }
    }

    /// The winning revision and whether it is deleted.
    pub fn winner(&self) -> Option<(Rev, bool)> {
        self.tree.winner().map(|leaf| (leaf.rev, leaf.deleted))
    }

    /// The body of a revision, when kept.
    pub fn body(&self, rev: &Rev) -> Option<&Map<String, Value>> {
        self.bodies.get(&rev.to_string())
    }

    /// The body of the newest live revision kept (a deleted conversation's
    /// last body, to bring it back).
    pub fn last_live_body(&self) -> Option<&Map<String, Value>> {
        let mut kept: Vec<(Rev, &Map<String, Value>)> = self
            .bodies
            .iter()
            .filter(|(_, body)| !body.is_empty())
            .filter_map(|(rev, body)| Some((Rev::parse(rev).ok()?, body)))
            .collect();
        kept.sort_by(|a, b| a.0.cmp(&b.0));
        kept.pop().map(|(_, body)| body)
    }

    /// Whether the winner is a deletion.
    pub fn is_deleted(&self) -> bool {
        self.winner().is_some_and(|(_, deleted)| deleted)
    }

    /// The `_revisions` of `rev` to send with it.
    pub fn revisions(&self, rev: &Rev) -> Option<Revisions> {
        self.tree.revisions(rev, REVS_LIMIT)
    }

    /// Forgets every body but the winner's (a deleted message's last body,
    /// once its conversation's fate is settled here).
    pub fn forget_bodies(&mut self) {
        let winner = self.winner().map(|(rev, _)| rev.to_string());
        self.bodies.retain(|rev, _| Some(rev) == winner.as_ref());
    }

    /// Keeps only the bodies still needed: the leaves' and their parents'
    /// (the base of a merge of two edits made from the same revision) and,
    /// for a message whose winner is deleted, the last live one (to bring
    /// it back with its conversation, see `pull::restorable_messages`).
    fn prune(&mut self) {
        let mut keep: Vec<String> = Vec::new();
        for leaf in self.tree.leaves() {
            // A deletion is never merged: its parent's body is not needed.
            let depth = if leaf.deleted { 1 } else { 2 };
            if let Some(path) = self.tree.path_to(&leaf.rev) {
                keep.extend(path.iter().take(depth).map(Rev::to_string));
            }
        }
        let message = self.kind == "message";
        let last_live = (message && self.is_deleted()).then(|| self.last_live_rev()).flatten();
        self.bodies.retain(|rev, _| keep.contains(rev) || last_live.as_ref() == Some(rev));
    }

    fn last_live_rev(&self) -> Option<String> {
        let mut kept: Vec<Rev> = self
            .bodies
            .iter()
            .filter(|(_, body)| !body.is_empty())
            .filter_map(|(rev, _)| Rev::parse(rev).ok())
            .collect();
        kept.sort();
        kept.pop().map(|rev| rev.to_string())
    }
}

/// How many ancestors a revision carries in `_revisions` (CouchDB's default
/// `revs_limit`).
pub const REVS_LIMIT: usize = 1000;

/// The fingerprint of a body: its canonical JSON's MD5, leaving out the
/// change times (`changed`), which differ on every device, and the shape
/// number (a body an older version synced is the same record).
pub fn fingerprint(body: &Map<String, Value>) -> String {
    let mut plain = body.clone();
    plain.remove(CHANGED);
    plain.remove(SCHEMA_FIELD);
    md5::hex(&md5::digest(canonical(&Value::Object(plain)).as_bytes()))
}

/// The revision of `body` after `parent`, its hash taken with `salt`
/// first: empty for plain documents (two devices making the same edit make
/// the same revision); under end-to-end encryption a secret every device
/// with the passphrase derives alike, so a revision id, which the server
/// sees, is no hash of plaintext it could test guesses against.
fn salted_rev(parent: Option<&Rev>, deleted: bool, body: &str, salt: &str) -> Rev {
    if salt.is_empty() { next_rev(parent, deleted, body) } else { next_rev(parent, deleted, &format!("{salt}{body}")) }
}

/// What a record is here at a sync point.
#[derive(Clone, Debug, PartialEq)]
pub enum LocalState {
    /// It is there, with this document body (as `doc` maps it, before
    /// change times).
    Present(Map<String, Value>),
    /// It is there but not synced now (a reply still streaming, a deletion
    /// that can still be undone): nothing happens.
    Hold,
    /// It is not there.
    Absent,
    /// It is not there, and its deletion says this (a conversation's: the
    /// messages it deleted with it, see `pull::session_tombstone`).
    AbsentSaying(Map<String, Value>),
}

/// The revision a local change makes, as the new [`DocMeta`] (numbered
/// `seq`), or `None` when nothing changed since the last sync: a body with
/// the fingerprint already synced, a record held, one absent that the
/// server has as deleted or never had, or a document this version cannot
/// read ([`DocMeta::unreadable`]: its record here, if any, is not what the
/// server has, and its absence is no deletion). `fresh` is the document's
/// bookkeeping when `meta` is `None` (never synced); `salt` is
/// [`salted_rev`]'s.
pub fn local_change(
    meta: Option<&DocMeta>,
    fresh: DocMeta,
    state: LocalState,
    now: Millis,
    seq: u64,
    salt: &str,
) -> Option<DocMeta> {
    if meta.is_some_and(|meta| meta.unreadable.is_some()) {
        return None;
    }
    let session = fresh.session.clone();
    let session = session.as_deref();
    let mut next = meta.cloned().unwrap_or(fresh);
    if session.is_some() {
        next.session = session.map(str::to_owned);
    }
    let winner = next.winner();
    let (deleted, body) = match state {
        LocalState::Hold => return None,
        LocalState::Absent | LocalState::AbsentSaying(_) => {
            if winner.as_ref().is_none_or(|(_, deleted)| *deleted) {
                return None;
            }
            next.fingerprint = None;
            match state {
                LocalState::AbsentSaying(body) => (true, body),
                _ => (true, tombstone()),
            }
        }
        LocalState::Present(body) => {
            let print = fingerprint(&body);
            if next.fingerprint.as_deref() == Some(print.as_str()) {
                return None;
            }
            let base = winner.as_ref().and_then(|(rev, _)| next.body(rev)).filter(|base| !base.is_empty());
            let stamped = stamp(base, body, now);
            next.fingerprint = Some(print);
            (false, stamped)
        }
    };
    let parent = winner.map(|(rev, _)| rev);
    let rev = salted_rev(parent.as_ref(), deleted, &canonical(&Value::Object(body.clone())), salt);
    let mut path = vec![rev.clone()];
    if let Some(parent) = &parent {
        path.extend(next.tree.path_to(parent).unwrap_or_else(|| vec![parent.clone()]));
    }
    next.tree.insert(&path, deleted);
    next.bodies.insert(rev.to_string(), body);
    next.seq = seq;
    next.prune();
    if next.is_deleted() {
        // Deleted here: what it held leaves this store too.
        next.forget_bodies();
    }
    Some(next)
}

/// A revision fetched from the server (opened, when it was sealed).
#[derive(Clone, Debug, PartialEq)]
pub struct FetchedRev {
    /// Its revision.
    pub rev: Rev,
    /// Its ancestry.
    pub revisions: Revisions,
    /// Whether it is a deletion.
    pub deleted: bool,
    /// Its body (empty for a deletion).
    pub body: Map<String, Value>,
}

/// Whether `fetched`'s revision id is the one its parent, its deletion flag
/// and its body make with `salt` (see [`salted_rev`]). Under end-to-end
/// encryption only a device with the passphrase knows the salt, so a
/// revision the server made up (an older sealed body replayed as a new
/// revision, a deletion it invented) does not match, and is dropped.
pub fn rev_matches(fetched: &FetchedRev, salt: &str) -> bool {
    let revs = fetched.revisions.revs();
    let parent = if revs.first() == Some(&fetched.rev) { revs.get(1) } else { None };
    let body = canonical(&Value::Object(fetched.body.clone()));
    salted_rev(parent, fetched.deleted, &body, salt) == fetched.rev
}

/// What fetched revisions do to the record here.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Nothing: the winner did not change.
    Nothing,
    /// Write the record of this body (the new winner, or a merge).
    Put(Map<String, Value>),
    /// Delete the record: the winner is a deletion.
    Delete,
}

/// The outcome of [`apply_fetched`].
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    /// The document's bookkeeping after it.
    pub meta: DocMeta,
    /// What to do to the record.
    pub effect: Effect,
    /// Fields both sides changed: the winner's value is kept for now, and the
    /// user is asked.
    pub contested: Vec<Contested>,
    /// Whether a merge made revisions here to push (`meta.seq` is `seq`).
    pub revised: bool,
}

/// Takes `fetched` revisions of one document into its tree and says what
/// they do here: the deterministic winner is shown at once; a conflict
/// (another live leaf) is merged field by field into a new revision on the
/// winner, the losing leaves closed with deletions (both pushed, numbered
/// `seq`, their ids made with `salt`), and fields both sides changed are
/// returned to ask about.
pub fn apply_fetched(meta: DocMeta, fetched: Vec<FetchedRev>, seq: u64, salt: &str) -> Applied {
    let mut meta = meta;
    let before = meta.winner();
    for revision in fetched {
        let path = revision.revisions.revs();
        let path = if path.first() == Some(&revision.rev) { path } else { vec![revision.rev.clone()] };
        meta.tree.insert(&path, revision.deleted);
        meta.bodies.insert(revision.rev.to_string(), revision.body);
    }
    let mut contested = Vec::new();
    let mut revised = false;
    let conflicts = meta.tree.conflicts();
    // A leaf of a newer record shape is not merged here: a merge would carry
    // its fields in a body of this version's shape and close it with a
    // deletion. The conflict waits for a device that reads it.
    let newer = |rev: &Rev| meta.body(rev).is_some_and(newer_shape);
    let held = meta.winner().is_some_and(|(winner, _)| newer(&winner)) || conflicts.iter().any(newer);
    if let Some((winner, false)) = meta.winner()
        && !conflicts.is_empty()
        && !held
        && let Some(mut merged) = meta.body(&winner).cloned()
    {
        let parent = winner.clone();
        for loser in &conflicts {
            let Some(theirs) = meta.body(loser).cloned() else { continue };
            let base = common_base(&meta, &winner, loser);
            let outcome = merge(base.as_ref(), &merged, &theirs);
            contested.extend(outcome.contested);
            merged = outcome.body;
            let close = salted_rev(Some(loser), true, "{}", salt);
            let mut path = vec![close.clone()];
            path.extend(meta.tree.path_to(loser).unwrap_or_else(|| vec![loser.clone()]));
            meta.tree.insert(&path, true);
            meta.bodies.insert(close.to_string(), tombstone());
        }
        if meta.body(&winner) != Some(&merged) {
            let merged_rev = salted_rev(Some(&parent), false, &canonical(&Value::Object(merged.clone())), salt);
            let mut path = vec![merged_rev.clone()];
            path.extend(meta.tree.path_to(&parent).unwrap_or_else(|| vec![parent.clone()]));
            meta.tree.insert(&path, false);
            meta.bodies.insert(merged_rev.to_string(), merged);
        }
        revised = true;
        meta.seq = seq;
    }
    let after = meta.winner();
    let effect = match &after {
        Some((rev, false)) if after != before || revised => match meta.body(rev).cloned() {
            Some(body) => {
                meta.fingerprint = Some(fingerprint(&body));
                Effect::Put(body)
            }
            None => Effect::Nothing,
        },
        Some((_, true)) if after != before => {
            meta.fingerprint = None;
            Effect::Delete
        }
        _ => Effect::Nothing,
    };
    meta.prune();
    Applied { meta, effect, contested, revised }
}

/// Whether `body` says a record shape newer than this version's.
fn newer_shape(body: &Map<String, Value>) -> bool {
    body.get(SCHEMA_FIELD).and_then(Value::as_u64).is_some_and(|schema| schema > SCHEMA)
}

/// The body of the newest revision both `a` and `b` descend from, when kept.
fn common_base(meta: &DocMeta, a: &Rev, b: &Rev) -> Option<Map<String, Value>> {
    let ours = meta.tree.path_to(a)?;
    let theirs = meta.tree.path_to(b)?;
    ours.iter().find(|rev| theirs.contains(rev)).and_then(|rev| meta.body(rev).cloned())
}

/// The winner of `meta` as a server would send it (for tests).
#[cfg(test)]
pub(crate) fn fetched_winner(meta: &DocMeta) -> FetchedRev {
    let (rev, deleted) = meta.winner().expect("a winner");
    FetchedRev {
        revisions: meta.revisions(&rev).expect("revisions"),
        body: meta.body(&rev).cloned().unwrap_or_default(),
        rev,
        deleted,
    }
}

#[cfg(test)]
mod tests;
