//! Benchmark of the streaming pipeline's CPU cost, natively: a ~20k-token markdown
//! answer is framed as OpenAI SSE chunks, decoded, folded into a reply and rendered
//! with `StreamingMarkdown` once per simulated frame (every 4 chunks), exactly as the
//! app does. Prints totals and the cost of a frame early versus late in the answer;
//! the two must stay close, because finished blocks are never re-rendered. Then,
//! for each answer that is one ever-growing block (a code block, a list, a
//! table, a blockquote, a paragraph) of 100 KB, the mean cost of a frame early
//! (first 10 %) and late (last 10 %), and the end of the answer.
//!
//! `cargo run -q --release -p hearth-core --example bench_stream`

use std::time::{Duration, Instant};

use hearth_core::markdown::StreamingMarkdown;
use hearth_core::provider::{ProviderKind, StreamEvent};
use hearth_core::reply::ReplyReader;

const CHUNKS_PER_FRAME: usize = 4;

fn answer() -> String {
    let mut text = String::new();
    let mut section = 0;
    while text.len() < 80_000 {
        section += 1;
        text.push_str(&format!("## Section {section}\n\nThis paragraph explains **point {section}** with `inline code`, a [link](https://example.com/{section}) and enough words to look like a real answer from a model.\n\n- first item of list {section}\n- second item with *emphasis*\n\n```rust\nfn section_{section}() -> u32 {{\n    {section}\n}}\n```\n\n"));
    }
    text
}

fn sse_body(text: &str) -> Vec<Vec<u8>> {
    let mut chunks = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut cut = 16.min(rest.len()); // About four tokens per chunk.
        while !rest.is_char_boundary(cut) {
            cut += 1;
        }
        let delta =
            serde_json::json!({"choices": [{"index": 0, "delta": {"content": &rest[..cut]}, "finish_reason": null}]});
        chunks.push(format!("data: {delta}\n\n").into_bytes());
        rest = &rest[cut..];
    }
    chunks.push(
        b"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n".to_vec(),
    );
    chunks
}

fn main() {
    let text = answer();
    let chunks = sse_body(&text);
    let mut reader = ReplyReader::new(ProviderKind::OpenAi);
    let mut markdown = StreamingMarkdown::new();
    let mut unrendered = String::new();
    let mut frame_times: Vec<Duration> = Vec::new();
    let started = Instant::now();
    for (i, chunk) in chunks.iter().enumerate() {
        let frame_start = Instant::now();
        reader.push_each(chunk, |event, _| {
            if let StreamEvent::TextDelta(delta) = event {
                unrendered.push_str(delta);
            }
        });
        if i % CHUNKS_PER_FRAME == CHUNKS_PER_FRAME - 1 && !unrendered.is_empty() {
            let update = markdown.push_delta(&std::mem::take(&mut unrendered));
            std::hint::black_box(update);
        }
        frame_times.push(frame_start.elapsed());
    }
    let final_render = Instant::now();
    std::hint::black_box(markdown.push_delta(&unrendered));
    std::hint::black_box(markdown.end());
    let final_render = final_render.elapsed();
    let total = started.elapsed();
    reader.finish();
    assert_eq!(reader.reply().text, text, "the pipeline must reproduce the answer exactly");

    let tenth = frame_times.len() / 10;
    let mean = |times: &[Duration]| times.iter().sum::<Duration>() / times.len().max(1) as u32;
    println!(
        "answer: {} bytes, ~{} tokens, {} chunks, {} frames",
        text.len(),
        text.len() / 4,
        chunks.len(),
        chunks.len() / CHUNKS_PER_FRAME
    );
    println!(
        "total pipeline time: {:.1} ms (end of the answer: {:.2} ms)",
        total.as_secs_f64() * 1e3,
        final_render.as_secs_f64() * 1e3
    );
    println!("mean cost per chunk, first 10%: {:.1} µs", mean(&frame_times[..tenth]).as_secs_f64() * 1e6);
    println!(
        "mean cost per chunk, last 10%:  {:.1} µs",
        mean(&frame_times[frame_times.len() - tenth..]).as_secs_f64() * 1e6
    );
    println!("finished blocks: {}", markdown.blocks().len());
    one_block_shapes();
}

/// One block of about 100 KB, line after line.
fn one_block(head: &str, line: impl Fn(usize) -> String) -> String {
    let mut text = String::from(head);
    let mut i = 0;
    while text.len() < 100 * 1024 {
        text.push_str(&line(i));
        i += 1;
    }
    text
}

/// The cost of a frame (64 bytes of new text) early and late in answers that
/// are one ever-growing block.
fn one_block_shapes() {
    let shapes = [
        ("code block", one_block("```rust\n", |i| format!("    let x{i} = \"<{i}>\" & y;\n"))),
        ("list", one_block("", |i| format!("- item {i} with **bold** and `code`\n"))),
        ("table", one_block("| a | b | c |\n|---|---|---|\n", |i| format!("| {i} | *two* | three |\n"))),
        ("blockquote", one_block("", |i| format!("> line {i} of a long *quote*\n"))),
        ("paragraph", one_block("", |i| format!("word {i} of a very long paragraph, "))),
    ];
    println!("one-block answers of 100 KB, 64 bytes per frame: mean frame early / late (ratio), max frame, end");
    for (shape, text) in shapes {
        let mut markdown = StreamingMarkdown::new();
        let mut times = Vec::new();
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let cut = 64.min(rest.len());
            let started = Instant::now();
            std::hint::black_box(markdown.push_delta(&rest[..cut]));
            times.push(started.elapsed());
            rest = &rest[cut..];
        }
        let started = Instant::now();
        std::hint::black_box(markdown.end());
        let end = started.elapsed();
        let tenth = times.len() / 10;
        let mean = |times: &[Duration]| times.iter().sum::<Duration>().as_secs_f64() * 1e6 / times.len().max(1) as f64;
        let (early, late) = (mean(&times[..tenth]), mean(&times[times.len() - tenth..]));
        let max = times.iter().max().copied().unwrap_or_default();
        println!(
            "  {shape:<11} {early:7.1} µs / {late:7.1} µs ({:.2}×), max {:.2} ms, end {:.2} ms",
            late / early,
            max.as_secs_f64() * 1e3,
            end.as_secs_f64() * 1e3
        );
    }
}
