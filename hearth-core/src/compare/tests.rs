//! Tests of comparing models: columns lettered from A, the merge's instruction
//! and answers, prices and the cost of a compare turn.

use super::*;

#[test]
fn a_merge_sends_the_instruction_then_each_answer_named() {
    let sources = [
        MergeSource { column: 0, label: "gpt-4o", text: " Paris. " },
        MergeSource { column: 2, label: "model not shown", text: "It is Paris." },
    ];
    let message = merge_instruction(Recipe::Combine.instruction(), &sources);
    assert!(message.starts_with("Several assistants answered my last message. Write one answer"));
    assert!(
        message.ends_with("## Answer A (gpt-4o)\n\nParis.\n\n## Answer C (model not shown)\n\nIt is Paris."),
        "{message}"
    );
    // The user's own recipe, as edited.
    assert_eq!(merge_instruction("  Pick one. ", &sources[..1]), "Pick one.\n\n## Answer A (gpt-4o)\n\nParis.");
    assert_eq!(Recipe::Own.instruction(), "");
    assert_eq!(Recipe::ALL.map(Recipe::label).len(), 3);
}

#[test]
fn columns_are_lettered_from_a() {
    assert_eq!([0, 1, 2, 3].map(column_letter), ['A', 'B', 'C', 'D']);
}

#[test]
fn prices_follow_the_longest_prefix_and_ignore_a_vendor_path() {
    assert_eq!(price_of("gpt-4o-mini-2024-07-18"), Some(Price { input: 0.15, output: 0.6 }));
    assert_eq!(price_of("gpt-4o"), Some(Price { input: 2.5, output: 10.0 }));
    assert_eq!(price_of("openai/GPT-4o"), Some(Price { input: 2.5, output: 10.0 }));
    assert_eq!(price_of("o3-mini"), Some(Price { input: 1.1, output: 4.4 }));
    assert_eq!(price_of("llama3.2"), None);
    assert_eq!(price_of(""), None);
}

#[test]
fn the_cost_multiple_weighs_known_prices_and_counts_columns_otherwise() {
    let mini = price_of("gpt-4o-mini");
    let big = price_of("gpt-4o");
    // Two columns of the usual model: twice the cost.
    assert!((cost_multiple(mini, &[mini, mini], 1000, 500) - 2.0).abs() < 1e-9);
    // gpt-4o costs about 16.7 times gpt-4o-mini per token here.
    let weighted = cost_multiple(mini, &[mini, big], 1000, 500);
    assert!((weighted - (1.0 + (2.5 * 1000.0 + 10.0 * 500.0) / (0.15 * 1000.0 + 0.6 * 500.0))).abs() < 1e-9);
    // One unknown price: each column counts as one request.
    assert!((cost_multiple(mini, &[mini, None, big], 1000, 500) - 3.0).abs() < 1e-9);
    assert!((cost_multiple(None, &[mini, big], 1000, 500) - 2.0).abs() < 1e-9);
    assert!((cost_multiple(Some(Price { input: 0.0, output: 0.0 }), &[mini, big], 1000, 500) - 2.0).abs() < 1e-9);
}

#[test]
fn labels_round_the_multiple_and_the_cost() {
    assert_eq!(multiple_label(2.0), "≈ 2× the cost");
    assert_eq!(multiple_label(2.04), "≈ 2× the cost");
    assert_eq!(multiple_label(17.66), "≈ 18× the cost");
    assert_eq!(multiple_label(2.46), "≈ 2.5× the cost");
    assert_eq!(cost_label(cost(Price { input: 2.5, output: 10.0 }, 1000, 500)), "$0.0075");
    assert_eq!(cost_label(0.00001), "< $0.0001");
    assert_eq!(cost_label(12.345), "$12.35");
}

#[test]
fn a_host_takes_at_most_its_share_of_requests() {
    let mut slots = HostSlots::default();
    let host = host_of("https://api.openai.com/v1/chat/completions");
    assert_eq!(host, "https://api.openai.com");
    for _ in 0..PER_HOST {
        assert!(slots.try_take(host));
    }
    assert!(!slots.try_take(host), "the fourth request to one host waits");
    // Another host is not held up.
    assert!(slots.try_take(host_of("http://127.0.0.1:8787/v1/messages")));
    slots.release(host);
    assert_eq!(slots.running(host), PER_HOST - 1);
    assert!(slots.try_take(host));
    for _ in 0..PER_HOST {
        slots.release(host);
    }
    assert_eq!(slots.running(host), 0);
    assert_eq!(slots, HostSlots::from_running("http://127.0.0.1:8787"));
    // Releasing a host with nothing running changes nothing.
    slots.release("https://nowhere.example");
    assert_eq!(host_of("http://localhost:11434"), "http://localhost:11434");
    assert_eq!(host_of("http://127.0.0.1:8787?key=1"), "http://127.0.0.1:8787");
}

impl HostSlots {
    fn from_running(host: &str) -> Self {
        Self { running: vec![(host.to_owned(), 1)] }
    }
}

#[test]
fn a_rate_limited_request_waits_longer_each_time_then_gives_up() {
    assert_eq!(backoff_ms(0, None), None);
    assert_eq!(backoff_ms(1, None), Some(1000));
    assert_eq!(backoff_ms(2, None), Some(2000));
    assert_eq!(backoff_ms(RATE_LIMIT_TRIES, None), None, "three requests in all");
    // The server's Retry-After, at most a minute.
    assert_eq!(backoff_ms(1, Some(7)), Some(7000));
    assert_eq!(backoff_ms(1, Some(3600)), Some(60_000));
    assert_eq!(backoff_ms(1, Some(0)), Some(0));
}

#[test]
fn the_tally_counts_wins_most_first() {
    let mut tally =
        Tally::from_pairs([("b".to_owned(), 1), ("a".to_owned(), 1), ("b".to_owned(), 1), (" ".to_owned(), 5)]);
    assert_eq!(tally.entries(), [("b".to_owned(), 2), ("a".to_owned(), 1)]);
    tally.win("a");
    tally.win("c");
    assert_eq!(tally.entries(), [("a".to_owned(), 2), ("b".to_owned(), 2), ("c".to_owned(), 1)]);
}
