//! Gemini replies: recorded bodies folded whole and cut, error bodies,
//! function calls (numbered, signed, streamed argument by argument), malformed
//! chunks, blocked prompts and errors after the events.

use super::{check_error_bodies, check_streams};
use crate::contract::{FinishKind, ProviderErrorKind, ProviderKind, StreamEvent};
use crate::message::{ChatMessage, ReasoningPart, Role};
use crate::provider::ModelConfig;
use crate::provider::gemini::parse_error_body;
use crate::provider::gemini::tests::{body, build_request, provider, test_data};
use crate::provider::tests::recorded;
use crate::reply::Reply;

fn decode(pieces: &[&[u8]]) -> Vec<StreamEvent> {
    recorded::decode(ProviderKind::Gemini, pieces)
}

#[test]
fn recorded_streams_decode_identically_however_they_are_cut() {
    check_streams(ProviderKind::Gemini, "gemini", 6);
}

#[test]
fn recorded_error_bodies() {
    check_error_bodies("gemini", 3, |status, body| parse_error_body(status, body, None));
}

#[test]
fn function_calls_number_across_chunks_and_keep_given_ids() {
    let body = concat!(
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"a\",\"args\":{}}}]}}]}\r\n\r\n",
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"id\":\"fc-7\",\"name\":\"b\"}}]},\"finishReason\":\"STOP\"}]}\r\n\r\n",
    );
    let events = decode(&[body.as_bytes()]);
    let calls: Vec<(Option<u32>, Option<&str>, &str)> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::ToolCallDelta { index, id, arguments, .. } => {
                Some((*index, id.as_deref(), arguments.as_str()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(calls, [(Some(0), Some("gemini_call_0"), "{}"), (Some(1), Some("fc-7"), "{}")]);
    let reply = Reply::from_events(events);
    let finish = reply.finish.as_ref().map(|f| (f.unified, f.raw.as_deref()));
    assert_eq!(finish, Some((FinishKind::ToolCalls, Some("STOP"))));
}

#[test]
fn malformed_chunks_are_skipped_and_the_stream_goes_on() {
    let body = std::fs::read(test_data().join("in_stream_error_malformed.sse")).expect("fixture");
    let reply = Reply::from_chunks(ProviderKind::Gemini, [&body]);
    assert_eq!(reply.malformed.len(), 1, "{:?}", reply.malformed);
    assert_eq!(reply.text, "Partial answer that survived");
    let error = reply.error.expect("an error");
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Server, Some("UNAVAILABLE")));
}

#[test]
fn in_stream_errors_are_classified_by_their_code() {
    let body = "data: {\"error\":{\"code\":429,\"message\":\"Resource has been exhausted (e.g. check quota).\",\"status\":\"RESOURCE_EXHAUSTED\"}}\r\n\r\n";
    let reply = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]);
    let error = reply.error.expect("an error");
    assert_eq!(
        (error.kind, error.status, error.code.as_deref()),
        (ProviderErrorKind::RateLimit, None, Some("RESOURCE_EXHAUSTED"))
    );
}

fn fold_fixture(name: &str) -> Reply {
    let body = std::fs::read(test_data().join(name)).expect("fixture");
    Reply::from_chunks(ProviderKind::Gemini, [&body])
}

#[test]
fn thought_signatures_seal_the_reasoning() {
    // The signature rides on the answer's text part.
    let reply = fold_fixture("thinking.sse");
    assert_eq!(
        reply.reasoning_parts,
        [ReasoningPart {
            text: reply.reasoning.clone(),
            signature: Some("CiQB0e2Kb7e4x2YjZmFrZS1zaWduYXR1cmU=".into()),
            ..ReasoningPart::default()
        }]
    );
    // Streamed, it may come last, on a part with empty text.
    let reply = fold_fixture("thought_signatures.sse");
    assert_eq!(reply.text, "Crisp leaves drift and fall,\ngold light on the quiet path,\nthe year breathes out slow.");
    assert_eq!(reply.reasoning_parts.len(), 1, "{:?}", reply.reasoning_parts);
    assert!(reply.reasoning_parts[0].text.starts_with("**Choosing an image**"));
    assert_eq!(reply.reasoning_parts[0].signature.as_deref(), Some("CiQB0e2Kb3dRh6BK+2ZhbGwtbGVhdmVzLXNpZ25hdHVyZQ=="));
    assert_eq!(reply.finish.map(|f| f.unified), Some(FinishKind::Stop));
}

#[test]
fn function_call_signatures_are_kept_in_order() {
    let body = concat!(
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"check_flight\",\"args\":{\"flight\":\"AA100\"}},\"thoughtSignature\":\"sig-A\"}]}}]}\r\n\r\n",
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Booked.\",\"thoughtSignature\":\"sig-B\"}]},\"finishReason\":\"STOP\"}]}\r\n\r\n",
    );
    let events = decode(&[body.as_bytes()]);
    let signatures: Vec<&str> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::ReasoningSignature(signature) => Some(signature.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(signatures, ["sig-A", "sig-B"]);
    let reply = Reply::from_events(events);
    let parts: Vec<Option<&str>> = reply.reasoning_parts.iter().map(|p| p.signature.as_deref()).collect();
    assert_eq!(parts, [Some("sig-A"), Some("sig-B")], "a signature after a sealed part is a part of its own");
}

#[test]
fn replies_carry_their_last_signature_back_and_settings_go_in_generation_config() {
    let reply = fold_fixture("thought_signatures.sse");
    let messages = [
        ChatMessage::new(Role::User, "A haiku about autumn, please."),
        ChatMessage::assistant_with_reasoning(
            reply.text.clone(),
            reply.reasoning_parts.clone(),
            Some(ProviderKind::Gemini),
        ),
        ChatMessage::new(Role::User, "Now one about winter."),
    ];
    let model = ModelConfig {
        temperature: Some(0.4),
        top_p: Some(0.8),
        max_tokens: Some(1024),
        thinking: Some(true),
        ..ModelConfig::new("gemini-2.5-flash")
    };
    let request = build_request(&provider("", "AIza-secret"), &model, &messages);
    assert!(!format!("{request:?}").contains("AIza-secret"));
    assert_eq!(
        body(&request),
        serde_json::json!({
            "contents": [
                { "role": "user", "parts": [{ "text": "A haiku about autumn, please." }] },
                { "role": "model", "parts": [{
                    "text": reply.text,
                    "thoughtSignature": "CiQB0e2Kb3dRh6BK+2ZhbGwtbGVhdmVzLXNpZ25hdHVyZQ==",
                }] },
                { "role": "user", "parts": [{ "text": "Now one about winter." }] },
            ],
            "generationConfig": {
                "temperature": 0.4,
                "topP": 0.8,
                "maxOutputTokens": 1024,
                "thinkingConfig": { "includeThoughts": true },
            },
        })
    );
    assert!(!request.body.unwrap_or_default().contains("Choosing an image"), "thought text is never sent back");

    // Off asks for a zero budget; a reply from another family carries nothing.
    let off = ModelConfig { thinking: Some(false), ..ModelConfig::new("gemini-2.5-flash") };
    let foreign = [ChatMessage::assistant_with_reasoning("x", reply.reasoning_parts, Some(ProviderKind::Anthropic))];
    let json = body(&build_request(&provider("", "k"), &off, &foreign));
    assert_eq!(json["generationConfig"], serde_json::json!({ "thinkingConfig": { "thinkingBudget": 0 } }));
    assert_eq!(json["contents"][0]["parts"], serde_json::json!([{ "text": "x" }]));
}

/// A `data:` event holding one function-call part, CRLF-framed as Google sends them.
fn call_event(function_call: &str) -> String {
    format!("data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"functionCall\":{function_call}}}]}}}}]}}\r\n\r\n")
}

#[test]
fn streamed_function_call_arguments_are_assembled_into_one_named_call() {
    let reply = fold_fixture("stream_function_call_arguments.sse");
    assert_eq!(reply.tool_calls.len(), 1, "{:?}", reply.tool_calls);
    let call = &reply.tool_calls[0];
    assert_eq!(call.name, "getCurrentWeather");
    assert_eq!(
        call.arguments(),
        Some(serde_json::json!({
            "country": "USA", "location": "NewYorkCity", "purpose": "to know what to wear today", "unit": "C"
        }))
    );
    // The call is whole when it ends, and its signature is kept for the next turn.
    recorded::check_tool_call_ends(ProviderKind::Gemini, "gemini", "stream_function_call_arguments.sse");
    assert!(reply.reasoning_parts.iter().any(|part| part.signature.is_some()));
    assert_eq!(reply.finish.map(|f| f.unified), Some(FinishKind::ToolCalls));
}

#[test]
fn streamed_arguments_take_nested_paths_numbers_and_continued_strings() {
    let body = [
        call_event(r#"{"name":"plan","willContinue":true}"#),
        call_event(
            r#"{"partialArgs":[{"jsonPath":"$.trip.city","stringValue":"San ","willContinue":true}],"willContinue":true}"#,
        ),
        call_event(
            r#"{"partialArgs":[{"jsonPath":"$.trip.city","stringValue":"Francisco"},{"jsonPath":"$.days","numberValue":3},{"jsonPath":"$.stops[1]","stringValue":"Muir Woods"},{"jsonPath":"$['with kids']","boolValue":true},{"jsonPath":"$.budget","nullValue":"NULL_VALUE"}],"willContinue":true}"#,
        ),
        // A new piece of the same path without `willContinue` before it replaces the value.
        call_event(r#"{"partialArgs":[{"jsonPath":"$.days","numberValue":4}]}"#),
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{}}]},\"finishReason\":\"STOP\"}]}\r\n\r\n"
            .to_owned(),
    ]
    .concat();
    let reply = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]);
    assert_eq!(reply.tool_calls.len(), 1, "{:?}", reply.tool_calls);
    assert_eq!(reply.tool_calls[0].name, "plan");
    assert_eq!(
        reply.tool_calls[0].arguments(),
        Some(serde_json::json!({
            "trip": { "city": "San Francisco" }, "days": 4, "stops": [null, "Muir Woods"], "with kids": true,
            "budget": null
        }))
    );
}

#[test]
fn streamed_arguments_with_an_unreadable_path_are_never_valid_json() {
    for path in ["$..city", "city", "$", "$.a[x]", "$.a[100000]"] {
        let body = [
            call_event(r#"{"name":"weather","willContinue":true}"#),
            call_event(&format!(
                r#"{{"partialArgs":[{{"jsonPath":{},"stringValue":"Paris"}}],"willContinue":true}}"#,
                serde_json::json!(path)
            )),
            call_event("{}"),
        ]
        .concat();
        let reply = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]);
        assert_eq!(reply.tool_calls.len(), 1, "{path}");
        assert_eq!(reply.tool_calls[0].name, "weather");
        assert_eq!(reply.tool_calls[0].arguments(), None, "{path}: {}", reply.tool_calls[0].arguments_raw);
        assert_eq!(reply.malformed.len(), 1, "{path}: said once");
    }
}

#[test]
fn function_calls_without_a_name_are_never_given_one() {
    // An empty call outside a streamed one is nothing; a call with arguments but
    // no name is reported nameless (the tool loop answers it with an error).
    let body = [call_event("{}"), call_event(r#"{"args":{"city":"Paris"}}"#)].concat();
    let reply = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]);
    assert_eq!(reply.tool_calls.len(), 1, "{:?}", reply.tool_calls);
    assert_eq!(reply.tool_calls[0].name, "");
}

#[test]
fn a_streamed_call_left_open_is_reported_without_its_end() {
    let body = [
        call_event(r#"{"name":"weather","willContinue":true}"#),
        call_event(
            r#"{"partialArgs":[{"jsonPath":"$.city","stringValue":"Par","willContinue":true}],"willContinue":true}"#,
        ),
    ]
    .concat();
    let events = decode(&[body.as_bytes()]);
    assert!(!events.iter().any(|event| matches!(event, StreamEvent::ToolCallEnd { .. })), "{events:?}");
    let reply = Reply::from_events(events);
    // "Par" is valid JSON but not the call the model meant: never runnable.
    assert_eq!(reply.tool_calls[0].arguments(), None, "{}", reply.tool_calls[0].arguments_raw);
    assert!(reply.tool_calls[0].arguments_raw.contains("ended before the arguments were complete"));
    assert_eq!(reply.finish, None);
}

#[test]
fn a_finish_while_arguments_are_still_streaming_leaves_a_call_that_never_runs() {
    let body = [
        call_event(r#"{"name":"weather","willContinue":true}"#),
        call_event(
            r#"{"partialArgs":[{"jsonPath":"$.city","stringValue":"Par","willContinue":true}],"willContinue":true}"#,
        ),
        "data: {\"candidates\":[{\"content\":{\"parts\":[]},\"finishReason\":\"STOP\"}]}\r\n\r\n".to_owned(),
    ]
    .concat();
    let reply = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]);
    assert_eq!(reply.tool_calls.len(), 1, "{:?}", reply.tool_calls);
    assert_eq!(reply.tool_calls[0].name, "weather");
    assert_eq!(reply.tool_calls[0].arguments(), None, "{}", reply.tool_calls[0].arguments_raw);
    assert_eq!(reply.malformed.len(), 1, "the cut is said");
}

#[test]
fn a_streamed_path_cannot_make_a_huge_array() {
    let body = [
        call_event(r#"{"name":"weather","willContinue":true}"#),
        call_event(r#"{"partialArgs":[{"jsonPath":"$.a[999].b[999].c[999]","stringValue":"x"}],"willContinue":true}"#),
        call_event("{}"),
    ]
    .concat();
    let reply = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]);
    assert_eq!(reply.tool_calls[0].arguments(), None, "{}", reply.tool_calls[0].arguments_raw);
}

#[test]
fn a_blocked_prompt_is_a_content_filter_error_with_its_reason() {
    let reply = fold_fixture("prompt_blocked.sse");
    let error = reply.error.expect("an error");
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::ContentFilter, Some("PROHIBITED_CONTENT")));
    assert!(error.to_string().contains("blocked the prompt (reason: PROHIBITED_CONTENT)"), "{error}");
    // Google's explanation, when it gives one, follows the reason.
    let body = "data: {\"promptFeedback\":{\"blockReason\":\"OTHER\",\"blockReasonMessage\":\"The prompt could not be submitted.\"}}\r\n\r\n";
    let error = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]).error.expect("an error");
    assert_eq!(
        error.message,
        "Gemini's safety filter blocked the prompt (reason: OTHER). The prompt could not be submitted."
    );
}

#[test]
fn an_error_after_the_events_ends_the_stream_with_it() {
    let reply = fold_fixture("error_without_data_prefix.sse");
    assert_eq!(reply.text, "The");
    let error = reply.error.expect("the trailing error");
    assert_eq!((error.kind, error.code.as_deref()), (ProviderErrorKind::Server, Some("INTERNAL")));
    // Pretty-printed over several lines and wrapped in an array, as Google also
    // writes errors, with a keep-alive before it.
    let body = concat!(
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hi\"}]}}]}\r\n\r\n",
        ": keep-alive\r\n",
        "[{\r\n  \"error\": {\r\n    \"code\": 429,\r\n    \"message\": \"Resource exhausted.\",\r\n",
        "    \"status\": \"RESOURCE_EXHAUSTED\"\r\n  }\r\n}\r\n]\r\n",
    );
    let whole = decode(&[body.as_bytes()]);
    for cut in 0..=body.len() {
        let (a, b) = body.as_bytes().split_at(cut);
        assert_eq!(decode(&[a, b]), whole, "cut at {cut}");
    }
    let error = Reply::from_events(whole).error.expect("the trailing error");
    assert_eq!((error.kind, error.message.as_str()), (ProviderErrorKind::RateLimit, "Resource exhausted."));
}

#[test]
fn a_draft_picture_shows_until_the_final_one_and_citations_follow_their_passage() {
    let draft = "data: {\"candidates\":[{\"content\":{\"parts\":[{\"inlineData\":{\"mimeType\":\"image/png\",\"data\":\"ZHJhZnQ=\"},\"thought\":true}]}}]}\r\n\r\n";
    let reply = Reply::from_chunks(ProviderKind::Gemini, [draft.as_bytes()]);
    assert!(reply.images.is_empty());
    assert_eq!(reply.drawing.as_ref().map(|image| image.data.as_str()), Some("ZHJhZnQ="));
    let last = "data: {\"candidates\":[{\"content\":{\"parts\":[{\"inlineData\":{\"mimeType\":\"image/png\",\"data\":\"ZmluYWw=\"}}]},\"finishReason\":\"STOP\"}]}\r\n\r\n";
    let reply = Reply::from_chunks(ProviderKind::Gemini, [draft.as_bytes(), last.as_bytes()]);
    assert_eq!((reply.drawing, reply.images.len()), (None, 1));

    // "Fête. Été." cites its first sentence (bytes 0..7, "Fête." with ê in 2 bytes).
    let body = concat!(
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Fête. \"}]}}]}\r\n\r\n",
        "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Été.\"}]},\"groundingMetadata\":{",
        "\"webSearchQueries\":[\"fête\"],\"groundingChunks\":[{\"web\":{\"uri\":\"https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbC\",\"title\":\"fete.example\"}}],",
        "\"groundingSupports\":[{\"segment\":{\"endIndex\":6,\"text\":\"Fête.\"},\"groundingChunkIndices\":[0]}]},\"finishReason\":\"STOP\"}]}\r\n\r\n",
    );
    let reply = Reply::from_chunks(ProviderKind::Gemini, [body.as_bytes()]);
    assert_eq!(reply.text, "Fête. Été.");
    assert_eq!(reply.citations.len(), 1);
    assert_eq!(reply.citations[0].at, 5, "after \"Fête.\"");
    let source = &reply.sources[0];
    assert_eq!(
        (source.url.as_str(), source.title.as_str(), source.cited_text.as_deref()),
        ("https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbC", "fete.example", Some("Fête."))
    );
    assert_eq!(reply.server_tools.len(), 1);
}
