//! A turn of realtime talk kept in the conversation the talk started in:
//! what the user said becomes a user message and the model's spoken answer a
//! reply (stopped when the user spoke over it or the talk ended mid-answer),
//! stored like any other, so a talk is searchable, branchable, exported and
//! synced. A talk started where no conversation is open starts one at its
//! first turn. Each turn follows the one before it, whatever is shown meanwhile;
//! it is shown only where its conversation is.

use hearth_core::message::Role;
use hearth_core::provider::realtime::Exchange;
use hearth_core::provider::realtime::TalkCall;
use hearth_core::storage::{AgentRef, MessageRecord, MessageState, ToolCallRecord, ToolResultRecord};
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::context::ChatContext;
use super::entry::{Entry, EntryKind, Node, leaf};
use super::prompt::Prompt;
use super::send::new_record;
use crate::io::clock::now;

/// What stands for a side of a turn that has no words.
const NOT_TRANSCRIBED: &str = "(spoken, not transcribed)";
const NO_ANSWER: &str = "(no spoken answer)";

/// Who answered a turn of talk: the account's id and the model.
pub(crate) struct Speaker {
    /// The account's id.
    pub(crate) account: String,
    /// The model's id.
    pub(crate) model: String,
}

/// Where a talk's turns go: its conversation (`None` until its first turn
/// starts one) and the message the next turn follows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct TalkPlace {
    /// The conversation's id.
    pub(crate) session: Option<String>,
    /// The last message of the talk's thread.
    pub(crate) parent: Option<String>,
}

impl ChatContext {
    /// The agent's system prompt for a talk with `model` offering `tools`,
    /// rendered now (empty when its template renders to nothing).
    pub(crate) fn talk_prompt(self, model: &str, tools: &[ToolSpec]) -> String {
        let prompt =
            Prompt { agent: untrack(|| self.agent()), project: self.tools, tools: tools.to_vec(), knowledge: None };
        prompt.system_message(model).map(|message| message.content).unwrap_or_default()
    }

    /// The conversation shown so far, as text (`true` for the user's turns):
    /// what a talk starting now is told first.
    pub(crate) fn talk_history(self) -> Vec<(bool, String)> {
        let items = self.entries.with_untracked(|entries| super::compaction::history_items(entries));
        items
            .iter()
            .flat_map(|item| &item.messages)
            .filter(|message| matches!(message.role, Role::User | Role::Assistant))
            .map(|message| (message.role == Role::User, message.content.clone()))
            .collect()
    }

    /// Where a talk starting now goes: the open conversation, after its last message shown.
    pub(crate) fn talk_place(self) -> TalkPlace {
        TalkPlace {
            session: self.sessions.current.get_untracked(),
            parent: self.entries.with_untracked(|entries| untrack(|| leaf(entries))),
        }
    }

    /// Keeps `exchange`, answered by `speaker`, at `place` (see the module
    /// documentation), storing it in the background; returns where the next
    /// turn goes, or `None` when nothing could be kept (said to the user).
    pub(crate) fn keep_exchange(self, exchange: Exchange, speaker: Speaker, place: &TalkPlace) -> Option<TalkPlace> {
        if let Some(refusal) = self.store.refuses_writes() {
            self.store.report(refusal);
            return None;
        }
        let known = place.session.as_deref().and_then(|id| {
            self.sessions.list.with_untracked(|list| list.iter().find(|session| session.id == id).cloned())
        });
        let user_text = if exchange.user.is_empty() { NOT_TRANSCRIBED.to_owned() } else { exchange.user };
        let is_new = known.is_none();
        let session = known.unwrap_or_else(|| self.new_session(&user_text));
        let mut user = new_record(&session.id, Role::User, now());
        user.parent = if is_new { None } else { place.parent.clone() };
        user.content = user_text;
        user.refresh_terms();
        let mut reply = new_record(&session.id, Role::Assistant, now() + 1);
        reply.parent = Some(user.id.clone());
        let cut = exchange.interrupted || exchange.model.is_empty();
        reply.content = if exchange.model.is_empty() { NO_ANSWER.to_owned() } else { exchange.model };
        reply.provider_id = Some(speaker.account);
        reply.model = Some(speaker.model).filter(|model| !model.is_empty());
        reply.agent = Some(AgentRef::of(&untrack(|| self.agent())));
        reply.state = if cut { MessageState::Stopped } else { MessageState::Complete };
        reply.tool_calls = exchange.calls.into_iter().map(call_record).collect();
        reply.refresh_terms();
        if is_new && self.sessions.current.get_untracked().is_none() {
            // A talk without a conversation: its first turn opens one (unless
            // another was opened meanwhile; it is then stored without being shown).
            self.session.set_value(Some(session.id.clone()));
            self.sessions.open_new(session.clone());
        }
        if self.session.with_value(|shown| shown.as_deref() == Some(session.id.as_str())) {
            self.show_kept(&user, &reply);
        }
        let next = TalkPlace { session: Some(session.id.clone()), parent: Some(reply.id.clone()) };
        spawn_local(async move {
            let session = self.store.save_message(&session, &user).await;
            self.store.save_message(&session, &reply).await;
        });
        Some(next)
    }

    fn show_kept(self, user: &MessageRecord, reply: &MessageRecord) {
        let kind = EntryKind::User(user.content.clone(), Vec::new(), Vec::new());
        let user_entry = Entry { id: user.id.clone(), kind, node: Node::of(user) };
        self.entries.update(|entries| {
            entries.push(user_entry);
            entries.push(Entry::from_record(reply));
        });
    }
}

/// A call made while talking, as a reply stores it.
fn call_record(call: TalkCall) -> ToolCallRecord {
    let result = ToolResultRecord {
        content: call.result,
        is_error: call.is_error,
        duration_ms: Some(call.duration_ms),
        media: Vec::new(),
        links: Vec::new(),
        app: None,
    };
    ToolCallRecord {
        id: call.id,
        name: call.name,
        arguments_raw: call.arguments,
        commentary: String::new(),
        result: Some(result),
        round: 0,
    }
}
