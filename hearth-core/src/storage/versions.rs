//! How schema 2 and before showed the versions of a reply, which the
//! migration to schema 3 reads ([`super::migrate::link_parents`]): since
//! then a reply's versions are siblings in the conversation's tree, and
//! [`super::tree`] decides what is shown by the same rule, at every fork.
//!
//! A regenerated reply is a new message record whose `variant_of` names the first
//! reply of its group; the earlier versions stay stored. Which versions are shown
//! is derived, never stored as a flag on several records:
//!
//! - The shown version of a group is the one with content (text, reasoning or tool
//!   calls) that was picked last: the newest of `chosen_at` (set when the user
//!   browses to it) and `created_at` (a new attempt takes over as soon as it has
//!   produced something). A group without any content shows its newest attempt.
//! - The newest attempt is shown as well, after the shown version, while it has
//!   produced nothing: a reply still waiting for its first words, or a failed
//!   attempt (its error card then sits beside the answer it would have replaced).
//! - Every other version is hidden. (Which versions the arrows step through
//!   is now the tree's: [`super::tree::Tree::siblings`].)

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use crate::Millis;

/// What the rule needs to know about one reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionKey<'a> {
    /// The id of the group's first reply (its own id for a first reply).
    pub group: &'a str,
    /// When this version was created.
    pub created_at: Millis,
    /// When the user last picked it.
    pub chosen_at: Option<Millis>,
    /// Whether it holds text, reasoning or tool calls.
    pub has_content: bool,
}

/// Whether each message is shown, given its version key (`None` for messages
/// that are not replies: those are always shown).
pub fn shown(keys: &[Option<VersionKey<'_>>]) -> Vec<bool> {
    let mut shown = vec![true; keys.len()];
    for members in groups(keys).values() {
        if members.len() < 2 {
            continue;
        }
        let key = |at: usize| keys[at].unwrap_or(EMPTY);
        let newest = members.iter().copied().max_by_key(|&at| (key(at).created_at, at)).unwrap_or(members[0]);
        let picked = members
            .iter()
            .copied()
            .filter(|&at| key(at).has_content)
            .max_by_key(|&at| (key(at).chosen_at.unwrap_or(key(at).created_at).max(key(at).created_at), at))
            .unwrap_or(newest);
        for &at in members {
            shown[at] = at == picked || (at == newest && !key(at).has_content);
        }
    }
    shown
}

const EMPTY: VersionKey<'static> = VersionKey { group: "", created_at: 0, chosen_at: None, has_content: false };

fn groups<'a>(keys: &[Option<VersionKey<'a>>]) -> BTreeMap<&'a str, Vec<usize>> {
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (at, key) in keys.iter().enumerate() {
        if let Some(key) = key {
            groups.entry(key.group).or_default().push(at);
        }
    }
    groups
}
