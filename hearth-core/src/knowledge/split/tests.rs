//! Tests of passages: Markdown sections and their heading paths and lines,
//! merging and cutting to size, fenced code, HTML, plain text, code split at
//! definitions, PDF pages, and the scanner of tags and entities.

use super::markup::{Tag, Token, Tokens, attribute, decode_entities};
use super::*;

fn code(language: &str) -> FileKind {
    FileKind::Code { language: language.to_owned() }
}

/// (text, headings, line) of each passage.
fn summary(found: &[Passage]) -> Vec<(String, Vec<String>, Option<u32>)> {
    found.iter().map(|p| (p.text.clone(), p.at.headings.clone(), p.at.line)).collect()
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|item| (*item).to_owned()).collect()
}

/// A sentence of `words` distinct-ish words, ending with a full stop.
fn sentence(seed: usize, words: usize) -> String {
    let body: Vec<String> = (0..words).map(|at| format!("w{}x{}", seed, at)).collect();
    format!("{}.", body.join(" "))
}

#[test]
fn markdown_headings_give_each_passage_its_path_and_line() {
    let text = "Intro line.\n\n# Guide\n\nWelcome text.\n\n## Install\n\nRun the installer.\nIt takes a minute.\n\n\
                ### On Linux\n\nUse the package.\n\n## Use ##\n\nOpen the app.\n\nSetext Title\n============\n\n\
                Under setext.\n\nSub\n---\n\nUnder sub.\n";
    let found = passages(&FileKind::Markdown, text);
    let expected = vec![
        ("Intro line.", vec![], 1),
        ("Welcome text.", vec!["Guide"], 5),
        ("Run the installer.\nIt takes a minute.", vec!["Guide", "Install"], 9),
        ("Use the package.", vec!["Guide", "Install", "On Linux"], 14),
        ("Open the app.", vec!["Guide", "Use"], 18),
        ("Under setext.", vec!["Setext Title"], 23),
        ("Under sub.", vec!["Setext Title", "Sub"], 28),
    ];
    let expected: Vec<(String, Vec<String>, Option<u32>)> =
        expected.into_iter().map(|(text, headings, line)| (text.to_owned(), strings(&headings), Some(line))).collect();
    assert_eq!(summary(&found), expected);
    assert!(found.iter().all(|passage| passage.at.page.is_none()));
}

#[test]
fn small_paragraphs_merge_within_a_section_but_never_across() {
    let text = "# One\n\nFirst short.\n\nSecond short.\n\n# Two\n\nThird short.\n";
    let found = passages(&FileKind::Markdown, text);
    assert_eq!(
        summary(&found),
        vec![
            ("First short.\n\nSecond short.".to_owned(), strings(&["One"]), Some(3)),
            ("Third short.".to_owned(), strings(&["Two"]), Some(9)),
        ]
    );
}

#[test]
fn paragraphs_pack_to_the_target_size() {
    let text: Vec<String> = (0..60).map(|at| sentence(at, 10)).collect();
    let found = passages(&FileKind::Text, &text.join("\n\n"));
    let words: Vec<usize> = found.iter().map(|p| p.text.split_whitespace().count()).collect();
    assert!(found.len() > 2, "{words:?}");
    for (index, &count) in words.iter().enumerate() {
        assert!(count <= MAX_PASSAGE_WORDS, "{words:?}");
        if index + 1 < words.len() {
            assert!(count >= MIN_PASSAGE_WORDS, "{words:?}");
        }
    }
    assert_eq!(words.iter().sum::<usize>(), 600);
    // Each passage starts on the line of its first paragraph (two lines each).
    assert_eq!(found[0].at.line, Some(1));
    assert_eq!(found[1].at.line, Some(1 + 2 * u32::try_from(words[0] / 10).expect("the test's own input")));
}

#[test]
fn a_long_paragraph_is_cut_at_sentence_ends() {
    let sentences: Vec<String> = (0..60).map(|at| sentence(at, 12)).collect();
    let paragraph = sentences.join(" ");
    assert!(paragraph.chars().count() > 2 * MAX_PASSAGE_CHARS);
    let found = passages(&FileKind::Markdown, &format!("# Long\n\n{paragraph}\n"));
    assert!(found.len() >= 3);
    for passage in &found {
        assert!(passage.text.chars().count() <= MAX_PASSAGE_CHARS);
        assert!(passage.text.ends_with('.'), "cut mid-sentence: …{}", &passage.text[passage.text.len() - 20..]);
        assert_eq!(passage.at.headings, ["Long"]);
        assert_eq!(passage.at.line, Some(3));
    }
    // About even pieces, and nothing lost.
    let sizes: Vec<usize> = found.iter().map(|p| p.text.chars().count()).collect();
    let (min, max) =
        (sizes.iter().min().expect("the test's own input"), sizes.iter().max().expect("the test's own input"));
    assert!(min * 2 >= *max, "{sizes:?}");
    let joined: Vec<&str> = found.iter().flat_map(|p| p.text.split_whitespace()).collect();
    assert_eq!(joined, paragraph.split_whitespace().collect::<Vec<_>>());
}

#[test]
fn without_sentences_the_cut_is_at_line_breaks_then_spaces_then_anywhere() {
    let lines: Vec<String> = (0..200).map(|at| format!("row {at}, value {}", at * 7)).collect();
    let found = passages(&FileKind::Text, &lines.join("\n"));
    assert!(found.len() > 1);
    let mut next_line = 1;
    for passage in &found {
        assert!(passage.text.chars().count() <= MAX_PASSAGE_CHARS);
        assert!(passage.text.starts_with("row "), "{}", passage.text);
        assert_eq!(passage.at.line, Some(next_line));
        next_line += u32::try_from(passage.text.lines().count()).expect("the test's own input");
    }

    let words = vec!["word"; 1000].join(" ");
    let found = passages(&FileKind::Text, &words);
    assert!(
        found.iter().all(|p| p.text.chars().count() <= MAX_PASSAGE_CHARS && p.text.split(' ').all(|w| w == "word"))
    );

    let blob = "é".repeat(4000);
    let found = passages(&FileKind::Text, &blob);
    assert!(found.iter().all(|p| p.text.chars().count() <= MAX_PASSAGE_CHARS));
    assert_eq!(found.iter().map(|p| p.text.chars().count()).sum::<usize>(), 4000);
}

#[test]
fn fenced_code_stays_whole_and_is_not_read_as_markdown() {
    let text =
        "# Code\n\nBefore.\n\n```rust\nfn main() {\n\n    # not a heading\n    let  x  =  1;\n}\n```\n\nAfter.\n";
    let found = passages(&FileKind::Markdown, text);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].text,
        "Before.\n\n```rust\nfn main() {\n\n    # not a heading\n    let  x  =  1;\n}\n```\n\nAfter."
    );
    assert_eq!(found[0].at.headings, ["Code"]);
    // An unclosed fence runs to the end.
    let found = passages(&FileKind::Markdown, "~~~\ncode\n# still code");
    assert_eq!(summary(&found), vec![("~~~\ncode\n# still code".to_owned(), vec![], Some(1))]);
}

#[test]
fn a_fenced_block_over_the_maximum_is_cut_between_lines_inside_its_fences() {
    let body: Vec<String> = (0..150).map(|at| format!("    let value_{at} = compute({at});")).collect();
    let text = format!("Intro.\n\n```rust\n{}\n```\n", body.join("\n"));
    let found = passages(&FileKind::Markdown, &text);
    let pieces: Vec<&Passage> = found.iter().filter(|p| p.text.contains("let value_")).collect();
    assert!(pieces.len() >= 3);
    let mut next = 0;
    for piece in pieces {
        assert!(piece.text.chars().count() <= MAX_PASSAGE_CHARS);
        let inner = piece.text.rsplit("```rust\n").next().expect("the test's own input");
        assert!(inner.ends_with("\n```"), "{}", piece.text);
        for line in inner.lines().filter(|line| line.contains("let value_")) {
            assert_eq!(line, format!("    let value_{next} = compute({next});"));
            next += 1;
        }
    }
    assert_eq!(next, 150);
}

#[test]
fn front_matter_is_a_block_of_its_own() {
    let text = "---\ntitle: Notes\ntags: [a, b]\n---\n\n# Body\n\nText.\n";
    let found = passages(&FileKind::Markdown, text);
    assert_eq!(
        summary(&found),
        vec![
            ("---\ntitle: Notes\ntags: [a, b]\n---".to_owned(), vec![], Some(1)),
            ("Text.".to_owned(), strings(&["Body"]), Some(8)),
        ]
    );
}

#[test]
fn thematic_breaks_go_and_lists_are_not_setext_headings() {
    let text = "Para one.\n\n***\n\n- item one\n- item two\n---\n\nEnd.";
    let found = passages(&FileKind::Markdown, text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].text, "Para one.\n\n- item one\n- item two\n\nEnd.");
    assert!(found[0].at.headings.is_empty());
}

#[test]
fn heading_levels_reset_deeper_ones() {
    let text = "# A\n## B\n### C\ntext c\n## D\ntext d\n# E\n### F\ntext f\n#NoSpace\n####### seven\n";
    let found = passages(&FileKind::Markdown, text);
    let headings: Vec<Vec<String>> = found.iter().map(|p| p.at.headings.clone()).collect();
    assert_eq!(headings, vec![strings(&["A", "B", "C"]), strings(&["A", "D"]), strings(&["E", "F"])]);
    assert_eq!(found[2].text, "text f\n#NoSpace\n####### seven");
}

#[test]
fn prose_whitespace_is_collapsed_but_indentation_kept() {
    let found = passages(&FileKind::Text, "  Indented   line\twith \u{a0} gaps   \nnext\u{7}line");
    assert_eq!(found[0].text, "  Indented line with gaps\nnext line");
}

#[test]
fn plain_text_paragraphs_keep_their_lines() {
    let found = passages(&FileKind::Text, "\n\nFirst para\nstill first\n\n\n\nSecond para\n");
    assert_eq!(summary(&found), vec![("First para\nstill first\n\nSecond para".to_owned(), vec![], Some(3))]);
}

#[test]
fn html_becomes_markdown_sections() {
    let html = r#"<!DOCTYPE html><html><head><title>Ignored title</title><style>p { color: red; }</style>
        <script>if (a < b) { document.write("<h1>no</h1>"); }</script></head>
        <body><!-- a comment <h1>hidden</h1> -->
        <h1>Main   <em>Title</em></h1>
        <p>First &amp; <b>bold</b>
           paragraph.</p><p>Second&nbsp;one &copy; 2026.</p>
        <h2>List</h2><ul><li>One</li><li>Two &lt;three&gt;</li></ul>
        <pre><code>let  x = 1;
if a &lt; b {}</code></pre>
        <div>Line<br>break</div><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>
        </body></html>"#;
    let markdown = html::to_markdown(html);
    assert_eq!(
        markdown,
        "# Main Title\n\nFirst & bold paragraph.\n\nSecond one © 2026.\n\n## List\n\n- One\n- Two <three>\n\n\
         ```\nlet  x = 1;\nif a < b {}\n```\n\nLine\nbreak\n\na b\nc d\n\n"
    );
    let found = passages(&FileKind::Html, html);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].at.headings, ["Main Title"]);
    assert_eq!(found[0].text, "First & bold paragraph.\n\nSecond one © 2026.");
    assert_eq!(found[1].at.headings, ["Main Title", "List"]);
    assert!(found[1].text.starts_with("- One\n- Two <three>\n\n```\nlet  x = 1;"));
    assert!(found.iter().all(|p| p.at.line.is_none()));
    assert!(!found.iter().any(|p| p.text.contains("Ignored") || p.text.contains("color") || p.text.contains("hidden")));
}

#[test]
fn html_without_a_head_or_body_still_reads() {
    let found = passages(&FileKind::Html, "Just <i>text</i> &amp; a < sign, <3 and <unclosed");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].text, "Just text & a < sign, <3 and <unclosed");
}

const RUST: &str = "//! A module.

use std::fmt;

/// Adds.
#[inline]
pub fn add(a: i32, b: i32) -> i32 {
    a + b
}

struct Point {
    x: i32,
}

impl Point {
    fn new() -> Self {
        Point { x: 0 }
    }
}
";

#[test]
fn code_splits_at_top_level_definitions() {
    let found = code::blocks(RUST, "rs");
    let blocks: Vec<(Option<String>, usize, &str)> =
        found.iter().map(|block| (block.label.clone(), block.line, block.text.as_str())).collect();
    assert_eq!(
        blocks,
        vec![
            (None, 1, "//! A module.\n\nuse std::fmt;"),
            (
                Some("pub fn add(a: i32, b: i32) -> i32 {".to_owned()),
                5,
                "/// Adds.\n#[inline]\npub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}"
            ),
            (Some("struct Point {".to_owned()), 11, "struct Point {\n    x: i32,\n}"),
            (
                Some("impl Point {".to_owned()),
                15,
                "impl Point {\n    fn new() -> Self {\n        Point { x: 0 }\n    }\n}"
            ),
        ]
    );
    // Small blocks merge into one passage, headed by its first definition.
    let found = passages(&code("rs"), RUST);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].at.headings, ["pub fn add(a: i32, b: i32) -> i32 {"]);
    assert_eq!(found[0].at.line, Some(1));
    assert!(found[0].text.contains("    a + b"));
}

#[test]
fn large_code_blocks_are_passages_of_their_own() {
    let body: Vec<String> = (0..25).map(|at| format!("    total += compute_something_long({at});")).collect();
    let mut text = String::new();
    for name in ["alpha", "beta", "gamma"] {
        text.push_str(&format!("# {name} does things\n@decorated\ndef {name}(x):\n{}\n\n", body.join("\n")));
    }
    let found = passages(&code("py"), &text);
    let labels: Vec<(String, Option<u32>)> = found.iter().map(|p| (p.at.headings.concat(), p.at.line)).collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    let stride = u32::try_from(body.len() + 4).expect("the test's own input");
    for (index, name) in ["alpha", "beta", "gamma"].iter().enumerate() {
        assert_eq!(
            labels[index],
            (format!("def {name}(x):"), Some(1 + stride * u32::try_from(index).expect("the test's own input")))
        );
        assert!(found[index].text.starts_with(&format!("# {name} does things\n@decorated\ndef {name}(x):")));
    }
}

#[test]
fn other_languages_definitions_are_found() {
    let c =
        "#include <stdio.h>\n\nint main(void) {\n    return 0;\n}\n\nstatic int helper(int x)\n{\n    return x;\n}\n";
    let labels: Vec<Option<String>> = code::blocks(c, "c").into_iter().map(|b| b.label).collect();
    assert_eq!(labels, vec![None, Some("int main(void) {".into()), Some("static int helper(int x)".into())]);
    let js = "import x from 'y';\nexport function a() {}\nconst b = () => {};\nif (x) {\n  a();\n}\nclass C {}\n";
    let labels: Vec<Option<String>> = code::blocks(js, "js").into_iter().map(|b| b.label).collect();
    assert_eq!(
        labels,
        vec![
            None,
            Some("export function a() {}".into()),
            Some("const b = () => {};".into()),
            Some("class C {}".into())
        ]
    );
    let yaml = "name: app\nservices:\n  web:\n    image: x\nvolumes: {}\n";
    let labels: Vec<Option<String>> = code::blocks(yaml, "yaml").into_iter().map(|b| b.label).collect();
    assert_eq!(labels, vec![Some("name: app".into()), Some("services:".into()), Some("volumes: {}".into())]);
    let css = ".btn {\n  color: red;\n}\n\n.card > .title {\n  margin: 0;\n}\n";
    assert_eq!(code::blocks(css, "css").len(), 2);
}

#[test]
fn a_long_definition_label_is_cut() {
    let line = format!("fn {}() {{}}", "x".repeat(300));
    let found = passages(&code("rs"), &line);
    assert_eq!(found[0].at.headings[0].chars().count(), MAX_LABEL_CHARS);
}

#[test]
fn a_minified_line_is_cut_anywhere() {
    let line = "var a=1;".repeat(1000);
    let found = passages(&code("js"), &line);
    assert!(found.len() >= 5);
    assert!(found.iter().all(|p| p.text.chars().count() <= MAX_PASSAGE_CHARS));
    assert_eq!(found.iter().map(|p| p.text.len()).sum::<usize>(), line.len());
}

#[test]
fn pdf_pages_keep_their_numbers_and_skip_blank_pages() {
    let pages = vec![
        "Chapter one\nbegins here and\ncontinues.\n\nA second paragraph.".to_owned(),
        "   \n\n".to_owned(),
        String::new(),
        "Page four text.".to_owned(),
    ];
    let found = pdf_pages(&pages);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].text, "Chapter one begins here and continues.\n\nA second paragraph.");
    assert_eq!(found[0].at, Locator { page: Some(1), headings: vec![], line: None });
    assert_eq!(found[1].at.page, Some(4));
    assert!(pdf_pages(&[]).is_empty());
}

#[test]
fn a_passage_never_spans_two_pages() {
    let page: Vec<String> = (0..30).map(|at| sentence(at, 8)).collect();
    let pages = vec![page.join(" "), page.join(" "), "Short.".to_owned()];
    let found = pdf_pages(&pages);
    let numbers: Vec<u32> = found.iter().filter_map(|p| p.at.page).collect();
    assert!(numbers.windows(2).all(|pair| pair[0] <= pair[1]));
    assert_eq!(found.last().map(|p| (p.text.as_str(), p.at.page)), Some(("Short.", Some(3))));
    for number in 1..=2 {
        let text: Vec<&str> =
            found.iter().filter(|p| p.at.page == Some(number)).flat_map(|p| p.text.split_whitespace()).collect();
        assert_eq!(text, pages[0].split_whitespace().collect::<Vec<_>>());
    }
}

#[test]
fn empty_input_gives_nothing() {
    for kind in [FileKind::Markdown, FileKind::Text, FileKind::Html, FileKind::Docx, FileKind::Pdf, code("rs")] {
        assert!(passages(&kind, "").is_empty(), "{kind:?}");
        assert!(passages(&kind, " \n\n\t\n").is_empty(), "{kind:?}");
    }
    assert!(passages(&FileKind::Markdown, "# Only a heading\n## And another").is_empty());
    assert!(passages(&FileKind::Html, "<html><head><title>t</title></head><body></body></html>").is_empty());
}

#[test]
fn cjk_text_counts_characters_as_words() {
    assert_eq!(count_words("知识库 is here"), 5);
    let text: String = "知识库的内容。".repeat(400);
    let found = passages(&FileKind::Text, &text);
    assert!(found.len() > 1);
    assert!(found.iter().all(|p| p.text.chars().count() <= MAX_PASSAGE_CHARS && p.text.ends_with('。')));
}

#[test]
fn any_input_gives_passages_within_the_limits() {
    let pieces = [
        "# ", "## ", "\n", "\n\n", "```", "~~~", "---", "===", "<p>", "</p>", "<h2>", "<script>", "<pre>", "&amp;",
        "&#x", ";", "word ", "é", "知识", " ", "\t", "fn ", "def ", "{", "}", ". ", "- ", "|", "<", ">", "\r\n",
    ];
    let mut state = 0x9e37_79b9_u32;
    for round in 0..300 {
        let mut text = String::new();
        for _ in 0..(round * 7 % 400) {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            text.push_str(pieces[state as usize % pieces.len()]);
        }
        for kind in [FileKind::Markdown, FileKind::Text, FileKind::Html, FileKind::Docx, code("rs")] {
            for passage in passages(&kind, &text) {
                assert!(!passage.text.trim().is_empty());
                assert!(passage.text.chars().count() <= MAX_PASSAGE_CHARS, "{kind:?}: {}", passage.text.len());
            }
        }
        let pages = vec![text.clone(), text];
        assert!(pdf_pages(&pages).iter().all(|p| p.text.chars().count() <= MAX_PASSAGE_CHARS));
    }
}

#[test]
fn the_scanner_reads_tags_text_and_cdata() {
    let tokens: Vec<Token<'_>> =
        Tokens::new(r#"a<b x="1>2" y='z'/>c</B><!-- no --><?pi?><![CDATA[<raw>]]>< d"#).collect();
    assert_eq!(
        tokens,
        vec![
            Token::Text("a"),
            Token::Tag(Tag { name: "b", closing: false, self_closing: true, attributes: r#" x="1>2" y='z'"# }),
            Token::Text("c"),
            Token::Tag(Tag { name: "B", closing: true, self_closing: false, attributes: "" }),
            Token::CData("<raw>"),
            Token::Text("< d"),
        ]
    );
    assert_eq!(attribute(r#" x="1>2" y='z' w:val = "Heading1" flag"#, "w:val"), Some("Heading1"));
    assert_eq!(attribute(r#" x="1>2" y='z'"#, "y"), Some("z"));
    assert_eq!(attribute(" flag other=3", "other"), Some("3"));
    assert_eq!(attribute(" x=1", "y"), None);
    let mut skipping = Tokens::new("if (a < b) {}</SCRIPT>after");
    skipping.skip_raw("script");
    assert_eq!(skipping.collect::<Vec<_>>(), vec![Token::Text("after")]);
}

#[test]
fn entities_decode_named_numeric_and_accented() {
    let mut out = String::new();
    decode_entities(
        "&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#X43; &eacute;&Ccedil;&ntilde; &hellip;&mdash; &unknown; &amp",
        &mut out,
    );
    assert_eq!(out, "<>&\"' ABC éÇñ …— &unknown; &amp");
}

#[test]
fn a_file_of_tags_that_never_close_is_read_in_one_pass() {
    // 200,000 `<a` with no `>` anywhere: read again from each `<`, this would take
    // minutes; read once, it is text.
    let hostile = format!("<h1>Title</h1><p>{}</p", "<a".repeat(200_000));
    let passages = passages(&FileKind::Html, &hostile);
    assert!(!passages.is_empty());
    assert_eq!(passages[0].at.headings, vec!["Title".to_owned()]);
}
