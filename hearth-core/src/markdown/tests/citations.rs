//! Citation marks: each mark becomes a numbered link to its source's entry,
//! after the character it follows, wherever it lands in the markdown (text,
//! lists, code, links, formulas, the start, past the end), and no sentinel
//! reaches the page.

use crate::markdown::{Citing, RenderMode, render_reply, render_reply_cited, source_anchor};

/// The reply `markdown` with marks `(source, at)`, rendered, each mark
/// written as `{n}` (after checking its whole markup).
fn cited(markdown: &str, marks: &[(u32, u32)]) -> String {
    let html =
        render_reply_cited(markdown, RenderMode::Chat, Citing { marks, message_id: "m-1" }, &crate::markdown::English);
    let mut short = html.as_str().to_owned();
    for number in 1..=9 {
        let mark = format!(
            "<sup class=\"citation\"><a href=\"#source-m-1-{number}\" aria-label=\"Source {number}\">[{number}]</a></sup>"
        );
        short = short.replace(&mark, &format!("{{{number}}}"));
    }
    assert!(!short.contains("<sup"), "a mark written otherwise: {short}");
    assert!(!short.contains(|c: char| ('\u{F0000}'..='\u{FFFFD}').contains(&c)), "a sentinel left: {short:?}");
    short
}

#[test]
fn a_mark_follows_its_character_in_a_paragraph() {
    assert_eq!(cited("Hello world.", &[(0, 5)]), "<p>Hello{1} world.</p>\n");
    assert_eq!(cited("Hello world.", &[(0, 12), (1, 12)]), "<p>Hello world.{1}{2}</p>\n");
}

#[test]
fn offsets_count_characters_not_bytes() {
    assert_eq!(cited("Ça coûte 5 €. Fin.", &[(0, 13)]), "<p>Ça coûte 5 €.{1} Fin.</p>\n");
    assert_eq!(cited("日本語のテキスト", &[(2, 3)]), "<p>日本語{3}のテキスト</p>\n");
}

#[test]
fn an_offset_past_the_end_is_the_end() {
    assert_eq!(cited("Short.", &[(0, 999), (1, u32::MAX)]), "<p>Short.{1}{2}</p>\n");
}

#[test]
fn a_mark_at_the_start_gets_a_paragraph_of_its_own() {
    assert_eq!(cited("# Title\n\nText", &[(0, 0)]), "<p>{1}</p>\n<h1>Title</h1>\n<p>Text</p>\n");
}

#[test]
fn a_mark_never_starts_a_line() {
    // At the start of the second item: the end of the first instead.
    let html = cited("- one\n- two\n", &[(0, 6)]);
    assert_eq!(html, "<ul>\n<li>one{1}</li>\n<li>two</li>\n</ul>\n");
    // After the item's marker: still the end of the line before.
    let html = cited("Intro\n\n- one", &[(0, 9)]);
    assert_eq!(html, "<p>Intro{1}</p>\n<ul>\n<li>one</li>\n</ul>\n");
}

#[test]
fn marks_in_lists_and_tables() {
    let html = cited("1. first fact\n2. second fact\n", &[(0, 13), (1, 29)]);
    assert_eq!(html, "<ol>\n<li>first fact{1}</li>\n<li>second fact{2}</li>\n</ol>\n");
    let html = cited("| a | b |\n|---|---|\n| x | y |\n", &[(0, 23)]);
    assert!(html.contains("<td>x{1}</td>"), "{html}");
}

#[test]
fn a_mark_in_a_code_span_follows_it() {
    assert_eq!(cited("Run `cargo test` now", &[(0, 8)]), "<p>Run <code>cargo test</code>{1} now</p>\n");
}

#[test]
fn a_mark_in_a_code_block_follows_the_block() {
    let html = cited("```\nlet a = 1;\n```\nAfter", &[(0, 9)]);
    assert!(html.contains("let a = 1;\n</code></pre></div>\n{1}"), "{html}");
    assert!(!html.contains("let a{1}"), "{html}");
    // At the end of a reply that ends with a fence: into the block, so after it.
    let html = cited("```\ncode\n```\n", &[(0, 99)]);
    assert!(html.ends_with("</code></pre></div>\n{1}"), "{html}");
}

#[test]
fn a_mark_in_a_link_follows_the_link() {
    // One in the link's text, one in its address: both after the link, the
    // address's first (it is met first).
    let html = cited("See [the docs](https://example.com/a) here", &[(0, 8), (1, 20)]);
    assert_eq!(
        html,
        "<p>See <a href=\"https://example.com/a\" title=\"https://example.com/a\" target=\"_blank\" \
         rel=\"noopener noreferrer\">the docs</a>{2}{1} <span class=\"link-host\">(example.com)</span> here</p>\n"
    );
}

#[test]
fn a_mark_in_a_formula_follows_it() {
    let html = cited("So $x+y$ holds", &[(0, 6)]);
    assert!(html.contains("</math>{1} holds"), "{html}");
}

#[test]
fn sentinels_the_model_wrote_are_taken_out() {
    // Offsets count the text as it came, the model's sentinel included.
    assert_eq!(cited("A\u{F0003}B", &[(0, 2)]), "<p>A{1}B</p>\n");
}

#[test]
fn without_marks_it_is_the_reply_as_ever() {
    let markdown = "Text with `code`, a [link](https://example.com) and\n\n```rust\nfn x() {}\n```\n";
    let html = render_reply_cited(
        markdown,
        RenderMode::Chat,
        Citing { marks: &[], message_id: "m" },
        &crate::markdown::English,
    );
    assert_eq!(html, render_reply(markdown, RenderMode::Chat, &crate::markdown::English));
    // And the sentinels of a reply without citations are left as they are.
    assert!(render_reply("A\u{F0000}B", RenderMode::Chat, &crate::markdown::English).as_str().contains('\u{F0000}'));
}

#[test]
fn anchors_are_unique_per_message_and_safe() {
    assert_eq!(source_anchor("3f2a-9c", 2), "source-3f2a-9c-2");
    assert_eq!(source_anchor("a\"><script>", 1), "source-ascript-1");
    assert_ne!(source_anchor("a", 1), source_anchor("b", 1));
}

#[test]
fn hostile_text_around_marks_stays_escaped() {
    let html = cited("<script>alert(1)</script> [x](javascript:alert(1))", &[(0, 8), (1, 40)]);
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("javascript:alert(1)\""), "{html}");
}

#[test]
fn a_mark_in_emphasis_or_a_heading_stays_in_place() {
    assert_eq!(cited("## Big *news* today", &[(0, 12)]), "<h2>Big <em>news{1}</em> today</h2>\n");
}

#[test]
fn a_mark_in_an_image_follows_its_placeholder() {
    let html = cited("![a cat](https://example.com/cat.png) purrs", &[(0, 4)]);
    assert!(html.contains("Load image a cat from example.com"), "{html}");
    assert!(html.contains("</span>{1} purrs"), "{html}");
}

#[test]
fn marks_never_nest_anchors() {
    let html = cited("[outer <https://a.example> text](https://b.example) end", &[(0, 10), (1, 20), (0, 55)]);
    let opened = html.matches("<a ").count();
    let closed = html.matches("</a>").count();
    assert_eq!(opened, closed, "{html}");
    let mut depth = 0_i32;
    for piece in html.split('<').skip(1) {
        if piece.starts_with("a ") {
            depth += 1;
            assert!(depth <= 1, "nested <a> in {html}");
        } else if piece.starts_with("/a>") {
            depth -= 1;
        }
    }
}
