//! The lists a server gives (`tools/list`, `prompts/list`, `resources/list`,
//! `resources/templates/list`), read page by page: each page's items and the
//! cursor of the next page, if any.

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// One tool of a server, as it defined it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McpTool {
    /// Its name on the server.
    pub name: String,
    /// Its title for people, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What it does (untrusted text, from the server).
    #[serde(default)]
    pub description: String,
    /// The JSON Schema of its arguments, verbatim.
    pub input_schema: Value,
    /// Its annotations (hints such as `readOnlyHint`), verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotations: Option<Value>,
}

impl McpTool {
    /// What a person reads under its name: its title and description.
    pub fn about(&self) -> String {
        let title = self.title.as_deref().map(str::trim).filter(|title| !title.is_empty());
        match title {
            Some(title) if !self.description.is_empty() => format!("{title}: {}", self.description),
            Some(title) => title.to_owned(),
            None => self.description.clone(),
        }
    }
}

/// One page of a list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    /// Its items.
    pub items: Vec<T>,
    /// The cursor of the next page; `None` on the last.
    pub next_cursor: Option<String>,
}

/// The most pages of one list Hearth reads (a server that never stops paging
/// would otherwise keep it reading).
pub const MAX_PAGES: usize = 50;

/// The params of a list request: the cursor of the page wanted, none for the first.
pub fn list_params(cursor: Option<&str>) -> Option<Value> {
    cursor.map(|cursor| json!({ "cursor": cursor }))
}

fn next_cursor(result: &Value) -> Option<String> {
    result.get("nextCursor").and_then(Value::as_str).filter(|cursor| !cursor.is_empty()).map(str::to_owned)
}

/// A page of `tools/list`. A tool without a name is left out; one without a
/// schema gets the empty object schema.
pub fn read_tools(result: &Value) -> Page<McpTool> {
    let items = result
        .get("tools")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|tool| {
            let name = tool.get("name").and_then(Value::as_str).filter(|name| !name.is_empty())?;
            Some(McpTool {
                name: name.to_owned(),
                title: tool.get("title").and_then(Value::as_str).map(str::to_owned),
                description: tool.get("description").and_then(Value::as_str).unwrap_or_default().to_owned(),
                input_schema: tool
                    .get("inputSchema")
                    .filter(|schema| schema.is_object())
                    .cloned()
                    .unwrap_or_else(|| json!({ "type": "object" })),
                annotations: tool.get("annotations").filter(|value| value.is_object()).cloned(),
            })
        })
        .collect();
    Page { items, next_cursor: next_cursor(result) }
}
