//! Benchmark of code highlighting, natively: for each language, ~100 KB of code
//! in fenced blocks of 20 lines, rendered plain ([`render_with`]) and as the app
//! shows a reply ([`render_reply`]: dressed and highlighted); prints both and the
//! highlighter's cost per KB (the difference: what the page pays, once per
//! block, when it highlights a streamed block with `highlight_code`). Then the
//! same answer streamed in 16-byte pieces with [`StreamingMarkdown::for_reply`]
//! (dressed, unhighlighted), its frames (every 4 pieces) early and late, which
//! must stay close.
//!
//! `cargo run -q --release -p hearth-core --example bench_highlight`

use std::time::{Duration, Instant};

use hearth_core::markdown::{RenderMode, StreamingMarkdown, render_reply, render_with};

const LANGUAGES: &[(&str, &str)] = &[
    ("rust", "    let total: Vec<u32> = items.iter().map(|x| x * 2).collect(); // double \"them\"\n"),
    ("python", "    total = [x ** 2 for x in range(10) if x != None]  # square 'them'\n"),
    ("javascript", "  const total = await fetch(`/api/${id}?n=1`).then((r) => r.json()); // get\n"),
    ("typescript", "export function total(a: number, b: string): Promise<void> { return run(a + 1, b); }\n"),
    ("json", "  {\"name\": \"hearth\", \"version\": 16, \"ok\": true, \"tags\": [null, 1.5e3]},\n"),
    ("html", "<div class=\"card\" data-n=\"1\"><a href=\"/docs\">Read &amp; learn</a><!-- note --></div>\n"),
    ("css", ".card > p:hover { margin: 0 auto; color: #c2410c !important; } /* hover */\n"),
    ("bash", "for f in ./logs/*.txt; do grep -c \"error\" \"$f\" >> \"$HOME/count.log\"; done # tally\n"),
    ("sql", "SELECT id, COUNT(*) FROM posts WHERE score > 10 AND title LIKE '%rust%' -- top\n"),
    ("go", "\tif err := run(ctx, \"job\", 3); err != nil { return fmt.Errorf(\"run: %w\", err) }\n"),
    ("java", "    @Override public String toString() { return \"Point(\" + x + \", \" + y + \")\"; }\n"),
    ("cpp", "template <typename T> void push(std::vector<T>& v, T x) { v.push_back(x); } // add\n"),
    ("yaml", "    timeout-minutes: 10 # the job's limit\n    name: \"build and test\"\n"),
    ("markdown", "- item with `code` and a [link](https://example.com) and **bold**\n"),
    ("diff", "-    let old = 1;\n+    let new = 2;\n     unchanged line\n"),
];

/// ~100 KB of `line` in fenced `language` blocks of 20 lines, a sentence between.
fn document(language: &str, line: &str) -> String {
    let mut text = String::new();
    while text.len() < 100 * 1024 {
        text.push_str(&format!("Some words before the block.\n\n```{language}\n"));
        for _ in 0..20 {
            text.push_str(line);
        }
        text.push_str("```\n\n");
    }
    text
}

/// The best of `runs` timings of `work`.
fn best(runs: usize, mut work: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    println!("{:<11} {:>8} {:>10} {:>10} {:>14}", "language", "KB", "plain ms", "reply ms", "highlight µs/KB");
    let mut all = String::new();
    for (language, line) in LANGUAGES {
        let text = document(language, line);
        let kb = text.len() as f64 / 1024.0;
        let plain = best(5, || drop(render_with(&text, RenderMode::Chat)));
        let reply = best(5, || drop(render_reply(&text, RenderMode::Chat, &hearth_core::markdown::English)));
        let per_kb = (reply.as_secs_f64() - plain.as_secs_f64()) * 1e6 / kb;
        println!(
            "{language:<11} {kb:>8.0} {:>10.2} {:>10.2} {per_kb:>14.1}",
            plain.as_secs_f64() * 1e3,
            reply.as_secs_f64() * 1e3
        );
        all.push_str(&text[..text.len() / 8]);
    }
    // Streaming a reply made of many finished blocks: frames early vs late.
    let pieces: Vec<&str> = {
        let mut rest = all.as_str();
        let mut pieces = Vec::new();
        while !rest.is_empty() {
            let mut cut = 16.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            pieces.push(&rest[..cut]);
            rest = &rest[cut..];
        }
        pieces
    };
    for (name, streaming) in [
        ("plain", StreamingMarkdown::with_mode(RenderMode::Chat)),
        ("reply", StreamingMarkdown::for_reply(RenderMode::Chat, &hearth_core::markdown::English)),
    ] {
        stream(name, streaming, &pieces, all.len());
    }
}

/// Streams `pieces` into `streaming`, one frame per 4, and prints the frames' cost.
fn stream(name: &str, mut streaming: StreamingMarkdown, pieces: &[&str], len: usize) {
    let mut frames = Vec::new();
    for frame in pieces.chunks(4) {
        let start = Instant::now();
        for piece in frame {
            drop(streaming.push_delta(piece));
        }
        frames.push(start.elapsed());
    }
    let start = Instant::now();
    drop(streaming.end());
    let end = start.elapsed();
    let tenth = frames.len() / 10;
    let mean = |frames: &[Duration]| frames.iter().sum::<Duration>().as_secs_f64() * 1e6 / frames.len() as f64;
    println!(
        "streamed {name} of {} KB in {} frames ({} blocks): mean frame early {:.1} µs, late {:.1} µs, end {:.1} µs, total {:.1} ms",
        len / 1024,
        frames.len(),
        streaming.blocks().len(),
        mean(&frames[..tenth]),
        mean(&frames[frames.len() - tenth..]),
        end.as_secs_f64() * 1e6,
        frames.iter().sum::<Duration>().as_secs_f64() * 1e3
    );
}
