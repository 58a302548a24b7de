//! Revision ids, `_revisions`, and the revision tree: merge and stemming
//! cases ported from PouchDB's `tests/unit/test.merge.js` (themselves ported
//! from CouchDB's key-tree merging tests), winner cases from PouchDB's
//! `winningRev` tests and from CouchDB's "Replication and conflict model"
//! documentation, and insertion-order independence over permutations.

use std::collections::BTreeSet;

use serde_json::json;

use super::*;

fn rev(text: &str) -> Rev {
    Rev::parse(text).expect("a valid revision in the test")
}

// ---- PouchDB's tree notation ----
//
// PouchDB writes a tree as `{pos, ids: [id, opts, [children]]}`; here the same
// tree is `(pos, "id(child,child(grandchild))")`: a root at generation `pos`.

struct Spec {
    id: String,
    kids: Vec<Spec>,
}

fn parse_spec(text: &str) -> Spec {
    fn node(bytes: &[u8], at: &mut usize) -> Spec {
        let start = *at;
        while *at < bytes.len() && !b"(),".contains(&bytes[*at]) {
            *at += 1;
        }
        let id = String::from_utf8(bytes[start..*at].to_vec()).expect("ascii spec");
        let mut kids = Vec::new();
        if bytes.get(*at) == Some(&b'(') {
            *at += 1;
            loop {
                kids.push(node(bytes, at));
                match bytes.get(*at) {
                    Some(b',') => *at += 1,
                    Some(b')') => {
                        *at += 1;
                        break;
                    }
                    other => panic!("bad spec at {at}: {other:?}"),
                }
            }
        }
        Spec { id, kids }
    }
    let mut at = 0;
    let spec = node(text.as_bytes(), &mut at);
    assert_eq!(at, text.len(), "spec {text} read to its end");
    spec
}

/// The root-to-leaf paths of a spec, each given leaf first.
fn spec_paths(pos: u64, spec: &Spec) -> Vec<Vec<Rev>> {
    let here = Rev { generation: pos, hash: spec.id.clone() };
    if spec.kids.is_empty() {
        return vec![vec![here]];
    }
    let mut paths = Vec::new();
    for kid in &spec.kids {
        for mut path in spec_paths(pos + 1, kid) {
            path.push(here.clone());
            paths.push(path);
        }
    }
    paths
}

/// A tree made by inserting every root-to-leaf path of the specs (live leaves).
fn forest(specs: &[(u64, &str)]) -> RevTree {
    let mut tree = RevTree::new();
    for (pos, text) in specs {
        for path in spec_paths(*pos, &parse_spec(text)) {
            tree.insert(&path, false);
        }
    }
    tree
}

/// The edges a forest of specs stands for, computed from the notation alone.
fn expected(specs: &[(u64, &str)]) -> BTreeSet<(String, Option<String>)> {
    fn walk(pos: u64, spec: &Spec, parent: Option<String>, out: &mut BTreeSet<(String, Option<String>)>) {
        let name = format!("{pos}-{}", spec.id);
        out.insert((name.clone(), parent));
        for kid in &spec.kids {
            walk(pos + 1, kid, Some(name.clone()), out);
        }
    }
    let mut out = BTreeSet::new();
    for (pos, text) in specs {
        walk(*pos, &parse_spec(text), None, &mut out);
    }
    out
}

fn edges(tree: &RevTree) -> BTreeSet<(String, Option<String>)> {
    tree.nodes.iter().map(|node| (node.rev.to_string(), node.parent.map(|p| tree.nodes[p].rev.to_string()))).collect()
}

/// PouchDB's `merge(tree, path, depth)`: the path's leaf-first revisions
/// inserted, then the tree stemmed.
fn merge(tree: &[(u64, &str)], path: (u64, &str), depth: usize) -> (RevTree, Vec<Inserted>) {
    let mut tree = forest(tree);
    let mut outcomes = Vec::new();
    for leaf_first in spec_paths(path.0, &parse_spec(path.1)) {
        outcomes.push(tree.insert(&leaf_first, false));
    }
    tree.stem(depth);
    (tree, outcomes)
}

// ---- Rev ----

#[test]
fn a_revision_reads_and_writes_as_generation_dash_hash() {
    let parsed = rev("3-917fa2381192822767f010b95b45325b");
    assert_eq!(parsed.generation, 3);
    assert_eq!(parsed.hash, "917fa2381192822767f010b95b45325b");
    assert_eq!(parsed.to_string(), "3-917fa2381192822767f010b95b45325b");
    assert_eq!("12-abc".parse::<Rev>(), Ok(Rev { generation: 12, hash: "abc".into() }));
    // The hash is everything after the first dash.
    assert_eq!(rev("2-a-b").hash, "a-b");
}

#[test]
fn malformed_revisions_are_typed_errors() {
    assert_eq!(Rev::parse(""), Err(RevParseError::Empty));
    assert!(matches!(Rev::parse("abc"), Err(RevParseError::NoDash(_))));
    assert!(matches!(Rev::parse("x-1"), Err(RevParseError::BadGeneration(_))));
    assert!(matches!(Rev::parse("-abc"), Err(RevParseError::BadGeneration(_))));
    assert!(matches!(Rev::parse("+1-abc"), Err(RevParseError::BadGeneration(_))));
    assert!(matches!(Rev::parse("01-abc"), Err(RevParseError::BadGeneration(_))));
    assert!(matches!(Rev::parse("99999999999999999999999-abc"), Err(RevParseError::BadGeneration(_))));
    assert!(matches!(Rev::parse("0-abc"), Err(RevParseError::ZeroGeneration(_))));
    assert!(matches!(Rev::parse("00-abc"), Err(RevParseError::ZeroGeneration(_))));
    assert!(matches!(Rev::parse("1-"), Err(RevParseError::EmptyHash(_))));
    assert!(matches!(Rev::parse("1-a b"), Err(RevParseError::BadHash(_))));
    // The leading space CouchDB's `_bulk_docs` example shows (`" 1-967a…"`).
    assert!(matches!(Rev::parse(" 1-967a00dff5e02add41819138abb3284d"), Err(RevParseError::BadGeneration(_))));
    // "undefined", as CouchDB's `_bulk_get` example answers for a missing rev.
    assert!(matches!(Rev::parse("undefined"), Err(RevParseError::NoDash(_))));
    assert_eq!(
        Rev::parse("x-1").map_err(|e| e.to_string()),
        Err("revision `x-1` does not start with a whole number".to_owned())
    );
    // A long input is cut in the message.
    let long = format!("x-{}", "a".repeat(10_000));
    assert!(Rev::parse(&long).expect_err("an error").to_string().len() < 200);
    assert_eq!(Rev::new(0, "a"), Err(RevParseError::ZeroGeneration("0-a".into())));
    assert!(!Rev { generation: 1, hash: String::new() }.is_valid());
}

#[test]
fn revisions_order_by_generation_then_hash() {
    assert!(rev("2-b") < rev("10-a"), "numerically, not as text");
    assert!(rev("2-a") < rev("2-b"));
    assert!(rev("2-B") < rev("2-a"), "string order: uppercase before lowercase");
    let mut revs = vec![rev("3-a"), rev("1-z"), rev("2-c"), rev("2-b")];
    revs.sort();
    assert_eq!(revs, vec![rev("1-z"), rev("2-b"), rev("2-c"), rev("3-a")]);
}

#[test]
fn a_revision_is_a_json_string() {
    assert_eq!(serde_json::to_string(&rev("4-abc")).expect("JSON"), "\"4-abc\"");
    assert_eq!(serde_json::from_str::<Rev>("\"4-abc\"").expect("as the test sets up"), rev("4-abc"));
    assert!(serde_json::from_str::<Rev>("\"0-abc\"").is_err());
    assert!(serde_json::from_str::<Rev>("4").is_err());
}

// ---- Revisions ----

#[test]
fn revisions_of_the_bulk_get_example() {
    // CouchDB docs, POST /{db}/_bulk_get: the `_revisions` of `foo` at 4-7538….
    let revisions: Revisions = serde_json::from_value(json!({
        "start": 4,
        "ids": [
            "753875d51501a6b1883a9d62b4d33f91",
            "efc54218773c6acd910e2e97fea2a608",
            "2ee767305024673cfb3f5af037cd2729",
            "4a7e4ae49c4366eaed8edeaea8f784ad"
        ]
    }))
    .expect("as the test sets up");
    let revs = revisions.revs();
    assert_eq!(
        revs,
        vec![
            rev("4-753875d51501a6b1883a9d62b4d33f91"),
            rev("3-efc54218773c6acd910e2e97fea2a608"),
            rev("2-2ee767305024673cfb3f5af037cd2729"),
            rev("1-4a7e4ae49c4366eaed8edeaea8f784ad"),
        ]
    );
    assert_eq!(revisions.leaf(), Some(rev("4-753875d51501a6b1883a9d62b4d33f91")));
    assert_eq!(Revisions::of_path(&revs), Some(revisions.clone()));
    assert_eq!(serde_json::to_value(&revisions).expect("JSON")["ids"][3], json!("4a7e4ae49c4366eaed8edeaea8f784ad"));
}

#[test]
fn a_stemmed_ancestry_starts_above_one() {
    let revisions = Revisions { start: 7, ids: vec!["g".into(), "f".into()] };
    assert_eq!(revisions.revs(), vec![rev("7-g"), rev("6-f")]);
}

#[test]
fn malformed_revisions_lists_give_no_path() {
    assert_eq!(Revisions { start: 1, ids: vec!["a".into(), "b".into()] }.revs(), vec![]);
    assert_eq!(Revisions { start: 0, ids: vec!["a".into()] }.revs(), vec![]);
    assert_eq!(Revisions { start: 2, ids: vec!["a".into(), String::new()] }.revs(), vec![]);
    assert_eq!(Revisions { start: 3, ids: vec![] }.revs(), vec![]);
    assert_eq!(Revisions { start: 3, ids: vec![] }.leaf(), None);
    assert_eq!(Revisions::of_path(&[]), None);
    assert_eq!(Revisions::of_path(&[rev("3-c"), rev("1-a")]), None, "a generation skipped");
    assert_eq!(Revisions::of_path(&[rev("1-a"), rev("2-b")]), None, "oldest first");
}

// ---- Merging: PouchDB tests/unit/test.merge.js ----

#[test]
fn pouchdb_merging_a_path_into_an_empty_tree_is_the_path() {
    let (tree, outcomes) = merge(&[], (1, "1"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1")]));
    assert_eq!(outcomes, vec![Inserted::New]);
    let (tree, _) = merge(&[], (1, "1(2_0)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0)")]));
}

#[test]
fn pouchdb_remerging_a_path_is_reflexive() {
    for spec in ["1", "1(2_0)", "1(1a(1aa))", "1(1a,1b)"] {
        let (tree, outcomes) = merge(&[(1, spec)], (1, spec), 10);
        assert_eq!(edges(&tree), expected(&[(1, spec)]), "{spec}");
        assert!(outcomes.iter().all(|o| *o == Inserted::Known), "{spec}");
    }
}

#[test]
fn pouchdb_merging_a_subpath_into_a_path_results_in_the_path() {
    let (tree, outcomes) = merge(&[(1, "1(2_0)")], (1, "1"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0)")]));
    assert_eq!(outcomes, vec![Inserted::Known]);
}

#[test]
fn pouchdb_merging_a_new_leaf_gives_us_a_new_leaf() {
    let (tree, outcomes) = merge(&[(1, "1(2_0)")], (2, "2_0(3)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0(3))")]));
    assert_eq!(outcomes, vec![Inserted::New]);
}

#[test]
fn pouchdb_merging_a_new_branch_in_either_order() {
    let (tree, _) = merge(&[(1, "1(2_0)")], (1, "1(2_1)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0,2_1)")]));
    let (tree, _) = merge(&[(1, "1(2_1)")], (1, "1(2_0)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0,2_1)")]));
}

#[test]
fn pouchdb_merging_a_new_leaf_and_a_deep_branch_with_branches() {
    let (tree, _) = merge(&[(1, "1(2_0,2_1)")], (2, "2_0(3)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0(3),2_1)")]));
    let (tree, _) = merge(&[(1, "1(2_0(3),2_1)")], (2, "2_0(3_1)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0(3,3_1),2_1)")]));
}

#[test]
fn pouchdb_new_information_reconnects_stemming_induced_conflicts() {
    let (tree, outcomes) = merge(&[(1, "1"), (3, "3")], (1, "1(2_0(3))"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0(3))")]));
    // The leaf 3 was known; the path brought its ancestry.
    assert_eq!(outcomes, vec![Inserted::Known]);
    assert_eq!(tree.leaves().len(), 1);
}

#[test]
fn pouchdb_simple_stemming_works() {
    let (tree, _) = merge(&[(1, "1(2_0)")], (2, "2_0(3)"), 2);
    assert_eq!(edges(&tree), expected(&[(2, "2_0(3)")]));
}

#[test]
fn stemming_keeps_a_revision_within_depth_of_any_leaf() {
    // PouchDB's "Merge with stemming works correctly for branches" expects
    // [1(2_1), 2_0(3,3_1)] here: it stems each root-to-leaf path on its own and
    // cuts the edge 1 → 2_0. CouchDB's current couch_key_tree:stem/2 keeps a
    // revision that is within `depth` of some leaf together with its kept
    // children, so nothing goes at depth 2; this follows CouchDB.
    let (tree, _) = merge(&[(1, "1(2_0(3,3_1),2_1)")], (1, "1"), 2);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0(3,3_1),2_1)")]));
    let (tree, _) = merge(&[(1, "1(2_0(3(4)),2_1)")], (1, "1"), 2);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_1)"), (3, "3(4)")]));
}

#[test]
fn couchdb_key_tree_stemming_tests() {
    // CouchDB src/couch/test/eunit/couch_key_tree_tests.erl (positions there
    // count from 0, generations here from 1).
    // should_have_no_effect_for_stemming_more_levels_than_exists
    let mut tree = forest(&[(1, "1(1a(1aa))")]);
    assert_eq!(tree.stem(3), vec![]);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a(1aa))")]));
    // should_return_one_deepest_node
    let mut tree = forest(&[(1, "1(1a(1aa))")]);
    assert_eq!(tree.stem(1), vec![rev("1-1"), rev("2-1a")]);
    assert_eq!(edges(&tree), expected(&[(3, "1aa")]));
    // should_return_two_deepest_nodes
    let mut tree = forest(&[(1, "1(1a(1aa))")]);
    tree.stem(2);
    assert_eq!(edges(&tree), expected(&[(2, "1a(1aa)")]));
}

#[test]
fn couchdb_key_tree_find_missing() {
    // CouchDB couch_key_tree_tests.erl: should_not_find_missing_leaves and
    // should_find_missing_leaves.
    let two_child_sibs = forest(&[(1, "1(1a,1b)")]);
    assert!(two_child_sibs.missing(&[rev("1-1"), rev("2-1a")]).is_empty());
    assert_eq!(
        two_child_sibs.missing(&[rev("1-1"), rev("1-10"), rev("2-1a"), rev("101-x")]),
        vec![rev("1-10"), rev("101-x")]
    );
    let stemmed1 = forest(&[(2, "1a(1aa)")]);
    assert_eq!(stemmed1.missing(&[rev("1-1"), rev("2-1a"), rev("101-x")]), vec![rev("1-1"), rev("101-x")]);
    let stemmed2 = forest(&[(3, "1aa")]);
    assert_eq!(stemmed2.missing(&[rev("1-1"), rev("2-1a"), rev("101-x")]), vec![rev("1-1"), rev("2-1a"), rev("101-x")]);
}

#[test]
fn pouchdb_merge_with_stemming_to_leaves_works_fine() {
    let (tree, _) = merge(&[(1, "1(2_0(3,3_1),2_1)")], (1, "1"), 1);
    assert_eq!(edges(&tree), expected(&[(2, "2_1"), (3, "3"), (3, "3_1")]));
}

#[test]
fn pouchdb_merging_unstemmed_recovers_as_much_as_possible_without_losing_info() {
    let (tree, _) = merge(&[(2, "2_1"), (3, "3"), (3, "3_1")], (1, "1(2_0(3))"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(2_0(3))"), (2, "2_1"), (3, "3_1")]));
}

#[test]
fn pouchdb_couchdb_kt_merging_cases() {
    // "Merging a prefix of a tree with the tree yields the tree."
    let (tree, _) = merge(&[(1, "1"), (1, "2")], (1, "1"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1"), (1, "2")]));
    // "Merging a third unrelated branch leads to a conflict."
    let (tree, _) = merge(&[(1, "1"), (1, "2")], (1, "3"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1"), (1, "2"), (1, "3")]));
    assert_eq!(tree.conflicts().len(), 2);
    // "Merging tree of uneven length at node 2."
    let (tree, _) = merge(&[(1, "1(1a(1aa))")], (1, "1(1a,1b)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a(1aa),1b)")]));
    // "Merging a tree with a stem."
    let (tree, _) = merge(&[(1, "1(1a,1b)")], (2, "1a"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a,1b)")]));
    // "Merging a stem at a deeper level."
    let (tree, _) = merge(&[(1, "1(1a,1b(1bb))")], (3, "1bb"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a,1b(1bb))")]));
    // "Merging a stem at a deeper level against paths at deeper levels."
    let (tree, _) = merge(&[(2, "1a"), (2, "1b(1bb)")], (3, "1bb"), 10);
    assert_eq!(edges(&tree), expected(&[(2, "1a"), (2, "1b(1bb)")]));
    // "Merging a single tree with a deeper stem."
    let (tree, _) = merge(&[(1, "1(1a(1aa))")], (3, "1aa"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a(1aa))")]));
    // "Merging a larger stem."
    let (tree, _) = merge(&[(1, "1(1a(1aa))")], (2, "1a(1aa)"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a(1aa))")]));
    // "More merging."
    let (tree, _) = merge(&[(2, "1a(1aa)")], (3, "1aa"), 10);
    assert_eq!(edges(&tree), expected(&[(2, "1a(1aa)")]));
    // "Merging should create conflicts."
    let (tree, outcomes) = merge(&[(1, "1(1a)")], (3, "1aa"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a)"), (3, "1aa")]));
    assert_eq!(outcomes, vec![Inserted::New]);
    assert_eq!(tree.conflicts(), vec![rev("2-1a")]);
    // "Merging should have no conflicts."
    let (tree, _) = merge(&[(1, "1(1a)"), (3, "1aa")], (1, "1(1a(1aa))"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "1(1a(1aa))")]));
    assert!(tree.conflicts().is_empty());
    // "Merging trees with conflicts ought to behave."
    let (tree, _) = merge(&[(1, "foo(foo2,foo3)")], (1, "foo(foo3(foo4))"), 10);
    assert_eq!(edges(&tree), expected(&[(1, "foo(foo2,foo3(foo4))")]));
}

// ---- The winner ----

#[test]
fn pouchdb_winning_rev_returns_the_longest_leaf() {
    let tree = forest(&[(
        1,
        "bfe70372c90ded1087239e5191984f76(44d71a718b90e4696c06a90e08912c8f,\
         56e657612d55ab1a402dcb281c874f2a(93c3db16462f656f7172ccabd3cf6cd6))",
    )]);
    assert_eq!(tree.winner().expect("as the test sets up").rev, rev("3-93c3db16462f656f7172ccabd3cf6cd6"));
}

#[test]
fn pouchdb_winning_rev_returns_the_longest_leaf_again_issue_293() {
    let tree = forest(&[
        (1, "203db1a1810a838895d561f67b224b5d(bf5e08a4f9fa6d33a53f4a00ae3ea399(28cd77a3ca30f79e1cfffcd6a41ca308))"),
        (
            1,
            "c6d5cce35bcfbef90b20f140d723cbdb(1b8dfbb1267e213328920bae43f2f597,\
             59ed830b84b276ab776c3c51aaf93a16(64a9842c6aea50bf24660378e496e853))",
        ),
    ]);
    assert_eq!(tree.winner().expect("as the test sets up").rev, rev("3-64a9842c6aea50bf24660378e496e853"));
    assert_eq!(
        tree.conflicts(),
        vec![rev("3-28cd77a3ca30f79e1cfffcd6a41ca308"), rev("2-1b8dfbb1267e213328920bae43f2f597")]
    );
}

#[test]
fn couchdb_conflict_model_example() {
    // CouchDB docs, "Replication and conflict model": GET /db/test?conflicts=true
    // shows 2-b91b… with _conflicts 2-65db… and 2-5bc3….
    let mut tree = RevTree::new();
    for leaf in [
        "2-5bc3c6319edf62d4c624277fdd0ae191",
        "2-65db2a11b5172bf928e3bcf59f728970",
        "2-b91bb807b4685080c6a651115ff558f5",
    ] {
        // Their common parent is not shown in the example; any one will do.
        assert_eq!(tree.insert(&[rev(leaf), rev("1-a")], false), Inserted::New);
    }
    assert_eq!(tree.winner(), Some(Leaf { rev: rev("2-b91bb807b4685080c6a651115ff558f5"), deleted: false }));
    assert_eq!(
        tree.conflicts(),
        vec![rev("2-65db2a11b5172bf928e3bcf59f728970"), rev("2-5bc3c6319edf62d4c624277fdd0ae191")]
    );
    // Same docs, the Mango example: 1-3975… wins over its conflict 1-2320….
    let mut tree = RevTree::new();
    tree.insert(&[rev("1-23202479633c2b380f79507a776743d5")], false);
    tree.insert(&[rev("1-3975759ccff3842adf690a5c10caee42")], false);
    assert_eq!(tree.winner().expect("as the test sets up").rev, rev("1-3975759ccff3842adf690a5c10caee42"));
    assert_eq!(tree.conflicts(), vec![rev("1-23202479633c2b380f79507a776743d5")]);
}

#[test]
fn a_live_leaf_wins_over_a_longer_deleted_one() {
    // PouchDB's winningRev: "sort by deleted, then pos, then id".
    let mut tree = RevTree::new();
    tree.insert(&[rev("3-z"), rev("2-y"), rev("1-x")], true);
    tree.insert(&[rev("2-a"), rev("1-x")], false);
    assert_eq!(tree.winner(), Some(Leaf { rev: rev("2-a"), deleted: false }));
    assert!(tree.conflicts().is_empty(), "a deleted leaf is no conflict");
    assert!(!tree.is_deleted());
    assert_eq!(tree.leaves(), vec![Leaf { rev: rev("2-a"), deleted: false }, Leaf { rev: rev("3-z"), deleted: true }]);
    // When every leaf is deleted, the usual order decides and the document is deleted.
    tree.insert(&[rev("3-b"), rev("2-a"), rev("1-x")], true);
    assert_eq!(tree.winner(), Some(Leaf { rev: rev("3-z"), deleted: true }));
    assert!(tree.is_deleted());
    assert!(tree.conflicts().is_empty());
}

#[test]
fn an_empty_tree_has_no_winner() {
    let tree = RevTree::new();
    assert_eq!(tree.winner(), None);
    assert!(tree.leaves().is_empty());
    assert!(tree.conflicts().is_empty());
    assert!(!tree.is_deleted());
    assert!(tree.is_empty());
}

#[test]
fn a_known_leafs_deleted_flag_is_kept() {
    let mut tree = RevTree::new();
    assert_eq!(tree.insert(&[rev("2-b"), rev("1-a")], true), Inserted::New);
    assert_eq!(tree.insert(&[rev("2-b"), rev("1-a")], false), Inserted::Known);
    assert!(tree.is_deleted());
    // Writing on top of a deletion brings the document back.
    assert_eq!(tree.insert(&[rev("3-c"), rev("2-b"), rev("1-a")], false), Inserted::New);
    assert!(!tree.is_deleted());
}

#[test]
fn insert_is_idempotent() {
    let mut tree = forest(&[(1, "a(b(c,d(e)),f)")]);
    let before = tree.clone();
    for path in spec_paths(1, &parse_spec("a(b(c,d(e)),f)")) {
        assert_eq!(tree.insert(&path, false), Inserted::Known);
        assert_eq!(tree, before);
    }
}

#[test]
fn invalid_paths_are_rejected_and_change_nothing() {
    let mut tree = forest(&[(1, "a(b)")]);
    let before = tree.clone();
    assert_eq!(tree.insert(&[], false), Inserted::Rejected);
    assert_eq!(tree.insert(&[rev("3-c"), rev("1-a")], false), Inserted::Rejected);
    assert_eq!(tree.insert(&[rev("1-a"), rev("2-b")], false), Inserted::Rejected);
    assert_eq!(tree.insert(&[Rev { generation: 0, hash: "x".into() }], false), Inserted::Rejected);
    assert_eq!(tree, before);
}

/// Every permutation of `items`.
fn permutations<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for at in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(at);
        for mut tail in permutations(&rest) {
            tail.insert(0, first.clone());
            out.push(tail);
        }
    }
    out
}

#[test]
fn insertion_order_changes_neither_tree_nor_winner() {
    // Paths as they may arrive from several devices: whole histories, stemmed
    // ones, a deletion, a branch from a stemmed root.
    let paths: Vec<(Vec<Rev>, bool)> = vec![
        (vec![rev("3-c"), rev("2-b"), rev("1-a")], false),
        (vec![rev("3-d"), rev("2-b")], false),
        (vec![rev("4-e"), rev("3-d")], true),
        (vec![rev("2-x"), rev("1-a")], false),
        (vec![rev("5-f")], false),
        (vec![rev("6-g"), rev("5-f"), rev("4-h"), rev("3-c")], false),
    ];
    let mut reference: Option<RevTree> = None;
    for order in permutations(&paths) {
        let mut tree = RevTree::new();
        for (path, deleted) in &order {
            assert_ne!(tree.insert(path, *deleted), Inserted::Rejected);
        }
        match &reference {
            None => reference = Some(tree),
            Some(reference) => {
                assert_eq!(&tree, reference);
                assert_eq!(tree.winner(), reference.winner());
                assert_eq!(tree.conflicts(), reference.conflicts());
            }
        }
    }
    let tree = reference.expect("as the test sets up");
    assert_eq!(tree.winner(), Some(Leaf { rev: rev("6-g"), deleted: false }));
    assert_eq!(tree.conflicts(), vec![rev("2-x")]);
    assert_eq!(tree.path_to(&rev("6-g")).expect("as the test sets up").len(), 6, "5-f joined its ancestry");
}

// ---- Paths, ancestry, _revs_diff ----

#[test]
fn paths_revisions_and_ancestry() {
    let tree = forest(&[(1, "a(b(c,d(e)),f)")]);
    assert_eq!(tree.path_to(&rev("4-e")), Some(vec![rev("4-e"), rev("3-d"), rev("2-b"), rev("1-a")]));
    assert_eq!(tree.path_to(&rev("1-a")), Some(vec![rev("1-a")]));
    assert_eq!(tree.path_to(&rev("4-zz")), None);
    assert_eq!(
        tree.revisions(&rev("4-e"), 1000),
        Some(Revisions { start: 4, ids: vec!["e".into(), "d".into(), "b".into(), "a".into()] })
    );
    assert_eq!(tree.revisions(&rev("4-e"), 2), Some(Revisions { start: 4, ids: vec!["e".into(), "d".into()] }));
    assert_eq!(tree.revisions(&rev("4-e"), 0), Some(Revisions { start: 4, ids: vec!["e".into()] }));
    assert_eq!(tree.revisions(&rev("9-q"), 10), None);
    assert!(tree.is_ancestor(&rev("1-a"), &rev("4-e")));
    assert!(tree.is_ancestor(&rev("2-b"), &rev("3-c")));
    assert!(!tree.is_ancestor(&rev("3-c"), &rev("4-e")), "a sibling's branch");
    assert!(!tree.is_ancestor(&rev("4-e"), &rev("4-e")));
    assert!(!tree.is_ancestor(&rev("4-e"), &rev("1-a")));
    assert!(tree.contains(&rev("2-f")));
    assert!(!tree.contains(&rev("2-g")));
    assert_eq!(tree.len(), 6);
}

#[test]
fn missing_is_what_revs_diff_answers() {
    // CouchDB docs, POST /{db}/_revs_diff: 4-1026… is known, 3-bb72… and 5-067a… are not.
    let mut tree = RevTree::new();
    tree.insert(&[rev("4-10265e5a26d807a3cfa459cf1a82ef2e")], false);
    let asked = [
        rev("3-bb72a7682290f94a985f7afac8b27137"),
        rev("4-10265e5a26d807a3cfa459cf1a82ef2e"),
        rev("5-067a00dff5e02add41819138abb3284d"),
        rev("3-bb72a7682290f94a985f7afac8b27137"),
    ];
    assert_eq!(
        tree.missing(&asked),
        vec![rev("3-bb72a7682290f94a985f7afac8b27137"), rev("5-067a00dff5e02add41819138abb3284d")]
    );
    assert!(tree.missing(&[]).is_empty());
}

// ---- Stemming ----

#[test]
fn stemming_keeps_depth_revisions_per_path_and_every_leaf() {
    let mut tree = RevTree::new();
    let path: Vec<Rev> = (1..=10).rev().map(|g| rev(&format!("{g}-h{g}"))).collect();
    tree.insert(&path, false);
    assert_eq!(tree.stem(10), vec![]);
    let dropped = tree.stem(3);
    assert_eq!(dropped.len(), 7);
    assert_eq!(dropped[0], rev("1-h1"));
    assert_eq!(
        tree.path_to(&rev("10-h10")).expect("as the test sets up"),
        vec![rev("10-h10"), rev("9-h9"), rev("8-h8")]
    );
    assert_eq!(tree.revisions(&rev("10-h10"), 1000).expect("as the test sets up").start, 10);
    // A depth of 0 keeps the leaves all the same.
    let mut branched = forest(&[(1, "a(b(c),d)")]);
    branched.stem(0);
    assert_eq!(edges(&branched), expected(&[(2, "d"), (3, "c")]));
    assert_eq!(branched.winner().expect("as the test sets up").rev, rev("3-c"));
}

#[test]
fn stemming_does_not_change_the_winner_or_deleted_flags() {
    let mut tree = RevTree::new();
    tree.insert(&[rev("4-d"), rev("3-c"), rev("2-b"), rev("1-a")], true);
    tree.insert(&[rev("2-x"), rev("1-a")], false);
    let winner = tree.winner();
    tree.stem(1);
    assert_eq!(tree.winner(), winner);
    assert_eq!(tree.leaves().len(), 2);
    assert!(tree.leaves().iter().any(|leaf| leaf.rev == rev("4-d") && leaf.deleted));
}

// ---- Stored form ----

#[test]
fn a_linear_history_is_stored_as_one_run() {
    let mut tree = RevTree::new();
    tree.insert(&[rev("3-c"), rev("2-b"), rev("1-a")], true);
    assert_eq!(serde_json::to_string(&tree).expect("JSON"), r#"{"r":[[null,1,["a","b","c"]]],"d":[2]}"#);
    let mut live = RevTree::new();
    live.insert(&[rev("2-b"), rev("1-a")], false);
    assert_eq!(serde_json::to_string(&live).expect("JSON"), r#"{"r":[[null,1,["a","b"]]]}"#);
    assert_eq!(serde_json::to_string(&RevTree::new()).expect("JSON"), r#"{"r":[]}"#);
}

#[test]
fn branched_and_stemmed_trees_survive_storage() {
    let mut trees = vec![
        forest(&[(1, "1(2_0(3,3_1),2_1)")]),
        forest(&[(2, "2_1"), (3, "3"), (3, "3_1")]),
        forest(&[(1, "1(2_0(3))"), (2, "2_1"), (3, "3_1")]),
        forest(&[(1, "foo(foo2,foo3(foo4))")]),
    ];
    let mut deleted = forest(&[(1, "a(b(c),d)")]);
    deleted.insert(&[rev("4-e"), rev("3-c"), rev("2-b"), rev("1-a")], true);
    trees.push(deleted);
    for tree in trees {
        let text = serde_json::to_string(&tree).expect("JSON");
        let back: RevTree = serde_json::from_str(&text).expect("JSON");
        assert_eq!(back, tree, "{text}");
        assert_eq!(back.winner(), tree.winner());
        assert_eq!(serde_json::to_string(&back).expect("JSON"), text, "the stored form is canonical");
    }
}

#[test]
fn a_long_history_does_not_hit_the_json_nesting_limit() {
    let path: Vec<Rev> = (1..=2000).rev().map(|g| rev(&format!("{g}-{g:x}"))).collect();
    let mut tree = RevTree::new();
    tree.insert(&path, false);
    let back: RevTree =
        serde_json::from_str(&serde_json::to_string(&tree).expect("as the test sets up")).expect("JSON");
    assert_eq!(back.len(), 2000);
}

#[test]
fn malformed_stored_trees_are_errors() {
    for text in [
        r#"{"r":[[null,1,[]]]}"#,
        r#"{"r":[[3,2,["b"]]]}"#,
        r#"{"r":[[null,1,["a"]],[0,3,["c"]]]}"#,
        r#"{"r":[[null,0,["a"]]]}"#,
        r#"{"r":[[null,1,["a",""]]]}"#,
        r#"{"r":[[null,1,["a"]],[null,1,["a"]]]}"#,
        r#"{"r":[[null,1,["a"]]],"d":[1]}"#,
        r#"{"r":[[null,18446744073709551615,["a","b"]]]}"#,
        r#"{"r":"a"}"#,
        r#"[]"#,
    ] {
        assert!(serde_json::from_str::<RevTree>(text).is_err(), "{text}");
    }
}

// ---- next_rev ----

#[test]
fn next_rev_is_deterministic() {
    let first = next_rev(None, false, r#"{"text":"hi"}"#);
    assert_eq!(first.generation, 1);
    assert_eq!(first.hash.len(), 32);
    assert_eq!(first, next_rev(None, false, r#"{"text":"hi"}"#), "the same edit on two devices");
    assert_eq!(first.hash, md5::digest_hex(br#"[null,false,"{\"text\":\"hi\"}"]"#));
    let second = next_rev(Some(&first), false, r#"{"text":"hello"}"#);
    assert_eq!(second.generation, 2);
    assert_ne!(second, next_rev(Some(&first), true, r#"{"text":"hello"}"#), "a deletion differs");
    assert_ne!(second, next_rev(Some(&first), false, r#"{"text":"hullo"}"#), "another body differs");
    let other_parent = next_rev(None, false, r#"{"text":"ho"}"#);
    assert_ne!(second, next_rev(Some(&other_parent), false, r#"{"text":"hello"}"#), "another parent differs");
    assert!(second.is_valid());
}

#[test]
fn reading_revisions_and_stored_trees_never_panics() {
    let mut random = crate::format::tests::support::XorShift(0x7e57_7ee5);
    let mut tree = forest(&[(1, "a(b(c,d(e)),f)"), (3, "x(y)")]);
    tree.insert(&[rev("5-q"), rev("4-e")], true);
    let stored = serde_json::to_string(&tree).expect("JSON");
    for end in 0..=stored.len() {
        if let Some(prefix) = stored.get(..end) {
            let _ = serde_json::from_str::<RevTree>(prefix);
        }
    }
    let alphabet = b"0123456789-abc[]{},:\"nul ";
    for _ in 0..2000 {
        let mut corrupt = stored.clone().into_bytes();
        let at = random.below(corrupt.len());
        corrupt[at] = alphabet[random.below(alphabet.len())];
        if let Ok(text) = std::str::from_utf8(&corrupt)
            && let Ok(read) = serde_json::from_str::<RevTree>(text)
        {
            // Whatever reads is a tree that works.
            let _ = (read.winner(), read.conflicts(), serde_json::to_string(&read));
        }
        let text: String = (0..random.below(12)).map(|_| char::from(alphabet[random.below(alphabet.len())])).collect();
        if let Ok(parsed) = Rev::parse(&text) {
            assert_eq!(parsed.to_string(), text, "a revision reads back as written");
        }
    }
}
