//! Knowledge bases: the user's own files, split into passages, searched, and
//! given to the model as cited context.
//!
//! Everything here is decided without a browser; the shell's indexing worker
//! (`knowledge-worker/`, a small wasm of its own) reads the files, inflates
//! what is deflated, stores what this module makes and asks it to search.
//!
//! - [`kind`]: what a file is (Markdown, text, HTML, PDF, DOCX, source code)
//!   from its name and first bytes, or why it is refused.
//! - [`docx`]: a Word document's text, headings kept, from its
//!   `word/document.xml`.
//! - [`split`]: passages on the document's own structure: headings and
//!   paragraphs, PDF pages, code's top-level definitions.
//! - [`tokens`]: the terms a passage and a question are matched by.
//! - [`index`]: full-text search with BM25 ranking; each file's postings as
//!   compact bytes, merged in memory.
//! - [`vectors`]: embeddings stored as int8 with a scale, cosine search, and
//!   reciprocal-rank fusion of the full-text and vector rankings.
//! - [`embed`]: embedding requests (OpenAI-compatible `/embeddings`, Gemini
//!   `batchEmbedContents`), their answers, batches and the cost before
//!   starting.
//! - [`context`]: the cited context sent with a request, the
//!   `search_knowledge` tool, and what a reply's numbered citations point at.
//! - [`records`]: the stored records: a base, a file, its passages.

pub mod context;
pub mod docx;
pub mod embed;
pub mod index;
pub mod kind;
pub mod picks;
pub mod records;
pub mod split;
pub mod tokens;
pub mod vectors;

use serde::{Deserialize, Serialize};

/// Where a passage sits in its file, for a citation to open it there.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Locator {
    /// The PDF page, counted from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The headings above the passage, outermost first (Markdown, HTML, DOCX),
    /// or the definition's first line (code).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headings: Vec<String>,
    /// The line the passage starts on, counted from 1 (text and code).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

/// A piece of a file small enough to send as context: a few paragraphs, a
/// page's part, a function.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passage {
    /// Its text, as sent to the model.
    pub text: String,
    /// Where it is in the file.
    pub at: Locator,
}

/// One passage found by a search: its file (the index's number for it), its
/// number in that file, and its score (higher is better; scores of different
/// rankings are not comparable).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The file's number in the index.
    pub file: u32,
    /// The passage's number in its file, from 0.
    pub passage: u32,
    /// The ranking's score.
    pub score: f32,
}
