//! A newest-first search of a word too common to read all its messages
//! through the search index, whose order is the words' and the messages' ids,
//! not their times (see [`super::search`]).
//!
//! A search lists messages by when they were news: [`news_time`], their
//! creation, but never after their conversation's last update (a summary made
//! by Compact later is no news, as the sidebar has it; a message from another
//! device's fast clock is not ahead of its conversation). So no message of a
//! conversation is newer than its last update, which is what lets the walk stop.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::Millis;
use crate::storage::SessionRecord;

#[cfg(test)]
mod tests;

/// The walk of a newest-first search: the conversations are read, the most
/// recently updated first (see [`walk_order`]), and the walk stops once the
/// `limit` newest matches found (by [`news_time`]) cannot change, since a
/// conversation holds nothing newer than its last update; or once it has
/// read `budget` messages.
#[derive(Debug)]
pub struct NewestWalk {
    limit: usize,
    budget: usize,
    read: usize,
    /// The times of the `limit` newest matches so far (the oldest on top).
    newest: BinaryHeap<Reverse<Millis>>,
}

/// How a [`NewestWalk`] goes on before the next conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkStep {
    /// Read the next conversation.
    Read,
    /// Every conversation was read: the matches are all of them.
    Complete,
    /// The newest matches are found; older ones are left unread.
    Enough,
    /// The walk read as many messages as it may: the matches found are the
    /// newest of what it read.
    OverBudget,
}

impl NewestWalk {
    /// A walk for the `limit` newest matches, reading about `budget` messages
    /// at most (a conversation read whole may take it past; one read newest
    /// first, a message at a time, can stop at it).
    pub fn new(limit: usize, budget: usize) -> Self {
        Self { limit, budget, read: 0, newest: BinaryHeap::new() }
    }

    /// Counts `messages` more as read.
    pub fn read(&mut self, messages: usize) {
        self.read = self.read.saturating_add(messages);
    }

    /// Counts a match that was news at `at` ([`news_time`]).
    pub fn found(&mut self, at: Millis) {
        self.newest.push(Reverse(at));
        if self.newest.len() > self.limit {
            self.newest.pop();
        }
    }

    /// Whether no match that was news at `at` or before can be among the
    /// `limit` newest: they are found, and none is older than `at`. A
    /// conversation read newest first is left there once its next message is
    /// from `at` or before.
    pub fn settled(&self, at: Millis) -> bool {
        let full = self.newest.len() >= self.limit && self.limit > 0;
        full && self.newest.peek().is_some_and(|Reverse(oldest)| *oldest >= at)
    }

    /// What to do before a conversation last updated at `next`, or before a
    /// conversation's next message when it is read newest first, `next`
    /// being the time of the message just read (`None`: none is left).
    pub fn step(&self, next: Option<Millis>) -> WalkStep {
        let Some(next) = next else { return WalkStep::Complete };
        if self.settled(next) {
            WalkStep::Enough
        } else if self.read >= self.budget {
            WalkStep::OverBudget
        } else {
            WalkStep::Read
        }
    }
}

/// When a message created at `created_at` in a conversation last updated at
/// `updated_at` was news: what a search sorts its results by.
pub fn news_time(created_at: Millis, updated_at: Millis) -> Millis {
    created_at.min(updated_at)
}

/// A conversation as a [`NewestWalk`] orders it.
pub trait Walked {
    /// Its last update and its id; `None` when it is deleted (it is not read).
    fn walk_key(&self) -> Option<(Millis, &str)>;
}

impl Walked for SessionRecord {
    fn walk_key(&self) -> Option<(Millis, &str)> {
        self.deleted_at.is_none().then_some((self.updated_at, self.id.as_str()))
    }
}

/// The conversations a [`NewestWalk`] reads, in its order: those not deleted,
/// the most recently updated first.
pub fn walk_order<T: Walked>(mut sessions: Vec<T>) -> Vec<T> {
    sessions.retain(|session| session.walk_key().is_some());
    sessions.sort_by(|a, b| b.walk_key().cmp(&a.walk_key()));
    sessions
}
