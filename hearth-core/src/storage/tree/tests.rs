//! Tests of the conversation tree and the path the screen shows: forks, the
//! newest child, choices, failed replies.

use super::*;

fn node(id: &'static str, parent: Option<&'static str>, created_at: Millis) -> Option<NodeKey<'static>> {
    Some(NodeKey { id, parent, created_at, chosen_at: None, has_content: true })
}

fn empty(mut key: Option<NodeKey<'static>>) -> Option<NodeKey<'static>> {
    if let Some(key) = &mut key {
        key.has_content = false;
    }
    key
}

fn chosen(mut key: Option<NodeKey<'static>>, at: Millis) -> Option<NodeKey<'static>> {
    if let Some(key) = &mut key {
        key.chosen_at = Some(at);
    }
    key
}

fn ids(keys: &[Option<NodeKey<'static>>], indexes: &[usize]) -> Vec<&'static str> {
    indexes.iter().map(|&at| keys[at].map_or("", |key| key.id)).collect()
}

/// u1 → a1 → u2 → a2, with a2b regenerated and u2b an edit of u2 answered by a3.
fn branched() -> Vec<Option<NodeKey<'static>>> {
    vec![
        node("u1", None, 1),
        node("a1", Some("u1"), 2),
        node("u2", Some("a1"), 3),
        node("a2", Some("u2"), 4),
        node("a2b", Some("u2"), 5),
        node("u2b", Some("a1"), 6),
        node("a3", Some("u2b"), 7),
    ]
}

#[test]
fn a_linear_conversation_is_one_path() {
    let keys = [node("u1", None, 1), node("a1", Some("u1"), 2), None, node("u2", Some("a1"), 4)];
    assert_eq!(shown(&keys), vec![true; 4], "a record that is no node is always shown");
    assert_eq!(ids(&keys, &path(&keys)), ["u1", "a1", "u2"]);
    assert_eq!(leaf(&keys), Some(3));
    assert_eq!(Tree::new(&keys).siblings(1), None);
}

#[test]
fn every_fork_follows_its_newest_child_until_one_is_chosen() {
    let mut keys = branched();
    assert_eq!(ids(&keys, &path(&keys)), ["u1", "a1", "u2b", "a3"], "the edit is newest");
    let tree = Tree::new(&keys);
    assert_eq!(tree.siblings(2), Some((0, vec![2, 5])), "u2 is version 1 of 2");
    assert_eq!(tree.siblings(5), Some((1, vec![2, 5])));
    assert_eq!(tree.siblings(4), Some((1, vec![3, 4])), "a2b is version 2 of 2 under u2");
    // Choosing u2 again brings its branch back, and that branch's own newest reply.
    keys[2] = chosen(keys[2], 10);
    assert_eq!(ids(&keys, &path(&keys)), ["u1", "a1", "u2", "a2b"]);
    // A choice deeper down holds too, and above it nothing changes.
    keys[3] = chosen(keys[3], 11);
    assert_eq!(ids(&keys, &path(&keys)), ["u1", "a1", "u2", "a2"]);
    assert_eq!(shown(&keys), vec![true, true, true, true, false, false, false]);
}

#[test]
fn a_new_reply_takes_over_once_it_holds_something_and_a_failed_one_sits_beside() {
    let mut keys = vec![node("u1", None, 1), node("a1", Some("u1"), 2), empty(node("a1b", Some("u1"), 3))];
    assert_eq!(shown(&keys), vec![true, true, true], "the old answer stays while the new one has nothing");
    assert_eq!(ids(&keys, &path(&keys)), ["u1", "a1"], "the empty attempt is no part of the path");
    assert_eq!(Tree::new(&keys).siblings(2), None, "an empty attempt is no version to browse to");
    keys[2] = node("a1b", Some("u1"), 3);
    assert_eq!(shown(&keys), vec![true, false, true]);
    assert_eq!(ids(&keys, &path(&keys)), ["u1", "a1b"]);
}

#[test]
fn a_fork_without_content_follows_its_newest_child() {
    let keys = [node("u1", None, 1), empty(node("a1", Some("u1"), 2)), empty(node("a1b", Some("u1"), 3))];
    assert_eq!(shown(&keys), vec![true, false, true]);
}

#[test]
fn first_messages_fork_too_and_missing_parents_count_as_none() {
    let keys = [node("u1", None, 1), node("a1", Some("u1"), 2), node("u1b", Some("gone"), 3)];
    assert_eq!(ids(&keys, &path(&keys)), ["u1b"]);
    assert_eq!(Tree::new(&keys).siblings(0), Some((0, vec![0, 2])));
}

#[test]
fn ancestors_and_subtrees() {
    let keys = branched();
    let tree = Tree::new(&keys);
    assert_eq!(ids(&keys, &tree.ancestors(6)), ["u1", "a1", "u2b", "a3"]);
    assert_eq!(ids(&keys, &tree.subtree(2)), ["u2", "a2", "a2b"]);
    assert_eq!(ids(&keys, &tree.subtree(1)), ["a1", "u2", "a2", "a2b", "u2b", "a3"]);
    assert_eq!(tree.parent_of(0), None);
}

#[test]
fn a_cycle_stored_by_mistake_ends() {
    let keys = [node("a", Some("b"), 1), node("b", Some("a"), 2), node("c", None, 3)];
    assert_eq!(ids(&keys, &path(&keys)), ["c"]);
    let tree = Tree::new(&keys);
    assert_eq!(tree.ancestors(0).len(), 2);
    assert_eq!(tree.subtree(0).len(), 2);
}

#[test]
fn on_equal_times_the_first_stays_shown() {
    // A copy kept beside a message by an import has the original's time.
    let keys = [node("u1", None, 1), node("u1-imported", None, 1)];
    assert_eq!(ids(&keys, &path(&keys)), ["u1"]);
    assert_eq!(Tree::new(&keys).siblings(1), Some((1, vec![0, 1])));
}

#[test]
fn revealing_a_hidden_message_chooses_its_line_from_where_it_leaves_the_path() {
    // u1 → a1 → {u2 → {a2, a2b}, u2b → a3}: the path is u1 a1 u2b a3.
    let mut keys = branched();
    let tree = Tree::new(&keys);
    assert_eq!(tree.reveal(6), Vec::<usize>::new(), "a3 is shown already");
    assert_eq!(tree.reveal(1), Vec::<usize>::new(), "so is a1");
    // a2 (not the newest under u2): u2 and a2 must both be chosen.
    assert_eq!(ids(&keys, &tree.reveal(3)), ["u2", "a2"]);
    // a2b is what u2 follows by itself: choosing u2 is enough.
    assert_eq!(ids(&keys, &tree.reveal(4)), ["u2", "a2b"], "a2b stands at a fork too");
    for at in tree.reveal(3) {
        keys[at] = chosen(keys[at], 20);
    }
    assert_eq!(ids(&keys, &path(&keys)), ["u1", "a1", "u2", "a2"], "choosing what reveal said shows a2");
    // An empty attempt cannot be shown on the path.
    let mut keys = branched();
    keys[3] = empty(keys[3]);
    assert_eq!(Tree::new(&keys).reveal(3), Vec::<usize>::new());
}

#[test]
fn the_outline_lists_every_fork_with_its_versions_and_the_forks_below_them() {
    // u1 → a1 → {u2 → {a2, a2b → u3 → {a4, a4b}}, u2b → a3}, with a failed
    // attempt beside a3 that is no version.
    let mut keys = branched();
    keys.push(node("u3", Some("a2b"), 8));
    keys.push(node("a4", Some("u3"), 9));
    keys.push(node("a4b", Some("u3"), 10));
    keys.push(empty(node("a3x", Some("u2b"), 11)));
    let tree = Tree::new(&keys);
    let rows: Vec<String> = tree
        .outline()
        .into_iter()
        .map(|row| match row {
            OutlineRow::Fork { parent, depth, count } => {
                format!("{depth} fork after {} ({count})", parent.map_or("start", |at| keys[at].map_or("", |k| k.id)))
            }
            OutlineRow::Version { at, depth, number, shown } => {
                format!("{depth} {number}. {}{}", keys[at].map_or("", |k| k.id), if shown { " *" } else { "" })
            }
        })
        .collect();
    assert_eq!(
        rows,
        [
            "0 fork after a1 (2)",
            "0 1. u2",
            "1 fork after u2 (2)",
            "1 1. a2",
            "1 2. a2b",
            "2 fork after u3 (2)",
            "2 1. a4",
            "2 2. a4b",
            "0 2. u2b *",
        ]
    );
    // A conversation without forks has no outline; two first messages are a fork.
    let linear = [node("u1", None, 1), node("a1", Some("u1"), 2)];
    assert!(Tree::new(&linear).outline().is_empty());
    let two = [node("u1", None, 1), node("u1b", None, 2), node("a1", Some("u1b"), 3)];
    assert_eq!(
        Tree::new(&two).outline(),
        [
            OutlineRow::Fork { parent: None, depth: 0, count: 2 },
            OutlineRow::Version { at: 0, depth: 0, number: 1, shown: false },
            OutlineRow::Version { at: 1, depth: 0, number: 2, shown: true },
        ]
    );
}

/// Whether [`Tree::versions`] tells each message of `keys` what [`Tree::siblings`] does.
fn versions_agree(keys: &[Option<NodeKey<'static>>]) {
    let tree = Tree::new(keys);
    let versions = tree.versions();
    for at in 0..keys.len() {
        let from_all = versions
            .iter()
            .find_map(|set| set.iter().position(|&other| other == at).map(|position| (position, set.clone())));
        assert_eq!(from_all, tree.siblings(at), "message {at} of {keys:?}");
    }
}

#[test]
fn every_set_of_versions_at_once_is_what_each_message_is_told() {
    let mut keys = branched();
    keys.push(empty(node("a3b", Some("u2b"), 8)));
    keys.push(node("a3c", Some("u2b"), 9));
    keys.push(None);
    assert_eq!(Tree::new(&keys).versions().len(), 3, "under a1, u2 and u2b (the empty attempt not counted)");
    versions_agree(&keys);
    // First messages that fork, a missing parent, a cycle, equal times, a message its own parent.
    versions_agree(&[node("u1", None, 1), node("a1", Some("u1"), 2), node("u1b", Some("gone"), 3)]);
    versions_agree(&[node("a", Some("b"), 1), node("b", Some("a"), 2), node("c", None, 3)]);
    versions_agree(&[node("u1", None, 1), node("u1-imported", None, 1)]);
    versions_agree(&[node("u1", Some("u1"), 1), node("u2", None, 2)]);
    assert!(Tree::new(&[node("u1", None, 1), node("a1", Some("u1"), 2)]).versions().is_empty());
}
