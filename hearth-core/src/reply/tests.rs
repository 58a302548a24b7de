//! Tests of how events fold into a reply. `tests/families.rs` folds each
//! provider family's recorded bodies (they need [`Reply`], so they live here,
//! above provider).

mod families;

use super::{Reply, ReplyReader};
use crate::contract::{FinishKind, FinishReason, ProviderError, ProviderKind, StreamEvent, Usage};

fn fold(events: Vec<StreamEvent>) -> Reply {
    Reply::from_events(events)
}

fn finish(unified: FinishKind, raw: &str) -> StreamEvent {
    StreamEvent::Finish(FinishReason { unified, raw: Some(raw.into()) })
}

#[test]
fn text_and_reasoning_append() {
    let reply = fold(vec![
        StreamEvent::ReasoningDelta("think ".into()),
        StreamEvent::TextDelta("Hel".into()),
        StreamEvent::ReasoningDelta("more".into()),
        StreamEvent::TextDelta("lo".into()),
    ]);
    assert_eq!((reply.text.as_str(), reply.reasoning.as_str()), ("Hello", "think more"));
}

/// Two OpenAI chunks, the second without the blank line that ends an event.
const BODY: &str = concat!(
    "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}\n\n",
    "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo\"},\"finish_reason\":\"stop\"}]}",
);

#[test]
fn a_reader_shows_each_event_with_the_reply_before_it() {
    let mut reader = ReplyReader::new(ProviderKind::OpenAi);
    let mut seen: Vec<(StreamEvent, String)> = Vec::new();
    let (a, b) = BODY.as_bytes().split_at(20);
    reader.push_each(a, |event, before| seen.push((event.clone(), before.text.clone())));
    reader.push_each(b, |event, before| seen.push((event.clone(), before.text.clone())));
    assert_eq!(reader.reply().text, "Hel", "the unterminated event waits for the end of the body");
    reader.finish_each(|event, before| seen.push((event.clone(), before.text.clone())));
    assert_eq!(
        seen,
        [
            (StreamEvent::TextDelta("Hel".into()), String::new()),
            (StreamEvent::TextDelta("lo".into()), "Hel".into()),
            (finish(FinishKind::Stop, "stop"), "Hello".into()),
        ]
    );
    assert_eq!(reader.into_reply().text, "Hello");
}

#[test]
fn a_reader_gives_the_same_reply_however_the_body_is_cut() {
    let whole = Reply::from_chunks(ProviderKind::OpenAi, [BODY]);
    assert_eq!((whole.text.as_str(), whole.finish.as_ref().map(|f| f.unified)), ("Hello", Some(FinishKind::Stop)));
    for cut in 0..=BODY.len() {
        let (a, b) = BODY.as_bytes().split_at(cut);
        assert_eq!(Reply::from_chunks(ProviderKind::OpenAi, [a, b]), whole, "cut at {cut}");
    }
    let mut plain = ReplyReader::new(ProviderKind::OpenAi);
    plain.push(BODY.as_bytes());
    plain.finish();
    assert_eq!(plain.reply(), &whole);
}

#[test]
fn late_usage_fills_in_and_never_erases() {
    let reply = fold(vec![
        StreamEvent::Usage(Usage { input: Some(10), output: None, reasoning: None }),
        StreamEvent::Usage(Usage { input: None, output: Some(5), reasoning: None }),
        StreamEvent::Usage(Usage { input: None, output: Some(7), reasoning: None }),
    ]);
    assert_eq!(reply.usage, Some(Usage { input: Some(10), output: Some(7), reasoning: None }));
}

#[test]
fn first_specific_finish_is_kept() {
    let reply = fold(vec![
        finish(FinishKind::Other, "weird"),
        finish(FinishKind::Stop, "stop"),
        finish(FinishKind::Other, "late"),
    ]);
    assert_eq!(reply.finish.map(|f| f.raw), Some(Some("stop".into())));
}

#[test]
fn calls_without_index_are_joined_by_id() {
    let delta = |id: Option<&str>, name: Option<&str>, arguments: &str| StreamEvent::ToolCallDelta {
        index: None,
        id: id.map(Into::into),
        name: name.map(Into::into),
        arguments: arguments.into(),
    };
    let reply = fold(vec![
        delta(Some("a"), Some("f"), "{"),
        delta(Some("b"), Some("g"), "[1"),
        delta(Some("a"), None, "}"),
        delta(None, None, "]"),
    ]);
    let calls: Vec<_> =
        reply.tool_calls.iter().map(|c| (c.id.as_str(), c.name.as_str(), c.arguments_raw.as_str())).collect();
    assert_eq!(calls, [("a", "f", "{}"), ("b", "g", "[1]")]);
    assert_eq!(reply.tool_calls[1].arguments(), Some(serde_json::json!([1])));
}

#[test]
fn a_reused_index_with_a_new_id_is_a_new_call() {
    let delta = |id: &str| StreamEvent::ToolCallDelta {
        index: Some(0),
        id: Some(id.into()),
        name: Some("f".into()),
        arguments: "{}".into(),
    };
    let reply = fold(vec![delta("a"), delta("b")]);
    assert_eq!(reply.tool_calls.len(), 2);
}

#[test]
fn invalid_arguments_parse_to_none_and_empty_to_an_object() {
    let reply = fold(vec![StreamEvent::ToolCallDelta {
        index: Some(0),
        id: Some("a".into()),
        name: Some("f".into()),
        arguments: "{\"x\":".into(),
    }]);
    assert_eq!(reply.tool_calls[0].arguments(), None);
    assert_eq!(reply.to_json()["tool_calls"][0]["arguments"], serde_json::Value::Null);
    let reply = fold(vec![StreamEvent::ToolCallDelta {
        index: Some(0),
        id: Some("a".into()),
        name: Some("f".into()),
        arguments: String::new(),
    }]);
    assert_eq!(reply.tool_calls[0].arguments(), Some(serde_json::json!({})));
}

#[test]
fn an_error_without_finish_reports_finish_error() {
    let reply = fold(vec![
        StreamEvent::TextDelta("partial".into()),
        StreamEvent::ProviderError(ProviderError::in_stream("boom".into(), None)),
    ]);
    let json = reply.to_json();
    assert_eq!(
        (json["finish"].as_str(), json["error"].as_str(), json["text"].as_str()),
        (Some("error"), Some("boom"), Some("partial"))
    );
    assert!(json["finish_raw"].is_null() && json["usage"].is_null() && json["reasoning"].is_null());
}

mod reasoning_parts {
    use super::fold;
    use crate::contract::StreamEvent::{ReasoningDelta, ReasoningSignature, RedactedReasoning, TextDelta};
    use crate::message::ReasoningPart;

    fn part(text: &str, signature: Option<&str>, redacted: Option<&str>) -> ReasoningPart {
        ReasoningPart {
            text: text.into(),
            signature: signature.map(Into::into),
            redacted: redacted.map(Into::into),
            id: None,
            round: 0,
        }
    }

    #[test]
    fn text_extends_the_open_part_and_a_signature_seals_it() {
        let reply = fold(vec![
            ReasoningDelta("Let me ".into()),
            ReasoningDelta("think.".into()),
            ReasoningSignature("sig-1".into()),
            ReasoningDelta("More.".into()),
            TextDelta("Answer".into()),
        ]);
        assert_eq!(reply.reasoning_parts, [part("Let me think.", Some("sig-1"), None), part("More.", None, None)]);
        assert_eq!(reply.reasoning, "Let me think.More.", "the flat text is unchanged");
    }

    #[test]
    fn redacted_blocks_are_sealed_parts_of_their_own() {
        let reply = fold(vec![
            ReasoningDelta("open".into()),
            RedactedReasoning("enc-1".into()),
            RedactedReasoning("enc-2".into()),
            ReasoningDelta("after".into()),
            ReasoningSignature("sig".into()),
        ]);
        assert_eq!(
            reply.reasoning_parts,
            [
                part("open", None, None),
                part("", None, Some("enc-1")),
                part("", None, Some("enc-2")),
                part("after", Some("sig"), None),
            ]
        );
        assert_eq!(reply.reasoning, "openafter");
    }

    #[test]
    fn a_signature_without_an_open_part_is_a_part_of_its_own() {
        let reply = fold(vec![
            ReasoningSignature("first".into()),
            ReasoningSignature("second".into()),
            RedactedReasoning("enc".into()),
            ReasoningSignature("third".into()),
        ]);
        assert_eq!(
            reply.reasoning_parts,
            [
                part("", Some("first"), None),
                part("", Some("second"), None),
                part("", None, Some("enc")),
                part("", Some("third"), None),
            ]
        );
        assert!(reply.reasoning.is_empty());
        assert!(reply.to_json()["reasoning"].is_null(), "to_json is unchanged by parts");
    }

    #[test]
    fn parts_serialise_without_empty_fields() {
        let json = serde_json::to_value(part("t", None, None)).expect("serialisable");
        assert_eq!(json, serde_json::json!({ "text": "t" }));
        let back: ReasoningPart =
            serde_json::from_value(serde_json::json!({ "text": "", "redacted": "x" })).expect("loads");
        assert!(back.is_sealed());
        assert!(!part("t", None, None).is_sealed());
    }
}
