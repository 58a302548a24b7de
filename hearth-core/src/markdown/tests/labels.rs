//! The markup's own words come from the labels it is given (the interface's
//! language), each written escaped, in whole renderings and streamed ones.

use crate::markdown::{Citing, English, Labels, RenderMode, StreamingMarkdown, render_reply, render_reply_cited};

/// Labels of another language, each with a character that must be escaped.
struct Marked;

impl Labels for Marked {
    fn copy_code(&self) -> &str {
        "Copier <le> code"
    }
    fn show_diagram(&self) -> &str {
        "Voir & diagramme"
    }
    fn unnamed_code(&self) -> &str {
        "<code>"
    }
    fn code_name(&self, language: &str) -> String {
        format!("Code {language} \"x\"")
    }
    fn unnamed_code_name(&self) -> &str {
        "Code \"seul\""
    }
    fn load_image(&self) -> &str {
        "Charger <img>"
    }
    fn load_image_name(&self, label: &str, host: &str) -> String {
        format!("Charger l'image {label} de {host} \"n\"")
    }
    fn load_image_compact(&self, label: &str, host: &str) -> String {
        format!("Charger : {label} <{host}>")
    }
    fn image_not_loaded(&self) -> &str {
        "(image non chargée & <rien>)"
    }
    fn app_code(&self) -> &str {
        "Code de l'app <1>"
    }
    fn source(&self, number: u32) -> String {
        format!("Source n° {number} \"s\"")
    }
}

const DOCUMENT: &str = "```\nx\n```\n\n```rust\nfn y() {}\n```\n\n```mermaid\ngraph TD; A-->B\n```\n\n\
    ![cat](https://example.com/cat.png)\n\n[![dog](https://example.com/d.png)](https://example.com/)\n\n\
    ![local](cat.png)\n";

#[test]
fn a_reply_names_its_controls_in_the_labels_given_each_escaped() {
    let html = render_reply(DOCUMENT, RenderMode::Chat, &Marked);
    let html = html.as_str();
    for expected in [
        "aria-label=\"Copier &lt;le&gt; code\">Copier &lt;le&gt; code</button>",
        "<span class=\"code-lang\">&lt;code&gt;</span>",
        "aria-label=\"Code &quot;seul&quot;\"",
        "aria-label=\"Code rust &quot;x&quot;\"",
        "<button type=\"button\" class=\"show-diagram\">Voir &amp; diagramme</button>",
        "aria-label=\"Charger l'image cat de example.com &quot;n&quot;\">Charger &lt;img&gt;</button>",
        "<span class=\"image-host\">(image non chargée &amp; &lt;rien&gt;)</span>",
    ] {
        assert!(html.contains(expected), "{expected}\nin\n{html}");
    }
    for english in ["Copy code", "Show diagram", "Load image", "image not loaded", ">code<", "Code\""] {
        assert!(!html.contains(english), "{english} is left in\n{html}");
    }
}

#[test]
fn an_image_past_the_element_budget_is_one_button_named_in_the_labels() {
    let many = "![cat](https://example.com/cat.png) ".repeat(crate::markdown::events::ELEMENT_BUDGET / 4 + 10);
    let html = render_reply(&many, RenderMode::Chat, &Marked);
    assert!(
        html.as_str().contains(">Charger : cat &lt;example.com&gt;</button>"),
        "a compact placeholder, in the labels"
    );
}

#[test]
fn an_app_reply_and_citations_are_named_in_the_labels_given() {
    let app = render_reply("```html\n<p>Hi</p>\n```\n", RenderMode::App, &Marked);
    assert!(
        app.as_str().contains("<summary>Code de l'app &lt;1&gt;<span class=\"app-code-number\"> 1</span></summary>"),
        "{}",
        app.as_str()
    );
    let cited = render_reply_cited("Cited.", RenderMode::Chat, Citing { marks: &[(0, 6)], message_id: "m" }, &Marked);
    assert!(cited.as_str().contains("aria-label=\"Source n° 1 &quot;s&quot;\""), "{}", cited.as_str());
}

#[test]
fn a_streamed_reply_is_written_in_its_labels_as_a_whole_one_is() {
    static MARKED: Marked = Marked;
    let mut streaming = StreamingMarkdown::for_reply(RenderMode::Chat, &MARKED);
    for piece in DOCUMENT.as_bytes().chunks(7) {
        streaming.push(std::str::from_utf8(piece).unwrap_or_default());
    }
    let finished = streaming.finish();
    assert!(finished.as_str().contains("Copier &lt;le&gt; code"), "{}", finished.as_str());
    assert!(!finished.as_str().contains("Copy code"));
    // English is what the labels default to: the same markup as before they existed.
    let english = render_reply(DOCUMENT, RenderMode::Chat, &English);
    assert!(english.as_str().contains("aria-label=\"Copy code\">Copy code</button>"));
    assert!(english.as_str().contains("(image not loaded)"));
}
