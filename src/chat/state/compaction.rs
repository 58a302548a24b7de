//! Compaction in the shell: the IO around `hearth_core::compaction`'s policy.
//!
//! Before a request (Send, Regenerate, Retry; not between the tool rounds of
//! one turn, which reuse the turn's history) the conversation is turned into
//! `HistoryItem`s (one per shown message; a reply's whole turn is one item),
//! the request is estimated (system prompt, history, tools), and when it fills
//! the threshold of the model's context window, or the user asked (Compact,
//! Compact and retry), the older part is summarised by a model, non-streamed as
//! titles are asked. The summary is stored as its own record
//! (`MessageKind::Summary`) and the request sends it in place of the turns it
//! stands for. A summary that fails is said under the composer and the request
//! goes out unchanged: nothing is lost, only the request is larger.

pub(super) mod parts;

use hearth_core::compaction::{
    self, ActiveSummary, CompactionPlan, CompactionSettings, HistoryItem, Slot, SlotSummary, estimate_request,
    fit_cut_summary, fit_summary, kept_estimates, plan_to_fit, request_history, should_compact, summary_request,
};
use hearth_core::message::ChatMessage;
use hearth_core::provider::{self, FinishKind};
use hearth_core::storage::{MessageRecord, SessionRecord, SummaryInfo};
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;
use web_sys::AbortSignal;

pub(super) use self::parts::Job;
pub(crate) use self::parts::{Compaction, CompactionNote, SummaryFailure};
use super::context::ChatContext;
use super::entry::{Entry, EntryKind, shown};
use crate::io::clock::now;
use crate::io::fetch_stream::{FetchFailure, fetch_reply_until};
use crate::io::ids::new_id;

/// The shown messages of `entries` as history items: a user message, or a
/// reply with its whole turn; failed replies, markers, summaries and hidden
/// versions are none.
pub(super) fn history_items(entries: &[Entry]) -> Vec<HistoryItem> {
    let shown = untrack(|| shown(entries));
    history_items_shown(entries, &shown)
}

/// The history items of the path from the first message down to the message
/// `last` (included), whether or not it is the path shown: what a new version
/// of the message after `last` is asked with. Nothing when `last` is `None`
/// (a new version of a first message) or unknown.
pub(super) fn history_items_through(entries: &[Entry], last: Option<&str>) -> Vec<HistoryItem> {
    let Some(last) = last else { return Vec::new() };
    let keys: Vec<_> = entries.iter().map(Entry::node_key).collect();
    let tree = hearth_core::storage::tree::Tree::new(&keys);
    let Some(at) = entries.iter().position(|entry| entry.id == last) else { return Vec::new() };
    tree.ancestors(at)
        .into_iter()
        .filter_map(|at| {
            let messages = entries[at].chat_messages();
            (!messages.is_empty()).then(|| HistoryItem { id: entries[at].id.clone(), messages })
        })
        .collect()
}

/// [`history_items`] with which entries are shown already known.
pub(super) fn history_items_shown(entries: &[Entry], shown: &[bool]) -> Vec<HistoryItem> {
    entries
        .iter()
        .zip(shown)
        .filter(|(_, shown)| **shown)
        .filter_map(|(entry, _)| {
            let messages = entry.chat_messages();
            (!messages.is_empty()).then(|| HistoryItem { id: entry.id.clone(), messages })
        })
        .collect()
}

/// The summary that applies to `items`: the newest summary of `entries` whose
/// boundary is on the path `items` end on (a boundary on something that
/// sends nothing moves to the next message that does), by the same rule as for stored records
/// (`hearth_core::compaction::active_summary_of`). Several compactions in a
/// row: the newest wins; Undo deletes it and the one before applies again.
pub(crate) fn active_summary(entries: &[Entry], items: &[HistoryItem]) -> Option<ActiveSummary> {
    let sent: std::collections::HashSet<&str> = items.iter().map(|item| item.id.as_str()).collect();
    // Only the path `items` end on, and the summaries: a boundary in another
    // branch is not found, and its summary does not apply there.
    let keys: Vec<_> = untrack(|| entries.iter().map(Entry::node_key).collect());
    let tree = hearth_core::storage::tree::Tree::new(&keys);
    let last = items.last().and_then(|last| entries.iter().position(|entry| entry.id == last.id));
    let path: std::collections::HashSet<usize> =
        last.map(|at| tree.ancestors(at)).unwrap_or_default().into_iter().collect();
    let slots: Vec<Slot<'_>> = entries
        .iter()
        .enumerate()
        .filter(|(at, entry)| entry.node.is_none() || path.contains(at))
        .map(|(_, entry)| entry)
        .map(|entry| Slot {
            id: &entry.id,
            sent: sent.contains(entry.id.as_str()),
            summary: match &entry.kind {
                EntryKind::Summary(summary) => Some(SlotSummary {
                    created_at: summary.created_at,
                    boundary_id: &summary.boundary_id,
                    text: &summary.text,
                    summarised: summary.summarised,
                }),
                _ => None,
            },
        })
        .collect();
    compaction::active_summary_of(&slots)
}

/// The tokens the messages kept verbatim may take so that, with the summary,
/// the system prompt and the tools, the request stays below the threshold.
fn verbatim_budget(job: &Job, window: u32, settings: &CompactionSettings) -> u32 {
    let threshold = u32::try_from(u64::from(window) * u64::from(settings.threshold()) / 100).unwrap_or(window);
    let fixed = estimate_request(job.system.as_slice(), &job.tools).saturating_add(job.mcp_tokens);
    threshold.saturating_sub(summary_room(window)).saturating_sub(fixed)
}

/// The tokens a summary may take in a conversation whose window is `window`:
/// a quarter of it, so a compaction always leaves room (and at most 4,096).
fn summary_room(window: u32) -> u32 {
    (window / 4).clamp(128, 4_096)
}

/// Whether what a request under `plan` keeps verbatim (with the system prompt
/// and tools) is by itself too long for `window`: the note saying which part,
/// else `None`.
fn too_long(job: &Job, items: &[HistoryItem], plan: Option<&CompactionPlan>, window: u32) -> Option<CompactionNote> {
    let fixed = estimate_request(job.system.as_slice(), &job.tools).saturating_add(job.mcp_tokens);
    let (head, tail) = match plan {
        Some(plan) => kept_estimates(items, plan),
        // Nothing to summarise: the whole request is what is kept.
        None => (estimate_request(&request_history(items, job.active.as_ref()), &[]), 0),
    };
    let total = fixed.saturating_add(head).saturating_add(tail);
    (total > window).then_some(CompactionNote::TooLong { first: head >= tail, estimate: total, window })
}

/// The tokens a summary may take in place of `plan`'s part: a quarter of the
/// window (at most 4,096), and never more than what it replaces.
fn summary_limit(job: &Job, plan: &CompactionPlan, window: u32) -> u32 {
    compaction::summary_limit(plan, &job.items, job.active.as_ref(), summary_room(window))
}

impl ChatContext {
    /// Sets the compaction note, when `session_id` is still the conversation shown.
    fn note(self, session_id: &str, note: CompactionNote) {
        if self.session.with_value(|shown| shown.as_deref() == Some(session_id)) {
            self.compaction_note.set(note);
        }
    }

    /// The history the request of `job` sends, compacted first when `when`
    /// says so and there is something to summarise, and the session as stored
    /// after it. A failed summary is noted and the history sent unchanged; so
    /// is a request whose kept part alone cannot fit the window (said, and no
    /// summary asked for).
    pub(super) async fn compacted_history(self, job: Job, when: Compaction) -> (Vec<ChatMessage>, SessionRecord) {
        let settings = self.preferences.compaction.get_untracked();
        let unchanged = request_history(&job.items, job.active.as_ref());
        let Some(entry) = job.entry.clone() else { return (unchanged, job.session) };
        let window = entry.model.effective_context_window(entry.preset());
        let full = match when {
            Compaction::Never => false,
            Compaction::Now => true,
            Compaction::WhenFull => {
                let messages: Vec<ChatMessage> = job.system.iter().cloned().chain(unchanged.iter().cloned()).collect();
                let estimate = estimate_request(&messages, &job.tools).saturating_add(job.mcp_tokens);
                should_compact(estimate, window, &settings)
            }
        };
        if !full {
            return (unchanged, job.session);
        }
        let session_id = job.session.id.clone();
        let plan = plan_to_fit(&job.items, job.active.as_ref(), &settings, verbatim_budget(&job, window, &settings));
        if let Some(note) = too_long(&job, &job.items, plan.as_ref(), window) {
            self.note(&session_id, note);
            return (unchanged, job.session);
        }
        let Some(plan) = plan else {
            if when == Compaction::Now {
                self.note(&session_id, CompactionNote::NothingToSummarise);
            }
            return (unchanged, job.session);
        };
        match self.summarise(&job, &plan, &settings, window).await {
            Ok((summary, session)) => (request_history(&job.items, Some(&summary)), session),
            Err(SummaryFailure::Stopped) => {
                // Stopped: the turn stops too, and nothing is sent.
                self.note(&session_id, CompactionNote::Quiet);
                (unchanged, job.session)
            }
            Err(failure) => {
                self.note(&session_id, CompactionNote::Failed { failure, sent: true });
                (unchanged, job.session)
            }
        }
    }

    /// Whether "Compact and retry" can help the request of `job`: `None` when
    /// it can, else the note saying why not (nothing to summarise, or the
    /// kept part alone too long for the window), so nothing is resent in vain.
    pub(super) fn retry_refusal(self, job: &Job) -> Option<CompactionNote> {
        let settings = self.preferences.compaction.get_untracked();
        let entry = job.entry.as_ref()?;
        let window = entry.model.effective_context_window(entry.preset());
        let plan = plan_to_fit(&job.items, job.active.as_ref(), &settings, verbatim_budget(job, window, &settings));
        too_long(job, &job.items, plan.as_ref(), window)
            .or_else(|| plan.is_none().then_some(CompactionNote::NothingToSummarise))
    }

    /// Compacts the conversation now, without a request (the Compact button):
    /// says under the composer what happened.
    pub(super) async fn compact_only(self, job: Job) {
        let settings = self.preferences.compaction.get_untracked();
        let session_id = job.session.id.clone();
        let Some(entry) = job.entry.clone() else {
            let failure = SummaryFailure::NoProvider;
            self.note(&session_id, CompactionNote::Failed { failure, sent: false });
            return;
        };
        let window = entry.model.effective_context_window(entry.preset());
        let budget = verbatim_budget(&job, window, &settings);
        let Some(plan) = plan_to_fit(&job.items, job.active.as_ref(), &settings, budget) else {
            self.note(&session_id, CompactionNote::NothingToSummarise);
            return;
        };
        match self.summarise(&job, &plan, &settings, window).await {
            Ok(_) => {}
            Err(SummaryFailure::Stopped | SummaryFailure::Gone) => self.note(&session_id, CompactionNote::Quiet),
            Err(failure) => self.note(&session_id, CompactionNote::Failed { failure, sent: false }),
        }
    }

    /// Asks the summarising model for the summary of `plan`, fits it, stores it
    /// and shows it; returns it as the active summary with the session as
    /// stored, or why it failed.
    async fn summarise(
        self,
        job: &Job,
        plan: &CompactionPlan,
        settings: &CompactionSettings,
        window: u32,
    ) -> Result<(ActiveSummary, SessionRecord), SummaryFailure> {
        let Some(conversation) = job.entry.as_ref() else { return Err(SummaryFailure::NoProvider) };
        let limit = summary_limit(job, plan, window);
        if limit <= compaction::estimate_tokens(compaction::SUMMARY_CUT_NOTE) + 1 {
            return Err(SummaryFailure::TooShort);
        }
        // The account the user picked for summaries (by its model's id, as
        // Settings stores it), unless it is gone.
        let writer = settings
            .summary_model_config_id
            .as_deref()
            .and_then(|id| self.providers.list.with_untracked(|list| list.iter().find(|e| e.model.id == id).cloned()))
            .unwrap_or_else(|| conversation.clone());
        let (account, mut model) = writer.configs().map_err(SummaryFailure::Config)?;
        // A summary needs no thinking; its length is about the room it has.
        model.thinking = None;
        model.max_tokens = Some(summary_room(window));
        let writer_window = writer.model.effective_context_window(writer.preset());
        let budget = writer_window.saturating_sub(summary_room(writer_window));
        let messages = summary_request(plan, &job.items, job.active.as_ref(), budget);
        let request = provider::build_request(&account, &model, &messages)
            .map_err(|refused| SummaryFailure::Config(refused.into()))?;
        self.note(&job.session.id, CompactionNote::Summarising);
        let wire = account.wire_kind(&model.model);
        let reply = fetch_reply_until(&request, wire, job.signal.as_ref()).await.map_err(|failure| match failure {
            FetchFailure::Aborted => SummaryFailure::Stopped,
            failure => failure
                .into_provider_error(&request, wire, false)
                .map_or(SummaryFailure::Stopped, SummaryFailure::Provider),
        })?;
        if job.signal.as_ref().is_some_and(AbortSignal::aborted) {
            // Stopped (or the conversation deleted or cleared) while the
            // summary was coming: nothing is stored.
            return Err(SummaryFailure::Stopped);
        }
        if let Some(error) = reply.error {
            return Err(SummaryFailure::Provider(error));
        }
        let cut_off = reply.finish.as_ref().is_some_and(|finish| finish.unified == FinishKind::Length);
        let text = if cut_off { fit_cut_summary(&reply.text, limit) } else { fit_summary(&reply.text, limit) };
        if text.trim().is_empty() {
            return Err(SummaryFailure::Empty);
        }
        let model_name = Some(model.model.trim().to_owned()).filter(|m| !m.is_empty());
        let info =
            SummaryInfo { boundary_id: plan.boundary_id.clone(), summarised: plan.summarised, model: model_name };
        let record = MessageRecord::summary(new_id(), job.session.id.clone(), now(), info, text.clone());
        // Refused when the conversation was deleted meanwhile: never brought back.
        let Some(session) = self.store.save_summary(&record).await else { return Err(SummaryFailure::Gone) };
        if self.session.with_value(|shown| shown.as_deref() == Some(job.session.id.as_str())) {
            // Read back rather than pushed: a read of the conversation started
            // before the save (switching back to it) must not lose the summary.
            self.reread(job.session.id.clone()).await;
        }
        self.note(&job.session.id, CompactionNote::Summarised(plan.summarised));
        let summary = ActiveSummary {
            summary_id: record.id.clone(),
            boundary_id: plan.boundary_id.clone(),
            text,
            summarised: plan.summarised,
        };
        Ok((summary, session))
    }
}

/// The estimate of the next request without the draft: system prompt, the
/// history as it would be sent (with the summary that applies) and tools.
pub(super) fn estimate(
    system: Option<ChatMessage>,
    items: &[HistoryItem],
    active: Option<&ActiveSummary>,
    tools: &[ToolSpec],
) -> u32 {
    let messages: Vec<ChatMessage> = system.into_iter().chain(request_history(items, active)).collect();
    estimate_request(&messages, tools)
}

/// Re-exported for the meter.
pub(crate) use compaction::usage;
