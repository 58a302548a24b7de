//! The open conversation's state, [`ChatContext`], and the records its work
//! passes along (a new turn, who answers, a reply's request and its work).
//! What Send, Stop and the rest do with them is in [`state`](super) and its
//! other files.

use hearth_core::agent::{AgentRecord, ReplyOptions};
use hearth_core::compaction::{ActiveSummary, HistoryItem};
use hearth_core::contract::Effort;
use hearth_core::storage::{MessageRecord, SessionRecord};
use leptos::prelude::*;
use web_sys::AbortController;

use super::compaction::parts::{Compaction, CompactionNote, Job};
use super::entry::{AssistantView, Entry, VersionPlace};
use super::picture_order::PictureOrder;
use super::turn::TurnSetup;
use crate::agents::state::AgentsContext;
use crate::composer::state::attachments::Attachments;
use crate::providers::state::ProvidersContext;
use crate::sessions::state::SessionsContext;
use crate::settings::state::PreferencesContext;
use crate::store::StoreContext;
use crate::tools::state::ToolsContext;

/// The open conversation and its actions; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct ChatContext {
    pub(super) store: StoreContext,
    pub(super) sessions: SessionsContext,
    /// The session whose messages `entries` shows (`None`: a new conversation).
    pub(super) session: StoredValue<Option<String>>,
    /// The provider accounts and which one answers.
    pub(crate) providers: ProvidersContext,
    /// The tools the agent offers the model.
    pub(crate) tools: ToolsContext,
    /// The files attached to the next message.
    pub(crate) attachments: Attachments,
    /// The agents; the conversation runs with one of them.
    pub(crate) agents: AgentsContext,
    /// The open conversation's messages in order.
    pub(crate) entries: RwSignal<Vec<Entry>>,
    /// Which of `entries` are shown (earlier versions of a regenerated reply
    /// are not), derived once for all the components that ask.
    pub(crate) shown: Memo<Vec<bool>>,
    /// Where each message with other versions stands among them, with its id,
    /// derived once for every row's version arrows, so that no row reads
    /// every reply of the conversation.
    pub(crate) versions: Memo<Vec<(String, VersionPlace)>>,
    /// Whether a reply streams (or a summary is written) in the open
    /// conversation in this tab: its Send becomes Stop.
    pub(crate) busy: Memo<bool>,
    /// Whether anything streams in this tab, in any conversation (an update
    /// waits for it).
    pub(crate) any_busy: Memo<bool>,
    /// What this tab is doing, per conversation (at most one each).
    pub(super) work: RwSignal<Vec<Work>, LocalStorage>,
    /// The compaction settings.
    pub(super) preferences: PreferencesContext,
    /// What the composer says about compaction (summarising, done, failed).
    pub(crate) compaction_note: RwSignal<CompactionNote>,
    /// The summary that applies to the open conversation, if any.
    pub(crate) active_summary: Memo<Option<ActiveSummary>>,
    /// A pruned branch waiting for its Undo window to end before it is
    /// deleted (see `branching`): its messages are hidden meanwhile.
    pub(crate) pending_prune: StoredValue<Option<Prune>>,
    /// What the Undo toast of a pruned branch says; empty when there is none.
    pub(crate) prune_note: RwSignal<String>,
    /// The estimated tokens of the next request without the draft (system
    /// prompt, history as sent, tools), and the window of the model that will
    /// answer: computed once per change of the conversation, so typing does
    /// not redo it; `None` until the `reply` chunk that computes it is in.
    pub(crate) context: Memo<Option<(u32, u32)>>,
    /// Whether the composer's Compare panel is open: Send then asks every
    /// column of it (see [`comparing`]).
    pub(crate) compare_open: RwSignal<bool>,
    /// The message box's choices for the next messages, over the agent's
    /// defaults ("Search the web", the reasoning effort); cleared when the
    /// agent changes.
    pub(crate) overrides: RwSignal<MessageOverrides>,
    /// The dialog of the `branches` chunk that is open: the outline of the
    /// conversation's forks, or the editor of a reply.
    pub(crate) branch_panel: RwSignal<Option<BranchPanel>>,
    /// A message to bring into view once it is listed (a search result, a
    /// version picked in the outline); the conversation clears it.
    pub(crate) scroll_to: RwSignal<Option<String>>,
}

/// A dialog of the `branches` chunk (see `ChatContext::branch_panel`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BranchPanel {
    /// The outline of the conversation's forks.
    Outline,
    /// The editor of the reply with this id.
    EditReply(String),
}

/// Messages of a conversation pruned but not deleted yet (Undo brings them back).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Prune {
    /// The conversation.
    pub(crate) session: String,
    /// The messages (and summaries) to delete.
    pub(crate) ids: Vec<String>,
    /// When it was asked for (two prunings of the same messages differ).
    pub(crate) at: i64,
}

/// What this tab is doing in one conversation: streaming a reply or writing a summary.
#[derive(Clone)]
pub(super) struct Work {
    /// The conversation.
    pub(super) session: String,
    /// The reply streaming: its message id and live view. Stored copies of it
    /// are older than the view, so they never replace it. `None`: a summary
    /// (the Compact button).
    pub(super) reply: Option<(String, AssistantView)>,
    /// What Stop aborts (`None` when the browser has no AbortController).
    pub(super) abort: Option<AbortController>,
}

/// A new turn's user message, before anything is stored (see [`ChatContext::new_turn`]).
pub(super) struct NewTurn {
    pub(super) session: SessionRecord,
    pub(super) user: MessageRecord,
    /// The bytes of its images and PDFs, stored with it.
    pub(super) blobs: Vec<crate::io::db::NewBlob>,
    /// The request's history, ending with it.
    pub(super) items: Vec<HistoryItem>,
    /// Its text when it is the conversation's first message (a title is asked for).
    pub(super) first_message: Option<String>,
}

/// Who answers a reply: an agent, on an account (`None`: none is set up).
pub(super) struct Asker {
    pub(super) agent: AgentRecord,
    pub(super) entry: Option<crate::providers::state::ProviderEntry>,
}

/// A reply's place in a compare turn (see [`comparing`]); copied into its record.
pub(super) struct ColumnPlace {
    pub(super) group: String,
    pub(super) column: u32,
    /// When it is created, when given: a compare turn's columns take their
    /// times from one moment, a millisecond apart with the first column the
    /// latest, so a turn nobody picked goes on from answer A, on reload and in
    /// other tabs too (equal times would leave it to ids).
    pub(super) at: Option<hearth_core::Millis>,
    pub(super) blind: bool,
    pub(super) model_config_id: Option<String>,
    /// For a merge: the replies it merges, and its instruction.
    pub(super) merged_from: Vec<String>,
    pub(super) merge_recipe: Option<String>,
}

/// What a reply is asked with: the history as items, and whether to compact it first.
pub(super) struct Request {
    pub(super) items: Vec<HistoryItem>,
    pub(super) compaction: Compaction,
    /// "Create an image": the pictures to make of the last user message
    /// (its text, and its first image to edit), instead of a chat reply.
    pub(super) pictures: Option<PictureOrder>,
}

/// A reply's work once its user message is stored ([`ChatContext::answer`]).
pub(super) struct Answer {
    /// The history to send, compacted first when `compaction` says so.
    pub(super) job: Job,
    pub(super) compaction: Compaction,
    /// The turn; its history and session are the compacted ones.
    pub(super) turn: TurnSetup,
    /// The conversation's first message, when this is its first reply.
    pub(super) first_message: Option<String>,
    /// The account that answers (a title is asked of it).
    pub(super) entry: Option<crate::providers::state::ProviderEntry>,
}

/// What the reply task does before the request goes out.
pub(super) enum Prelude {
    /// Store the user's new message, with the bytes of its images and PDFs.
    Save(Box<MessageRecord>, Vec<crate::io::db::NewBlob>),
    /// Delete the reply being replaced (an attempt that produced nothing).
    Delete(String),
    /// Nothing: the reply being answered again stays as an earlier version.
    Keep,
}

/// What the message box changed of the agent's [`ReplyOptions`] for the next
/// messages: `None` follows the agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct MessageOverrides {
    /// "Search the web", when switched here.
    pub(crate) web_search: Option<bool>,
    /// The reasoning effort, when chosen here (`Some(None)`: the provider's default).
    pub(crate) effort: Option<Option<Effort>>,
}

impl MessageOverrides {
    /// The options a message goes with: the agent's, with these choices over them.
    pub(crate) fn over(self, agent: &ReplyOptions) -> ReplyOptions {
        ReplyOptions {
            web_search: self.web_search.unwrap_or(agent.web_search),
            effort: self.effort.unwrap_or(agent.effort),
            ..agent.clone()
        }
    }
}
