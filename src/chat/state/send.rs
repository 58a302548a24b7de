//! The send path: what Send, Edit, Regenerate, Retry and "Compact and retry"
//! do. Each makes the user message of a new turn (shown at once, stored by the
//! reply's task before the request goes out) or finds the reply answered
//! again, then [`ChatContext::reply`] shows the reply streaming and starts its
//! task: the [`Prelude`] (store the message, delete a failed attempt, or keep
//! it), then, through the `reply` chunk ([`super::code`]), [`ChatContext::answer`]:
//! compaction when due, the turn (`turn::run`) and a generated title after a
//! first answer. A compare turn's columns start their replies here too
//! ([`ChatContext::reply_as`], see `comparing`).

use hearth_core::agent::AgentRecord;
use hearth_core::compaction::HistoryItem;
use hearth_core::contract::MediaRefusal;
use hearth_core::failure::ConfigProblem;
use hearth_core::message::attachment::Accepts;
use hearth_core::message::{AttachedFile, Attachment, ChatMessage, Role};
use hearth_core::provider::{InputsFrom, ModelConfig, ProviderError, SearchSupport, search_support};
use hearth_core::storage::{AgentRef, MessageRecord, MessageState, SessionRecord, TitleSource, title_from_message};
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::AbortController;

use super::compaction::{self, Compaction, CompactionNote};
use super::context::{Answer, Asker, ChatContext, ColumnPlace, NewTurn, Prelude, Request};
use super::entry::{AssistantView, Entry, EntryKind, Node, leaf};
use super::{code, comparing, prompt, turn};
use crate::composer::state::prepare;
use crate::i18n::tr;
use crate::io::clock::now;
use crate::io::ids::new_id;
use crate::io::network::is_online;
use hearth_core::failure::Failure;
use hearth_core::storage::ReplyStatus;

impl ChatContext {
    /// Sends `text` with the attached files as the next user message and
    /// streams the reply, creating the session on the first message. Returns
    /// whether it was sent (not while another reply streams here, not when
    /// there is neither text nor a file).
    pub(crate) fn send(self, text: String) -> bool {
        let Some(NewTurn { session, user, blobs, items, first_message }) = self.new_turn(text) else { return false };
        let request = Request { items, compaction: Compaction::WhenFull, pictures: None };
        let parent = Some(user.id.clone());
        self.reply(session, request, Prelude::Save(Box::new(user), blobs), first_message, parent);
        true
    }

    /// The user message of a new turn (shown at once, not stored yet), with
    /// its session (created on the first message) and the request's history;
    /// `None` when nothing may be sent now (see [`Self::send`]).
    pub(super) fn new_turn(self, text: String) -> Option<NewTurn> {
        let no_files = untrack(|| self.attachments.is_empty());
        if self.busy.get_untracked() || (text.trim().is_empty() && no_files) {
            return None;
        }
        if self.attachments.media.preparing() {
            self.attachments.problem.set(tr(PREPARING).to_owned());
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
        let first_name = files.first().map(|file| &file.name).or(attachments.first().map(|a| &a.name));
        let session = self.open_or_new_session(match first_name {
            Some(name) if text.trim().is_empty() => name,
            _ => &text,
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

    /// The open conversation, or a new one (not stored yet) titled after `first`.
    pub(super) fn open_or_new_session(self, first: &str) -> SessionRecord {
        self.sessions.current_record().unwrap_or_else(|| self.new_session(first))
    }

    /// A new conversation (not stored yet) of the agent shown, titled after `first`.
    pub(super) fn new_session(self, first: &str) -> SessionRecord {
        let now = now();
        SessionRecord {
            id: new_id(),
            title: title_from_message(first),
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
        }
    }

    /// Going on from a compare turn's answer nobody picked is a choice: it is
    /// remembered, so a later Retry of another column never moves the
    /// conversation away from it.
    pub(super) fn keep_compare_choice(self, leaf: Option<&str>) {
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
        let request = Request { items, compaction: Compaction::WhenFull, pictures: None };
        let parent = Some(user.id.clone());
        // The images and PDFs are in the store already: the new message only refers to them.
        self.reply(session, request, Prelude::Save(Box::new(user), Vec::new()), None, parent);
        true
    }

    /// A new user message of `session` following `parent`, with its files,
    /// images and PDFs: shown at once and added to the request's `items`.
    pub(super) fn add_user_message(
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

    pub(super) fn answer_again(self, reply_id: &str, compaction: Compaction) {
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
        // Resending what cannot shrink would only bring the same card back (known
        // once the `reply` chunk, which builds the prompt, is in; it loads once
        // the message box has text).
        if compaction == Compaction::Now
            && let Some(code) = code::loaded()
        {
            let (agent, entry) = untrack(|| (self.agent(), self.account()));
            let (_, tools, system) = (code.prompt_and_tools)(self, agent, entry.as_ref());
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
        self.reply(session, Request { items, compaction, pictures: None }, prelude, None, parent);
    }

    /// The estimated tokens of the current agent's MCP tool definitions, which
    /// the turn adds to the request's tools (see `compaction::Job`).
    pub(super) fn mcp_tokens(self) -> u32 {
        untrack(|| self.tools.mcp.offered_tokens(self.agent().offered_tools()))
    }

    /// The prompt, tools and system message a request of `agent` on `entry`
    /// sends: one place, so the Compact button plans with what Send sends.
    /// Reached through the `reply` chunk (`ReplyCode::prompt_and_tools`).
    pub(super) fn prompt_and_tools(
        self,
        agent: AgentRecord,
        entry: Option<&crate::providers::state::ProviderEntry>,
    ) -> (prompt::Prompt, Vec<ToolSpec>, Option<ChatMessage>) {
        let tools = self.tools.specs(&agent);
        let prompt = prompt::Prompt { agent, project: self.tools, tools: tools.clone(), knowledge: None };
        let system = prompt.system_message(entry.map_or("", |e| e.model.model.as_str()));
        (prompt, tools, system)
    }

    /// Starts the reply to `request` in `session`: shows it streaming, and in a
    /// task does the `prelude`, compacts the history when due, runs the turn,
    /// then offers a generated title after the first answer (`first_message`).
    pub(super) fn reply(
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
    pub(super) fn reply_as(
        self,
        session: SessionRecord,
        request: Request,
        (prelude, first_message, parent): (Prelude, Option<String>, Option<String>),
        Asker { agent, entry }: Asker,
        place: Option<ColumnPlace>,
    ) {
        // Taken now: by the time compaction decides, another conversation may be open.
        let mcp_tokens = untrack(|| self.tools.mcp.offered_tokens(agent.offered_tools()));
        let mut request = request;
        if let (Some(order), Some(entry)) = (request.pictures.as_mut(), entry.as_ref()) {
            order.account.clone_from(&entry.provider.name);
        }
        // "Create an image" asks the image model it names, of the same account.
        let picture_model = request.pictures.as_ref().map(|order| order.model.trim().to_owned());
        let model_id = picture_model
            .clone()
            .or_else(|| entry.as_ref().map(|e| e.model.model.trim().to_owned()))
            .unwrap_or_default();
        let created_at = place.as_ref().and_then(|place| place.at).unwrap_or_else(|| now() + 1);
        let mut reply = new_record(&session.id, Role::Assistant, created_at);
        reply.provider_id = entry.as_ref().map(|e| e.id().to_owned());
        // The wire family the request goes out in (Responses or Chat Completions
        // for an OpenAI-family account): its reasoning goes back only there.
        reply.provider_kind = entry.as_ref().map(|e| e.provider.config().wire_kind(&model_id));
        reply.model = Some(model_id).filter(|m| !m.is_empty());
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
        // What the message box chose over the agent's defaults, as Send was pressed.
        let options = untrack(|| self.overrides.get()).over(&agent.options);
        let configs = entry.as_ref().map_or(Err(ConfigProblem::NoProvider), |entry| entry.configs()).and_then(
            |(provider, mut model)| {
                if let Some(picture_model) = picture_model {
                    // The image model's own request: none of the chat model's
                    // settings (extra JSON, temperature, thinking) go with it.
                    if picture_model.is_empty() {
                        let name = entry.as_ref().map(|e| e.provider.name.clone()).unwrap_or_default();
                        return Err(ConfigProblem::MissingModel { provider: name });
                    }
                    return Ok((provider, ModelConfig::new(picture_model)));
                }
                model.web_search = options.search(options.web_search);
                model.effort = options.effort;
                model.make_images = options.make_images;
                // A model that cannot search says so before anything is sent.
                if model.web_search.is_some()
                    && let SearchSupport::No(why) = search_support(&provider, &model.model)
                {
                    let name = entry.as_ref().map(|e| e.provider.name.clone()).unwrap_or_default();
                    return Err(ConfigProblem::CannotSearch { provider: name, reason: why.sentence().to_owned() });
                }
                Ok((provider, model))
            },
        );
        let accepts = entry.as_ref().map_or(Accepts::ALL, |entry| entry.accepts().0);
        let view = AssistantView::streaming(&reply);
        self.entries.update(|entries| {
            entries.push(Entry { id: reply.id.clone(), kind: EntryKind::Assistant(view), node: Node::of(&reply) });
        });
        let controller = self.start_work(&session.id, Some((reply.id.clone(), view)));
        let stall_secs = self.providers.stall_secs.get_untracked();
        let max_rounds = agent.round_limit();
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
                    // Nothing went out: the reply ends with the reason, and Retry
                    // (offline, the offline card: the chunk is fetched on Retry).
                    let failure =
                        if is_online() { Failure::from(ProviderError::from(error)) } else { Failure::offline() };
                    let status = ReplyStatus::Failed(failure);
                    reply.state = status.state();
                    reply.error = status.error_record();
                    view.publish(&reply);
                    view.status.set(status);
                    store.save_message(&session, &reply).await;
                    self.end_work(&session_id, Some(&reply.id));
                    return;
                }
            };
            // Built here, by the chunk: the first load does not carry the prompt's template or the tools' definitions.
            let (prompt, tools, system) = (code.prompt_and_tools)(self, agent, job_entry.as_ref());
            let Request { items, compaction, pictures } = request;
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
                pictures,
            };
            (code.answer)(self, Answer { job, compaction, turn, first_message, entry }).await;
        });
    }

    /// What a reply does once its user message is stored (in the `reply`
    /// chunk, see [`code`]): compacts the history when due, runs the turn,
    /// then offers a generated title after the first answer.
    pub(super) async fn answer(self, answer: Answer) {
        let Answer { job, compaction, turn, first_message, entry } = answer;
        let (history, session) = self.compacted_history(job, compaction).await;
        let session_id = session.id.clone();
        let accepts = turn.accepts;
        let picture_turn = turn.pictures.is_some();
        let reply_id = turn.record.id.clone();
        let ended = turn::run(turn::TurnSetup { history, session, ..turn }).await;
        self.end_work(&session_id, Some(&reply_id));
        // A provider that refused images (or PDFs) for this model: remembered,
        // so Retry and later turns send notes in their place.
        if let (ReplyStatus::Failed(failure), Some(entry), false) = (&ended, &entry, picture_turn)
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
}

/// Why Send did nothing while an image or PDF is still being prepared.
const PREPARING: &str = "An attachment is still being prepared: send once it shows as ready.";

pub(super) fn new_record(session_id: &str, role: Role, now: i64) -> MessageRecord {
    MessageRecord::new(new_id(), session_id.to_owned(), role, now)
}
