//! The names a model calls MCP tools by.
//!
//! Providers accept tool names of at most 64 characters from `A-Z a-z 0-9 _ -`
//! (Gemini also wants a letter or `_` first), and a server's tool names may use
//! anything. A tool is offered as `<server>__<tool>` when that already fits;
//! otherwise its characters outside the set become `_`, it is cut to fit, and
//! it ends in `_` and eight hex digits of a stable hash of the server's id and
//! the tool's own name, so two tools never share a name. The shell keeps the
//! table from these names back to the server and tool ([`wire_names`] gives
//! them in the order asked), so the mapping is reversible however a name was
//! changed.

#[cfg(test)]
mod tests;

use std::collections::BTreeSet;

/// The longest tool name every provider accepts.
pub const MAX_NAME_LEN: usize = 64;

/// What separates the server's part of a name from the tool's.
const SEPARATOR: &str = "__";

/// One MCP tool to name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolToName<'a> {
    /// The server's stable id (in the hash: a renamed server's tools keep distinct names).
    pub server_id: &'a str,
    /// The server's name as the user sees it (the first part of the name).
    pub server_label: &'a str,
    /// The tool's name on its server.
    pub tool: &'a str,
}

/// Whether `name` is a tool name every provider accepts.
pub fn is_valid_name(name: &str) -> bool {
    name.len() <= MAX_NAME_LEN
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The names, in the order of `tools`, none of them in `taken` (the built-in and
/// user tools' names) nor twice. A tool whose `<server>__<tool>` is valid and
/// free keeps it; the others get the hashed form (see the module documentation).
pub fn wire_names(tools: &[ToolToName<'_>], taken: &BTreeSet<String>) -> Vec<String> {
    let mut used: BTreeSet<String> = taken.clone();
    let mut names: Vec<Option<String>> = vec![None; tools.len()];
    // Names that need no change first, so a changed name never takes one of theirs.
    for (slot, tool) in names.iter_mut().zip(tools) {
        let plain = format!("{}{SEPARATOR}{}", tool.server_label, tool.tool);
        // A server without a name gets the changed form ("mcp_…"), not "__tool".
        if !tool.server_label.is_empty() && is_valid_name(&plain) && used.insert(plain.clone()) {
            *slot = Some(plain);
        }
    }
    for (slot, tool) in names.iter_mut().zip(tools) {
        if slot.is_none() {
            let name = hashed_name(tool, &used);
            used.insert(name.clone());
            *slot = Some(name);
        }
    }
    names.into_iter().flatten().collect()
}

/// The changed form of `tool`'s name that is not in `used`.
fn hashed_name(tool: &ToolToName<'_>, used: &BTreeSet<String>) -> String {
    let server = sanitize(tool.server_label);
    let server = if server.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        server
    } else {
        format!("mcp_{server}")
    };
    let base = format!("{server}{SEPARATOR}{}", sanitize(tool.tool));
    let mut salt = 0u32;
    loop {
        let mut key = Vec::new();
        key.extend_from_slice(tool.server_id.as_bytes());
        key.push(0);
        key.extend_from_slice(tool.tool.as_bytes());
        key.push(0);
        key.extend_from_slice(&salt.to_le_bytes());
        let suffix = format!("_{:08x}", fnv1a(&key) as u32);
        // Every character of `base` is ASCII, so any cut is on a character boundary.
        let room = MAX_NAME_LEN - suffix.len();
        let name = format!("{}{suffix}", &base[..base.len().min(room)]);
        if !used.contains(&name) {
            return name;
        }
        salt += 1;
    }
}

/// `text` with every character outside `A-Z a-z 0-9 _ -` replaced by `_`.
fn sanitize(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect()
}

/// FNV-1a, 64 bits: a stable hash (the standard library's may change between releases).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3))
}
