//! Tests of the highlighter and of dressed code blocks: every language gets its
//! tokens, the runs are the code exactly (whatever the input), the dressed
//! markup stays within its allow-list and loads nothing, and the highlighting
//! stays within its budget.

use super::safety::{CORPUS, tags};
use crate::markdown::highlight::{Language, Token, highlight, listed};
use crate::markdown::writer::{HIGHLIGHT_BYTES, HIGHLIGHT_SPANS};
use crate::markdown::{RenderMode, StreamingMarkdown, highlight_code, render, render_reply};

/// What the page does to a reply streamed unhighlighted once it highlights
/// its code: each `<code class="language-…">`'s content replaced by
/// [`highlight_code`] of its text (the element's `textContent`: the markup
/// without its `<wbr>`s, unescaped), where the language is known.
pub(in crate::markdown) fn with_code_highlighted(html: &str) -> String {
    const OPEN: &str = "<code class=\"language-";
    const MARKED: &str = "\" data-plain=\"\">";
    let mut out = String::with_capacity(html.len() * 2);
    let mut rest = html;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let (Some(quote), Some(end)) = (after.find('"'), after.find("</code>")) else { break };
        let language = &after[..quote];
        // The page highlights only the marked blocks, and takes the mark away.
        let Some(unmarked) = after[quote..].strip_prefix(MARKED) else {
            out.push_str(&rest[..at + OPEN.len() + end]);
            rest = &after[end..];
            continue;
        };
        let inner = &unmarked[..end - quote - MARKED.len()];
        let text = inner
            .replace("<wbr>", "")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&nbsp;", "\u{a0}")
            .replace("&quot;", "\"")
            .replace("&amp;", "&");
        out.push_str(&rest[..at + OPEN.len() + quote]);
        out.push_str("\">");
        let highlighted = highlight_code(language, &text).unwrap_or_else(|| panic!("{language} is marked, so known"));
        out.push_str(highlighted.as_str());
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The runs of `code` in `language`.
fn runs(language: &str, code: &str) -> Vec<(Option<Token>, String)> {
    let language = Language::of(language).unwrap_or_else(|| panic!("{language} is known"));
    let mut found = Vec::new();
    highlight(language, code, &mut |token, text| found.push((token, text.to_owned())));
    found
}

/// The text of each run of kind `token`.
fn of(runs: &[(Option<Token>, String)], token: Token) -> Vec<&str> {
    runs.iter().filter(|(t, _)| *t == Some(token)).map(|(_, text)| text.as_str()).collect()
}

/// A language, a sample of it, and runs the sample must have.
type Sample = (&'static str, &'static str, &'static [(Token, &'static str)]);

const SAMPLES: &[Sample] = &[
    (
        "rust",
        "#[derive(Debug)]\nfn main() -> u32 {\n    let s: String = \"hi \\\" there\"; // say it\n    println!(\"{s}\");\n    'a'; 0x1F_u8; None\n}",
        &[
            (Token::Meta, "#[derive(Debug)]"),
            (Token::Keyword, "fn"),
            (Token::Keyword, "let"),
            (Token::Type, "u32"),
            (Token::Type, "String"),
            (Token::String, "\"hi \\\" there\""),
            (Token::Comment, "// say it"),
            (Token::Function, "println!"),
            (Token::String, "'a'"),
            (Token::Number, "0x1F_u8"),
            (Token::Literal, "None"),
        ],
    ),
    (
        "python",
        "@cache\ndef f(x):\n    \"\"\"Doc\n    string\"\"\"\n    return x + 1.5  # add\nprint(True)",
        &[
            (Token::Meta, "@cache"),
            (Token::Keyword, "def"),
            (Token::Function, "f"),
            (Token::String, "\"\"\"Doc\n    string\"\"\""),
            (Token::Number, "1.5"),
            (Token::Comment, "# add"),
            (Token::Literal, "True"),
        ],
    ),
    (
        "js",
        "const n = `a ${b}`; /* c */ if (x === null) { console.log('y'); }",
        &[
            (Token::Keyword, "const"),
            (Token::String, "`a ${b}`"),
            (Token::Comment, "/* c */"),
            (Token::Literal, "null"),
            (Token::Function, "log"),
            (Token::String, "'y'"),
        ],
    ),
    (
        "typescript",
        "interface A { n: number }\nexport type B = A | string;",
        &[(Token::Keyword, "interface"), (Token::Type, "number"), (Token::Keyword, "type"), (Token::Type, "string")],
    ),
    (
        "json",
        "{\"name\": \"Hearth\", \"n\": -1.5e3, \"ok\": true, \"none\": null}",
        &[
            (Token::Property, "\"name\""),
            (Token::String, "\"Hearth\""),
            (Token::Number, "1.5e3"),
            (Token::Literal, "true"),
            (Token::Literal, "null"),
        ],
    ),
    (
        "html",
        "<!doctype html>\n<!-- note -->\n<a href=\"/x\" data-y='z' n=x>&amp;</a>\n<script>let a = 1;</script><style>p { color: red }</style>",
        &[
            (Token::Meta, "<!doctype html>"),
            (Token::Comment, "<!-- note -->"),
            (Token::Tag, "a"),
            (Token::Attribute, "href"),
            (Token::String, "\"/x\""),
            (Token::Attribute, "data-y"),
            (Token::String, "x"),
            (Token::Literal, "&amp;"),
            (Token::Tag, "script"),
            (Token::Keyword, "let"),
            (Token::Number, "1"),
            (Token::Property, "color"),
        ],
    ),
    (
        "css",
        "@media (max-width: 600px) {\n  .a > b:hover { color: #fff !important; margin: 0 auto; }\n}\n/* c */",
        &[
            (Token::Keyword, "@media"),
            (Token::Property, "max-width"),
            (Token::Number, "600px"),
            (Token::Tag, "b"),
            (Token::Tag, ":hover"),
            (Token::Property, "color"),
            (Token::Number, "#fff"),
            (Token::Keyword, "!important"),
            (Token::Literal, "auto"),
            (Token::Comment, "/* c */"),
        ],
    ),
    (
        "bash",
        "#!/bin/sh\nfor f in *.txt; do echo \"$f ${HOME}\" # list\ndone\nexport PATH=$PATH:~/bin",
        &[
            (Token::Comment, "#!/bin/sh"),
            (Token::Keyword, "for"),
            (Token::Keyword, "do"),
            (Token::String, "\"$f ${HOME}\""),
            (Token::Comment, "# list"),
            (Token::Keyword, "done"),
            (Token::Variable, "$PATH"),
        ],
    ),
    (
        "sql",
        "SELECT id, name FROM users WHERE age > 21 AND name LIKE 'A%' -- adults\nORDER BY id;",
        &[
            (Token::Keyword, "SELECT"),
            (Token::Keyword, "FROM"),
            (Token::Keyword, "WHERE"),
            (Token::Number, "21"),
            (Token::String, "'A%'"),
            (Token::Comment, "-- adults"),
            (Token::Keyword, "ORDER"),
        ],
    ),
    (
        "go",
        "package main\n\nfunc main() {\n\tvar s string = `raw`\n\tfmt.Println(s, nil)\n}",
        &[
            (Token::Keyword, "package"),
            (Token::Keyword, "func"),
            (Token::Type, "string"),
            (Token::String, "`raw`"),
            (Token::Function, "Println"),
            (Token::Literal, "nil"),
        ],
    ),
    (
        "java",
        "@Override\npublic static void main(String[] args) { System.out.println(\"x\" + 42L); }",
        &[
            (Token::Meta, "@Override"),
            (Token::Keyword, "public"),
            (Token::Type, "void"),
            (Token::Type, "String"),
            (Token::String, "\"x\""),
            (Token::Number, "42L"),
        ],
    ),
    (
        "c",
        "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 'c'); return 0; }",
        &[
            (Token::Meta, "#include <stdio.h>"),
            (Token::Type, "int"),
            (Token::Function, "printf"),
            (Token::String, "\"%d\\n\""),
            (Token::String, "'c'"),
            (Token::Keyword, "return"),
        ],
    ),
    (
        "cpp",
        "template <typename T> class V { std::vector<T> v; auto p = nullptr; };",
        &[
            (Token::Keyword, "template"),
            (Token::Keyword, "class"),
            (Token::Type, "vector"),
            (Token::Literal, "nullptr"),
        ],
    ),
    (
        "yaml",
        "---\n# config\nname: \"Hearth\"\nitems:\n  - port: 8080\n    on: true\n  - &base ref\n",
        &[
            (Token::Meta, "---"),
            (Token::Comment, "# config"),
            (Token::Property, "name"),
            (Token::String, "\"Hearth\""),
            (Token::Property, "port"),
            (Token::Number, "8080"),
            (Token::Literal, "true"),
            (Token::Variable, "&base"),
        ],
    ),
    (
        "markdown",
        "# Title\n\n- item with `code` and [a link](https://example.com)\n\n```sh\nls\n```\n",
        &[
            (Token::Heading, "# Title"),
            (Token::Keyword, "-"),
            (Token::String, "`code`"),
            (Token::Attribute, "(https://example.com)"),
            (Token::Meta, "```sh"),
            (Token::String, "ls"),
        ],
    ),
    (
        "diff",
        "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n same\n",
        &[
            (Token::Meta, "--- a/x"),
            (Token::Meta, "+++ b/x"),
            (Token::Meta, "@@ -1,2 +1,2 @@"),
            (Token::Deleted, "-old line"),
            (Token::Inserted, "+new line"),
        ],
    ),
];

#[test]
fn every_language_gets_its_tokens() {
    for (language, code, expected) in SAMPLES {
        let found = runs(language, code);
        for (token, text) in *expected {
            assert!(of(&found, *token).contains(text), "{language}: {token:?} {text:?} not in {found:?}");
        }
    }
    // Words inside strings and comments are not keywords.
    let found = runs("rust", "// fn let\n\"fn\"");
    assert!(of(&found, Token::Keyword).is_empty(), "{found:?}");
}

#[test]
fn aliases_name_the_same_languages() {
    for (alias, name) in [("rs", "rust"), ("py", "python"), ("JS", "javascript"), ("tsx", "typescript"), ("sh", "bash")]
    {
        let (alias_is, name_is) = (Language::of(alias), Language::of(name));
        assert!(alias_is.zip(name_is).is_some_and(|(a, b)| std::ptr::eq(a, b)), "{alias}");
    }
    for name in ["mermaid", "text", "", "brainfuck"] {
        assert!(Language::of(name).is_none(), "{name} is not highlighted");
    }
}

/// Inputs that end in the middle of things, mix scripts, or are just odd.
const ODD: &[&str] = &[
    "",
    "\"unclosed string",
    "'",
    "/* unclosed comment",
    "<!-- unclosed",
    "<a href=\"x",
    "<",
    "<script>let x = '</script",
    "r#\"raw",
    "\\",
    "$",
    "${",
    "@",
    "#",
    "0x",
    "1e",
    "é🔥ü 'é' \"🔥\" // ü\n# é\n-- ü",
    "a-1 1-2 .5 -.5 1.2.3",
    "key: 'é 🔥'\n- - x\n  ü: ü",
    "```\n~~~\n# x\n> y\n1. z\n**",
    "\r\n\t \u{a0}",
    "\"\"\"never closed",
    "#[never closed",
    "'a 'b' '\\u{1F525}'",
];

#[test]
fn the_runs_are_the_code_exactly() {
    let languages = [
        "rust", "python", "js", "ts", "json", "html", "css", "scss", "bash", "sql", "go", "java", "kotlin", "c", "cpp",
        "csharp", "yaml", "toml", "markdown", "diff",
    ];
    let samples = SAMPLES.iter().map(|(_, code, _)| *code);
    let inputs: Vec<String> = ODD.iter().copied().chain(samples).map(str::to_owned).collect();
    // Every input, and every prefix of the samples (as a block may end anywhere).
    for language in languages {
        for input in &inputs {
            let mut cuts: Vec<usize> = (0..=input.len()).filter(|i| input.is_char_boundary(*i)).collect();
            cuts.dedup();
            for cut in cuts {
                let code = &input[..cut];
                let found = runs(language, code);
                let joined: String = found.iter().map(|(_, text)| text.as_str()).collect();
                assert_eq!(joined, code, "{language}");
                assert!(found.iter().all(|(_, text)| !text.is_empty()), "{language}: an empty run in {found:?}");
                assert!(
                    found.windows(2).all(|pair| pair[0].0.is_some() || pair[1].0.is_some()),
                    "{language}: neighbouring plain runs are joined: {found:?}"
                );
            }
        }
    }
}

#[test]
fn a_dressed_code_block_has_a_header_a_named_scroller_and_tokens() {
    let html = render_reply("```rust\nlet x = 1; // <b>\n```", RenderMode::Chat, &crate::markdown::English);
    assert_eq!(
        html.as_str(),
        "<div class=\"code-block\"><div class=\"code-head\"><span class=\"code-lang\">rust</span>\
         <button type=\"button\" class=\"copy-code\" aria-label=\"Copy code\">Copy code</button></div>\
         <pre tabindex=\"0\" role=\"figure\" aria-label=\"rust code\"><code class=\"language-rust\">\
         <span class=\"tok-kw\">let</span> x = <span class=\"tok-num\">1</span>; \
         <span class=\"tok-com\">// &lt;b&gt;</span>\n</code></pre></div>\n"
    );
    // No language, or one not allowed as a class: labelled "code", plain.
    assert_eq!(
        render_reply("```\nplain <i>\n```", RenderMode::Chat, &crate::markdown::English).as_str(),
        "<div class=\"code-block\"><div class=\"code-head\"><span class=\"code-lang\">code</span>\
         <button type=\"button\" class=\"copy-code\" aria-label=\"Copy code\">Copy code</button></div>\
         <pre tabindex=\"0\" role=\"figure\" aria-label=\"Code\"><code>plain &lt;i&gt;\n</code></pre></div>\n"
    );
    let html = render_reply("```x\" onclick=\"alert(1)\nz\n```", RenderMode::Chat, &crate::markdown::English);
    assert!(html.as_str().contains("<span class=\"code-lang\">code</span>"), "{}", html.as_str());
    // A language the highlighter does not know: labelled, plain.
    let html = render_reply("```brainfuck\n+[-]\n```", RenderMode::Chat, &crate::markdown::English);
    assert!(html.as_str().contains("aria-label=\"brainfuck code\"><code class=\"language-brainfuck\">+[-]\n</code>"));
    // The plain rendering is unchanged.
    assert_eq!(
        render("```rust\nlet x = 1;\n```").as_str(),
        "<pre><code class=\"language-rust\">let x = 1;\n</code></pre>\n"
    );
}

#[test]
fn a_mermaid_block_offers_its_diagram_and_is_not_highlighted() {
    let html = render_reply("```mermaid\ngraph TD; A-->B\n```", RenderMode::Chat, &crate::markdown::English);
    assert_eq!(
        html.as_str(),
        "<div class=\"code-block\"><div class=\"code-head\"><span class=\"code-lang\">mermaid</span>\
         <button type=\"button\" class=\"show-diagram\">Show diagram</button>\
         <button type=\"button\" class=\"copy-code\" aria-label=\"Copy code\">Copy code</button></div>\
         <pre tabindex=\"0\" role=\"figure\" aria-label=\"mermaid code\"><code class=\"language-mermaid\">graph TD; A--&gt;B\n</code></pre></div>\n"
    );
}

#[test]
fn a_dressed_table_can_be_reached_to_scroll_it() {
    let html = render_reply("| a | b |\n|---|---|\n| 1 | 2 |\n", RenderMode::Chat, &crate::markdown::English);
    assert!(html.as_str().starts_with("<table tabindex=\"0\"><thead>"), "{}", html.as_str());
    assert!(render("| a |\n|---|\n| 1 |\n").as_str().starts_with("<table><thead>"));
}

/// The dressed allow-list: what the writer's docs list, nothing else.
#[track_caller]
fn assert_dressed_safe(html: &str) {
    let token_classes: Vec<String> = Token::ALL.iter().map(|t| t.class().to_owned()).collect();
    for (name, attributes) in tags(html) {
        for (attribute, value) in &attributes {
            let ok = match (name.as_str(), attribute.as_str()) {
                (_, "title") => true,
                ("a", "href" | "target" | "rel") => true,
                ("div", "class") => value == "code-block" || value == "code-head",
                ("span", "class") => {
                    ["code-lang", "image-placeholder", "image-alt", "image-host", "link-host", "app-code-number"]
                        .contains(&value.as_str())
                        || token_classes.contains(value)
                }
                ("button", "type") => value == "button",
                ("button", "class") => ["copy-code", "show-diagram", "load-image"].contains(&value.as_str()),
                ("button", "aria-label") => true,
                ("button", "data-image-url") => value.starts_with("https://") || value.starts_with("http://"),
                ("pre", "tabindex") | ("table", "tabindex") => value == "0",
                ("pre", "role") => value == "figure",
                ("pre", "aria-label") => value == "Code" || value.ends_with(" code"),
                ("code", "class") => value.starts_with("language-"),
                ("code", "data-plain") => value.is_empty(),
                ("details", "class") => value.starts_with("app-code"),
                ("ol", "start") => value.bytes().all(|b| b.is_ascii_digit()),
                ("input", "type" | "checked" | "disabled") => true,
                _ => false,
            };
            assert!(ok, "{name}[{attribute}={value:?}] in {html}");
        }
        assert!(
            !["img", "script", "style", "iframe", "svg", "math", "link", "meta", "object", "embed"]
                .contains(&name.as_str()),
            "<{name}> in {html}"
        );
    }
}

#[test]
fn dressed_code_loads_nothing_and_keeps_markup_in_code_as_text() {
    let hostile = [
        "```html\n<script>alert(1)</script><img src=x onerror=alert(1)>\n```",
        "```html\n</code></pre></div><img src=https://attacker.example/x.png>\n```",
        "```css\nbody { background: url(https://attacker.example/bg.png) }\n```",
        "```js\n\"</span><script>alert(1)</script>\"\n```",
        "```rust\"><script>\nx\n```",
        "```markdown\n![x](https://attacker.example/md.png)\n```",
        "```diff\n+<iframe src=https://attacker.example>\n```",
    ];
    for markdown in CORPUS.iter().map(|(m, _)| *m).chain(hostile) {
        for mode in [RenderMode::Chat, RenderMode::App] {
            let html = render_reply(markdown, mode, &crate::markdown::English);
            assert_dressed_safe(html.as_str());
            let mut streaming = StreamingMarkdown::for_reply(mode, &crate::markdown::English);
            let mut streamed = String::new();
            for piece in super::pieces(markdown, 3) {
                let update = streaming.push(piece);
                update.new_blocks.iter().for_each(|b| assert_dressed_safe(b.as_str()));
                update.new_blocks.iter().for_each(|b| streamed.push_str(b.as_str()));
                assert_dressed_safe(update.tail.as_str());
            }
            streaming.end();
            streamed.push_str(streaming.tail_markup().as_str());
            // Highlighted later by the page (highlight_code on each block's text).
            assert_dressed_safe(&with_code_highlighted(&streamed));
        }
    }
    let html = render_reply(hostile[1], RenderMode::Chat, &crate::markdown::English);
    let html = html.as_str();
    assert!(
        html.contains("&lt;/<span class=\"tok-tag\">div</span>&gt;&lt;<span class=\"tok-tag\">img</span>"),
        "{html}"
    );
    assert_eq!(html.matches("</pre>").count(), 1, "{html}");
}

#[test]
fn highlighting_stays_within_its_budget_and_keeps_the_text() {
    let code: String = (0..1_500).map(|i| format!("let x{i} = {i};\n")).collect();
    assert!(code.len() <= HIGHLIGHT_BYTES);
    let html = render_reply(
        &format!("```rust\n{code}```\n\n```rust\nfn after() {{}}\n```\n"),
        RenderMode::Chat,
        &crate::markdown::English,
    );
    let spans = html.as_str().matches("<span class=\"tok-").count();
    let after = "<span class=\"tok-kw\">fn</span> <span class=\"tok-fn\">after</span>() {}";
    assert!(html.as_str().contains(after), "a later block has a budget of its own: {}", html.as_str());
    assert_eq!(spans, HIGHLIGHT_SPANS + 2, "highlighting stops at the block's budget");
    assert!(html.as_str().contains("let x1499 = 1499;\n"), "the rest is written plain");
    // A block longer than HIGHLIGHT_BYTES is written plain, and one after it is highlighted.
    let code: String = (0..4_000).map(|i| format!("let x{i} = {i};\n")).collect();
    assert!(code.len() > HIGHLIGHT_BYTES);
    let html = render_reply(
        &format!("```rust\n{code}```\n\n```rust\nfn after() {{}}\n```\n"),
        RenderMode::Chat,
        &crate::markdown::English,
    );
    let html = html.as_str();
    assert!(html.contains(&format!(">{code}</code>")), "the long block is plain");
    assert!(html.contains("<span class=\"tok-kw\">fn</span> <span class=\"tok-fn\">after</span>"), "{html:.200}");
    // Many small code blocks: the dressed headers count against the element budget.
    let many: String = (0..4_000).map(|i| format!("```\n{i}\n```\n")).collect();
    let html = render_reply(&many, RenderMode::Chat, &crate::markdown::English);
    let elements = tags(html.as_str()).iter().filter(|(name, _)| name != "br").count();
    // (The budget is checked before an element is written: one block may pass it.)
    assert!(elements <= 8_000 + 6, "{elements} elements");
    assert!(html.as_str().contains("3999"), "the text is kept");
}

/// Every language's word lists are sorted single-space lists (lower-case when
/// matched in any case), which [`listed`] searches by halves: it finds each of
/// their words, in the case it matches, and nothing else.
#[test]
fn word_lists_are_sorted_and_every_word_is_found() {
    let names = [
        "rust",
        "python",
        "javascript",
        "typescript",
        "json",
        "html",
        "css",
        "scss",
        "bash",
        "sql",
        "go",
        "java",
        "kotlin",
        "c",
        "cpp",
        "csharp",
        "yaml",
        "markdown",
        "diff",
    ];
    for name in names {
        let Some(language) = Language::of(name) else { panic!("{name} is known") };
        let (lists, any_case) = language.word_lists();
        for list in lists.into_iter().filter(|list| !list.is_empty()) {
            let words: Vec<&str> = list.split(' ').collect();
            assert!(words.iter().all(|word| !word.is_empty()), "{name}: single spaces in {list:?}");
            assert!(
                words.windows(2).all(|pair| pair[0].as_bytes() < pair[1].as_bytes()),
                "{name}: sorted, each once: {list:?}"
            );
            for (i, word) in words.iter().enumerate() {
                assert!(listed(list, word, any_case), "{name}: {word} found");
                if any_case {
                    assert_eq!(word.to_ascii_lowercase(), *word, "{name}: lower-case {word}");
                    assert!(listed(list, &word.to_ascii_uppercase(), true), "{name}: {word} found in capitals");
                }
                // Neighbours of a word that are not in the list: a prefix, a longer
                // word, and one between this word and the next.
                for other in [&word[..word.len() - 1], &format!("{word}x"), &format!("{word}\u{0}")] {
                    if !words.contains(&other) {
                        assert!(!listed(list, other, any_case), "{name}: {other:?} is not in {list:?}");
                    }
                }
                if i == 0 {
                    assert!(!listed(list, "", any_case), "{name}: the empty word is in no list");
                }
            }
        }
    }
    assert!(!listed("", "fn", false), "nothing is in an empty list");
}

/// A reply streams with its code unhighlighted, finished blocks and tail
/// alike (the page highlights each block's code once, later); highlighting
/// each block's code with [`highlight_code`] then gives the whole reply's
/// rendering, however the text was cut into pieces.
#[test]
fn a_streamed_reply_is_unhighlighted_and_highlighting_its_code_gives_the_whole_rendering() {
    let reply = "Steps:\n\n1. Build it:\n\n   ```rust\n   fn main() { let x = 1; }\n   ```\n\n2. Run it:\n\n   ```bash\n   cargo run --release\n   ```\n\nDone.\n\n```python\ndef f():\n    return None\n```\n\n- last, with code:\n\n  ```js\n  const y = await f();\n  ```\n";
    let whole = render_reply(reply, RenderMode::Chat, &crate::markdown::English);
    for piece_len in [1, 4, 17] {
        let mut streaming = StreamingMarkdown::for_reply(RenderMode::Chat, &crate::markdown::English);
        let mut blocks = String::new();
        let mut tails_with_code = 0;
        for piece in super::pieces(reply, piece_len) {
            let update = streaming.push(piece);
            for block in &update.new_blocks {
                assert!(
                    !block.as_str().contains("<span class=\"tok-"),
                    "a finished block is not highlighted: {block:?}"
                );
                blocks.push_str(block.as_str());
            }
            let tail = update.tail.as_str();
            assert!(!tail.contains("<span class=\"tok-"), "a tail is not highlighted: {tail}");
            tails_with_code += usize::from(tail.contains("<div class=\"code-block\">"));
        }
        assert!(tails_with_code > 0, "the tail showed code blocks while they streamed");
        streaming.end();
        blocks.push_str(streaming.tail_markup().as_str());
        assert!(!blocks.contains("<span class=\"tok-"), "nothing streamed is highlighted");
        let highlighted = with_code_highlighted(&blocks);
        assert_eq!(highlighted, whole.as_str(), "pieces of {piece_len}");
        for token in [
            "<span class=\"tok-kw\">fn</span>",
            "<span class=\"tok-kw\">def</span>",
            "<span class=\"tok-kw\">await</span>",
        ] {
            assert!(highlighted.contains(token), "{token} in the highlighted reply");
        }
    }
    // In two pieces, cut anywhere.
    for cut in (0..=reply.len()).filter(|cut| reply.is_char_boundary(*cut)) {
        let mut streaming = StreamingMarkdown::for_reply(RenderMode::Chat, &crate::markdown::English);
        let mut blocks = String::new();
        for piece in [&reply[..cut], &reply[cut..]] {
            streaming.push(piece).new_blocks.iter().for_each(|block| blocks.push_str(block.as_str()));
        }
        streaming.end();
        blocks.push_str(streaming.tail_markup().as_str());
        assert_eq!(with_code_highlighted(&blocks), whole.as_str(), "cut at {cut}");
    }
}

/// [`highlight_code`] writes what a dressed rendering writes in the block's
/// `<code>`: for every language (and an unknown one, which it leaves alone),
/// for text with markup and entities in it, and for a block past the budget.
#[test]
fn highlight_code_writes_what_the_whole_rendering_writes() {
    let mut cases: Vec<(String, String)> =
        ["rust", "python", "js", "html", "css", "bash", "sql", "yaml", "diff", "nosuch"]
            .iter()
            .map(|language| {
                ((*language).to_owned(), "let a = \"<b>&amp;\" // <i>\u{a0}x</i>\nfn f() { 1 }\n".to_owned())
            })
            .collect();
    cases.push(("rust".to_owned(), (0..4_000).map(|i| format!("let x{i} = {i};\n")).collect()));
    cases.push(("rust".to_owned(), (0..1_500).map(|i| format!("let x{i} = {i};\n")).collect()));
    for (language, code) in cases {
        let whole = render_reply(&format!("```{language}\n{code}```\n"), RenderMode::Chat, &crate::markdown::English);
        let unhighlighted = crate::markdown::render_counted(
            &format!("```{language}\n{code}```\n"),
            RenderMode::Chat,
            crate::markdown::CodeStyle::DressedUnhighlighted,
            0,
            &crate::markdown::English,
        )
        .0;
        assert_eq!(with_code_highlighted(unhighlighted.as_str()), whole.as_str(), "{language}, {} bytes", code.len());
        assert_eq!(highlight_code(&language, &code).is_none(), language == "nosuch");
    }
}
