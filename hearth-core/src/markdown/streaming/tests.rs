//! The streamed rendering, applied change by change as the page applies it,
//! equals the whole document's rendering; and the work per push is bounded by
//! the new text (plus a constant), whatever shape the growing block has.

use super::super::{RenderMode, SafeHtml, render_with};
use super::{EAGER_TAIL_BYTES, StreamingDelta, StreamingMarkdown, TailChange};
use crate::format::tests::support::XorShift;
use crate::markdown::tests::highlight::with_code_highlighted;

/// The page's view of a streamed reply: the finished blocks, then the tail.
#[derive(Default)]
struct Page {
    blocks: String,
    tail: String,
}

impl Page {
    fn apply(&mut self, delta: StreamingDelta) {
        for block in &delta.new_blocks {
            self.blocks.push_str(block.as_str());
        }
        match delta.tail {
            TailChange::Same => {}
            TailChange::Replace(html) => self.tail = html.as_str().to_owned(),
            TailChange::Add(html) => self.tail.push_str(html.as_str()),
            TailChange::Extend(html) => {
                let at = innermost_end(&self.tail);
                self.tail.insert_str(at, html.as_str());
            }
            TailChange::AddInto { depth, html } => {
                let at = nth_close_from_end(&self.tail, depth + 1);
                self.tail.insert_str(at, html.as_str());
            }
        }
    }

    fn html(&self) -> String {
        format!("{}{}", self.blocks, self.tail)
    }
}

/// Where the content of the innermost last element ends (before the run of
/// closing tags at the end, with the white space between them), as
/// `insertAdjacentHTML('beforeend')` on `lastElementChild`… would insert.
fn innermost_end(html: &str) -> usize {
    let mut end = html.len();
    loop {
        let trimmed = html[..end].trim_end();
        let Some(open) = trimmed.rfind("</") else { return end };
        let tag = &trimmed[open..];
        if tag.ends_with('>') && tag[2..tag.len() - 1].bytes().all(|b| b.is_ascii_alphanumeric()) {
            end = open;
        } else {
            return end;
        }
    }
}

/// Where the `n`-th closing tag from the end of `html` starts (the white space
/// before each skipped), as `insertAdjacentHTML('beforeend')` on the element
/// `n - 1` last-element-child steps below the last element would insert.
fn nth_close_from_end(html: &str, n: usize) -> usize {
    let mut end = html.len();
    for _ in 0..n {
        let trimmed = html[..end].trim_end();
        let open = trimmed.rfind("</").expect("a closing tag");
        assert!(trimmed.ends_with('>'), "{html:?} does not end with a closing tag");
        end = open;
    }
    end
}

/// Choosing among pieces of text, for these tests.
trait Pick {
    /// One of `items`.
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str;
}

impl Pick for XorShift {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const INLINE: &[&str] = &[
    "plain words",
    "**bold**",
    "*em* and _em_",
    "`code <b>`",
    "[link](https://example.com/a?b=1&c=2)",
    "<b>raw</b>",
    "a & b < c > d \"q\" 'a'",
    "é 🔥 ü",
    "~~gone~~",
    "trailing two spaces  ",
    "back\\\\slash \\*",
    "![img](https://example.com/i.png)",
];

const BLOCKS: &[&str] = &[
    "# Heading\n",
    "## Heading with *em*\n",
    "###### Six\n",
    "Setext\n===\n",
    "Setext two\n---\n",
    "---\n",
    "- one\n- two\n- three\n",
    "- loose\n\n- list\n",
    "1. first\n2. second\n   - nested\n   - more\n",
    "10) ten\n11) eleven\n",
    "- [ ] task\n- [x] done\n",
    "> quote\n> more\n",
    "> quote\nlazy continuation\n",
    "> - list in quote\n> - two\n",
    "| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |\n",
    "| x |\n|---|\n",
    "```rust\nfn main() {\n\n    println!(\"<hi> & bye\");\n}\n```\n",
    "```html\n<!doctype html>\n<button>0</button>\n```\n",
    "```css\nbutton { color: red }\n```\n",
    "```js\nlet a = `x` && b;\n```\n",
    "~~~\ntilde ``` fence\n~~~~\n",
    "````\n```\nnot closed by three\n```\n````\n",
    "```\nunclosed code at the end?\n",
    "  ```\n  indented fence\n  ```\n",
    "    indented code\n    more\n",
    "1. item\n\n   ```\n   fence in item\n   ```\n",
    "para line one\nline two\n",
    "para\n```\nfence right after\n```\n",
    "para\n# heading right after\n",
    "- item\n# heading after list\n",
    "| h |\n|---|\n| r |\n# heading after table\n",
    "| a | b |\n|---|---|\n| 1 |\n| 2 | 3 | 4 |\nno pipe row\n| after |\n",
    "| a |\n|---|\n| ![i](https://example.com/i.png) \\| x |\n| `|` |\n",
    "| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n",
    "| not | a table |\n| just | pipes |\n",
    "| h |\n|---|\n| r |\n\n| after blank |\n",
    "| h |\n|---|\n| r |\n> quote after table\n",
    "- item\n```\nfence after list\n```\n",
    "```\n",
    "``\n",
];

fn document(rng: &mut XorShift) -> String {
    let mut text = String::new();
    for _ in 0..(1 + rng.below(12)) {
        if rng.below(3) == 0 {
            for _ in 0..(1 + rng.below(4)) {
                text.push_str(rng.pick(INLINE));
                text.push(' ');
            }
            text.push('\n');
        } else {
            text.push_str(rng.pick(BLOCKS));
        }
        if rng.below(8) == 0 {
            text.push_str(&"long & <x> ".repeat(220));
            text.push('\n');
        }
        text.push_str(rng.pick(&["", "\n", "\n", "\n\n", "  \n"]));
    }
    if rng.below(3) == 0 {
        text.pop();
    }
    text
}

/// Cuts `text` into pieces of random sizes (1 to `max` bytes) on char boundaries.
fn chunks<'a>(text: &'a str, rng: &mut XorShift, max: usize) -> Vec<&'a str> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut cut = (1 + rng.below(max)).min(rest.len());
        while !rest.is_char_boundary(cut) {
            cut += 1;
        }
        pieces.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    pieces
}

/// Streams `pieces`, applying each change; checks the page against the tail's
/// markup after every push; returns the page at the end.
fn stream(pieces: &[&str], mode: RenderMode) -> (String, StreamingMarkdown) {
    stream_into(StreamingMarkdown::with_mode(mode), pieces)
}

/// Streams `pieces` into `streaming` as the page would apply the changes,
/// checking after each that the page's tail is the tail's markup; returns the
/// page's markup at the end, and the document.
fn stream_into(mut streaming: StreamingMarkdown, pieces: &[&str]) -> (String, StreamingMarkdown) {
    let mut page = Page::default();
    for piece in pieces {
        page.apply(streaming.push_delta(piece));
        assert_eq!(page.tail, streaming.tail_markup().as_str(), "after {:?}", streaming.source());
    }
    page.apply(streaming.end());
    (page.html(), streaming)
}

/// Fails with where the two renderings part, and the document.
fn assert_same(streamed: &str, whole: &str, text: &str) {
    if streamed == whole {
        return;
    }
    let at = streamed.bytes().zip(whole.bytes()).take_while(|(a, b)| a == b).count();
    let around = |s: &str| {
        let mut from = at.saturating_sub(120);
        while !s.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = (at + 120).min(s.len());
        while !s.is_char_boundary(to) {
            to += 1;
        }
        s[from..to].to_owned()
    };
    panic!("streamed:\n{:?}\nwhole:\n{:?}\ndocument:\n{text:?}", around(streamed), around(whole));
}

#[test]
fn streamed_changes_equal_the_whole_rendering() {
    streams_equal_whole_renderings(0x5eed_1234_abcd_0001, render_with, stream);
}

/// Streams 48 random documents (every third as an app agent's reply), each
/// in small and in large pieces, with `stream`, and checks the page ends up
/// as `render` writes the whole document.
fn streams_equal_whole_renderings(
    seed: u64,
    render: fn(&str, RenderMode) -> SafeHtml,
    stream: fn(&[&str], RenderMode) -> (String, StreamingMarkdown),
) {
    streams_equal_whole_renderings_with(seed, render, stream, StreamingMarkdown::finish);
}

/// [`streams_equal_whole_renderings`], with `finish` for what a reply that
/// needs the whole document shows.
fn streams_equal_whole_renderings_with(
    seed: u64,
    render: fn(&str, RenderMode) -> SafeHtml,
    stream: fn(&[&str], RenderMode) -> (String, StreamingMarkdown),
    finish: fn(&StreamingMarkdown) -> SafeHtml,
) {
    let mut rng = XorShift(seed);
    let mut compared = 0;
    for round in 0..48 {
        let text = document(&mut rng);
        let mode = if round % 3 == 0 { RenderMode::App } else { RenderMode::Chat };
        let whole = render(&text, mode);
        for max in [24, 300] {
            let pieces = chunks(&text, &mut rng, max);
            let (html, streaming) = stream(&pieces, mode);
            if streaming.needs_whole() {
                assert_eq!(finish(&streaming), whole);
                continue;
            }
            compared += 1;
            assert_same(&html, whole.as_str(), &text);
        }
    }
    assert!(compared > 50, "only {compared} streams compared");
}

#[test]
fn what_needs_the_whole_document_is_noticed() {
    for text in ["See [a].\n\n[a]: https://example.com\n", "<div>\n\n*x*\n\n</div>\n", "- <!--\n\nx -->", "[a]: /u"] {
        let mut streaming = StreamingMarkdown::new();
        for piece in chunks(text, &mut XorShift(7), 4) {
            streaming.push_delta(piece);
        }
        assert!(streaming.needs_whole(), "{text}");
    }
    let mut streaming = StreamingMarkdown::new();
    streaming.push_delta("Plain *text*, a [link](https://example.com) and `<code>`.\n\n```html\n<p>x</p>\n```\n");
    assert!(!streaming.needs_whole());
}

/// One block of about 100 KB, line after line.
fn one_block(line: &dyn Fn(usize) -> String, head: &str) -> String {
    one_block_of(line, head, 100 * 1024)
}

/// One block of about `size` bytes, line after line.
fn one_block_of(line: &dyn Fn(usize) -> String, head: &str, size: usize) -> String {
    let mut text = String::from(head);
    let mut i = 0;
    while text.len() < size {
        text.push_str(&line(i));
        i += 1;
    }
    text
}

fn shapes() -> Vec<(&'static str, String)> {
    vec![
        ("code block", one_block(&|i| format!("    let x{i} = \"<{i}>\" & y;\n"), "```rust\n")),
        ("list", one_block(&|i| format!("- item {i} with **bold** and `code`\n"), "")),
        ("table", one_block(&|i| format!("| {i} | *two* | three |\n"), "| a | b | c |\n|---|---|---|\n")),
        ("blockquote", one_block(&|i| format!("> line {i} of a long *quote*\n"), "")),
        ("paragraph", one_block(&|i| format!("word {i} of a very long paragraph, "), "")),
    ]
}

#[test]
fn work_per_push_is_bounded_by_the_new_text() {
    for (shape, text) in shapes() {
        let mut streaming = StreamingMarkdown::new();
        let mut page = Page::default();
        let mut over = 0;
        let mut rng = XorShift(99);
        for piece in chunks(&text, &mut rng, 32) {
            let before = streaming.rendered_bytes;
            page.apply(streaming.push_delta(piece));
            let work = streaming.rendered_bytes - before;
            if work > 4 * piece.len() + EAGER_TAIL_BYTES + 256 {
                over += 1;
            }
        }
        page.apply(streaming.end());
        assert_same(&page.html(), render_with(&text, RenderMode::Chat).as_str(), shape);
        let total = streaming.rendered_bytes;
        if shape == "code block" {
            // Every line is appended: never more than its own bytes, twice.
            assert_eq!(over, 0, "{shape}: {over} pushes rendered more than their text");
            assert!(total <= 3 * text.len(), "{shape}: {total} bytes rendered for {}", text.len());
        } else {
            // The rest grows by a quarter between renderings: a few renderings of
            // the whole, the work overall proportional to the text.
            assert!(over <= 20, "{shape}: {over} pushes rendered the whole tail");
            assert!(total <= 3 * EAGER_TAIL_BYTES * EAGER_TAIL_BYTES / 16 + 6 * text.len(), "{shape}: {total} bytes");
        }
    }
}

/// A table of `rows` random rows (short, long, escaped, with inline markup).
fn table(rng: &mut XorShift, rows: usize) -> String {
    let mut text =
        String::from(rng.pick(&["| a | b | c |\n|---|:-:|--:|\n", "|x|\n|-|\n", "| h | *em* |\n| --- | --- |\n"]));
    for _ in 0..rows {
        text.push('|');
        for _ in 0..(1 + rng.below(4)) {
            text.push(' ');
            text.push_str(rng.pick(INLINE));
            text.push_str(rng.pick(&[" |", " \\| |", "|"]));
        }
        text.push('\n');
    }
    text
}

#[test]
fn streamed_tables_equal_the_whole_rendering() {
    let mut rng = XorShift(0x7ab1_e5ee_d000_0042);
    for round in 0..40 {
        let mut text = String::new();
        // A table past the renderer's element budget goes alone: the budget
        // counts per rendering, and each finished block is rendered on its own.
        let big = round % 10 == 0;
        for _ in 0..(if big { 1 } else { 1 + rng.below(3) }) {
            let rows = if big { 1_600 + rng.below(800) } else { rng.below(40) };
            text.push_str(&table(&mut rng, rows));
            if big {
                break;
            }
            text.push_str(rng.pick(&["", "\n", "\n\npara\n", "\n- item\n", "lazy\n", "# head\n", "\n| x |\n"]));
        }
        if rng.below(2) == 0 {
            text.pop();
        }
        let mode = if round % 3 == 0 { RenderMode::App } else { RenderMode::Chat };
        let whole = render_with(&text, mode);
        for max in [7, 64] {
            let (html, streaming) = stream(&chunks(&text, &mut rng, max), mode);
            assert!(!streaming.needs_whole(), "{text}");
            assert_same(&html, whole.as_str(), &text);
        }
    }
}

#[test]
fn a_growing_table_appends_its_rows() {
    // About 6,000 elements: under the renderer's budget, so rows are appended.
    let text = one_block_of(&|i| format!("| {i} | *two* | three |\n"), "| a | b | c |\n|---|---|---|\n", 30 * 1024);
    let mut streaming = StreamingMarkdown::new();
    let mut page = Page::default();
    let mut appended = 0;
    for piece in chunks(&text, &mut XorShift(5), 32) {
        let before = streaming.rendered_bytes;
        let delta = streaming.push_delta(piece);
        appended += usize::from(matches!(delta.tail, TailChange::AddInto { .. }));
        page.apply(delta);
        let work = streaming.rendered_bytes - before;
        if streaming.source().len() > EAGER_TAIL_BYTES {
            // The header and the rows completed by this piece, never the table.
            assert!(work <= 64 + 2 * piece.len() + 64, "{work} bytes rendered for a piece of {}", piece.len());
        }
    }
    page.apply(streaming.end());
    assert_same(&page.html(), render_with(&text, RenderMode::Chat).as_str(), "table");
    assert!(appended > 1_000, "{appended} appends");
    assert!(streaming.rendered_bytes <= 4 * text.len(), "{} bytes rendered", streaming.rendered_bytes);
}

/// [`stream`] for a reply as the app shows it (code blocks dressed, streamed
/// unhighlighted), with its code then highlighted as the page does.
fn stream_reply(pieces: &[&str], mode: RenderMode) -> (String, StreamingMarkdown) {
    let (html, streaming) = stream_into(StreamingMarkdown::for_reply(mode, &crate::markdown::English), pieces);
    (with_code_highlighted(&html), streaming)
}

/// A whole reply rendered unhighlighted and then highlighted as the page does
/// it: [`StreamingMarkdown::finish`] of a reply that needs the whole document.
fn finish_reply(streaming: &StreamingMarkdown) -> SafeHtml {
    SafeHtml(with_code_highlighted(streaming.finish().as_str()))
}

#[test]
fn a_streamed_reply_with_dressed_code_equals_its_whole_rendering() {
    streams_equal_whole_renderings_with(
        0x5eed_1234_abcd_0002,
        |markdown, mode| super::super::render_reply(markdown, mode, &crate::markdown::English),
        stream_reply,
        finish_reply,
    );
}

#[test]
fn a_dressed_code_block_streams_plain_and_highlighting_it_once_gives_the_whole_rendering() {
    let text = one_block(&|i| format!("    let x{i} = \"<{i}>\" & y; // note\n"), "```rust\n");
    let mut streaming = StreamingMarkdown::for_reply(RenderMode::Chat, &crate::markdown::English);
    let mut page = Page::default();
    let mut rng = XorShift(5);
    let mut over = 0;
    for piece in chunks(&text, &mut rng, 32) {
        let before = streaming.rendered_bytes;
        page.apply(streaming.push_delta(piece));
        if streaming.rendered_bytes - before > 4 * piece.len() + EAGER_TAIL_BYTES + 256 {
            over += 1;
        }
        assert!(!page.tail.contains("tok-"), "the open block stays plain");
    }
    assert_eq!(over, 0, "every line is appended, none rendered again");
    assert!(page.tail.contains("<button type=\"button\" class=\"copy-code\""), "the header shows while it streams");
    page.apply(streaming.end());
    // (This block is longer than the writer's HIGHLIGHT_BYTES: it stays plain.)
    let highlighted = with_code_highlighted(&page.html());
    assert!(!highlighted.contains("tok-"), "a block this long is not highlighted");
    assert_same(
        &highlighted,
        super::super::render_reply(&text, RenderMode::Chat, &crate::markdown::English).as_str(),
        "code block",
    );
    // An open block of ordinary length, and one closed by its fence: plain as
    // they stream and once finished, highlighted by the page.
    let mut streaming = StreamingMarkdown::for_reply(RenderMode::Chat, &crate::markdown::English);
    let mut page = Page::default();
    page.apply(streaming.push_delta("```rust\nlet x = 1;\n"));
    page.apply(streaming.end());
    assert!(!page.html().contains("tok-"), "not highlighted at the end either");
    assert!(with_code_highlighted(&page.html()).contains("<span class=\"tok-kw\">let</span>"));
    let mut streaming = StreamingMarkdown::for_reply(RenderMode::Chat, &crate::markdown::English);
    let update = streaming.push("```python\nprint(1)\n");
    assert!(update.new_blocks.is_empty() && !update.tail.as_str().contains("tok-"));
    let update = streaming.push("```\n\nAfter.\n");
    assert_eq!(update.new_blocks.len(), 1);
    assert!(!update.new_blocks[0].as_str().contains("tok-"), "a finished block is plain");
    assert!(with_code_highlighted(update.new_blocks[0].as_str()).contains("<span class=\"tok-fn\">print</span>"));
}
