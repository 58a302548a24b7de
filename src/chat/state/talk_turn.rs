//! A turn of realtime talk kept in the conversation: what the user said
//! becomes a user message and the model's spoken answer a reply (stopped when
//! the user spoke over it), shown at once and stored like any other, so a
//! talk is searchable, branchable, exported and synced. A conversation is
//! started when none is open.

use hearth_core::message::Role;
use hearth_core::provider::realtime::Exchange;
use hearth_core::storage::{AgentRef, MessageState};
use leptos::prelude::*;

use super::context::ChatContext;
use super::entry::{Entry, leaf};
use super::prompt::Prompt;
use super::send::new_record;
use crate::io::clock::now;

/// Who answered a turn of talk: the account's id and the model.
pub(crate) struct Speaker {
    /// The account's id.
    pub(crate) account: String,
    /// The model's id.
    pub(crate) model: String,
}

impl ChatContext {
    /// The agent's system prompt for a talk with `model`, rendered now (empty
    /// when its template renders to nothing).
    pub(crate) fn talk_prompt(self, model: &str) -> String {
        let prompt = Prompt { agent: untrack(|| self.agent()), project: self.tools, tools: Vec::new() };
        prompt.system_message(model).map(|message| message.content).unwrap_or_default()
    }

    /// Keeps `exchange`, answered by `speaker` (see the module documentation).
    pub(crate) async fn keep_exchange(self, exchange: Exchange, speaker: Speaker) {
        if self.store.refuses_writes().is_some() {
            return;
        }
        let session = self.open_or_new_session(&exchange.user);
        let parent = self.entries.with_untracked(|entries| untrack(|| leaf(entries)));
        let user = self.add_user_message(&session.id, parent, exchange.user, (Vec::new(), Vec::new()), &mut Vec::new());
        let mut reply = new_record(&session.id, Role::Assistant, now() + 1);
        reply.parent = Some(user.id.clone());
        reply.content = exchange.model;
        reply.provider_id = Some(speaker.account);
        reply.model = Some(speaker.model).filter(|model| !model.is_empty());
        reply.agent = Some(AgentRef::of(&untrack(|| self.agent())));
        reply.state = if exchange.interrupted { MessageState::Stopped } else { MessageState::Complete };
        reply.refresh_terms();
        self.entries.update(|entries| entries.push(Entry::from_record(&reply)));
        self.session.set_value(Some(session.id.clone()));
        self.sessions.open_new(session.clone());
        let session = self.store.save_message(&session, &user).await;
        self.store.save_message(&session, &reply).await;
    }
}
