//! Tests of the SSE decoder. Every case goes through `check`, which feeds the body
//! whole, byte by byte and cut in two at every offset, and requires the same events
//! each time.

use super::{SseDecoder, SseEvent};

/// Decodes `body` fed as the given pieces, then finishes the stream.
fn decode_pieces(pieces: &[&[u8]]) -> Vec<SseEvent> {
    let mut decoder = SseDecoder::new();
    let mut events = Vec::new();
    for piece in pieces {
        events.extend(decoder.push(piece));
    }
    events.extend(decoder.finish());
    events
}

/// Renders events compactly: `type|id|data` per event, data with `\n` shown as `⏎`.
fn show(events: &[SseEvent]) -> String {
    events
        .iter()
        .map(|e| {
            let mut line = format!("{}|{}", e.event.as_deref().unwrap_or("-"), e.data.replace('\n', "⏎"));
            if let Some(id) = &e.id {
                line.push_str(&format!("|id={id}"));
            }
            if let Some(retry) = e.retry {
                line.push_str(&format!("|retry={retry}"));
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[track_caller]
fn check(body: &[u8], expected: &str) {
    let whole = decode_pieces(&[body]);
    assert_eq!(show(&whole), expected, "fed whole");
    let bytes: Vec<&[u8]> = body.chunks(1).collect();
    assert_eq!(decode_pieces(&bytes), whole, "fed byte by byte");
    for cut in 0..=body.len() {
        let (a, b) = body.split_at(cut);
        assert_eq!(decode_pieces(&[a, b]), whole, "cut at offset {cut}");
    }
}

#[test]
fn single_event() {
    check(b"data: hello\n\n", "-|hello");
}

#[test]
fn openai_style_stream() {
    check(b"data: {\"a\":1}\n\ndata: {\"a\":2}\n\ndata: [DONE]\n\n", "-|{\"a\":1}\n-|{\"a\":2}\n-|[DONE]");
}

#[test]
fn named_events_and_ids() {
    check(
        b"event: message_start\ndata: {}\nid: 7\nretry: 1500\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\n",
        "message_start|{}|id=7|retry=1500\nping|{\"type\": \"ping\"}",
    );
}

#[test]
fn crlf_line_ends() {
    check(b"event: a\r\ndata: one\r\n\r\ndata: two\r\n\r\n", "a|one\n-|two");
}

#[test]
fn cr_line_ends() {
    check(b"data: one\r\rdata: two\r\r", "-|one\n-|two");
}

#[test]
fn mixed_line_ends() {
    check(b"data: one\r\n\ndata: two\r\rdata: three\n\r\n", "-|one\n-|two\n-|three");
}

#[test]
fn comments_are_ignored() {
    check(b": keep-alive\n\n:\ndata: x\n: inside\n\n: tail\n", "-|x");
}

#[test]
fn multi_line_data_is_joined_with_newlines() {
    check(b"data: first\ndata: second\ndata:\ndata:  indented\n\n", "-|first⏎second⏎⏎ indented");
}

#[test]
fn only_one_space_after_colon_is_removed() {
    check(b"data:no-space\n\ndata:  two-spaces\n\n", "-|no-space\n-| two-spaces");
}

#[test]
fn field_without_colon_has_empty_value() {
    check(b"data\n\ndata\ndata\n\n", "-|\n-|⏎");
}

#[test]
fn events_without_data_are_not_dispatched() {
    check(b"event: lonely\n\nid: 3\n\nretry: 10\n\ndata: real\n\n", "-|real");
}

#[test]
fn unknown_fields_and_bad_retry_are_ignored() {
    check(b"foo: bar\nretry: 12a\ndata: x\n\n", "-|x");
}

#[test]
fn utf8_split_across_chunks_is_decoded_whole() {
    // "é" is two bytes, "🔥" four; `check` cuts inside both.
    check("data: café 🔥\n\n".as_bytes(), "-|café 🔥");
}

#[test]
fn invalid_utf8_becomes_replacement_character() {
    check(b"data: a\xFFb\n\n", "-|a\u{FFFD}b");
}

#[test]
fn leading_bom_is_dropped() {
    check(b"\xEF\xBB\xBFdata: x\n\n", "-|x");
}

#[test]
fn bom_only_at_start_of_stream() {
    check(b"data: \xEF\xBB\xBFx\n\n", "-|\u{FEFF}x");
}

#[test]
fn last_event_without_blank_line_is_dispatched_on_finish() {
    check(b"data: one\n\ndata: last", "-|one\n-|last");
    check(b"data: one\n\ndata: last\n", "-|one\n-|last");
    check(b"data: one\n\ndata: last\r", "-|one\n-|last");
}

#[test]
fn empty_and_tiny_bodies() {
    check(b"", "");
    check(b"\n", "");
    check(b"\xEF\xBB", "");
    check(b"\xEF", "");
    check(b"da", "");
}

#[test]
fn events_arrive_as_soon_as_their_blank_line_does() {
    let mut decoder = SseDecoder::new();
    assert!(decoder.push(b"data: a").is_empty());
    assert!(decoder.push(b"\n").is_empty());
    assert_eq!(show(&decoder.push(b"\n")), "-|a");
    // A CR at the end of a push ends the line at once; its LF may follow later.
    assert!(decoder.push(b"data: b\r").is_empty());
    assert_eq!(show(&decoder.push(b"\r")), "-|b");
    assert!(decoder.push(b"\n").is_empty(), "a lone LF after CR-CR starts no event");
    assert!(decoder.finish().is_empty());
}

/// The stray text left after decoding `body` fed as the given pieces.
fn stray_of(pieces: &[&[u8]]) -> String {
    let mut decoder = SseDecoder::new();
    for piece in pieces {
        decoder.push(piece);
    }
    decoder.finish();
    decoder.take_stray()
}

#[track_caller]
fn check_stray(body: &[u8], expected: &str) {
    assert_eq!(stray_of(&[body]), expected, "fed whole");
    let bytes: Vec<&[u8]> = body.chunks(1).collect();
    assert_eq!(stray_of(&bytes), expected, "fed byte by byte");
    for cut in 0..=body.len() {
        let (a, b) = body.split_at(cut);
        assert_eq!(stray_of(&[a, b]), expected, "cut at offset {cut}");
    }
}

#[test]
fn json_outside_the_event_stream_is_kept_aside() {
    // One bare line, without a final line end.
    check_stray(b"data: a\n\n{\"error\": {\"code\": 500}}", "{\"error\": {\"code\": 500}}");
    // Pretty-printed over several CRLF lines: every line after the first is part of it.
    check_stray(b"data: a\r\n\r\n[{\r\n  \"error\": 1\r\n}]\r\n", "[{\n  \"error\": 1\n}]");
    // Nothing stray, or text that is not JSON-like: nothing kept.
    check_stray(b"data: a\n\n", "");
    check_stray(b"data: a\n\nnot json\n: comment\nfoo: bar\n", "");
    // A `data:` line after the stray text means it was not at the end.
    check_stray(b"{\"error\": 1}\n\ndata: a\n\n", "");
    // It is not an event either.
    check(b"data: a\n\n{\"error\": 1}\n\n", "-|a");
}

#[test]
fn stray_text_is_bounded() {
    let mut body = b"{\n".to_vec();
    body.extend(std::iter::repeat_n(b"\"x\": 1,\n".as_slice(), 20_000).flatten());
    let stray = stray_of(&[&body]);
    assert!(stray.starts_with("{\n\"x\": 1,"));
    assert!(stray.len() < 64 * 1024, "{}", stray.len());
    let mut decoder = SseDecoder::new();
    decoder.push(b"{\"error\": 1}\n");
    assert_eq!(decoder.take_stray(), "{\"error\": 1}");
    assert_eq!(decoder.take_stray(), "", "taking empties it");
}

#[test]
fn the_last_event_id_and_retry_outlive_their_events() {
    let mut decoder = SseDecoder::new();
    assert_eq!(decoder.last_event_id(), None);
    // A priming event: an id and a retry, no data, so nothing is dispatched.
    assert_eq!(decoder.push(b"id: prime-1\nretry: 2500\n\n"), Vec::new());
    assert_eq!(decoder.last_event_id(), Some("prime-1"));
    assert_eq!(decoder.reconnection_ms(), Some(2500));
    // An event without an id keeps the last one; a bad retry keeps the last valid one.
    let events = decoder.push(b"retry: soon\ndata: a\n\n");
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].id, None, "the event itself carried none");
    assert_eq!(decoder.last_event_id(), Some("prime-1"));
    assert_eq!(decoder.reconnection_ms(), Some(2500));
    // Cut in the middle of the id line, it counts once the line is complete.
    decoder.push(b"id: ev");
    assert_eq!(decoder.last_event_id(), Some("prime-1"));
    decoder.push(b"-2\ndata: b\n\n");
    assert_eq!(decoder.last_event_id(), Some("ev-2"));
    // An empty id resets it; an id with NUL is ignored.
    decoder.push(b"id\n\nid: a\0b\n\n");
    assert_eq!(decoder.last_event_id(), None);
}
