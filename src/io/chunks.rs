//! Loading the wasm's chunks (scripts/build.sh splits the wasm): a function
//! marked `#[wasm_split(<chunk>, fallible)]` (re-exported here) is in chunk
//! `<chunk>`, with the code only it reaches, and calling it fetches and
//! instantiates that chunk first (once; the service worker has it precached,
//! so it loads offline too). Its arguments and result are concrete types, as
//! across any `extern` function; it returns `Result<_, ChunkError>`. Outside a
//! wasm build (clippy, native checks) it is an ordinary call.
//!
//! `crate::ui::lazy` shows the views such functions build;
//! `crate::chat::state::code` reaches the send path and the renderer this way.

pub(crate) use wasm_split_helpers::wasm_split;

/// A chunk of the app's code could not be loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ChunkError;

impl From<wasm_split_helpers::SplitLoaderError> for ChunkError {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        Self
    }
}

/// A chunk that would not load, as the provider error a reply's card or the
/// compaction note shows (Retry on the card tries again).
impl From<ChunkError> for hearth_core::provider::ProviderError {
    fn from(error: ChunkError) -> Self {
        Self {
            kind: hearth_core::contract::ProviderErrorKind::Network,
            status: None,
            message: error.to_string(),
            code: None,
            retry_after_secs: None,
        }
    }
}

impl std::fmt::Display for ChunkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "This part of Hearth could not be loaded. Check the connection and try again; if Hearth was just updated, reload the page.",
        )
    }
}
