//! The fast path for chunks of a known shape (`template.rs`): every stream reads
//! exactly as serde alone reads it, and the fast path is really taken.

use super::super::StreamParser;
use super::super::template::{Piece, Shapes};
use crate::contract::StreamEvent;
use crate::provider::tests::recorded::cases;
use crate::sse::{SseDecoder, SseEvent};

/// The events of `body` read by `parser`, and the parser.
fn read(body: &str, mut parser: StreamParser) -> (Vec<StreamEvent>, StreamParser) {
    let mut sse = SseDecoder::new();
    let mut sse_events = sse.push(body.as_bytes());
    sse_events.extend(sse.finish());
    let events = sse_events.iter().flat_map(|event| parser.on_event(event)).collect();
    (events, parser)
}

/// Reads `body` with and without shapes, checks both read the same, and gives
/// the parser that used them.
fn same_as_serde(body: &str) -> (Vec<StreamEvent>, StreamParser) {
    let (serde_alone, _) = read(body, StreamParser { shapes: Shapes::off(), ..StreamParser::new() });
    let (events, parser) = read(body, StreamParser::new());
    assert_eq!(events, serde_alone, "{body}");
    (events, parser)
}

/// A stream in the shape the shared benchmark's server (and many others) send.
fn chunk(content: &str) -> String {
    format!(
        "data: {{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\
         \"choices\":[{{\"index\":0,\"delta\":{{\"content\":{content}}},\"logprobs\":null,\"finish_reason\":null}}]}}\n\n"
    )
}

fn texts(events: &[StreamEvent]) -> String {
    events
        .iter()
        .map(|event| match event {
            StreamEvent::TextDelta(text) => text.as_str(),
            _ => "",
        })
        .collect()
}

#[test]
fn pieces_of_one_shape_read_as_serde_reads_them() {
    let pieces = [
        r#""Hello""#,
        r#"", ""#,
        r#""""#,
        r#""line\nbreak \"quoted\" back\\slash \/ tab\t""#,
        r#""caf\u00e9 \ud83d\ude00 ☕""#,
        r#""{\"content\":\"not a field\"}""#,
        "null",
        r#"  "spaced"  "#,
        r#""end""#,
    ];
    let body: String = pieces.iter().map(|piece| chunk(piece)).collect();
    let (events, parser) = same_as_serde(&body);
    assert!(parser.shapes.knows(Piece::Text));
    assert_eq!(
        texts(&events),
        "Hello, line\nbreak \"quoted\" back\\slash / tab\tcafé 😀 ☕{\"content\":\"not a field\"}spacedend"
    );
    assert_eq!(parser.text_chars, texts(&events).chars().count() as u64);
    // The next chunk of the shape is read without serde.
    let next = chunk(r#""next""#);
    let data = next.trim().trim_start_matches("data: ");
    assert_eq!(parser.shapes.read(data), Some((Piece::Text, "next".to_owned())));
    assert_eq!(parser.shapes.read(&data.replace("null,", "1,")), None);
}

#[test]
fn what_only_looks_like_the_shape_goes_to_serde() {
    let mut body = chunk(r#""a""#);
    for odd in [
        // Not one string literal in the hole: a second field, an escape serde refuses,
        // a raw control character, an unpaired surrogate, a number.
        r#""x","content":"y""#,
        r#""bad \x escape""#,
        "\"raw \u{1} control\"",
        r#""\ud800""#,
        "42",
        r#""unterminated"#,
        r#"""#,
    ] {
        body.push_str(&chunk(odd));
    }
    body.push_str(&chunk(r#""b""#));
    let (events, parser) = same_as_serde(&body);
    assert!(parser.shapes.knows(Piece::Text));
    assert_eq!(texts(&events), "ab");
    let malformed = events.iter().filter(|event| matches!(event, StreamEvent::Malformed { .. })).count();
    assert_eq!(malformed, 7, "{events:?}");
}

#[test]
fn a_piece_that_also_stands_elsewhere_is_cut_at_its_own_place() {
    // The first piece's literal also ends the id: cut there, the next chunk's id
    // would be read as its text.
    let body = [r#"\"hi"#, r#"\"yo"#, "other"]
        .iter()
        .zip([r#""hi""#, r#""hi""#, r#""there""#])
        .map(|(id, content)| {
            format!("data: {{\"id\":\"{id}\",\"choices\":[{{\"delta\":{{\"content\":{content}}}}}]}}\n\n")
        })
        .collect::<String>();
    let (events, parser) = same_as_serde(&body);
    assert!(parser.shapes.knows(Piece::Text));
    assert_eq!(texts(&events), "hihithere");
}

#[test]
fn a_shape_with_more_than_the_piece_is_never_learned() {
    // A finish reason, another choice, usage, a tool call: each is an event of its
    // own, so the chunk is not one piece alone and teaches nothing.
    let body = [
        r#"{"choices":[{"delta":{"content":"a"},"finish_reason":"stop"}]}"#,
        r#"{"choices":[{"index":1,"delta":{"content":"a"}}]}"#,
        r#"{"choices":[{"delta":{"content":"a"}}],"usage":{"prompt_tokens":1}}"#,
        r#"{"choices":[{"delta":{"content":"a","tool_calls":[{"index":0,"id":"c"}]}}]}"#,
    ]
    .iter()
    .map(|data| format!("data: {data}\n\ndata: {data}\n\n"))
    .collect::<String>();
    let (_, parser) = same_as_serde(&body);
    assert!(!parser.shapes.knows(Piece::Text));
}

#[test]
fn reasoning_then_text_and_a_changing_shape_read_as_serde_reads_them() {
    let data = |created: u32, field: &str, piece: &str| {
        format!("data: {{\"created\":{created},\"choices\":[{{\"delta\":{{\"{field}\":\"{piece}\"}}}}]}}\n\n")
    };
    let mut body = String::new();
    for (at, piece) in ["think", "ing", " more"].iter().enumerate() {
        body.push_str(&data(1, "reasoning_content", piece));
        body.push_str(&data(1, "reasoning", &format!("{piece}{at}")));
    }
    // The time changes between chunks: the shape is learned again.
    for (at, piece) in ["The", " answer", " is", " 42"].iter().enumerate() {
        body.push_str(&data(2 + at as u32 / 2, "content", piece));
    }
    body.push_str("data: [DONE]\n\n");
    body.push_str(&data(9, "content", "after done"));
    let (events, parser) = same_as_serde(&body);
    assert!(parser.shapes.knows(Piece::Reasoning) && parser.shapes.knows(Piece::Text));
    assert_eq!(texts(&events), "The answer is 42");
}

#[test]
fn every_recorded_openai_body_reads_as_serde_reads_it() {
    for path in cases("openai", &["sse"]) {
        let body = std::fs::read_to_string(&path).expect("a recorded body");
        same_as_serde(&body);
    }
}

#[test]
fn an_event_without_data_gives_nothing_either_way() {
    let mut parser = StreamParser::new();
    let (_, mut parser_with_shape) = read(&format!("{}{}", chunk(r#""a""#), chunk(r#""b""#)), StreamParser::new());
    assert!(parser_with_shape.shapes.knows(Piece::Text));
    for event in [SseEvent::default(), SseEvent { data: "  ".into(), ..SseEvent::default() }] {
        assert_eq!(parser.on_event(&event), []);
        assert_eq!(parser_with_shape.on_event(&event), []);
    }
}
