//! Revision ids and a document's revision tree, as CouchDB keeps them.
//!
//! A revision id is `N-hash`: `N` counts the edits from the document's first
//! revision (its *generation*), `hash` names the content. Every revision has
//! one parent (one generation down), so a document's revisions form a tree;
//! edits made apart on two devices from the same parent are two branches, a
//! *conflict*. CouchDB shows one leaf, the *winner*, chosen so that every
//! replica picks the same one without talking to the others: live leaves
//! before deleted ones, then the higher generation, then the higher hash
//! (string order). This is the rule of CouchDB's `couch_key_tree` and of
//! PouchDB's `winningRev`, which the tests check against.
//!
//! Old revisions are dropped (*stemmed*) to keep at most `revs_limit` of them
//! on each root-to-leaf path, so a tree may be a forest of paths that no
//! longer share a root; a later path that brings the missing ancestry joins
//! them again. Insertion merges a path the same way whatever the order the
//! paths arrive in.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::format::{cut, md5};

/// A revision id, `generation-hash`, such as `3-917fa2381192822767f010b95b45325b`.
///
/// A valid one (as [`Rev::parse`] and [`Rev::new`] make) has a generation of
/// at least 1 and a non-empty hash without spaces or control characters.
/// Revisions order by generation, then by hash in string order: the order
/// that picks CouchDB's winner among leaves alike in being deleted or not.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rev {
    /// How many edits from the document's first revision (which is 1).
    pub generation: u64,
    /// The revision's hash (CouchDB: 32 lowercase hex digits; any other
    /// server may use its own).
    pub hash: String,
}

/// Why a text is not a revision id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RevParseError {
    /// Nothing at all.
    #[error("the revision is empty")]
    Empty,
    /// No `-` between generation and hash.
    #[error("revision `{0}` has no dash between its number and its hash")]
    NoDash(String),
    /// The part before the dash is not a whole number (or too large).
    #[error("revision `{0}` does not start with a whole number")]
    BadGeneration(String),
    /// The generation is 0 (generations count from 1).
    #[error("revision `{0}` has generation 0; generations start at 1")]
    ZeroGeneration(String),
    /// Nothing after the dash.
    #[error("revision `{0}` has no hash after its dash")]
    EmptyHash(String),
    /// The hash holds a space or a control character.
    #[error("revision `{0}` has a space or control character in its hash")]
    BadHash(String),
}

impl Rev {
    /// The revision `generation-hash`, checked as [`Rev::parse`] checks it.
    pub fn new(generation: u64, hash: &str) -> Result<Self, RevParseError> {
        let shown = || cut(&format!("{generation}-{hash}"), 60);
        if generation == 0 {
            return Err(RevParseError::ZeroGeneration(shown()));
        }
        if hash.is_empty() {
            return Err(RevParseError::EmptyHash(shown()));
        }
        if hash.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(RevParseError::BadHash(shown()));
        }
        Ok(Self { generation, hash: hash.to_owned() })
    }

    /// Reads `N-hash`: `N` a positive whole number written without a sign or
    /// leading zeros, the hash everything after the first dash.
    pub fn parse(text: &str) -> Result<Self, RevParseError> {
        if text.is_empty() {
            return Err(RevParseError::Empty);
        }
        let shown = || cut(text, 60);
        let Some((number, hash)) = text.split_once('-') else {
            return Err(RevParseError::NoDash(shown()));
        };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(RevParseError::BadGeneration(shown()));
        }
        if number.bytes().all(|b| b == b'0') {
            return Err(RevParseError::ZeroGeneration(shown()));
        }
        if number.starts_with('0') {
            return Err(RevParseError::BadGeneration(shown()));
        }
        let generation = number.parse::<u64>().map_err(|_| RevParseError::BadGeneration(shown()))?;
        Self::new(generation, hash).map_err(|error| match error {
            RevParseError::EmptyHash(_) => RevParseError::EmptyHash(shown()),
            RevParseError::BadHash(_) => RevParseError::BadHash(shown()),
            other => other,
        })
    }

    /// Whether this is a revision [`Rev::new`] would make (the fields are
    /// public, so one can be built by hand).
    pub fn is_valid(&self) -> bool {
        Self::new(self.generation, &self.hash).is_ok()
    }
}

impl fmt::Display for Rev {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.generation, self.hash)
    }
}

impl FromStr for Rev {
    type Err = RevParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl Serialize for Rev {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rev {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse(&text).map_err(D::Error::custom)
    }
}

/// A revision's ancestry as CouchDB writes it in a document's `_revisions`:
/// the generation of the newest revision and the hashes, newest first
/// (`{"start":3,"ids":["c…","b…","a…"]}` is `3-c…`, `2-b…`, `1-a…`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revisions {
    /// The generation of the first (newest) id.
    pub start: u64,
    /// The hashes, newest first, one generation apart.
    pub ids: Vec<String>,
}

impl Revisions {
    /// The revisions, newest (the leaf) first; empty when this is not a
    /// valid ancestry (no ids, more ids than generations, or an id that is
    /// not a valid hash).
    pub fn revs(&self) -> Vec<Rev> {
        if self.ids.len() as u64 > self.start {
            return Vec::new();
        }
        let mut revs = Vec::with_capacity(self.ids.len());
        for (back, hash) in self.ids.iter().enumerate() {
            match Rev::new(self.start - back as u64, hash) {
                Ok(rev) => revs.push(rev),
                Err(_) => return Vec::new(),
            }
        }
        revs
    }

    /// The newest revision, when this is a valid ancestry.
    pub fn leaf(&self) -> Option<Rev> {
        self.revs().into_iter().next()
    }

    /// The `_revisions` of a path given leaf first; `None` when it is empty,
    /// holds an invalid revision, or its generations do not go down by one.
    pub fn of_path(path: &[Rev]) -> Option<Self> {
        if !is_path(path) {
            return None;
        }
        Some(Self { start: path[0].generation, ids: path.iter().map(|rev| rev.hash.clone()).collect() })
    }
}

/// Whether `path` (leaf first) is non-empty, valid and one generation apart.
fn is_path(path: &[Rev]) -> bool {
    !path.is_empty()
        && path.iter().all(Rev::is_valid)
        && path.windows(2).all(|pair| pair[1].generation.checked_add(1) == Some(pair[0].generation))
}

/// A leaf of a revision tree: a revision with no child.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leaf {
    /// The revision.
    pub rev: Rev,
    /// Whether it is a deletion (a tombstone).
    pub deleted: bool,
}

/// What [`RevTree::insert`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inserted {
    /// The path's newest revision was not in the tree; now it is.
    New,
    /// The path's newest revision was already there. Ancestry the path adds
    /// (revisions stemmed here, or paths that it joins) is still merged.
    Known,
    /// The path was empty, held an invalid revision or skipped a
    /// generation; the tree is unchanged.
    Rejected,
}

/// One revision in the tree.
#[derive(Debug, Clone)]
struct Node {
    rev: Rev,
    /// Index of the parent in `nodes`; `None` for a root (the first
    /// revision, or the oldest one kept after stemming).
    parent: Option<usize>,
    deleted: bool,
}

/// A document's revision tree: every revision known here, each with its
/// parent when known. Serialised compactly (see the type's `Serialize`):
/// `{"r":[[null,1,["a…","b…","c…"]]]}` is the history `1-a…`, `2-b…`, `3-c…`.
///
/// Two trees are equal when they hold the same revisions with the same
/// parents and deleted flags, whatever the order they were inserted in.
#[derive(Debug, Clone, Default)]
pub struct RevTree {
    nodes: Vec<Node>,
}

impl PartialEq for RevTree {
    fn eq(&self, other: &Self) -> bool {
        self.edges() == other.edges()
    }
}

impl Eq for RevTree {}

/// The order of leaves for the winner: live before deleted, then generation,
/// then hash; the greatest wins.
fn rank(leaf: &Leaf) -> (bool, &Rev) {
    (!leaf.deleted, &leaf.rev)
}

impl RevTree {
    /// An empty tree.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many revisions the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds no revision.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Each revision with its parent and deleted flag, as a set.
    fn edges(&self) -> BTreeSet<(&Rev, Option<&Rev>, bool)> {
        self.nodes.iter().map(|node| (&node.rev, node.parent.map(|p| &self.nodes[p].rev), node.deleted)).collect()
    }

    fn index_of(&self, rev: &Rev) -> Option<usize> {
        self.nodes.iter().position(|node| node.rev == *rev)
    }

    /// For each revision, whether it has a child.
    fn has_child(&self) -> Vec<bool> {
        let mut has_child = vec![false; self.nodes.len()];
        for node in &self.nodes {
            if let Some(parent) = node.parent {
                has_child[parent] = true;
            }
        }
        has_child
    }

    /// Merges a path, given leaf first (a revision and its ancestors, as a
    /// `_revisions` lists them), with `deleted` saying whether the leaf is a
    /// deletion. Revisions already known are kept as they are (a known
    /// revision's deleted flag too); new ones join the known revision they
    /// descend from, or start a new root when the path shares none. A root
    /// left by stemming whose parent the path brings is joined to it again.
    pub fn insert(&mut self, path_leaf_first: &[Rev], deleted: bool) -> Inserted {
        if !is_path(path_leaf_first) {
            return Inserted::Rejected;
        }
        let mut index: HashMap<Rev, usize> =
            self.nodes.iter().enumerate().map(|(at, node)| (node.rev.clone(), at)).collect();
        let known = index.contains_key(&path_leaf_first[0]);
        let mut parent: Option<usize> = None;
        for rev in path_leaf_first.iter().rev() {
            let at = match index.get(rev) {
                Some(&at) => {
                    // The path is one generation apart, so `parent` is this
                    // revision's parent: join a root the stemming left.
                    if parent.is_some() && self.nodes[at].parent.is_none() {
                        self.nodes[at].parent = parent;
                    }
                    at
                }
                None => {
                    self.nodes.push(Node { rev: rev.clone(), parent, deleted: false });
                    let at = self.nodes.len() - 1;
                    index.insert(rev.clone(), at);
                    at
                }
            };
            parent = Some(at);
        }
        if known {
            return Inserted::Known;
        }
        if let Some(leaf) = parent {
            self.nodes[leaf].deleted = deleted;
        }
        Inserted::New
    }

    /// The leaves, the winner first, then in the order of the winning rule.
    pub fn leaves(&self) -> Vec<Leaf> {
        let has_child = self.has_child();
        let mut leaves: Vec<Leaf> = self
            .nodes
            .iter()
            .zip(has_child)
            .filter(|(_, has_child)| !has_child)
            .map(|(node, _)| Leaf { rev: node.rev.clone(), deleted: node.deleted })
            .collect();
        leaves.sort_by(|a, b| rank(b).cmp(&rank(a)));
        leaves
    }

    /// The winning leaf, as every replica picks it: live leaves before
    /// deleted ones, then the higher generation, then the higher hash in
    /// string order. `None` for an empty tree.
    pub fn winner(&self) -> Option<Leaf> {
        self.leaves().into_iter().next()
    }

    /// The live leaves other than the winner (a document's `_conflicts`),
    /// in the order of the winning rule.
    pub fn conflicts(&self) -> Vec<Rev> {
        self.leaves().into_iter().skip(1).filter(|leaf| !leaf.deleted).map(|leaf| leaf.rev).collect()
    }

    /// Whether the winner is a deletion (`false` for an empty tree).
    pub fn is_deleted(&self) -> bool {
        self.winner().is_some_and(|leaf| leaf.deleted)
    }

    /// Whether the tree holds `rev`.
    pub fn contains(&self, rev: &Rev) -> bool {
        self.index_of(rev).is_some()
    }

    /// The revisions of `revs` the tree does not hold, in their order and
    /// once each: what `_revs_diff` answers as `missing`.
    pub fn missing(&self, revs: &[Rev]) -> Vec<Rev> {
        let mut missing: Vec<Rev> = Vec::new();
        for rev in revs {
            if !self.contains(rev) && !missing.contains(rev) {
                missing.push(rev.clone());
            }
        }
        missing
    }

    /// `rev` and its ancestors kept here, `rev` first; `None` when the tree
    /// does not hold `rev`.
    pub fn path_to(&self, rev: &Rev) -> Option<Vec<Rev>> {
        let mut at = self.index_of(rev)?;
        let mut path = vec![self.nodes[at].rev.clone()];
        while let Some(parent) = self.nodes[at].parent {
            path.push(self.nodes[parent].rev.clone());
            at = parent;
        }
        Some(path)
    }

    /// The `_revisions` of `leaf`: it and at most `limit - 1` ancestors (at
    /// least `leaf` itself); `None` when the tree does not hold it.
    pub fn revisions(&self, leaf: &Rev, limit: usize) -> Option<Revisions> {
        let mut path = self.path_to(leaf)?;
        path.truncate(limit.max(1));
        Revisions::of_path(&path)
    }

    /// Whether `ancestor` is a proper ancestor of `of` here (`false` when
    /// they are the same, or either is unknown).
    pub fn is_ancestor(&self, ancestor: &Rev, of: &Rev) -> bool {
        ancestor != of && self.path_to(of).is_some_and(|path| path.contains(ancestor))
    }

    /// Keeps at most `depth` revisions on each root-to-leaf path, as
    /// CouchDB's `revs_limit` does: a revision stays when it is fewer than
    /// `depth` generations above some leaf. Leaves always stay (a `depth` of
    /// 0 counts as 1). Returns the revisions dropped, in order.
    pub fn stem(&mut self, depth: usize) -> Vec<Rev> {
        let depth = depth.max(1);
        let has_child = self.has_child();
        let mut keep = vec![false; self.nodes.len()];
        for (leaf, _) in has_child.iter().enumerate().filter(|(_, has_child)| !**has_child) {
            let mut at = Some(leaf);
            for _ in 0..depth {
                let Some(node) = at else { break };
                keep[node] = true;
                at = self.nodes[node].parent;
            }
        }
        let mut new_index = vec![None; self.nodes.len()];
        let mut kept = Vec::with_capacity(self.nodes.len());
        let mut dropped = Vec::new();
        for (at, node) in self.nodes.iter().enumerate() {
            if keep[at] {
                new_index[at] = Some(kept.len());
                kept.push(node.clone());
            } else {
                dropped.push(node.rev.clone());
            }
        }
        for node in &mut kept {
            node.parent = node.parent.and_then(|parent| new_index[parent]);
        }
        self.nodes = kept;
        dropped.sort();
        dropped
    }
}

/// The stored form: runs of revisions, each the child of the one before,
/// the first the child of the revision at index `parent` (counting over the
/// runs in order) or a root (`null`); `d` lists the indexes of deletions.
#[derive(Serialize, Deserialize)]
struct Wire {
    r: Vec<(Option<usize>, u64, Vec<String>)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    d: Vec<usize>,
}

impl Serialize for RevTree {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); self.nodes.len()];
        let mut roots = Vec::new();
        for (at, node) in self.nodes.iter().enumerate() {
            match node.parent {
                Some(parent) => children[parent].push(at),
                None => roots.push(at),
            }
        }
        for kids in &mut children {
            kids.sort_by(|a, b| self.nodes[*a].rev.cmp(&self.nodes[*b].rev));
        }
        roots.sort_by(|a, b| self.nodes[*a].rev.cmp(&self.nodes[*b].rev));
        // Depth first, without recursion: a run follows the first child; the
        // other children start runs of their own, after their parent.
        let mut position = vec![0usize; self.nodes.len()];
        let mut written = 0usize;
        let mut wire = Wire { r: Vec::new(), d: Vec::new() };
        let mut starts: Vec<usize> = roots.into_iter().rev().collect();
        while let Some(start) = starts.pop() {
            let parent = self.nodes[start].parent.map(|parent| position[parent]);
            let mut ids = Vec::new();
            let mut at = start;
            loop {
                position[at] = written;
                if self.nodes[at].deleted {
                    wire.d.push(written);
                }
                written += 1;
                ids.push(self.nodes[at].rev.hash.clone());
                let Some((&first, others)) = children[at].split_first() else { break };
                starts.extend(others.iter().rev());
                at = first;
            }
            wire.r.push((parent, self.nodes[start].rev.generation, ids));
        }
        wire.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RevTree {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = Wire::deserialize(deserializer)?;
        let mut nodes: Vec<Node> = Vec::new();
        let mut seen: HashSet<Rev> = HashSet::new();
        for (parent, generation, ids) in wire.r {
            if ids.is_empty() {
                return Err(D::Error::custom("a run of the revision tree is empty"));
            }
            if let Some(parent) = parent {
                let Some(parent_node) = nodes.get(parent) else {
                    return Err(D::Error::custom("a run of the revision tree names a parent not before it"));
                };
                if parent_node.rev.generation.checked_add(1) != Some(generation) {
                    return Err(D::Error::custom("a run of the revision tree is not one generation below its parent"));
                }
            }
            let mut previous = parent;
            for (step, hash) in ids.iter().enumerate() {
                let generation = generation
                    .checked_add(step as u64)
                    .ok_or_else(|| D::Error::custom("a revision generation overflows"))?;
                let rev = Rev::new(generation, hash).map_err(D::Error::custom)?;
                if !seen.insert(rev.clone()) {
                    return Err(D::Error::custom(format!("revision {rev} appears twice in the tree")));
                }
                nodes.push(Node { rev, parent: previous, deleted: false });
                previous = Some(nodes.len() - 1);
            }
        }
        for at in wire.d {
            match nodes.get_mut(at) {
                Some(node) => node.deleted = true,
                None => return Err(D::Error::custom("a deleted revision index is out of range")),
            }
        }
        Ok(Self { nodes })
    }
}

/// The revision an edit makes: generation one above `parent` (1 without
/// one), hash the MD5 hex of the JSON array `[parent, deleted, body]`
/// (`parent` as its text or `null`, `body` the document's canonical JSON as
/// a string). Two devices making the same edit on the same parent make the
/// same revision, so the same edit replicated twice is no conflict.
pub fn next_rev(parent: Option<&Rev>, deleted: bool, canonical_body: &str) -> Rev {
    let input = Value::Array(vec![
        parent.map_or(Value::Null, |rev| Value::String(rev.to_string())),
        Value::Bool(deleted),
        Value::String(canonical_body.to_owned()),
    ]);
    let generation = parent.map_or(1, |rev| rev.generation.saturating_add(1));
    Rev { generation, hash: md5::digest_hex(input.to_string().as_bytes()) }
}

#[cfg(test)]
mod tests;
