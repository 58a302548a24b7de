//! A stored reply as the messages a model reads back.
//!
//! One reply record holds a whole assistant turn: the tool calls of every round
//! (each with its round, commentary and result) and the final answer. Sent back,
//! it unfolds into provider-neutral messages, which each family's request builder
//! spells its own way, so a conversation can go on with a model of another family:
//!
//! 1. per round `r`: an assistant message with the commentary written before the
//!    round's calls, the reasoning parts of round `r` and the calls; then a
//!    user-side message with one result per call (a call that never got a result,
//!    because the turn was stopped or the tab closed, gets an error result: every
//!    provider wants each call answered);
//! 2. the answer, with the reasoning parts of the last reply, when it has text.

mod recorder;
mod status;
#[cfg(test)]
mod tests;

pub use recorder::{Change, TurnRecorder};
pub use status::{ReplyEnd, ReplyStatus};

use std::collections::BTreeMap;

use super::records::{MessageRecord, ToolCallRecord};
use crate::contract::ProviderKind;
use crate::message::reply_pictures::{pictures_only_text, reply_attachments};
use crate::message::{ChatMessage, MessageToolCall, MessageToolResult, ReasoningPart};

/// The result given to a call that has none.
pub const NOT_RUN: &str = "The tool did not run: the turn ended first.";

/// Unfolds one assistant turn (see the module documentation).
pub fn turn_messages(
    content: &str,
    reasoning: &[ReasoningPart],
    origin: Option<ProviderKind>,
    calls: &[ToolCallRecord],
) -> Vec<ChatMessage> {
    let mut rounds: BTreeMap<u32, Vec<&ToolCallRecord>> = BTreeMap::new();
    for call in calls {
        rounds.entry(call.round).or_default().push(call);
    }
    let parts_of = |round: u32, last: bool| -> Vec<ReasoningPart> {
        reasoning.iter().filter(|part| part.round == round || (last && part.round > round)).cloned().collect()
    };
    let mut messages = Vec::new();
    let mut answer_round = 0;
    for (&round, calls) in &rounds {
        let commentary: Vec<&str> =
            calls.iter().map(|call| call.commentary.trim()).filter(|text| !text.is_empty()).collect();
        let mut message =
            ChatMessage::assistant_with_reasoning(commentary.join("\n\n"), parts_of(round, false), origin);
        message.tool_calls = calls
            .iter()
            .map(|call| MessageToolCall {
                id: call.id.clone(),
                name: call.name.clone(),
                arguments: call.arguments_raw.clone(),
            })
            .collect();
        messages.push(message);
        let results = calls
            .iter()
            .map(|call| {
                let (content, is_error, media) = match &call.result {
                    Some(result) => (result.content.clone(), result.is_error, result.media.clone()),
                    None => (NOT_RUN.to_owned(), true, Vec::new()),
                };
                MessageToolResult { call_id: call.id.clone(), name: call.name.clone(), content, is_error, media }
            })
            .collect();
        messages.push(ChatMessage::tool_results(results));
        answer_round = round + 1;
    }
    if !content.is_empty() {
        messages.push(ChatMessage::assistant_with_reasoning(content, parts_of(answer_round, true), origin));
    }
    messages
}

impl MessageRecord {
    /// The reply as the messages sent back to a model: one assistant message and
    /// one tool-results message per round of tool calls, then the answer (see
    /// [`turn_messages`]). The pictures its model made ride on the answer as
    /// attachments, for [`carry_reply_pictures`](crate::message::reply_pictures::carry_reply_pictures)
    /// to move onto the next user message; an answer that is only pictures is
    /// sent as [`pictures_only_text`].
    pub fn chat_messages(&self) -> Vec<ChatMessage> {
        let mut messages = turn_messages(&self.content, &self.reasoning_parts, self.provider_kind, &self.tool_calls);
        let pictures = reply_attachments(&self.images);
        if pictures.is_empty() {
            return messages;
        }
        if self.content.is_empty() {
            let text = pictures_only_text(pictures.len());
            messages.push(ChatMessage::assistant_with_reasoning(text, Vec::new(), self.provider_kind));
        }
        if let Some(answer) = messages.last_mut() {
            answer.attachments = pictures;
        }
        messages
    }
}
