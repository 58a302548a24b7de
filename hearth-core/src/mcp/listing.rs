//! The lists a server gives (`tools/list`, `prompts/list`, `resources/list`,
//! `resources/templates/list`), read page by page: each page's items and the
//! cursor of the next page, if any.

#[cfg(test)]
mod tests;

use super::apps::{ToolUi, tool_ui};
use super::era::valid_param_headers;
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
    /// What it says about MCP Apps (`_meta.ui`): the view it shows, and
    /// whether a model and its server's views may call it; `None` for a tool
    /// that says nothing, which both may call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ui: Option<ToolUi>,
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

    /// Whether a model may be offered it: not when its `_meta.ui` keeps it
    /// for its server's views.
    pub fn for_model(&self) -> bool {
        self.ui.as_ref().is_none_or(|ui| ui.model_visible)
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
/// schema gets the empty object schema. What it says about MCP Apps is kept
/// ([`tool_ui`]).
pub fn read_tools(result: &Value) -> Page<McpTool> {
    let items = result
        .get("tools")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|tool| {
            let name = tool.get("name").and_then(Value::as_str).filter(|name| !name.is_empty())?;
            // A tool that asks for headers it cannot have is left out.
            if tool.get("inputSchema").is_some_and(|schema| !valid_param_headers(schema)) {
                return None;
            }
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
                ui: tool_ui(tool),
            })
        })
        .collect();
    Page { items, next_cursor: next_cursor(result) }
}

/// One argument of a prompt.
#[derive(Debug, Clone, PartialEq)]
pub struct PromptArgument {
    /// Its name, the key of its value in `prompts/get`.
    pub name: String,
    /// Its title for people, when it has one.
    pub title: Option<String>,
    /// What it is (untrusted text, from the server).
    pub description: String,
    /// Whether the prompt needs it.
    pub required: bool,
}

impl PromptArgument {
    /// What a person reads as its label: its title, else its name.
    pub fn label(&self) -> &str {
        self.title.as_deref().map(str::trim).filter(|title| !title.is_empty()).unwrap_or(&self.name)
    }
}

/// One prompt of a server (`prompts/list`).
#[derive(Debug, Clone, PartialEq)]
pub struct McpPrompt {
    /// Its name on the server.
    pub name: String,
    /// Its title for people, when it has one.
    pub title: Option<String>,
    /// What it does (untrusted text, from the server).
    pub description: String,
    /// Its arguments, in the server's order.
    pub arguments: Vec<PromptArgument>,
}

impl McpPrompt {
    /// What a person reads as its name: its title, else its name.
    pub fn label(&self) -> &str {
        self.title.as_deref().map(str::trim).filter(|title| !title.is_empty()).unwrap_or(&self.name)
    }
}

/// One resource of a server (`resources/list`).
#[derive(Debug, Clone, PartialEq)]
pub struct McpResource {
    /// Its URI, what `resources/read` asks for.
    pub uri: String,
    /// Its name (its title when it has one).
    pub name: String,
    /// What it is (untrusted text, from the server).
    pub description: String,
    /// Its media type, when the server says.
    pub mime_type: Option<String>,
}

/// One resource template of a server (`resources/templates/list`): a URI
/// with variables (RFC 6570) the user fills in.
#[derive(Debug, Clone, PartialEq)]
pub struct McpResourceTemplate {
    /// The URI template.
    pub uri_template: String,
    /// Its name (its title when it has one).
    pub name: String,
    /// What it is (untrusted text, from the server).
    pub description: String,
}

fn text_of(item: &Value, key: &str) -> Option<String> {
    item.get(key).and_then(Value::as_str).map(str::trim).filter(|text| !text.is_empty()).map(str::to_owned)
}

/// An item's name for people: its title, else its name (else `fallback`).
fn name_of(item: &Value, fallback: &str) -> String {
    text_of(item, "title").or_else(|| text_of(item, "name")).unwrap_or_else(|| fallback.to_owned())
}

/// The items of the array `key` in `result`.
fn items<'a>(result: &'a Value, key: &str) -> impl Iterator<Item = &'a Value> {
    result.get(key).and_then(Value::as_array).into_iter().flatten()
}

/// A page of `prompts/list`. A prompt without a name is left out, and so is
/// an argument without one.
pub fn read_prompts(result: &Value) -> Page<McpPrompt> {
    let items = items(result, "prompts")
        .filter_map(|prompt| {
            let name = prompt.get("name").and_then(Value::as_str).filter(|name| !name.is_empty())?;
            let arguments = items(prompt, "arguments")
                .filter_map(|argument| {
                    let name = argument.get("name").and_then(Value::as_str).filter(|name| !name.is_empty())?;
                    Some(PromptArgument {
                        name: name.to_owned(),
                        title: text_of(argument, "title"),
                        description: text_of(argument, "description").unwrap_or_default(),
                        required: argument.get("required").and_then(Value::as_bool).unwrap_or(false),
                    })
                })
                .collect();
            Some(McpPrompt {
                name: name.to_owned(),
                title: text_of(prompt, "title"),
                description: text_of(prompt, "description").unwrap_or_default(),
                arguments,
            })
        })
        .collect();
    Page { items, next_cursor: next_cursor(result) }
}

/// A page of `resources/list`. A resource without a URI is left out.
pub fn read_resources(result: &Value) -> Page<McpResource> {
    let items = items(result, "resources")
        .filter_map(|resource| {
            let uri = text_of(resource, "uri")?;
            Some(McpResource {
                name: name_of(resource, &uri),
                description: text_of(resource, "description").unwrap_or_default(),
                mime_type: text_of(resource, "mimeType"),
                uri,
            })
        })
        .collect();
    Page { items, next_cursor: next_cursor(result) }
}

/// A page of `resources/templates/list`. A template without a URI template
/// is left out.
pub fn read_resource_templates(result: &Value) -> Page<McpResourceTemplate> {
    let items = items(result, "resourceTemplates")
        .filter_map(|template| {
            let uri_template = text_of(template, "uriTemplate")?;
            Some(McpResourceTemplate {
                name: name_of(template, &uri_template),
                description: text_of(template, "description").unwrap_or_default(),
                uri_template,
            })
        })
        .collect();
    Page { items, next_cursor: next_cursor(result) }
}
