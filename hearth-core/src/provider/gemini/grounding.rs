//! What Gemini's own tools report on a candidate: Google Search grounding
//! (`groundingMetadata`) and the pages `url_context` read (`urlContextMetadata`),
//! as neutral events (see the family's module documentation for the rules).
//!
//! Both are read from JSON kept aside by the wire types, so that a shape Hearth
//! cannot read becomes one [`StreamEvent::Malformed`] and never costs the text of
//! the chunk that carried it.

use std::fmt::Write as _;

use serde::Deserialize;

use crate::contract::{ServerToolCall, ServerToolKind, ServerToolStatus, Source, StreamEvent};
use crate::provider::parse::excerpt;

/// The start of the id of a search Gemini made (`google_search:` and the query):
/// the same query reported again completes the same call.
pub(super) const SEARCH_ID: &str = "google_search:";
/// The start of the id of a page `url_context` read (`url_context:` and the URL).
pub(super) const URL_CONTEXT_ID: &str = "url_context:";
/// The status of a page `url_context` read whole.
const RETRIEVED: &str = "URL_RETRIEVAL_STATUS_SUCCESS";

/// `groundingMetadata`, as far as Hearth reads it (the documentation spells
/// it in camelCase, some of its examples in snake_case: both are read).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Metadata {
    #[serde(alias = "web_search_queries")]
    web_search_queries: Vec<String>,
    #[serde(alias = "grounding_chunks")]
    grounding_chunks: Vec<Chunk>,
    #[serde(alias = "grounding_supports")]
    grounding_supports: Vec<Support>,
}

/// One source: a web page (`web`), or another kind Hearth does not cite.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Chunk {
    web: Option<Web>,
}

/// `{uri, title}`: Google's redirect link to the page, and the site's domain.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Web {
    uri: Option<String>,
    title: Option<String>,
}

/// A passage of the answer and the chunks that support it.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Support {
    segment: Option<Segment>,
    /// Positions in `groundingChunks`, read one by one (a bad one is skipped).
    #[serde(alias = "grounding_chunk_indices")]
    grounding_chunk_indices: Vec<serde_json::Value>,
}

/// Where the passage ends (a byte offset into the answer's UTF-8 text) and its text.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Segment {
    #[serde(alias = "end_index")]
    end_index: Option<serde_json::Value>,
    text: Option<String>,
}

/// `urlContextMetadata`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct UrlContext {
    #[serde(alias = "url_metadata")]
    url_metadata: Vec<UrlMetadata>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct UrlMetadata {
    #[serde(alias = "retrieved_url")]
    retrieved_url: Option<String>,
    #[serde(alias = "url_retrieval_status")]
    url_retrieval_status: Option<String>,
}

/// The events of a candidate's `groundingMetadata`: one completed web search
/// per query (its result count is the number of grounding chunks), then one
/// citation per supported passage and web chunk, placed after the passage's
/// last character. `answer` is the candidate's answer text streamed so far,
/// which the passages' byte offsets index. A support without an end, or whose
/// chunk index is out of range or not a web page, is skipped.
pub(super) fn grounding_events(value: &serde_json::Value, answer: &str, events: &mut Vec<StreamEvent>) {
    let metadata = match Metadata::deserialize(value) {
        Ok(metadata) => metadata,
        Err(error) => {
            events.push(unreadable("groundingMetadata", &error, value));
            return;
        }
    };
    let results = u32::try_from(metadata.grounding_chunks.len()).unwrap_or(u32::MAX);
    for query in metadata.web_search_queries.iter().filter(|query| !query.trim().is_empty()) {
        events.push(StreamEvent::ServerTool(ServerToolCall {
            id: format!("{SEARCH_ID}{query}"),
            kind: ServerToolKind::WebSearch,
            status: ServerToolStatus::Completed,
            query: Some(query.clone()),
            results: Some(results),
            error: None,
            raw: None,
        }));
    }
    for support in &metadata.grounding_supports {
        let Some(segment) = &support.segment else { continue };
        let Some(end) = segment.end_index.as_ref().and_then(offset) else { continue };
        let back = chars_after(answer, end);
        let cited_text = segment.text.as_deref().map(str::trim).filter(|text| !text.is_empty());
        for index in &support.grounding_chunk_indices {
            let web = index
                .as_u64()
                .and_then(|index| usize::try_from(index).ok())
                .and_then(|index| metadata.grounding_chunks.get(index))
                .and_then(|chunk| chunk.web.as_ref());
            let Some(web) = web else { continue };
            let Some(url) = web.uri.as_deref().map(str::trim).filter(|url| !url.is_empty()) else { continue };
            events.push(StreamEvent::Citation {
                source: Source {
                    url: url.to_owned(),
                    title: web.title.clone().unwrap_or_default(),
                    cited_text: cited_text.map(str::to_owned),
                },
                back,
            });
        }
    }
}

/// The events of a candidate's `urlContextMetadata`: one web fetch per page,
/// completed when its status is `URL_RETRIEVAL_STATUS_SUCCESS` (or not given),
/// failed with the status otherwise (`…_ERROR`, `…_UNSAFE`, `…_PAYWALL`, …).
pub(super) fn url_context_events(value: &serde_json::Value, events: &mut Vec<StreamEvent>) {
    let context = match UrlContext::deserialize(value) {
        Ok(context) => context,
        Err(error) => {
            events.push(unreadable("urlContextMetadata", &error, value));
            return;
        }
    };
    for page in &context.url_metadata {
        let Some(url) = page.retrieved_url.as_deref().map(str::trim).filter(|url| !url.is_empty()) else { continue };
        let status = page.url_retrieval_status.as_deref().filter(|status| !status.is_empty());
        let failed = status.filter(|status| *status != RETRIEVED);
        events.push(StreamEvent::ServerTool(ServerToolCall {
            id: format!("{URL_CONTEXT_ID}{url}"),
            kind: ServerToolKind::WebFetch,
            status: if failed.is_some() { ServerToolStatus::Failed } else { ServerToolStatus::Completed },
            query: Some(url.to_owned()),
            results: None,
            error: failed.map(str::to_owned),
            raw: None,
        }));
    }
}

fn unreadable(what: &str, error: &serde_json::Error, value: &serde_json::Value) -> StreamEvent {
    StreamEvent::Malformed { reason: format!("unreadable {what}: {error}"), data: excerpt(&value.to_string(), 200) }
}

/// A non-negative offset, as a JSON number or (as protobuf JSON may write
/// 64-bit numbers) a string of digits.
fn offset(value: &serde_json::Value) -> Option<u64> {
    value.as_u64().or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
}

/// How many characters of `text` follow its first `bytes` bytes: how far back
/// from the end of the text a mark placed there goes. An offset inside a
/// character counts from the end of that character; one past the end, from
/// the end.
pub(super) fn chars_after(text: &str, bytes: u64) -> u32 {
    let mut at = usize::try_from(bytes).unwrap_or(usize::MAX).min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    let after = text.get(at..).map_or(0, |rest| rest.chars().count());
    u32::try_from(after).unwrap_or(u32::MAX)
}

/// The Google Search results page of one of Gemini's search queries, which the
/// view shows as a plain link (the "search suggestions" Google's grounding
/// terms require) instead of rendering `searchEntryPoint.renderedContent`.
pub fn search_suggestion_url(query: &str) -> String {
    let mut url = String::from("https://www.google.com/search?q=");
    for byte in query.trim().bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            url.push(char::from(byte));
        } else {
            let _ = write!(url, "%{byte:02X}");
        }
    }
    url
}
