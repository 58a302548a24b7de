//! Markdown rendering tests: spec-style pairs in `test_data/markdown/*.md` with the
//! expected `.html` beside them (XSS vectors included), and the streaming renderer
//! checked against whole-document rendering. The files in `tests/` check one
//! guarantee each across the renderer: `safety` (nothing loads, any input stays
//! cheap), `writer` (the allow-list, from outside), `highlight` (code blocks)
//! and `math` (MathML and hostile TeX), `labels` (the controls' words in another
//! language).

mod citations;
pub(super) mod highlight;
mod labels;
mod math;
mod safety;
mod writer;

use std::path::{Path, PathBuf};

use super::{RenderMode, SafeHtml, StreamingMarkdown, render, render_with};

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
    stream_in(markdown, size, RenderMode::Chat)
}

/// [`stream`] in `mode`.
fn stream_in(markdown: &str, size: usize, mode: RenderMode) -> (String, usize) {
    let mut streaming = StreamingMarkdown::with_mode(mode);
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

const APP_REPLY: &str = "Here is a **counter**:\n\n```html\n<!doctype html>\n<button id=\"b\">0</button>\n```\n\n\
Styles apart:\n\n```css\nbutton { font-size: 2rem }\n```\n\nAnd the logic:\n\n```JavaScript\nlet n = 0;\n```\n\n\
A helper script:\n\n```python\nprint(1)\n```\n\nDone.";

fn callout(number: usize) -> String {
    let class = if number > 1 { "app-code app-code-more" } else { "app-code" };
    format!("<details class=\"{class}\"><summary>App code<span class=\"app-code-number\"> {number}</span></summary>")
}

#[test]
fn an_app_reply_shows_its_app_code_in_collapsed_numbered_callouts() {
    let html = render_with("Your app:\n\n```html\n<p>hi</p>\n```\n\nEnjoy *it*.", RenderMode::App);
    assert_eq!(
        html.as_str(),
        format!(
            "<p>Your app:</p>\n{}\n<pre><code class=\"language-html\">&lt;p&gt;hi&lt;/p&gt;\n</code></pre>\n</details>\n\
             <p>Enjoy <em>it</em>.</p>\n",
            callout(1)
        )
    );
    let html = render_with(APP_REPLY, RenderMode::App);
    let html = html.as_str();
    assert!(html.contains(&format!("{}\n<pre><code class=\"language-html\">", callout(1))), "{html}");
    assert!(html.contains(&format!("{}\n<pre><code class=\"language-css\">", callout(2))), "{html}");
    assert!(html.contains(&format!("{}\n<pre><code class=\"language-JavaScript\">", callout(3))), "{html}");
    assert_eq!(html.matches("<details").count(), 3, "the python block is an ordinary code block: {html}");
    assert_eq!(html.matches("</details>").count(), 3);
    assert!(html.contains("<p>A helper script:</p>\n<pre><code class=\"language-python\">"), "{html}");
    assert!(html.contains("<strong>counter</strong>"), "the rest is markdown");
    assert!(!html.contains(" open"), "collapsed by default");
}

#[test]
fn an_ordinary_reply_renders_as_before() {
    assert_eq!(render_with(APP_REPLY, RenderMode::Chat), render(APP_REPLY));
    assert!(!render(APP_REPLY).as_str().contains("<details"));
    assert_eq!(
        StreamingMarkdown::new().push(APP_REPLY).tail,
        StreamingMarkdown::with_mode(RenderMode::Chat).push(APP_REPLY).tail
    );
}

#[test]
fn app_callouts_inside_a_list_are_callouts_too() {
    let html = render_with("1. Save this:\n   ```html\n   <p>x</p>\n   ```\n2. Open it.", RenderMode::App);
    assert!(html.as_str().contains(&format!("<li>Save this:{}\n<pre>", callout(1))), "{}", html.as_str());
}

#[test]
fn streaming_an_app_reply_matches_its_whole_rendering() {
    let whole = render_with(APP_REPLY, RenderMode::App);
    for size in [1, 3, 16, 64, APP_REPLY.len()] {
        let (streamed, blocks) = stream_in(APP_REPLY, size, RenderMode::App);
        assert_eq!(streamed, whole.as_str(), "pieces of {size} bytes");
        assert!(size == APP_REPLY.len() || blocks >= 6, "several finished blocks, got {blocks}");
    }
}

#[test]
fn a_later_callout_is_numbered_without_rendering_the_finished_ones_again() {
    let mut streaming = StreamingMarkdown::with_mode(RenderMode::App);
    let first = streaming.push("Version one:\n\n```html\n<p>1</p>\n```\n\n");
    assert!(first.tail.as_str().contains(&callout(1)), "{}", first.tail.as_str());
    let update = streaming.push("Now the fix:\n\n");
    // The callout became a finished block, rendered once, numbered from the start.
    assert!(update.new_blocks.iter().any(|b| b.as_str().contains(&callout(1))));
    let finished: Vec<_> = streaming.blocks().to_vec();
    let update = streaming.push("```html\n<p>2</p>");
    assert!(update.new_blocks.len() <= 1 && !update.new_blocks.iter().any(|b| b.as_str().contains("<details")));
    assert!(update.tail.as_str().contains(&callout(2)), "the growing block is the second: {}", update.tail.as_str());
    assert_eq!(&streaming.blocks()[..finished.len()], &finished[..], "finished blocks are never rendered again");
    streaming.push("\n```\n");
    assert_eq!(streaming.finish().as_str().matches("<details").count(), 2);
}

/// The deepest element nesting in `html` (void elements do not nest).
fn html_depth(html: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for tag in html.split('<').skip(1) {
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '/').collect();
        match name.as_str() {
            "br" | "wbr" | "hr" | "input" | "img" => {}
            close if close.starts_with('/') => depth = depth.saturating_sub(1),
            _ => {
                depth += 1;
                deepest = deepest.max(depth);
            }
        }
    }
    deepest
}

/// A formula is checked for depth with all its elements, not only where it
/// starts: deep inside quotes a deeply nested one stays its source, a flat one
/// still renders, and nothing nests past `MAX_DEPTH`.
#[test]
fn a_formula_counts_its_own_depth() {
    use super::events::MAX_DEPTH;
    let quotes = "> ".repeat(MAX_DEPTH - 6);
    let deep = format!("{quotes}${}x{}$", "\\sqrt{".repeat(8), "}".repeat(8));
    let html = super::render_reply(&deep, RenderMode::Chat, &crate::markdown::English).as_str().to_owned();
    assert!(html_depth(&html) <= MAX_DEPTH, "{}: {html}", html_depth(&html));
    assert!(!html.contains("<math"), "{html}");
    assert!(html.contains("$\\sqrt{"), "its source is kept: {html}");
    let flat =
        super::render_reply(&format!("{quotes}$x$"), RenderMode::Chat, &crate::markdown::English).as_str().to_owned();
    assert!(flat.contains("<math"), "{flat}");
    assert!(html_depth(&flat) <= MAX_DEPTH);
}

/// A dressed mermaid block writes seven elements and counts seven: however
/// many there are, the rendering stays inside the element budget (less one block).
#[test]
fn dressed_mermaid_blocks_count_every_element_they_write() {
    use super::events::ELEMENT_BUDGET;
    let many = "```mermaid\ngraph TD\n```\n\n".repeat(ELEMENT_BUDGET / 6 + 10);
    let html = super::render_reply(&many, RenderMode::Chat, &crate::markdown::English);
    let breaks = html.as_str().matches("<br").count() + html.as_str().matches("<wbr").count();
    let written = html.as_str().matches('<').count() - html.as_str().matches("</").count() - breaks;
    // The budget is checked before each block, so the last one may end past it.
    assert!(written <= ELEMENT_BUDGET + 6, "{written} elements written");
    assert!(html.as_str().matches("class=\"show-diagram\"").count() > ELEMENT_BUDGET / 8);
}

#[test]
fn unrendered_text_is_escaped_and_kept_whole() {
    let html = SafeHtml::text("a < b & \"c\" > d\n<script>x</script>");
    assert_eq!(
        html.as_str(),
        "<p class=\"unrendered\">a &lt; b &amp; &quot;c&quot; &gt; d\n&lt;script&gt;x&lt;/script&gt;</p>"
    );
}
