//! The allow-list writer's guarantee, checked from outside: a hostile corpus
//! (the safety tests' inputs plus generated combinations of markdown, raw HTML,
//! entities, autolinks, tables, task lists and `javascript:`/`data:`/`vbscript:`
//! addresses with entity and whitespace tricks) is rendered in both modes, and
//! a small scanner, independent of the writer, checks that every tag,
//! attribute and class is on the allow-list, every attribute value is quoted
//! and escaped, elements nest properly and no text can start a tag.

use crate::markdown::escape::escape_into;
use crate::markdown::{RenderMode, SafeHtml, render_with};

/// The schemes a link may keep; anything else must have lost its `href`.
const SCHEMES: &[&str] = &[
    "bitcoin",
    "ftp",
    "ftps",
    "geo",
    "http",
    "https",
    "im",
    "irc",
    "ircs",
    "magnet",
    "mailto",
    "mms",
    "mx",
    "news",
    "nntp",
    "openpgp4fpr",
    "sip",
    "sms",
    "smsto",
    "ssh",
    "tel",
    "url",
    "webcal",
    "wtai",
    "xmpp",
];

const VOID: &[&str] = &["br", "hr", "input", "wbr"];

/// The entities the writer uses; an `&` starts one of them or nothing.
const ENTITIES: &[(&str, char)] =
    &[("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>'), ("&quot;", '"'), ("&nbsp;", '\u{a0}')];

/// Decodes `text`, failing on a bare `&` or `<`/`>` (and `"` in an attribute).
fn decode(text: &str, attribute: bool) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '&' {
            let (entity, decoded) = ENTITIES
                .iter()
                .find(|(entity, _)| rest.starts_with(entity))
                .ok_or_else(|| format!("bare & in {text:?}"))?;
            out.push(*decoded);
            rest = &rest[entity.len()..];
            continue;
        }
        if c == '<' || c == '>' || (attribute && c == '"') {
            return Err(format!("unescaped {c} in {text:?}"));
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Ok(out)
}

/// Whether a link's `href` (decoded) opens only an allowed scheme, judged the
/// way a browser reads the address: leading controls and spaces and every tab
/// and newline ignored, the scheme case-insensitive.
fn href_is_safe(href: &str) -> bool {
    let cleaned: String = href
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect::<String>()
        .to_ascii_lowercase();
    match cleaned.split_once(':') {
        Some((scheme, _))
            if scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            SCHEMES.contains(&scheme)
        }
        _ => true,
    }
}

/// Checks one attribute of `tag`; `Err` says what is wrong.
fn check_attribute(tag: &str, name: &str, value: &str, app: bool) -> Result<(), String> {
    let ok = match (tag, name) {
        (_, "title") => true,
        ("a", "href") => href_is_safe(value),
        ("a", "target") => value == "_blank",
        ("a", "rel") => value == "noopener noreferrer",
        ("code", "class") => value.strip_prefix("language-").is_some_and(|lang| {
            !lang.is_empty()
                && lang.len() <= 32
                && lang.chars().all(|c| c.is_ascii_alphanumeric() || "+#-_.".contains(c))
        }),
        ("ol", "start") => !value.is_empty() && value.chars().all(|c| c.is_ascii_digit()),
        ("input", "type") => value == "checkbox",
        ("input", "disabled" | "checked") => value.is_empty(),
        ("span", "class") => {
            ["image-placeholder", "image-alt", "image-host", "link-host"].contains(&value)
                || (app && value == "app-code-number")
        }
        ("details", "class") => app && ["app-code", "app-code app-code-more"].contains(&value),
        ("button", "type") => value == "button",
        ("button", "class") => value == "load-image",
        ("button", "data-image-url") => {
            (value.starts_with("https://") || value.starts_with("http://"))
                && !value.contains(|c: char| c.is_whitespace() || c == '"')
        }
        ("button", "aria-label") => true,
        _ => false,
    };
    if ok { Ok(()) } else { Err(format!("{tag}[{name}={value:?}]")) }
}

/// The elements the writer may write in either mode (the math tests add MathML's).
pub(super) const MARKDOWN_TAGS: &[&str] = &[
    "a",
    "blockquote",
    "br",
    "button",
    "code",
    "del",
    "em",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "input",
    "li",
    "ol",
    "p",
    "pre",
    "span",
    "strong",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "ul",
    "wbr",
];

/// Scans `html` and checks it against the allow-list of `mode`.
fn scan(html: &str, mode: RenderMode) -> Result<(), String> {
    let app = mode == RenderMode::App;
    let mut tags = MARKDOWN_TAGS.to_vec();
    if app {
        tags.extend(["details", "summary"]);
    }
    let mut open: Vec<String> = Vec::new();
    let mut rest = html;
    loop {
        let text_end = rest.find('<').unwrap_or(rest.len());
        decode(&rest[..text_end], false)?;
        rest = &rest[text_end..];
        let Some(after) = rest.strip_prefix('<') else { break };
        let closing = after.starts_with('/');
        let after = after.strip_prefix('/').unwrap_or(after);
        let name_end = after.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(after.len());
        let name = &after[..name_end];
        if !tags.contains(&name) {
            return Err(format!("<{name}> not allowed"));
        }
        let mut attrs = &after[name_end..];
        let mut seen = Vec::new();
        if closing {
            attrs = attrs.strip_prefix('>').ok_or_else(|| format!("malformed </{name}"))?;
            if open.pop().as_deref() != Some(name) {
                return Err(format!("</{name}> closes nothing open"));
            }
            rest = attrs;
            continue;
        }
        loop {
            if let Some(after_tag) = attrs.strip_prefix('>') {
                rest = after_tag;
                break;
            }
            let after_space = attrs.strip_prefix(' ').ok_or_else(|| format!("malformed <{name}: {attrs:.40}"))?;
            let eq = after_space.find("=\"").ok_or_else(|| format!("unquoted attribute in <{name}"))?;
            let attribute = &after_space[..eq];
            if attribute.is_empty() || !attribute.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                return Err(format!("odd attribute name {attribute:?} in <{name}>"));
            }
            if seen.contains(&attribute) {
                return Err(format!("{attribute} twice in <{name}>"));
            }
            seen.push(attribute);
            let value_start = &after_space[eq + 2..];
            let value_end = value_start.find('"').ok_or_else(|| format!("unterminated value in <{name}>"))?;
            let value = decode(&value_start[..value_end], true)?;
            check_attribute(name, attribute, &value, app)?;
            attrs = &value_start[value_end + 1..];
        }
        if name == "a" {
            if open.iter().any(|o| o == "a") {
                return Err("nested <a>".into());
            }
            if !(seen.contains(&"target") && seen.contains(&"rel")) {
                return Err("<a> without target and rel".into());
            }
        }
        if !VOID.contains(&name) {
            open.push(name.to_owned());
        }
    }
    if open.is_empty() { Ok(()) } else { Err(format!("left open: {open:?}")) }
}

const ATOMS: &[&str] = &[
    "*em*",
    "**strong**",
    "~~del~~",
    "`code`",
    "``co`de``",
    "<b>bold</b>",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<details open ontoggle=alert(1)><summary>App code</summary>",
    "<span class=\"link-host\">",
    "&amp;",
    "&lt;x&gt;",
    "&#x68;",
    "&nbsp;",
    "&quot;",
    "&#0;",
    "\u{a0}",
    "\u{0}",
    "[l](https://e.example/p?a=1&b=2 \"t'\\\"q\")",
    "[l](javascript:alert(1))",
    "[l](JaVa&#x53;cript:alert(1))",
    "[l](java&#x09;script:alert(1))",
    "[l](&#106;avascript:alert(1))",
    "[l](&#x20;javascript:alert(1))",
    "[l](<java\tscript:x>)",
    "[l](<java script:x>)",
    "[l](data:text/html,<script>)",
    "[l](DATA:text/html;base64,PHNjcmlwdD4=)",
    "[l](vbscript:msgbox)",
    "[l](VBScript&colon;msgbox)",
    "[l](javascript&colon;alert(1))",
    "[l](  https://x.example  )",
    "[l](/rel)",
    "[l](#frag)",
    "[l](mailto:a@b.c)",
    "[l](https://[::1]/)",
    "[l](https://\u{430}pple.com/)",
    "[l](https://a.example/\" onmouseover=\"alert(1))",
    "[l](<https://a.example/\"><script>>)",
    "[l](https://a.example \"x\\\" onclick=\\\"y\")",
    "[https://good.example](https://evil.example/)",
    "[<https://inner.example>](https://outer.example)",
    "[*a <x@y.z> b*](https://outer.example)",
    "<https://auto.example/a?b=\"c\">",
    "<javascript:alert(1)>",
    "<mailto:x@y.z>",
    "<x@y.z>",
    "https://bare.example",
    "![img](https://i.example/x.png \"ti\\\"tle\")",
    "![a *b* <i>](//i.example/y.png)",
    "![](javascript:alert(1))",
    "![d](data:image/png;base64,AA)",
    "![u](HTTP://I.EXAMPLE:80/Z)",
    "![q](https://i.example/a\"b)",
    "![q](<https://i.example/a b\" onerror=\"x>)",
    "![q](https://user:pw@i.example/)",
    "![\"><script>](https://i.example/)",
    "[![i](https://i.example/i.png)](https://l.example)",
    "[a [b](https://x) c](https://y)",
    "[x][r]",
    "[r]: javascript:alert(1) \"ref\"",
    "[^1]",
    "[^1]: note",
    "a  \nb",
    "a\\\nb",
    "line\r\nbreak",
    "\"quotes\" 'single'",
    "<!-- c -->",
    "</p></li></ul></table>",
    "é🔥",
    "<",
    ">",
    "&",
];

const BLOCKS: &[&str] = &[
    "# H {x}",
    "###### h6 {x}",
    "> {x}",
    "> > {x}",
    "- {x}\n- {x}",
    "1. {x}\n2. {x}",
    "3) {x}",
    "- [ ] {x}\n- [x] {x}",
    "| a | {x} |\n|:--|--:|\n| {x} | c |",
    "```\n{x}\n```",
    "```rust\n{x}\n```",
    "```x\"y onclick=1\n{x}\n```",
    "```js\n{x}\n```",
    "~~~html\n{x}\n~~~",
    "    indented {x}",
    "{x}\n\n---\n\n{x}",
    "Setext {x}\n===",
    "<div>\n{x}\n</div>",
    "{x}",
    "- a\n  ```html\n  {x}\n  ```",
    "> ```css\n> {x}\n> ```",
];

/// A fixed-seed generator, so the corpus is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

fn corpus() -> Vec<String> {
    let mut inputs: Vec<String> = super::safety::CORPUS.iter().map(|(markdown, _)| (*markdown).to_owned()).collect();
    for block in BLOCKS {
        inputs.extend(ATOMS.iter().map(|atom| block.replace("{x}", atom)));
    }
    let mut random = Lcg(14);
    let wrappers =
        [("*", "*"), ("**", "**"), ("_", "_"), ("[", "](https://z.example)"), ("![", "](//z.example)"), ("`", "`")];
    for _ in 0..3_000 {
        let mut parts = Vec::new();
        for _ in 0..=random.below(4) {
            let mut text: Vec<&str> = (0..=random.below(4)).map(|_| ATOMS[random.below(ATOMS.len())]).collect();
            if random.below(3) == 0 {
                let (before, after) = wrappers[random.below(wrappers.len())];
                text.insert(0, before);
                text.push(after);
            }
            parts.push(BLOCKS[random.below(BLOCKS.len())].replace("{x}", &text.join(" ")));
        }
        inputs.push(parts.join(if random.below(3) == 0 { "\n" } else { "\n\n" }));
    }
    inputs
}

#[test]
fn the_writer_emits_only_allow_listed_markup() {
    let inputs = corpus();
    assert!(inputs.len() > 4_000);
    let mut links = 0;
    for markdown in &inputs {
        for mode in [RenderMode::Chat, RenderMode::App] {
            let html = render_with(markdown, mode);
            if let Err(problem) = scan(html.as_str(), mode) {
                panic!("{problem}\nmarkdown: {markdown:?}\nhtml: {}", html.as_str());
            }
            links += html.as_str().matches("<a href=").count();
        }
    }
    assert!(links > 1_000, "the corpus keeps some hrefs ({links})");
}

#[test]
fn the_scanner_catches_what_it_must() {
    let bad = [
        "<img src=\"x\">",
        "<p onclick=\"x\">a</p>",
        "<a href=\"javascript:alert(1)\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>",
        "<a href=\" JaVa&#x09;script:x\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>",
        "<a href=\"java\tscript:x\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>",
        "<a href=\"x\">x</a>",
        "<span class=\"evil\">x</span>",
        "<span class=\"app-code-number\">1</span>",
        "<code class=language-x>x</code>",
        "<p title=\"a\"b\">x</p>",
        "a < b",
        "a & b",
        "<em>x</strong>",
        "<p>x",
        "<details class=\"app-code\">x</details>",
        "<a href=\"#\" target=\"_blank\" rel=\"noopener noreferrer\"><a href=\"#\" target=\"_blank\" rel=\"noopener noreferrer\">x</a></a>",
        "<button type=\"button\" class=\"load-image\" data-image-url=\"data:x\">x</button>",
    ];
    for html in bad {
        assert!(scan(html, RenderMode::Chat).is_err(), "{html}");
    }
    assert!(scan("<details class=\"app-code\"><summary>x</summary></details>", RenderMode::App).is_ok());
}

#[test]
fn look_alike_hosts_are_shown_as_the_browser_goes_there() {
    // The first letter of the host is Cyrillic U+0430, not Latin "a".
    let html = render_with("[apple](https://\u{430}pple.com/login)", RenderMode::Chat);
    assert!(html.as_str().contains("<span class=\"link-host\">(xn--pple-43d.com)</span>"), "{}", html.as_str());
    let html = render_with("![logo](https://\u{430}pple.com/logo.png)", RenderMode::Chat);
    assert!(html.as_str().contains("<span class=\"image-host\">(xn--pple-43d.com)</span>"), "{}", html.as_str());
    assert!(html.as_str().contains("data-image-url=\"https://xn--pple-43d.com/logo.png\""), "{}", html.as_str());
    // A host this renderer cannot write safely is not offered for loading.
    let html = render_with("![logo](https://\u{FF41}pple.com/logo.png)", RenderMode::Chat);
    assert!(html.as_str().contains("(image not loaded)") && !html.as_str().contains("<button"), "{}", html.as_str());
}

/// The `href` a rendering writes for its first link.
fn first_href(html: &SafeHtml) -> Option<String> {
    let start = html.as_str().find("href=\"")? + "href=\"".len();
    let end = html.as_str()[start..].find('"')?;
    Some(html.as_str()[start..start + end].replace("&amp;", "&"))
}

#[test]
fn the_host_shown_is_where_a_click_goes() {
    // A backslash reads as a slash to the browser: the link goes to google.com,
    // so that is both its `href` host and the host shown.
    let html = render_with("[google](http://google.com\\\\@evil.com)", RenderMode::Chat);
    assert_eq!(first_href(&html).as_deref(), Some("http://google.com/@evil.com"), "{}", html.as_str());
    assert!(html.as_str().contains("<span class=\"link-host\">(google.com)</span>"), "{}", html.as_str());
    // No `//` after the scheme: the parsed form is written, so the shown host holds.
    let html = render_with("[x](https:evil.example)", RenderMode::Chat);
    assert_eq!(first_href(&html).as_deref(), Some("https://evil.example/"), "{}", html.as_str());
    assert!(html.as_str().contains("(evil.example)"), "{}", html.as_str());
    // An address that reads as written keeps its `href` exactly.
    let html = render_with("[rust](https://www.rust-lang.org)", RenderMode::Chat);
    assert_eq!(first_href(&html).as_deref(), Some("https://www.rust-lang.org"), "{}", html.as_str());
}

#[test]
fn an_address_shown_as_its_own_text_still_shows_a_hidden_host() {
    // A user name before the host, and a look-alike host, show the real host
    // even when the link's text is the address itself.
    let html = render_with("<http://google.com@evil.example>", RenderMode::Chat);
    assert!(html.as_str().contains("<span class=\"link-host\">(evil.example)</span>"), "{}", html.as_str());
    let html = render_with("<http://\u{430}pple.com>", RenderMode::Chat);
    assert!(html.as_str().contains("<span class=\"link-host\">(xn--pple-43d.com)</span>"), "{}", html.as_str());
    // A plain address as its own text needs no host beside it.
    let html = render_with("<https://example.com/path>", RenderMode::Chat);
    assert!(!html.as_str().contains("link-host"), "{}", html.as_str());
}

#[test]
fn an_image_address_with_a_user_name_is_not_offered() {
    let html = render_with("![x](http://user:pw@host.example/a.png)", RenderMode::Chat);
    assert!(html.as_str().contains("(image not loaded)") && !html.as_str().contains("<button"), "{}", html.as_str());
}

/// The escaper copies runs of plain text whole: it writes what escaping each
/// character alone writes, around every character it changes and at the ends.
#[test]
fn escaping_copies_plain_runs_and_changes_only_what_it_must() {
    fn one_by_one(text: &str, attribute: bool) -> String {
        let mut out = String::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' if attribute => out.push_str("&quot;"),
                '\u{a0}' => out.push_str("&nbsp;"),
                '\r' if chars.peek() == Some(&'\n') => {}
                '\r' => out.push('\n'),
                '\0' => {}
                c => out.push(c),
            }
        }
        out
    }
    let pieces =
        ["", "a", "é", "\u{a0}", "\u{c2}", "&", "<", ">", "\"", "\r", "\n", "\r\n", "\0", "日本", "\u{1f600}", "x y"];
    for first in pieces {
        for second in pieces {
            for third in pieces {
                let text = format!("{first}{second}{third}");
                for attribute in [false, true] {
                    let mut out = String::from("kept:");
                    escape_into(&mut out, &text, attribute);
                    assert_eq!(out, format!("kept:{}", one_by_one(&text, attribute)), "{text:?} attribute {attribute}");
                }
            }
        }
    }
}
