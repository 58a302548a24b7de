//! What a reply brings back beyond its text, in provider-neutral values: the
//! pages it cites ([`Source`], placed by [`StreamEvent::Citation`](super::StreamEvent::Citation)),
//! the tools the provider ran itself ([`ServerToolCall`]: its web search, web
//! fetch, image generation), the pictures a model made ([`ImageOut`]), and what
//! a family could not read ([`Unsupported`]).
//!
//! Every family reports these the same way, so that the recorder, the stored
//! record and the views need not know which provider found a page or drew a
//! picture.

use serde::{Deserialize, Serialize};

/// A web page a reply cites, as the provider named it. Only `http(s)` URLs are
/// ever made links (see [`Source::is_linkable`]); any other is shown as text.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Source {
    /// The page's address, as the provider gave it.
    pub url: String,
    /// Its title, when the provider gave one (empty otherwise).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The passage the citation rests on, when the provider gives it
    /// (Anthropic's `cited_text`, Gemini's supported segment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cited_text: Option<String>,
}

impl Source {
    /// Whether the URL may be a link: an absolute `http://` or `https://` URL.
    pub fn is_linkable(&self) -> bool {
        let url = self.url.trim();
        let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
        (lower.starts_with("https://") || lower.starts_with("http://")) && !url.contains(char::is_whitespace)
    }
}

/// Where a reply's text cites a [`Source`]: after the `at`-th character of the
/// text (counted in Unicode scalar values), the source numbered `source` (its
/// position in the reply's source list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CitationMark {
    /// The source's position in the list.
    pub source: u32,
    /// The character of the text the mark follows.
    pub at: u32,
}

/// A tool the provider ran itself while answering (its web search, web fetch
/// or image generation), as far as the stream has told. A later report with
/// the same `id` completes the earlier one (see [`ServerToolCall::merge`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerToolCall {
    /// The provider's id of the call (made up by the family when it has none).
    pub id: String,
    /// Which tool it is.
    pub kind: ServerToolKind,
    /// Where it stands.
    pub status: ServerToolStatus,
    /// What it searched for or fetched (the query, or the URL), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// How many results it found, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<u32>,
    /// Why it failed, as the provider said it (a code such as `max_uses_exceeded`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The provider's own JSON for a tool Hearth does not know
    /// ([`ServerToolKind::Other`]), kept as it came.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
}

impl ServerToolCall {
    /// Folds a later report of the same call into this one: its status wins,
    /// and each field it carries replaces the one here.
    pub fn merge(&mut self, later: ServerToolCall) {
        self.status = later.status;
        if !matches!(later.kind, ServerToolKind::Other(ref name) if name.is_empty()) {
            self.kind = later.kind;
        }
        self.query = later.query.or(self.query.take());
        self.results = later.results.or(self.results);
        self.error = later.error.or(self.error.take());
        self.raw = later.raw.or(self.raw.take());
    }
}

/// The tools a provider runs itself that Hearth shows by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerToolKind {
    /// A web search (OpenAI `web_search_call`, Anthropic `web_search`, Gemini's
    /// grounding queries, OpenRouter's web plugin).
    WebSearch,
    /// One page read (Anthropic `web_fetch`, Gemini `url_context`, OpenAI's
    /// `open_page` action).
    WebFetch,
    /// A picture being drawn (OpenAI `image_generation_call`).
    ImageGeneration,
    /// A built-in tool Hearth does not know, by the provider's name for it:
    /// shown as unsupported, its JSON kept in [`ServerToolCall::raw`].
    Other(String),
}

/// Where a provider's own tool call stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerToolStatus {
    /// Started, nothing more known.
    InProgress,
    /// Searching (or drawing).
    Working,
    /// Done.
    Completed,
    /// The provider reported that it failed.
    Failed,
}

/// A picture a model made, whole or (while it draws) partial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageOut {
    /// The provider's id of the picture or of the call drawing it, when it gives
    /// one: a partial and the final picture of one drawing share it.
    pub id: Option<String>,
    /// Its media type (`image/png`, `image/jpeg`, `image/webp`).
    pub mime: String,
    /// Its bytes, base64 (standard alphabet), as the provider sent them.
    pub data: String,
    /// Whether this is a partial picture sent while drawing: shown, never stored.
    pub partial: bool,
    /// The prompt the provider actually drew from, when it rewrote the one asked
    /// (OpenAI's `revised_prompt`).
    pub revised_prompt: Option<String>,
}

/// Something in a reply that this version cannot read (an unknown built-in tool
/// or annotation type): shown as "unsupported" and kept as it came, never dropped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unsupported {
    /// What it is, in the provider's words (an annotation or item `type`).
    pub what: String,
    /// The provider's JSON for it, as it came (cut at 4 KB).
    pub raw: String,
}

/// How hard a reasoning model thinks before answering (OpenAI `reasoning.effort`,
/// also mapped to the thinking budgets of the families that take one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effort {
    /// Quick answers.
    Low,
    /// The usual balance.
    Medium,
    /// Thorough reasoning.
    High,
}

impl Effort {
    /// The wire value (`low`, `medium`, `high`).
    pub fn as_str(self) -> &'static str {
        match self {
            Effort::Low => "low",
            Effort::Medium => "medium",
            Effort::High => "high",
        }
    }
}

/// The provider's own web search, asked for one request, with its limits.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct WebSearch {
    /// At most this many searches in one reply (Anthropic `max_uses`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_uses: Option<u32>,
    /// Search only these domains (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_domains: Vec<String>,
    /// Never these domains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked_domains: Vec<String>,
}

/// A direct request for pictures ("Create an image"), outside a conversation's
/// turn: the OpenAI Images API, or one image-model request for Gemini.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImageRequest {
    /// What to draw.
    pub prompt: String,
    /// The size, as the provider spells it (`1024x1024`, `auto`), when chosen.
    pub size: Option<String>,
    /// The quality (`low`, `medium`, `high`, `auto`), when chosen.
    pub quality: Option<String>,
    /// How many pictures (1 to 4).
    pub count: u32,
    /// A picture to edit, when one is given: its media type and base64 bytes.
    pub input: Option<(String, String)>,
}
