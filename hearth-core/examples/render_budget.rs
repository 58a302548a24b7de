//! Rendering budget benchmark: renders hostile and unusual markdown of a given size
//! (300 KB by default; pass another size in KB as an argument) and prints
//! each input's render time and the worst. Also streams each input in 64-byte
//! pieces and prints the worst single push (one frame's work); `--no-stream`
//! skips that, `--only NAME` runs the inputs whose name contains NAME.
//!
//! `cargo run --release -p hearth-core --example render_budget [-- 300]`
//!
//! The inputs are the shapes that made the HTML sanitiser slow (deep nesting of
//! quotes, lists and emphasis, entity floods) plus ordinary large documents.

use std::time::{Duration, Instant};

use hearth_core::markdown::{StreamingMarkdown, render};

/// Repeats `unit` until the text reaches `size` bytes.
fn fill(size: usize, unit: &str) -> String {
    let mut text = String::with_capacity(size + unit.len());
    while text.len() < size {
        text.push_str(unit);
    }
    text
}

/// The generated inputs, each about `size` bytes: (name, markdown).
fn inputs(size: usize) -> Vec<(&'static str, String)> {
    let depth = |unit: usize| size / unit;
    let mut nested_lists = String::new();
    for level in 0..depth(8).min(20_000) {
        nested_lists.push_str(&" ".repeat(level * 2));
        nested_lists.push_str("- x\n");
        if nested_lists.len() >= size {
            break;
        }
    }
    let mut emphasis_in_quotes = String::new();
    for level in 1.. {
        emphasis_in_quotes.push_str(&"> ".repeat(level % 200));
        emphasis_in_quotes.push_str("*a **b *c d* e** f* _g __h__ i_\n");
        if emphasis_in_quotes.len() >= size {
            break;
        }
    }
    let mut growing_quotes = String::new();
    for level in 1.. {
        growing_quotes.push_str(&">".repeat(level));
        growing_quotes.push_str(" quote\n");
        if growing_quotes.len() >= size {
            break;
        }
    }
    let mut table = String::from("| a | b | c | d |\n|---|:--|--:|:-:|\n");
    table.push_str(&fill(size, "| one | **two** | `three` | [four](https://example.com) |\n"));
    vec![
        ("nested quotes (one line)", ">".repeat(size)),
        ("nested quotes (> > > …)", "> ".repeat(size / 2)),
        ("quote lines >>>>> growing", growing_quotes),
        ("nested lists (indented)", nested_lists),
        ("nested list markers (- - - …)", "- ".repeat(size / 2)),
        ("nested ordered markers (1. 1. …)", "1. ".repeat(size / 3)),
        ("emphasis in nested quotes", emphasis_in_quotes),
        ("unclosed emphasis", fill(size, "*a **b _c __d ")),
        ("nested emphasis", format!("{}x{}", "*_".repeat(size / 4), "_*".repeat(size / 4))),
        ("nested links", format!("{}x{}", "[".repeat(size / 2), "](u)".repeat(size / 8))),
        ("entity flood (&amp;)", "&amp;".repeat(size / 5)),
        ("entity flood (numeric)", "&#x26;&#60;&#1234;".repeat(size / 18)),
        ("entity flood (in quotes)", fill(size, "> &lt;&gt;&quot;&copy;\n")),
        ("long table", table),
        ("images", fill(size, "![alt](https://example.com/p.png?q=1) ")),
        ("links", fill(size, "[text](https://example.com/page) ")),
        ("code fence", format!("```\n{}```\n", fill(size, "let x = 1; // <b>&amp;</b>\n"))),
        ("paragraphs", fill(size, "Some **bold** and *italic* text with `code`.\n\n")),
        ("raw html", fill(size, "<div><span>x</span></div>\n")),
        ("backticks", "`".repeat(size)),
        ("brackets", "[".repeat(size)),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kb: usize = args.iter().find_map(|arg| arg.parse().ok()).unwrap_or(300);
    let stream = !args.iter().any(|arg| arg == "--no-stream");
    let only = args.iter().position(|arg| arg == "--only").and_then(|i| args.get(i + 1)).cloned();
    let size = kb * 1024;
    let mut worst_render = (Duration::ZERO, "");
    let mut worst_push = (Duration::ZERO, "");
    println!("{:<36} {:>8} {:>12} {:>12} {:>14}", "input", "KB", "render ms", "out KB", "worst push ms");
    for (name, markdown) in inputs(size) {
        if only.as_deref().is_some_and(|only| !name.contains(only)) {
            continue;
        }
        let start = Instant::now();
        let html = render(&markdown);
        let elapsed = start.elapsed();
        if elapsed > worst_render.0 {
            worst_render = (elapsed, name);
        }
        let mut streaming = StreamingMarkdown::new();
        let mut push = Duration::ZERO;
        let mut rest = markdown.as_str();
        while stream && !rest.is_empty() {
            let mut cut = 64.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            let start = Instant::now();
            let _ = streaming.push(&rest[..cut]);
            push = push.max(start.elapsed());
            rest = &rest[cut..];
        }
        if push > worst_push.0 {
            worst_push = (push, name);
        }
        println!(
            "{:<36} {:>8} {:>12.1} {:>12} {:>14.1}",
            name,
            markdown.len() / 1024,
            elapsed.as_secs_f64() * 1000.0,
            html.as_str().len() / 1024,
            push.as_secs_f64() * 1000.0
        );
    }
    println!(
        "worst render: {:.1} ms ({}); worst streaming push: {:.1} ms ({})",
        worst_render.0.as_secs_f64() * 1000.0,
        worst_render.1,
        worst_push.0.as_secs_f64() * 1000.0,
        worst_push.1
    );
}
