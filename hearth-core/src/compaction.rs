//! Compaction: keeping a conversation inside its model's context window, pure.
//!
//! Before a request the shell estimates its size ([`estimate_request`]); above
//! the threshold of the window ([`should_compact`]), or when the user presses
//! Compact, [`plan`] picks what to summarise, [`summary_request`] builds the
//! request that asks a model for the summary, [`fit_summary`] cuts an answer
//! that came out too long, and the summary is stored as its own record
//! ([`MessageRecord::summary`](crate::storage::MessageRecord::summary)) with a boundary. From then on,
//! [`request_history`] sends, in order:
//!
//! 1. everything up to and including the first user message, verbatim;
//! 2. the summary, as an assistant message wrapped in
//!    `<conversation-summary>` … `</conversation-summary>` (assistant, because it
//!    stands where the replies and follow-ups it replaces stood: between the
//!    first user message and the boundary, which is a user message, so user and
//!    assistant still alternate as Anthropic and Gemini want);
//! 3. every item from the boundary on, verbatim.
//!
//! The originals stay stored, shown, searchable and exported: only requests
//! change. Undo deletes the summary record; the newest earlier summary whose
//! boundary still exists then applies again ([`active_summary_of`]; over
//! stored records, [`storage::active_summary`](crate::storage::active_summary)).
//!
//! The summary record ([`MessageKind::Summary`](crate::storage::MessageKind::Summary))
//! is a system-role marker: never sent as an ordinary message, no version of
//! any reply (Regenerate and Retry look past it), searchable by its own text
//! (a search hit on it is a marker hit), and exported after the messages it
//! stands for (see [`crate::storage::markdown_export`]). It needs no schema
//! change: a Hearth from before compaction cannot read the `summary` kind and
//! reports the conversation's messages as unreadable until it is updated.
//!
//! The unit is the [`HistoryItem`]: one shown record as the messages it sends
//! (a user message, or a whole reply with its tool rounds and results), so a
//! boundary can never fall between a tool call and its result.
//!
//! This module decides over items and slots and never reads a stored record:
//! storage, the layer above, turns records into items
//! ([`HistoryItem::of_record`]) and finds the summary that applies to them
//! (`storage::active_summary`), in `storage/history.rs`, where the tests that
//! start from stored conversations are too.

#[cfg(test)]
mod tests;

mod estimate;
mod settings;

pub use estimate::{MESSAGE_OVERHEAD, TOOL_OVERHEAD, definition_tokens, estimate_request, estimate_tokens};
pub use settings::{CompactionSettings, parse_context_window, parse_keep_last, parse_threshold};

use crate::message::reply_pictures::carry_reply_pictures;
use crate::message::{ChatMessage, Role};

/// The window assumed for a model nobody knows the window of: small, so an
/// unknown local model compacts early rather than failing.
pub const FALLBACK_CONTEXT_WINDOW: u32 = 8_192;

/// The tag the summary is wrapped in, in requests.
pub const SUMMARY_TAG: &str = "conversation-summary";

/// How many characters of one tool result (or attached file) the summariser
/// reads; the rest is cut with a note ("old tool output is trimmed").
pub const TOOL_OUTPUT_CHARS: usize = 2_000;

/// One shown record of the conversation as the messages it sends: a user
/// message is one [`ChatMessage`]; a reply is its whole turn (tool rounds with
/// their results, then the answer). Failed replies, hidden versions and markers
/// are not items.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryItem {
    /// The record's id.
    pub id: String,
    /// What it sends.
    pub messages: Vec<ChatMessage>,
}

impl HistoryItem {
    /// Whether it is a user's own message (not tool results).
    pub fn is_user_message(&self) -> bool {
        matches!(self.messages.as_slice(), [only] if only.role == Role::User && only.tool_results.is_empty())
    }
}

/// The summary that applies to a conversation's requests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveSummary {
    /// The summary record's id (Undo deletes it).
    pub summary_id: String,
    /// The first record sent verbatim after it (a user message or a reply;
    /// see [`active_summary_of`] for markers).
    pub boundary_id: String,
    /// The summary text.
    pub text: String,
    /// How many messages it stands for.
    pub summarised: u32,
}

/// One record of a conversation, in its order, as [`active_summary_of`] needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot<'a> {
    /// The record's id.
    pub id: &'a str,
    /// Whether a request sends it (a shown message or reply; not a marker, a
    /// summary, a failed reply or a hidden version).
    pub sent: bool,
    /// When it is a summary: what it says.
    pub summary: Option<SlotSummary<'a>>,
}

/// A summary record, as [`Slot`] holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotSummary<'a> {
    /// When it was stored (the newest applies).
    pub created_at: i64,
    /// Its boundary.
    pub boundary_id: &'a str,
    /// Its text.
    pub text: &'a str,
    /// How many messages it stands for.
    pub summarised: u32,
}

/// The summary that applies among `slots` (a conversation's records in their
/// order): the newest summary (by `created_at`, then id) whose boundary is
/// among them, the boundary moved to the first record sent from there on;
/// `None` when none applies.
pub fn active_summary_of(slots: &[Slot<'_>]) -> Option<ActiveSummary> {
    let mut summaries: Vec<(&Slot<'_>, &SlotSummary<'_>)> =
        slots.iter().filter_map(|slot| slot.summary.as_ref().map(|summary| (slot, summary))).collect();
    summaries.sort_by(|(a, x), (b, y)| (y.created_at, b.id).cmp(&(x.created_at, a.id)));
    summaries.into_iter().find_map(|(slot, summary)| {
        let at = slots.iter().position(|s| s.id == summary.boundary_id)?;
        let boundary = slots[at..].iter().find(|s| s.sent)?;
        Some(ActiveSummary {
            summary_id: slot.id.to_owned(),
            boundary_id: boundary.id.to_owned(),
            text: summary.text.to_owned(),
            summarised: summary.summarised,
        })
    })
}

/// Where the summary goes among `items`: `(head_end, boundary)`, the items
/// before `head_end` being sent verbatim before it (up to the first user
/// message) and those from `boundary` on after it. `None` when the summary
/// cannot apply (its boundary is not among the items, or nothing lies between).
fn placement(items: &[HistoryItem], summary: &ActiveSummary) -> Option<(usize, usize)> {
    let first_user = items.iter().position(HistoryItem::is_user_message)?;
    let mut boundary = items.iter().position(|item| item.id == summary.boundary_id)?;
    // A boundary on a reply moves back to the message it answers, so that what
    // follows the summary starts with a user message (the alternation holds).
    while boundary > 0 && !items[boundary].is_user_message() {
        boundary -= 1;
    }
    let head_end = first_user + 1;
    (boundary > head_end).then_some((head_end, boundary))
}

/// The summary as the message that stands in for what it replaces.
pub fn summary_message(text: &str) -> ChatMessage {
    ChatMessage::new(Role::Assistant, format!("<{SUMMARY_TAG}>\n{}\n</{SUMMARY_TAG}>", text.trim()))
}

/// The history a request sends. Without a summary (or one that cannot apply:
/// its boundary is no longer among `items`, or it would replace nothing), every
/// item's messages: the history of today. With one, see the module
/// documentation; a boundary on a reply (a summary stored by hand or whose
/// user message was deleted) moves back to the user message before it, which
/// is then sent twice over, once summarised and once verbatim, rather than
/// breaking the alternation. The pictures a reply's model made go on the next
/// user message (see [`carry_reply_pictures`]).
pub fn request_history(items: &[HistoryItem], summary: Option<&ActiveSummary>) -> Vec<ChatMessage> {
    let all = || items.iter().flat_map(|item| item.messages.iter().cloned()).collect();
    let messages = match summary.and_then(|summary| Some((summary, placement(items, summary)?))) {
        None => all(),
        Some((summary, (head_end, boundary))) => {
            let mut messages: Vec<ChatMessage> =
                items[..head_end].iter().flat_map(|item| item.messages.clone()).collect();
            messages.push(summary_message(&summary.text));
            messages.extend(items[boundary..].iter().flat_map(|item| item.messages.iter().cloned()));
            messages
        }
    };
    // A reply's pictures go to the model on the next user message.
    carry_reply_pictures(messages)
}

/// Whether a request of `estimate` tokens should be compacted first in a
/// window of `window` tokens: at or above the threshold.
pub fn should_compact(estimate: u32, window: u32, settings: &CompactionSettings) -> bool {
    window > 0 && u64::from(estimate) * 100 >= u64::from(window) * u64::from(settings.threshold())
}

/// What a compaction summarises: the items `start..end`, and the summary that
/// was active (its text is folded into the new one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompactionPlan {
    /// The first item kept verbatim after the new summary (a user message).
    pub boundary_id: String,
    /// How many messages the new summary stands for, with those the folded
    /// summary stood for.
    pub summarised: u32,
    /// The first item summarised (an index into the items planned on).
    pub start: usize,
    /// The boundary's index: items `start..end` are summarised.
    pub end: usize,
    /// Whether the active summary's text is folded in.
    pub folds_summary: bool,
}

/// What to summarise now: everything after the first user message (or after
/// the active summary's boundary, folding that summary in) up to a new
/// boundary that keeps the last `keep_last_turns` turns (at least one: a user
/// message and what answers it) verbatim. The boundary is always a user
/// message, so no reply is ever split. `None` when there is nothing to
/// summarise: the conversation is too short, or nothing new lies before the
/// turns kept.
pub fn plan(
    items: &[HistoryItem],
    active: Option<&ActiveSummary>,
    settings: &CompactionSettings,
) -> Option<CompactionPlan> {
    let turns: Vec<usize> = (0..items.len()).filter(|&i| items[i].is_user_message()).collect();
    let first_user = *turns.first()?;
    let keep = settings.keep_last_turns.max(1) as usize;
    // The first user message is never summarised, so its turn cannot be a
    // boundary: the boundary is a later turn's start.
    let boundary_turn = turns.len().checked_sub(keep).filter(|&turn| turn >= 1)?;
    let end = *turns.get(boundary_turn)?;
    let placed = active.and_then(|summary| placement(items, summary));
    let (start, folds_summary, before) = match (active, placed) {
        (Some(summary), Some((_, old_boundary))) => (old_boundary, true, summary.summarised),
        _ => (first_user + 1, false, 0),
    };
    if end <= start {
        return None;
    }
    Some(CompactionPlan {
        boundary_id: items[end].id.clone(),
        summarised: before.saturating_add(u32::try_from(end - start).unwrap_or(u32::MAX)),
        start,
        end,
        folds_summary,
    })
}

/// Like [`plan`], for a request that must fit: keeps as many of the last turns
/// verbatim as `settings` asks and still fit, and fewer (down to one) when
/// they do not. A plan fits when what stays verbatim (everything up to the
/// first user message, and the items from the boundary on) estimates at
/// `budget_tokens` or less ([`estimate_request`], without tools). When even one
/// kept turn does not fit, that plan is returned anyway (it is the smallest
/// request compaction can make); `None` when nothing can be summarised.
pub fn plan_to_fit(
    items: &[HistoryItem],
    active: Option<&ActiveSummary>,
    settings: &CompactionSettings,
    budget_tokens: u32,
) -> Option<CompactionPlan> {
    let head_end = items.iter().position(HistoryItem::is_user_message)? + 1;
    let mut smallest = None;
    for keep in (1..=settings.keep_last_turns.max(1)).rev() {
        let fewer = CompactionSettings { keep_last_turns: keep, ..settings.clone() };
        let Some(plan) = plan(items, active, &fewer) else { continue };
        let verbatim: Vec<ChatMessage> =
            items[..head_end].iter().chain(&items[plan.end..]).flat_map(|item| item.messages.clone()).collect();
        if estimate_request(&verbatim, &[]) <= budget_tokens {
            return Some(plan);
        }
        smallest = Some(plan);
    }
    smallest
}

/// The instruction the summarising model gets.
pub const SUMMARY_INSTRUCTION: &str = "You summarise the earlier part of a conversation between a user and an AI \
assistant, so that the assistant can go on with the conversation from your summary alone. Write the summary in the \
language of the conversation, as compact notes. Keep: what the user wants and their preferences and constraints; \
facts, names, numbers, file names, code identifiers and decisions established; what tools were used for and what \
they found; questions still open and work still to do. Leave out greetings and anything later superseded. When an \
earlier summary is given, fold it in: your summary replaces it. Stay under about 600 words. Answer with the summary \
only, no preamble.";

/// The messages that ask a model for the summary of `plan`: a system
/// instruction ([`SUMMARY_INSTRUCTION`]) and one user message holding the
/// transcript of the part summarised: the folded summary first, then each
/// message as `User:`/`Assistant:` text, tool calls and results as lines (each
/// result and attached file cut to [`TOOL_OUTPUT_CHARS`] with a note; reasoning
/// is left out). When the whole is over `budget_tokens`, the longest messages
/// are halved (with a note) and then the oldest short ones dropped until it
/// fits; the folded summary is cut last.
pub fn summary_request(
    plan: &CompactionPlan,
    items: &[HistoryItem],
    active: Option<&ActiveSummary>,
    budget_tokens: u32,
) -> Vec<ChatMessage> {
    let mut blocks: Vec<String> = Vec::new();
    if plan.folds_summary {
        if let Some(summary) = active {
            blocks.push(format!("Earlier summary:\n<{SUMMARY_TAG}>\n{}\n</{SUMMARY_TAG}>", summary.text.trim()));
        }
    }
    let protected = blocks.len();
    let end = plan.end.min(items.len());
    let start = plan.start.min(end);
    for item in &items[start..end] {
        for message in &item.messages {
            if let Some(block) = transcript_block(message) {
                blocks.push(block);
            }
        }
    }
    let instruction = ChatMessage::new(Role::System, SUMMARY_INSTRUCTION);
    let overhead = estimate_request(&[instruction.clone(), ChatMessage::new(Role::User, TRANSCRIPT_INTRO)], &[]);
    let room = budget_tokens.saturating_sub(overhead);
    fit_blocks(&mut blocks, room, protected);
    let transcript = format!("{TRANSCRIPT_INTRO}\n\n{}", blocks.join("\n\n"));
    vec![instruction, ChatMessage::new(Role::User, transcript)]
}

const TRANSCRIPT_INTRO: &str = "Summarise this part of the conversation:";

/// One message of the transcript, or `None` when it says nothing.
fn transcript_block(message: &ChatMessage) -> Option<String> {
    let mut lines: Vec<String> = Vec::new();
    for file in &message.files {
        lines.push(format!("[Attached file {}:\n{}]", file.name, trim_output(&file.content, TOOL_OUTPUT_CHARS)));
    }
    for attachment in &message.attachments {
        let what = if attachment.is_image() { "image" } else { "PDF" };
        lines.push(format!("[Attached {what} {}]", attachment.name));
    }
    if !message.content.trim().is_empty() {
        lines.push(message.content.trim().to_owned());
    }
    for call in &message.tool_calls {
        lines.push(format!("[Called the tool {} with {}]", call.name, call.arguments.trim()));
    }
    for result in &message.tool_results {
        let what = if result.is_error { "Error from" } else { "Result of" };
        lines.push(format!("[{what} the tool {}: {}]", result.name, trim_output(&result.content, TOOL_OUTPUT_CHARS)));
    }
    if lines.is_empty() {
        return None;
    }
    let who = match message.role {
        Role::User if !message.tool_results.is_empty() => "Tool results",
        Role::User => "User",
        Role::Assistant => "Assistant",
        Role::System => "System",
    };
    Some(format!("{who}: {}", lines.join("\n")))
}

/// `text` cut to `max_chars` characters, with a note saying how much was cut.
pub fn trim_output(text: &str, max_chars: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(max_chars) {
        None => text.to_owned(),
        Some((end, _)) => {
            let rest = text[end..].chars().count();
            format!("{}… [{rest} more characters trimmed]", &text[..end])
        }
    }
}

/// Shrinks `blocks` until they fit `room` tokens: the longest block after the
/// first `protected` ones (the folded summary) is halved, keeping its start,
/// with a note; once none is longer than 200 characters, the oldest of them
/// goes; the protected blocks are cut last.
fn fit_blocks(blocks: &mut Vec<String>, room: u32, protected: usize) {
    const SHORT: usize = 200;
    let cost = |block: &str| u64::from(estimate_tokens(block)) + 1;
    let mut costs: Vec<u64> = blocks.iter().map(|block| cost(block)).collect();
    let mut total: u64 = costs.iter().sum();
    let longest = |blocks: &[String], from: usize| {
        (from..blocks.len()).max_by_key(|&i| (blocks[i].len(), usize::MAX - i)).filter(|&i| blocks[i].len() > SHORT)
    };
    let protected = protected.min(blocks.len());
    while !blocks.is_empty() && total > u64::from(room) {
        let halve =
            longest(blocks, protected).or_else(|| (blocks.len() == protected).then(|| longest(blocks, 0)).flatten());
        match halve {
            Some(at) => {
                let chars = blocks[at].chars().count();
                blocks[at] = trim_output(&blocks[at], chars / 2);
                total -= costs[at];
                costs[at] = cost(&blocks[at]);
                total += costs[at];
            }
            None if blocks.len() > protected => {
                blocks.remove(protected);
                total -= costs.remove(protected);
            }
            None => break,
        }
    }
}

/// The note that ends a summary cut by [`fit_summary`].
pub const SUMMARY_CUT_NOTE: &str = "[The summary was cut to fit the context window.]";

/// `text` ([`clean_summary`]) when it fits `max_tokens`; otherwise its longest start that ends at
/// a paragraph (else a sentence, else a word) and fits with
/// [`SUMMARY_CUT_NOTE`] after it. The result never estimates above
/// `max_tokens`, so a compaction always makes the request smaller (when even
/// the note does not fit, the result is empty).
pub fn fit_summary(text: &str, max_tokens: u32) -> String {
    let text = clean_summary(text);
    let text = text.as_str();
    if estimate_tokens(text) <= max_tokens {
        return text.to_owned();
    }
    let note_cost = estimate_tokens(SUMMARY_CUT_NOTE) + 1;
    if note_cost > max_tokens {
        return String::new();
    }
    let room = max_tokens - note_cost;
    // The longest prefix (in bytes, at a char boundary) that fits the room.
    let mut low = 0;
    let mut high = text.len();
    while low < high {
        let mid = (low + high).div_ceil(2);
        let mid = floor_char_boundary(text, mid);
        if mid <= low {
            break;
        }
        if estimate_tokens(&text[..mid]) <= room {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    let fits = &text[..floor_char_boundary(text, low)];
    let cut = [fits.rfind("\n\n"), sentence_end(fits), fits.rfind(char::is_whitespace)]
        .into_iter()
        .flatten()
        .find(|&at| at > fits.len() / 2)
        .unwrap_or(fits.len());
    let head = fits[..cut].trim_end();
    if head.is_empty() { SUMMARY_CUT_NOTE.to_owned() } else { format!("{head}\n\n{SUMMARY_CUT_NOTE}") }
}

/// The most tokens the summary of `plan` may take so that the history with
/// it is never larger than without it: the smaller of `room` and what the
/// summary replaces (the items summarised, and the folded summary as it was
/// sent), less the cost of the summary's own message and wrapper. 0 when it
/// replaces too little for any summary to be smaller (the caller then refuses).
pub fn summary_limit(plan: &CompactionPlan, items: &[HistoryItem], active: Option<&ActiveSummary>, room: u32) -> u32 {
    let end = plan.end.min(items.len());
    let start = plan.start.min(end);
    let mut replaced: Vec<ChatMessage> = Vec::new();
    if plan.folds_summary {
        if let Some(summary) = active {
            replaced.push(summary_message(&summary.text));
        }
    }
    replaced.extend(items[start..end].iter().flat_map(|item| item.messages.iter().cloned()));
    let replaced_cost = estimate_request(&replaced, &[]).saturating_sub(estimate_request(&[], &[]));
    // The summary's message: its overhead and its wrapper (plus one for
    // rounding, as the wrapped text is estimated as a whole).
    let own = MESSAGE_OVERHEAD + estimate_tokens(&summary_message("").content) + 1;
    room.min(replaced_cost.saturating_sub(own))
}

/// A summary as the model wrote it, without a `<conversation-summary>` wrapper
/// it may have copied from the folded summary (anywhere in it), so the tags
/// never nest when it is sent wrapped; trimmed.
pub fn clean_summary(text: &str) -> String {
    text.replace(&format!("<{SUMMARY_TAG}>"), "").replace(&format!("</{SUMMARY_TAG}>"), "").trim().to_owned()
}

/// A summary the model was cut off writing (it reached its token limit):
/// cut back to its last paragraph, sentence or word that fits `max_tokens`
/// with [`SUMMARY_CUT_NOTE`], so an unfinished end is never stored as if it
/// were complete. Empty when too little is left.
pub fn fit_cut_summary(text: &str, max_tokens: u32) -> String {
    let text = clean_summary(text);
    let end = [sentence_end(&text), text.rfind("\n\n")].into_iter().flatten().max();
    let head = end.map_or("", |end| text[..end].trim_end());
    let note_cost = estimate_tokens(SUMMARY_CUT_NOTE) + 1;
    if head.is_empty() || note_cost > max_tokens {
        return String::new();
    }
    let fitted = fit_summary(head, max_tokens - note_cost);
    let fitted = fitted.trim_end_matches(SUMMARY_CUT_NOTE).trim_end();
    if fitted.is_empty() { String::new() } else { format!("{fitted}\n\n{SUMMARY_CUT_NOTE}") }
}

/// What a request keeps verbatim under `plan`, estimated without tools:
/// `(head, tail)`, everything up to the first user message, and the items
/// from the boundary on. When their sum is over the window, no summary can
/// make the request fit.
pub fn kept_estimates(items: &[HistoryItem], plan: &CompactionPlan) -> (u32, u32) {
    let head_end = items.iter().position(HistoryItem::is_user_message).map_or(0, |first| first + 1);
    let cost = |part: &[HistoryItem]| {
        let messages: Vec<ChatMessage> = part.iter().flat_map(|item| item.messages.iter().cloned()).collect();
        estimate_request(&messages, &[]).saturating_sub(estimate_request(&[], &[]))
    };
    (cost(&items[..head_end.min(items.len())]), cost(&items[plan.end.max(head_end).min(items.len())..]))
}

/// The byte index just after the last sentence end (`.`, `!`, `?` or `。`
/// followed by whitespace or the end) in `text`.
fn sentence_end(text: &str) -> Option<usize> {
    let mut last = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if matches!(c, '.' | '!' | '?' | '。' | '！' | '？') {
            let next = chars.peek().map(|(_, next)| *next);
            if next.is_none_or(char::is_whitespace) || c == '。' {
                last = Some(at + c.len_utf8());
            }
        }
    }
    last
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// How full the context window is, for the meter near the composer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextUsage {
    /// The estimated tokens of the next request.
    pub used: u32,
    /// The window, in tokens.
    pub window: u32,
    /// `used` as a whole percentage of `window`, rounded down; above 100 when
    /// over the window (a window of 0 counts as full).
    pub percent: u32,
}

impl ContextUsage {
    /// The percentage clamped to 0..=100, for a meter's value.
    pub fn meter_percent(&self) -> u32 {
        self.percent.min(100)
    }

    /// Whether the next request would be compacted first under `settings`.
    pub fn past_threshold(&self, settings: &CompactionSettings) -> bool {
        should_compact(self.used, self.window, settings)
    }
}

/// The meter's figure: `estimate` tokens of `window`.
pub fn usage(estimate: u32, window: u32) -> ContextUsage {
    let percent = if window == 0 {
        100
    } else {
        u32::try_from(u64::from(estimate) * 100 / u64::from(window)).unwrap_or(u32::MAX)
    };
    ContextUsage { used: estimate, window, percent }
}
