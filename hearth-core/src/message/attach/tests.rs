//! Mentions found at the caret, what picking one leaves, matching names, caret
//! conversions and the text check.

use super::*;

fn mention(range: Range<usize>, query: &str) -> Option<Mention> {
    Some(Mention { range, query: query.into(), sign: '@' })
}

fn hash(range: Range<usize>, query: &str) -> Option<Mention> {
    Some(Mention { range, query: query.into(), sign: '#' })
}

#[test]
fn a_hash_mentions_a_knowledge_base_as_an_at_mentions_a_file() {
    assert_eq!(mention_at("#", 1), hash(0..1, ""));
    assert_eq!(mention_at("ask #Hand", 9), hash(4..9, "Hand"));
    assert_eq!(mention_at("in C#", 5), None, "inside a word");
    assert_eq!(mention_at("# Heading", 9), None, "a heading: whitespace after the #");
    assert_eq!(mention_at("#base @fi", 9), mention(6..9, "fi"), "the nearer one");
    assert_eq!(mention_at("@a#b", 4), mention(0..4, "a#b"), "a file named a#b");
    let text = "see #Ha now";
    let found = mention_at(text, 7).expect("a mention");
    assert_eq!(pick_mention(text, &found), Some(("see  now".to_owned(), 4)));
    assert_eq!(replace_mention(text, &found, "#Handbook "), Some(("see #Handbook  now".to_owned(), 14)));
}

#[test]
fn a_mention_starts_at_the_start_or_after_whitespace_and_runs_to_the_caret() {
    assert_eq!(mention_at("@", 1), mention(0..1, ""));
    assert_eq!(mention_at("@no", 3), mention(0..3, "no"));
    assert_eq!(mention_at("see @no", 7), mention(4..7, "no"));
    assert_eq!(mention_at("line\n@to", 8), mention(5..8, "to"));
    assert_eq!(mention_at("see @notes and", 8), mention(4..8, "not"), "the caret ends it");
    assert_eq!(mention_at("mail me@example", 15), None, "inside a word");
    assert_eq!(mention_at("@notes and", 10), None, "whitespace after the @");
    assert_eq!(mention_at("no at here", 10), None);
    assert_eq!(mention_at("@a @b", 5), mention(3..5, "b"), "the last @");
    assert_eq!(mention_at("é @ü", 6), mention(3..6, "ü"));
    assert_eq!(mention_at("é", 1), None, "not a character boundary");
    assert_eq!(mention_at("@x", 9), None, "past the end");
}

#[test]
fn picking_removes_the_typed_mention() {
    let text = "Compare @no with this";
    let found = mention_at(text, 11).expect("a mention");
    assert_eq!(without_mention(text, &found), "Compare  with this");
    assert_eq!(without_mention("@notes", &mention_at("@notes", 6).expect("a mention")), "");
}

#[test]
fn picking_gives_the_caret_where_the_mention_was_in_utf16_units() {
    let text = "Café 🔥 @no and more";
    let found = mention_at(text, text.find(" and").expect("in the text")).expect("a mention");
    assert_eq!(pick_mention(text, &found), Some(("Café 🔥  and more".to_owned(), 8)));
}

#[test]
fn a_stale_mention_changes_nothing_and_never_panics() {
    let found = mention_at("say @notes", 10).expect("a mention");
    // The text changed since: shorter, a multi-byte character where the mention
    // started, or other text where it was.
    for text in ["say", "", "say\u{e9} notes", "say -notes", "séy @notes"] {
        assert_eq!(pick_mention(text, &found), None, "{text:?}");
        let _ = without_mention(text, &found);
    }
    assert_eq!(mention_at("é", 1), None, "a caret inside a character");
    assert_eq!(mention_at("ab", 9), None, "a caret past the end");
}

#[test]
fn names_that_start_with_the_query_come_first_without_case() {
    let names = ["Budget.md", "notes.md", "old-notes.txt", "todo.txt"];
    assert_eq!(matching(names, ""), [0, 1, 2, 3]);
    assert_eq!(matching(names, "NO"), [1, 2]);
    assert_eq!(matching(names, "notes"), [1, 2]);
    assert_eq!(matching(names, "t"), [3, 0, 1, 2]);
    assert_eq!(matching(names, "zzz"), Vec::<usize>::new());
}

#[test]
fn carets_convert_between_utf16_and_bytes() {
    let text = "a😀é@x";
    assert_eq!(utf16_len(text), 6);
    assert_eq!(byte_offset(text, 0), 0);
    assert_eq!(byte_offset(text, 1), 1);
    assert_eq!(byte_offset(text, 3), 5, "after the emoji's two units");
    assert_eq!(byte_offset(text, 4), 7);
    assert_eq!(byte_offset(text, 6), text.len());
    assert_eq!(byte_offset(text, 99), text.len());
    assert_eq!(utf16_len(&text[..byte_offset(text, 4)]), 4);
}

#[test]
fn text_files_are_utf8_without_nul_bytes() {
    assert_eq!(file_text(b"# Notes\n"), Ok("# Notes\n".into()));
    assert_eq!(file_text("\u{feff}bom".as_bytes()), Ok("bom".into()));
    assert_eq!(file_text(b""), Ok(String::new()));
    assert_eq!(file_text(b"a\0b"), Err(NotText::NulByte));
    assert_eq!(file_text(&[0x89, b'P', b'N', b'G']), Err(NotText::NotUtf8));
    assert!(has_text_extension("Notes.MD") && has_text_extension("a.markdown") && has_text_extension("b.txt"));
    assert!(!has_text_extension("photo.png") && !has_text_extension("md"));
}
