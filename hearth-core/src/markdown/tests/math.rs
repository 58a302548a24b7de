//! Math: what renders as MathML, what stays text, and hostile TeX. Every
//! output here is checked by a scanner independent of the converter: only the
//! markdown writer's elements plus the MathML allow-list, only the listed
//! attributes with their fixed values, every value quoted and escaped, proper
//! nesting, nothing that loads (`href`, `src`, `style`, event attributes,
//! `annotation-xml`).

use super::writer::MARKDOWN_TAGS;
use crate::markdown::events::ELEMENT_BUDGET;
use crate::markdown::math::{MAX_NEST, MAX_TEX_BYTES, MathError, parse};
use crate::markdown::{StreamingMarkdown, render};

const MATH_TAGS: &[&str] = &[
    "math",
    "semantics",
    "annotation",
    "mrow",
    "mi",
    "mn",
    "mo",
    "mtext",
    "mspace",
    "mfrac",
    "msqrt",
    "mroot",
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mtable",
    "mtr",
    "mtd",
    "merror",
];

/// The MathML attributes and their only values.
fn math_attribute_ok(tag: &str, name: &str, value: &str) -> bool {
    match (tag, name) {
        ("math", "display") => value == "block",
        ("annotation", "encoding") => value == "application/x-tex",
        ("mi", "mathvariant") => value == "normal",
        ("mo", "stretchy") => value == "true" || value == "false",
        ("mspace", "width") => ["0.1667em", "0.2222em", "0.2778em", "0.3333em", "1em", "2em"].contains(&value),
        ("mfrac", "linethickness") => value == "0",
        ("mover", "accent") => value == "true",
        ("munder", "accentunder") => value == "true",
        _ => false,
    }
}

/// Checks `html`: tags, attributes, escaping, nesting. Markdown's own
/// attributes are checked by `writer_tests`; here only that they are not
/// on a MathML element and load nothing.
fn scan(html: &str) -> Result<(), String> {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        let text = &rest[..at];
        if text.contains('>') || text.replace("&amp;", "").replace("&lt;", "").replace("&gt;", "").contains('&') {
            let ok = text
                .split('&')
                .skip(1)
                .all(|e| ["amp;", "lt;", "gt;", "quot;", "nbsp;"].iter().any(|k| e.starts_with(k)));
            if text.contains('>') || !ok {
                return Err(format!("unescaped text {text:?}"));
            }
        }
        let after = &rest[at + 1..];
        let end = after.find('>').ok_or("unterminated tag")?;
        let tag = &after[..end];
        rest = &after[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            if open.pop() != Some(name) {
                return Err(format!("</{name}> closes nothing open"));
            }
            continue;
        }
        let name_end = tag.find(' ').unwrap_or(tag.len());
        let name = &tag[..name_end];
        let is_math = MATH_TAGS.contains(&name);
        if !is_math && !MARKDOWN_TAGS.contains(&name) {
            return Err(format!("<{name}> not allowed"));
        }
        let mut attrs = &tag[name_end..];
        while let Some(after_space) = attrs.strip_prefix(' ') {
            let eq = after_space.find("=\"").ok_or_else(|| format!("unquoted attribute in <{name}>"))?;
            let attribute = &after_space[..eq];
            let value_start = &after_space[eq + 2..];
            let value_end = value_start.find('"').ok_or("unterminated value")?;
            let value = &value_start[..value_end];
            if value.contains('<') || value.contains('>') {
                return Err(format!("unescaped value {value:?}"));
            }
            let lower = attribute.to_ascii_lowercase();
            if lower == "href" && name != "a" || lower == "src" || lower == "style" || lower.starts_with("on") {
                return Err(format!("{name}[{attribute}]"));
            }
            if is_math && !math_attribute_ok(name, attribute, value) {
                return Err(format!("{name}[{attribute}={value:?}]"));
            }
            attrs = &value_start[value_end + 1..];
        }
        if !attrs.is_empty() {
            return Err(format!("malformed <{tag}>"));
        }
        if !["br", "hr", "input", "wbr"].contains(&name) {
            open.push(name);
        }
    }
    if rest.contains('>') {
        return Err("unescaped > at the end".into());
    }
    if open.is_empty() { Ok(()) } else { Err(format!("left open: {open:?}")) }
}

fn rendered(markdown: &str) -> String {
    let html = render(markdown).as_str().to_owned();
    if let Err(problem) = scan(&html) {
        panic!("{problem} in the rendering of {markdown:?}:\n{html}");
    }
    html
}

#[test]
fn dollar_math_renders_as_mathml() {
    let html = rendered("Area $\\pi r^2$, and $$\\frac{a+1}{b}$$");
    assert!(html.contains("<math><semantics><mrow><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></mrow>"), "{html}");
    assert!(html.contains("<math display=\"block\"><semantics><mrow><mfrac><mrow><mi>a</mi><mo>+</mo><mn>1</mn></mrow><mi>b</mi></mfrac></mrow>"), "{html}");
    assert!(html.contains("<annotation encoding=\"application/x-tex\">\\pi r^2</annotation>"), "{html}");
}

#[test]
fn latex_delimiters_render_as_mathml() {
    let html = rendered("Inline \\( x_1 * y_2 \\) and\n\\[\nE = mc^2\n\\]\n");
    assert!(
        html.contains(
            "<math><semantics><mrow><msub><mi>x</mi><mn>1</mn></msub><mo>∗</mo><msub><mi>y</mi><mn>2</mn></msub></mrow>"
        ),
        "{html}"
    );
    assert!(html.contains("<math display=\"block\"><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>"), "{html}");
    // A formula may start with a digit when written with `\\(…\\)`.
    assert!(rendered("\\(2x\\)").contains("<mn>2</mn><mi>x</mi>"));
    let mixed = rendered("It costs $5 and $10, and `$x$` stays code; $y$ is math.");
    assert!(mixed.contains("<code>$x$</code>") && mixed.matches("<math>").count() == 1, "{mixed}");
    // Escaped, in code, or unclosed: left as written.
    for text in ["`\\(x\\)`", "```\n\\[x\\]\n```", "\\\\(x\\\\)", "\\(x", "\\(a\n\nb\\)"] {
        assert!(!rendered(text).contains("<math"), "{text}");
    }
}

#[test]
fn money_stays_text() {
    for text in [
        "It costs $5 and $10.",
        "$5, $10 or $20",
        "between $3.50 and $4.25 each",
        "Pay $ 5 now $",
        "US$5 and US$10",
        "It costs $5 and $10, and `$x$` stays code.",
        "| price | other |\n|---|---|\n| $5 | $10 |",
    ] {
        let html = rendered(text);
        assert!(!html.contains("<math"), "{text}: {html}");
        assert!(html.contains('$'), "{text}: {html}");
    }
}

#[test]
fn common_constructs_convert() {
    let cases: &[(&str, &str)] = &[
        ("\\sqrt{2}", "<msqrt><mn>2</mn></msqrt>"),
        ("\\sqrt[3]{x}", "<mroot><mi>x</mi><mn>3</mn></mroot>"),
        ("\\sum_{i=1}^{n} i", "<msubsup><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></msubsup>"),
        ("\\int_0^1 f", "<msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup>"),
        ("\\lim_{x \\to 0}", "<msub><mi mathvariant=\"normal\">lim</mi>"),
        ("\\sin x", "<mi mathvariant=\"normal\">sin</mi><mi>x</mi>"),
        ("\\mathbb{R}^n", "<msup><mi mathvariant=\"normal\">ℝ</mi><mi>n</mi></msup>"),
        ("\\mathbf{v}", "<mi mathvariant=\"normal\">𝐯</mi>"),
        (
            "\\left( \\frac12 \\right)",
            "<mrow><mo stretchy=\"true\">(</mo><mfrac><mn>1</mn><mn>2</mn></mfrac><mo stretchy=\"true\">)</mo></mrow>",
        ),
        ("\\hat{x}", "<mover accent=\"true\"><mi>x</mi><mo stretchy=\"false\">^</mo></mover>"),
        ("\\text{if } x", "<mtext>if </mtext><mi>x</mi>"),
        ("\\binom{n}{k}", "<mfrac linethickness=\"0\"><mi>n</mi><mi>k</mi></mfrac>"),
        ("a \\leq b \\neq c", "<mo>≤</mo><mi>b</mi><mo>≠</mo>"),
        ("f'(x)", "<msup><mi>f</mi><mo>′</mo></msup>"),
        ("x \\, y", "<mspace width=\"0.1667em\"></mspace>"),
        (
            "\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}",
            "<mo stretchy=\"true\">(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo stretchy=\"true\">)</mo>",
        ),
        ("\\begin{cases} 1 & x > 0 \\\\ 0 \\end{cases}", "<mo stretchy=\"true\">{</mo><mtable>"),
        ("x = 3.14 + 10", "<mn>3.14</mn><mo>+</mo><mn>10</mn>"),
        ("\\foo", "<merror><mtext>\\foo</mtext></merror>"),
    ];
    for (tex, expected) in cases {
        let html = rendered(&format!("${tex}$"));
        assert!(html.contains(expected), "{tex}: {html}");
    }
    // Display math puts big operators' limits under and over them.
    let html = rendered("$$\\sum_{i=1}^{n} i$$");
    assert!(html.contains("<munderover><mo>∑</mo>"), "{html}");
}

/// Hostile TeX: commands that would link, style, load or script in MathJax or
/// KaTeX, markup in text, broken structure.
const HOSTILE: &[&str] = &[
    "\\href{javascript:alert(1)}{click}",
    "\\href{https://attacker.example/}{x}",
    "\\url{https://attacker.example/}",
    "\\includegraphics{https://attacker.example/p.png}",
    "\\style{background:url(https://attacker.example/s.png)}{x}",
    "\\class{evil\" onclick=\"alert(1)}{x}",
    "\\cssId{x}{y}",
    "\\htmlStyle{color:red}{x}",
    "\\color{red\" onmouseover=\"alert(1)}{x}",
    "\\textcolor{url(https://attacker.example/)}{x}",
    "\\text{<img src=x onerror=alert(1)>}",
    "\\text{</math><script>alert(1)</script>}",
    "\\operatorname{<svg onload=alert(1)>}",
    "\\mathrm{\"><a href=javascript:alert(1)>}",
    "</annotation><annotation-xml encoding=\"text/html\"><img src=x></annotation-xml>",
    "\\unicode{x3C}script\\unicode{x3E}",
    "\\begin{array}{c",
    "\\begin{matrix} a & b \\\\",
    "\\end{matrix}}}}",
    "\\left( x",
    "x \\right)",
    "\\sqrt[",
    "\\sqrt[3",
    "\\text{",
    "\\frac",
    "x^",
    "_",
    "^^^__'''",
    "\\",
    "\\\\\\\\",
    "& & \\\\ &",
    "}{}{",
    "\\mathbb{\\mathbf{\\mathcal{x}}}",
    "\\left\\langle \\middle| \\right.",
    "\\xrightarrow[a]{b}",
];

#[test]
fn hostile_tex_writes_only_allow_listed_mathml() {
    for tex in HOSTILE {
        for markdown in [format!("${tex}$"), format!("$${tex}$$"), format!("\\({tex}\\)"), format!("\\[{tex}\\]")] {
            let html = rendered(&markdown);
            let tags: String = html.split('<').skip(1).map(|part| part.split('>').next().unwrap_or(part)).collect();
            for forbidden in [
                "href=",
                "src=",
                "style=",
                "onclick",
                "onerror",
                "onload",
                "onmouseover",
                "<annotation-xml",
                "<img",
                "<script",
                "<svg",
                "<a ",
            ] {
                assert!(!format!("<{tags}").contains(forbidden), "{forbidden} from {markdown:?}: {html}");
            }
        }
    }
}

/// A fixed-seed generator, so the generated corpus is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn generated_tex_writes_only_allow_listed_mathml() {
    const PIECES: &[&str] = &[
        "x",
        "2",
        "{",
        "}",
        "^",
        "_",
        "&",
        "\\\\",
        "\\frac",
        "\\sqrt",
        "[",
        "]",
        "\\left(",
        "\\right)",
        "\\left.",
        "\\begin{pmatrix}",
        "\\end{pmatrix}",
        "\\begin{cases}",
        "\\end{cases}",
        "\\text{",
        "\\href{",
        "\\color{",
        "\\mathbb",
        "\\hat",
        "\\sum",
        "\\lim",
        "\\int",
        "'",
        "<",
        ">",
        "\"",
        "&amp;",
        " ",
        "\\",
        "\\,",
        "\\unknown",
        "$",
        "\n",
        "\\)",
        "\\(",
        "\\[",
        "\\]",
        "`",
        "*",
        "é",
    ];
    let mut rng = Lcg(16);
    for _ in 0..3_000 {
        let len = 1 + rng.below(24);
        let tex: String = (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect();
        for markdown in
            [format!("${tex}$"), format!("$$\n{tex}\n$$"), format!("a \\({tex}\\) b"), format!("- \\[{tex}\\]")]
        {
            rendered(&markdown);
        }
    }
}

#[test]
fn formulas_past_the_limits_are_shown_as_their_source() {
    let deep = format!("{}x{}", "{".repeat(100_000), "}".repeat(100_000));
    assert_eq!(parse(&deep, false), Err(MathError::Long));
    let deep = format!("{}x{}", "{".repeat(MAX_NEST + 1), "}".repeat(MAX_NEST + 1));
    assert_eq!(parse(&deep, false), Err(MathError::Deep));
    let html = rendered(&format!("${deep}$"));
    assert!(!html.contains("<math") && html.contains("$"), "{html}");
    let scripts = "x^{".repeat(MAX_NEST + 1) + "y" + &"}".repeat(MAX_NEST + 1);
    assert_eq!(parse(&scripts, false), Err(MathError::Deep));
    let long = "x".repeat(MAX_TEX_BYTES + 1);
    assert_eq!(parse(&long, false), Err(MathError::Long));
    assert!(rendered(&format!("${long}$")).contains("xxxx"));
    let big = "x+".repeat(1_000);
    assert_eq!(parse(&big, false), Err(MathError::Big));

    // Many formulas: past the rendering's element budget, the rest is text.
    let many = "$\\frac{a}{b}$ ".repeat(ELEMENT_BUDGET);
    let html = rendered(&many);
    let formulas = html.matches("<math>").count();
    assert!(formulas > 100 && formulas < ELEMENT_BUDGET / 5, "{formulas}");
    assert!(html.contains("$\\frac{a}{b}$"));
}

#[test]
fn streamed_math_renders_as_the_whole() {
    let doc =
        "Intro $a^2 + b^2 = c^2$ text.\n\n\\[\n\\int_0^1 x\\,dx\n\\]\n\nIt costs $5 and $10.\n\n- item \\(\\alpha\\)\n";
    let mut streaming = StreamingMarkdown::new();
    let mut blocks = String::new();
    let mut tail = String::new();
    for c in doc.chars() {
        let update = streaming.push(&c.to_string());
        for block in update.new_blocks {
            blocks.push_str(block.as_str());
        }
        tail = update.tail.as_str().to_owned();
    }
    assert_eq!(format!("{blocks}{tail}"), render(doc).as_str());
    assert!(blocks.contains("<math display=\"block\">"), "{blocks}");
}

#[test]
fn a_mermaid_block_stays_code_and_gets_its_button_only_when_dressed() {
    // The plain style (the trust tests' renderings) writes no button; the
    // app's dressed style puts "Show diagram" in the block's header (see
    // `highlight_tests::a_mermaid_block_offers_its_diagram_and_is_not_highlighted`).
    let html = rendered("```mermaid\ngraph TD; A-->B\n```");
    assert_eq!(html, "<pre><code class=\"language-mermaid\">graph TD; A--&gt;B\n</code></pre>\n");
    let dressed = crate::markdown::render_reply(
        "```mermaid\ngraph TD; A-->B\n```",
        crate::markdown::RenderMode::Chat,
        &crate::markdown::English,
    );
    assert_eq!(dressed.as_str().matches("class=\"show-diagram\"").count(), 1);
    let rust = crate::markdown::render_reply(
        "```rust\nfn main() {}\n```",
        crate::markdown::RenderMode::Chat,
        &crate::markdown::English,
    );
    assert!(!rust.as_str().contains("show-diagram"));
}

#[test]
fn what_models_often_write_converts_without_errors() {
    for tex in [
        "\\begin{aligned} a &= b + c \\\\ &= d \\end{aligned}",
        "f(x) = \\left\\{ \\begin{array}{ll} 1 & x \\ge 0 \\\\ 0 & \\text{otherwise} \\end{array} \\right.",
        "\\operatorname*{argmax}_{\\theta} \\; \\mathcal{L}(\\theta)",
        "\\mathbf{A}\\mathbf{x} = \\mathbf{b}, \\quad \\mathbb{E}[X] = \\mu",
        "\\lim_{n \\to \\infty} \\left(1 + \\frac{1}{n}\\right)^n = e",
        "\\hat{\\beta} = (X^\\top X)^{-1} X^\\top y",
        "P(A \\mid B) = \\frac{P(B \\mid A)\\,P(A)}{P(B)}",
        "\\nabla \\cdot \\vec{E} = \\frac{\\rho}{\\varepsilon_0}",
        "\\binom{n}{k} = \\frac{n!}{k!(n-k)!}",
        "x_{1,2} = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}",
        "\\sum_{k=0}^{\\infty} \\frac{x^k}{k!} = e^x",
        "\\int_{-\\infty}^{\\infty} e^{-x^2} \\, dx = \\sqrt{\\pi}",
        "\\overbrace{1 + \\cdots + 1}^{n} = n",
        "a \\equiv b \\pmod{m}",
        "\\det \\begin{vmatrix} a & b \\\\ c & d \\end{vmatrix} = ad - bc",
    ] {
        let html = rendered(&format!("$${tex}$$"));
        assert!(!html.contains("<merror>"), "{tex}: {html}");
        assert!(html.contains("<math display=\"block\">"), "{tex}: {html}");
    }
}
