//! Markdown rendering tests: spec-style pairs in `test_data/markdown/*.md` with the
//! expected `.html` beside them (XSS vectors included), and the streaming renderer
//! checked against whole-document rendering.

use std::path::{Path, PathBuf};

use super::{StreamingMarkdown, render};

fn test_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/markdown")
}

/// Every `case.md` renders exactly to `case.html`. Set `UPDATE_EXPECT=1` to rewrite
/// the expectations after a deliberate change (then review the diff).
#[test]
fn markdown_pairs() {
    let mut cases = 0;
    let mut entries: Vec<_> =
        std::fs::read_dir(test_data()).expect("test_data/markdown exists").flatten().map(|e| e.path()).collect();
    entries.sort();
    for md_path in entries.into_iter().filter(|p| p.extension().is_some_and(|e| e == "md")) {
        let markdown = std::fs::read_to_string(&md_path).expect("readable case");
        let html_path = md_path.with_extension("html");
        let actual = render(&markdown);
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&html_path, actual.as_str()).expect("writable expectation");
        }
        let expected = std::fs::read_to_string(&html_path).unwrap_or_default();
        assert_eq!(actual.as_str(), expected, "{}", md_path.display());
        cases += 1;
    }
    assert!(cases >= 3, "expected markdown cases in {}", test_data().display());
}

/// Asserts that no real tag in the output (escaped text such as `&lt;img` does not
/// count) is dangerous or carries an event handler or a `javascript:` URL.
#[track_caller]
fn check_safe(markdown: &str) {
    let html = render(markdown);
    let lower = html.as_str().to_ascii_lowercase();
    for tag in lower.split('<').skip(1).map(|rest| rest.split('>').next().unwrap_or(rest)) {
        let name = tag.trim_start_matches('/').split([' ', '/']).next().unwrap_or_default();
        assert!(
            !["script", "iframe", "style", "object", "embed", "svg", "math"].contains(&name),
            "<{tag}> survived in {lower}"
        );
        assert!(
            !tag.contains("javascript:") && !tag.contains(" on") && !tag.contains("srcdoc"),
            "<{tag}> survived in {lower}"
        );
    }
}

#[test]
fn hostile_markup_never_survives() {
    check_safe("<script>alert(1)</script>");
    check_safe("hello <img src=x onerror=alert(1)> world");
    check_safe("[click](javascript:alert(1))");
    check_safe("[click](JaVaScRiPt:alert(1))");
    check_safe("<a href=\"javascript:alert(1)\">x</a>");
    check_safe("![x](javascript:alert(1))");
    check_safe("<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>");
    check_safe("<div onclick=\"alert(1)\">x</div>\n\n<style>body{display:none}</style>");
    check_safe("```html\n<script>alert(1)</script>\n```");
    check_safe("```\" onmouseover=\"alert(1)\n```");
}

#[test]
fn raw_html_is_shown_as_text() {
    assert_eq!(render("a <b>bold</b> tag").as_str(), "<p>a &lt;b&gt;bold&lt;/b&gt; tag</p>\n");
}

#[test]
fn code_blocks_keep_only_language_classes() {
    assert_eq!(
        render("```rust\nfn main() {}\n```").as_str(),
        "<pre><code class=\"language-rust\">fn main() {}\n</code></pre>\n"
    );
    assert_eq!(render("```x\"y\nz\n```").as_str(), "<pre><code>z\n</code></pre>\n");
}

/// `text` cut into pieces of `size` bytes, each widened to end on a char
/// boundary, as a stream may deliver it.
pub(super) fn pieces(text: &str, size: usize) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut cut = size.min(rest.len());
        while !rest.is_char_boundary(cut) {
            cut += 1;
        }
        let (piece, after) = rest.split_at(cut);
        rest = after;
        Some(piece)
    })
}

/// Streams `markdown` in pieces of `size` bytes (on char boundaries) and returns
/// the blocks followed by the final tail, concatenated.
fn stream(markdown: &str, size: usize) -> (String, usize) {
    let mut streaming = StreamingMarkdown::new();
    let mut html = String::new();
    let mut tail = Default::default();
    for piece in pieces(markdown, size) {
        let update = streaming.push(piece);
        for block in &update.new_blocks {
            html.push_str(block.as_str());
        }
        tail = update.tail;
    }
    assert_eq!(streaming.source(), markdown);
    html.push_str(tail.as_str());
    (html, streaming.blocks().len())
}

const LONG_ANSWER: &str = "# Title\n\nFirst paragraph with **bold** and `code`.\n\n- one\n- two\n\n  continued item\n\n- three\n\nAfter the list.\n\n```rust\nfn main() {\n\n    println!(\"blank line inside a fence\");\n}\n```\n\n1. first\n2. second\n\n10) tenth\n\n> quote\n\n> more quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n    indented code\n\n    more indented code\n\nLast paragraph.\n\nThe end é 🔥.";

#[test]
fn streaming_matches_whole_rendering() {
    let whole = render(LONG_ANSWER);
    for size in [1, 2, 3, 7, 16, 64, LONG_ANSWER.len()] {
        let (streamed, blocks) = stream(LONG_ANSWER, size);
        assert_eq!(streamed, whole.as_str(), "pieces of {size} bytes");
        assert!(blocks >= 4, "the answer should split into several final blocks, got {blocks}");
    }
}

#[test]
fn a_blank_line_inside_a_fence_is_not_a_boundary() {
    let mut streaming = StreamingMarkdown::new();
    streaming.push("```\ncode\n\nmore code\n");
    assert!(streaming.blocks().is_empty());
    streaming.push("```\n\nnext\n");
    assert_eq!(streaming.blocks().len(), 1);
    assert_eq!(streaming.blocks()[0].as_str(), "<pre><code>code\n\nmore code\n</code></pre>\n");
}

#[test]
fn tail_work_does_not_grow_with_the_answer() {
    // After many paragraphs, the tail holds only the last unfinished block.
    let mut streaming = StreamingMarkdown::new();
    for i in 0..500 {
        streaming.push(&format!("Paragraph {i} with some words.\n\n"));
    }
    let update = streaming.push("Unfinished");
    assert_eq!(streaming.blocks().len(), 499);
    assert_eq!(update.tail.as_str(), "<p>Paragraph 499 with some words.</p>\n<p>Unfinished</p>\n");
}

#[test]
fn finish_renders_what_only_the_whole_document_knows() {
    // A reference definition below its use is only known at the end: the finished
    // block shows the literal text while streaming, and `finish` renders the link.
    let markdown = "See [ref].\n\nMore.\n\n[ref]: https://example.com\n";
    let mut streaming = StreamingMarkdown::new();
    streaming.push(markdown);
    assert_eq!(streaming.blocks()[0].as_str(), "<p>See [ref].</p>\n");
    assert_eq!(streaming.finish(), render(markdown));
    assert!(streaming.finish().as_str().contains("href=\"https://example.com\""));
}
