//! Embedding requests and their answers, the batches a file's passages are
//! sent in, and what embedding them costs, estimated before starting.
//!
//! Two wire families:
//! - OpenAI-compatible `POST {base}/embeddings`
//!   (<https://platform.openai.com/docs/api-reference/embeddings/create>),
//!   spoken by OpenAI (`https://api.openai.com/v1`), Ollama
//!   (`http://localhost:11434/v1`), LM Studio (`http://localhost:1234/v1`) and
//!   most gateways. The key goes in `authorization: Bearer …`, only when one
//!   is set; the answer's vectors are placed by their `index`.
//! - Gemini `POST {base}/v1beta/models/{model}:batchEmbedContents`
//!   (<https://ai.google.dev/api/embeddings#method:-models.batchembedcontents>),
//!   the base URL joined as for chat (with or without `/v1beta`, see
//!   [`crate::provider::gemini::DEFAULT_BASE_URL`]), the key in
//!   `x-goog-api-key`, and the [`Purpose`] as each request's `taskType`.
//!
//! A non-2xx answer is read by [`crate::provider::parse_error_body`] like a
//! chat request's; [`parse`] reads the body of a 2xx one, which may still be
//! an error object from a compatible server.

#[cfg(test)]
mod tests;

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::contract::HttpRequest;
use crate::provider::gemini::{api_url, model_id};
use crate::provider::{is_local_url, split_query, with_query};

/// The wire protocol of an embedding service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmbedFamily {
    /// OpenAI's `/embeddings` and the servers compatible with it.
    OpenAi,
    /// Google Gemini's `batchEmbedContents`.
    Gemini,
}

/// Where and with what model passages are embedded.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbedTarget {
    /// The wire protocol.
    pub family: EmbedFamily,
    /// The base URL, such as `https://api.openai.com/v1` or
    /// `https://generativelanguage.googleapis.com/v1beta`.
    pub base_url: String,
    /// The API key, when the service needs one.
    pub api_key: Option<String>,
    /// The model id (`text-embedding-3-small`, `gemini-embedding-001`,
    /// `nomic-embed-text`, …).
    pub model: String,
    /// The vector length to ask for, for models that can shorten theirs
    /// (OpenAI's `dimensions`, Gemini's `outputDimensionality`).
    pub dimensions: Option<u32>,
}

impl std::fmt::Debug for EmbedTarget {
    /// Shows the target with the API key redacted, so that it may be logged.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbedTarget")
            .field("family", &self.family)
            .field("base_url", &self.base_url)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("model", &self.model)
            .field("dimensions", &self.dimensions)
            .finish()
    }
}

/// What the texts are embedded for: Gemini makes different vectors for the
/// passages searched and the questions searching them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// A passage of a file, to be found (`RETRIEVAL_DOCUMENT`).
    Document,
    /// A question, to find passages with (`RETRIEVAL_QUERY`).
    Query,
}

impl Purpose {
    /// Gemini's `taskType` for it.
    pub fn task_type(self) -> &'static str {
        match self {
            Purpose::Document => "RETRIEVAL_DOCUMENT",
            Purpose::Query => "RETRIEVAL_QUERY",
        }
    }
}

/// Why an answer gave no vectors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmbedError {
    /// The body is not the family's answer.
    #[error("The embedding answer cannot be read: {0}")]
    Malformed(String),
    /// Another number of vectors than texts sent.
    #[error("The embedding answer has {got} vectors for {expected} texts.")]
    Count {
        /// How many texts were sent.
        expected: usize,
        /// How many vectors came back.
        got: usize,
    },
    /// The vectors are not all of one length.
    #[error("The embedding answer's vectors differ in length: {expected} and {got}.")]
    Dimensions {
        /// The first vector's length.
        expected: usize,
        /// The length of the first one that differs.
        got: usize,
    },
    /// No vector came back, or one with no values.
    #[error("The embedding answer has no vector values.")]
    Empty,
    /// The service answered with an error.
    #[error("The embedding service refused: {message}")]
    Provider {
        /// Its message, as sent.
        message: String,
    },
}

/// The most texts sent in one OpenAI-compatible request. OpenAI takes up to
/// 2,048; a smaller batch keeps a failed request cheap to retry and suits the
/// local servers.
pub const OPENAI_MAX_INPUTS: usize = 256;
/// The most texts in one `batchEmbedContents` request (Gemini refuses more
/// than 100).
pub const GEMINI_MAX_INPUTS: usize = 100;
/// The most characters sent in one request: about 30,000 tokens, well under
/// OpenAI's 300,000 tokens per request, small enough for a slow local server
/// to answer before a timeout.
pub const MAX_BATCH_CHARS: usize = 120_000;

/// The most texts one request of `family` carries.
pub fn max_inputs(family: EmbedFamily) -> usize {
    match family {
        EmbedFamily::OpenAi => OPENAI_MAX_INPUTS,
        EmbedFamily::Gemini => GEMINI_MAX_INPUTS,
    }
}

#[derive(Serialize)]
struct OpenAiBody<'a> {
    model: &'a str,
    input: &'a [String],
    encoding_format: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    dimensions: Option<u32>,
}

#[derive(Serialize)]
struct GeminiBody<'a> {
    requests: Vec<GeminiRequest<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GeminiRequest<'a> {
    model: &'a str,
    content: GeminiContent<'a>,
    task_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    output_dimensionality: Option<u32>,
}

#[derive(Serialize)]
struct GeminiContent<'a> {
    parts: [GeminiPart<'a>; 1],
}

#[derive(Serialize)]
struct GeminiPart<'a> {
    text: &'a str,
}

/// The request embedding `inputs` (one vector each, in order) for `purpose`.
pub fn request(target: &EmbedTarget, inputs: &[String], purpose: Purpose) -> HttpRequest {
    let model = target.model.trim();
    let key = target.api_key.as_deref().map(str::trim).filter(|key| !key.is_empty());
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    let (url, body) = match target.family {
        EmbedFamily::OpenAi => {
            if let Some(key) = key {
                headers.push(("authorization".to_owned(), format!("Bearer {key}")));
            }
            let body = OpenAiBody { model, input: inputs, encoding_format: "float", dimensions: target.dimensions };
            (embeddings_url(&target.base_url), serde_json::to_string(&body))
        }
        EmbedFamily::Gemini => {
            if let Some(key) = key {
                headers.push(("x-goog-api-key".to_owned(), key.to_owned()));
            }
            let id = model_id(model);
            let name = format!("models/{id}");
            let requests = inputs
                .iter()
                .map(|text| GeminiRequest {
                    model: &name,
                    content: GeminiContent { parts: [GeminiPart { text }] },
                    task_type: purpose.task_type(),
                    output_dimensionality: target.dimensions,
                })
                .collect();
            let url = api_url(&target.base_url, &format!("models/{id}:batchEmbedContents"), "");
            (url, serde_json::to_string(&GeminiBody { requests }))
        }
    };
    // Serialising these plain structs cannot fail; an empty body would be
    // refused by the server rather than panic here.
    HttpRequest { method: "POST", url, headers, body: Some(body.unwrap_or_default()) }
}

/// The OpenAI-compatible embeddings endpoint for a base URL; a full
/// `…/embeddings` URL is kept as is, and a query on the base stays after the path.
pub fn embeddings_url(base_url: &str) -> String {
    let (base, query) = split_query(base_url);
    let url = if base.ends_with("/embeddings") { base.to_owned() } else { format!("{base}/embeddings") };
    with_query(url, &[query])
}

/// Reads a 2xx answer to a request of `family` that sent `expected` texts:
/// one vector per text, in the order they were sent.
pub fn parse(family: EmbedFamily, body: &str, expected: usize) -> Result<Vec<Vec<f32>>, EmbedError> {
    let value: serde_json::Value =
        serde_json::from_str(body.trim()).map_err(|error| EmbedError::Malformed(error.to_string()))?;
    if let Some(error) = value.get("error") {
        return Err(EmbedError::Provider { message: error_message(error) });
    }
    let vectors = match family {
        EmbedFamily::OpenAi => openai_vectors(&value)?,
        EmbedFamily::Gemini => gemini_vectors(&value)?,
    };
    if vectors.is_empty() && expected > 0 {
        return Err(EmbedError::Empty);
    }
    if vectors.len() != expected {
        return Err(EmbedError::Count { expected, got: vectors.len() });
    }
    let dims = vectors.first().map_or(0, Vec::len);
    if let Some(other) = vectors.iter().find(|v| v.len() != dims) {
        return Err(EmbedError::Dimensions { expected: dims, got: other.len() });
    }
    if dims == 0 && expected > 0 {
        return Err(EmbedError::Empty);
    }
    Ok(vectors)
}

/// The message of an `error` value: its `message`, the value itself when it
/// is a string, else the value as JSON.
fn error_message(error: &serde_json::Value) -> String {
    match error {
        serde_json::Value::String(text) => text.clone(),
        _ => error.get("message").and_then(|m| m.as_str()).map_or_else(|| error.to_string(), str::to_owned),
    }
}

/// `{"data": [{"index": 0, "embedding": [...]}, ...]}`, placed by `index`
/// (array position when a server leaves it out).
fn openai_vectors(value: &serde_json::Value) -> Result<Vec<Vec<f32>>, EmbedError> {
    let Some(data) = value.get("data").and_then(|d| d.as_array()) else {
        return Err(EmbedError::Malformed("there is no `data` list".to_owned()));
    };
    let mut slots: Vec<Option<Vec<f32>>> = vec![None; data.len()];
    for (position, item) in data.iter().enumerate() {
        let index = match item.get("index") {
            None | Some(serde_json::Value::Null) => position,
            Some(index) => index
                .as_u64()
                .and_then(|i| usize::try_from(i).ok())
                .ok_or_else(|| EmbedError::Malformed(format!("`index` {index} is not a position")))?,
        };
        let Some(slot) = slots.get_mut(index) else {
            return Err(EmbedError::Malformed(format!("`index` {index} is past the {} vectors", data.len())));
        };
        if slot.is_some() {
            return Err(EmbedError::Malformed(format!("`index` {index} comes twice")));
        }
        *slot = Some(numbers(item.get("embedding"), "embedding")?);
    }
    // Every slot is filled: `data.len()` distinct indexes below `data.len()`.
    Ok(slots.into_iter().flatten().collect())
}

/// `{"embeddings": [{"values": [...]}, ...]}`, in the order sent.
fn gemini_vectors(value: &serde_json::Value) -> Result<Vec<Vec<f32>>, EmbedError> {
    let Some(embeddings) = value.get("embeddings").and_then(|e| e.as_array()) else {
        return Err(EmbedError::Malformed("there is no `embeddings` list".to_owned()));
    };
    embeddings.iter().map(|item| numbers(item.get("values"), "values")).collect()
}

/// A JSON list of numbers as `f32`s.
fn numbers(value: Option<&serde_json::Value>, name: &str) -> Result<Vec<f32>, EmbedError> {
    let Some(list) = value.and_then(|v| v.as_array()) else {
        return Err(EmbedError::Malformed(format!("an item has no `{name}` list of numbers")));
    };
    list.iter()
        .map(|n| n.as_f64().map(|n| n as f32))
        .collect::<Option<Vec<f32>>>()
        .ok_or_else(|| EmbedError::Malformed(format!("`{name}` holds something else than numbers")))
}

/// Splits texts of the given lengths (in characters) into consecutive
/// batches of at most `max_inputs` texts and `max_chars` characters. A text
/// longer than `max_chars` alone goes in a batch of its own (the service
/// cuts or refuses it). A `max_inputs` of 0 counts as 1.
pub fn batches(lengths: &[usize], max_inputs: usize, max_chars: usize) -> Vec<Range<usize>> {
    let max_inputs = max_inputs.max(1);
    let mut out = Vec::new();
    let (mut start, mut chars) = (0, 0usize);
    for (at, length) in lengths.iter().enumerate() {
        let full = at - start >= max_inputs || chars.saturating_add(*length) > max_chars;
        if at > start && full {
            out.push(start..at);
            (start, chars) = (at, 0);
        }
        chars = chars.saturating_add(*length);
    }
    if start < lengths.len() {
        out.push(start..lengths.len());
    }
    out
}

/// About how many tokens `chars` characters of text are: a quarter, rounded
/// up (English prose averages about four characters a token).
pub fn estimate_tokens(chars: usize) -> u64 {
    (chars as u64).div_ceil(4)
}

/// What embedding `tokens` tokens costs, in millionths of a dollar (rounded
/// up), at `price_per_million_micros` millionths of a dollar per million
/// tokens; `None` when the price is not known.
pub fn estimate_cost(tokens: u64, price_per_million_micros: Option<u64>) -> Option<u64> {
    let price = price_per_million_micros?;
    let micros = (u128::from(tokens) * u128::from(price)).div_ceil(1_000_000);
    Some(u64::try_from(micros).unwrap_or(u64::MAX))
}

/// When [`known_price`]'s prices were taken.
pub const PRICES_TAKEN: &str = "as published by the providers, 2026";

/// The price of a hosted embedding model in US dollars per million input
/// tokens ([`PRICES_TAKEN`]), from OpenAI's pricing page
/// (<https://platform.openai.com/docs/pricing>) and Google's
/// (<https://ai.google.dev/gemini-api/docs/pricing>). `None` for any other
/// model; a server on this machine ([`is_local`]) costs nothing whatever
/// its model.
pub fn known_price(model: &str) -> Option<f64> {
    let model = model.trim().to_ascii_lowercase();
    match model.strip_prefix("models/").unwrap_or(&model) {
        "text-embedding-3-small" => Some(0.02),
        "text-embedding-3-large" => Some(0.13),
        "text-embedding-ada-002" => Some(0.10),
        "gemini-embedding-001" => Some(0.15),
        _ => None,
    }
}

/// Whether the base URL is a server on this machine (`localhost`,
/// `127.0.0.1` and the rest of `127.0.0.0/8`, `[::1]`), such as Ollama or
/// LM Studio: embedding there costs nothing.
pub fn is_local(base_url: &str) -> bool {
    is_local_url(base_url)
}
