//! A conversation is a tree of messages, and the screen shows one path of it.
//!
//! Each message record names its `parent`, the message it follows (`None`
//! for a first message). Editing a sent message, regenerating a reply or
//! comparing models adds a sibling beside what was there: nothing is replaced,
//! and every branch stays reachable. Tool rounds stay inside their reply, and
//! summaries are no nodes (they name the boundary they apply at).
//!
//! Which path is shown is derived, never stored as a flag on several records,
//! so it cannot disagree with itself and survives reloads and other tabs:
//!
//! - From the first messages down, at every fork the path follows the child
//!   with content (text, reasoning or tool calls; user messages and markers
//!   always count) that was picked last: the newest of `chosen_at` (set when
//!   the user browses to it) and `created_at` (a new message takes over as soon
//!   as it has produced something). A fork without content follows its newest
//!   child. The last message of the path is the **leaf**: the next message the
//!   user sends follows it.
//! - The newest child of a fork is shown as well, after the one followed, while
//!   it has produced nothing: a reply still waiting for its first words, or a
//!   failed attempt (its error card then sits beside the answer it would have
//!   replaced). It is no part of the path: nothing follows it.
//! - Every other message is hidden, and reachable through the arrows of its
//!   fork, which step through the siblings with content, oldest first.
//!
//! A parent that is not among the records (a conversation copied in part)
//! counts as none: its children are first messages.

#[cfg(test)]
mod tests;

use std::cmp::Reverse;
use std::collections::HashMap;

use crate::Millis;
use crate::message::Role;
use crate::storage::MessageRecord;

/// What the rules need to know about one message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeKey<'a> {
    /// Its id.
    pub id: &'a str,
    /// The message it follows; `None` for a first message.
    pub parent: Option<&'a str>,
    /// When it was created.
    pub created_at: Millis,
    /// When the user last picked it at its fork.
    pub chosen_at: Option<Millis>,
    /// Whether it holds anything (see the module's header).
    pub has_content: bool,
}

impl MessageRecord {
    /// The node key of a message (`None` for summaries, which are no nodes),
    /// for the [tree](self). User messages and markers always
    /// hold something; a reply does once it has text, reasoning or tool calls.
    pub fn node_key(&self) -> Option<NodeKey<'_>> {
        (!self.is_summary()).then(|| NodeKey {
            id: &self.id,
            parent: self.parent.as_deref(),
            created_at: self.created_at,
            chosen_at: self.chosen_at,
            has_content: self.role != Role::Assistant || self.has_content(),
        })
    }
}

/// One row of a conversation's outline (see [`Tree::outline`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutlineRow {
    /// A fork.
    Fork {
        /// The message its versions follow (`None`: the first messages).
        parent: Option<usize>,
        /// How deep it is nested (0: on the first messages' level).
        depth: usize,
        /// How many versions it has.
        count: usize,
    },
    /// One version at a fork.
    Version {
        /// The message.
        at: usize,
        /// How deep its fork is nested.
        depth: usize,
        /// Its number among the fork's versions, from 1, oldest first.
        number: usize,
        /// Whether it is on the path shown.
        shown: bool,
    },
}

/// The tree of a conversation's messages, over keys in the conversation's
/// order (`None` for records that are no nodes: summaries).
pub struct Tree<'k, 'a> {
    keys: &'k [Option<NodeKey<'a>>],
    /// Each record's parent, by index (`None`: a first message, or no node).
    parents: Vec<Option<usize>>,
    /// Each record's children, in `keys` order, and at the end the first messages.
    children: Vec<Vec<usize>>,
}

impl<'k, 'a> Tree<'k, 'a> {
    /// The tree of `keys`.
    pub fn new(keys: &'k [Option<NodeKey<'a>>]) -> Self {
        let ids: HashMap<&str, usize> =
            keys.iter().enumerate().filter_map(|(at, key)| key.map(|key| (key.id, at))).collect();
        let mut parents = vec![None; keys.len()];
        let mut children = vec![Vec::new(); keys.len() + 1];
        for (at, key) in keys.iter().enumerate() {
            let Some(key) = key else { continue };
            let parent = key.parent.and_then(|parent| ids.get(parent).copied()).filter(|&parent| parent != at);
            parents[at] = parent;
            children[parent.unwrap_or(keys.len())].push(at);
        }
        Self { keys, parents, children }
    }

    fn key(&self, at: usize) -> NodeKey<'a> {
        self.keys[at].unwrap_or(EMPTY)
    }

    /// The children of the record at `parent` (`None`: the first messages).
    pub fn children(&self, parent: Option<usize>) -> &[usize] {
        self.children.get(parent.unwrap_or(self.keys.len())).map_or(&[], Vec::as_slice)
    }

    /// The child a fork follows and, when it differs, its newest child shown
    /// beside it while it holds nothing.
    fn pick(&self, kids: &[usize]) -> Option<(usize, Option<usize>)> {
        // On equal times the record first in order wins: a copy kept beside a
        // message (an import's) never takes over from it.
        let newest = kids.iter().copied().max_by_key(|&at| (self.key(at).created_at, Reverse(at)))?;
        let picked = kids
            .iter()
            .copied()
            .filter(|&at| self.key(at).has_content)
            .max_by_key(|&at| {
                let key = self.key(at);
                (key.chosen_at.unwrap_or(key.created_at).max(key.created_at), Reverse(at))
            })
            .unwrap_or(newest);
        let extra = (newest != picked && !self.key(newest).has_content).then_some(newest);
        Some((picked, extra))
    }

    /// The shown path from a first message to the leaf, in order.
    pub fn path(&self) -> Vec<usize> {
        let mut path = Vec::new();
        let mut parent = None;
        // A cycle cannot be stored on purpose; the bound keeps a bad record from hanging the page.
        while path.len() < self.keys.len() {
            let Some((picked, _)) = self.pick(self.children(parent)) else { break };
            path.push(picked);
            parent = Some(picked);
        }
        path
    }

    /// Which records are shown: the path, the empty newest attempts beside
    /// it, and every record that is no node.
    pub fn shown(&self) -> Vec<bool> {
        let mut shown: Vec<bool> = self.keys.iter().map(Option::is_none).collect();
        let mut parent = None;
        let mut steps = 0;
        while steps < self.keys.len() {
            let Some((picked, extra)) = self.pick(self.children(parent)) else { break };
            shown[picked] = true;
            if let Some(extra) = extra {
                shown[extra] = true;
            }
            parent = Some(picked);
            steps += 1;
        }
        shown
    }

    /// Where the message at `at` stands among its siblings that hold
    /// something: its position (0-based) and their indexes, oldest first;
    /// `None` when it holds nothing or has no such sibling.
    pub fn siblings(&self, at: usize) -> Option<(usize, Vec<usize>)> {
        self.keys.get(at).copied().flatten().filter(|key| key.has_content)?;
        let siblings = self.holding_content(self.children(self.parent_of(at)));
        let position = siblings.iter().position(|&other| other == at)?;
        (siblings.len() > 1).then_some((position, siblings))
    }

    /// Every set of versions at once: the siblings that hold something, oldest
    /// first, of each parent with more than one (what [`Tree::siblings`] gives
    /// each of them). One pass for the whole conversation, where asking each
    /// message would sort its siblings once per message.
    pub fn versions(&self) -> Vec<Vec<usize>> {
        self.children.iter().map(|kids| self.holding_content(kids)).filter(|siblings| siblings.len() > 1).collect()
    }

    /// Those of `kids` that hold something, oldest first: a fork's versions.
    fn holding_content(&self, kids: &[usize]) -> Vec<usize> {
        let mut versions: Vec<usize> = kids.iter().copied().filter(|&kid| self.key(kid).has_content).collect();
        versions.sort_by_key(|&kid| (self.key(kid).created_at, kid));
        versions
    }

    /// What to choose so that the path shown goes through the message at `at`:
    /// its line from the first message down to it, from where that line leaves
    /// the path shown, keeping the messages that stand at a fork (the others
    /// are followed anyway). Choosing them all at one time (their `chosen_at`)
    /// shows it; nothing when it is shown already or holds nothing.
    pub fn reveal(&self, at: usize) -> Vec<usize> {
        if !self.keys.get(at).copied().flatten().is_some_and(|key| key.has_content) {
            return Vec::new();
        }
        let path = self.path();
        let line = self.ancestors(at);
        let Some(leaves) = line.iter().position(|step| !path.contains(step)) else { return Vec::new() };
        line[leaves..].iter().copied().filter(|&step| self.with_content(self.parent_of(step)) > 1).collect()
    }

    /// How many children of `parent` hold something.
    fn with_content(&self, parent: Option<usize>) -> usize {
        self.children(parent).iter().filter(|&&child| self.key(child).has_content).count()
    }

    /// The outline of the conversation's forks, for jumping anywhere: every
    /// fork of the whole tree (shown or not) with its versions (the children
    /// that hold something, oldest first), each version followed by the next
    /// fork below it, one level deeper, in the order a nested list shows them.
    pub fn outline(&self) -> Vec<OutlineRow> {
        /// What is left to write, last first.
        enum Task {
            Fork(Option<usize>, usize),
            Row(OutlineRow),
        }
        let path = self.path();
        let mut rows = Vec::new();
        let mut seen = Vec::new();
        let mut tasks: Vec<Task> = self.next_fork(None).map(|fork| Task::Fork(fork, 0)).into_iter().collect();
        while let Some(task) = tasks.pop() {
            let (fork, depth) = match task {
                Task::Row(row) => {
                    rows.push(row);
                    continue;
                }
                Task::Fork(fork, depth) => (fork, depth),
            };
            // Each fork once (a cycle cannot be stored on purpose).
            if seen.contains(&fork) {
                continue;
            }
            seen.push(fork);
            let versions = self.holding_content(self.children(fork));
            rows.push(OutlineRow::Fork { parent: fork, depth, count: versions.len() });
            let mut next = Vec::new();
            for (number, &at) in versions.iter().enumerate() {
                next.push(Task::Row(OutlineRow::Version { at, depth, number: number + 1, shown: path.contains(&at) }));
                if let Some(below) = self.next_fork(Some(at)) {
                    next.push(Task::Fork(below, depth + 1));
                }
            }
            tasks.extend(next.into_iter().rev());
        }
        rows
    }

    /// The first fork at or below `parent` (`None`: the first messages),
    /// going down while there is one child that holds something: its parent.
    fn next_fork(&self, mut parent: Option<usize>) -> Option<Option<usize>> {
        for _ in 0..=self.keys.len() {
            let mut kids = self.children(parent).iter().copied().filter(|&child| self.key(child).has_content);
            let first = kids.next()?;
            if kids.next().is_some() {
                return Some(parent);
            }
            parent = Some(first);
        }
        None
    }

    /// The index of the parent of the message at `at`, if it is among the records.
    pub fn parent_of(&self, at: usize) -> Option<usize> {
        self.parents.get(at).copied().flatten()
    }

    /// The message at `at` and those it follows, from the first message down.
    pub fn ancestors(&self, at: usize) -> Vec<usize> {
        let mut line = vec![at];
        let mut here = at;
        while let Some(parent) = self.parent_of(here) {
            if line.contains(&parent) {
                break;
            }
            line.push(parent);
            here = parent;
        }
        line.reverse();
        line
    }

    /// The message at `at` and every message below it, in `keys` order.
    pub fn subtree(&self, at: usize) -> Vec<usize> {
        let mut found = vec![at];
        let mut next = 0;
        while next < found.len() {
            for &child in self.children(Some(found[next])) {
                if !found.contains(&child) {
                    found.push(child);
                }
            }
            next += 1;
        }
        found.sort_unstable();
        found
    }
}

/// The records shown of a conversation's `ordered` records (in the order the
/// conversation shows them): its shown path with the empty attempts beside it,
/// and the summaries but those whose boundary is in a branch not shown.
pub fn shown_records(ordered: Vec<&MessageRecord>) -> Vec<&MessageRecord> {
    let keys: Vec<_> = ordered.iter().map(|record| record.node_key()).collect();
    let shown = shown(&keys);
    // The nodes hidden: a summary whose boundary is one of them belongs to another branch.
    let hidden: std::collections::HashSet<&str> =
        ordered.iter().zip(&shown).filter(|(_, shown)| !**shown).map(|(record, _)| record.id.as_str()).collect();
    ordered
        .into_iter()
        .zip(shown)
        .filter(|(record, shown)| match &record.summary {
            Some(info) if record.is_summary() => !hidden.contains(info.boundary_id.as_str()),
            _ => *shown,
        })
        .map(|(record, _)| record)
        .collect()
}

/// Which records are shown (see [`Tree::shown`]).
pub fn shown(keys: &[Option<NodeKey<'_>>]) -> Vec<bool> {
    Tree::new(keys).shown()
}

/// The shown path (see [`Tree::path`]).
pub fn path(keys: &[Option<NodeKey<'_>>]) -> Vec<usize> {
    Tree::new(keys).path()
}

/// The last message of the shown path: the one a new message follows.
pub fn leaf(keys: &[Option<NodeKey<'_>>]) -> Option<usize> {
    path(keys).last().copied()
}

const EMPTY: NodeKey<'static> = NodeKey { id: "", parent: None, created_at: 0, chosen_at: None, has_content: false };
