//! Where a reply stands, and how that reads from and into its stored record.
//!
//! The finish reason's meaning is decided here once ([`ReplyStatus::of_finish`]):
//! a stop, a tool-call finish or an unknown one is a complete answer; the token
//! limit, the content filter or a provider-side error cut it short.

use crate::contract::{FinishKind, FinishReason, ProviderError};
use crate::failure::Failure;
use crate::reply::Reply;
use crate::storage::{ErrorRecord, MessageRecord, MessageState};

/// Where a reply stands.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplyStatus {
    /// Text is still arriving (in this tab or another).
    Streaming,
    /// The model finished normally.
    Complete,
    /// The model stopped for a reason worth telling (token limit, content filter).
    Cut(FinishKind),
    /// The user pressed Stop; the partial answer is kept.
    Stopped,
    /// The stream ended without the model saying it had finished.
    Incomplete,
    /// The tab closed or crashed while the reply streamed; the partial answer is kept.
    Interrupted,
    /// The request failed; the card says why in words a person can act on.
    Failed(Failure),
}

/// How one response's stream ended, as the shell saw it.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplyEnd {
    /// The body ended on its own.
    Finished,
    /// The user stopped it.
    Stopped,
    /// The request failed (an HTTP error, the network, a stall).
    Failed(ProviderError),
    /// The request could not get through, or broke, while the browser said
    /// the device was offline.
    Offline,
}

impl ReplyStatus {
    /// Whether the reply broke before its end (its request failed, or its tab
    /// closed while it streamed): any text it holds is not an answer to go on
    /// from, so a compare turn cannot continue with it.
    pub fn broke(&self) -> bool {
        matches!(self, ReplyStatus::Failed(_) | ReplyStatus::Interrupted)
    }

    /// What a finish reason means for the answer.
    pub fn of_finish(finish: &FinishReason) -> Self {
        match finish.unified {
            FinishKind::Stop | FinishKind::ToolCalls | FinishKind::Other => ReplyStatus::Complete,
            kind @ (FinishKind::Length | FinishKind::ContentFilter | FinishKind::Error) => ReplyStatus::Cut(kind),
        }
    }

    /// The status of a reply whose stream ended `end`.
    pub fn of_reply(reply: &Reply, end: ReplyEnd) -> Self {
        match end {
            ReplyEnd::Stopped => ReplyStatus::Stopped,
            ReplyEnd::Failed(error) => ReplyStatus::Failed(Failure::from(error)),
            ReplyEnd::Offline => ReplyStatus::Failed(Failure::offline()),
            ReplyEnd::Finished => match (&reply.error, &reply.finish) {
                (Some(error), _) => ReplyStatus::Failed(Failure::from(error)),
                (None, None) => ReplyStatus::Incomplete,
                (None, Some(finish)) => Self::of_finish(finish),
            },
        }
    }

    /// The status a stored reply shows.
    pub fn of_record(record: &MessageRecord) -> Self {
        match record.state {
            MessageState::Streaming => ReplyStatus::Streaming,
            MessageState::Stopped => ReplyStatus::Stopped,
            MessageState::Incomplete => ReplyStatus::Incomplete,
            MessageState::Interrupted => ReplyStatus::Interrupted,
            MessageState::Failed => ReplyStatus::Failed(Failure::from_record(
                &record.error.clone().unwrap_or_else(|| ErrorRecord::described("other", "The request failed.")),
            )),
            MessageState::Complete => record.finish.as_ref().map_or(ReplyStatus::Complete, Self::of_finish),
        }
    }

    /// The stored state for this status.
    pub fn state(&self) -> MessageState {
        match self {
            ReplyStatus::Streaming => MessageState::Streaming,
            ReplyStatus::Complete | ReplyStatus::Cut(_) => MessageState::Complete,
            ReplyStatus::Incomplete => MessageState::Incomplete,
            ReplyStatus::Stopped => MessageState::Stopped,
            ReplyStatus::Interrupted => MessageState::Interrupted,
            ReplyStatus::Failed(_) => MessageState::Failed,
        }
    }

    /// The stored error, for a failed reply.
    pub fn error_record(&self) -> Option<ErrorRecord> {
        match self {
            ReplyStatus::Failed(failure) => Some(failure.to_record()),
            _ => None,
        }
    }

    /// Whether the reply failed.
    pub fn is_failed(&self) -> bool {
        matches!(self, ReplyStatus::Failed(_))
    }
}
