//! Serde shapes of the Responses stream, as far as Hearth reads them. Every
//! field is optional: one struct covers all event types, compatible servers
//! leave fields out, and a missing or null field must never fail the event.

use serde::Deserialize;

/// One streamed event object (`response.created`, `response.output_text.delta`,
/// `response.output_item.done`, `error`, …).
#[derive(Debug, Deserialize)]
pub(super) struct Event {
    /// The event type; the SSE `event:` name carries the same value.
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    /// The output item an event refers to (its position in `response.output`).
    pub(super) output_index: Option<u32>,
    /// The content part of a message item.
    pub(super) content_index: Option<u32>,
    /// The summary part of a reasoning item.
    pub(super) summary_index: Option<u32>,
    /// The output item's id.
    pub(super) item_id: Option<String>,
    /// Text, refusal, reasoning or arguments delta.
    pub(super) delta: Option<String>,
    /// `response.output_text.done`: the part's whole text.
    pub(super) text: Option<String>,
    /// `response.refusal.done`: the whole refusal.
    pub(super) refusal: Option<String>,
    /// `response.function_call_arguments.done`: the whole arguments text.
    pub(super) arguments: Option<String>,
    /// `response.output_item.added` / `.done`: the item, kept as JSON so an
    /// unknown type can be stored as it came.
    pub(super) item: Option<serde_json::Value>,
    /// `response.output_text.annotation.added`: the annotation, kept as JSON.
    pub(super) annotation: Option<serde_json::Value>,
    /// `response.image_generation_call.partial_image`: the picture so far.
    pub(super) partial_image_b64: Option<String>,
    /// `response.image_generation_call.partial_image`: its format, when sent.
    pub(super) output_format: Option<String>,
    /// `response.created`, `.completed`, `.incomplete`, `.failed`: the response.
    pub(super) response: Option<Response>,
    /// `error`: `{"type", "code", "message"}` (also found at the top level).
    pub(super) error: Option<serde_json::Value>,
    /// `error` as the API reference writes it: the message at the top level.
    pub(super) message: Option<String>,
}

/// The response object of the lifecycle events.
#[derive(Debug, Deserialize)]
pub(super) struct Response {
    /// `response.failed`: `{"code", "message"}`.
    pub(super) error: Option<serde_json::Value>,
    /// `response.incomplete`: why it stopped.
    pub(super) incomplete_details: Option<IncompleteDetails>,
    pub(super) usage: Option<WireUsage>,
}

#[derive(Debug, Deserialize)]
pub(super) struct IncompleteDetails {
    /// `max_output_tokens` or `content_filter`.
    pub(super) reason: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct WireUsage {
    pub(super) input_tokens: Option<u64>,
    pub(super) output_tokens: Option<u64>,
    pub(super) output_tokens_details: Option<OutputDetails>,
}

#[derive(Debug, Deserialize)]
pub(super) struct OutputDetails {
    pub(super) reasoning_tokens: Option<u64>,
}

/// An output item, as far as Hearth reads one (see [`Event::item`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Item {
    /// `message`, `reasoning`, `function_call`, `web_search_call`,
    /// `image_generation_call`, or a type Hearth does not know.
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    pub(super) id: Option<String>,
    /// `in_progress`, `searching`, `generating`, `completed`, `failed`, `incomplete`.
    pub(super) status: Option<String>,
    /// `function_call`: the id its result answers.
    pub(super) call_id: Option<String>,
    /// `function_call`: the function's name.
    pub(super) name: Option<String>,
    /// `function_call`: the arguments text.
    pub(super) arguments: Option<String>,
    /// `reasoning`: the sealed reasoning, with `include: ["reasoning.encrypted_content"]`.
    pub(super) encrypted_content: Option<String>,
    /// `web_search_call`: what it did.
    pub(super) action: Option<Action>,
    /// `image_generation_call`: the picture, base64.
    pub(super) result: Option<String>,
    /// `image_generation_call`: the prompt it drew from.
    pub(super) revised_prompt: Option<String>,
    /// `image_generation_call`: `png`, `jpeg` or `webp`.
    pub(super) output_format: Option<String>,
}

/// A web search call's action: `search` (`query`, `sources`), `open_page`
/// (`url`) or `find_in_page` (`pattern`, `url`).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Action {
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    pub(super) query: Option<String>,
    /// Later versions send several queries.
    pub(super) queries: Option<Vec<String>>,
    pub(super) sources: Option<Vec<serde_json::Value>>,
    pub(super) url: Option<String>,
    pub(super) pattern: Option<String>,
}

/// A text annotation, as far as Hearth reads one (see [`Event::annotation`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Annotation {
    /// `url_citation`, or another type (`file_citation`, `container_file_citation`, `file_path`).
    #[serde(rename = "type")]
    pub(super) kind: Option<String>,
    pub(super) url: Option<String>,
    pub(super) title: Option<String>,
    /// Where the cited passage ends in the part's text, in characters.
    pub(super) end_index: Option<u32>,
}
