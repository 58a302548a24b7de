//! Titles written by the model in the background after a conversation's first
//! reply, when the setting is on. A title the user typed is never replaced.

use hearth_core::message::{ChatMessage, Role};
use hearth_core::provider;
use hearth_core::storage::{TitleSource, title_from_message};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::SessionsContext;
use crate::io::fetch_stream::fetch_reply;
use crate::providers::state::ProviderEntry;

const TITLE_PROMPT: &str = "Write a title for the conversation that starts with the user's next message. \
Use at most six words. Reply with the title only: no quotes, no punctuation at the end.";

impl SessionsContext {
    /// Asks the model of `entry` (the account that answered) for a title for
    /// `session_id` from its first message; nothing when that message has no
    /// text (only files: the title is the first file's name).
    pub(crate) fn generate_title(self, session_id: String, first_message: String, entry: &ProviderEntry) {
        if !self.auto_title.get_untracked() || first_message.trim().is_empty() {
            return;
        }
        let Ok((account, mut model)) = entry.configs() else { return };
        // A title needs no thinking; the provider's default applies.
        model.thinking = None;
        let excerpt: String = first_message.chars().take(1000).collect();
        let messages = [ChatMessage::new(Role::System, TITLE_PROMPT), ChatMessage::new(Role::User, excerpt)];
        let Ok(request) = provider::build_request(&account, &model, &messages) else { return };
        spawn_local(async move {
            let Ok(reply) = fetch_reply(&request, account.wire_kind(&model.model)).await else {
                return; // A title is a nicety: the first-message title stays.
            };
            let title = title_from_message(reply.text.trim().trim_matches(['"', '\'', '“', '”']));
            if reply.error.is_some() || title.is_empty() {
                return;
            }
            self.update_session(&session_id, move |session| {
                if session.title_source == TitleSource::FirstMessage {
                    session.title = title;
                    session.title_source = TitleSource::Generated;
                }
            });
        });
    }
}
