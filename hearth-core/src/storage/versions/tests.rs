//! Tests of how schema 2 and before showed the versions of a reply.

use super::*;

fn reply(group: &'static str, created_at: Millis, content: bool) -> Option<VersionKey<'static>> {
    Some(VersionKey { group, created_at, chosen_at: None, has_content: content })
}

fn chosen(mut key: Option<VersionKey<'static>>, at: Millis) -> Option<VersionKey<'static>> {
    if let Some(key) = &mut key {
        key.chosen_at = Some(at);
    }
    key
}

#[test]
fn messages_without_versions_are_all_shown() {
    let keys = [None, reply("a", 2, true), None, reply("b", 4, false)];
    assert_eq!(shown(&keys), vec![true; 4]);
}

#[test]
fn a_new_version_replaces_the_old_one_once_it_has_content() {
    // The user's message, the first answer, the regenerated one.
    let waiting = [None, reply("a", 2, true), reply("a", 3, false)];
    assert_eq!(shown(&waiting), vec![true, true, true], "the old answer stays while the new one has nothing");
    let answered = [None, reply("a", 2, true), reply("a", 3, true)];
    assert_eq!(shown(&answered), vec![true, false, true]);
}

#[test]
fn a_failed_empty_attempt_is_shown_beside_the_answer_it_would_have_replaced() {
    let keys = [None, reply("a", 2, true), reply("a", 3, true), reply("a", 4, false)];
    assert_eq!(shown(&keys), vec![true, false, true, true]);
    // The empty attempt is no version one can browse to.
}

#[test]
fn the_version_picked_last_is_shown() {
    let keys = [None, chosen(reply("a", 2, true), 10), reply("a", 3, true), reply("a", 4, true)];
    assert_eq!(shown(&keys), vec![true, true, false, false]);
    // A newer attempt with content takes over again.
    let keys = [None, chosen(reply("a", 2, true), 10), reply("a", 3, true), reply("a", 11, true)];
    assert_eq!(shown(&keys), vec![true, false, false, true]);
}

#[test]
fn a_group_without_content_shows_its_newest_attempt() {
    let keys = [None, reply("a", 2, false), reply("a", 3, false)];
    assert_eq!(shown(&keys), vec![true, false, true]);
}

#[test]
fn groups_are_independent() {
    let keys = [None, reply("a", 2, true), reply("a", 3, true), None, reply("b", 5, true), reply("b", 6, false)];
    assert_eq!(shown(&keys), vec![true, false, true, true, true, true]);
}
