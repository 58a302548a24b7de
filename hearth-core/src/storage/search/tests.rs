//! Tests of search terms and matching.

use super::{matches, prefix_upper_bound, query_words, snippet, terms};

#[track_caller]
fn check(text: &str, expected: &[&str]) {
    assert_eq!(terms(text), expected);
}

#[test]
fn words_are_lowercased_deduplicated_and_sorted() {
    check("Hello, hello WORLD! It's 2026.", &["2026", "hello", "it", "s", "world"]);
    check("Ünïcode ÉTÉ straße", &["straße", "été", "ünïcode"]);
    // ASCII and other letters in one word; a capital whose small letter is two characters.
    check("ÀBC àbc İSTANBUL Istanbul", &["istanbul", "i\u{307}stanbul", "àbc"]);
    check("", &[]);
    check("  ... --- ", &[]);
}

#[test]
fn cjk_text_is_indexed_as_character_pairs() {
    check("你好世界", &["世界", "你好", "好世"]);
    check("a中b", &["a", "b", "中"]);
}

#[test]
fn long_words_are_cut() {
    let long = "x".repeat(100);
    assert_eq!(terms(&long), vec!["x".repeat(32)]);
    // On a character boundary, counted in characters.
    assert_eq!(terms(&format!("{} é", "é".repeat(40))), vec!["é".to_owned(), "é".repeat(32)]);
}

#[test]
fn a_text_of_many_distinct_words_gives_each_once_in_order() {
    // More distinct words than are kept in order as they come, each twice, in
    // an order far from sorted.
    let words: Vec<String> = (0..10_000u32).map(|n| format!("w{}", n.wrapping_mul(7919) % 10_007)).collect();
    let text = format!("{} {}", words.join(" "), words.join(" ").to_uppercase());
    let mut expected = words.clone();
    expected.sort();
    expected.dedup();
    assert_eq!(terms(&text), expected);
    // Below that number, the same.
    let few = &words[..500];
    let mut expected = few.to_vec();
    expected.sort();
    assert_eq!(terms(&format!("{} {}", few.join(", "), few.join(" "))), expected);
}

#[test]
fn every_query_word_must_prefix_a_term() {
    let message = terms("The Rustacean wrote IndexedDB code at night");
    let query = |q: &str| matches(&message, &query_words(q));
    assert!(query("rust"));
    assert!(query("RUST index"));
    assert!(query("night code"));
    assert!(!query("rust python"));
    assert!(!query("ustacean"), "matches are prefixes of words, not substrings");
    let chinese = terms("你好世界");
    assert!(matches(&chinese, &query_words("你好")));
    assert!(matches(&chinese, &query_words("好世")));
    assert!(!matches(&chinese, &query_words("世界你")), "pairs must all occur");
}

#[test]
fn query_words_keep_order_without_duplicates() {
    assert_eq!(query_words("a Rust indexeddb rust"), ["a", "rust", "indexeddb"]);
    assert!(query_words(" -- ").is_empty());
}

#[test]
fn snippets_show_the_match() {
    let text = format!("{} the needle is here {}", "word ".repeat(50), "tail ".repeat(50));
    let excerpt = snippet(&text, &query_words("needle"), 60);
    assert!(excerpt.starts_with('…') && excerpt.ends_with('…'), "{excerpt}");
    assert!(excerpt.contains("needle"), "{excerpt}");
    assert_eq!(snippet("short text", &query_words("zzz"), 60), "short text");
}

#[test]
fn every_word_of_a_long_message_is_indexed() {
    // 6,000 distinct words; the last ones sort after every word Hearth once kept.
    let text: String = (0..6000).map(|n| format!("w{n:05} ")).collect::<String>() + "zymurgy";
    let all = terms(&text);
    assert_eq!(all.len(), 6001);
    assert!(matches(&all, &query_words("zymurgy")), "the alphabetically last word is found");
    assert!(matches(&all, &query_words("w05999")), "the 6,000th word is found");
}

/// IndexedDB's order: strings compared by UTF-16 code units.
fn utf16_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

#[test]
fn the_prefix_range_holds_every_term_the_prefix_begins_in_indexeddb_order() {
    let bound = prefix_upper_bound("ab");
    // After the prefix: ASCII, a compatibility ideograph (U+F900), a fullwidth
    // letter (U+FF41), and a character above U+FFFF (U+20000).
    for term in ["ab", "abc", "ab\u{F900}", "ab\u{FF41}x", "ab\u{20000}", "ab\u{FFFD}"] {
        assert!(utf16_order(term, &bound).is_lt(), "{term:?} is in the range");
        assert!(utf16_order("ab", term).is_le());
    }
    for term in ["ac", "b", "ab\u{FFFF}"] {
        assert!(utf16_order(term, &bound).is_ge(), "{term:?} is not");
    }
    assert_eq!(terms("ab\u{FFFF}"), vec!["ab".to_owned()], "U+FFFF is in no term");
}
