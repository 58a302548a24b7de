//! Hearth's core: everything that can be decided without a browser.
//!
//! The message model, providers' requests and streams, the markdown pipeline,
//! tools, agents, compaction, comparing models, the MCP client's protocol,
//! the stored records with their migrations, backups and imports, and sync's
//! replication protocol live here (the layers below say where). The web shell
//! (the root crate) does the IO — fetch, streams, storage, clock, DOM — and
//! hands this crate bytes and values.
//!
//! Invariants, stated as absences:
//! - No dependency on leptos, web-sys, js-sys, wasm-bindgen or gloo.
//! - No IO, no clock, no randomness: ids and times are passed in.
//! - Parsers never panic on input and never abort a stream over one bad event.
//! - HTML leaves this crate only as [`markdown::SafeHtml`].
//!
//! # Layers
//!
//! The top-level modules form five layers, bottom first:
//!
//! 1. **text**: [`format`](mod@format), [`app`], [`markdown`], [`window`], [`i18n`]: rendering and
//!    layout arithmetic, and the interface's languages; no model.
//! 2. **model**: [`contract`], [`sse`], [`message`]: the wire contract and the
//!    message model.
//! 3. **providers**: [`provider`], [`reply`], [`mcp`]: requests per family,
//!    streams read into replies, and the MCP client's protocol.
//! 4. **turn**: [`tools`], [`compaction`], [`failure`], [`agent`], [`compare`],
//!    [`knowledge`]: the domain decisions of a turn, of a turn sent to several
//!    models, and of the knowledge bases a turn draws on.
//! 5. **storage**: [`storage`]: stored records, migrations, backups, imports,
//!    exports, search terms, versions, the turn recorder; [`replication`]:
//!    sync through CouchDB's replication protocol (revision trees, checkpoints,
//!    the records as documents, merges), which uses `storage`.
//!
//! A module uses only modules of its own layer (with no import cycle among
//! them) or of the layers below, tests included: a test that needs a higher
//! layer lives in that layer. Storage stores the domain's types (an agent, a
//! failure, a compaction summary); the domain never imports storage. The crate
//! root holds only what every layer shares ([`Millis`]). `node
//! scripts/core-rules.mjs` checks the rule and prints the layers, and `node
//! scripts/doc-rules.mjs` checks this list against them.

#![warn(missing_docs)]

/// Milliseconds since the Unix epoch, as the shell's clock gives them: every
/// stored time and every `now` passed in.
pub type Millis = i64;

pub mod agent;
pub mod app;
pub mod compaction;
pub mod compare;
pub mod contract;
pub mod failure;
pub mod format;
pub mod i18n;
pub mod knowledge;
pub mod markdown;
pub mod mcp;
pub mod message;
pub mod provider;
pub mod replication;
pub mod reply;
pub mod sse;
pub mod storage;
pub mod tools;
pub mod window;
