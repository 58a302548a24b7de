//! The one record of an assistant turn, folded as the turn goes.
//!
//! A turn is one or more replies: each reply that asks for tools is a round,
//! whose calls run and whose results go back to the model with the next request;
//! the last reply is the answer. [`TurnRecorder`] owns the turn's
//! [`MessageRecord`] and folds into it, in order:
//!
//! 1. the current reply's [`StreamEvent`]s ([`TurnRecorder::apply`]); the reply's
//!    answer text, its reasoning (after the earlier rounds'), the summed usage of
//!    every round and the finish reason go into the record;
//! 2. a reply that asked for tools ([`TurnRecorder::start_round`]): its calls join
//!    the record with their round and ids (from `ToolLoop::call_ids`), the text it
//!    wrote before them becomes the first call's commentary, and its reasoning and
//!    usage are kept as the earlier rounds';
//! 3. each tool result as it arrives ([`TurnRecorder::record_result`], with its
//!    duration) and then the loop's results for the whole round
//!    ([`TurnRecorder::record_results`]);
//! 4. the end ([`TurnRecorder::finish`]): state and error from the status, and the
//!    search terms.
//!
//! It answers two questions: what the record is now ([`TurnRecorder::streaming_record`]
//! while the reply streams: search terms are left for the final write, since
//! recomputing them for the whole text on every save would make each save cost
//! more as the answer grows) and what the next request sends
//! ([`TurnRecorder::request_history`]: the conversation before the turn, then
//! each round unfolded by [`turn_messages`], exactly as the stored record will
//! be read back). Times are passed in.

#[cfg(test)]
mod tests;

use crate::Millis;
use crate::contract::{CitationMark, ServerToolCall, Source, StreamEvent, Unsupported, Usage};
use crate::message::ToolMedia;
use crate::message::{ChatMessage, ReasoningPart};
use crate::reply::Reply;
use crate::storage::{MessageRecord, ToolCallRecord, ToolResultRecord, turn_messages};
use crate::tools::ToolResult;

use super::status::{ReplyEnd, ReplyStatus};

/// Folds one assistant turn into its record (see the module documentation).
#[derive(Debug, Clone)]
pub struct TurnRecorder {
    record: MessageRecord,
    /// The conversation before the turn.
    history: Vec<ChatMessage>,
    /// The current reply (empty between a round's calls and the next reply).
    reply: Reply,
    /// The round the current reply is (0 for the first request).
    round: u32,
    /// What earlier rounds left.
    earlier: Earlier,
    /// Whether anything substantial arrived (text, reasoning or a call).
    produced: bool,
    status: ReplyStatus,
}

/// What earlier rounds of the turn left, kept in the record with the current round.
#[derive(Debug, Default, Clone)]
struct Earlier {
    /// Their reasoning text.
    reasoning: String,
    /// Their reasoning parts, each with its round.
    parts: Vec<ReasoningPart>,
    /// Their token usage, summed.
    usage: Option<Usage>,
    /// The pages they cited (their marks were in text that became commentary).
    sources: Vec<Source>,
    /// The tools the provider ran for them.
    server_tools: Vec<ServerToolCall>,
    /// What they held that could not be read.
    unsupported: Vec<Unsupported>,
}

/// What one event changed that a live view shows at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Answer text to append.
    Text(String),
    /// Reasoning text to append (a later round's starts a new paragraph, as stored).
    Reasoning(String),
    /// The reply's first tool call began: the text so far is its commentary,
    /// not the answer.
    CallsStarted,
    /// Nothing shown changed at once.
    Other,
}

impl TurnRecorder {
    /// Starts recording into `record` (the reply's record, created by the
    /// caller with its ids, model and provider) the answer to `history`.
    pub fn new(mut record: MessageRecord, history: Vec<ChatMessage>) -> Self {
        let status = ReplyStatus::Streaming;
        record.state = status.state();
        record.error = None;
        Self { record, history, reply: Reply::new(), round: 0, earlier: Earlier::default(), produced: false, status }
    }

    /// The record as last brought up to date.
    pub fn record(&self) -> &MessageRecord {
        &self.record
    }

    /// The current reply.
    pub fn reply(&self) -> &Reply {
        &self.reply
    }

    /// The round of the current reply (how many rounds asked for tools before it).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Where the turn stands: streaming until a reply ended.
    pub fn status(&self) -> &ReplyStatus {
        &self.status
    }

    /// Whether the turn holds anything yet (text, reasoning or a tool call): a
    /// regenerated reply stands in for the version before it only once it does.
    pub fn produced(&self) -> bool {
        self.produced
    }

    /// Other choices the provider sent (`n` > 1) and that were ignored, most of any round.
    pub fn ignored_choices(&self) -> u32 {
        self.record.ignored_choices.max(self.reply.ignored_choices)
    }

    /// Stream chunks of the current reply that could not be read and were skipped.
    pub fn skipped(&self) -> usize {
        self.reply.malformed.len()
    }

    /// Folds one event of the current reply, and says what a view shows of it.
    pub fn apply(&mut self, event: StreamEvent) -> Change {
        let change = match &event {
            StreamEvent::TextDelta(text) => {
                self.produced |= !text.trim().is_empty();
                Change::Text(text.clone())
            }
            StreamEvent::ReasoningDelta(text) => {
                self.produced |= !text.trim().is_empty();
                if self.reply.reasoning.is_empty() && !self.earlier.reasoning.is_empty() {
                    Change::Reasoning(format!("\n\n{text}"))
                } else {
                    Change::Reasoning(text.clone())
                }
            }
            StreamEvent::ToolCallDelta { .. } => {
                self.produced = true;
                if self.reply.tool_calls.is_empty() { Change::CallsStarted } else { Change::Other }
            }
            _ => Change::Other,
        };
        self.reply.apply(event);
        change
    }

    /// Ends the current reply as `end` and says where it stands.
    pub fn end_reply(&mut self, end: ReplyEnd) -> &ReplyStatus {
        self.status = ReplyStatus::of_reply(&self.reply, end);
        &self.status
    }

    /// Whether the current reply's text is its answer after all although it
    /// asked for tools: its calls will not run (it was cut by the token limit,
    /// failed or was stopped), so the text they cleared is shown again.
    pub fn commentary_is_answer(&self) -> bool {
        !self.reply.tool_calls.is_empty() && self.status != ReplyStatus::Complete
    }

    /// The record with the current reply folded in, for a save while it
    /// streams (search terms are left for [`TurnRecorder::finish`]).
    pub fn streaming_record(&mut self, now: Millis) -> &MessageRecord {
        self.fill(now);
        &self.record
    }

    /// The current reply asked for tools and its calls will run: they join the
    /// record under `call_ids` (the tool loop's, one per call in order), the
    /// reply's text becomes their commentary, and the next reply is a new round.
    pub fn start_round(&mut self, call_ids: Vec<String>, now: Millis) -> &MessageRecord {
        let reply = std::mem::take(&mut self.reply);
        let round = self.round;
        let calls = reply.tool_calls.iter().zip(call_ids).enumerate().map(|(at, (call, id))| ToolCallRecord {
            id,
            name: call.name.clone(),
            arguments_raw: call.arguments_raw.clone(),
            commentary: if at == 0 { reply.text.trim().to_owned() } else { String::new() },
            result: None,
            round,
        });
        self.record.tool_calls.extend(calls);
        self.record.ignored_choices = self.record.ignored_choices.max(reply.ignored_choices);
        self.earlier.absorb(&reply, round);
        self.round += 1;
        self.fill(now);
        &self.record
    }

    /// One call of the running round finished (shown while others still run).
    pub fn record_result(&mut self, call_id: &str, result: ToolResultRecord) {
        if let Some(call) = self.running_call(call_id) {
            call.result = Some(result);
        }
        // Its media's blobs are stored with the next save.
        self.record.refresh_blobs();
    }

    /// Puts the tool loop's `results` for the running round into its calls,
    /// keeping durations already measured or taking them from `durations`.
    pub fn record_results(
        &mut self,
        results: &[ToolResult],
        durations: &[(String, u64)],
        now: Millis,
    ) -> &MessageRecord {
        for result in results {
            let Some(call) = self.running_call(&result.call_id) else { continue };
            let measured = call.result.as_ref().and_then(|r| r.duration_ms);
            let duration =
                measured.or_else(|| durations.iter().find(|(id, _)| *id == result.call_id).map(|(_, ms)| *ms));
            // A view shown as the call ended stays (the loop's results carry none).
            let app = call.result.as_ref().and_then(|r| r.app.clone());
            call.result = Some(ToolResultRecord {
                content: result.content.clone(),
                is_error: result.is_error,
                duration_ms: duration,
                media: result.media.clone(),
                links: result.links.clone(),
                app,
            });
        }
        self.record.refresh_blobs();
        self.fill(now);
        &self.record
    }

    /// A picture the model made, once the shell has put its bytes in the blob
    /// store: the record keeps it by reference (see [`ToolMedia::stored_as`]).
    pub fn record_image(&mut self, image: ToolMedia) {
        if !self.record.images.contains(&image) {
            self.record.images.push(image);
        }
        self.record.refresh_blobs();
    }

    /// Notes the passages from the knowledge bases the turn gave the model
    /// (before its answer, and by its searches), each once by its number.
    pub fn note_knowledge(&mut self, passages: impl IntoIterator<Item = crate::knowledge::records::Retrieved>) {
        for passage in passages {
            let number = serde_json::Value::from(passage.number);
            if !self.record.knowledge.iter().any(|known| known.get("number") == Some(&number)) {
                self.record.knowledge.push(passage.to_value());
            }
        }
    }

    /// Notes how long the reply took: to its first token (when one came) and
    /// in all, in milliseconds from the request.
    pub fn note_timing(&mut self, first_token_ms: Option<u64>, total_ms: u64) {
        self.record.first_token_ms = first_token_ms;
        self.record.total_ms = Some(total_ms);
    }

    /// Ends the turn as `status`: the final record, with its state, error and
    /// search terms.
    pub fn finish(&mut self, status: ReplyStatus, now: Millis) -> &MessageRecord {
        self.fill(now);
        self.record.refresh_terms();
        self.record.state = status.state();
        self.record.error = status.error_record();
        self.status = status;
        &self.record
    }

    /// The messages the next request sends: the conversation before the turn,
    /// then each round so far (its commentary, reasoning and calls, then their
    /// results), as [`turn_messages`] unfolds the stored record.
    pub fn request_history(&self) -> Vec<ChatMessage> {
        let rounds =
            turn_messages("", &self.record.reasoning_parts, self.record.provider_kind, &self.record.tool_calls);
        self.history.iter().cloned().chain(rounds).collect()
    }

    fn running_call(&mut self, call_id: &str) -> Option<&mut ToolCallRecord> {
        let round = self.round.checked_sub(1)?;
        self.record.tool_calls.iter_mut().find(|call| call.round == round && call.id == call_id)
    }

    /// Copies what the turn holds so far into the record: the current reply,
    /// the earlier rounds' reasoning and usage (the calls are already there).
    fn fill(&mut self, now: Millis) {
        let (record, reply, earlier) = (&mut self.record, &self.reply, &self.earlier);
        record.content.clone_from(&reply.text);
        record.reasoning.clone_from(&earlier.reasoning);
        if !reply.reasoning.is_empty() {
            if !record.reasoning.is_empty() {
                record.reasoning.push_str("\n\n");
            }
            record.reasoning.push_str(&reply.reasoning);
        }
        record.reasoning_parts.clone_from(&earlier.parts);
        record.reasoning_parts.extend(in_round(&reply.reasoning_parts, self.round));
        record.usage = sum_usage(earlier.usage, reply.usage);
        record.finish.clone_from(&reply.finish);
        record.sources = earlier.sources.iter().chain(&reply.sources).cloned().collect();
        let offset = u32::try_from(earlier.sources.len()).unwrap_or(u32::MAX);
        record.citations = reply
            .citations
            .iter()
            .map(|mark| CitationMark { source: mark.source.saturating_add(offset), at: mark.at })
            .collect();
        record.server_tools = earlier.server_tools.iter().chain(&reply.server_tools).cloned().collect();
        record.unsupported = earlier.unsupported.iter().chain(&reply.unsupported).cloned().collect();
        // Kept across the rounds of a turn: a later round's fresh reply has none yet.
        record.ignored_choices = record.ignored_choices.max(reply.ignored_choices);
        record.updated_at = now.max(record.created_at);
    }
}

impl Earlier {
    /// Takes in a finished round's reasoning and usage.
    fn absorb(&mut self, reply: &Reply, round: u32) {
        if !reply.reasoning.is_empty() {
            if !self.reasoning.is_empty() {
                self.reasoning.push_str("\n\n");
            }
            self.reasoning.push_str(&reply.reasoning);
        }
        self.parts.extend(in_round(&reply.reasoning_parts, round));
        self.usage = sum_usage(self.usage, reply.usage);
        self.sources.extend(reply.sources.iter().cloned());
        self.server_tools.extend(reply.server_tools.iter().cloned());
        self.unsupported.extend(reply.unsupported.iter().cloned());
    }
}

/// Reasoning parts of the reply of `round`, marked with it.
fn in_round(parts: &[ReasoningPart], round: u32) -> impl Iterator<Item = ReasoningPart> + '_ {
    parts.iter().map(move |part| ReasoningPart { round, ..part.clone() })
}

/// Two usage reports added, count by count (a count only one of them has is kept).
fn sum_usage(a: Option<Usage>, b: Option<Usage>) -> Option<Usage> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Usage {
            input: add(a.input, b.input),
            output: add(a.output, b.output),
            reasoning: add(a.reasoning, b.reasoning),
        }),
        (a, b) => a.or(b),
    }
}

fn add(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.saturating_add(b)),
        (a, b) => a.or(b),
    }
}
