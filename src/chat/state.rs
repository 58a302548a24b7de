//! The open conversation on screen and what Send and Stop do.
//!
//! [`ChatContext`] is provided by the app and read by the components. A turn runs
//! as local tasks sharing one `Turn`: the network task feeds response bytes
//! through `hearth-core`'s decoder into the turn's recorder (which owns the
//! reply's record; the view is shown what it recorded); a render, asked for at the next
//! animation frame whenever text is waiting, pushes only the text that arrived since
//! the last frame into the streaming markdown renderer (finished blocks are rendered once, only the tail
//! again); the save task writes the growing reply to IndexedDB at most every
//! [`SAVE_EVERY_MS`](turn::SAVE_EVERY_MS), so a reload or crash loses at most that moment.
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

mod attachment_data;
pub(crate) mod branching;
pub(crate) mod code;
mod compaction;
pub(crate) mod comparing;
mod context;
mod entry;
mod pdf_text;
pub(crate) mod prompt;
mod tool_blobs;
mod turn;

pub(crate) use crate::composer::state::attachments::Attachments;
use crate::composer::state::prepare;
pub(crate) use compaction::{CompactionNote, usage};
use context::{Answer, Asker, ColumnPlace, NewTurn, Prelude, Request, Work};
pub(crate) use context::{BranchPanel, ChatContext};
pub(crate) use entry::{AssistantView, Entry, EntryKind, Node, leaf, shown};
pub(crate) use hearth_core::failure::Failure;
pub(crate) use hearth_core::storage::ReplyStatus;

use hearth_core::agent::AgentRecord;
use hearth_core::compaction::HistoryItem;
use hearth_core::contract::MediaRefusal;
use hearth_core::failure::ConfigProblem;
use hearth_core::message::attachment::Accepts;
use hearth_core::message::{AttachedFile, Attachment, ChatMessage, Role};
use hearth_core::provider::InputsFrom;
use hearth_core::storage::{AgentRef, MessageRecord, MessageState, SessionRecord, TitleSource, title_from_message};
use hearth_core::tools::ToolSpec;
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
use compaction::Compaction;

/// Why Send did nothing while an image or PDF is still being prepared.
const PREPARING: &str = "An attachment is still being prepared: send once it shows as ready.";

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
        let context = Memo::new(move |_| {
            let agent = agent_id.with(|id| agents.get_or_general(id));
            let entry = providers.entry_for(agent.model_config_id.as_deref());
            let window = entry.as_ref().map_or(hearth_core::compaction::FALLBACK_CONTEXT_WINDOW, |entry| {
                entry.model.effective_context_window(entry.preset())
            });
            let model = entry.map(|entry| entry.model.model).unwrap_or_default();
            let specs = tools.specs_for(agent.offered_tools());
            // The definitions of the agent's MCP tools.
            let mcp = tools.mcp.offered_tokens(agent.offered_tools());
            let system = prompt::Prompt { agent, project: tools, tools: specs.clone() }.system_message(&model);
            let estimate = history.with(|(items, active)| compaction::estimate(system, items, active.as_ref(), &specs));
            (estimate.saturating_add(mcp), window)
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

    /// Shows the open session `current`: clears the screen and reads its
    /// messages, unless it is already the one shown (a conversation this tab
    /// just created).
    fn follow(self, current: Option<String>) {
        if self.session.with_value(|shown| *shown == current) {
            return;
        }
        self.session.set_value(current.clone());
        self.entries.set(Vec::new());
        self.compaction_note.set(CompactionNote::Quiet);
        let Some(id) = current else { return };
        spawn_local(async move {
            match self.store.session_messages(&id).await {
                Ok(messages) if self.session.with_value(|shown| shown.as_deref() == Some(id.as_str())) => {
                    self.show(messages);
                }
                Ok(_) => {}
                Err(error) => self.store.report(error),
            }
        });
    }

    /// Brings the shown session up to date after another tab changed it.
    async fn reread(self, id: String) {
        match self.store.session_messages(&id).await {
            Ok(messages) if self.session.with_value(|shown| shown.as_deref() == Some(id.as_str())) => {
                self.merge_stored(messages);
            }
            Ok(_) => {}
            Err(error) => self.store.report(error),
        }
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

    /// Sends `text` with the attached files as the next user message and
    /// streams the reply, creating the session on the first message. Returns
    /// whether it was sent (not while another reply streams here, not when
    /// there is neither text nor a file).
    pub(crate) fn send(self, text: String) -> bool {
        let Some(NewTurn { session, user, blobs, items, first_message }) = self.new_turn(text) else { return false };
        let request = Request { items, compaction: Compaction::WhenFull };
        let parent = Some(user.id.clone());
        self.reply(session, request, Prelude::Save(Box::new(user), blobs), first_message, parent);
        true
    }

    /// The user message of a new turn (shown at once, not stored yet), with
    /// its session (created on the first message) and the request's history;
    /// `None` when nothing may be sent now (see [`Self::send`]).
    fn new_turn(self, text: String) -> Option<NewTurn> {
        let no_files = untrack(|| self.attachments.is_empty());
        if self.busy.get_untracked() || (text.trim().is_empty() && no_files) {
            return None;
        }
        if self.attachments.media.preparing() {
            self.attachments.problem.set(PREPARING.to_owned());
            return None;
        }
        // An out-of-date tab (a newer Hearth took the database) sends nothing it
        // could not store: it says so and the composer keeps the text.
        if let Some(refusal) = self.store.refuses_writes() {
            self.store.report(refusal);
            return None;
        }
        let files = self.attachments.take();
        let (attachments, blobs) = self.attachments.media.take();
        let sessions = self.sessions;
        let now = now();
        let first_name = files.first().map(|file| &file.name).or(attachments.first().map(|a| &a.name));
        let session = sessions.current_record().unwrap_or_else(|| SessionRecord {
            id: new_id(),
            title: title_from_message(match first_name {
                Some(name) if text.trim().is_empty() => name,
                _ => &text,
            }),
            title_source: TitleSource::FirstMessage,
            agent_id: untrack(|| self.agent().id),
            created_at: now,
            updated_at: now,
            message_count: 0,
            preview: String::new(),
            pinned: false,
            deleted_at: None,
            branch_of: None,
            branched_at: None,
        });
        let mut items = self.history_items();
        let parent = self.entries.with_untracked(|entries| untrack(|| leaf(entries)));
        self.keep_compare_choice(parent.as_deref());
        let user = self.add_user_message(&session.id, parent, text, (files, attachments), &mut items);
        // Shown already: the chat need not read the new session when it opens.
        self.session.set_value(Some(session.id.clone()));
        sessions.open_new(session.clone());
        let first_message = (session.message_count == 0).then(|| user.content.clone());
        Some(NewTurn { session, user, blobs, items, first_message })
    }

    /// Going on from a compare turn's answer nobody picked is a choice: it is
    /// remembered, so a later Retry of another column never moves the
    /// conversation away from it.
    fn keep_compare_choice(self, leaf: Option<&str>) {
        let unpicked = self.entries.with_untracked(|entries| {
            entries.iter().any(|entry| {
                Some(entry.id.as_str()) == leaf
                    && entry.node.as_ref().is_some_and(|node| node.group.is_some() && node.chosen_at.is_none())
            })
        });
        if let (true, Some(leaf)) = (unpicked, leaf) {
            self.choose_version(leaf);
        }
    }

    /// Sends `text` in place of the user message `id`, as a new version of it:
    /// a sibling with the same files, images and PDFs (shared, not copied),
    /// answered by a new reply. The old message and everything below it stay,
    /// one arrow away. Returns whether it was sent (not while a reply streams
    /// here, not when the text is empty and nothing is attached).
    pub(crate) fn edit(self, id: &str, text: String) -> bool {
        if self.busy.get_untracked() {
            return false;
        }
        if let Some(refusal) = self.store.refuses_writes() {
            self.store.report(refusal);
            return false;
        }
        let Some(session) = self.sessions.current_record() else { return false };
        let found = self.entries.with_untracked(|entries| {
            let entry = entries.iter().find(|entry| entry.id == id)?;
            let EntryKind::User(_, files, attachments) = &entry.kind else { return None };
            let parent = entry.node.as_ref()?.parent.clone();
            let items = untrack(|| compaction::history_items_through(entries, parent.as_deref()));
            Some((parent, files.clone(), attachments.clone(), items))
        });
        let Some((parent, files, attachments, mut items)) = found else { return false };
        if text.trim().is_empty() && files.is_empty() && attachments.is_empty() {
            return false;
        }
        let user = self.add_user_message(&session.id, parent, text, (files, attachments), &mut items);
        let request = Request { items, compaction: Compaction::WhenFull };
        let parent = Some(user.id.clone());
        // The images and PDFs are in the store already: the new message only refers to them.
        self.reply(session, request, Prelude::Save(Box::new(user), Vec::new()), None, parent);
        true
    }

    /// A new user message of `session` following `parent`, with its files,
    /// images and PDFs: shown at once and added to the request's `items`.
    fn add_user_message(
        self,
        session: &str,
        parent: Option<String>,
        text: String,
        (files, attachments): (Vec<AttachedFile>, Vec<Attachment>),
        items: &mut Vec<HistoryItem>,
    ) -> MessageRecord {
        let mut user = new_record(session, Role::User, now());
        user.parent = parent;
        user.content = text.clone();
        user.files = files;
        user.attachments = attachments;
        user.refresh_terms();
        items.push(HistoryItem { id: user.id.clone(), messages: vec![user.user_chat_message()] });
        let kind = EntryKind::User(text, user.files.clone(), user.attachments.clone());
        self.entries.update(|entries| entries.push(Entry { id: user.id.clone(), kind, node: Node::of(&user) }));
        user
    }

    /// Answers the conversation again with a new version of the reply
    /// `reply_id` (the last one shown): Regenerate on an answer, Retry on an
    /// error card. A reply that holds anything is kept as an earlier version
    /// (see `hearth_core::storage::versions`); only an attempt that produced
    /// nothing but its error is replaced.
    pub(crate) fn regenerate(self, reply_id: &str) {
        self.answer_again(reply_id, Compaction::WhenFull);
    }

    /// Regenerate after compacting the conversation (an error card's "Compact
    /// and retry" after "conversation too long").
    pub(crate) fn compact_and_retry(self, reply_id: &str) {
        self.answer_again(reply_id, Compaction::Now);
    }

    fn answer_again(self, reply_id: &str, compaction: Compaction) {
        let compared = self.entries.with_untracked(|entries| {
            entries.iter().any(|entry| entry.id == reply_id && entry.node.as_ref().is_some_and(|n| n.group.is_some()))
        });
        if compared {
            // A compare turn's column asks its own model again (the `compare` chunk).
            let id = reply_id.to_owned();
            spawn_local(async move {
                match comparing::compare_code().await {
                    Ok(code) => (code.retry)(self, id, compaction),
                    Err(error) => self.store.report(error),
                }
            });
            return;
        }
        if self.busy.get_untracked() {
            return;
        }
        let Some(session) = self.sessions.current_record() else { return };
        let found = self.entries.with_untracked(|entries| {
            let position = entries
                .iter()
                .rposition(|entry| entry.id == reply_id && matches!(entry.kind, EntryKind::Assistant(_)))?;
            let parent = entries[position].node.as_ref()?.parent.clone();
            let keep = untrack(|| entries[position].node_key().is_some_and(|key| key.has_content));
            Some((
                position,
                parent.clone(),
                keep,
                untrack(|| compaction::history_items_through(entries, parent.as_deref())),
            ))
        });
        let Some((position, parent, keep, items)) = found else { return };
        if !items.iter().any(HistoryItem::is_user_message) {
            return;
        }
        if compaction == Compaction::Now {
            // Resending what cannot shrink would only bring the same card back.
            let (agent, entry) = untrack(|| (self.agent(), self.account()));
            let (_, tools, system) = self.prompt_and_tools(agent, entry.as_ref());
            let active = self.entries.with_untracked(|entries| compaction::active_summary(entries, &items));
            let job = compaction::Job {
                session: session.clone(),
                items: items.clone(),
                active,
                entry,
                system,
                tools,
                mcp_tokens: self.mcp_tokens(),
                signal: None,
            };
            if let Some(refusal) = self.retry_refusal(&job) {
                self.compaction_note.set(refusal);
                return;
            }
        }
        let prelude = if keep {
            Prelude::Keep
        } else {
            self.entries.update(|entries| {
                entries.remove(position);
            });
            Prelude::Delete(reply_id.to_owned())
        };
        // A sibling of the reply answered again: the same parent.
        self.reply(session, Request { items, compaction }, prelude, None, parent);
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
        let (_, tools, system) = self.prompt_and_tools(agent, entry.as_ref());
        let session_id = session.id.clone();
        let controller = self.start_work(&session_id, None);
        let signal = controller.as_ref().map(AbortController::signal);
        let mcp_tokens = self.mcp_tokens();
        let job = compaction::Job { session, items, active, entry, system, tools, mcp_tokens, signal };
        spawn_local(async move {
            match code::load().await {
                Ok(code) => (code.compact)(self, job).await,
                Err(error) => {
                    let failure = compaction::SummaryFailure::Provider(code::not_loaded(error));
                    self.compaction_note.set(CompactionNote::Failed { failure, sent: false });
                }
            }
            self.end_work(&session_id, None);
        });
    }

    /// The estimated tokens of the current agent's MCP tool definitions, which
    /// the turn adds to the request's tools (see `compaction::Job`).
    fn mcp_tokens(self) -> u32 {
        untrack(|| self.tools.mcp.offered_tokens(self.agent().offered_tools()))
    }

    /// The prompt, tools and system message a request of `agent` on `entry`
    /// sends: one place, so the Compact button plans with what Send sends.
    fn prompt_and_tools(
        self,
        agent: AgentRecord,
        entry: Option<&crate::providers::state::ProviderEntry>,
    ) -> (prompt::Prompt, Vec<ToolSpec>, Option<ChatMessage>) {
        let tools = self.tools.specs(&agent);
        let prompt = prompt::Prompt { agent, project: self.tools, tools: tools.clone() };
        let system = prompt.system_message(entry.map_or("", |e| e.model.model.as_str()));
        (prompt, tools, system)
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

    /// Starts the reply to `request` in `session`: shows it streaming, and in a
    /// task does the `prelude`, compacts the history when due, runs the turn,
    /// then offers a generated title after the first answer (`first_message`).
    fn reply(
        self,
        session: SessionRecord,
        request: Request,
        prelude: Prelude,
        first_message: Option<String>,
        parent: Option<String>,
    ) {
        let asker = untrack(|| Asker { agent: self.agent(), entry: self.account() });
        self.reply_as(session, request, (prelude, first_message, parent), asker, None);
    }

    /// [`Self::reply`] by `asker`, as the compare turn's column `place` when given.
    fn reply_as(
        self,
        session: SessionRecord,
        request: Request,
        (prelude, first_message, parent): (Prelude, Option<String>, Option<String>),
        Asker { agent, entry }: Asker,
        place: Option<ColumnPlace>,
    ) {
        // Taken now: by the time compaction decides, another conversation may be open.
        let mcp_tokens = untrack(|| self.tools.mcp.offered_tokens(agent.offered_tools()));
        let model_id = entry.as_ref().map(|e| e.model.model.trim().to_owned()).unwrap_or_default();
        let created_at = place.as_ref().and_then(|place| place.at).unwrap_or_else(|| now() + 1);
        let mut reply = new_record(&session.id, Role::Assistant, created_at);
        reply.model = Some(model_id).filter(|m| !m.is_empty());
        reply.provider_id = entry.as_ref().map(|e| e.id().to_owned());
        reply.provider_kind = entry.as_ref().map(|e| e.provider.kind);
        reply.agent = Some(AgentRef::of(&agent));
        reply.state = MessageState::Streaming;
        reply.parent = parent;
        let patient = place.is_some();
        if let Some(place) = place {
            // A merge is what the conversation goes on with.
            reply.chosen_at = (!place.merged_from.is_empty()).then_some(reply.created_at);
            reply.compare_group = Some(place.group);
            reply.compare_column = place.column;
            reply.blind = place.blind;
            reply.model_config_id = place.model_config_id;
            reply.merged_from = place.merged_from;
            reply.merge_recipe = place.merge_recipe;
        }
        let configs = entry.as_ref().map_or(Err(ConfigProblem::NoProvider), |entry| entry.configs());
        let accepts = entry.as_ref().map_or(Accepts::ALL, |entry| entry.accepts().0);
        let view = AssistantView::streaming(&reply);
        self.entries.update(|entries| {
            entries.push(Entry { id: reply.id.clone(), kind: EntryKind::Assistant(view), node: Node::of(&reply) });
        });
        let controller = self.start_work(&session.id, Some((reply.id.clone(), view)));
        let stall_secs = self.providers.stall_secs.get_untracked();
        let max_rounds = agent.round_limit();
        let (prompt, tools, system) = self.prompt_and_tools(agent, entry.as_ref());
        let user_tools = self.tools.user_tools.get_untracked();
        let session_id = session.id.clone();
        let (store, sessions) = (self.store, self.sessions);
        let active = self.entries.with_untracked(|entries| compaction::active_summary(entries, &request.items));
        self.compaction_note.set(CompactionNote::Quiet);
        let signal = controller.as_ref().map(AbortController::signal);
        let job_entry = entry.clone();
        spawn_local(async move {
            let session = match prelude {
                Prelude::Save(user, blobs) if blobs.is_empty() => store.save_message(&session, &user).await,
                // Images and PDFs were prepared by the `media` chunk, which stores them too.
                Prelude::Save(user, blobs) => match prepare::load().await {
                    Ok(code) => (code.save)(store, session, *user, blobs).await,
                    Err(_) => store.save_message(&session, &user).await,
                },
                Prelude::Delete(id) => {
                    store.delete_message(&session.id, &id).await;
                    // This session's record as it is now (another may be open by now).
                    sessions
                        .list
                        .with_untracked(|list| list.iter().find(|s| s.id == session.id).cloned())
                        .unwrap_or(session)
                }
                Prelude::Keep => session,
            };
            let code = match code::load().await {
                Ok(code) => code,
                Err(error) => {
                    // Nothing went out: the reply ends with the reason, and Retry.
                    let status = ReplyStatus::Failed(Failure::from(code::not_loaded(error)));
                    reply.state = status.state();
                    reply.error = status.error_record();
                    view.publish(&reply);
                    view.status.set(status);
                    store.save_message(&session, &reply).await;
                    self.end_work(&session_id, Some(&reply.id));
                    return;
                }
            };
            let Request { items, compaction } = request;
            let job = compaction::Job {
                session: session.clone(),
                items,
                active,
                entry: job_entry,
                system,
                tools: tools.clone(),
                mcp_tokens,
                signal,
            };
            let turn = turn::TurnSetup {
                store,
                view,
                record: reply,
                session,
                configs,
                history: Vec::new(),
                controller,
                stall_secs,
                tools,
                user_tools,
                max_rounds,
                tool_settings: self.tools,
                prompt,
                accepts,
                patient,
            };
            (code.answer)(self, Answer { job, compaction, turn, first_message, entry }).await;
        });
    }

    /// What a reply does once its user message is stored (in the `reply`
    /// chunk, see [`code`]): compacts the history when due, runs the turn,
    /// then offers a generated title after the first answer.
    async fn answer(self, answer: Answer) {
        let Answer { job, compaction, turn, first_message, entry } = answer;
        let (history, session) = self.compacted_history(job, compaction).await;
        let session_id = session.id.clone();
        let accepts = turn.accepts;
        let reply_id = turn.record.id.clone();
        let ended = turn::run(turn::TurnSetup { history, session, ..turn }).await;
        self.end_work(&session_id, Some(&reply_id));
        // A provider that refused images (or PDFs) for this model: remembered,
        // so Retry and later turns send notes in their place.
        if let (ReplyStatus::Failed(failure), Some(entry)) = (&ended, &entry)
            && let Some(refusal) = failure.provider_error().and_then(|error| error.media_refusal())
        {
            let refused = match refusal {
                MediaRefusal::NoImageInput => Some(Accepts { images: false, ..accepts }),
                MediaRefusal::NoPdfInput => Some(Accepts { pdfs: false, ..accepts }),
                _ => None,
            };
            if let Some(refused) = refused {
                self.providers.learn_inputs(entry.id(), refused, InputsFrom::Refusal);
            }
        }
        let answered = ended == ReplyStatus::Complete;
        // The title is asked of the account that answered, never another.
        if let (Some(first_message), Some(entry)) = (first_message.filter(|_| answered), entry) {
            self.sessions.generate_title(session_id, first_message, &entry);
        }
    }

    /// Stops the open conversation's streaming reply (or summary), keeping
    /// what arrived. Replies in other conversations go on.
    pub(crate) fn stop(self) {
        if let Some(id) = self.sessions.current.get_untracked() {
            self.stop_session(&id);
        }
    }

    /// Stops what this tab is doing in the conversation `session`, if anything.
    pub(crate) fn stop_session(self, session: &str) {
        self.work.with_untracked(|work| {
            for work in work.iter().filter(|work| work.session == session) {
                if let Some(controller) = &work.abort {
                    controller.abort();
                }
            }
        });
    }

    /// Stops every reply and summary this tab is working on (before all data
    /// is deleted) and resolves once all of them have ended, so no aborted
    /// reply's last write lands after the caller deletes everything.
    pub(crate) async fn stop_all(self) {
        self.work.with_untracked(|work| {
            for controller in work.iter().filter_map(|work| work.abort.as_ref()) {
                controller.abort();
            }
        });
        while self.any_busy.get_untracked() {
            crate::io::timer::sleep(20).await;
        }
    }

    /// Whether a reply is streaming in this tab in the conversation `session` (tracked).
    pub(crate) fn streaming_in(self, session: &str) -> bool {
        self.work.with(|work| work.iter().any(|work| work.session == session && work.reply.is_some()))
    }

    /// Notes that this tab starts working in `session` (a reply with its id
    /// and live view, or a summary: `None`), and gives the abort controller
    /// its Stop aborts (`None` when the browser has none).
    fn start_work(self, session: &str, reply: Option<(String, AssistantView)>) -> Option<AbortController> {
        let abort = AbortController::new().ok();
        let work = Work { session: session.to_owned(), reply, abort: abort.clone() };
        self.work.update(|all| all.push(work));
        abort
    }

    /// Notes that the work in `session` on the reply `reply` (`None`: a
    /// summary) is over; a compare turn's other columns go on.
    fn end_work(self, session: &str, reply: Option<&str>) {
        self.work.update(|work| {
            work.retain(|work| work.session != session || work.reply.as_ref().map(|(id, _)| id.as_str()) != reply);
        });
    }

    /// Stops the reply `id` only (a compare turn's column), keeping what arrived.
    pub(crate) fn stop_reply(self, id: &str) {
        self.work.with_untracked(|work| {
            let found = work.iter().find(|work| work.reply.as_ref().is_some_and(|(reply, _)| reply == id));
            if let Some(controller) = found.and_then(|work| work.abort.as_ref()) {
                controller.abort();
            }
        });
    }

    /// Whether this tab is working in `session` (untracked).
    fn working_in(self, session: &str) -> bool {
        self.work.with_untracked(|work| work.iter().any(|work| work.session == session))
    }

    /// Empties the open conversation: stops a reply streaming in it (and waits
    /// until its last write is done, so nothing brings it back), then deletes
    /// its stored messages, keeping the session with its title. The caller has
    /// asked the user first. Other tabs hear of it through the store.
    pub(crate) async fn clear(self) {
        let Some(session) = self.sessions.current_record() else { return };
        if self.working_in(&session.id) {
            self.stop_session(&session.id);
            while self.working_in(&session.id) {
                crate::io::timer::sleep(20).await;
            }
        }
        if self.store.clear_session_messages(&session.id).await
            && self.session.with_value(|shown| shown.as_deref() == Some(session.id.as_str()))
        {
            self.entries.set(Vec::new());
        }
    }

    /// Shows a stored conversation (replacing what is on screen). A reply this
    /// tab is still streaming keeps its live view, and is shown even before its
    /// first write (while the conversation is being summarised for it).
    pub(crate) fn show(self, messages: Vec<MessageRecord>) {
        let mut entries: Vec<Entry> = messages
            .iter()
            .map(|record| self.live_entry(record).unwrap_or_else(|| Entry::from_record(record)))
            .collect();
        let session = self.session.get_value();
        let unsaved: Vec<Entry> = self.work.with_untracked(|work| {
            work.iter()
                .filter(|work| Some(&work.session) == session.as_ref())
                .filter_map(|work| work.reply.as_ref())
                .filter(|(id, _)| !messages.iter().any(|m| m.id == *id))
                .map(|(id, view)| {
                    let node = view.record.with_value(Node::of);
                    Entry { id: id.clone(), kind: EntryKind::Assistant(*view), node }
                })
                .collect()
        });
        entries.extend(unsaved);
        self.entries.set(entries);
    }

    fn live_entry(self, record: &MessageRecord) -> Option<Entry> {
        self.work.with_untracked(|work| {
            work.iter()
                .filter_map(|work| work.reply.as_ref())
                .find(|(id, _)| *id == record.id)
                .map(|(id, view)| Entry { id: id.clone(), kind: EntryKind::Assistant(*view), node: Node::of(record) })
        })
    }

    /// Whether this tab is still working on the reply `id`: streaming it, or
    /// saving how it ended (tracked). Until that is over, the conversation
    /// takes no new message and no Regenerate.
    pub(crate) fn working_on(self, id: &str) -> bool {
        self.work.with(|work| work.iter().any(|work| work.reply.as_ref().is_some_and(|(r, _)| r == id)))
    }

    /// Whether `id` is a reply this tab is streaming, in any conversation (untracked).
    fn streams_here(self, id: &str) -> bool {
        untrack(|| self.working_on(id))
    }

    /// Brings the screen up to date with stored messages another tab changed,
    /// leaving a reply this tab is streaming alone.
    pub(crate) fn merge_stored(self, messages: Vec<MessageRecord>) {
        self.entries.update(|entries| {
            for record in &messages {
                if self.streams_here(&record.id) {
                    continue;
                }
                match entries.iter().position(|entry| entry.id == record.id) {
                    Some(at) => entries[at].refresh_from(record),
                    None => entries.push(self.live_entry(record).unwrap_or_else(|| Entry::from_record(record))),
                }
            }
            // A message another tab deleted (a regenerated reply) goes here too.
            entries.retain(|entry| self.streams_here(&entry.id) || messages.iter().any(|m| m.id == entry.id));
            let order: Vec<&str> = messages.iter().map(|m| m.id.as_str()).collect();
            let position = |entry: &Entry| order.iter().position(|id| *id == entry.id).unwrap_or(usize::MAX);
            entries.sort_by_key(position);
        });
    }

    /// The conversation so far as history items: only the versions shown;
    /// failed replies, markers and summaries are left out; stopped and
    /// interrupted replies are sent as far as they got.
    fn history_items(self) -> Vec<HistoryItem> {
        self.entries.with_untracked(|entries| compaction::history_items(entries))
    }
}

fn new_record(session_id: &str, role: Role, now: i64) -> MessageRecord {
    MessageRecord::new(new_id(), session_id.to_owned(), role, now)
}
