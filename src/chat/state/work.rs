//! What this tab is working on, per conversation: a reply streaming (with its
//! live view) or a summary being written, each with the controller its Stop
//! aborts. A conversation takes no new message while this tab works in it.

use leptos::prelude::*;
use web_sys::AbortController;

use super::context::{ChatContext, Work};
use super::entry::AssistantView;

impl ChatContext {
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
    pub(super) fn start_work(self, session: &str, reply: Option<(String, AssistantView)>) -> Option<AbortController> {
        let abort = AbortController::new().ok();
        let work = Work { session: session.to_owned(), reply, abort: abort.clone() };
        self.work.update(|all| all.push(work));
        abort
    }

    /// Notes that the work in `session` on the reply `reply` (`None`: a
    /// summary) is over; a compare turn's other columns go on.
    pub(super) fn end_work(self, session: &str, reply: Option<&str>) {
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
    pub(super) fn working_in(self, session: &str) -> bool {
        self.work.with_untracked(|work| work.iter().any(|work| work.session == session))
    }

    /// Whether this tab is still working on the reply `id`: streaming it, or
    /// saving how it ended (tracked). Until that is over, the conversation
    /// takes no new message and no Regenerate.
    pub(crate) fn working_on(self, id: &str) -> bool {
        self.work.with(|work| work.iter().any(|work| work.reply.as_ref().is_some_and(|(r, _)| r == id)))
    }

    /// Whether `id` is a reply this tab is streaming, in any conversation (untracked).
    pub(super) fn streams_here(self, id: &str) -> bool {
        untrack(|| self.working_on(id))
    }
}
