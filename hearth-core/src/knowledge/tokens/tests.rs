//! Tests of the terms text is indexed and searched by: words, stop words,
//! the light stemmer, diacritics, and CJK bigrams.

use super::*;

fn t(text: &str) -> Vec<String> {
    terms(text)
}

#[test]
fn words_are_lowercased_and_stop_words_dropped() {
    assert_eq!(t("The Quick brown FOX jumps over the lazy dog"), ["quick", "brown", "fox", "jump", "lazy", "dog"]);
    assert_eq!(t("What is this, and how does it work?"), ["work"]);
    assert!(t("").is_empty());
    assert!(t("  ,,, !!! ").is_empty());
}

#[test]
fn the_stop_words_are_sorted_for_the_binary_search() {
    assert!(STOP_WORDS.windows(2).all(|pair| pair[0] < pair[1]));
}

#[test]
fn apostrophes_inside_words_are_dropped() {
    assert_eq!(t("don't"), ["dont"]);
    assert_eq!(t("the user’s guide"), ["user", "guid"]);
    // Quotes around a word are not part of it.
    assert_eq!(t("'quoted'"), ["quot"]);
}

#[test]
fn one_letter_words_go_but_digits_and_numbers_stay() {
    assert_eq!(t("a b c 7 x"), ["7"]);
    assert_eq!(t("Released on 31 March 2026, v2"), ["releas", "31", "march", "2026", "v2"]);
    assert_eq!(t("3.14"), ["3", "14"]);
}

#[test]
fn the_stemmer_meets_a_questions_word_forms() {
    for group in [
        &["index", "indexes", "indexed", "indexing"][..],
        &["study", "studies", "studied", "studying"],
        &["make", "makes", "making"],
        &["run", "runs", "running"],
        &["stop", "stops", "stopped", "stopping"],
        &["carve", "carves", "carved", "carving"],
        &["agree", "agrees", "agreed"],
        &["class", "classes"],
        &["box", "boxes"],
        &["church", "churches"],
        &["city", "cities"],
        &["process", "processes", "processing", "processed"],
        &["quick", "quickly"],
        &["lantern", "lanterns"],
    ] {
        let stems: Vec<Vec<String>> = group.iter().map(|word| t(word)).collect();
        assert!(stems.iter().all(|stem| stem == &stems[0] && stem.len() == 1), "{group:?} → {stems:?}");
    }
    assert_eq!(t("indexing"), ["index"]);
    assert_eq!(t("running"), ["run"]);
    assert_eq!(t("called"), ["call"]);
}

#[test]
fn short_stems_are_left_alone() {
    // Stripping would leave fewer than three letters.
    assert_eq!(t("using"), ["using"]);
    assert_eq!(t("bus"), ["bus"]);
    assert_eq!(t("status"), ["status"]);
    assert_eq!(t("thing"), ["thing"]);
    assert_eq!(t("added"), ["add"]);
    assert_eq!(t("red"), ["red"]);
}

#[test]
fn latin_diacritics_fold() {
    assert_eq!(t("Café crème brûlée"), ["caf", "crem", "brule"]);
    assert_eq!(t("Straße"), ["strass"]);
    assert_eq!(t("Ærøskøbing"), t("aeroskobing"));
    assert_eq!(t("Łódź"), ["lodz"]);
    // Decomposed accents (a letter and a combining mark) fold the same.
    assert_eq!(t("cafe\u{301}"), t("café"));
}

#[test]
fn other_scripts_are_words_too() {
    assert_eq!(t("Привет мир"), ["привет", "мир"]);
    assert_eq!(t("ΑΛΦΑ"), ["αλφα"]);
}

#[test]
fn cjk_runs_become_overlapping_bigrams() {
    assert_eq!(t("知识库"), ["知识", "识库"]);
    assert_eq!(t("猫"), ["猫"]);
    assert_eq!(t("東京タワー"), ["東京", "京タ", "タワ", "ワー"]);
    assert_eq!(t("한국어"), ["한국", "국어"]);
    // Latin next to CJK: separate words.
    assert_eq!(t("GPT模型很好"), ["gpt", "模型", "型很", "很好"]);
    assert_eq!(t("使用 Rust 语言"), ["使用", "rust", "语言"]);
}

#[test]
fn overlong_words_are_skipped() {
    let long = "a".repeat(MAX_TERM_CHARS + 1);
    assert_eq!(t(&format!("keep {long} this")), ["keep"]);
    let limit = "b".repeat(MAX_TERM_CHARS);
    assert_eq!(t(&limit).len(), 1);
    assert!(t("0123456789abcdef0123456789abcdef0123456789abcdef").is_empty());
}

#[test]
fn terms_and_for_each_term_agree() {
    let text = "Indexing the cafés of 東京 in 2026: don't stop!";
    let mut seen = Vec::new();
    for_each_term(text, |term| seen.push(term.to_owned()));
    assert_eq!(seen, terms(text));
}

#[test]
fn any_text_gives_terms_without_panicking() {
    let mut state = 0x1234_5678_u32;
    for _ in 0..200 {
        let text: String = (0..64)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                char::from_u32(state % 0x3_0000).unwrap_or('?')
            })
            .collect();
        for term in terms(&text) {
            assert!(!term.is_empty());
        }
    }
}
