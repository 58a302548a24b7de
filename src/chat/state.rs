//! The open conversation on screen and what Send and Stop do.
//!
//! [`ChatContext`] is provided by the app and read by the components. A turn runs
//! as local tasks sharing one `Turn`: the network task feeds response bytes
//! through `hearth-core`'s decoder into the turn's recorder (which owns the
//! reply's record; the view is shown what it recorded); a render, asked for at the next
//! animation frame whenever text is waiting, pushes only the text that arrived since
//! the last frame into the streaming markdown renderer (finished blocks are rendered once, only the tail
//! again); the save task writes the growing reply to IndexedDB at most every
//! [`turn::SAVE_EVERY_MS`], so a reload or crash loses at most that moment.
//!
//! The user's message is stored before the request goes out, and a tab streaming a
//! reply holds a Web Lock named after it, so another tab starting up can tell a live
//! reply from one whose tab died (see `store::upkeep`).
//!
//! The chat follows the open session ([`SessionsContext::current`]): it shows
//! that session's messages, re-reads them when another tab changes them, and
//! stops a reply whose session is being deleted.
//!
//! Conversations work side by side: each may have one reply streaming (or one
//! summary being written) at a time, kept in [`Work`], while the others send as
//! usual. A reply streaming in a conversation that is not shown keeps its live
//! view and is shown again when its conversation opens; Stop stops only the
//! open conversation's reply.
//!
//! Before each request the conversation may be compacted (see [`compaction`]):
//! the request then sends a stored summary in place of older turns.
//!
//! The context's actions live beside it: the send path (Send, Edit,
//! Regenerate, Retry, and the start of every reply) in [`send`], what this tab
//! is working on (and Stop) in [`work`], following the open conversation (its
//! messages read, merged, cleared) in [`follow`].

mod attachment_data;
pub(crate) mod branching;
pub(crate) mod code;
mod compaction;
pub(crate) mod comparing;
mod context;
mod context_size;
mod entry;
mod follow;
mod labels;
mod pdf_text;
mod picture_order;
mod pictures;
pub(crate) mod prompt;
mod send;
pub(crate) mod talk_tools;
pub(crate) mod talk_turn;
mod tool_blobs;
mod turn;
mod turn_knowledge;
mod work;

pub(crate) use crate::composer::state::attachments::Attachments;
pub(crate) use compaction::{CompactionNote, usage};
pub(crate) use entry::{AssistantView, Entry, EntryKind, VersionPlace, leaf, shown};
pub(crate) use hearth_core::failure::Failure;
pub(crate) use hearth_core::storage::ReplyStatus;

use hearth_core::agent::AgentRecord;
use hearth_core::compaction::HistoryItem;
use hearth_core::storage::{AgentRef, MessageRecord};
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::AbortController;

use crate::io::clock::now;
use crate::io::ids::new_id;
use crate::io::sync::Change;
use crate::providers::state::ProvidersContext;
use crate::sessions::state::SessionsContext;
use crate::settings::state::PreferencesContext;
use crate::store::{Reaction, StoreContext, StoreEvent};
use crate::tools::state::ToolsContext;
use context::Work;
pub(crate) use context::{BranchPanel, ChatContext, MessageOverrides};
use context_size::ContextInputs;
pub(crate) use picture_order::PictureOrder;

impl ChatContext {
    /// Fresh state that follows the open session and the store's changes.
    pub(crate) fn new(
        store: StoreContext,
        sessions: SessionsContext,
        providers: ProvidersContext,
        tools: ToolsContext,
        preferences: PreferencesContext,
    ) -> Self {
        let entries = RwSignal::new(Vec::new());
        let shown = Memo::new(move |_| entries.with(|entries| shown(entries)));
        let versions = Memo::new(move |_| entries.with(|entries| entry::version_places(entries)));
        let work: RwSignal<Vec<Work>, LocalStorage> = RwSignal::new_local(Vec::new());
        let busy = Memo::new(move |_| {
            sessions.current.with(|current| {
                current.as_ref().is_some_and(|id| work.with(|work| work.iter().any(|w| w.session == *id)))
            })
        });
        let any_busy = Memo::new(move |_| work.with(|work| !work.is_empty()));
        // The items and the summary that applies, once per change of the
        // conversation (a new message, a turn that ended, a summary).
        let history = Memo::new(move |_| {
            busy.track();
            shown.with(|shown| {
                entries.with(|entries| {
                    let items = compaction::history_items_shown(entries, shown);
                    let active = compaction::active_summary(entries, &items);
                    (items, active)
                })
            })
        });
        let active_summary = Memo::new(move |_| history.with(|(_, active)| active.clone()));
        let agents = tools.agents;
        // A memo of its own: the session list changes at every save of a
        // streaming reply, the agent seldom.
        let agent_id = Memo::new(move |_| {
            sessions
                .current
                .with(|current| {
                    let current = current.as_ref()?;
                    sessions.list.with(|list| list.iter().find(|s| s.id == *current).map(|s| s.agent_id.clone()))
                })
                .unwrap_or_else(|| agents.last_chosen.get())
        });
        // The meter's figure, once the `reply` chunk (which computes it) is in.
        let code_ready = RwSignal::new(code::loaded().is_some());
        code::on_loaded(move || code_ready.set(true));
        let inputs = ContextInputs { history, agent_id, agents, providers, tools };
        let context = Memo::new(move |_| {
            code_ready.track();
            code::loaded().map(|code| (code.context_size)(inputs))
        });

        let this = Self {
            store,
            sessions,
            session: StoredValue::new(None),
            providers,
            tools,
            attachments: Attachments::new(tools),
            agents: tools.agents,
            entries,
            shown,
            versions,
            busy,
            any_busy,
            work,
            preferences,
            compaction_note: RwSignal::new(CompactionNote::Quiet),
            active_summary,
            pending_prune: StoredValue::new(None),
            prune_note: RwSignal::new(String::new()),
            context,
            compare_open: RwSignal::new(false),
            overrides: RwSignal::new(MessageOverrides::default()),
            branch_panel: RwSignal::new(None),
            scroll_to: RwSignal::new(None),
        };
        Effect::new(move |_| this.follow(sessions.current.get()));
        Effect::new(move |_| {
            let deleting = sessions.pending_delete.with(|pending| pending.as_ref().map(|s| s.id.clone()));
            if let Some(deleting) = deleting {
                // Stopped first, so no late write of the reply (or summary) brings it back.
                this.stop_session(&deleting);
            }
        });
        store.on_event(move |event| {
            let StoreEvent::Changed(change) = event else { return None };
            let shown = this.session.get_value();
            let affected = match change {
                Change::Session { id } => shown.as_ref() == Some(id),
                Change::All => shown.is_some(),
                Change::Agents => false,
            };
            let reread: Reaction = shown.filter(|_| affected).map(|id| Box::pin(this.reread(id)) as _);
            reread
        });
        this
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// The id of the agent the open conversation runs with (tracked): its
    /// session's agent, or for a new conversation the one the user chose last.
    pub(crate) fn agent_id(self) -> String {
        let sessions = self.sessions;
        let stored = sessions.current.with(|current| {
            let current = current.as_ref()?;
            sessions.list.with(|list| list.iter().find(|s| s.id == *current).map(|s| s.agent_id.clone()))
        });
        stored.unwrap_or_else(|| self.agents.last_chosen.get())
    }

    /// The agent the open conversation runs with (tracked); the General
    /// Assistant when its agent was deleted.
    pub(crate) fn agent(self) -> AgentRecord {
        self.agents.get_or_general(&self.agent_id())
    }

    /// What the next message's reply may do beyond text (tracked): the
    /// agent's options with the message box's choices over them.
    pub(crate) fn reply_options(self) -> hearth_core::agent::ReplyOptions {
        self.overrides.get().over(&self.agent().options)
    }

    /// The account the open conversation's agent runs on (tracked): its
    /// model, or the default one.
    pub(crate) fn account(self) -> Option<crate::providers::state::ProviderEntry> {
        let model = self.agent().model_config_id;
        self.providers.entry_for(model.as_deref())
    }

    /// Goes on with the agent `id`. In a new conversation it is only chosen
    /// (the conversation starts with it). In one with messages a switch marker
    /// is stored with the session in one write (the session's agent becomes
    /// `id`; see `Db::save_message`) and shown as a divider; it is never sent,
    /// and the next turn runs with the new agent's prompt, model and tools over
    /// the whole history. New chats start with it too. Nothing happens while a
    /// reply streams here, for an unknown agent, or for the current one.
    pub(crate) fn switch_agent(self, id: &str) {
        if self.busy.get_untracked() || untrack(|| self.agent().id) == id {
            return;
        }
        let Some(agent) = self.agents.find(id) else { return };
        self.agents.choose(id);
        // The message box's choices were over the other agent's defaults.
        self.overrides.set(MessageOverrides::default());
        let Some(mut session) = self.sessions.current_record() else { return };
        if self.entries.with_untracked(Vec::is_empty) {
            // A cleared conversation: nothing to divide.
            self.sessions.update_session(&session.id, |session| session.agent_id = id.to_owned());
            return;
        }
        session.agent_id = id.to_owned();
        // At once, so a message sent before the write is done goes to the new agent.
        self.sessions.list.update(|list| {
            if let Some(known) = list.iter_mut().find(|known| known.id == session.id) {
                known.agent_id = id.to_owned();
            }
        });
        let store = self.store;
        let mut marker = MessageRecord::agent_switch(new_id(), session.id.clone(), AgentRef::of(&agent), now());
        marker.parent = self.entries.with_untracked(|entries| untrack(|| leaf(entries)));
        self.entries.update(|entries| entries.push(Entry::from_record(&marker)));
        spawn_local(async move {
            store.save_message(&session, &marker).await;
        });
    }

    /// Takes back the pruning waiting for its Undo window: nothing is deleted,
    /// and the conversation shows the messages again.
    pub(crate) fn undo_prune(self) {
        let Some(prune) = self.pending_prune.try_update_value(Option::take).flatten() else { return };
        self.prune_note.set(String::new());
        if self.session.with_value(|shown| shown.as_deref() == Some(prune.session.as_str())) {
            spawn_local(self.reread(prune.session));
        }
    }

    /// Summarises the older part of the open conversation now (the Compact
    /// button), without sending anything; Stop ends it. The composer says what
    /// happened.
    pub(crate) fn compact(self) {
        if self.busy.get_untracked() {
            return;
        }
        let Some(session) = self.sessions.current_record() else {
            self.compaction_note.set(CompactionNote::NothingToSummarise);
            return;
        };
        let items = self.history_items();
        let active = self.entries.with_untracked(|entries| compaction::active_summary(entries, &items));
        let (agent, entry) = untrack(|| (self.agent(), self.account()));
        let session_id = session.id.clone();
        let controller = self.start_work(&session_id, None);
        let signal = controller.as_ref().map(AbortController::signal);
        let mcp_tokens = self.mcp_tokens();
        spawn_local(async move {
            match code::load().await {
                Ok(code) => {
                    let (_, tools, system) = (code.prompt_and_tools)(self, agent, entry.as_ref());
                    let job = compaction::Job { session, items, active, entry, system, tools, mcp_tokens, signal };
                    (code.compact)(self, job).await;
                }
                Err(error) => {
                    let failure = compaction::SummaryFailure::Provider(error.into());
                    self.compaction_note.set(CompactionNote::Failed { failure, sent: false });
                }
            }
            self.end_work(&session_id, None);
        });
    }

    /// Deletes the summary `summary_id` (Undo on its divider): the next request
    /// sends the full conversation again, or an older summary that still
    /// applies. Nothing else changes.
    pub(crate) fn undo_summary(self, summary_id: &str) {
        if self.busy.get_untracked() {
            return;
        }
        let Some(session) = self.sessions.current_record() else { return };
        self.entries.update(|entries| entries.retain(|entry| entry.id != summary_id));
        self.compaction_note.set(CompactionNote::Undone);
        let (store, id) = (self.store, summary_id.to_owned());
        spawn_local(async move { store.delete_message(&session.id, &id).await });
    }

    /// Shows the version `id` of a reply in place of the one shown, and
    /// remembers the choice with the message.
    pub(crate) fn choose_version(self, id: &str) {
        if self.busy.get_untracked() {
            return;
        }
        self.mark_chosen(vec![id.to_owned()], now());
    }

    /// Picks the messages `ids` at their forks, as chosen at `at`: on screen
    /// at once, then stored (only the messages change, not the session's
    /// preview or time: a version of an earlier reply is no news).
    pub(crate) fn mark_chosen(self, ids: Vec<String>, at: hearth_core::Millis) {
        self.entries.update(|entries| {
            for entry in entries.iter_mut().filter(|entry| ids.contains(&entry.id)) {
                if let Some(node) = entry.node.as_mut() {
                    node.chosen_at = Some(at);
                }
            }
        });
        let Some(session) = self.sessions.current_record() else { return };
        let store = self.store;
        spawn_local(async move {
            for id in ids {
                store
                    .update_message(&session.id, &id, |message| {
                        message.chosen_at = Some(at);
                        true
                    })
                    .await;
            }
        });
    }

    /// The conversation so far as history items: only the versions shown;
    /// failed replies, markers and summaries are left out; stopped and
    /// interrupted replies are sent as far as they got.
    fn history_items(self) -> Vec<HistoryItem> {
        self.entries.with_untracked(|entries| compaction::history_items(entries))
    }
}
