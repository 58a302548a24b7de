//! Gemini's own tools in the stream: search queries, citations placed by byte
//! offsets (non-ASCII text included), supports that name no usable chunk, pages
//! read by `url_context`, metadata Hearth cannot read, and the search
//! suggestion links.

use crate::contract::{ServerToolKind, ServerToolStatus, StreamEvent};
use crate::provider::ProviderKind;
use crate::provider::gemini::grounding::chars_after;
use crate::provider::gemini::search_suggestion_url;
use crate::provider::tests::recorded;

fn decode(body: &str) -> Vec<StreamEvent> {
    recorded::decode(ProviderKind::Gemini, &[body.as_bytes()])
}

/// One `data:` event of a candidate with `parts` and the rest of the candidate
/// (line breaks in them are left out: a `data:` line has none).
fn chunk(parts: &str, rest: &str) -> String {
    let rest = rest.replace('\n', "");
    format!("data: {{\"candidates\":[{{\"content\":{{\"parts\":{parts},\"role\":\"model\"}}{rest}}}]}}\r\n\r\n")
}

fn citations(events: &[StreamEvent]) -> Vec<(String, u32, Option<String>)> {
    events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::Citation { source, back } => Some((source.url.clone(), *back, source.cited_text.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn byte_offsets_become_character_counts_in_non_ascii_text() {
    // "Ça coûte 5 €." is 13 characters and 17 bytes (Ç, û: 2 bytes; €: 3).
    let first = "Ça coûte 5 €.";
    let second = " Voilà.";
    let end_of_first = first.len(); // 17
    let body = [
        chunk(&format!("[{{\"text\":{}}}]", serde_json::json!(first)), ""),
        chunk(
            &format!("[{{\"text\":{}}}]", serde_json::json!(second)),
            &format!(
                ",\"groundingMetadata\":{{\"groundingChunks\":[{{\"web\":{{\"uri\":\"https://a.example/\",\"title\":\"a.example\"}}}}],\
                 \"groundingSupports\":[{{\"segment\":{{\"startIndex\":0,\"endIndex\":{end_of_first},\"text\":\"Ça coûte 5 €.\"}},\"groundingChunkIndices\":[0]}}]}}"
            ),
        ),
    ]
    .concat();
    let events = decode(&body);
    // The mark goes after "€.", before " Voilà." (7 characters, 8 bytes).
    assert_eq!(citations(&events), [("https://a.example/".to_owned(), 7, Some(first.to_owned()))]);
    assert_eq!(chars_after("Ça coûte 5 €. Voilà.", 17), 7);
    // Inside a character: counted from its end; past the end: at the end.
    assert_eq!(chars_after("€x", 1), 1);
    assert_eq!(chars_after("€x", 99), 0);
    assert_eq!(chars_after("", 0), 0);
}

#[test]
fn supports_naming_no_usable_chunk_are_skipped() {
    let metadata = r#","groundingMetadata":{"groundingChunks":[{"web":{"uri":"https://a.example/"}},{"retrievedContext":{"uri":"gs://x"}}],"groundingSupports":[
        {"segment":{"endIndex":2},"groundingChunkIndices":[7,-1,"0",1.5,1,18446744073709551615]},
        {"segment":{"startIndex":0},"groundingChunkIndices":[0]},
        {"groundingChunkIndices":[0]},
        {"segment":{"endIndex":4},"groundingChunkIndices":[0]}]}"#;
    let events = decode(&chunk(r#"[{"text":"Done."}]"#, metadata));
    assert_eq!(citations(&events), [("https://a.example/".to_owned(), 1, None)]);
    assert!(events.iter().all(|event| !matches!(event, StreamEvent::Malformed { .. })), "{events:?}");
}

#[test]
fn grounding_without_supports_still_lists_the_queries() {
    let metadata = r#","groundingMetadata":{"webSearchQueries":["weather in Paris",""," "],"searchEntryPoint":{"renderedContent":"<style>.x{}</style><div>Search</div>"}},"finishReason":"STOP""#;
    let events = decode(&chunk(r#"[{"text":"Sunny."}]"#, metadata));
    let searches: Vec<_> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::ServerTool(call) => Some(call.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(searches.len(), 1, "{events:?}");
    let search = &searches[0];
    assert_eq!((&search.kind, search.status), (&ServerToolKind::WebSearch, ServerToolStatus::Completed));
    assert_eq!((search.query.as_deref(), search.results), (Some("weather in Paris"), Some(0)));
    assert!(citations(&events).is_empty());
    // The widget's HTML is never passed on.
    assert!(!format!("{events:?}").contains("<div>"));
}

#[test]
fn pages_read_by_url_context_complete_or_fail_with_their_status() {
    let metadata = r#","urlContextMetadata":{"urlMetadata":[
        {"retrievedUrl":"https://ok.example/","urlRetrievalStatus":"URL_RETRIEVAL_STATUS_SUCCESS"},
        {"retrievedUrl":"https://paid.example/","urlRetrievalStatus":"URL_RETRIEVAL_STATUS_PAYWALL"},
        {"urlRetrievalStatus":"URL_RETRIEVAL_STATUS_ERROR"}]}"#;
    let events = decode(&chunk(r#"[{"text":"Read."}]"#, metadata));
    let reads: Vec<(Option<&str>, ServerToolStatus, Option<&str>)> = events
        .iter()
        .filter_map(|event| match event {
            StreamEvent::ServerTool(call) if call.kind == ServerToolKind::WebFetch => {
                Some((call.query.as_deref(), call.status, call.error.as_deref()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        reads,
        [
            (Some("https://ok.example/"), ServerToolStatus::Completed, None),
            (Some("https://paid.example/"), ServerToolStatus::Failed, Some("URL_RETRIEVAL_STATUS_PAYWALL")),
        ]
    );
}

#[test]
fn unreadable_metadata_is_malformed_and_the_text_is_kept() {
    let metadata = r#","groundingMetadata":{"webSearchQueries":"not a list"},"urlContextMetadata":[1]"#;
    let events = decode(&chunk(r#"[{"text":"Kept."}]"#, metadata));
    assert_eq!(events.first(), Some(&StreamEvent::TextDelta("Kept.".into())));
    let malformed = events.iter().filter(|event| matches!(event, StreamEvent::Malformed { .. })).count();
    assert_eq!(malformed, 2, "{events:?}");
}

#[test]
fn search_suggestions_are_plain_google_links() {
    assert_eq!(
        search_suggestion_url(" who won euro 2024? <b>&</b> ü "),
        "https://www.google.com/search?q=who%20won%20euro%202024%3F%20%3Cb%3E%26%3C%2Fb%3E%20%C3%BC"
    );
}
