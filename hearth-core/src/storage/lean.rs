//! A message as this device stores it: lean. A stored message leaves out every
//! field that holds the value a new, empty message has (no reasoning, no tool
//! calls, no usage, `state` complete, …), because reading a record gives each
//! of them that value back (each is `#[serde(default)]` or an `Option`): about a
//! quarter of a typical message's bytes in the database. With `state` left out
//! of every complete message written, the `by_state` index holds only the
//! messages that are not complete (the replies left streaming are found
//! through it) and those an earlier build wrote whole, until they are written
//! again.
//!
//! Only the stored copy is lean: backups and sync documents are made from the
//! records as they are read, whole. The browser tests' reader fills the same
//! fields back in (`tests/support/idb.mjs`, `LEFT_OUT_OF_MESSAGES`, checked
//! against this list by `tests/scripts/lean.test.mjs`).

#[cfg(test)]
mod tests;

/// The value a field left out holds in a new, empty message (as JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empty {
    /// `null`.
    Null,
    /// This string.
    Text(&'static str),
    /// An empty list.
    NoItems,
}

/// The fields a stored message leaves out when they hold their [`Empty`] value.
/// Every other field is kept: the key, the text, the ones an index or every
/// reader needs (the `by_session_time` index is on `session_id` and
/// `created_at`: a message without either is in no conversation's reads), and
/// those already left out of a record when empty (`skip_serializing_if`).
pub const LEFT_OUT: [(&str, Empty); 9] = [
    ("reasoning", Empty::Text("")),
    ("provider_kind", Empty::Null),
    ("tool_calls", Empty::NoItems),
    ("model", Empty::Null),
    ("provider_id", Empty::Null),
    ("usage", Empty::Null),
    ("finish", Empty::Null),
    ("error", Empty::Null),
    ("state", Empty::Text("complete")),
];
