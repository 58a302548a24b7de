//! What Hearth declares it can do as an MCP client: in `initialize` (2025
//! revisions) and in every stateless request's `_meta` (2026-07-28).
//!
//! Only what is built is declared: elicitation (forms and links, see
//! [`super::elicit`]) and the MCP Apps extension (views, see [`super::apps`]);
//! no sampling and no roots.

use serde_json::{Value, json};

/// The client capabilities object.
pub fn client_capabilities() -> Value {
    json!({
        "elicitation": super::elicit::capability(),
        "extensions": { super::apps::EXTENSION: super::apps::extension_capability() },
    })
}
