//! What compaction passes around: whether to compact before a request
//! ([`Compaction`]), what one compaction needs ([`Job`]), and what the
//! composer says of it ([`CompactionNote`], [`SummaryFailure`]).

use hearth_core::compaction::{ActiveSummary, HistoryItem};
use hearth_core::failure::ConfigProblem;
use hearth_core::format::grouped;
use hearth_core::message::ChatMessage;
use hearth_core::provider::ProviderError;
use hearth_core::storage::SessionRecord;
use hearth_core::tools::ToolSpec;
use web_sys::AbortSignal;

use crate::i18n::{Arg, tr, tr_with};
use crate::providers::state::ProviderEntry;

/// Whether to compact before a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compaction {
    /// When the request fills the threshold of the window.
    WhenFull,
    /// Whenever there is something to summarise (Compact and retry).
    Now,
    /// Not for this request: a compare turn's columns, which would each write
    /// a summary of the same messages at once.
    Never,
}

/// Why a summary could not be written (in words only when shown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SummaryFailure {
    /// No provider account is set up.
    NoProvider,
    /// The summarising account cannot be asked (its address or key).
    Config(ConfigProblem),
    /// The provider refused or failed.
    Provider(ProviderError),
    /// The model answered with no summary (or too little of one).
    Empty,
    /// Stopped, or the conversation deleted or cleared meanwhile.
    Stopped,
    /// The conversation was deleted before the summary could be stored.
    Gone,
    /// What would be summarised is smaller than any summary of it.
    TooShort,
}

impl SummaryFailure {
    /// The failure in a few words, for the note.
    fn words(&self) -> String {
        match self {
            SummaryFailure::NoProvider => tr("no provider is set up").to_owned(),
            SummaryFailure::Config(problem) => problem.to_string(),
            SummaryFailure::Provider(error) => briefly(error),
            SummaryFailure::Empty => tr("the model wrote no summary").to_owned(),
            SummaryFailure::Stopped => tr("stopped").to_owned(),
            SummaryFailure::Gone => tr("the conversation is gone").to_owned(),
            SummaryFailure::TooShort => tr("the earlier messages are shorter than any summary of them").to_owned(),
        }
    }
}

/// What the line under the composer says about compaction (announced politely).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum CompactionNote {
    /// Nothing.
    #[default]
    Quiet,
    /// A summary is being written.
    Summarising,
    /// Earlier messages were summarised: how many the summary stands for.
    Summarised(u32),
    /// Compact found nothing to summarise yet.
    NothingToSummarise,
    /// Undo removed a summary.
    Undone,
    /// What is always sent verbatim (the `first` message, else the last
    /// turn) is by itself too long for the window: no summary can help, so
    /// none is asked for. Its estimate and the window, in tokens.
    TooLong { first: bool, estimate: u32, window: u32 },
    /// The summary could not be written; `sent`: the request went out in full.
    Failed { failure: SummaryFailure, sent: bool },
}

impl CompactionNote {
    /// The words shown (empty for `Quiet`).
    pub(crate) fn text(&self) -> String {
        match self {
            CompactionNote::Quiet => String::new(),
            CompactionNote::Summarising => tr("Summarising earlier messages…").to_owned(),
            CompactionNote::Summarised(count) => {
                tr_with("chat-state-summarised", &[("count", Arg::Number(f64::from(*count)))], || {
                    format!(
                        "Earlier messages summarised ({count} {}). They stay here; only requests send the summary.",
                        if *count == 1 { "message" } else { "messages" }
                    )
                })
            }
            CompactionNote::NothingToSummarise => {
                tr("Nothing to summarise yet: the first message and the last turns are always sent as they are.")
                    .to_owned()
            }
            CompactionNote::Undone => tr("Summary removed: requests send the earlier messages again.").to_owned(),
            CompactionNote::TooLong { first, estimate, window } => {
                let tokens =
                    [("estimate", Arg::Number(f64::from(*estimate))), ("window", Arg::Number(f64::from(*window)))];
                let english = || {
                    format!(
                        "The {} alone is too long for this model's context window (about {} tokens of {}), so summarising \
                         earlier messages cannot help. Shorten it, or choose a model with a larger window.",
                        if *first { "first message" } else { "last message" },
                        grouped((*estimate).into()),
                        grouped((*window).into())
                    )
                };
                if *first {
                    tr_with("chat-state-first-message-too-long", &tokens, english)
                } else {
                    tr_with("chat-state-last-message-too-long", &tokens, english)
                }
            }
            CompactionNote::Failed { failure, sent } => {
                let words = failure.words();
                let why = words.trim_end_matches('.');
                if *sent {
                    tr_with("chat-state-summary-failed-sent", &[("why", Arg::Text(why))], || {
                        format!(
                            "The earlier messages could not be summarised: {why}. The conversation was sent in full."
                        )
                    })
                } else {
                    tr_with("chat-state-summary-failed-unchanged", &[("why", Arg::Text(why))], || {
                        format!("The earlier messages could not be summarised: {why}. Nothing was changed.")
                    })
                }
            }
        }
    }

    /// Whether it reports a failure (or a request that cannot fit).
    pub(crate) fn is_failure(&self) -> bool {
        matches!(self, CompactionNote::Failed { .. } | CompactionNote::TooLong { .. })
    }
}

/// A provider error in a few words, for the note: its title and status.
fn briefly(error: &ProviderError) -> String {
    match error.status {
        Some(status) => {
            let (title, code) = (error.kind.title(), status.to_string());
            tr_with(
                "chat-state-provider-error-http",
                &[("title", Arg::Text(title)), ("status", Arg::Text(&code))],
                || format!("{title} (HTTP {status})"),
            )
        }
        None => error.kind.title().to_owned(),
    }
}

/// Everything one compaction needs, taken when the request starts.
pub(in crate::chat::state) struct Job {
    /// The conversation, as stored.
    pub(in crate::chat::state) session: SessionRecord,
    /// The history the request would send, as items.
    pub(in crate::chat::state) items: Vec<HistoryItem>,
    /// The summary that applies now.
    pub(in crate::chat::state) active: Option<ActiveSummary>,
    /// The account that answers (the conversation's model).
    pub(in crate::chat::state) entry: Option<ProviderEntry>,
    /// The system prompt and tools of the request, for the estimate.
    pub(in crate::chat::state) system: Option<ChatMessage>,
    pub(in crate::chat::state) tools: Vec<ToolSpec>,
    /// The estimated tokens of the agent's MCP tool definitions, which the
    /// turn adds to `tools` (their servers are reached only then).
    pub(in crate::chat::state) mcp_tokens: u32,
    /// Stop: ends the summary request too.
    pub(in crate::chat::state) signal: Option<AbortSignal>,
}
