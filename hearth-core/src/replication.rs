//! Sync across devices through CouchDB's replication protocol (version 3):
//! everything about it that can be decided without a browser.
//!
//! The shell (`src/sync/`, `src/io/couch.rs`) does the requests and keeps the
//! local revision trees; this module holds the rules: revision ids and trees
//! with CouchDB's deterministic winner ([`revs`]), the checkpoints both sides
//! keep ([`checkpoint`]), the protocol's request and response bodies and their
//! batches ([`protocol`]), the mapping of Hearth's records to documents
//! ([`doc`]), the field-by-field merge of a conflict ([`merge`]) and the shape
//! of an end-to-end encrypted document ([`sealed_doc`]).

pub mod check;
pub mod checkpoint;
pub mod doc;
pub mod local;
pub mod merge;
pub mod protocol;
pub mod pull;
pub mod revs;
pub mod sealed_doc;
