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

use hearth_core::compaction::{
    self, ActiveSummary, CompactionPlan, CompactionSettings, HistoryItem, Slot, SlotSummary, estimate_request,
    fit_summary, plan_to_fit, request_history, should_compact, summary_request,
};
use hearth_core::message::ChatMessage;
use hearth_core::provider::{self, ProviderError};
use hearth_core::storage::{MessageRecord, SessionRecord, SummaryInfo};
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;
use web_sys::AbortSignal;

use super::{ChatContext, Entry, EntryKind, shown};
use crate::io::clock::now;
use crate::io::fetch_stream::{FetchFailure, fetch_reply_until};
use crate::io::ids::new_id;
use crate::providers::ProviderEntry;

/// Whether to compact before a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Compaction {
    /// When the request fills the threshold of the window.
    WhenFull,
    /// Whenever there is something to summarise (Compact and retry).
    Now,
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
    /// The summary could not be written; `sent`: the request went out in full.
    Failed { reason: String, sent: bool },
}

impl CompactionNote {
    /// The words shown (empty for `Quiet`).
    pub(crate) fn text(&self) -> String {
        match self {
            CompactionNote::Quiet => String::new(),
            CompactionNote::Summarising => "Summarising earlier messages…".to_owned(),
            CompactionNote::Summarised(count) => format!(
                "Earlier messages summarised ({count} {}). They stay here; only requests send the summary.",
                if *count == 1 { "message" } else { "messages" }
            ),
            CompactionNote::NothingToSummarise => {
                "Nothing to summarise yet: the first message and the last turns are always sent as they are.".to_owned()
            }
            CompactionNote::Undone => "Summary removed: requests send the earlier messages again.".to_owned(),
            CompactionNote::Failed { reason, sent: true } => format!(
                "The earlier messages could not be summarised: {}. The conversation was sent in full.",
                reason.trim_end_matches('.')
            ),
            CompactionNote::Failed { reason, sent: false } => format!(
                "The earlier messages could not be summarised: {}. Nothing was changed.",
                reason.trim_end_matches('.')
            ),
        }
    }

    /// Whether it reports a failure.
    pub(crate) fn is_failure(&self) -> bool {
        matches!(self, CompactionNote::Failed { .. })
    }
}

/// The shown messages of `entries` as history items: a user message, or a
/// reply with its whole turn; failed replies, markers, summaries and hidden
/// versions are none.
pub(super) fn history_items(entries: &[Entry]) -> Vec<HistoryItem> {
    let shown = untrack(|| shown(entries));
    history_items_shown(entries, &shown)
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
/// boundary still exists (a boundary on something that sends nothing moves to
/// the next message that does), by the same rule as for stored records
/// (`hearth_core::compaction::active_summary_of`). Several compactions in a
/// row: the newest wins; Undo deletes it and the one before applies again.
pub(crate) fn active_summary(entries: &[Entry], items: &[HistoryItem]) -> Option<ActiveSummary> {
    let sent: std::collections::HashSet<&str> = items.iter().map(|item| item.id.as_str()).collect();
    let slots: Vec<Slot<'_>> = entries
        .iter()
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

/// A provider error in a few words, for the note: its title and status.
fn briefly(error: &ProviderError) -> String {
    match error.status {
        Some(status) => format!("{} (HTTP {status})", error.kind.title()),
        None => error.kind.title().to_owned(),
    }
}

/// The tokens the messages kept verbatim may take so that, with the summary,
/// the system prompt and the tools, the request stays below the threshold.
fn verbatim_budget(job: &Job, window: u32, settings: &CompactionSettings) -> u32 {
    let threshold = u32::try_from(u64::from(window) * u64::from(settings.threshold()) / 100).unwrap_or(window);
    let fixed = estimate_request(job.system.as_slice(), &job.tools);
    threshold.saturating_sub(summary_room(window)).saturating_sub(fixed)
}

/// The tokens a summary may take in a conversation whose window is `window`:
/// a quarter of it, so a compaction always leaves room (and at most 4,096).
fn summary_room(window: u32) -> u32 {
    (window / 4).clamp(128, 4_096)
}

/// Everything one compaction needs, taken when the request starts.
pub(super) struct Job {
    /// The conversation, as stored.
    pub(super) session: SessionRecord,
    /// The history the request would send, as items.
    pub(super) items: Vec<HistoryItem>,
    /// The summary that applies now.
    pub(super) active: Option<ActiveSummary>,
    /// The account that answers (the conversation's model).
    pub(super) entry: Option<ProviderEntry>,
    /// The system prompt and tools of the request, for the estimate.
    pub(super) system: Option<ChatMessage>,
    pub(super) tools: Vec<ToolSpec>,
    /// Stop: ends the summary request too.
    pub(super) signal: Option<AbortSignal>,
}

impl ChatContext {
    /// The history the request of `job` sends, compacted first when `when`
    /// says so and there is something to summarise, and the session as stored
    /// after it. A failed summary is noted and the history sent unchanged.
    pub(super) async fn compacted_history(self, job: Job, when: Compaction) -> (Vec<ChatMessage>, SessionRecord) {
        let settings = self.preferences.compaction.get_untracked();
        let unchanged = request_history(&job.items, job.active.as_ref());
        let Some(entry) = job.entry.clone() else { return (unchanged, job.session) };
        let window = entry.model.effective_context_window(entry.preset());
        let full = match when {
            Compaction::Now => true,
            Compaction::WhenFull => {
                let messages: Vec<ChatMessage> = job.system.iter().cloned().chain(unchanged.iter().cloned()).collect();
                should_compact(estimate_request(&messages, &job.tools), window, &settings)
            }
        };
        if !full {
            return (unchanged, job.session);
        }
        let Some(plan) =
            plan_to_fit(&job.items, job.active.as_ref(), &settings, verbatim_budget(&job, window, &settings))
        else {
            if when == Compaction::Now {
                self.compaction_note.set(CompactionNote::NothingToSummarise);
            }
            return (unchanged, job.session);
        };
        match self.summarise(&job, &plan, &settings, window).await {
            Ok((summary, session)) => (request_history(&job.items, Some(&summary)), session),
            Err(_) if job.signal.as_ref().is_some_and(AbortSignal::aborted) => {
                // Stopped: the turn stops too, and nothing is sent.
                self.compaction_note.set(CompactionNote::Quiet);
                (unchanged, job.session)
            }
            Err(reason) => {
                self.compaction_note.set(CompactionNote::Failed { reason, sent: true });
                (unchanged, job.session)
            }
        }
    }

    /// Compacts the conversation now, without a request (the Compact button):
    /// says under the composer what happened.
    pub(super) async fn compact_only(self, job: Job) {
        let settings = self.preferences.compaction.get_untracked();
        let Some(entry) = job.entry.clone() else {
            self.compaction_note.set(CompactionNote::Failed { reason: "no provider is set up".into(), sent: false });
            return;
        };
        let window = entry.model.effective_context_window(entry.preset());
        let budget = verbatim_budget(&job, window, &settings);
        let Some(plan) = plan_to_fit(&job.items, job.active.as_ref(), &settings, budget) else {
            self.compaction_note.set(CompactionNote::NothingToSummarise);
            return;
        };
        match self.summarise(&job, &plan, &settings, window).await {
            Ok(_) => {}
            Err(_) if job.signal.as_ref().is_some_and(AbortSignal::aborted) => {
                self.compaction_note.set(CompactionNote::Quiet);
            }
            Err(reason) => self.compaction_note.set(CompactionNote::Failed { reason, sent: false }),
        }
    }

    /// Asks the summarising model for the summary of `plan`, fits it, stores it
    /// and shows it; returns it as the active summary with the session as
    /// stored, or why it failed (in words for the note).
    async fn summarise(
        self,
        job: &Job,
        plan: &CompactionPlan,
        settings: &CompactionSettings,
        window: u32,
    ) -> Result<(ActiveSummary, SessionRecord), String> {
        let Some(conversation) = job.entry.as_ref() else { return Err("no provider is set up".into()) };
        // The account the user picked for summaries, unless it is gone.
        let writer = settings
            .summary_model_config_id
            .as_deref()
            .and_then(|id| self.providers.list.with_untracked(|list| list.iter().find(|e| e.model.id == id).cloned()))
            .unwrap_or_else(|| conversation.clone());
        let (account, mut model) = writer.configs().map_err(|problem| problem.to_string())?;
        // A summary needs no thinking; the provider's default applies.
        model.thinking = None;
        let writer_window = writer.model.effective_context_window(writer.preset());
        let budget = writer_window.saturating_sub(summary_room(writer_window));
        let messages = summary_request(plan, &job.items, job.active.as_ref(), budget);
        let request = provider::build_request(&account, &model, &messages).map_err(|refused| refused.to_string())?;
        self.compaction_note.set(CompactionNote::Summarising);
        let reply =
            fetch_reply_until(&request, account.kind, job.signal.as_ref()).await.map_err(|failure| match failure {
                FetchFailure::Aborted => "stopped".to_owned(),
                failure => failure
                    .into_provider_error(&request, account.kind, false)
                    .map_or_else(|| "stopped".to_owned(), |error| briefly(&error)),
            })?;
        if job.signal.as_ref().is_some_and(AbortSignal::aborted) {
            // Stopped (or the conversation deleted or cleared) while the
            // summary was coming: nothing is stored.
            return Err("stopped".into());
        }
        if let Some(error) = reply.error {
            return Err(briefly(&error));
        }
        let text = fit_summary(&reply.text, summary_room(window));
        if text.trim().is_empty() {
            return Err("the model wrote no summary".into());
        }
        let model_name = Some(model.model.trim().to_owned()).filter(|m| !m.is_empty());
        let info =
            SummaryInfo { boundary_id: plan.boundary_id.clone(), summarised: plan.summarised, model: model_name };
        let record = MessageRecord::summary(new_id(), job.session.id.clone(), now(), info, text.clone());
        // Refused when the conversation was deleted meanwhile: never brought back.
        let Some(session) = self.store.save_summary(&record).await else {
            return Err("the conversation is gone".into());
        };
        if self.session.with_value(|shown| shown.as_deref() == Some(job.session.id.as_str())) {
            self.entries.update(|entries| entries.push(Entry::from_record(&record)));
        }
        self.compaction_note.set(CompactionNote::Summarised(plan.summarised));
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
