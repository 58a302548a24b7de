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
