//! Following the open conversation on screen: reading its messages when it
//! opens, merging what another tab stored, keeping the live view of a reply
//! this tab streams, and emptying it (Clear conversation).

use hearth_core::storage::MessageRecord;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::compaction::CompactionNote;
use super::context::ChatContext;
use super::entry::{Entry, EntryKind, Node};

impl ChatContext {
    /// Shows the open session `current`: clears the screen and reads its
    /// messages, unless it is already the one shown (a conversation this tab
    /// just created).
    pub(super) fn follow(self, current: Option<String>) {
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
    pub(super) async fn reread(self, id: String) {
        match self.store.session_messages(&id).await {
            Ok(messages) if self.session.with_value(|shown| shown.as_deref() == Some(id.as_str())) => {
                self.merge_stored(messages);
            }
            Ok(_) => {}
            Err(error) => self.store.report(error),
        }
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

    pub(super) fn live_entry(self, record: &MessageRecord) -> Option<Entry> {
        self.work.with_untracked(|work| {
            work.iter()
                .filter_map(|work| work.reply.as_ref())
                .find(|(id, _)| *id == record.id)
                .map(|(id, view)| Entry { id: id.clone(), kind: EntryKind::Assistant(*view), node: Node::of(record) })
        })
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
}
