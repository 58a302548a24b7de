//! A reply's citations, sources and pictures in the Markdown export.

use super::{message, session, session_to_markdown};
use crate::contract::{CitationMark, Source};
use crate::message::{Role, ToolMedia};
use crate::storage::markdown_export::{attachment_files, citations};

fn source(url: &str, title: &str, cited: Option<&str>) -> Source {
    Source { url: url.into(), title: title.into(), cited_text: cited.map(str::to_owned) }
}

fn mark(source: u32, at: u32) -> CitationMark {
    CitationMark { source, at }
}

#[test]
fn citations_are_footnotes_numbered_through_the_document() {
    let question = message("m1", Role::User, 1_000, "What is new in Lyon?");
    let mut first = message("m2", Role::Assistant, 2_000, "A tram line opened. It runs to the airport.");
    first.sources = vec![
        source("https://news.example/tram", "Tram [T7] opens", Some("The T7 line opened on Monday.\nIt is new.")),
        source("https://lyon.example/a(b)", "", None),
    ]
    .into();
    first.citations = vec![mark(0, 19), mark(1, 43), mark(0, 43), mark(7, 3)].into();
    let follow = message("m3", Role::User, 3_000, "Is it free?");
    let mut second = message("m4", Role::Assistant, 4_000, "No: 2 €.");
    second.sources = vec![source("javascript:alert(1)", "Fares", Some("2 €"))].into();
    second.citations = vec![mark(0, 8)].into();
    let document = session_to_markdown(&session("Lyon"), &[question, first, follow, second]);
    let expected_first = "## Assistant\n\nA tram line opened.[^1] It runs to the airport.[^1][^2]\n\n\
         [^1]: [Tram T7 opens](https://news.example/tram) — \"The T7 line opened on Monday. It is new.\"\n\n\
         [^2]: [https://lyon.example/a(b)](https://lyon.example/a%28b%29)\n";
    assert!(document.contains(expected_first), "{document}");
    let expected_second = "## Assistant\n\nNo: 2 €.[^3]\n\n[^3]: Fares `javascript:alert(1)` — \"2 €\"\n";
    assert!(document.contains(expected_second), "a non-http(s) URL is text, and numbering goes on: {document}");
}

#[test]
fn a_mark_never_splits_a_character_nor_lands_in_code() {
    let marks = [mark(0, 2)];
    assert_eq!(citations::with_references("日本語です", &marks, 1, 1), "日本[^1]語です");
    assert_eq!(citations::with_references("ab", &[mark(0, 99)], 1, 4), "ab[^4]", "past the end: at the end");
    let span = "Run `cargo test` now.";
    assert_eq!(citations::with_references(span, &[mark(0, 8)], 1, 1), "Run `cargo test`[^1] now.");
    let fenced = "Try:\n```sh\nls -la\n```\nDone.";
    assert_eq!(
        citations::with_references(fenced, &[mark(0, 13)], 1, 1),
        "Try:\n```sh\nls -la\n```\n[^1]Done.",
        "after the closing fence"
    );
    let open = "Try:\n~~~\nls";
    assert_eq!(citations::with_references(open, &[mark(0, 9)], 1, 1), "Try:\n~~~\nls[^1]", "an unclosed fence");
    assert_eq!(citations::with_references("``a`b``c", &[mark(0, 3)], 1, 1), "``a`b``[^1]c");
    assert_eq!(citations::with_references("x", &[], 0, 1), "x");
}

#[test]
fn a_replys_pictures_are_linked_and_written_beside_the_document() {
    let blob = "abcdef0123456789".repeat(4);
    let mut drawn = message("m2", Role::Assistant, 2_000, "Here is your cat.");
    drawn.images = vec![
        ToolMedia::returned("image/png", "").stored_as(blob.clone()),
        ToolMedia::returned("image/webp", "UklGRg=="),
        ToolMedia::returned("image/jpeg", "").stored_as("0011223344556677".repeat(4)),
    ];
    let messages = [message("m1", Role::User, 1_000, "Draw a cat."), drawn];
    let document = session_to_markdown(&session("Cat"), &messages);
    assert!(
        document.ends_with(
            "## Assistant\n\nHere is your cat.\n\n![Image 1](attachments/abcdef012345-Image-1.png)\n\n\
             ![Image 2](attachments/001122334455-Image-2.jpeg)\n"
        ),
        "{document}"
    );
    assert_eq!(
        attachment_files(&messages),
        vec![
            ("attachments/abcdef012345-Image-1.png".to_owned(), blob),
            ("attachments/001122334455-Image-2.jpeg".to_owned(), "0011223344556677".repeat(4)),
        ]
    );
}
