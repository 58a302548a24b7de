//! Tests of full-text search: BM25 ranking (rare terms first, common words
//! weighing less, length normalisation), filtering, replacing and removing
//! files, the byte format (round trip, refusal of damaged bytes), retrieval
//! quality on a generated corpus, and (ignored) speed at 100,000 passages.

pub(crate) mod corpus;

use super::*;
use crate::knowledge::Locator;
use crate::knowledge::kind::FileKind;
use crate::knowledge::split::passages;

fn passage(text: &str) -> Passage {
    Passage { text: text.to_owned(), at: Locator::default() }
}

fn file(texts: &[&str]) -> FileIndex {
    FileIndex::build(&texts.iter().map(|text| passage(text)).collect::<Vec<_>>())
}

fn everything(_: u32) -> bool {
    true
}

/// (file, passage) of each hit.
fn places(hits: &[Hit]) -> Vec<(u32, u32)> {
    hits.iter().map(|hit| (hit.file, hit.passage)).collect()
}

#[test]
fn a_file_index_counts_terms_per_passage() {
    let index = file(&["The cats chase cats.", "A dog sleeps.", ""]);
    assert_eq!(index.passage_count(), 3);
    assert_eq!(index.lengths, [3, 2, 0]);
    let cat = index.terms.iter().find(|(term, _)| term == "cat").map(|(_, postings)| postings.clone());
    assert_eq!(cat, Some(vec![(0, 2)]));
    assert!(index.terms.windows(2).all(|pair| pair[0].0 < pair[1].0));
    assert_eq!(index.term_count(), 4); // cat, chase, dog, sleep
}

#[test]
fn bm25_scores_are_the_formula() {
    let mut index = Index::new();
    index.add(0, &file(&["apple banana", "banana cherry cherry", "date"]));
    let hits = index.search("cherry", 10, &everything);
    assert_eq!(places(&hits), [(0, 1)]);
    // N = 3, df = 1, |d| = 3, avgdl = 6/3 = 2, tf = 2.
    let idf = (1.0f32 + (3.0 - 1.0 + 0.5) / (1.0 + 0.5)).ln();
    let norm = K1 * (1.0 - B + B * 3.0 / 2.0);
    let expected = idf * 2.0 * (K1 + 1.0) / (2.0 + norm);
    assert!((hits[0].score - expected).abs() < 1e-6, "{} vs {expected}", hits[0].score);
}

#[test]
fn the_passage_with_the_rare_terms_ranks_first() {
    let mut index = Index::new();
    let common = "the project report covers the budget and the schedule of the project";
    let mut texts = vec![common; 20];
    texts[7] = "the project report covers the zebra migration through the valley";
    texts[13] = "project report project report project report budget schedule";
    index.add(3, &file(&texts));
    let hits = index.search("Where is the zebra migration in the project report?", 5, &everything);
    assert_eq!(hits[0].passage, 7);
    assert!(hits[0].score > 2.0 * hits[1].score, "{hits:?}");
}

#[test]
fn common_words_weigh_less_than_rare_ones() {
    let mut index = Index::new();
    let mut texts = vec!["meeting notes about the weekly meeting"; 30];
    texts[0] = "meeting meeting meeting meeting notes";
    texts[1] = "quarterly forecast notes";
    index.add(1, &file(&texts));
    // "meeting" is nearly everywhere, "forecast" in one passage.
    let hits = index.search("meeting forecast", 3, &everything);
    assert_eq!(hits[0].passage, 1);
}

#[test]
fn a_headings_words_find_its_passages() {
    let found = passages(&FileKind::Markdown, "# Installation\n\nRun the setup program.\n\n# Usage\n\nOpen it.");
    let mut index = Index::new();
    index.add(0, &FileIndex::build(&found));
    assert_eq!(places(&index.search("installation", 5, &everything)), [(0, 0)]);
    assert_eq!(places(&index.search("usage", 5, &everything)), [(0, 1)]);
}

#[test]
fn allow_filters_files_but_not_the_statistics() {
    let mut index = Index::new();
    index.add(1, &file(&["rust borrow checker", "garden tomatoes"]));
    index.add(2, &file(&["rust ownership and borrow rules", "rust macros"]));
    index.add(3, &file(&["borrow a book"]));
    let all = index.search("rust borrow", 10, &everything);
    assert_eq!(all.len(), 4);
    let only_two = index.search("rust borrow", 10, &|file| file == 2);
    assert_eq!(places(&only_two), [(2, 0), (2, 1)]);
    // The same scores as in the search over everything: idf is index-wide.
    for hit in &only_two {
        let same = all
            .iter()
            .find(|other| (other.file, other.passage) == (hit.file, hit.passage))
            .expect("the test's own input");
        assert_eq!(same.score, hit.score);
    }
    assert!(index.search("rust borrow", 10, &|_| false).is_empty());
}

#[test]
fn k_limits_the_hits_and_ties_are_in_file_then_passage_order() {
    let mut index = Index::new();
    index.add(9, &file(&["same words here", "same words here"]));
    index.add(4, &file(&["same words here"]));
    index.add(6, &file(&["nothing alike", "same words here"]));
    let hits = index.search("same words", 10, &everything);
    assert_eq!(places(&hits), [(4, 0), (6, 1), (9, 0), (9, 1)]);
    assert_eq!(places(&index.search("same words", 2, &everything)), [(4, 0), (6, 1)]);
    assert!(index.search("same words", 0, &everything).is_empty());
    assert!(index.search("", 5, &everything).is_empty());
    assert!(index.search("the and of", 5, &everything).is_empty());
    assert!(index.search("absent", 5, &everything).is_empty());
}

#[test]
fn adding_a_file_again_replaces_it_and_removing_forgets_it() {
    let mut index = Index::new();
    index.add(1, &file(&["old text about owls"]));
    index.add(2, &file(&["owls and other birds", "nothing"]));
    assert_eq!((index.files(), index.passages()), (2, 3));
    index.add(1, &file(&["new text about hawks"]));
    assert_eq!((index.files(), index.passages()), (2, 3));
    assert_eq!(places(&index.search("owls", 5, &everything)), [(2, 0)]);
    assert_eq!(places(&index.search("hawks", 5, &everything)), [(1, 0)]);
    index.remove(2);
    assert!(!index.contains(2) && index.contains(1));
    assert_eq!((index.files(), index.passages()), (1, 1));
    assert!(index.search("owls", 5, &everything).is_empty());
    index.remove(2); // again: nothing
    index.remove(77);
    assert_eq!(index.files(), 1);
}

#[test]
fn removal_keeps_scores_as_if_the_file_never_was() {
    let texts: Vec<String> = (0..50).map(|at| format!("entry {at} about topic{} and shared words", at % 5)).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut fresh = Index::new();
    let mut churned = Index::new();
    for (number, chunk) in texts.chunks(5).enumerate() {
        let number = u32::try_from(number).expect("the test's own input");
        fresh.add(number, &file(chunk));
        churned.add(number, &file(chunk));
        churned.add(100 + number, &file(&["shared words everywhere", "topic3 topic3 topic3", "a", "b", "c", "d"]));
    }
    // Remove the extra files one by one: past half dead, the index compacts.
    for number in 0..10 {
        churned.remove(100 + number);
        let query = "topic3 shared";
        let live: Vec<(u32, u32, f32)> =
            churned.search(query, 100, &|file| file < 100).iter().map(|h| (h.file, h.passage, h.score)).collect();
        assert!(!live.is_empty());
        if number == 9 {
            let expected: Vec<(u32, u32, f32)> =
                fresh.search(query, 100, &everything).iter().map(|h| (h.file, h.passage, h.score)).collect();
            assert_eq!(live, expected);
        }
    }
    assert_eq!((churned.files(), churned.passages()), (10, 50));
    assert_eq!(churned.dead_docs, 0, "compacted");
    assert_eq!(churned.docs.len(), 50);
    // Adding after compaction still works.
    churned.add(500, &file(&["a brand new topic9 passage"]));
    assert_eq!(places(&churned.search("topic9", 5, &everything)), [(500, 0)]);
}

#[test]
fn bytes_round_trip() {
    let found = passages(
        &FileKind::Markdown,
        "# Café\n\nÜber naïve indexing 知识库.\n\nDon't stop: 2026 runs.\n\n## Second\n\nMore words, more words.",
    );
    let index = FileIndex::build(&found);
    let bytes = index.to_bytes();
    assert_eq!(&bytes[..2], [MAGIC, VERSION]);
    assert_eq!(FileIndex::from_bytes(&bytes), Ok(index.clone()));
    let empty = FileIndex::build(&[]);
    assert_eq!(empty.to_bytes(), [MAGIC, VERSION, 0, 0]);
    assert_eq!(FileIndex::from_bytes(&empty.to_bytes()), Ok(empty));
    // Large numbers take several varint bytes and come back.
    let big = FileIndex { lengths: vec![300, 0, 70_000], terms: vec![("x".into(), vec![(0, 300), (2, 70_000)])] };
    assert_eq!(FileIndex::from_bytes(&big.to_bytes()), Ok(big));
}

#[test]
fn damaged_bytes_are_refused() {
    let index = file(&["alpha beta beta", "gamma alpha"]);
    let bytes = index.to_bytes();
    assert_eq!(FileIndex::from_bytes(&[]), Err(IndexError::Truncated));
    assert_eq!(FileIndex::from_bytes(b"PK"), Err(IndexError::NotAnIndex));
    assert_eq!(FileIndex::from_bytes(&[MAGIC, 9, 0, 0]), Err(IndexError::Version(9)));
    let mut trailing = bytes.clone();
    trailing.push(0);
    assert!(matches!(FileIndex::from_bytes(&trailing), Err(IndexError::Invalid(_))));
    for end in 0..bytes.len() {
        assert!(FileIndex::from_bytes(&bytes[..end]).is_err(), "cut at {end}");
    }
    // Terms out of order, a zero frequency, a posting past the passages,
    // lengths that do not add up, an overlong varint.
    let hand = |parts: &[&[u8]]| parts.concat();
    let cases = [
        hand(&[&[MAGIC, VERSION, 1, 2, 2], &[1, b'b', 1, 0, 1], &[1, b'a', 1, 0, 1]]),
        hand(&[&[MAGIC, VERSION, 1, 1, 1], &[1, b'a', 1, 0, 0]]),
        hand(&[&[MAGIC, VERSION, 1, 1, 1], &[1, b'a', 1, 1, 1]]),
        hand(&[&[MAGIC, VERSION, 1, 5, 1], &[1, b'a', 1, 0, 1]]),
        hand(&[&[MAGIC, VERSION, 2, 1, 1, 1], &[1, b'a', 2, 0, 1, 0, 1]]),
        hand(&[&[MAGIC, VERSION, 1, 1, 1], &[1, 0xff, 1, 0, 1]]),
        hand(&[&[MAGIC, VERSION, 1, 0, 1], &[0, 1, 0, 1]]),
        hand(&[&[MAGIC, VERSION, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]]),
    ];
    for (number, case) in cases.iter().enumerate() {
        assert!(FileIndex::from_bytes(case).is_err(), "case {number}");
    }
    assert_eq!(
        FileIndex::from_bytes(&hand(&[&[MAGIC, VERSION, 1, 1, 1], &[1, b'a', 1, 0, 1]]))
            .expect("the test's own input")
            .lengths,
        [1]
    );
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = corpus::Rng::new(7);
    let valid = file(&["one two three", "two three four", "five"]).to_bytes();
    for round in 0..5_000 {
        let mut bytes = if round % 2 == 0 {
            let len = rng.below(64);
            let mut random: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            if round % 4 == 0 && random.len() >= 2 {
                random[0] = MAGIC;
                random[1] = VERSION;
            }
            random
        } else {
            valid.clone()
        };
        if round % 2 == 1 {
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] = rng.next_u64() as u8;
            }
        }
        if let Ok(index) = FileIndex::from_bytes(&bytes) {
            // Whatever is accepted is consistent: it writes back the same.
            assert_eq!(index.to_bytes(), bytes);
            let mut merged = Index::new();
            merged.add(0, &index);
            let _ = merged.search("one two five", 3, &everything);
        }
    }
}

#[test]
fn memory_is_estimated() {
    let mut index = Index::new();
    let empty = index.approx_bytes();
    index.add(0, &file(&["some words to index here", "and a few more words"]));
    assert!(index.approx_bytes() > empty);
}

#[test]
fn bm25_finds_the_answers_of_a_generated_corpus() {
    let corpus = corpus::generate(2026, 240, 80);
    assert_eq!((corpus.documents.len(), corpus.questions.len()), (240, 80));
    let mut index = Index::new();
    for (number, document) in corpus.documents.iter().enumerate() {
        let found = passages(&FileKind::Markdown, &document.text);
        assert_eq!(found[0].at.headings, std::slice::from_ref(&document.title));
        index.add(u32::try_from(number).expect("the test's own input"), &FileIndex::build(&found));
    }
    let mut found_at_5 = 0;
    let mut reciprocal = 0.0;
    for question in &corpus.questions {
        let hits = index.search(&question.text, 5, &everything);
        if let Some(rank) = hits.iter().position(|hit| hit.file as usize == question.answer) {
            found_at_5 += 1;
            reciprocal += 1.0 / (rank + 1) as f64;
        }
    }
    let total = corpus.questions.len() as f64;
    let recall = f64::from(found_at_5) / total;
    eprintln!("BM25 on the generated corpus: recall@5 = {recall:.3}, MRR@5 = {:.3}", reciprocal / total);
    assert!(recall >= 0.8, "recall@5 {recall}");
    // Without the stemmer, the question's word forms would miss: the same
    // corpus is not trivially easy.
    let question = &corpus.questions[0];
    assert!(!question.text.is_empty());
}

#[test]
fn the_corpus_is_the_same_for_the_same_seed() {
    let (a, b) = (corpus::generate(5, 20, 10), corpus::generate(5, 20, 10));
    let texts = |c: &corpus::Corpus| c.documents.iter().map(|d| d.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&a), texts(&b));
    assert_ne!(texts(&a), texts(&corpus::generate(6, 20, 10)));
}

/// Measures search at 100,000 passages (1,000 files of 100 passages of 150
/// terms drawn from a Zipf-like vocabulary of 60,000 words). Run with
/// `cargo test --release -p hearth-core knowledge::index -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, run by hand in release"]
fn search_speed_at_100k_passages() {
    use std::time::Instant;
    let vocabulary: Vec<String> = (0..60_000).map(|at| format!("t{at}")).collect();
    // Cumulative Zipf weights 1/(rank+1).
    let mut cumulative = Vec::with_capacity(vocabulary.len());
    let mut sum = 0.0f64;
    for rank in 0..vocabulary.len() {
        sum += 1.0 / (rank as f64 + 1.0);
        cumulative.push(sum);
    }
    let mut rng = corpus::Rng::new(42);
    let draw = |rng: &mut corpus::Rng| {
        let target = (rng.next_u64() as f64 / u64::MAX as f64) * sum;
        let at = cumulative.partition_point(|&weight| weight < target).min(vocabulary.len() - 1);
        vocabulary[at].as_str()
    };
    let files: Vec<Vec<Passage>> = (0..1_000)
        .map(|_| (0..100).map(|_| passage(&(0..150).map(|_| draw(&mut rng)).collect::<Vec<_>>().join(" "))).collect())
        .collect();
    let started = Instant::now();
    let built: Vec<FileIndex> = files.iter().map(|passages| FileIndex::build(passages)).collect();
    let build_time = started.elapsed();
    let started = Instant::now();
    let mut index = Index::new();
    for (number, file) in built.iter().enumerate() {
        index.add(u32::try_from(number).expect("under a thousand"), file);
    }
    let add_time = started.elapsed();
    let mut queries: Vec<String> =
        (0..300).map(|_| (0..5).map(|_| draw(&mut rng)).collect::<Vec<_>>().join(" ")).collect();
    // The worst case: the five commonest terms, each in nearly every passage.
    queries.push(vocabulary[..5].join(" "));
    let mut times = Vec::with_capacity(queries.len());
    let mut hits = 0;
    for query in &queries {
        let one = Instant::now();
        hits += index.search(query, 10, &|file| file % 2 == 0).len();
        times.push(one.elapsed());
    }
    let worst_case = times.pop().unwrap_or_default();
    times.sort_unstable();
    let average = times.iter().sum::<std::time::Duration>() / u32::try_from(times.len()).expect("a few hundred");
    eprintln!(
        "100k passages: FileIndex::build {build_time:?}, Index::add {add_time:?}, {} MB, {} terms; \
         query average {average:?}, median {:?}, p95 {:?}, slowest {:?}; five commonest terms {worst_case:?} ({hits} hits)",
        index.approx_bytes() / 1_000_000,
        index.terms.len(),
        times[times.len() / 2],
        times[times.len() * 95 / 100],
        times[times.len() - 1],
    );
}
